//! Oblivion saves from the real-file corpus: every part read, written back
//! exactly, references resolved, known values checked, edits confined to
//! the bytes they change, and damaged input rejected cleanly.

mod common;

use esscribe::save::{change, Property, PropertyValue, SaveFile};
use esscribe::FormId;
use rayon::prelude::*;

/// Every Oblivion save of the corpus, by path, with its bytes.
fn load_all() -> Vec<(String, Vec<u8>)> {
    common::saves_of(esscribe::plugin::Game::Oblivion)
        .into_iter()
        .map(|p| (p.display().to_string(), std::fs::read(&p).unwrap()))
        .collect()
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn every_save_reads_to_its_last_byte_and_writes_back_identically() {
    let saves = load_all();
    saves.par_iter().for_each(|(name, data)| {
        let save = SaveFile::parse(data).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert!(save.trailing.is_empty(), "{name}: trailing bytes");
        let back = save.to_bytes().unwrap();
        assert!(back == *data, "{name}: write-back differs");
    });
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn reference_records_decode() {
    for (name, data) in &load_all() {
        let save = SaveFile::parse(data).unwrap();
        let mut refr = (0usize, 0usize);
        for c in &save.changes {
            match c.kind {
                change::TYPE_REFR => {
                    refr.0 += 1;
                    refr.1 += c.is_exact() as usize;
                    assert!(c.decodes_to_remainder(), "{name}: {:?}", c.stop_note());
                }
                change::TYPE_ACHR | change::TYPE_ACRE => {
                    assert!(c.decodes_to_remainder(), "{name}: {:?}", c.stop_note());
                }
                _ => {}
            }
        }
        // Every save has placed objects that changed; nearly all decode
        // exactly to their end (created references of one kind do not yet).
        assert!(refr.0 > 0, "{name}: no REFR change records");
        let pct = refr.1 as f64 * 100.0 / refr.0 as f64;
        assert!(pct >= 99.5, "{name}: REFR exact: {pct:.3} % of {}", refr.0);
    }
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn every_inventory_item_resolves() {
    for (name, data) in &load_all() {
        let save = SaveFile::parse(data).unwrap();
        let mut items = 0;
        for c in &save.changes {
            let stub = c
                .parts()
                .any(|p| matches!(p, esscribe::save::Part::MovedCell { .. }));
            if c.flags & change::bits::INVENTORY != 0 && matches!(c.kind, 49..=51) && !stub {
                let inv = c
                    .inventory()
                    .unwrap_or_else(|| panic!("{name}: {} has no decoded inventory", c.form_id));
                for item in inv.items() {
                    items += 1;
                    let id = save
                        .resolve(item.iref)
                        .unwrap_or_else(|| panic!("{name}: iref 0x{:X} unresolved", item.iref));
                    if id.master_index() == 0xFF {
                        assert!(
                            save.created_record(id).is_some(),
                            "{name}: {id} not created"
                        );
                    } else {
                        assert!(save.plugin_of(id).is_some(), "{name}: {id} has no plugin");
                    }
                }
            }
        }
        assert!(items > 0, "{name}");
    }
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn save002_known_values() {
    let data = common::file("oblivion-saves/save002.ess");
    let save = SaveFile::parse(&data).unwrap();
    assert_eq!(save.header.player_name.text(), "Onkel Morph");
    assert_eq!(save.header.level, 1);
    assert_eq!(
        save.header.location.text(),
        "Seitliche Höhle - Verschollener Abagarlas"
    );
    assert_eq!(save.plugins[0].text(), "Oblivion.esm");
    let date = save.game_date().unwrap();
    assert_eq!((date.year, date.month, date.day), (433, 7, 28));
    assert_eq!(date.to_string(), "28 Last Seed 3E 433, 05:49");
    let player = save.player().expect("player record");
    let placement = player.placement().expect("player placement");
    assert_eq!(placement.position, save.global.player_position);
    assert_eq!(save.resolve(placement.cell), Some(save.global.player_cell));
    let inv = player.inventory().unwrap();
    let item = inv
        .items()
        .find(|i| save.resolve(i.iref) == Some(FormId(0x0002EE72)))
        .unwrap();
    assert_eq!(item.count, 17);
    // The custom potion in the created data.
    let potion = save.created_record(FormId(0xFF000838)).unwrap();
    assert_eq!(potion.header.sig.to_string(), "ALCH");
    assert_eq!(potion.name().as_deref(), Some("Schaden: Ausdauer"));
    let fx = potion.effects();
    assert_eq!(fx.len(), 1);
    assert_eq!(fx[0].code.to_string(), "DGFA");
    assert_eq!(
        (fx[0].magnitude, fx[0].area, fx[0].duration, fx[0].range),
        (3, 0, 11, 0)
    );
}

fn diff_offsets(a: &[u8], b: &[u8]) -> Vec<usize> {
    assert_eq!(a.len(), b.len());
    (0..a.len()).filter(|&i| a[i] != b[i]).collect()
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn editing_a_count_changes_only_its_bytes() {
    let data = common::file("oblivion-saves/save002.ess");
    let mut save = SaveFile::parse(&data).unwrap();
    save.set_item_count(FormId(0x14), FormId(0x0002EE72), 4242)
        .unwrap();
    let out = save.to_bytes().unwrap();
    let diff = diff_offsets(&data, &out);
    assert!(!diff.is_empty());
    assert!(diff.last().unwrap() - diff[0] < 4, "{diff:?}");
    let back = SaveFile::parse(&out).unwrap();
    let inv = back.player().unwrap().inventory().unwrap();
    let item = inv
        .items()
        .find(|i| back.resolve(i.iref) == Some(FormId(0x0002EE72)))
        .unwrap();
    assert_eq!(item.count, 4242);
    assert_eq!(&data[diff[0] - 4..diff[0]], &out[diff[0] - 4..diff[0]]);

    // Moving the player touches only the 12 position bytes of the global
    // data and the 12 of the player's record.
    let mut save = SaveFile::parse(&data).unwrap();
    save.set_position(FormId(0x14), [1.0, 2.0, 3.0]).unwrap();
    let out = save.to_bytes().unwrap();
    let diff = diff_offsets(&data, &out);
    let player_at = save.player().unwrap().offset as usize;
    let (global, record): (Vec<usize>, Vec<usize>) = diff.iter().partition(|&&i| i < player_at);
    assert!(global.last().unwrap() - global[0] < 12, "{diff:?}");
    assert!(record.last().unwrap() - record[0] < 12, "{diff:?}");
    let back = SaveFile::parse(&out).unwrap();
    assert_eq!(
        back.player().unwrap().placement().unwrap().position,
        [1.0, 2.0, 3.0]
    );
    assert_eq!(back.global.player_position, [1.0, 2.0, 3.0]);
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn growing_a_record_recomputes_sizes_and_offsets() {
    let data = common::file("oblivion-saves/save002.ess");
    let mut save = SaveFile::parse(&data).unwrap();
    let first = save
        .player()
        .unwrap()
        .inventory()
        .unwrap()
        .items()
        .next()
        .unwrap();
    let first = save.resolve(first.iref).unwrap();
    save.add_item_entry(
        FormId(0x14),
        first,
        &[Property::new(0x2b, PropertyValue::F32 { value: 12.5 })],
    )
    .unwrap();
    let out = save.to_bytes().unwrap();
    assert_eq!(out.len(), data.len() + 7);
    let back = SaveFile::parse(&out).unwrap();
    assert_eq!(back.form_ids, save.form_ids);
    assert_eq!(back.changes.len(), save.changes.len());
    let item = back
        .player()
        .unwrap()
        .inventory()
        .unwrap()
        .items()
        .next()
        .unwrap();
    assert_eq!(item.health(), Some(12.5));
    assert_eq!(back.to_bytes().unwrap(), out);

    // A longer player name and potion name: the save-header size and the
    // created record's data size follow.
    let mut save = back;
    save.header.player_name = esscribe::save::BString(b"Onkel M\xfcller-Morph\0".to_vec());
    let potion = save
        .created
        .iter_mut()
        .find(|c| c.header.form_id == FormId(0xFF000838))
        .unwrap();
    let full = potion
        .subrecords
        .iter_mut()
        .find(|s| s.sig.to_string() == "FULL")
        .unwrap();
    full.data = b"Schaden: Ausdauer, stark\0".to_vec();
    let out2 = save.to_bytes().unwrap();
    assert_eq!(out2.len(), out.len() + 7 + 7);
    let back = SaveFile::parse(&out2).unwrap();
    assert_eq!(back.header.player_name.text(), "Onkel Müller-Morph");
    assert_eq!(
        back.created_record(FormId(0xFF000838))
            .unwrap()
            .name()
            .as_deref(),
        Some("Schaden: Ausdauer, stark")
    );
    assert_eq!(back.to_bytes().unwrap(), out2);
}

/// A small fixed-seed generator, so failures reproduce.
struct XorShift(u64);

impl XorShift {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn damaged_input_is_rejected_cleanly() {
    let mut rng = XorShift(0x5EED_0B11_u64.wrapping_mul(0x9E37_79B9));
    for (name, data) in &load_all() {
        // 300 truncation points spread over the file.
        let cuts: Vec<usize> = (0..300).map(|i| i * data.len() / 300).collect();
        cuts.par_iter().for_each(|&len| {
            let result = SaveFile::parse(&data[..len]);
            assert!(result.is_err(), "{name}: truncated to {len} bytes yet read");
        });
        // 600 random byte flips: each read either fails with an offset
        // inside the file or succeeds and writes back exactly the damaged
        // bytes.
        let flips: Vec<(usize, u8)> = (0..600)
            .map(|_| {
                let at = (rng.next() % data.len() as u64) as usize;
                let x = (rng.next() % 255 + 1) as u8;
                (at, x)
            })
            .collect();
        flips.par_chunks(50).for_each(|chunk| {
            let mut bad = data.clone();
            for &(at, x) in chunk {
                bad[at] ^= x;
                match SaveFile::parse(&bad) {
                    Ok(save) => {
                        let out = save.to_bytes().unwrap_or_else(|e| {
                            panic!("{name}: flip at 0x{at:X} reads but does not write: {e}")
                        });
                        assert!(out == bad, "{name}: flip at 0x{at:X}: write-back differs");
                    }
                    Err(e) => {
                        assert!(
                            e.offset <= bad.len() as u64,
                            "{name}: flip at 0x{at:X}: {e}"
                        )
                    }
                }
                bad[at] ^= x;
            }
        });
    }
}

#[test]
fn an_unknown_property_keeps_the_rest_raw_with_a_note() {
    use esscribe::io::Reader;
    use esscribe::save::{ChangeData, ChangeRecords, Part, StoredChange};
    // REFR 0x0001ABCD, flags: form flags + inventory + script (properties).
    let flags: u32 = 1 | (1 << 27) | (1 << 26);
    let mut data = Vec::new();
    data.extend_from_slice(&7u32.to_le_bytes()); // form flags
    data.extend_from_slice(&1u16.to_le_bytes()); // one item
    data.extend_from_slice(&5u32.to_le_bytes()); // iref
    data.extend_from_slice(&2i32.to_le_bytes()); // count
    data.extend_from_slice(&1u32.to_le_bytes()); // one changed entry
    data.extend_from_slice(&[1, 0, 0x1b]); // equipped
    data.extend_from_slice(&[2, 0, 0x1b, 0x7f, 9, 9, 9]); // properties: equipped, unknown 0x7f
    let mut rec = Vec::new();
    rec.extend_from_slice(&0x0001_ABCDu32.to_le_bytes());
    rec.push(49);
    rec.extend_from_slice(&flags.to_le_bytes());
    rec.push(125);
    rec.extend_from_slice(&(data.len() as u16).to_le_bytes());
    rec.extend_from_slice(&data);

    let stored = StoredChange::read(&mut Reader::new(&rec, 0x1F2A)).unwrap();
    let records = ChangeRecords::decode(&[stored]);
    let c = records.get(0).unwrap();
    let ChangeData::Reference { mut parts } = c.data() else {
        panic!("not decoded")
    };
    assert!(matches!(parts.next(), Some(Part::FormFlags { flags: 7 })));
    assert!(c.inventory().unwrap().items().next().unwrap().equipped());
    let note = c.stop_note().unwrap();
    assert!(
        note.contains("change record 0x0001ABCD REFR at 0x1F2A"),
        "{note}"
    );
    assert!(note.contains("property 1 0x7F"), "{note}");
    assert!(!c.is_exact());
    let (decoded, raw) = c.coverage();
    assert_eq!((decoded, raw), (4 + 2 + 12 + 3, 7));
    let mut out = Vec::new();
    c.write(&mut out).unwrap();
    assert_eq!(out, rec);
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn actor_base_records_decode_to_their_last_byte() {
    for (name, data) in &load_all() {
        let save = SaveFile::parse(data).unwrap();
        let mut seen = 0;
        for c in &save.changes {
            if matches!(c.kind, 35 | 36) {
                seen += 1;
                assert!(c.is_exact(), "{name}: {} {}", c.form_id, c.type_name());
            }
        }
        assert!(seen > 0, "{name}: no NPC_ or CREA records");
    }
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn the_players_character_from_real_saves() {
    let save = SaveFile::parse(&common::file("oblivion-saves/save100.ess")).unwrap();
    let p = save.player_character();
    assert_eq!(p.name, "Onkel Morph");
    assert_eq!(p.base_data.unwrap().level, 23);
    assert_eq!(p.race, Some(FormId(0x000223C8)));
    assert_eq!(p.class, Some(FormId(0x00022843)));
    assert_eq!(p.gender, Some("male"));
    let strength = &p.attributes[0];
    assert_eq!(
        (strength.name.as_str(), strength.base),
        ("Strength", Some(48.0))
    );
    assert_eq!(strength.script, 2.0);
    assert_eq!(strength.current(), Some(50.0));
    let marksman = p.skills.iter().find(|s| s.name == "Marksman").unwrap();
    assert_eq!(marksman.base, Some(100.0));
    assert_eq!(p.derived[0].base, Some(90.0)); // health
    assert_eq!(p.spells.len(), 11);
    assert!(p.spells.contains(&Some(FormId(0x00000136))));
    assert_eq!(p.factions.len(), 9);
    assert!(p
        .factions
        .iter()
        .any(|f| f.faction == Some(FormId(0x0002F872)) && f.rank == 5));
    let infamy = p.other.iter().find(|s| s.name == "Infamy").unwrap();
    assert_eq!(infamy.script, 2.0);
    assert_eq!(p.cell, FormId(0x00027808));

    let save = SaveFile::parse(&common::file("oblivion-saves/save002.ess")).unwrap();
    let p = save.player_character();
    assert_eq!(p.base_data.unwrap().level, 1);
    assert_eq!(p.attributes[0].base, Some(30.0));
    assert_eq!(p.skills[0].base, Some(5.0)); // Armorer
    assert_eq!(p.spells.len(), 5);
    assert!(p.factions.is_empty());
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn every_form_type_decodes_to_its_last_byte() {
    for (name, data) in &load_all() {
        let save = SaveFile::parse(data).unwrap();
        for c in &save.changes {
            assert!(
                change::is_decoded_type(c.kind),
                "{name}: {} kept raw",
                c.type_name()
            );
            if !matches!(
                c.kind,
                change::TYPE_REFR | change::TYPE_ACHR | change::TYPE_ACRE
            ) {
                assert!(c.is_exact(), "{name}: {} {}", c.form_id, c.type_name());
            }
        }
    }
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn cells_quests_factions_and_items_from_save100() {
    use change::Part;
    let save = SaveFile::parse(&common::file("oblivion-saves/save100.ess")).unwrap();
    // The player's house in the Imperial City, renamed and owned by the
    // player's actor base.
    let house = save.change(FormId(0x000477C8), Some(48)).unwrap();
    let parts: Vec<Part<'_>> = house.parts().collect();
    assert!(parts.contains(&Part::DetachTime { time: 2346 }));
    let name = parts.iter().find_map(|p| match p {
        Part::FullName { name } => Some(esscribe::io::decode_cp1252(name).into_owned()),
        _ => None,
    });
    assert_eq!(name.as_deref(), Some("Mein Kaiserstadt-Haus"));
    let owner = parts.iter().find_map(|p| match p {
        Part::Owner { owner } => save.resolve(*owner),
        _ => None,
    });
    assert_eq!(owner, Some(FormId(7)));
    // An exterior cell of Tamriel (world-space index 1, form ID 0x3C).
    let grid = save
        .changes
        .iter()
        .filter(|c| c.kind == 48)
        .find_map(|c| {
            c.parts().find_map(|p| match p {
                Part::Grid { world, .. } => Some(world),
                _ => None,
            })
        })
        .unwrap();
    assert!(grid > 0 && (grid as usize) < save.world_spaces.len());
    assert_eq!(save.world_spaces[1], FormId(0x3C));
    // A quest whose stage 10 is set and stage 20 not yet.
    let quest = save.change(FormId(0x00185FED), Some(59)).unwrap();
    let stages = quest
        .parts()
        .find_map(|p| match p {
            Part::QuestStages { stages } => Some(stages),
            _ => None,
        })
        .unwrap();
    let done: Vec<(u8, bool)> = stages.iter().map(|(s, _)| (s.stage, s.done())).collect();
    assert_eq!(done, [(10, true), (20, false), (30, false), (100, false)]);
    // A faction's reactions.
    let fact = save.change(FormId(0x0001EE1E), Some(6)).unwrap();
    let n = fact
        .parts()
        .find_map(|p| match p {
            Part::Reactions { reactions } => Some(reactions.len()),
            _ => None,
        })
        .unwrap();
    assert_eq!(n, 6);
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn diff_between_consecutive_saves_shows_known_changes() {
    use esscribe::save::diff::{diff, ReferenceEvent};
    let old = SaveFile::parse(&common::file("oblivion-saves/save080.ess")).unwrap();
    let new = SaveFile::parse(&common::file("oblivion-saves/save100.ess")).unwrap();
    let d = diff(&old, &new);
    let field = |name: &str| {
        d.player
            .iter()
            .find(|f| f.field == name)
            .map(|f| (f.old.as_str(), f.new.as_str()))
    };
    assert_eq!(field("level"), Some(("21", "23")));
    assert_eq!(field("Strength"), Some(("46", "48")));
    assert_eq!(field("Marksman"), Some(("96", "100")));
    assert_eq!(
        field("position"),
        Some(("9669, -1471, 6778", "2122, 206, -88"))
    );
    assert_eq!(field("cell"), Some(("0x0001C17D", "0x00027808")));
    assert_eq!(field("faction 0x000274AB"), Some(("-", "rank 0")));
    // Gold.
    let gold = d.inventory.iter().find(|i| i.item == FormId(0xF)).unwrap();
    assert_eq!((gold.old, gold.new), (Some(25558), Some(4845)));
    assert!(d
        .inventory
        .iter()
        .any(|i| i.item == FormId(0x00000194) && i.old.is_none() && i.new == Some(1)));
    let moved = d
        .references
        .iter()
        .find(|r| r.form_id == FormId(0x00003461))
        .unwrap();
    assert_eq!(moved.event, ReferenceEvent::Moved);
    assert_eq!(moved.new_cell, Some(FormId(0x000260CD)));
    let quest = d
        .quests
        .iter()
        .find(|q| q.quest == FormId(0x00017835))
        .unwrap();
    assert_eq!(quest.stages_set, [90, 105, 110, 150]);
    assert_eq!(d.cells_visited.len(), 126);
    let month = d.globals.iter().find(|g| g.global == FormId(0x36)).unwrap();
    assert_eq!((month.old, month.new), (Some(10.0), Some(11.0)));
    assert!(d.plugins_added.is_empty() && d.plugins_removed.is_empty());

    // The first two saves: the level rose from 1 to 7.
    let first = SaveFile::parse(&common::file("oblivion-saves/save002.ess")).unwrap();
    let second = SaveFile::parse(&common::file("oblivion-saves/save010.ess")).unwrap();
    let d = diff(&first, &second);
    assert!(d
        .player
        .iter()
        .any(|f| f.field == "level" && f.old == "1" && f.new == "7"));
    assert!(diff(&new, &new).is_empty());
    assert!(diff(&first, &first).is_empty());
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn clean_removes_exactly_the_bloat_a_test_adds() {
    let data = common::file("oblivion-saves/save002.ess");
    let mut save = SaveFile::parse(&data).unwrap();
    // A real save without bloat: nothing found, nothing changed.
    let bloat = save.find_bloat().unwrap();
    assert!(bloat.is_empty(), "{bloat:?}");
    save.remove_bloat(&bloat).unwrap();
    assert!(save.to_bytes().unwrap() == data);
    // The record 0xFEFFFFFF every save holds is no plugin's record.
    assert!(save.change(FormId(0xFEFFFFFF), None).is_some());

    // Bloat: a copy of a created record under a form ID nothing uses, and
    // a change record of a plugin index past the list (3 plugins).
    let mut copy = save.created[0].clone();
    copy.header.form_id = FormId(0xFF7F_FFF0);
    save.created.push(copy);
    save.push_change(FormId(0x0500_1234), 27, 1, 125, &9u32.to_le_bytes())
        .unwrap();
    let bloated = save.to_bytes().unwrap();
    assert!(bloated.len() > data.len());
    let mut save = SaveFile::parse(&bloated).unwrap();
    let bloat = save.find_bloat().unwrap();
    assert_eq!(bloat.unreferenced_created, [FormId(0xFF7F_FFF0)]);
    assert_eq!(bloat.orphan_changes, [(FormId(0x0500_1234), 27)]);
    save.remove_bloat(&bloat).unwrap();
    assert!(
        save.to_bytes().unwrap() == data,
        "cleaning did not give the original back"
    );
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn edits_add_an_item_rename_the_player_and_set_stats() {
    let data = common::file("oblivion-saves/save002.ess");
    let mut save = SaveFile::parse(&data).unwrap();
    let forms = save.form_ids.len();
    // An item the player's inventory changes do not hold (and the save
    // has no iref for).
    let item = FormId(0x000229C0);
    assert!(save.form_ids.iter().all(|f| *f != item));
    assert!(save.set_or_add_item(change::PLAYER_REF, item, 3).unwrap());
    save.rename_player("Jörg").unwrap();
    save.set_player_stat("marksman", 77).unwrap();
    save.set_player_stat("Strength", 55).unwrap();
    assert!(save.set_player_stat("Cooking", 5).is_err());
    let back = SaveFile::parse(&save.to_bytes().unwrap()).unwrap();
    assert_eq!(back.form_ids.len(), forms + 1);
    let items: Vec<_> = back
        .player()
        .unwrap()
        .inventory()
        .unwrap()
        .items()
        .map(|i| (back.resolve(i.iref), i.count))
        .collect();
    assert_eq!(items.last(), Some(&(Some(item), 3)));
    let p = back.player_character();
    assert_eq!(p.name, "Jörg");
    assert_eq!(p.attributes[0].base, Some(55.0));
    let marksman = p.skills.iter().find(|s| s.name == "Marksman").unwrap();
    assert_eq!(marksman.base, Some(77.0));
    // The player's looks and class are still found after the new name.
    assert_eq!(p.race, Some(FormId(0x000223C8)));
    assert_eq!(p.class, Some(FormId(0x00022843)));
    for c in &back.changes {
        if c.kind != change::TYPE_REFR && c.kind != change::TYPE_ACHR && c.kind != change::TYPE_ACRE
        {
            assert!(c.is_exact());
        }
    }
    // Renaming a plugin in the list.
    let mut save = SaveFile::parse(&data).unwrap();
    save.rename_plugin("knights.esp", "Knights Merged.esp")
        .unwrap();
    assert!(save
        .rename_plugin("Knights Merged.esp", "Oblivion.esm")
        .is_err());
    let back = SaveFile::parse(&save.to_bytes().unwrap()).unwrap();
    assert_eq!(back.plugins[2].text(), "Knights Merged.esp");
}

/// A Skyrim save is told from its own first bytes, and refused as what it
/// is rather than as a damaged Oblivion save.
#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn skyrim_saves_are_told_from_oblivion_saves() {
    for path in common::saves_of(esscribe::plugin::Game::Skyrim) {
        let data = std::fs::read(&path).unwrap();
        let err = SaveFile::parse(&data).unwrap_err().to_string();
        assert!(
            err.contains("a Skyrim save (TESV_SAVEGAME)"),
            "{}: {err}",
            path.display()
        );
    }
}

/// A request the save cannot take is refused as such, not reported as
/// damage at an offset.
#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn a_plugin_list_too_long_for_a_save_is_refused() {
    let (name, data) = &load_all()[0];
    let mut save = SaveFile::parse(data).unwrap();
    let first = save.plugins[0].clone();
    save.plugins.resize(256, first);
    let e = save.to_bytes().unwrap_err();
    assert_eq!(e.kind, esscribe::ErrorKind::Refused, "{name}");
    assert_eq!(
        e.to_string(),
        "the save would list 256 plugins; it can list at most 255"
    );
}
