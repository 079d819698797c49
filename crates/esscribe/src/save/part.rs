//! The decoded parts of a reference's change record: what the store holds
//! for each, read back as typed values, and written again.

use super::forms::{
    ActorBaseData, ActorValueModifier, FactionRank, FactionReaction, QuestLogEntry, QuestStage,
};
use super::inventory::Inventory;
use super::properties::{PropertySet, ScriptVar};
use super::ser_hex;
use super::store::{Chunk, PartData, Placement};
use crate::io::{Reader, Result, WriteLe};
use serde::Serialize;

/// One decoded part of a reference's change record, in file order.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
#[serde(tag = "part", rename_all = "snake_case")]
pub enum Part<'s> {
    /// The cell and position the reference started in before it changed
    /// cells.
    CellChanged {
        /// The original cell, as an iref.
        cell: u32,
        /// The original position (x, y, z).
        position: [f32; 3],
    },
    /// A reference created in game: flags, base object and placement.
    Created {
        /// Flags of the created reference as stored (bit 0: further data of
        /// unknown layout follows).
        flags: u32,
        /// The base object, as an iref.
        base: u32,
        /// Where it was placed.
        placement: Placement,
    },
    /// Flag 0x4: where the reference was moved to.
    Moved {
        /// Cell, position and rotation.
        placement: Placement,
    },
    /// A stub actor record's move: only the cell iref.
    MovedCell {
        /// The cell, as an iref.
        cell: u32,
    },
    /// Flag 0x8: where physics moved the reference to (when it was neither
    /// created nor moved).
    HavokMoved {
        /// Cell, position and rotation.
        placement: Placement,
    },
    /// A form ID or an iref of the Oblivion cell or world holding it.
    OblivionCell {
        /// The cell or world, as a form ID or an iref.
        cell: u32,
    },
    /// The player's temporary attribute changes (219 f32), kept as bytes
    /// and shown as numbers.
    TempAttributes {
        /// The 876 bytes (219 f32), as stored.
        #[serde(serialize_with = "ser_hex::f32s")]
        bytes: &'s [u8],
    },
    /// Actor flag: 0 high, 1 mid high, 2 mid low, 3 low, 0xFF none.
    ActorFlag {
        /// The byte as stored.
        value: u8,
    },
    /// Flag 0x1: the reference's current form flags.
    FormFlags {
        /// The form flags as stored.
        flags: u32,
    },
    /// Flag 0x8000000: inventory changes.
    Inventory(Inventory<'s>),
    /// The properties section: always for actors, and for REFR records when
    /// a property-bearing flag is set.
    Properties(PropertySet<'s>),
    /// Flag 0x2000000, REFR only: the animation block.
    Animation {
        /// The block's bytes, without its u16 length.
        #[serde(serialize_with = "ser_hex::bytes")]
        bytes: &'s [u8],
    },
    /// The Havok (physics) block: with flag 0x8, or flag 0x800 on a REFR.
    Havok {
        /// The block's bytes, without its u16 length.
        #[serde(serialize_with = "ser_hex::bytes")]
        bytes: &'s [u8],
    },
    /// Flag 0x10: the reference's scale.
    Scale {
        /// The scale (1.0 is normal size).
        scale: f32,
    },
    /// An actor base's eight attributes, Strength to Luck.
    Attributes {
        /// Base values, one byte each: Strength, Intelligence, Willpower,
        /// Agility, Speed, Endurance, Personality, Luck.
        values: [u8; 8],
    },
    /// An actor base's base data (flags, level, ...).
    BaseData(ActorBaseData),
    /// An actor base's factions and ranks.
    Factions {
        /// Each faction (an iref) with the rank held, in stored order.
        factions: &'s [FactionRank],
    },
    /// An actor base's spells (irefs).
    Spells {
        /// The spells, as irefs, in stored order (the u16 count before
        /// them is not kept).
        spells: &'s [u32],
    },
    /// An actor base's AI data: aggression, confidence, energy,
    /// responsibility.
    AiData {
        /// Aggression, confidence, energy and responsibility, one byte
        /// each.
        values: [u8; 4],
    },
    /// An actor base's base health.
    BaseHealth {
        /// Base health, in points.
        health: u32,
    },
    /// An actor base's actor-value modifiers.
    BaseModifiers {
        /// Each actor value changed, with its modifier, in stored order.
        modifiers: &'s [ActorValueModifier],
    },
    /// The name of an actor base or of a cell.
    FullName {
        /// The name's bytes (Windows-1252), without the u8 length before
        /// them.
        #[serde(serialize_with = "ser_hex::text")]
        name: &'s [u8],
    },
    /// An actor base's 21 skills, Armorer to Speechcraft.
    Skills {
        /// Base values, one byte each, in actor-value order: Armorer,
        /// Athletics, Blade, ... Speechcraft.
        values: [u8; 21],
    },
    /// An actor base's combat style (an iref).
    CombatStyle {
        /// The combat style, as an iref.
        iref: u32,
    },
    /// The player's looks: FaceGen data, race, hair, eyes, hair length
    /// and colour, gender.
    PlayerLooks(PlayerLooks<'s>),
    /// The player's name, as the player's reference record stores it.
    PlayerName {
        /// The name's bytes (Windows-1252), without the length byte before
        /// them and the NUL after them.
        #[serde(serialize_with = "ser_hex::text")]
        name: &'s [u8],
    },
    /// The player's class (an iref).
    PlayerClass {
        /// The class, as an iref.
        class: u32,
    },
    /// Flags of a cell, quest or faction (u8).
    Flags {
        /// The byte as stored.
        flags: u8,
    },
    /// An exterior cell's place: its world space (an index into the
    /// save's world-space list) and grid coordinates.
    Grid {
        /// Index into the world-space list at the end of the save.
        world: u16,
        /// The cell's X on the world's cell grid.
        x: i8,
        /// The cell's Y on the world's cell grid.
        y: i8,
    },
    /// When a cell was detached (game hours).
    DetachTime {
        /// The time the cell was detached, as the game stores it.
        time: u32,
    },
    /// What of a cell the map shows as seen: 16 × 16 bit blocks.
    SeenData {
        /// The data as stored: 32 bytes in an exterior cell; in an
        /// interior, a 32-byte block, a u16 block count n and
        /// 2 + 34 · (n − 1) bytes more.
        #[serde(serialize_with = "ser_hex::bytes")]
        bytes: &'s [u8],
    },
    /// A cell's changed pathgrid points (u16 each).
    Pathgrid {
        /// The stored u16 values, two bytes each, without the u16 count
        /// before them.
        #[serde(serialize_with = "ser_hex::u16s")]
        points: &'s [u8],
    },
    /// A cell's owner (an iref).
    Owner {
        /// The owner, as an iref.
        owner: u32,
    },
    /// A quest's stages and their log entries.
    QuestStages {
        /// Every stage the record stores, each with its log entries.
        stages: QuestStages<'s>,
    },
    /// A quest script's variables.
    ScriptVars {
        /// The variables, in stored order (a u16 count is stored before
        /// them).
        vars: &'s [ScriptVar],
        /// The byte that closes the list, as stored.
        trailer: u8,
    },
    /// A faction's reactions to other factions.
    Reactions {
        /// Each other faction (an iref) with the reaction modifier, in
        /// stored order.
        reactions: &'s [FactionReaction],
    },
    /// An item's value in gold.
    Value {
        /// The new value, in gold.
        value: u32,
    },
    /// The skill a book teaches (0xFF once read).
    Teaches {
        /// The skill's actor value code (12 Armorer to 32 Speechcraft), as
        /// in the plugin's BOOK data; 0xFF (none) once the book is read.
        skill: u8,
    },
    /// Trailing data of a known place whose layout is not understood.
    Remainder {
        /// The bytes, as stored.
        #[serde(serialize_with = "ser_hex::bytes")]
        bytes: &'s [u8],
    },
    /// Bytes kept as they were because decoding stopped here; `note` says
    /// where and why.
    Raw {
        /// The bytes, as stored.
        #[serde(serialize_with = "ser_hex::bytes")]
        bytes: &'s [u8],
        /// Where and why decoding stopped.
        note: &'s str,
    },
}

/// The player's looks, stored before the name in the player's reference
/// record.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct PlayerLooks<'s> {
    /// FaceGen data: symmetric geometry (200 bytes), asymmetric geometry
    /// (120) and texture (200).
    #[serde(serialize_with = "ser_hex::bytes")]
    pub face: &'s [u8],
    /// The race, as an iref.
    pub race: u32,
    /// The hair, as an iref.
    pub hair: u32,
    /// The eyes, as an iref.
    pub eyes: u32,
    /// Hair length, as the plugin's NPC_ LNAM holds it.
    pub hair_length: f32,
    /// Red, green, blue.
    pub hair_color: [u8; 3],
    /// The colour's fourth byte, unused as in the plugin's HCLR; kept to
    /// be written back.
    pub unused: u8,
    /// 0 male, 1 female.
    pub gender: u8,
}

/// A quest's stages, each with its log entries.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct QuestStages<'s> {
    /// The stages, in stored order.
    pub stages: &'s [QuestStage],
    /// The log entries of every stage, one after another.
    pub entries: &'s [QuestLogEntry],
}

impl<'s> QuestStages<'s> {
    /// Each stage with its log entries.
    pub fn iter(&self) -> impl Iterator<Item = (QuestStage, &'s [QuestLogEntry])> + 's {
        let entries = self.entries;
        let mut at = 0usize;
        self.stages.iter().map(move |s| {
            let n = s.entry_count as usize;
            let e = entries.get(at..at + n).unwrap_or(&[]);
            at += n;
            (*s, e)
        })
    }
}

impl Serialize for QuestStages<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
        #[derive(Serialize)]
        struct Stage<'a> {
            stage: u8,
            flags: u8,
            entries: &'a [QuestLogEntry],
        }
        s.collect_seq(self.iter().map(|(st, e)| Stage {
            stage: st.stage,
            flags: st.flags,
            entries: e,
        }))
    }
}

impl Chunk {
    pub(super) fn part(&self, p: &PartData) -> Part<'_> {
        match *p {
            PartData::CellChanged { cell, position } => Part::CellChanged { cell, position },
            PartData::Created {
                flags,
                base,
                placement,
            } => Part::Created {
                flags,
                base,
                placement,
            },
            PartData::Moved { placement } => Part::Moved { placement },
            PartData::MovedCell { cell } => Part::MovedCell { cell },
            PartData::HavokMoved { placement } => Part::HavokMoved { placement },
            PartData::OblivionCell { cell } => Part::OblivionCell { cell },
            PartData::TempAttributes(s) => Part::TempAttributes {
                bytes: s.of(&self.bytes),
            },
            PartData::ActorFlag(value) => Part::ActorFlag { value },
            PartData::FormFlags(flags) => Part::FormFlags { flags },
            PartData::Inventory(s) => Part::Inventory(Inventory::new(self, s)),
            PartData::Properties(s) => Part::Properties(PropertySet::new(self, s)),
            PartData::Animation(s) => Part::Animation {
                bytes: s.of(&self.bytes),
            },
            PartData::Havok(s) => Part::Havok {
                bytes: s.of(&self.bytes),
            },
            PartData::Scale(scale) => Part::Scale { scale },
            PartData::Attributes(values) => Part::Attributes { values },
            PartData::BaseData(d) => Part::BaseData(d),
            PartData::Factions(s) => Part::Factions {
                factions: s.of(&self.factions),
            },
            PartData::Spells(s) => Part::Spells {
                spells: s.of(&self.u32s),
            },
            PartData::AiData(values) => Part::AiData { values },
            PartData::BaseHealth(health) => Part::BaseHealth { health },
            PartData::BaseModifiers(s) => Part::BaseModifiers {
                modifiers: s.of(&self.modifiers),
            },
            PartData::FullName(s) => Part::FullName {
                name: s.of(&self.bytes),
            },
            PartData::Skills(values) => Part::Skills { values },
            PartData::CombatStyle(iref) => Part::CombatStyle { iref },
            PartData::PlayerLooks(i) => {
                let l = &self.looks[i as usize];
                Part::PlayerLooks(PlayerLooks {
                    face: l.face.of(&self.bytes),
                    race: l.race,
                    hair: l.hair,
                    eyes: l.eyes,
                    hair_length: l.hair_length,
                    hair_color: l.hair_color,
                    unused: l.unused,
                    gender: l.gender,
                })
            }
            PartData::PlayerName(s) => Part::PlayerName {
                name: s.of(&self.bytes),
            },
            PartData::PlayerClass(class) => Part::PlayerClass { class },
            PartData::ByteFlags(flags) => Part::Flags { flags },
            PartData::Grid { world, x, y } => Part::Grid { world, x, y },
            PartData::DetachTime(time) => Part::DetachTime { time },
            PartData::SeenData(s) => Part::SeenData {
                bytes: s.of(&self.bytes),
            },
            PartData::Pathgrid(s) => Part::Pathgrid {
                points: s.of(&self.bytes),
            },
            PartData::Owner(owner) => Part::Owner { owner },
            PartData::QuestStages { stages, entries } => Part::QuestStages {
                stages: QuestStages {
                    stages: stages.of(&self.stages),
                    entries: entries.of(&self.entries),
                },
            },
            PartData::ScriptVars { vars, trailer } => Part::ScriptVars {
                vars: vars.of(&self.vars),
                trailer,
            },
            PartData::Reactions(s) => Part::Reactions {
                reactions: s.of(&self.reactions),
            },
            PartData::Value(value) => Part::Value { value },
            PartData::Teaches(skill) => Part::Teaches { skill },
            PartData::Remainder(s) => Part::Remainder {
                bytes: s.of(&self.bytes),
            },
            PartData::Raw { bytes, note } => Part::Raw {
                bytes: bytes.of(&self.bytes),
                note: &self.notes[note as usize],
            },
        }
    }
}

pub(super) fn read_f3(r: &mut Reader<'_>, what: &str) -> Result<[f32; 3]> {
    Ok([r.f32(what)?, r.f32(what)?, r.f32(what)?])
}

pub(super) fn read_placement(r: &mut Reader<'_>) -> Result<Placement> {
    Ok(Placement {
        cell: r.u32("cell iref")?,
        position: read_f3(r, "position")?,
        rotation: read_f3(r, "rotation")?,
    })
}

fn put_placement(out: &mut Vec<u8>, p: &Placement) {
    out.put_u32(p.cell);
    for x in p.position.iter().chain(&p.rotation) {
        out.put_f32(*x);
    }
}

fn put_short_block(out: &mut Vec<u8>, bytes: &[u8]) {
    out.put_u16(bytes.len() as u16);
    out.put(bytes);
}

impl Part<'_> {
    /// Writes the part exactly as it is stored.
    pub fn write(&self, out: &mut Vec<u8>) {
        match self {
            Part::CellChanged { cell, position } => {
                out.put_u32(*cell);
                for x in position {
                    out.put_f32(*x);
                }
            }
            Part::Created {
                flags,
                base,
                placement,
            } => {
                out.put_u32(*flags);
                out.put_u32(*base);
                put_placement(out, placement);
            }
            Part::Moved { placement } | Part::HavokMoved { placement } => {
                put_placement(out, placement)
            }
            Part::OblivionCell { cell } | Part::MovedCell { cell } => out.put_u32(*cell),
            Part::TempAttributes { bytes } | Part::Remainder { bytes } => out.put(bytes),
            Part::Raw { bytes, .. } => out.put(bytes),
            Part::ActorFlag { value } => out.put_u8(*value),
            Part::FormFlags { flags } => out.put_u32(*flags),
            Part::Inventory(inv) => inv.write(out),
            Part::Properties(set) => set.write(out),
            Part::Animation { bytes } | Part::Havok { bytes } => put_short_block(out, bytes),
            Part::Scale { scale } => out.put_f32(*scale),
            Part::Attributes { values } => out.put(values),
            Part::BaseData(d) => {
                out.put_u32(d.flags);
                out.put_u16(d.spell_points);
                out.put_u16(d.fatigue);
                out.put_u16(d.barter_gold);
                out.put_u16(d.level as u16);
                out.put_u16(d.calc_min);
                out.put_u16(d.calc_max);
            }
            Part::Factions { factions } => {
                out.put_u16(factions.len() as u16);
                for f in *factions {
                    out.put_u32(f.faction);
                    out.put_u8(f.rank as u8);
                }
            }
            Part::Spells { spells } => {
                out.put_u16(spells.len() as u16);
                for s in *spells {
                    out.put_u32(*s);
                }
            }
            Part::AiData { values } => out.put(values),
            Part::BaseHealth { health } => out.put_u32(*health),
            Part::BaseModifiers { modifiers } => {
                out.put_u16(modifiers.len() as u16);
                for m in *modifiers {
                    out.put_u8(m.actor_value);
                    out.put_f32(m.value);
                }
            }
            Part::FullName { name } => {
                out.put_u8(name.len() as u8);
                out.put(name);
            }
            Part::Skills { values } => out.put(values),
            Part::CombatStyle { iref } | Part::PlayerClass { class: iref } => out.put_u32(*iref),
            Part::PlayerLooks(l) => {
                out.put(l.face);
                out.put_u32(l.race);
                out.put_u32(l.hair);
                out.put_u32(l.eyes);
                out.put_f32(l.hair_length);
                out.put(&l.hair_color);
                out.put_u8(l.unused);
                out.put_u8(l.gender);
            }
            Part::Flags { flags } => out.put_u8(*flags),
            Part::Teaches { skill } => out.put_u8(*skill),
            Part::SeenData { bytes } => out.put(bytes),
            Part::Grid { world, x, y } => {
                out.put_u16(*world);
                out.put_u8(*x as u8);
                out.put_u8(*y as u8);
            }
            Part::DetachTime { time: v } | Part::Owner { owner: v } | Part::Value { value: v } => {
                out.put_u32(*v)
            }
            Part::Pathgrid { points } => {
                out.put_u16((points.len() / 2) as u16);
                out.put(points);
            }
            Part::QuestStages { stages: q } => {
                out.put_u8(q.stages.len() as u8);
                for (st, entries) in q.iter() {
                    out.put_u8(st.stage);
                    out.put_u8(st.flags);
                    out.put_u8(st.entry_count);
                    for e in entries {
                        out.put_u8(e.index);
                        out.put(&e.data);
                    }
                }
            }
            Part::ScriptVars { vars, trailer } => {
                out.put_u16(vars.len() as u16);
                for v in *vars {
                    out.put_u16(v.index);
                    out.put_u16(v.var_type);
                    match v.value {
                        super::properties::VarValue::Number(x) => out.put(&x.to_le_bytes()),
                        super::properties::VarValue::Reference(x) => out.put_u32(x),
                    }
                }
                out.put_u8(*trailer);
            }
            Part::Reactions { reactions } => {
                out.put_u16(reactions.len() as u16);
                for r in *reactions {
                    out.put_u32(r.faction);
                    out.put_i32(r.modifier);
                }
            }
            Part::PlayerName { name } => {
                out.put_u8(name.len() as u8 + 1);
                out.put(name);
                out.put_u8(0);
            }
        }
    }

    /// Bytes this part takes when written.
    pub fn encoded_len(&self) -> usize {
        let mut v = Vec::new();
        self.write(&mut v);
        v.len()
    }

    /// Whether the part's bytes are understood (not kept raw).
    pub fn is_decoded(&self) -> bool {
        !matches!(self, Part::Raw { .. } | Part::Remainder { .. })
    }
}
