//! Created data: forms the player made in game (potions, spells,
//! enchantments, enchanted items), stored as plugin-format records with
//! form IDs in the 0xFF range. They are read with the plugin layer and kept
//! as subrecords; the record's data size is recomputed on write.

use crate::io::{decode_cp1252, Context, FormId, Reader, Result, Sig};
use crate::plugin::{encode_subrecords, parse_subrecords, Game, RecordHeader, Subrecord};
use serde::Serialize;

/// One created record.
#[derive(Debug, Clone, PartialEq)]
pub struct CreatedRecord {
    /// The record header, in Oblivion's 20-byte layout.
    pub header: RecordHeader,
    /// The record's subrecords, in file order.
    pub subrecords: Vec<Subrecord>,
}

/// One magic effect of a potion, spell or enchantment.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Effect {
    /// Four-character effect code (for example `REHE`).
    pub code: Sig,
    /// Magnitude (EFIT).
    pub magnitude: u32,
    /// Area, in feet (EFIT).
    pub area: u32,
    /// Duration, in seconds (EFIT).
    pub duration: u32,
    /// 0 self, 1 touch, 2 target.
    pub range: u32,
    /// The actor value the effect works on, as stored (EFIT).
    pub actor_value: i32,
    /// Script effect: its script form ID, school and visual effect code,
    /// and its name, when the effect is scripted.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub script: Option<FormId>,
    /// The script effect's name (FULL after SCIT), decoded from
    /// Windows-1252; `None` for other effects.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub script_name: Option<String>,
}

impl CreatedRecord {
    /// Reads one record: plugin-format header, then its subrecords.
    pub fn read(r: &mut Reader<'_>) -> Result<Self> {
        let at = r.offset();
        let header = RecordHeader::read(r, Game::Oblivion)?;
        (|| {
            let base = r.offset();
            let data = r.bytes(header.data_size as usize, "created record data")?;
            let subrecords = parse_subrecords(data, base)?;
            Ok(CreatedRecord { header, subrecords })
        })()
        .within(|| format!("created {} {} at 0x{at:X}", header.sig, header.form_id))
    }

    /// Writes the record with its data size recomputed.
    pub fn write(&self, out: &mut Vec<u8>) {
        let data = encode_subrecords(&self.subrecords);
        let mut h = self.header;
        h.data_size = data.len() as u32;
        h.write(out, Game::Oblivion);
        out.extend_from_slice(&data);
    }

    fn sub(&self, sig: &[u8; 4]) -> Option<&Subrecord> {
        self.subrecords.iter().find(|s| s.sig.0 == *sig)
    }

    /// The display name (FULL), decoded.
    pub fn name(&self) -> Option<String> {
        let full = self.sub(b"FULL")?;
        let b = full.data.strip_suffix(&[0]).unwrap_or(&full.data);
        Some(decode_cp1252(b).into_owned())
    }

    /// The editor ID (EDID), decoded, if the record has one.
    pub fn editor_id(&self) -> Option<String> {
        let e = self.sub(b"EDID")?;
        let b = e.data.strip_suffix(&[0]).unwrap_or(&e.data);
        Some(decode_cp1252(b).into_owned())
    }

    /// The magic effects: each EFID starts one; EFIT gives its numbers;
    /// SCIT and a FULL after it describe a script effect.
    pub fn effects(&self) -> Vec<Effect> {
        let mut out: Vec<Effect> = Vec::new();
        let u32_at = |d: &[u8], i: usize| {
            d.get(i..i + 4)
                .map(|b| u32::from_le_bytes(b.try_into().unwrap()))
                .unwrap_or(0)
        };
        let mut in_effects = false;
        for s in &self.subrecords {
            match &s.sig.0 {
                b"EFID" => in_effects = true,
                b"EFIT" if s.data.len() >= 20 => {
                    let d = &s.data;
                    out.push(Effect {
                        code: Sig([d[0], d[1], d[2], d[3]]),
                        magnitude: u32_at(d, 4),
                        area: u32_at(d, 8),
                        duration: u32_at(d, 12),
                        range: u32_at(d, 16),
                        actor_value: u32_at(d, 20) as i32,
                        script: None,
                        script_name: None,
                    });
                }
                b"SCIT" if s.data.len() >= 4 => {
                    if let Some(e) = out.last_mut() {
                        e.script = Some(FormId(u32_at(&s.data, 0)));
                    }
                }
                b"FULL" if in_effects => {
                    if let Some(e) = out.last_mut() {
                        let b = s.data.strip_suffix(&[0]).unwrap_or(&s.data);
                        e.script_name = Some(decode_cp1252(b).into_owned());
                    }
                }
                _ => {}
            }
        }
        out
    }
}
