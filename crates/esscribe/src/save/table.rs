//! Reads a change record's data by the table its type declares
//! (`defs::oblivion::save`): each step's condition is asked against what
//! is known of the record, each part present is read by its layout, and
//! the part kind says which stored part the value becomes.
//!
//! Where a part cannot be read, the error goes back to the caller with
//! `done` left at the end of the last part read, so that everything from
//! there on is kept raw.

use super::forms::{ActorBaseData, ActorValueModifier, FactionRank, FactionReaction};
use super::inventory::read_inventory;
use super::part::{read_f3, read_placement};
use super::properties::{read_script_vars, read_set};
use super::store::{Chunk, PartData, Placement, QuestLogEntry, QuestStage, Span};
use crate::defs::oblivion::save::{
    fact_bits, ChangeTable, Facts, Layout, PartDecl, PartKind, Step, MAX_STEPS,
};
use crate::io::{Error, Reader, Result};

/// A value as its layout reads it, before its part kind names it. Each
/// variant is written back by exactly the parts that accept it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) enum Read<'a> {
    /// Nothing was there to read (every byte left, when none is).
    Nothing,
    U8(u8),
    U32(u32),
    F32(f32),
    /// Bytes written back as they are.
    Bytes(&'a [u8]),
    /// Bytes after their u16 length.
    Block(&'a [u8]),
    /// Text after its u8 length.
    Text(&'a [u8]),
    /// u16 values (as bytes) after their u16 count.
    U16s(&'a [u8]),
    CellPosition {
        cell: u32,
        position: [f32; 3],
    },
    Placement(Placement),
    Created {
        flags: u32,
        base: u32,
        placement: Placement,
    },
    Inventory(Span),
    Properties(Span),
    BaseData(ActorBaseData),
    Factions(Span),
    Irefs(Span),
    Modifiers(Span),
    Grid {
        world: u16,
        x: i8,
        y: i8,
    },
    QuestStages {
        stages: Span,
        entries: Span,
    },
    ScriptVars {
        vars: Span,
        trailer: u8,
    },
    Reactions(Span),
    /// The end of the player's reference record, to be split.
    PlayerCharacter(&'a [u8]),
}

/// Which steps of a table the flags and kind of a record allow, as bits,
/// remembered for the flag sets met before: the records of one type share
/// few flag sets, and sorting out every step of a table costs more than
/// reading the parts.
pub(super) struct AllowedSteps {
    /// (table address, fact bits, allowed steps, those of them to ask
    /// again in turn), by a hash of the first two.
    slots: Box<[(usize, u64, u64, u64); ALLOWED_SLOTS]>,
}

const ALLOWED_SLOTS: usize = 256;

impl AllowedSteps {
    pub fn new() -> Self {
        AllowedSteps {
            slots: Box::new([(0, 0, 0, 0); ALLOWED_SLOTS]),
        }
    }

    /// The steps allowed, and those of them whose condition asks what is
    /// read before them.
    fn of(&mut self, table: &ChangeTable, bits: u64) -> (u64, u64) {
        let key = table as *const ChangeTable as usize;
        let hash = (bits ^ (bits >> 32) ^ key as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let slot = &mut self.slots[(hash >> 56) as usize % ALLOWED_SLOTS];
        if slot.0 == key && slot.1 == bits {
            return (slot.2, slot.3);
        }
        let (mut allowed, mut dynamic) = (0u64, 0u64);
        for (i, step) in table.steps.iter().take(MAX_STEPS).enumerate() {
            allowed |= (step.test().may_hold(bits) as u64) << i;
            dynamic |= (step.test().is_dynamic() as u64) << i;
        }
        *slot = (key, bits, allowed, allowed & dynamic);
        (allowed, allowed & dynamic)
    }
}

/// Where a record is read from, and what the player's name is.
pub(super) struct Record<'r, 'a> {
    pub r: &'r mut Reader<'a>,
    pub allowed: &'r mut AllowedSteps,
    /// End of the last part read: where raw bytes start if a part fails.
    pub done: &'r mut usize,
    pub facts: Facts,
    pub player_name: &'r [u8],
}

impl Chunk {
    /// Reads a record's parts by its table; never reads past the data and
    /// never allocates by a count the bytes left cannot hold.
    pub(super) fn read_by_table(
        &mut self,
        table: &ChangeTable,
        rec: &mut Record<'_, '_>,
    ) -> Result<()> {
        // The steps the record's flags and kind allow; only those asking
        // what is read before them are asked again in turn.
        let (mut allowed, dynamic) = rec.allowed.of(table, fact_bits(&rec.facts));
        while allowed != 0 {
            let at = allowed.trailing_zeros() as usize;
            let step = &table.steps[at];
            allowed &= allowed - 1;
            if dynamic & (1 << at) != 0 {
                rec.facts.bytes_left = rec.r.remaining();
                if !step.test().holds(&rec.facts) {
                    continue;
                }
            }
            match step {
                Step::Part(decl) => self.read_part(decl, rec)?,
                Step::Ending { parts, .. } => {
                    for decl in *parts {
                        rec.facts.bytes_left = rec.r.remaining();
                        if decl.test.holds(&rec.facts) {
                            self.read_part(decl, rec)?;
                        }
                    }
                    return Ok(());
                }
            }
        }
        Ok(())
    }

    /// Reads a part its condition brings in.
    fn read_part(&mut self, decl: &PartDecl, rec: &mut Record<'_, '_>) -> Result<()> {
        let at = rec.r.offset();
        let read = read_layout(decl, rec.r, self).map_err(|e| {
            if decl.located {
                e.within(format!("{} at 0x{at:X}", decl.label))
            } else {
                e
            }
        })?;
        if let Read::Created { flags, .. } = read {
            rec.facts.created_flags = Some(flags);
        }
        match (decl.part, read) {
            (_, Read::Nothing) => {}
            (PartKind::PlayerCharacter, Read::PlayerCharacter(rest)) => {
                self.split_player_remainder(rest, rec.player_name);
            }
            (kind, read) => {
                let part = self.part_of(kind, read).ok_or_else(|| {
                    Error::invalid(
                        at,
                        format!(
                            "{}: a {kind:?} part cannot be laid out as {:?}",
                            decl.label, decl.layout
                        ),
                    )
                })?;
                self.parts.push(part);
            }
        }
        *rec.done = rec.r.position();
        Ok(())
    }

    /// The stored part a value read becomes, when the kind can hold it:
    /// only values its writer puts back as they were read.
    pub(super) fn part_of(&mut self, kind: PartKind, read: Read<'_>) -> Option<PartData> {
        use PartKind as K;
        Some(match (kind, read) {
            (K::CellChanged, Read::CellPosition { cell, position }) => {
                PartData::CellChanged { cell, position }
            }
            (
                K::Created,
                Read::Created {
                    flags,
                    base,
                    placement,
                },
            ) => PartData::Created {
                flags,
                base,
                placement,
            },
            (K::Moved, Read::Placement(placement)) => PartData::Moved { placement },
            (K::HavokMoved, Read::Placement(placement)) => PartData::HavokMoved { placement },
            (K::MovedCell, Read::U32(cell)) => PartData::MovedCell { cell },
            (K::OblivionCell, Read::U32(cell)) => PartData::OblivionCell { cell },
            (K::TempAttributes, Read::Bytes(b)) => PartData::TempAttributes(self.push_bytes(b)),
            (K::ActorFlag, Read::U8(v)) => PartData::ActorFlag(v),
            (K::FormFlags, Read::U32(v)) => PartData::FormFlags(v),
            (K::Inventory, Read::Inventory(s)) => PartData::Inventory(s),
            (K::Properties, Read::Properties(s)) => PartData::Properties(s),
            (K::Animation, Read::Block(b)) => PartData::Animation(self.push_bytes(b)),
            (K::Havok, Read::Block(b)) => PartData::Havok(self.push_bytes(b)),
            (K::Scale, Read::F32(v)) => PartData::Scale(v),
            (K::Attributes, Read::Bytes(b)) => PartData::Attributes(b.try_into().ok()?),
            (K::BaseData, Read::BaseData(d)) => PartData::BaseData(d),
            (K::Factions, Read::Factions(s)) => PartData::Factions(s),
            (K::Spells, Read::Irefs(s)) => PartData::Spells(s),
            (K::AiData, Read::Bytes(b)) => PartData::AiData(b.try_into().ok()?),
            (K::BaseHealth, Read::U32(v)) => PartData::BaseHealth(v),
            (K::BaseModifiers, Read::Modifiers(s)) => PartData::BaseModifiers(s),
            (K::FullName, Read::Text(b)) => PartData::FullName(self.push_bytes(b)),
            (K::Skills, Read::Bytes(b)) => PartData::Skills(b.try_into().ok()?),
            (K::CombatStyle, Read::U32(v)) => PartData::CombatStyle(v),
            (K::ByteFlags, Read::U8(v)) => PartData::ByteFlags(v),
            (K::Grid, Read::Grid { world, x, y }) => PartData::Grid { world, x, y },
            (K::DetachTime, Read::U32(v)) => PartData::DetachTime(v),
            (K::SeenData, Read::Bytes(b)) => PartData::SeenData(self.push_bytes(b)),
            (K::Pathgrid, Read::U16s(b)) => PartData::Pathgrid(self.push_bytes(b)),
            (K::Owner, Read::U32(v)) => PartData::Owner(v),
            (K::QuestStages, Read::QuestStages { stages, entries }) => {
                PartData::QuestStages { stages, entries }
            }
            (K::ScriptVars, Read::ScriptVars { vars, trailer }) => {
                PartData::ScriptVars { vars, trailer }
            }
            (K::Reactions, Read::Reactions(s)) => PartData::Reactions(s),
            (K::Value, Read::U32(v)) => PartData::Value(v),
            (K::Teaches, Read::U8(v)) => PartData::Teaches(v),
            (K::Remainder, Read::Bytes(b)) => PartData::Remainder(self.push_bytes(b)),
            _ => return None,
        })
    }
}

/// Reads one part's bytes by its layout. Lists fill the chunk's arrays;
/// every count is checked against the bytes left before anything is
/// reserved.
fn read_layout<'a>(decl: &PartDecl, r: &mut Reader<'a>, c: &mut Chunk) -> Result<Read<'a>> {
    let label = decl.label;
    Ok(match decl.layout {
        Layout::U8 => Read::U8(r.u8(label)?),
        Layout::U32 => Read::U32(r.u32(label)?),
        Layout::F32 => Read::F32(r.f32(label)?),
        Layout::Bytes(n) => Read::Bytes(r.bytes(n, label)?),
        Layout::Rest => match r.rest() {
            [] => Read::Nothing,
            rest => Read::Bytes(rest),
        },
        Layout::PlayerCharacter => match r.rest() {
            [] => Read::Nothing,
            rest => Read::PlayerCharacter(rest),
        },
        Layout::CellPosition => Read::CellPosition {
            cell: r.u32("cell iref")?,
            position: read_f3(r, "position")?,
        },
        Layout::Placement => Read::Placement(read_placement(r)?),
        Layout::CreatedPlacement => Read::Created {
            flags: r.u32("created flags")?,
            base: r.u32("base iref")?,
            placement: read_placement(r)?,
        },
        Layout::Inventory => Read::Inventory(read_inventory(r, c)?),
        Layout::Properties => Read::Properties(read_set(r, c)?),
        Layout::ShortBlock => {
            let n = r.u16(label)? as usize;
            Read::Block(r.bytes(n, label)?)
        }
        Layout::ActorBaseData => Read::BaseData(ActorBaseData {
            flags: r.u32("base data flags")?,
            spell_points: r.u16("base data spell points")?,
            fatigue: r.u16("base data fatigue")?,
            barter_gold: r.u16("base data barter gold")?,
            level: r.i16("base data level")?,
            calc_min: r.u16("base data calc min")?,
            calc_max: r.u16("base data calc max")?,
        }),
        Layout::FactionRanks => {
            let n = r.u16("faction count")? as usize;
            r.check_count(n, 5, "factions")?;
            let start = c.factions.len();
            for _ in 0..n {
                let faction = r.u32("faction iref")?;
                let rank = r.i8("faction rank")?;
                c.factions.push(FactionRank { faction, rank });
            }
            Read::Factions(Span::new(start, n))
        }
        Layout::Irefs => {
            let n = r.u16("spell count")? as usize;
            r.check_count(n, 4, "spells")?;
            let start = c.u32s.len();
            for _ in 0..n {
                let s = r.u32("spell iref")?;
                c.u32s.push(s);
            }
            Read::Irefs(Span::new(start, n))
        }
        Layout::ActorValueModifiers => {
            let n = r.u16("base modifier count")? as usize;
            r.check_count(n, 5, "base modifiers")?;
            let start = c.modifiers.len();
            for _ in 0..n {
                let actor_value = r.u8("actor value")?;
                let value = r.f32("modifier value")?;
                c.modifiers.push(ActorValueModifier { actor_value, value });
            }
            Read::Modifiers(Span::new(start, n))
        }
        Layout::ShortText => {
            let n = r.u8("full name length")? as usize;
            Read::Text(r.bytes(n, "full name")?)
        }
        Layout::Grid => Read::Grid {
            world: r.u16("world space index")?,
            x: r.i8("grid x")?,
            y: r.i8("grid y")?,
        },
        Layout::InteriorSeenData => {
            let head = r.peek_rest();
            if head.len() < 34 {
                r.bytes(34, "seen data")?;
            }
            let n = u16::from_le_bytes([head[32], head[33]]) as usize;
            if n == 0 {
                return Err(Error::invalid(
                    r.offset() + 32,
                    "seen data: a block count of 0",
                ));
            }
            Read::Bytes(r.bytes(2 + 34 * n, "seen data")?)
        }
        Layout::U16s => {
            let n = r.u16("pathgrid count")? as usize;
            Read::U16s(r.bytes(2 * n, "pathgrid")?)
        }
        Layout::QuestStages => {
            let n = r.u8("stage count")? as usize;
            let (first_stage, first_entry) = (c.stages.len(), c.entries.len());
            for _ in 0..n {
                let stage = QuestStage {
                    stage: r.u8("stage index")?,
                    flags: r.u8("stage flags")?,
                    entry_count: r.u8("log entry count")?,
                };
                for _ in 0..stage.entry_count {
                    let index = r.u8("log entry index")?;
                    let data = r.array::<4>("log entry data")?;
                    c.entries.push(QuestLogEntry { index, data });
                }
                c.stages.push(stage);
            }
            Read::QuestStages {
                stages: Span::new(first_stage, n),
                entries: Span::new(first_entry, c.entries.len() - first_entry),
            }
        }
        Layout::ScriptVars => {
            let vars = read_script_vars(r, c)?;
            let trailer = r.u8("script trailer")?;
            Read::ScriptVars { vars, trailer }
        }
        Layout::FactionReactions => {
            let n = r.u16("reaction count")? as usize;
            r.check_count(n, 8, "reactions")?;
            let start = c.reactions.len();
            for _ in 0..n {
                let faction = r.u32("faction iref")?;
                let modifier = r.i32("reaction modifier")?;
                c.reactions.push(FactionReaction { faction, modifier });
            }
            Read::Reactions(Span::new(start, n))
        }
    })
}

#[cfg(test)]
mod tests {
    use super::super::change::{bits, ChangeRecords, Part, StoredChange, PLAYER_REF};
    use super::*;
    use crate::defs::oblivion::save::{
        part, table_for, When, TYPE_ACHR, TYPE_BOOK, TYPE_CELL, TYPE_FACT, TYPE_NPC, TYPE_QUST,
        TYPE_REFR,
    };
    use crate::io::FormId;

    fn decode(form_id: u32, kind: u8, flags: u32, data: &[u8]) -> ChangeRecords {
        let stored = StoredChange {
            offset: 0x200,
            form_id: FormId(form_id),
            kind,
            flags,
            version: 125,
            data_offset: 0x20C,
            data,
        };
        ChangeRecords::decode(&[stored])
    }

    #[test]
    fn a_flag_bit_no_table_entry_names_leaves_its_bytes_a_remainder() {
        // Bit 12 brings nothing into a REFR record.
        let records = decode(0x1234, TYPE_REFR, 1 << 12, &[1, 2, 3]);
        let c = records.get(0).unwrap();
        let parts: Vec<Part<'_>> = c.parts().collect();
        assert_eq!(parts, [Part::Remainder { bytes: &[1, 2, 3] }]);
        assert_eq!(c.coverage(), (0, 3));
        assert_eq!(c.data_bytes(), [1, 2, 3]);
    }

    #[test]
    fn actor_parts_are_read_for_an_actor_and_not_for_an_object() {
        // The same bytes: an actor flag and an empty properties section for
        // an ACHR; not understood for a REFR with no flags.
        let data = [5, 0, 0];
        let achr = decode(0x1234, TYPE_ACHR, 0, &data);
        let parts: Vec<Part<'_>> = achr.get(0).unwrap().parts().collect();
        assert_eq!(parts.len(), 2);
        assert_eq!(parts[0], Part::ActorFlag { value: 5 });
        assert!(matches!(parts[1], Part::Properties(set) if set.is_empty()));
        let refr = decode(0x1234, TYPE_REFR, 0, &data);
        let parts: Vec<Part<'_>> = refr.get(0).unwrap().parts().collect();
        assert_eq!(parts, [Part::Remainder { bytes: &data }]);
    }

    #[test]
    fn the_player_temporary_attributes_belong_to_the_actor_record_only() {
        let mut data = vec![0u8; TEMP_ATTRIBUTES];
        data.extend([3, 0, 0]);
        let achr = decode(PLAYER_REF.0, TYPE_ACHR, 0, &data);
        let c = achr.get(0).unwrap();
        let parts: Vec<Part<'_>> = c.parts().collect();
        assert!(
            matches!(parts[0], Part::TempAttributes { bytes } if bytes.len() == TEMP_ATTRIBUTES)
        );
        assert_eq!(parts[1], Part::ActorFlag { value: 3 });
        assert_eq!(c.coverage(), (data.len(), 0));
        // A REFR of the same form ID reads neither.
        let refr = decode(PLAYER_REF.0, TYPE_REFR, 0, &data);
        let c = refr.get(0).unwrap();
        assert!(matches!(
            c.parts().collect::<Vec<_>>()[..],
            [Part::Remainder { .. }]
        ));
    }

    const TEMP_ATTRIBUTES: usize = super::super::change::TEMP_ATTRIBUTES_LEN;

    #[test]
    fn a_created_object_with_bit_0_keeps_the_rest_of_its_data_unread() {
        let mut data = vec![];
        data.extend(1u32.to_le_bytes()); // created flags, bit 0
        data.extend(7u32.to_le_bytes()); // base
        data.extend([0u8; 28]); // placement
        data.extend([9, 9]);
        let flags = bits::CREATED | bits::SCALE;
        let refr = decode(0xFF00_0001, TYPE_REFR, flags, &data);
        let parts: Vec<Part<'_>> = refr.get(0).unwrap().parts().collect();
        assert!(matches!(
            parts[0],
            Part::Created {
                flags: 1,
                base: 7,
                ..
            }
        ));
        assert_eq!(parts[1], Part::Remainder { bytes: &[9, 9] });
        assert_eq!(parts.len(), 2);
    }

    #[test]
    fn a_part_that_fails_keeps_everything_from_its_start_raw_with_a_located_note() {
        // Form flags, then an inventory claiming 0x100 items in 4 bytes.
        let data = [0xAA, 0, 0, 0, 0, 1, 0, 0, 0, 0];
        let flags = bits::FORM_FLAGS | bits::INVENTORY;
        let records = decode(0x1234, TYPE_REFR, flags, &data);
        let c = records.get(0).unwrap();
        let parts: Vec<Part<'_>> = c.parts().collect();
        assert_eq!(parts[0], Part::FormFlags { flags: 0xAA });
        let Part::Raw { bytes, note } = parts[1] else {
            panic!("{parts:?}")
        };
        assert_eq!(bytes, &data[4..]);
        assert_eq!(
            note,
            "change record 0x00001234 REFR at 0x200: at offset 0x212: inventory items: \
             count 256 needs at least 3072 bytes, only 4 remain (in inventory at 0x210)"
        );
        assert_eq!(c.data_bytes(), data);
    }

    #[test]
    fn a_part_kind_given_a_layout_it_cannot_hold_is_a_note_not_a_panic() {
        static WRONG: ChangeTable = ChangeTable {
            name: "wrong",
            steps: &[Step::Part(part(
                PartKind::Factions,
                When::Always,
                Layout::U32,
                "factions",
            ))],
        };
        let mut chunk = Chunk::default();
        let data = [1, 2, 3, 4, 5];
        let mut r = Reader::new(&data, 0x10);
        let mut done = 0;
        let mut allowed = AllowedSteps::new();
        let mut rec = Record {
            r: &mut r,
            allowed: &mut allowed,
            done: &mut done,
            facts: Facts {
                flags: 0,
                actor: false,
                player: false,
                bytes_left: data.len(),
                created_flags: None,
            },
            player_name: b"",
        };
        let e = chunk.read_by_table(&WRONG, &mut rec).unwrap_err();
        assert_eq!(
            e.to_string(),
            "at offset 0x10: factions: a Factions part cannot be laid out as U32"
        );
        assert_eq!(done, 0);
        assert!(chunk.parts.is_empty());
    }

    /// A value of the kind each layout reads.
    fn sample(layout: Layout) -> Read<'static> {
        const BYTES: &[u8] = &[0; 876];
        let span = Span::new(0, 0);
        let placement = Placement {
            cell: 0,
            position: [0.0; 3],
            rotation: [0.0; 3],
        };
        match layout {
            Layout::U8 => Read::U8(0),
            Layout::U32 => Read::U32(0),
            Layout::F32 => Read::F32(0.0),
            Layout::Bytes(n) => Read::Bytes(&BYTES[..n]),
            Layout::Rest => Read::Bytes(&BYTES[..3]),
            Layout::PlayerCharacter => Read::PlayerCharacter(&BYTES[..3]),
            Layout::CellPosition => Read::CellPosition {
                cell: 0,
                position: [0.0; 3],
            },
            Layout::Placement => Read::Placement(placement),
            Layout::CreatedPlacement => Read::Created {
                flags: 0,
                base: 0,
                placement,
            },
            Layout::Inventory => Read::Inventory(span),
            Layout::Properties => Read::Properties(span),
            Layout::ShortBlock => Read::Block(BYTES),
            Layout::ActorBaseData => Read::BaseData(ActorBaseData {
                flags: 0,
                spell_points: 0,
                fatigue: 0,
                barter_gold: 0,
                level: 0,
                calc_min: 0,
                calc_max: 0,
            }),
            Layout::FactionRanks => Read::Factions(span),
            Layout::Irefs => Read::Irefs(span),
            Layout::ActorValueModifiers => Read::Modifiers(span),
            Layout::ShortText => Read::Text(BYTES),
            Layout::Grid => Read::Grid {
                world: 0,
                x: 0,
                y: 0,
            },
            Layout::InteriorSeenData => Read::Bytes(&BYTES[..36]),
            Layout::U16s => Read::U16s(BYTES),
            Layout::QuestStages => Read::QuestStages {
                stages: span,
                entries: span,
            },
            Layout::ScriptVars => Read::ScriptVars {
                vars: span,
                trailer: 0,
            },
            Layout::FactionReactions => Read::Reactions(span),
        }
    }

    #[test]
    fn every_declared_part_can_hold_what_its_layout_reads() {
        let kinds = [
            TYPE_REFR, TYPE_ACHR, TYPE_NPC, TYPE_CELL, TYPE_QUST, TYPE_FACT, TYPE_BOOK, 33, 57,
        ];
        let mut checked = 0;
        for kind in kinds {
            for decl in table_for(kind).parts() {
                let mut chunk = Chunk::default();
                let read = sample(decl.layout);
                let held = match (decl.part, read) {
                    (PartKind::PlayerCharacter, Read::PlayerCharacter(_)) => true,
                    (k, read) => chunk.part_of(k, read).is_some(),
                };
                assert!(
                    held,
                    "{}: {:?} as {:?}",
                    table_for(kind).name,
                    decl.part,
                    decl.layout
                );
                checked += 1;
            }
        }
        // 17 reference parts, 11 actor-base, 8 cell, 3 quest, 2 faction, 3
        // book, 2 item, 1 other (the reference table once per REFR, ACHR).
        assert_eq!(checked, 17 * 2 + 11 + 8 + 3 + 2 + 3 + 2 + 1);
    }
}
