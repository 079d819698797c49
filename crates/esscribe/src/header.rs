//! The `TES4` header record read by its declaration, for people: version,
//! record count, author, masters and the Skyrim extras, with what did not
//! fit its layout named. The container reads only what loading needs
//! (masters, flags) itself; this reading stands above the declarations.

use crate::io::{Error, Result};
use crate::plugin::{zstring, Game, Master, Plugin, PluginHeader, Record, FLAG_LIGHT, FLAG_MASTER};
use crate::schema::{ItemKind, ItemRef, Val};

impl Plugin<'_> {
    /// The decoded `TES4` header: version, record count, author, masters...
    pub fn info(&self) -> Result<PluginHeader> {
        PluginHeader::from_record(&self.header, self.game)
    }
}

impl PluginHeader {
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
