//! The player's character, gathered from where a save keeps it: the save
//! header (name, level), the player's actor base change record 0x00000007
//! (attributes, skills, base health, spells, factions, level), the
//! player's reference record 0x00000014 (place, actor-value modifiers,
//! looks, class) and the global data (cell, position).

use serde::Serialize;

use super::change::{Part, TEMP_ATTRIBUTES_LEN};
use super::forms::{actor_value_name, ActorBaseData, FIRST_SKILL, PLAYER_BASE, TYPE_NPC};
use super::SaveFile;
use crate::io::FormId;

/// Actor values in each block of the player's temporary attribute changes.
pub const MODIFIER_BLOCK_LEN: usize = 72;

/// One attribute, skill or other actor value of the player: the base the
/// save stores and the changes it holds on top of it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Stat {
    /// Actor value code.
    pub code: usize,
    /// The actor value's name ("Strength", "Hand to Hand", ...).
    pub name: String,
    /// Base value from the player's actor base record, where stored.
    pub base: Option<f32>,
    /// Change by active magic effects (first block of the temporary
    /// attribute changes: fortify, feather, chameleon...).
    pub magic: f32,
    /// Change by scripts (second block: ModAV, fame and infamy).
    pub script: f32,
    /// Damage (third block: drained or damaged values, never positive in
    /// real saves).
    pub damage: f32,
}

impl Stat {
    /// The base with every change added.
    pub fn current(&self) -> Option<f32> {
        self.base
            .map(|b| b + self.magic + self.script + self.damage)
    }

    /// Whether the save holds any change to the value.
    pub fn changed(&self) -> bool {
        self.magic != 0.0 || self.script != 0.0 || self.damage != 0.0
    }
}

/// A faction the player belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct PlayerFaction {
    /// The faction's form ID (None when its iref does not resolve).
    pub faction: Option<FormId>,
    /// Rank, from 0; -1 for expelled or not yet a member.
    pub rank: i8,
}

/// The player's character as a save holds it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Player {
    /// Name from the save header.
    pub name: String,
    /// Level from the save header.
    pub level: u16,
    /// Base data of the player's actor base, whose level field is the
    /// player's level.
    pub base_data: Option<ActorBaseData>,
    /// The race, from the looks in the player's reference record; None
    /// when the looks are not found there or the iref does not resolve.
    pub race: Option<FormId>,
    /// The class, from the player's reference record; None when it is not
    /// found there or the iref does not resolve.
    pub class: Option<FormId>,
    /// The hair, from the looks in the player's reference record; None as
    /// for `race`.
    pub hair: Option<FormId>,
    /// The eyes, from the looks in the player's reference record; None as
    /// for `race`.
    pub eyes: Option<FormId>,
    /// "male" or "female".
    pub gender: Option<&'static str>,
    /// Strength to Luck.
    pub attributes: Vec<Stat>,
    /// Armorer to Speechcraft.
    pub skills: Vec<Stat>,
    /// Health, magicka, fatigue and encumbrance; only health has a stored
    /// base.
    pub derived: Vec<Stat>,
    /// Other actor values the save changes (resistances, bounty, fame,
    /// infamy...).
    pub other: Vec<Stat>,
    /// The three values after the blocks of temporary attribute changes,
    /// whose meaning is not confirmed.
    pub modifier_tail: Vec<f32>,
    /// Base modifiers of the actor base: actor value name and value.
    pub base_modifiers: Vec<(String, f32)>,
    /// The spells of the player's actor base record, in stored order;
    /// None where an iref does not resolve. Empty when the record holds
    /// no spell list.
    pub spells: Vec<Option<FormId>>,
    /// The factions of the player's actor base record, in stored order;
    /// empty when the record holds none.
    pub factions: Vec<PlayerFaction>,
    /// The player's cell, from the global data.
    pub cell: FormId,
    /// The world space, from the global data's world ID.
    pub world: FormId,
    /// The player's position (x, y, z) in game units, from the global
    /// data.
    pub position: [f32; 3],
    /// Rotation (x, y, z) in radians, from the moved, havok-moved or
    /// created placement of the player's reference record; None when it
    /// stores none.
    pub rotation: Option<[f32; 3]>,
}

impl SaveFile {
    /// The player's character: what the save stores of it, with irefs
    /// resolved. Parts the save does not hold are left empty.
    pub fn player_character(&self) -> Player {
        let mut base_data = None;
        let mut attributes = None;
        let mut skills = None;
        let mut health = None;
        let mut spells = Vec::new();
        let mut factions = Vec::new();
        let mut base_modifiers = Vec::new();
        if let Some(npc) = self.change(PLAYER_BASE, Some(TYPE_NPC)) {
            for p in npc.parts() {
                match p {
                    Part::BaseData(d) => base_data = Some(d),
                    Part::Attributes { values } => attributes = Some(values),
                    Part::Skills { values } => skills = Some(values),
                    Part::BaseHealth { health: h } => health = Some(h),
                    Part::Spells { spells: s } => {
                        spells = s.iter().map(|&i| self.resolve(i)).collect()
                    }
                    Part::Factions { factions: f } => {
                        factions = f
                            .iter()
                            .map(|f| PlayerFaction {
                                faction: self.resolve(f.faction),
                                rank: f.rank,
                            })
                            .collect()
                    }
                    Part::BaseModifiers { modifiers } => {
                        base_modifiers = modifiers
                            .iter()
                            .map(|m| (actor_value_name(m.actor_value as usize), m.value))
                            .collect()
                    }
                    _ => {}
                }
            }
        }
        let mut modifiers = vec![0.0f32; TEMP_ATTRIBUTES_LEN / 4];
        let mut looks = None;
        let mut class = None;
        let mut rotation = None;
        if let Some(me) = self.player() {
            rotation = me.placement().map(|p| p.rotation);
            for p in me.parts() {
                match p {
                    Part::TempAttributes { bytes } => {
                        for (m, c) in modifiers.iter_mut().zip(bytes.chunks_exact(4)) {
                            *m = f32::from_le_bytes([c[0], c[1], c[2], c[3]]);
                        }
                    }
                    Part::PlayerLooks(l) => looks = Some(l),
                    Part::PlayerClass { class: c } => class = self.resolve(c),
                    _ => {}
                }
            }
        }
        let stat = |code: usize, base: Option<f32>| Stat {
            code,
            name: actor_value_name(code),
            base,
            magic: modifiers[code],
            script: modifiers[MODIFIER_BLOCK_LEN + code],
            damage: modifiers[2 * MODIFIER_BLOCK_LEN + code],
        };
        let attributes = (0..8)
            .map(|i| stat(i, attributes.map(|a| a[i] as f32)))
            .collect();
        let skills = (0..21)
            .map(|i| stat(FIRST_SKILL + i, skills.map(|s| s[i] as f32)))
            .collect();
        let derived = vec![
            stat(8, health.map(|h| h as f32)),
            stat(9, None),
            stat(10, None),
            stat(11, None),
        ];
        let other = (FIRST_SKILL + 21..MODIFIER_BLOCK_LEN)
            .map(|c| stat(c, None))
            .filter(Stat::changed)
            .collect();
        let h = &self.header;
        Player {
            name: h.player_name.text(),
            level: h.level,
            base_data,
            race: looks.and_then(|l| self.resolve(l.race)),
            class,
            hair: looks.and_then(|l| self.resolve(l.hair)),
            eyes: looks.and_then(|l| self.resolve(l.eyes)),
            gender: looks.and_then(|l| match l.gender {
                0 => Some("male"),
                1 => Some("female"),
                _ => None,
            }),
            attributes,
            skills,
            derived,
            other,
            modifier_tail: modifiers[3 * MODIFIER_BLOCK_LEN..].to_vec(),
            base_modifiers,
            spells,
            factions,
            cell: self.global.player_cell,
            world: self.global.world_id,
            position: self.global.player_position,
            rotation,
        }
    }
}
