//! Change records of forms other than placed references: actor bases
//! (NPC_, CREA), and the player's character data found at the end of the
//! player's reference record. Each part's presence is told by a bit of the
//! record's flags, and the parts follow in a fixed order.

use crate::io::{Reader, Result};
use serde::Serialize;

use super::change::{Chunk, PartData, Span};

/// Type code of NPC change records (the player's base is 0x00000007).
pub const TYPE_NPC: u8 = 35;
/// Type code of creature change records.
pub const TYPE_CREA: u8 = 36;

/// The form ID of the player's actor base (NPC_).
pub const PLAYER_BASE: crate::io::FormId = crate::io::FormId(7);

/// Flag bits of NPC_ and CREA change records, in the order their parts
/// are stored: form flags, attributes, base data, factions, spells, AI
/// data, base health, base modifiers, full name, skills, combat style.
pub mod actor_bits {
    /// Form flags (u32).
    pub const FORM_FLAGS: u32 = 1 << 0;
    /// Base health (u32).
    pub const BASE_HEALTH: u32 = 1 << 2;
    /// The eight attributes (u8 each).
    pub const ATTRIBUTES: u32 = 1 << 3;
    /// Base data (16 bytes, as the plugin's ACBS).
    pub const BASE_DATA: u32 = 1 << 4;
    /// Spell list: u16 count, then irefs.
    pub const SPELLS: u32 = 1 << 5;
    /// Factions: u16 count, then iref and rank (i8).
    pub const FACTIONS: u32 = 1 << 6;
    /// Full name: u8 length and the name.
    pub const FULL_NAME: u32 = 1 << 7;
    /// AI data (4 bytes).
    pub const AI_DATA: u32 = 1 << 8;
    /// The 21 skills (u8 each).
    pub const SKILLS: u32 = 1 << 9;
    /// Combat style iref.
    pub const COMBAT_STYLE: u32 = 1 << 10;
    /// Base modifiers: u16 count, then actor value (u8) and value (f32).
    pub const BASE_MODIFIERS: u32 = 1 << 28;
}

/// An actor's base data, as the plugin's ACBS subrecord holds it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct ActorBaseData {
    pub flags: u32,
    pub spell_points: u16,
    pub fatigue: u16,
    pub barter_gold: u16,
    /// The level, or the offset from the player's level when the
    /// "PC level offset" flag (0x80) is set.
    pub level: i16,
    pub calc_min: u16,
    pub calc_max: u16,
}

/// A faction an actor belongs to, and the rank held (-1: expelled or not
/// yet a member).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct FactionRank {
    /// Iref of the faction.
    pub faction: u32,
    pub rank: i8,
}

/// A change to an actor value.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct ActorValueModifier {
    /// Actor value code (see [`actor_value_name`]).
    pub actor_value: u8,
    pub value: f32,
}

/// The player's looks, read before the name at the end of the player's
/// reference record: FaceGen data, race, hair, eyes, hair length and
/// colour, gender.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct LooksData {
    pub face: Span,
    pub race: u32,
    pub hair: u32,
    pub eyes: u32,
    pub hair_length: f32,
    pub hair_color: [u8; 3],
    pub unused: u8,
    pub gender: u8,
}

/// Size of the FaceGen data before the race (symmetric geometry 200,
/// asymmetric geometry 120, texture 200).
pub const FACE_LEN: usize = 520;
/// Size of the looks part: FaceGen data, three irefs, hair length,
/// colour, an unused byte and gender.
pub const LOOKS_LEN: usize = FACE_LEN + 12 + 4 + 3 + 1 + 1;

/// Names of Oblivion's actor values, by code.
pub const ACTOR_VALUES: [&str; 72] = [
    "Strength",
    "Intelligence",
    "Willpower",
    "Agility",
    "Speed",
    "Endurance",
    "Personality",
    "Luck",
    "Health",
    "Magicka",
    "Fatigue",
    "Encumbrance",
    "Armorer",
    "Athletics",
    "Blade",
    "Block",
    "Blunt",
    "Hand to Hand",
    "Heavy Armor",
    "Alchemy",
    "Alteration",
    "Conjuration",
    "Destruction",
    "Illusion",
    "Mysticism",
    "Restoration",
    "Acrobatics",
    "Light Armor",
    "Marksman",
    "Mercantile",
    "Security",
    "Sneak",
    "Speechcraft",
    "Aggression",
    "Confidence",
    "Energy",
    "Responsibility",
    "Bounty",
    "Fame",
    "Infamy",
    "Magicka Multiplier",
    "Night Eye Bonus",
    "Attack Bonus",
    "Defend Bonus",
    "Casting Penalty",
    "Blindness",
    "Chameleon",
    "Invisibility",
    "Paralysis",
    "Silence",
    "Confusion",
    "Detect Item Range",
    "Spell Absorb Chance",
    "Spell Reflect Chance",
    "Swim Speed Multiplier",
    "Water Breathing",
    "Water Walking",
    "Stunted Magicka",
    "Detect Life Range",
    "Reflect Damage",
    "Telekinesis",
    "Resist Fire",
    "Resist Frost",
    "Resist Disease",
    "Resist Magic",
    "Resist Normal Weapons",
    "Resist Paralysis",
    "Resist Poison",
    "Resist Shock",
    "Vampirism",
    "Darkness",
    "Resist Water Damage",
];

/// The name of an actor value code, or its number.
pub fn actor_value_name(code: usize) -> String {
    ACTOR_VALUES
        .get(code)
        .map(|s| s.to_string())
        .unwrap_or_else(|| format!("actor value {code}"))
}

/// Actor value code of the first skill (Armorer); the 21 skills follow.
pub const FIRST_SKILL: usize = 12;

impl Chunk {
    /// Reads the parts of an NPC_ or CREA record in their stored order.
    pub(crate) fn decode_actor_base(
        &mut self,
        flags: u32,
        r: &mut Reader<'_>,
        done: &mut usize,
    ) -> Result<()> {
        use actor_bits as b;
        let has = |bit: u32| flags & bit != 0;
        let push = |c: &mut Chunk, r: &Reader<'_>, done: &mut usize, p: PartData| {
            c.parts.push(p);
            *done = r.position();
        };
        if has(b::FORM_FLAGS) {
            let v = r.u32("form flags")?;
            push(self, r, done, PartData::FormFlags(v));
        }
        if has(b::ATTRIBUTES) {
            let v = r.array::<8>("attributes")?;
            push(self, r, done, PartData::Attributes(v));
        }
        if has(b::BASE_DATA) {
            let d = ActorBaseData {
                flags: r.u32("base data flags")?,
                spell_points: r.u16("base data spell points")?,
                fatigue: r.u16("base data fatigue")?,
                barter_gold: r.u16("base data barter gold")?,
                level: r.i16("base data level")?,
                calc_min: r.u16("base data calc min")?,
                calc_max: r.u16("base data calc max")?,
            };
            push(self, r, done, PartData::BaseData(d));
        }
        if has(b::FACTIONS) {
            let n = r.u16("faction count")? as usize;
            r.check_count(n, 5, "factions")?;
            let start = self.factions.len();
            for _ in 0..n {
                let faction = r.u32("faction iref")?;
                let rank = r.i8("faction rank")?;
                self.factions.push(FactionRank { faction, rank });
            }
            push(self, r, done, PartData::Factions(Span::new(start, n)));
        }
        if has(b::SPELLS) {
            let n = r.u16("spell count")? as usize;
            r.check_count(n, 4, "spells")?;
            let start = self.u32s.len();
            for _ in 0..n {
                let s = r.u32("spell iref")?;
                self.u32s.push(s);
            }
            push(self, r, done, PartData::Spells(Span::new(start, n)));
        }
        if has(b::AI_DATA) {
            let v = r.array::<4>("AI data")?;
            push(self, r, done, PartData::AiData(v));
        }
        if has(b::BASE_HEALTH) {
            let v = r.u32("base health")?;
            push(self, r, done, PartData::BaseHealth(v));
        }
        if has(b::BASE_MODIFIERS) {
            let n = r.u16("base modifier count")? as usize;
            r.check_count(n, 5, "base modifiers")?;
            let start = self.modifiers.len();
            for _ in 0..n {
                let actor_value = r.u8("actor value")?;
                let value = r.f32("modifier value")?;
                self.modifiers
                    .push(ActorValueModifier { actor_value, value });
            }
            push(self, r, done, PartData::BaseModifiers(Span::new(start, n)));
        }
        if has(b::FULL_NAME) {
            let n = r.u8("full name length")? as usize;
            let name = r.bytes(n, "full name")?;
            let s = self.push_bytes(name);
            push(self, r, done, PartData::FullName(s));
        }
        if has(b::SKILLS) {
            let v = r.array::<21>("skills")?;
            push(self, r, done, PartData::Skills(v));
        }
        if has(b::COMBAT_STYLE) {
            let v = r.u32("combat style iref")?;
            push(self, r, done, PartData::CombatStyle(v));
        }
        Ok(())
    }

    /// Splits the not-understood end of the player's reference record
    /// where the player's looks, name and class can be shown to sit: the
    /// name (u8 length counting a NUL, as in the save header) is preceded
    /// by the looks and followed by the class iref. Anything else stays a
    /// remainder.
    pub(crate) fn split_player_remainder(&mut self, rest: &[u8], name: &[u8]) {
        let found = (!name.is_empty() && name.len() < 255)
            .then(|| {
                let mut needle = Vec::with_capacity(name.len() + 2);
                needle.push(name.len() as u8 + 1);
                needle.extend_from_slice(name);
                needle.push(0);
                rest.windows(needle.len())
                    .enumerate()
                    .filter(|(i, w)| {
                        *w == needle.as_slice()
                            && *i >= LOOKS_LEN
                            && rest.len() >= i + needle.len() + 4
                    })
                    .map(|(i, _)| (i, needle.len()))
                    .last()
            })
            .flatten();
        let Some((at, name_len)) = found else {
            let s = self.push_bytes(rest);
            self.parts.push(PartData::Remainder(s));
            return;
        };
        let looks_at = at - LOOKS_LEN;
        if looks_at > 0 {
            let s = self.push_bytes(&rest[..looks_at]);
            self.parts.push(PartData::Remainder(s));
        }
        let l = &rest[looks_at..at];
        let u32_at = |o: usize| u32::from_le_bytes([l[o], l[o + 1], l[o + 2], l[o + 3]]);
        let face = self.push_bytes(&l[..FACE_LEN]);
        let looks = LooksData {
            face,
            race: u32_at(FACE_LEN),
            hair: u32_at(FACE_LEN + 4),
            eyes: u32_at(FACE_LEN + 8),
            hair_length: f32::from_bits(u32_at(FACE_LEN + 12)),
            hair_color: [l[FACE_LEN + 16], l[FACE_LEN + 17], l[FACE_LEN + 18]],
            unused: l[FACE_LEN + 19],
            gender: l[FACE_LEN + 20],
        };
        self.looks.push(looks);
        self.parts
            .push(PartData::PlayerLooks((self.looks.len() - 1) as u32));
        // The name without its length byte and NUL.
        let n = self.push_bytes(&rest[at + 1..at + name_len - 1]);
        self.parts.push(PartData::PlayerName(n));
        let c = at + name_len;
        let class = u32::from_le_bytes([rest[c], rest[c + 1], rest[c + 2], rest[c + 3]]);
        self.parts.push(PartData::PlayerClass(class));
        if rest.len() > c + 4 {
            let s = self.push_bytes(&rest[c + 4..]);
            self.parts.push(PartData::Remainder(s));
        }
    }
}
