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
