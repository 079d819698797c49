//! Oblivion saves of the real-file corpus read by the declared change
//! record tables: every record's parts come in the order its table
//! declares, and known saves hold the parts they are known to hold.

mod common;

use esscribe::defs::oblivion::save::{table_for, PartKind};
use esscribe::save::{change, ChangeData, Part, SaveFile};
use std::collections::BTreeMap;

/// The declared part a decoded part is, where it is one: `None` for bytes
/// kept raw or as a remainder.
fn kind_of(p: &Part<'_>) -> Option<PartKind> {
    use PartKind as K;
    Some(match p {
        Part::CellChanged { .. } => K::CellChanged,
        Part::Created { .. } => K::Created,
        Part::Moved { .. } => K::Moved,
        Part::MovedCell { .. } => K::MovedCell,
        Part::HavokMoved { .. } => K::HavokMoved,
        Part::OblivionCell { .. } => K::OblivionCell,
        Part::TempAttributes { .. } => K::TempAttributes,
        Part::ActorFlag { .. } => K::ActorFlag,
        Part::FormFlags { .. } => K::FormFlags,
        Part::Inventory(_) => K::Inventory,
        Part::Properties(_) => K::Properties,
        Part::Animation { .. } => K::Animation,
        Part::Havok { .. } => K::Havok,
        Part::Scale { .. } => K::Scale,
        Part::Attributes { .. } => K::Attributes,
        Part::BaseData(_) => K::BaseData,
        Part::Factions { .. } => K::Factions,
        Part::Spells { .. } => K::Spells,
        Part::AiData { .. } => K::AiData,
        Part::BaseHealth { .. } => K::BaseHealth,
        Part::BaseModifiers { .. } => K::BaseModifiers,
        Part::FullName { .. } => K::FullName,
        Part::Skills { .. } => K::Skills,
        Part::CombatStyle { .. } => K::CombatStyle,
        Part::PlayerLooks(_) | Part::PlayerName { .. } | Part::PlayerClass { .. } => {
            K::PlayerCharacter
        }
        Part::Flags { .. } => K::ByteFlags,
        Part::Grid { .. } => K::Grid,
        Part::DetachTime { .. } => K::DetachTime,
        Part::SeenData { .. } => K::SeenData,
        Part::Pathgrid { .. } => K::Pathgrid,
        Part::Owner { .. } => K::Owner,
        Part::QuestStages { .. } => K::QuestStages,
        Part::ScriptVars { .. } => K::ScriptVars,
        Part::Reactions { .. } => K::Reactions,
        Part::Value { .. } => K::Value,
        Part::Teaches { .. } => K::Teaches,
        Part::Remainder { .. } | Part::Raw { .. } => return None,
    })
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn every_corpus_record_holds_its_parts_in_its_tables_order() {
    for path in common::saves_of(esscribe::plugin::Game::Oblivion) {
        let name = path.display().to_string();
        let save = SaveFile::parse(&std::fs::read(&path).unwrap()).unwrap();
        for c in &save.changes {
            let parts = match c.data() {
                ChangeData::Reference { parts } | ChangeData::Form { parts } => parts,
                ChangeData::Raw { .. } => continue,
            };
            let declared: Vec<PartKind> = table_for(c.kind).parts().map(|d| d.part).collect();
            // Each part is found in the table after the one before it (the
            // player's looks, name and class are one declared part).
            let mut at: Option<usize> = None;
            for p in parts {
                let Some(kind) = kind_of(&p) else { continue };
                let from = match (at, kind) {
                    (Some(i), PartKind::PlayerCharacter) if declared[i] == kind => i,
                    (Some(i), _) => i + 1,
                    (None, _) => 0,
                };
                let found = declared[from..].iter().position(|k| *k == kind);
                assert!(
                    found.is_some(),
                    "{name}: {} {}: {kind:?} out of its table's order",
                    c.form_id,
                    c.type_name()
                );
                at = found.map(|f| f + from);
            }
        }
    }
}

/// How many parts of each (record type, part) a save holds.
fn part_counts(save: &SaveFile) -> BTreeMap<(String, String), usize> {
    let mut out = BTreeMap::new();
    for c in &save.changes {
        for p in c.parts() {
            let part = match kind_of(&p) {
                Some(k) => format!("{k:?}"),
                None if matches!(p, Part::Raw { .. }) => "Raw".to_string(),
                None => "Remainder".to_string(),
            };
            *out.entry((c.type_name(), part)).or_insert(0) += 1;
        }
    }
    out
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn known_saves_hold_the_parts_each_table_brings_in() {
    // (save, type, part, count): each table's alternatives and conditions
    // as real saves use them.
    let expected: &[(&str, &str, &str, usize)] = &[
        ("save100.ess", "REFR", "OblivionCell", 494),
        ("save100.ess", "REFR", "HavokMoved", 275),
        ("save100.ess", "REFR", "Moved", 2435),
        ("save100.ess", "REFR", "Created", 122),
        ("save100.ess", "REFR", "Animation", 2566),
        ("save100.ess", "REFR", "Remainder", 28),
        ("save100.ess", "ACRE", "CellChanged", 8),
        ("save100.ess", "ACHR", "MovedCell", 1),
        ("save100.ess", "ACHR", "TempAttributes", 1),
        ("save100.ess", "ACHR", "PlayerCharacter", 3),
        ("save100.ess", "ACHR", "ActorFlag", 2007),
        ("save100.ess", "NPC_", "BaseModifiers", 2),
        ("save100.ess", "CELL", "SeenData", 1951),
        ("save100.ess", "CELL", "Grid", 3972),
        ("save100.ess", "QUST", "ScriptVars", 256),
        ("save100.ess", "FACT", "Reactions", 13),
        ("save100.ess", "BOOK", "Teaches", 16),
        ("save100.ess", "KEYM", "FormFlags", 11),
        ("save002.ess", "REFR", "HavokMoved", 202),
        ("save002.ess", "ACHR", "OblivionCell", 10),
        ("save002.ess", "NPC_", "Skills", 1606),
    ];
    for path in common::saves_of(esscribe::plugin::Game::Oblivion) {
        let file = path.file_name().unwrap().to_string_lossy().to_string();
        let rows: Vec<_> = expected.iter().filter(|e| e.0 == file).collect();
        if rows.is_empty() {
            continue;
        }
        let save = SaveFile::parse(&std::fs::read(&path).unwrap()).unwrap();
        let counts = part_counts(&save);
        for (_, kind, part, n) in rows {
            let got = counts.get(&(kind.to_string(), part.to_string()));
            assert_eq!(got, Some(n), "{file}: {kind} {part}");
        }
        // Only actors hold actor flags, and only objects animation blocks.
        assert_eq!(counts.get(&("REFR".into(), "ActorFlag".into())), None);
        assert_eq!(counts.get(&("ACHR".into(), "Animation".into())), None);
        assert!(!counts.keys().any(|(_, p)| p == "Raw"), "{file}");
        assert!(save.changes.iter().any(|c| c.kind == change::TYPE_ACRE));
    }
}
