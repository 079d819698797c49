//! Change records of forms other than placed references: actor bases
//! (NPC_, CREA), and the player's character data found at the end of the
//! player's reference record. Each part's presence is told by a bit of the
//! record's flags, and the parts follow in a fixed order.

pub use super::store::{
    ActorBaseData, ActorValueModifier, FactionRank, FactionReaction, QuestLogEntry, QuestStage,
};
use super::store::{Chunk, LooksData, PartData, Span};
use crate::io::{Reader, Result};

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

/// Type code of faction change records.
pub const TYPE_FACT: u8 = 6;
/// Type code of cell change records.
pub const TYPE_CELL: u8 = 48;
/// Type code of dialogue-topic change records (no data in real saves).
pub const TYPE_DIAL: u8 = 57;
/// Type code of dialogue-response change records (no data in real saves).
pub const TYPE_INFO: u8 = 58;
/// Type code of quest change records.
pub const TYPE_QUST: u8 = 59;
/// Type code of AI package change records (no data in real saves).
pub const TYPE_PACK: u8 = 61;
/// Type code of book change records.
pub const TYPE_BOOK: u8 = 21;
/// Item types whose records hold form flags and a value (the generic
/// layout): ARMO, CLOT, INGR, MISC, WEAP, SLGM, KEYM.
pub const GENERIC_ITEM_TYPES: &[u8] = &[20, 22, 25, 27, 33, 38, 39];

/// Flag bits of CELL change records, in stored order: grid place, detach
/// time, flags, seen data, pathgrid, full name, owner.
pub mod cell_bits {
    /// Created in game, with bit 2: no data.
    pub const CREATED: u32 = 1 << 1;
    /// Cell flags (u8).
    pub const FLAGS: u32 = 1 << 3;
    /// Full name: u8 length and the name.
    pub const FULL_NAME: u32 = 1 << 4;
    /// Owner iref.
    pub const OWNER: u32 = 1 << 5;
    /// Pathgrid: u16 count, then that many u16.
    pub const PATHGRID: u32 = 1 << 24;
    /// An exterior cell's place: u16 index into the save's world-space
    /// list (never 0, always below its length in real saves), then i8 X
    /// and i8 Y of the cell grid.
    pub const GRID: u32 = 1 << 26;
    /// Detach time (u32).
    pub const DETACH_TIME: u32 = 1 << 27;
    /// Seen data (the map's fog): 32 bytes in exterior cells (grid set),
    /// else a 32-byte block, a u16 count n, and 2 + 34 · (n − 1) bytes.
    pub const SEEN: u32 = 1 << 28;
}

/// Flag bits of QUST change records: flags, stages, script variables.
pub mod quest_bits {
    /// Quest flags (u8).
    pub const FLAGS: u32 = 1 << 2;
    /// Script variables: u16 count, each u16 index, u16 type and value,
    /// then a u8.
    pub const SCRIPT: u32 = 1 << 27;
    /// Stages: u8 count, each stage u8 index, u8 flags, u8 log entry
    /// count, each entry u8 index and 4 bytes.
    pub const STAGES: u32 = 1 << 28;
}

/// Flag bits of FACT change records: reactions, then flags.
pub mod faction_bits {
    /// Faction flags (u8).
    pub const FLAGS: u32 = 1 << 2;
    /// Reactions: u16 count, each faction iref and i32 modifier.
    pub const REACTIONS: u32 = 1 << 3;
}

/// Flag bits of item change records (generic layout and BOOK).
pub mod item_bits {
    /// Form flags (u32).
    pub const FORM_FLAGS: u32 = 1 << 0;
    /// BOOK: the skill the book teaches (u8; 0xFF once read).
    pub const TEACHES: u32 = 1 << 2;
    /// Value in gold (u32).
    pub const VALUE: u32 = 1 << 3;
}

impl QuestStage {
    /// Whether the stage has been set.
    pub fn done(&self) -> bool {
        self.flags & 1 != 0
    }
}

impl Chunk {
    fn read_byte_flags(&mut self, r: &mut Reader<'_>, done: &mut usize) -> Result<()> {
        let v = r.u8("flags")?;
        self.parts.push(PartData::ByteFlags(v));
        *done = r.position();
        Ok(())
    }

    /// Reads the parts of a CELL record.
    pub(crate) fn decode_cell(
        &mut self,
        flags: u32,
        r: &mut Reader<'_>,
        done: &mut usize,
    ) -> Result<()> {
        use cell_bits as b;
        let has = |bit: u32| flags & bit != 0;
        if has(b::GRID) {
            let world = r.u16("world space index")?;
            let x = r.i8("grid x")?;
            let y = r.i8("grid y")?;
            self.parts.push(PartData::Grid { world, x, y });
            *done = r.position();
        }
        if has(b::DETACH_TIME) {
            let v = r.u32("detach time")?;
            self.parts.push(PartData::DetachTime(v));
            *done = r.position();
        }
        if has(b::FLAGS) {
            self.read_byte_flags(r, done)?;
        }
        if has(b::SEEN) {
            let len = if has(b::GRID) {
                32
            } else {
                let head = r.peek_rest();
                if head.len() < 34 {
                    r.bytes(34, "seen data")?;
                }
                let n = u16::from_le_bytes([head[32], head[33]]) as usize;
                if n == 0 {
                    return Err(crate::io::Error::invalid(
                        r.offset() + 32,
                        "seen data: a block count of 0",
                    ));
                }
                2 + 34 * n
            };
            let s = self.push_bytes(r.bytes(len, "seen data")?);
            self.parts.push(PartData::SeenData(s));
            *done = r.position();
        }
        if has(b::PATHGRID) {
            let n = r.u16("pathgrid count")? as usize;
            let s = self.push_bytes(r.bytes(2 * n, "pathgrid")?);
            self.parts.push(PartData::Pathgrid(s));
            *done = r.position();
        }
        if has(b::FULL_NAME) {
            let n = r.u8("full name length")? as usize;
            let s = self.push_bytes(r.bytes(n, "full name")?);
            self.parts.push(PartData::FullName(s));
            *done = r.position();
        }
        if has(b::OWNER) {
            let v = r.u32("owner iref")?;
            self.parts.push(PartData::Owner(v));
            *done = r.position();
        }
        Ok(())
    }

    /// Reads the parts of a QUST record.
    pub(crate) fn decode_quest(
        &mut self,
        flags: u32,
        r: &mut Reader<'_>,
        done: &mut usize,
    ) -> Result<()> {
        use quest_bits as b;
        if flags & b::FLAGS != 0 {
            self.read_byte_flags(r, done)?;
        }
        if flags & b::STAGES != 0 {
            let n = r.u8("stage count")? as usize;
            let (first_stage, first_entry) = (self.stages.len(), self.entries.len());
            for _ in 0..n {
                let stage = QuestStage {
                    stage: r.u8("stage index")?,
                    flags: r.u8("stage flags")?,
                    entry_count: r.u8("log entry count")?,
                };
                for _ in 0..stage.entry_count {
                    let index = r.u8("log entry index")?;
                    let data = r.array::<4>("log entry data")?;
                    self.entries.push(QuestLogEntry { index, data });
                }
                self.stages.push(stage);
            }
            self.parts.push(PartData::QuestStages {
                stages: Span::new(first_stage, n),
                entries: Span::new(first_entry, self.entries.len() - first_entry),
            });
            *done = r.position();
        }
        if flags & b::SCRIPT != 0 {
            let n = r.u16("script variable count")? as usize;
            r.check_count(n, 8, "script variables")?;
            let start = self.vars.len();
            for i in 0..n {
                let at = r.offset();
                let index = r.u16("variable index")?;
                let var_type = r.u16("variable type")?;
                let value = match var_type {
                    0x0000 => super::properties::VarValue::Number(r.f64("number variable")?),
                    0xF000 => super::properties::VarValue::Reference(r.u32("reference variable")?),
                    t => {
                        return Err(crate::io::Error::invalid(
                            at + 2,
                            format!("script variable {i}: unknown type 0x{t:04X}"),
                        ))
                    }
                };
                self.vars.push(super::properties::ScriptVar {
                    index,
                    var_type,
                    value,
                });
            }
            let trailer = r.u8("script trailer")?;
            self.parts.push(PartData::ScriptVars {
                vars: Span::new(start, n),
                trailer,
            });
            *done = r.position();
        }
        Ok(())
    }

    /// Reads the parts of a FACT record.
    pub(crate) fn decode_faction(
        &mut self,
        flags: u32,
        r: &mut Reader<'_>,
        done: &mut usize,
    ) -> Result<()> {
        use faction_bits as b;
        if flags & b::REACTIONS != 0 {
            let n = r.u16("reaction count")? as usize;
            r.check_count(n, 8, "reactions")?;
            let start = self.reactions.len();
            for _ in 0..n {
                let faction = r.u32("faction iref")?;
                let modifier = r.i32("reaction modifier")?;
                self.reactions.push(FactionReaction { faction, modifier });
            }
            self.parts.push(PartData::Reactions(Span::new(start, n)));
            *done = r.position();
        }
        if flags & b::FLAGS != 0 {
            self.read_byte_flags(r, done)?;
        }
        Ok(())
    }

    /// Reads the parts of an item record (generic layout, or BOOK with the
    /// skill it teaches).
    pub(crate) fn decode_item(
        &mut self,
        book: bool,
        flags: u32,
        r: &mut Reader<'_>,
        done: &mut usize,
    ) -> Result<()> {
        use item_bits as b;
        if flags & b::FORM_FLAGS != 0 {
            let v = r.u32("form flags")?;
            self.parts.push(PartData::FormFlags(v));
            *done = r.position();
        }
        if flags & b::VALUE != 0 {
            let v = r.u32("value")?;
            self.parts.push(PartData::Value(v));
            *done = r.position();
        }
        if book && flags & b::TEACHES != 0 {
            let v = r.u8("teaches skill")?;
            self.parts.push(PartData::Teaches(v));
            *done = r.position();
        }
        Ok(())
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
