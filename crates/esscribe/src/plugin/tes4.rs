//! The `TES4` header record: HEDR (version, record count, next object ID),
//! author, description, masters and the Skyrim extras.

use super::{Game, Record, Subrecord, FLAG_LIGHT, FLAG_MASTER};
use crate::io::{decode_cp1252, Error, FormId, Result};
use crate::schema::{ItemKind, ItemRef, Val};
use serde::Serialize;

/// A master file named by `MAST`, with the u64 of the `DATA` that follows.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Master {
    /// The master's file name (MAST), decoded from Windows-1252.
    pub name: String,
    /// The u64 of the DATA that follows (the master's size when written,
    /// usually 0); `None` when absent.
    pub data: Option<u64>,
}

/// What the `TES4` record says, decoded for people.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PluginHeader {
    /// Format version from HEDR (Oblivion 1.0; Skyrim 0.94, Special Edition
    /// 1.7 or 1.71).
    pub version: f32,
    /// The record and group count from HEDR, as stored.
    pub record_count: i32,
    /// The next object ID from HEDR: the next form ID the editor would
    /// assign.
    pub next_object_id: u32,
    /// The author (CNAM); `None` when absent.
    pub author: Option<String>,
    /// The description (SNAM); `None` when absent.
    pub description: Option<String>,
    /// The master files (MAST), in order: a form ID's top byte indexes this
    /// list.
    pub masters: Vec<Master>,
    /// Skyrim: overridden references (ONAM).
    pub overrides: Vec<FormId>,
    /// Skyrim: INTV, the tagified-strings count.
    pub intv: Option<u32>,
    /// Skyrim: INCC.
    pub incc: Option<u32>,
    /// Whether the master flag (0x1) is set: an ESM, whatever the file's
    /// extension.
    pub is_master: bool,
    /// Skyrim only: whether the light flag (0x200) is set (an ESL).
    pub is_light: bool,
    /// The header record's flags as stored.
    pub flags: u32,
    /// Header subrecords kept as bytes because they do not fit their
    /// declared layout, and what could not be read.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub warnings: Vec<String>,
}

fn zstring(data: &[u8]) -> String {
    let end = data.iter().position(|&b| b == 0).unwrap_or(data.len());
    decode_cp1252(&data[..end]).into_owned()
}

/// Whether a file name ends in the extension `ext` (any case).
pub fn extension_is(name: &str, ext: &str) -> bool {
    name.rsplit_once('.')
        .is_some_and(|(_, e)| e.eq_ignore_ascii_case(ext))
}

impl PluginHeader {
    /// Whether the game loads the file `name` as a master: its master
    /// flag, or in Skyrim the `.esm` or `.esl` extension, whatever the
    /// flag says.
    pub fn loads_as_master(&self, game: Game, name: &str) -> bool {
        self.is_master
            || (game == Game::Skyrim && (extension_is(name, "esm") || extension_is(name, "esl")))
    }

    /// Whether the game loads the file `name` as a light plugin (in the
    /// shared light slots): in Skyrim, its light flag or the `.esl`
    /// extension.
    pub fn loads_as_light(&self, game: Game, name: &str) -> bool {
        game == Game::Skyrim && (self.is_light || extension_is(name, "esl"))
    }

    /// Reads the header record by its declaration. A subrecord that does
    /// not fit its declared layout stays as bytes and is named in
    /// [`warnings`](Self::warnings): what can be read is read, and a header
    /// without a readable HEDR shows version and counts as 0.
    pub fn from_record(record: &Record<'_>, game: Game) -> Result<Self> {
        let mut h = PluginHeader {
            version: 0.0,
            record_count: 0,
            next_object_id: 0,
            author: None,
            description: None,
            masters: Vec::new(),
            overrides: Vec::new(),
            intv: None,
            incc: None,
            is_master: record.header.flags & FLAG_MASTER != 0,
            is_light: game == Game::Skyrim && record.header.flags & FLAG_LIGHT != 0,
            flags: record.header.flags,
            warnings: Vec::new(),
        };
        let ctx = crate::schema::FormCtx::default();
        let mut saw_hedr = false;
        let read = crate::schema::with_view(record, crate::defs::catalog(game), &ctx, |view| {
            fn walk<'v, 'a>(
                items: impl Iterator<Item = ItemRef<'v, 'a>>,
                h: &mut PluginHeader,
                saw_hedr: &mut bool,
            ) where
                'a: 'v,
            {
                for item in items {
                    match item.kind() {
                        ItemKind::Sub(sv) => match item.value() {
                            Some(v) => take(sv.sub.sig, v, h, saw_hedr),
                            None => take_raw(sv.sub, h),
                        },
                        ItemKind::Unexpected(sub) => take_raw(sub, h),
                        _ => walk(item.children(), h, saw_hedr),
                    }
                }
            }
            walk(view.members(), &mut h, &mut saw_hedr);
            view.coverage_with_warnings(&format_args!("TES4 at 0x{:X}", record.offset))
                .1
        })?;
        match read {
            Some(warnings) => h.warnings.extend(warnings),
            None => {
                return Err(Error::invalid(
                    record.offset,
                    "no declaration of the TES4 header record",
                ))
            }
        }
        if !saw_hedr {
            h.warnings.push(format!(
                "TES4 at 0x{:X}: no readable HEDR: version, record count and next object ID \
                 are shown as 0",
                record.offset
            ));
        }
        Ok(h)
    }
}

/// Takes a declared, decoded header subrecord.
fn take(sig: crate::io::Sig, v: Val<'_, '_>, h: &mut PluginHeader, saw_hedr: &mut bool) {
    let int = |name: &str| v.get(name).and_then(|x| x.as_i64());
    let text = || v.text().map(|t| t.into_owned());
    match &sig.0 {
        b"HEDR" => {
            h.version = v.get("version").and_then(|x| x.as_f64()).unwrap_or(0.0) as f32;
            h.record_count = int("record_count").unwrap_or(0) as i32;
            h.next_object_id = int("next_object_id").unwrap_or(0) as u32;
            *saw_hedr = true;
        }
        b"CNAM" => h.author = text(),
        b"SNAM" => h.description = text(),
        b"MAST" => h.masters.push(Master {
            name: text().unwrap_or_default(),
            data: None,
        }),
        b"DATA" => {
            if let (Some(m), Some(size)) = (h.masters.last_mut(), v.as_i64()) {
                m.data = Some(size as u64);
            }
        }
        b"ONAM" => h.overrides.extend(
            v.children()
                .filter_map(|c| c.form_id().or_else(|| c.get("form")?.form_id())),
        ),
        b"INTV" => h.intv = v.as_i64().map(|n| n as u32),
        b"INCC" => h.incc = v.as_i64().map(|n| n as u32),
        _ => {}
    }
}

/// Takes what can be read of a header subrecord kept as bytes: a master's
/// name must not be lost, or every form ID after it would name the wrong
/// plugin.
fn take_raw(sub: crate::plugin::SubrecordRef<'_>, h: &mut PluginHeader) {
    match &sub.sig.0 {
        b"MAST" => h.masters.push(Master {
            name: zstring(sub.data),
            data: None,
        }),
        b"CNAM" => h.author = Some(zstring(sub.data)),
        b"SNAM" => h.description = Some(zstring(sub.data)),
        _ => {}
    }
}

/// Adds `delta` to HEDR's record count; a count that would leave the
/// range of an i32 is an error, not clamped.
pub(super) fn adjust_record_count(subs: &mut [Subrecord], delta: i64) -> Result<()> {
    let hedr = subs
        .iter_mut()
        .find(|s| s.sig.0 == *b"HEDR" && s.data.len() >= 8)
        .ok_or_else(|| Error::invalid(0, "TES4 header record has no HEDR subrecord"))?;
    let old = i32::from_le_bytes(hedr.data[4..8].try_into().expect("4 bytes"));
    let new = i32::try_from(old as i64 + delta)
        .ok()
        .filter(|n| *n >= 0)
        .ok_or_else(|| {
            Error::invalid(
                0,
                format!(
                    "TES4 HEDR record count {old} cannot follow the {delta:+} records and groups added or removed"
                ),
            )
        })?;
    hedr.data[4..8].copy_from_slice(&new.to_le_bytes());
    Ok(())
}

#[cfg(test)]
mod tests {
    use crate::Plugin;

    /// A Skyrim plugin of only a TES4 record with these subrecords.
    fn plugin_with(subs: &[(&[u8; 4], &[u8])]) -> Vec<u8> {
        let mut body = Vec::new();
        for (sig, data) in subs {
            body.extend_from_slice(*sig);
            body.extend_from_slice(&(data.len() as u16).to_le_bytes());
            body.extend_from_slice(data);
        }
        let mut out = Vec::new();
        out.extend_from_slice(b"TES4");
        out.extend_from_slice(&(body.len() as u32).to_le_bytes());
        out.extend_from_slice(&[0; 16]);
        out.extend_from_slice(&body);
        out
    }

    fn hedr() -> Vec<u8> {
        let mut d = 1.7f32.to_le_bytes().to_vec();
        d.extend_from_slice(&5i32.to_le_bytes());
        d.extend_from_slice(&0x800u32.to_le_bytes());
        d
    }

    #[test]
    fn reads_the_header_by_its_declaration() {
        let data = plugin_with(&[
            (b"HEDR", &hedr()),
            (b"CNAM", b"Me\0"),
            (b"MAST", b"Skyrim.esm\0"),
            (b"DATA", &[0; 8]),
            (b"MAST", b"Update.esm\0"),
            (b"ONAM", &[1, 2, 0, 0, 3, 4, 0, 0]),
            (b"INTV", &[9, 0, 0, 0]),
        ]);
        let plugin = Plugin::parse(&data).unwrap();
        let h = plugin.info().unwrap();
        assert_eq!(h.version, 1.7);
        assert_eq!(h.record_count, 5);
        assert_eq!(h.next_object_id, 0x800);
        assert_eq!(h.author.as_deref(), Some("Me"));
        let names: Vec<_> = h.masters.iter().map(|m| m.name.as_str()).collect();
        assert_eq!(names, ["Skyrim.esm", "Update.esm"]);
        assert_eq!(h.masters[0].data, Some(0));
        assert_eq!(h.masters[1].data, None);
        assert_eq!(h.overrides.len(), 2);
        assert_eq!(h.intv, Some(9));
        assert!(h.warnings.is_empty(), "{:?}", h.warnings);
    }

    #[test]
    fn misfit_header_subrecords_stay_raw_and_warn() {
        // A 10-byte HEDR, an author without its terminator, a 3-byte INTV.
        let data = plugin_with(&[
            (b"HEDR", &hedr()[..10]),
            (b"CNAM", b"Me"),
            (b"MAST", b"Skyrim.esm\0"),
            (b"INTV", &[9, 0, 0]),
        ]);
        let plugin = Plugin::parse(&data).unwrap();
        let h = plugin.info().unwrap();
        // What the short HEDR holds is read; the rest stays as bytes.
        assert_eq!(h.version, 1.7);
        assert_eq!(h.record_count, 5);
        assert_eq!(h.next_object_id, 0);
        assert_eq!(h.author.as_deref(), Some("Me"));
        assert_eq!(h.masters[0].name, "Skyrim.esm");
        assert_eq!(h.intv, None);
        let all = h.warnings.join("\n");
        assert!(all.contains("HEDR"), "{all}");
        assert!(all.contains("INTV"), "{all}");
        assert_eq!(plugin.masters().unwrap(), ["Skyrim.esm"]);
        assert_eq!(plugin.to_bytes().unwrap(), data);

        // No HEDR at all (the game given), and a master without its DATA.
        let data = plugin_with(&[(b"MAST", b"Skyrim.esm\0")]);
        let plugin = Plugin::parse_as(&data, crate::Game::Skyrim).unwrap();
        let h = plugin.info().unwrap();
        assert_eq!(h.version, 0.0);
        assert_eq!(h.masters[0].data, None);
        assert!(
            h.warnings.join("\n").contains("no readable HEDR"),
            "{:?}",
            h.warnings
        );
    }
}
