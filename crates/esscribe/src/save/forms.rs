//! Change records of forms other than placed references: actor bases
//! (NPC_, CREA), cells, quests, factions and items, whose parts are
//! declared in `defs::oblivion::save` (the flag bits are re-exported here),
//! and the player's character data found at the end of the player's
//! reference record.

pub use super::store::{
    ActorBaseData, ActorValueModifier, FactionRank, FactionReaction, QuestLogEntry, QuestStage,
};
use super::store::{Chunk, LooksData, PartData};

pub use crate::defs::oblivion::save::actor_base::actor_bits;
pub use crate::defs::oblivion::save::cell::cell_bits;
pub use crate::defs::oblivion::save::faction::faction_bits;
pub use crate::defs::oblivion::save::item::item_bits;
pub use crate::defs::oblivion::save::quest::quest_bits;
pub use crate::defs::oblivion::save::{
    GENERIC_ITEM_TYPES, TYPE_BOOK, TYPE_CELL, TYPE_CREA, TYPE_DIAL, TYPE_FACT, TYPE_INFO, TYPE_NPC,
    TYPE_PACK, TYPE_QUST,
};

/// The form ID of the player's actor base (NPC_).
pub const PLAYER_BASE: crate::io::FormId = crate::io::FormId(7);

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
                    .rev()
                    .find(|(i, w)| {
                        *w == needle.as_slice()
                            && *i >= LOOKS_LEN
                            && rest.len() >= i + needle.len() + 4
                    })
                    .map(|(i, _)| (i, needle.len()))
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

impl QuestStage {
    /// Whether the stage has been set.
    pub fn done(&self) -> bool {
        self.flags & 1 != 0
    }
}

#[cfg(test)]
mod tests {
    use super::super::change::{ChangeRecords, Part, StoredChange};
    use super::*;
    use crate::io::FormId;

    fn decode_one(kind: u8, flags: u32, data: &[u8]) -> ChangeRecords {
        let stored = StoredChange {
            offset: 0x100,
            form_id: FormId(0x0001_2345),
            kind,
            flags,
            version: 125,
            data_offset: 0x10C,
            data,
        };
        ChangeRecords::decode(&[stored])
    }

    #[test]
    fn lengths_past_the_data_stop_decoding_with_a_note_and_keep_the_bytes() {
        // A cell's seen data claiming 65535 blocks, a quest claiming 255
        // stages, an NPC claiming 65535 spells: each stops where it
        // starts, the bytes are kept, and the note says where and what.
        let mut seen = vec![0u8; 34];
        seen[32] = 0xFF;
        seen[33] = 0xFF;
        let cases: [(u8, u32, Vec<u8>, &str); 3] = [
            (TYPE_CELL, cell_bits::SEEN, seen, "seen data"),
            (
                TYPE_QUST,
                quest_bits::STAGES,
                vec![0xFF, 10, 1],
                "log entry count",
            ),
            (
                TYPE_NPC,
                actor_bits::SPELLS,
                vec![0xFF, 0xFF, 1, 2],
                "spells",
            ),
        ];
        for (kind, flags, data, what) in cases {
            let records = decode_one(kind, flags, &data);
            let c = records.get(0).unwrap();
            let note = c.stop_note().unwrap_or_else(|| panic!("{what}: no stop"));
            assert!(note.contains("0x00012345") && note.contains(what), "{note}");
            assert_eq!(c.data_bytes(), data, "{what}");
        }
    }

    #[test]
    fn bytes_no_flag_explains_stay_a_remainder() {
        let records = decode_one(TYPE_BOOK, item_bits::TEACHES, &[0xFF, 1, 2]);
        let c = records.get(0).unwrap();
        let parts: Vec<Part<'_>> = c.parts().collect();
        assert_eq!(parts[0], Part::Teaches { skill: 0xFF });
        assert!(matches!(parts[1], Part::Remainder { bytes: [1, 2] }));
        assert_eq!(c.coverage(), (1, 2));
    }
}
