use super::actor_base::{actor_bits, ACTOR_BASE};
use super::cell::{cell_bits, CELL};
use super::faction::{faction_bits, FACTION};
use super::item::{item_bits, BOOK, ITEM};
use super::quest::{quest_bits, QUEST};
use super::reference::{bits, REFERENCE};
use super::*;

/// The parts a table brings in for a record's facts, asked where each
/// step is reached, with the bytes left held fixed.
fn present(table: &ChangeTable, facts: Facts) -> Vec<PartKind> {
    let mut out = Vec::new();
    for step in table.steps {
        match step {
            Step::Part(p) if p.when.holds(&facts) => out.push(p.part),
            Step::Part(_) => {}
            Step::Ending { when, parts, .. } if when.holds(&facts) => {
                out.extend(
                    parts
                        .iter()
                        .filter(|p| p.when.holds(&facts))
                        .map(|p| p.part),
                );
                break;
            }
            Step::Ending { .. } => {}
        }
    }
    out
}

fn refr(flags: u32) -> Facts {
    Facts {
        flags,
        actor: false,
        player: false,
        bytes_left: 100,
        created_flags: None,
    }
}

fn achr(flags: u32) -> Facts {
    Facts {
        actor: true,
        ..refr(flags)
    }
}

fn kinds(table: &ChangeTable) -> Vec<PartKind> {
    table.parts().map(|p| p.part).collect()
}

#[test]
fn reference_parts_come_in_the_order_the_format_gives() {
    use PartKind::*;
    assert_eq!(
        kinds(&REFERENCE),
        [
            CellChanged,
            MovedCell,
            ActorFlag,
            Created,
            Remainder,
            Moved,
            HavokMoved,
            OblivionCell,
            TempAttributes,
            ActorFlag,
            FormFlags,
            Inventory,
            Properties,
            Animation,
            Havok,
            Scale,
            PlayerCharacter,
        ]
    );
}

#[test]
fn every_reference_flag_at_once_reads_one_placement_and_the_parts_after_it() {
    use PartKind::*;
    let all = u32::MAX;
    assert_eq!(
        present(&REFERENCE, refr(all)),
        [
            CellChanged,
            Created,
            FormFlags,
            Inventory,
            Properties,
            Animation,
            Havok,
            Scale
        ]
    );
    // An actor: no animation block, the actor flag, and properties
    // whatever the flags.
    assert_eq!(
        present(&REFERENCE, achr(bits::MOVED | bits::HAVOK_MOVED)),
        [Moved, ActorFlag, Properties, Havok]
    );
    assert_eq!(
        present(&REFERENCE, achr(bits::OBLIVION_CELL | bits::HAVOK_MOVED)),
        [HavokMoved, ActorFlag, Properties, Havok]
    );
    assert_eq!(
        present(&REFERENCE, refr(bits::OBLIVION_CELL)),
        [OblivionCell]
    );
}

#[test]
fn actor_only_parts_are_not_read_for_an_object() {
    use PartKind::*;
    let player_refr = Facts {
        player: true,
        ..refr(bits::ANIMATION | bits::HAVOK_EXTRA)
    };
    // The animation bit is also a property bit for objects.
    assert_eq!(
        present(&REFERENCE, player_refr),
        [Properties, Animation, Havok]
    );
    let player_achr = Facts {
        player: true,
        ..achr(bits::ANIMATION | bits::HAVOK_EXTRA)
    };
    assert_eq!(
        present(&REFERENCE, player_achr),
        [TempAttributes, ActorFlag, Properties, PlayerCharacter]
    );
}

#[test]
fn a_stub_actor_move_is_the_cell_and_the_actor_flag_only() {
    use PartKind::*;
    let stub = Facts {
        bytes_left: 5,
        ..achr(bits::MOVED | bits::FORM_FLAGS | bits::SCALE)
    };
    assert_eq!(present(&REFERENCE, stub), [MovedCell, ActorFlag]);
    // Five bytes left in an object's record are no stub.
    let object = Facts {
        bytes_left: 5,
        ..refr(bits::MOVED)
    };
    assert_eq!(present(&REFERENCE, object), [Moved]);
}

#[test]
fn created_objects_with_their_bit_0_end_in_data_of_unknown_layout() {
    use PartKind::*;
    let created = Facts {
        created_flags: Some(1),
        ..refr(bits::CREATED | bits::FORM_FLAGS | bits::SCALE)
    };
    assert_eq!(present(&REFERENCE, created), [Created, Remainder]);
    let actor = Facts {
        created_flags: Some(1),
        ..achr(bits::CREATED | bits::SCALE)
    };
    assert_eq!(
        present(&REFERENCE, actor),
        [Created, ActorFlag, Properties, Scale]
    );
}

#[test]
fn form_tables_store_parts_in_their_own_order_not_the_bits_order() {
    use PartKind::*;
    let all = refr(u32::MAX);
    assert_eq!(
        present(&ACTOR_BASE, all),
        [
            FormFlags,
            Attributes,
            BaseData,
            Factions,
            Spells,
            AiData,
            BaseHealth,
            BaseModifiers,
            FullName,
            Skills,
            CombatStyle
        ]
    );
    // Base health's bit (2) is below the attributes' (3), yet it is
    // stored after the AI data.
    assert_eq!(
        present(
            &ACTOR_BASE,
            refr(actor_bits::BASE_HEALTH | actor_bits::AI_DATA)
        ),
        [AiData, BaseHealth]
    );
    assert_eq!(
        present(&CELL, all),
        [Grid, DetachTime, ByteFlags, SeenData, Pathgrid, FullName, Owner]
    );
    assert_eq!(present(&QUEST, all), [ByteFlags, QuestStages, ScriptVars]);
    assert_eq!(present(&FACTION, all), [Reactions, ByteFlags]);
    assert_eq!(present(&BOOK, all), [FormFlags, Value, Teaches]);
    assert_eq!(present(&ITEM, all), [FormFlags, Value]);
    assert_eq!(present(&OTHER_FORM, all), [FormFlags]);
}

#[test]
fn a_cell_seen_data_is_laid_out_by_whether_the_cell_is_exterior() {
    let layouts = |flags| -> Vec<Layout> {
        CELL.parts()
            .filter(|p| p.part == PartKind::SeenData && p.when.holds(&refr(flags)))
            .map(|p| p.layout)
            .collect()
    };
    assert_eq!(
        layouts(cell_bits::SEEN | cell_bits::GRID),
        [Layout::Bytes(32)]
    );
    assert_eq!(layouts(cell_bits::SEEN), [Layout::InteriorSeenData]);
    assert_eq!(layouts(cell_bits::GRID), []);
}

#[test]
fn each_part_bit_of_a_form_table_brings_in_exactly_its_part() {
    use PartKind::*;
    let one = |table: &ChangeTable, bit: u32| present(table, refr(bit));
    assert_eq!(
        one(&ACTOR_BASE, actor_bits::BASE_MODIFIERS),
        [BaseModifiers]
    );
    assert_eq!(one(&ACTOR_BASE, actor_bits::COMBAT_STYLE), [CombatStyle]);
    assert_eq!(one(&CELL, cell_bits::OWNER), [Owner]);
    // A cell's "created" bit announces no data.
    assert_eq!(one(&CELL, cell_bits::CREATED), []);
    assert_eq!(one(&QUEST, quest_bits::SCRIPT), [ScriptVars]);
    assert_eq!(one(&FACTION, faction_bits::FLAGS), [ByteFlags]);
    assert_eq!(one(&BOOK, item_bits::TEACHES), [Teaches]);
    // Only books give bit 2 a meaning.
    assert_eq!(one(&ITEM, item_bits::TEACHES), []);
}

#[test]
fn types_are_read_by_their_own_table() {
    assert_eq!(table_for(TYPE_ACRE).name, REFERENCE.name);
    assert_eq!(table_for(TYPE_CREA).name, ACTOR_BASE.name);
    assert_eq!(table_for(TYPE_BOOK).name, BOOK.name);
    assert_eq!(table_for(33).name, ITEM.name);
    assert_eq!(table_for(TYPE_PACK).name, OTHER_FORM.name);
    assert!(is_actor_reference(TYPE_ACHR) && !is_actor_reference(TYPE_REFR));
}

#[test]
fn compiled_conditions_answer_as_the_declared_ones() {
    let tables = [
        &REFERENCE,
        &ACTOR_BASE,
        &CELL,
        &QUEST,
        &FACTION,
        &BOOK,
        &ITEM,
        &OTHER_FORM,
    ];
    let mut conditions: Vec<(When, Compiled)> = Vec::new();
    for t in tables {
        for step in t.steps {
            match step {
                Step::Part(p) => conditions.push((p.when, p.test)),
                Step::Ending { when, test, parts } => {
                    conditions.push((*when, *test));
                    conditions.extend(parts.iter().map(|p| (p.when, p.test)));
                }
            }
        }
    }
    // Every single flag bit, no bit, every bit, and pairs of the bits the
    // tables name, each as actor or not, player or not, with 5 bytes left
    // or more, created with bit 0 or not at all.
    let mut flag_sets = vec![0u32, u32::MAX];
    let named = [0, 1, 2, 3, 4, 11, 23, 25, 26, 27, 28, 31];
    for i in 0..32 {
        flag_sets.push(1 << i);
    }
    for a in named {
        for b in named {
            flag_sets.push((1 << a) | (1 << b));
        }
    }
    let mut asked = 0;
    for &flags in &flag_sets {
        for actor in [false, true] {
            for player in [false, true] {
                for bytes_left in [0, 5, 40] {
                    for created_flags in [None, Some(0), Some(1), Some(3)] {
                        let f = Facts {
                            flags,
                            actor,
                            player,
                            bytes_left,
                            created_flags,
                        };
                        for (when, test) in &conditions {
                            assert_eq!(test.holds(&f), when.holds(&f), "{when:?} for {f:?}");
                            // The first sort answers the same where nothing
                            // read decides, and never leaves out a step that
                            // holds.
                            let may = test.may_hold(fact_bits(&f));
                            if !test.is_dynamic() {
                                assert_eq!(may, when.holds(&f), "{when:?} for {f:?}");
                            } else if when.holds(&f) {
                                assert!(may, "{when:?} for {f:?}");
                            }
                            asked += 1;
                        }
                    }
                }
            }
        }
    }
    assert_eq!(asked, flag_sets.len() * 48 * conditions.len());
}

#[test]
fn a_condition_of_every_kind_compiles_to_the_same_answers() {
    // Nested alternatives the tables do not use yet.
    let when = When::All(&[
        When::Either(&[When::Actor, When::Any(0b110)]),
        When::Either(&[When::Player, When::BytesLeft(3)]),
        When::Without {
            bit: 1 << 8,
            without: 1 << 9,
        },
    ]);
    let test = Compiled::of(&when);
    for flags in [
        0u32,
        0b10,
        1 << 8,
        (1 << 8) | 0b100,
        (1 << 8) | (1 << 9) | 0b10,
    ] {
        for actor in [false, true] {
            for player in [false, true] {
                for bytes_left in [3, 4] {
                    let f = Facts {
                        flags,
                        actor,
                        player,
                        bytes_left,
                        created_flags: None,
                    };
                    assert_eq!(test.holds(&f), when.holds(&f), "{f:?}");
                }
            }
        }
    }
    let f = Facts {
        flags: (1 << 8) | 0b100,
        actor: false,
        player: false,
        bytes_left: 3,
        created_flags: None,
    };
    assert!(test.holds(&f));
}

#[test]
fn every_property_flag_selects_the_layout_its_declaration_gives() {
    use super::properties::{PROPERTIES, PROPERTY, UNKNOWN};
    use crate::schema::types::Ty;
    let Ty::Select(select) = PROPERTY[1].ty else {
        panic!("a property's value is chosen by its flag");
    };
    assert_eq!(select.field, PROPERTY[0].name);
    for flag in 0..=255u8 {
        let chosen = select
            .cases
            .iter()
            .find(|(m, _)| m.matches(flag as i64))
            .map_or(select.default, |(_, ty)| *ty);
        let declared = PROPERTIES.iter().find(|d| d.flag == flag);
        let want = declared.map_or(UNKNOWN, |d| d.layout.shape());
        assert_eq!(
            format!("{chosen:?}"),
            format!("{want:?}"),
            "flag 0x{flag:02X}"
        );
    }
    assert_eq!(select.cases.len(), PROPERTIES.len());
}
