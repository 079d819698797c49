//! The load order each game makes of a `Data` folder, as libloadorder
//! (the library LOOT uses) makes it, on game folders built here of
//! header-only plugins. Each expected order is the one libloadorder gives
//! for the same files, lists and times, worked through its steps in the
//! comments.

mod common;

use common::{header_only_plugin, set_file_time};
use esscribe::loadorder::{data_dir_order, DataDirOrder, Edition, LoadOrder, PluginFiles, Slot};
use esscribe::Game;
use std::path::PathBuf;

/// A game folder with a `Data` folder in it, under the system's temporary
/// folder, removed on drop.
struct GameDir(PathBuf);

impl GameDir {
    fn new(tag: &str) -> GameDir {
        let dir = std::env::temp_dir().join(format!("esscribe-rules-{tag}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("Data")).unwrap();
        GameDir(std::fs::canonicalize(dir).unwrap())
    }

    fn data(&self) -> PathBuf {
        self.0.join("Data")
    }

    /// A header-only plugin in Data, modified `seconds` after a fixed time.
    fn plugin(
        &self,
        name: &str,
        game: Game,
        version: f32,
        flags: u32,
        masters: &[&str],
        seconds: u64,
    ) {
        let path = self.data().join(name);
        std::fs::write(&path, header_only_plugin(game, version, flags, masters)).unwrap();
        set_file_time(&path, seconds);
    }

    fn write(&self, rel: &str, text: &str) {
        std::fs::write(self.0.join(rel), text).unwrap();
    }

    fn path(&self, rel: &str) -> String {
        self.0.join(rel).display().to_string()
    }
}

impl Drop for GameDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Each plugin as `slot name`: `00 Skyrim.esm`, `FE 001 Small.esl`,
/// `-- Off.esp` for an inactive one.
fn rows(order: &DataDirOrder) -> Vec<String> {
    order
        .plugins
        .iter()
        .map(|p| format!("{} {}", p.slot_label(), p.name))
        .collect()
}

fn why(order: &DataDirOrder, name: &str) -> String {
    order.plugins.iter().find(|p| p.name == name).unwrap().why()
}

fn problems(order: &DataDirOrder) -> Vec<String> {
    order.problems.iter().map(|p| p.to_string()).collect()
}

const MASTER: u32 = 0x1;
const LIGHT: u32 = 0x200;

#[test]
fn oblivion_orders_by_file_time_masters_first_and_hoists() {
    let g = GameDir::new("oblivion");
    let ob = |name: &str, flags: u32, masters: &[&str], t: u64| {
        g.plugin(name, Game::Oblivion, 1.0, flags, masters, t)
    };
    ob("Oblivion.esm", MASTER, &[], 10);
    ob("Early.esm", MASTER, &[], 5);
    ob("Needs.esm", MASTER, &["Oblivion.esm", "Plain.esp"], 7);
    ob("Plain.esp", 0, &[], 1);
    ob("Alpha.esp", 0, &[], 2);
    ob("Dup.esp", 0, &[], 3);
    ob("dup.esp.ghost", 0, &[], 4);
    ob("a.esp", 0, &[], 20);
    ob("B.esp", 0, &[], 20);
    ob("C.esp", 0, &[], 20);
    ob("Off.esp", 0, &[], 25);
    ob("Late.esm", MASTER, &[], 30);
    ob("Ghost.esp.ghost", 0, &[], 26);
    ob("Small.esl", 0, &[], 27);
    g.write(
        "plugins.txt",
        "# Oblivion's list of active plugins\r\n\r\nOblivion.esm\r\nearly.esm\r\nNeeds.esm\r\n\
         Plain.esp\r\nAlpha.esp\r\na.esp\r\nB.esp\r\nC.esp\r\nLate.esm   \r\nghost.esp\r\n\
         Missing.esp\r\n*Star.esp\r\nAlpha.esp\r\n",
    );
    g.write("Data/loadorder.txt", "Plain.esp\n");
    let order = data_dir_order(&g.data(), None).unwrap();
    assert_eq!(order.edition, Edition::Oblivion);
    assert_eq!(
        order.rule,
        "plugins.txt for active plugins, ordered by modification time (Oblivion: Oblivion.esm is there)"
    );
    // Masters by time (Early 5, Needs 7, Oblivion 10, Late 30; Oblivion.esm
    // is not put first), then the rest by time, the three of the same time
    // by name from Z to A as bytes ("a" after "C"): Early, Needs, Oblivion,
    // Late, Plain, Alpha, Dup, a, C, B, Off, Ghost. Needs.esm needs
    // Oblivion.esm and Plain.esp, both after it: Oblivion.esm moves before
    // it, then Plain.esp to where Needs.esm stood first, before both.
    // Dup.esp and Off.esp are in no list: inactive.
    assert_eq!(
        rows(&order),
        [
            "00 Early.esm",
            "01 Plain.esp",
            "02 Oblivion.esm",
            "03 Needs.esm",
            "04 Late.esm",
            "05 Alpha.esp",
            "-- Dup.esp",
            "06 a.esp",
            "07 C.esp",
            "08 B.esp",
            "-- Off.esp",
            "09 Ghost.esp",
        ]
    );
    assert_eq!(
        why(&order, "Early.esm"),
        "by file time; a master, so ahead of the non-masters; active by plugins.txt line 4"
    );
    assert_eq!(
        why(&order, "Plain.esp"),
        "by file time; moved before Needs.esm, a master that needs it; active by plugins.txt line 6"
    );
    assert_eq!(
        why(&order, "Oblivion.esm"),
        "by file time; moved before Needs.esm, a master that needs it; active by plugins.txt line 3"
    );
    assert_eq!(why(&order, "Off.esp"), "by file time; not in plugins.txt");
    let (list, data) = (g.path("plugins.txt"), g.path("Data"));
    assert_eq!(
        problems(&order),
        [
            format!("{data}/dup.esp.ghost: the same plugin as Dup.esp (older, or as old and later by name): left out"),
            format!("{data}/Small.esl: Oblivion does not load .esl files: left out"),
            format!("{list}:11: Late.esm: spaces after the name, left out"),
            format!("{list}:13: Missing.esp: no such plugin in the folder, skipped"),
            format!("{list}:14: *Star.esp: Oblivion does not read * marks: no plugin of that name, skipped"),
            format!("{list}:15: Alpha.esp: listed again, active once"),
            format!("{data}/loadorder.txt: not read: Oblivion takes its order from the files' modification times"),
            format!("{data}/Ghost.esp.ghost: active, but ghosted: the game sees it only once renamed Ghost.esp (libloadorder renames it so when it loads the order)"),
        ]
    );
    let ghost = order
        .plugins
        .iter()
        .find(|p| p.name == "Ghost.esp")
        .unwrap();
    assert!(ghost.ghosted && ghost.active);
}

#[test]
fn skyrim_le_orders_by_loadorder_txt_with_le_rules() {
    let g = GameDir::new("le");
    let le = |name: &str, flags: u32, masters: &[&str], t: u64| {
        g.plugin(name, Game::Skyrim, 0.94, flags, masters, t)
    };
    le("Skyrim.esm", MASTER, &[], 100);
    le("Update.esm", MASTER, &["Skyrim.esm"], 1);
    le("Flagless.esm", 0, &[], 101);
    le("Light.esp", LIGHT, &[], 102);
    le("Small.esl", 0, &[], 103);
    le("Alpha.esp", 0, &[], 104);
    le("Beta.esp", 0, &[], 105);
    le("Dep.esm", MASTER, &["Skyrim.esm", "Alpha.esp"], 106);
    le("Extra.esp", 0, &[], 5);
    le("Unlisted.esp", 0, &[], 6);
    g.write(
        "loadorder.txt",
        "Skyrim.esm\nFlagless.esm\nBeta.esp\nDep.esm\nAlpha.esp\nLight.esp\nMissing.esp\nBeta.esp\nSmall.esl\n",
    );
    g.write(
        "plugins.txt",
        "Skyrim.esm\nDep.esm\nAlpha.esp\nLight.esp\nUnlisted.esp\nBeta.esp\n",
    );
    let order = data_dir_order(&g.data(), None).unwrap();
    assert_eq!(order.edition, Edition::SkyrimLe);
    assert_eq!(
        order.rule,
        "loadorder.txt for the order, plugins.txt for active plugins (Skyrim LE: Skyrim.esm's header is version 0.94)"
    );
    // loadorder.txt, each placed in turn (Beta.esp at its last line):
    // Skyrim.esm; Flagless.esm, no master in LE without the flag, last;
    // Dep.esm, a master, ahead of it; Alpha.esp before Dep.esm, which
    // needs it; Light.esp and Beta.esp last. Then the unlisted by time:
    // Update.esm (always active in LE) ahead of the non-masters, Extra.esp
    // and Unlisted.esp last. plugins.txt says which are active; the light
    // flag means nothing to LE.
    assert_eq!(
        rows(&order),
        [
            "00 Skyrim.esm",
            "01 Update.esm",
            "02 Alpha.esp",
            "03 Dep.esm",
            "-- Flagless.esm",
            "04 Light.esp",
            "05 Beta.esp",
            "-- Extra.esp",
            "06 Unlisted.esp",
        ]
    );
    assert_eq!(
        why(&order, "Skyrim.esm"),
        "loads early: the game's own master; always active"
    );
    assert_eq!(
        why(&order, "Update.esm"),
        "not listed: after the listed plugins, by file time; a master, so ahead of the non-masters; always active"
    );
    assert_eq!(
        why(&order, "Alpha.esp"),
        "loadorder.txt line 5; moved before Dep.esm, a master that needs it; active by plugins.txt line 3"
    );
    assert_eq!(
        why(&order, "Flagless.esm"),
        "loadorder.txt line 2; not in plugins.txt"
    );
    let (lo, active) = (g.path("loadorder.txt"), g.path("plugins.txt"));
    assert_eq!(
        problems(&order),
        [
            format!("{}/Small.esl: Skyrim LE does not load .esl files: left out", g.path("Data")),
            format!("{lo}:3: Beta.esp: listed again at line 8, which counts"),
            format!("{lo}:7: Missing.esp: no such plugin in the folder, skipped"),
            format!("{lo}:9: Small.esl: not a plugin Skyrim LE loads, skipped"),
            format!("{active}:5: Unlisted.esp: active, but not in loadorder.txt: placed after the plugins listed there, by file time"),
        ]
    );

    // The load order read from it keeps that order, with LE's slots.
    let files = PluginFiles::from_data_dir(&g.data()).unwrap();
    let lo = LoadOrder::from_files(&files);
    assert_eq!(lo.edition(), Edition::SkyrimLe);
    let loaded: Vec<(String, Slot, bool, bool)> = lo
        .plugins()
        .iter()
        .map(|p| (p.name.clone(), p.slot, p.is_master, p.is_light))
        .collect();
    assert_eq!(
        loaded,
        [
            ("Skyrim.esm".to_string(), Slot::Full(0), true, false),
            ("Update.esm".to_string(), Slot::Full(1), true, false),
            ("Alpha.esp".to_string(), Slot::Full(2), false, false),
            ("Dep.esm".to_string(), Slot::Full(3), true, false),
            ("Light.esp".to_string(), Slot::Full(4), false, false),
            ("Beta.esp".to_string(), Slot::Full(5), false, false),
            ("Unlisted.esp".to_string(), Slot::Full(6), false, false),
        ]
    );
    assert_eq!(lo.problems().len(), 5, "{:?}", lo.problems());
}

#[test]
fn skyrim_le_without_loadorder_txt_orders_by_plugins_txt() {
    let g = GameDir::new("le-plugins");
    g.plugin("Alpha.esp", Game::Skyrim, 0.94, 0, &[], 1);
    g.plugin("Beta.esp", Game::Skyrim, 0.94, 0, &[], 2);
    g.plugin("Skyrim.esm", Game::Skyrim, 0.94, MASTER, &[], 3);
    g.plugin("Other.esp", Game::Skyrim, 0.94, 0, &[], 0);
    g.write("plugins.txt", "Beta.esp\r\nSkyrim.esm\r\nAlpha.esp\r\n");
    let order = data_dir_order(&g.data(), None).unwrap();
    // The list's order, not the files' times; Skyrim.esm first; the
    // unlisted plugin last and inactive.
    assert_eq!(
        rows(&order),
        [
            "00 Skyrim.esm",
            "01 Beta.esp",
            "02 Alpha.esp",
            "-- Other.esp"
        ]
    );
    assert_eq!(why(&order, "Beta.esp"), "plugins.txt line 1");
    assert_eq!(
        order.rule,
        "plugins.txt for the order and active plugins (no loadorder.txt) (Skyrim LE: Skyrim.esm's header is version 0.94)"
    );
    assert!(order.problems.is_empty(), "{:?}", order.problems);
}

#[test]
fn skyrim_se_orders_by_plugins_txt_after_the_early_loaders() {
    let g = GameDir::new("se");
    let se = |name: &str, flags: u32, masters: &[&str], t: u64| {
        g.plugin(name, Game::Skyrim, 1.71, flags, masters, t)
    };
    se("Skyrim.esm", MASTER, &[], 1);
    se("Update.esm", MASTER, &["Skyrim.esm"], 2);
    se("HearthFires.esm", MASTER, &["Skyrim.esm"], 3);
    se("ccBGSSSE001-Fish.esm", MASTER, &["Skyrim.esm"], 4);
    se(
        "ccQDRSSE001-SurvivalMode.esl",
        MASTER | LIGHT,
        &["Skyrim.esm"],
        5,
    );
    se("Unlisted.esp", 0, &[], 6);
    se("Dawnguard.esm", MASTER, &["Skyrim.esm"], 10);
    se("Plain.esp", 0, &[], 11);
    se("NeedsPlain.esm", 0, &["Skyrim.esm", "Plain.esp"], 12);
    se("Off.esp", 0, &[], 13);
    se("LightFlag.esp", LIGHT, &[], 14);
    se("Small.esl", 0, &[], 15);
    se("Flagless.esm", 0, &[], 16);
    g.write(
        "Skyrim.ccc",
        "ccBGSSSE001-Fish.esm\r\nccQDRSSE001-SurvivalMode.esl\r\nccBGSSSE025-AdvDSGS.esm\r\n",
    );
    g.write(
        "plugins.txt",
        "# This file is used by Skyrim to keep track of your downloaded content.\n\
         # Please do not modify this file.\n*Plain.esp\n*NeedsPlain.esm\nOff.esp\n\
         *LightFlag.esp\n*Small.esl\n*Flagless.esm\n*Missing.esp\n*Dawnguard.esm\n",
    );
    let order = data_dir_order(&g.data(), None).unwrap();
    assert_eq!(order.edition, Edition::SkyrimSe);
    assert_eq!(
        order.rule,
        "plugins.txt, * marking active plugins (Skyrim SE: Skyrim.esm's header is version 1.71)"
    );
    // plugins.txt, each placed in turn: Plain.esp; NeedsPlain.esm (a
    // master by its extension) ahead of it; Off.esp and LightFlag.esp
    // last; Small.esl and Flagless.esm (masters by extension) ahead of the
    // non-masters; Dawnguard.esm first, the only early loader in yet. Then
    // the unlisted by time: Skyrim.esm, Update.esm, HearthFires.esm and the
    // two Creation Club plugins at their fixed places, Unlisted.esp last.
    // NeedsPlain.esm needs Plain.esp, after it: Plain.esp moves before it.
    assert_eq!(
        rows(&order),
        [
            "00 Skyrim.esm",
            "01 Update.esm",
            "02 Dawnguard.esm",
            "03 HearthFires.esm",
            "04 ccBGSSSE001-Fish.esm",
            "FE 000 ccQDRSSE001-SurvivalMode.esl",
            "05 Plain.esp",
            "06 NeedsPlain.esm",
            "FE 001 Small.esl",
            "07 Flagless.esm",
            "-- Off.esp",
            "FE 002 LightFlag.esp",
            "-- Unlisted.esp",
        ]
    );
    assert_eq!(
        why(&order, "ccBGSSSE001-Fish.esm"),
        "loads early: Creation Club plugin, Skyrim.ccc line 1; always active"
    );
    assert_eq!(
        why(&order, "Dawnguard.esm"),
        "loads early: the game's own master; always active"
    );
    assert_eq!(
        why(&order, "Plain.esp"),
        "plugins.txt line 3; moved before NeedsPlain.esm, a master that needs it"
    );
    assert_eq!(
        why(&order, "NeedsPlain.esm"),
        "plugins.txt line 4; a master, so ahead of the non-masters"
    );
    assert_eq!(why(&order, "Off.esp"), "plugins.txt line 5; not marked *");
    assert_eq!(
        why(&order, "Unlisted.esp"),
        "not listed: after the listed plugins, by file time; not in plugins.txt"
    );
    assert_eq!(
        problems(&order),
        [format!(
            "{}:9: Missing.esp: no such plugin in the folder, skipped",
            g.path("plugins.txt")
        )]
    );

    // The load order read from it keeps that order and those slots.
    let files = PluginFiles::from_data_dir(&g.data()).unwrap();
    let lo = LoadOrder::from_files(&files);
    let loaded: Vec<String> = lo
        .plugins()
        .iter()
        .map(|p| format!("{} {}", p.slot.label(), p.name))
        .collect();
    let active: Vec<String> = rows(&order)
        .into_iter()
        .filter(|r| !r.starts_with("--"))
        .collect();
    assert_eq!(loaded, active);
    assert_eq!(lo.problems().len(), 1, "{:?}", lo.problems());
}

#[test]
fn skyrim_se_reads_unmarked_lines_as_inactive() {
    let g = GameDir::new("se-unmarked");
    g.plugin("Skyrim.esm", Game::Skyrim, 1.7, MASTER, &[], 1);
    g.plugin("A.esp", Game::Skyrim, 1.7, 0, &[], 2);
    g.plugin("B.esp", Game::Skyrim, 1.7, 0, &[], 3);
    g.write("Data/plugins.txt", "A.esp\nB.esp\n");
    let order = data_dir_order(&g.data(), None).unwrap();
    assert_eq!(rows(&order), ["00 Skyrim.esm", "-- A.esp", "-- B.esp"]);
    assert_eq!(
        problems(&order),
        [format!(
            "{}: no line is marked *: Skyrim SE reads every listed plugin as inactive",
            g.path("Data/plugins.txt")
        )]
    );
}

#[test]
fn the_game_is_told_from_the_headers_or_given() {
    let g = GameDir::new("tell");
    g.plugin("Flagless.esm", Game::Skyrim, 0.94, 0, &[], 2);
    g.plugin("A.esp", Game::Skyrim, 0.94, 0, &[], 1);
    // No list: every plugin active, by file time.
    let order = data_dir_order(&g.data(), None).unwrap();
    assert_eq!(
        order.rule,
        "no plugins.txt: every plugin active, ordered by file time (Skyrim LE: no Skyrim.esm; every plugin's header is version 0.94, as Skyrim LE writes)"
    );
    assert_eq!(rows(&order), ["00 A.esp", "01 Flagless.esm"]);
    assert_eq!(
        why(&order, "A.esp"),
        "by file time; active: no plugins.txt, every plugin taken"
    );
    // Given as Skyrim SE, Flagless.esm is a master by its extension.
    let order = data_dir_order(&g.data(), Some(Edition::SkyrimSe)).unwrap();
    assert_eq!(order.edition_reason, "given");
    assert_eq!(rows(&order), ["00 Flagless.esm", "01 A.esp"]);
}

#[test]
fn plugins_given_in_order_are_placed_by_the_rules() {
    let plain = header_only_plugin(Game::Skyrim, 1.7, 0, &[]);
    let needs = header_only_plugin(Game::Skyrim, 1.7, 0, &["Plain.esp"]);
    let sources = vec![
        ("Plain.esp".to_string(), plain.as_slice()),
        ("Needs.esm".to_string(), needs.as_slice()),
    ];
    let order = LoadOrder::from_bytes(sources.clone(), Vec::new());
    // Needs.esm goes ahead of the non-masters, then Plain.esp, which it
    // needs, is hoisted before it.
    let names: Vec<&str> = order.plugins().iter().map(|p| p.name.as_str()).collect();
    assert_eq!(names, ["Plain.esp", "Needs.esm"]);
    assert!(order.problems().is_empty(), "{:?}", order.problems());
    // In Skyrim LE (told by the headers' version) a flagless .esm is no
    // master: the order given stands.
    let a = header_only_plugin(Game::Skyrim, 0.94, 0, &[]);
    let flagless = header_only_plugin(Game::Skyrim, 0.94, 0, &[]);
    let sources = vec![
        ("A.esp".to_string(), a.as_slice()),
        ("Flagless.esm".to_string(), flagless.as_slice()),
    ];
    let order = LoadOrder::from_bytes(sources, Vec::new());
    assert_eq!(order.edition(), Edition::SkyrimLe);
    let names: Vec<&str> = order.plugins().iter().map(|p| p.name.as_str()).collect();
    assert_eq!(names, ["A.esp", "Flagless.esm"]);
}

#[test]
fn plugins_past_the_last_slot_are_not_loaded() {
    let g = GameDir::new("slots");
    for k in 0..257u64 {
        g.plugin(&format!("P{k:03}.esp"), Game::Oblivion, 1.0, 0, &[], k);
    }
    let order = data_dir_order(&g.data(), None).unwrap();
    // Oblivion has no light plugins: 255 slots, 00 to FE.
    let rows = rows(&order);
    assert_eq!(rows[254], "FE P254.esp");
    assert_eq!(rows[255..], ["none P255.esp", "none P256.esp"]);
    assert_eq!(
        problems(&order),
        [format!(
            "{}/P255.esp: active, but past the last slot, with 1 more after it: the game loads none of them",
            g.path("Data")
        )]
    );
}
