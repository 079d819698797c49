//! The change form of an actor base (NPC_), decoded part by part as its
//! change flags announce them: base data, factions, spells, AI data, name,
//! skills, class, race, face, gender and outfits. The player's own
//! (form 0x7) tells level, skills, spells and shouts.
//!
//! Decoding must end at the data's last byte; where it does not, the form
//! is not decoded and the error says where it stopped.

use super::change::{ChangeForm, RefId};
use super::globals::read_vsval;
use super::header::WString;
use crate::io::{Error, Reader, Result};

/// The change flags of an actor base's parts.
pub mod flags {
    /// Form flags (a u32 and a u16).
    pub const FORM_FLAGS: u32 = 0x1;
    /// Base data: the ACBS field of the record.
    pub const BASE_DATA: u32 = 0x2;
    /// Attributes (no data of their own in the saves seen).
    pub const ATTRIBUTES: u32 = 0x4;
    /// AI data: the AIDT field.
    pub const AI_DATA: u32 = 0x8;
    /// Spells, leveled spells and shouts.
    pub const SPELL_LIST: u32 = 0x10;
    /// The full name.
    pub const FULL_NAME: u32 = 0x20;
    /// Factions and ranks.
    pub const FACTIONS: u32 = 0x40;
    /// Skills: the DNAM field.
    pub const SKILLS: u32 = 0x200;
    /// The class.
    pub const CLASS: u32 = 0x400;
    /// The face.
    pub const FACE: u32 = 0x800;
    /// The default outfit.
    pub const DEFAULT_OUTFIT: u32 = 0x1000;
    /// The sleep outfit.
    pub const SLEEP_OUTFIT: u32 = 0x2000;
    /// The gender.
    pub const GENDER: u32 = 0x0100_0000;
    /// The race (and the race before).
    pub const RACE: u32 = 0x0200_0000;
}

/// The skills in the order the DNAM field stores them.
pub const SKILLS: [&str; 18] = [
    "One-handed",
    "Two-handed",
    "Archery",
    "Block",
    "Smithing",
    "Heavy Armor",
    "Light Armor",
    "Pickpocket",
    "Lockpicking",
    "Sneak",
    "Alchemy",
    "Speech",
    "Alteration",
    "Conjuration",
    "Destruction",
    "Illusion",
    "Restoration",
    "Enchanting",
];

/// What an actor base's change form holds, by part.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct NpcChange {
    /// The level, from the base data.
    pub level: Option<u16>,
    /// The base data as stored (24 bytes).
    pub base_data: Option<Vec<u8>>,
    /// Factions and ranks.
    pub factions: Vec<(RefId, i8)>,
    /// Spells.
    pub spells: Vec<RefId>,
    /// Leveled spells.
    pub leveled_spells: Vec<RefId>,
    /// Shouts.
    pub shouts: Vec<RefId>,
    /// The full name.
    pub name: Option<WString>,
    /// Skill values, in [`SKILLS`] order.
    pub skills: Option<[u8; 18]>,
    /// The class.
    pub class: Option<RefId>,
    /// The race, and the race before.
    pub race: Option<(RefId, RefId)>,
    /// The gender: 0 male, 1 female.
    pub gender: Option<u8>,
    /// The default outfit.
    pub default_outfit: Option<RefId>,
    /// The sleep outfit.
    pub sleep_outfit: Option<RefId>,
}

fn refs(r: &mut Reader<'_>, what: &str) -> Result<Vec<RefId>> {
    let n = read_vsval(r, what)? as usize;
    r.check_count(n, 3, what)?;
    (0..n).map(|_| RefId::read(r, what)).collect()
}

/// Skips the face: hair color, skin tone, skin, head parts, and the face
/// morphs and presets when present.
fn skip_face(r: &mut Reader<'_>) -> Result<()> {
    if r.u8("face present")? == 0 {
        return Ok(());
    }
    RefId::read(r, "hair color")?;
    r.bytes(4, "skin tone")?;
    RefId::read(r, "skin")?;
    refs(r, "head parts")?;
    if r.u8("face data present")? != 0 {
        let morphs = r.u32("face morph count")? as usize;
        r.check_count(morphs, 4, "face morphs")?;
        r.bytes(morphs * 4, "face morphs")?;
        let presets = r.u32("face preset count")? as usize;
        r.check_count(presets, 4, "face presets")?;
        r.bytes(presets * 4, "face presets")?;
    }
    Ok(())
}

impl NpcChange {
    /// Decodes an actor base's change form.
    pub fn decode(form: &ChangeForm) -> Result<Self> {
        let data = form.data(0)?;
        let mut r = Reader::new(&data, 0);
        let f = form.flags;
        let mut out = NpcChange::default();
        if f & flags::FORM_FLAGS != 0 {
            r.bytes(6, "form flags")?;
        }
        if f & flags::BASE_DATA != 0 {
            let acbs = r.bytes(24, "base data")?;
            out.level = Some(u16::from_le_bytes([acbs[8], acbs[9]]));
            out.base_data = Some(acbs.to_vec());
        }
        if f & flags::FACTIONS != 0 {
            let n = read_vsval(&mut r, "faction count")? as usize;
            r.check_count(n, 4, "factions")?;
            for _ in 0..n {
                out.factions
                    .push((RefId::read(&mut r, "faction")?, r.i8("faction rank")?));
            }
        }
        if f & flags::SPELL_LIST != 0 {
            out.spells = refs(&mut r, "spells")?;
            out.leveled_spells = refs(&mut r, "leveled spells")?;
            out.shouts = refs(&mut r, "shouts")?;
        }
        if f & flags::AI_DATA != 0 {
            r.bytes(20, "AI data")?;
        }
        if f & flags::FULL_NAME != 0 {
            out.name = Some(WString::read(&mut r, "full name")?);
        }
        if f & flags::SKILLS != 0 {
            let dnam = r.bytes(52, "skills")?;
            let mut skills = [0u8; 18];
            skills.copy_from_slice(&dnam[..18]);
            out.skills = Some(skills);
        }
        if f & flags::CLASS != 0 {
            out.class = Some(RefId::read(&mut r, "class")?);
        }
        if f & flags::RACE != 0 {
            out.race = Some((
                RefId::read(&mut r, "race")?,
                RefId::read(&mut r, "race before")?,
            ));
        }
        if f & flags::FACE != 0 {
            skip_face(&mut r)?;
        }
        if f & flags::GENDER != 0 {
            out.gender = Some(r.u8("gender")?);
        }
        if f & flags::DEFAULT_OUTFIT != 0 {
            out.default_outfit = Some(RefId::read(&mut r, "default outfit")?);
        }
        if f & flags::SLEEP_OUTFIT != 0 {
            out.sleep_outfit = Some(RefId::read(&mut r, "sleep outfit")?);
        }
        if !r.is_empty() {
            return Err(Error::invalid(
                r.offset(),
                format!(
                    "the NPC_ change form (flags 0x{f:08X}) holds {} bytes past the parts its flags announce",
                    r.remaining()
                ),
            ));
        }
        Ok(out)
    }
}
