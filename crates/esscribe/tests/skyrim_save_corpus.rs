//! Skyrim saves from the real-file corpus (LE and SE, told from each
//! file): every part read, written back exactly, the plugin list as an
//! independent record of it gives it, and known values checked.

mod common;

use esscribe::plugin::Game;
use esscribe::save::skyrim::{Compression, SkyrimSave};
use std::path::{Path, PathBuf};

fn saves() -> Vec<PathBuf> {
    common::saves_of(Game::Skyrim)
}

fn read(path: &Path) -> (Vec<u8>, SkyrimSave) {
    let data = std::fs::read(path).unwrap();
    let save = SkyrimSave::parse(&data).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    (data, save)
}

/// The plugin list a `.skse.meta` beside a save records (Wrye Bash's test
/// data: what SKSE's co-save listed), read as plain text.
fn skse_meta_plugins(save: &Path) -> Option<Vec<String>> {
    let meta = std::fs::read_to_string(save.with_extension("skse.meta")).ok()?;
    let list = meta.split("cosave_masters = [").nth(1)?.split(']').next()?;
    Some(
        list.lines()
            .map(|l| l.trim().trim_end_matches(',').trim_matches('"'))
            .filter(|l| !l.is_empty())
            .map(str::to_string)
            .collect(),
    )
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn every_skyrim_save_reads_whole_and_writes_back_identically() {
    for path in saves() {
        let (data, save) = read(&path);
        let name = path.display();
        assert_eq!(save.to_bytes().unwrap(), data, "{name}: write-back differs");
        assert!(save.check().is_empty(), "{name}: {:?}", save.check());
        assert!(!save.plugins.is_empty(), "{name}: no plugins");
        assert_eq!(save.plugin_names()[0], "Skyrim.esm", "{name}");
        assert_eq!(save.screenshot.len(), save.header.screenshot_len().unwrap());
        // Every change form's ref ID names a form the save can resolve.
        for c in &save.change_forms {
            assert!(save.resolve(c.ref_id).is_some(), "{name}: {:?}", c.ref_id);
        }
    }
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn plugin_lists_are_what_skse_recorded() {
    let mut compared = 0;
    for path in saves() {
        let Some(expected) = skse_meta_plugins(&path) else {
            continue;
        };
        let (_, save) = read(&path);
        let mut listed = save.plugin_names();
        listed.extend(save.light_plugin_names());
        assert_eq!(listed, expected, "{}", path.display());
        compared += 1;
    }
    assert!(
        compared > 0,
        "no save of the corpus has a .skse.meta beside it"
    );
}

/// What the load menu shows of each known save, read off the files by
/// hand: player, level, place, race, and the counts the location table
/// states.
#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn known_saves_show_player_level_and_place() {
    let known: &[(&str, &str, u32, &str, &str, usize, usize)] = &[
        (
            "arcanaeum-se.ess",
            "Aluna Messana",
            1,
            "Old Hroldan Inn",
            "RedguardRace",
            10125,
            11818,
        ),
        (
            "enderal-lightly-modded-0.ess",
            "Me",
            1,
            "Home, Sweet Home",
            "BretonRace",
            2937,
            1501,
        ),
        (
            "enderal-lightly-modded-1.ess",
            "Aelya",
            8,
            "Heartland",
            "NordRace",
            8382,
            1921,
        ),
        (
            "enderal-lightly-modded-2.ess",
            "Aelya",
            16,
            "Old Dothûlgrad, Depths",
            "NordRace",
            18740,
            2317,
        ),
        (
            "enderal-lightly-modded-3.ess",
            "Aelya",
            21,
            "Cliff of Fogville",
            "NordRace",
            22517,
            2453,
        ),
    ];
    let mut seen = 0;
    for path in saves() {
        let file = path.file_name().unwrap().to_string_lossy();
        let Some(&(_, player, level, place, race, changes, form_ids)) =
            known.iter().find(|k| k.0 == file)
        else {
            continue;
        };
        let (_, save) = read(&path);
        let h = &save.header;
        assert_eq!(save.text(&h.player_name), player, "{file}");
        assert_eq!(h.level, level, "{file}");
        assert_eq!(save.text(&h.location), place, "{file}");
        assert_eq!(save.text(&h.race), race, "{file}");
        assert_eq!(save.change_forms.len(), changes, "{file}");
        assert_eq!(save.form_ids.len(), form_ids, "{file}");
        seen += 1;
    }
    assert!(seen >= 1, "none of the known saves is in the corpus");
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn the_se_save_has_its_light_plugins_and_an_lz4_body() {
    let path = common::path("skyrim-saves/arcanaeum-se.ess");
    let (_, save) = read(&path);
    assert!(save.is_se());
    assert_eq!(save.header.compression, Some(Compression::Lz4));
    assert_eq!(
        (save.header.shot_width, save.header.shot_height),
        (320, 192)
    );
    assert_eq!(save.screenshot.len(), 320 * 192 * 4);
    assert_eq!(
        save.light_plugin_names(),
        [
            "ccQDRSSE001-SurvivalMode.esl",
            "ccfsvsse001-backpacks.esl",
            "ccBGSSSE037-Curios.esl"
        ]
    );
    assert_eq!(save.plugin_names().len(), 13);
    assert_eq!(
        save.plugin_names()[12],
        "Alternate Start - Live Another Life.esp"
    );
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn papyrus_reads_whole_and_writes_back_as_stored() {
    for path in saves() {
        let (_, save) = read(&path);
        let name = path.display();
        let p = save
            .papyrus()
            .expect("every save has a Papyrus block")
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        let block = save
            .global(esscribe::save::skyrim::globals::PAPYRUS)
            .unwrap();
        assert!(
            p.write() == block.data,
            "{name}: Papyrus writes back differently"
        );
        assert!(!p.instances.is_empty() && !p.scripts.is_empty(), "{name}");
        // Every instance's script name is a string of the table, and the
        // table's first string is the empty one.
        assert!(p
            .instances
            .iter()
            .all(|i| (i.script as usize) < p.strings.len()));
        assert!(p.strings[0].0.is_empty(), "{name}");
    }
}

/// Counts read off the files by hand: the Papyrus string table, scripts,
/// instances, arrays and active scripts.
#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn papyrus_counts_of_known_saves() {
    let known: &[(&str, u16, usize, usize, usize, usize, usize)] = &[
        ("arcanaeum-se.ess", 6, 30041, 4952, 41741, 481, 21),
        ("enderal-lightly-modded-0.ess", 4, 9848, 1418, 11897, 159, 3),
        (
            "enderal-lightly-modded-3.ess",
            4,
            10858,
            1640,
            23646,
            229,
            2,
        ),
    ];
    for path in saves() {
        let file = path.file_name().unwrap().to_string_lossy();
        let Some(&(_, version, strings, scripts, instances, arrays, active)) =
            known.iter().find(|k| k.0 == file)
        else {
            continue;
        };
        let (_, save) = read(&path);
        let p = save.papyrus().unwrap().unwrap();
        assert_eq!(
            (
                p.version,
                p.strings.len(),
                p.scripts.len(),
                p.instances.len(),
                p.arrays.len(),
                p.active_scripts.len()
            ),
            (version, strings, scripts, instances, arrays, active),
            "{file}"
        );
    }
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn cleaning_a_save_without_bloat_changes_no_byte() {
    use esscribe::save::skyrim::clean;
    for path in saves() {
        let (data, mut save) = read(&path);
        let bloat = clean::find(&save, None);
        let removed = clean::remove(&mut save, &bloat).unwrap();
        let out = save.to_bytes().unwrap();
        if bloat.removable() == 0 {
            assert_eq!(removed, clean::Removed::default());
            assert!(out == data, "{}: cleaning changed bytes", path.display());
        } else {
            // A save of the corpus with bloat of its own: cleaned, it
            // reads back, verifies, and has none left to remove.
            let back = SkyrimSave::parse(&out).unwrap();
            assert!(back.check().is_empty(), "{}", path.display());
            assert_eq!(
                clean::find(&back, None).removable(),
                0,
                "{}",
                path.display()
            );
        }
    }
}

/// Bloat added to a real save: a change form of a plugin the save does
/// not list, and a script instance attached to nothing. Cleaning removes
/// exactly those.
#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn cleaning_removes_exactly_the_bloat_added() {
    use esscribe::save::skyrim::{clean, RefId};
    use esscribe::FormId;
    for path in saves() {
        let (_, original) = read(&path);
        if clean::find(&original, None).removable() != 0 {
            continue;
        }
        let mut bloated = original.clone();
        // A form of the plugin one past the list, named through a new
        // entry of the form ID array.
        let missing = FormId(((original.plugins.len() as u32) << 24) | 0x000D62);
        bloated.form_ids.push(missing);
        // Bloat is made from a change form and a script instance of the
        // save's own: a save with neither gets none.
        let Some(mut orphan) = original.change_forms.first().cloned() else {
            continue;
        };
        let Some(Ok(mut papyrus)) = original.papyrus() else {
            continue;
        };
        let Some(mut inst) = papyrus.instances.first().cloned() else {
            continue;
        };
        orphan.ref_id = RefId(bloated.form_ids.len() as u32);
        bloated.change_forms.push(orphan);
        // A copy of an instance with a new handle, attached to nothing.
        let handle = papyrus.instances.iter().map(|i| i.id).max().unwrap() + 1;
        let width = if papyrus.wide { 8 } else { 4 };
        inst.id = handle;
        inst.data[..width].copy_from_slice(&handle.to_le_bytes()[..width]);
        inst.ref_id = RefId(0);
        papyrus.instances.push(inst);
        bloated.set_papyrus(&papyrus).unwrap();
        let bytes = bloated.to_bytes().unwrap();
        let mut bloated = SkyrimSave::parse(&bytes).unwrap();

        let bloat = clean::find(&bloated, None);
        assert_eq!(
            bloat.change_forms_of_missing_plugins.len(),
            1,
            "{}",
            path.display()
        );
        assert_eq!(bloat.change_forms_of_missing_plugins[0].0, missing);
        assert_eq!(bloat.instances.len(), 1);
        assert_eq!(bloat.instances[0].handle, handle);
        assert_eq!(
            bloat.instances[0].problem,
            clean::InstanceProblem::Unattached
        );
        let removed = clean::remove(&mut bloated, &bloat).unwrap();
        assert_eq!(
            removed,
            clean::Removed {
                instances: 1,
                change_forms: 1
            }
        );
        // Only the form ID array's new entry stays: nothing else may be
        // renumbered, and an unused entry is harmless.
        let mut expected = original.clone();
        expected.form_ids.push(missing);
        assert!(
            bloated.to_bytes().unwrap() == expected.to_bytes().unwrap(),
            "{}",
            path.display()
        );
    }
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn uses_counts_change_forms_and_script_instances_of_a_plugin() {
    let path = common::path("skyrim-saves/arcanaeum-se.ess");
    let (_, save) = read(&path);
    let u = save
        .uses_of("alternate start - live another life.esp")
        .unwrap();
    assert_eq!(u.index, "0C");
    assert_eq!(u.change_records, 117);
    assert_eq!(
        u.change_records_by_type
            .iter()
            .map(|(k, v)| (k.as_str(), *v))
            .collect::<Vec<_>>(),
        [("ACHR", 13), ("FACT", 1), ("QUST", 8), ("REFR", 95)]
    );
    assert_eq!(u.quests.len(), 8);
    assert_eq!(u.script_instances.len(), 264);
    assert!(
        u.verdict.starts_with("Removing Alternate Start"),
        "{}",
        u.verdict
    );
    let light = save.uses_of("ccBGSSSE037-Curios.esl").unwrap();
    assert_eq!(light.index, "FE:002");
    assert!(save.uses_of("NotThere.esp").is_err());
}

/// The player's actor base decodes to its last byte, and agrees with the
/// header, which states the same facts apart: name, level, sex.
#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn the_players_actor_base_agrees_with_the_header() {
    for path in saves() {
        let (_, save) = read(&path);
        let name = path.display();
        // A new game's player may not have changed the actor base yet.
        let Some(base) = save.player_base() else {
            continue;
        };
        let base = base.unwrap_or_else(|e| panic!("{name}: {e}"));
        if path.ends_with("enderal-lightly-modded-3.ess") {
            assert_eq!(base.level, Some(21));
            assert_eq!(
                (base.spells.len(), base.shouts.len(), base.factions.len()),
                (2, 7, 4)
            );
        }
        assert_eq!(
            base.name.as_ref().map(|n| save.text(n)),
            Some(save.text(&save.header.player_name)),
            "{name}"
        );
        if let Some(level) = base.level {
            assert_eq!(u32::from(level), save.header.level, "{name}");
        }
        assert_eq!(base.gender, Some(save.header.sex as u8), "{name}");
        assert!(base.skills.is_some(), "{name}");
        // Every spell, shout and faction names a form the save resolves.
        for id in base
            .spells
            .iter()
            .chain(&base.shouts)
            .chain(base.factions.iter().map(|f| &f.0))
        {
            assert!(save.resolve(*id).is_some(), "{name}: {id:?}");
        }
    }
}

/// Every actor base's change form decodes to its last byte.
#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn every_actor_base_change_form_decodes() {
    for path in saves() {
        let (_, save) = read(&path);
        for c in save.change_forms.iter().filter(|c| c.type_name() == "NPC_") {
            if let Err(e) = esscribe::save::skyrim::npc::NpcChange::decode(c) {
                panic!(
                    "{}: {:?} flags 0x{:08X}: {e}",
                    path.display(),
                    save.resolve(c.ref_id),
                    c.flags
                );
            }
        }
    }
}
