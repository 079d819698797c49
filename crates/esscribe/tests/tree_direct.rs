//! Packing a tree reads most record files straight from their text; that
//! reading must give the very record that parsing the text as JSON
//! builds, and leave every text it does not follow exactly (edited,
//! broken, raw) to that parsing, whose errors are unchanged.

mod common;

use esscribe::json::PieceBuilder;
use esscribe::plugin::{Game, GroupHeader, Record};
use esscribe::tree::{self, MemoryTree, TreeSource};
use esscribe::Plugin;
use proptest::prelude::*;
use serde_json::Value;

fn unpack(bytes: &[u8], name: &str) -> MemoryTree {
    let plugin = Plugin::parse(bytes).unwrap();
    let mut t = MemoryTree::default();
    tree::unpack(&plugin, name, &mut t).unwrap();
    t
}

fn json(t: &MemoryTree, path: &str) -> Value {
    serde_json::from_slice(&t.read(path).unwrap()).unwrap()
}

/// The builder a pack of `t` starts from (its header's).
fn builder(t: &MemoryTree) -> PieceBuilder {
    let doc = json(t, tree::HEADER_FILE);
    let game: Game = serde_json::from_value(doc["game"].clone()).unwrap();
    let file = doc["file"].as_str().unwrap();
    PieceBuilder::new(game, file, &doc["header"], "header").unwrap().0
}

/// Every record file of a tree, with the header of the group it stands in.
fn record_files(t: &MemoryTree, b: &PieceBuilder) -> Vec<(String, Option<GroupHeader>)> {
    fn walk(
        t: &MemoryTree,
        b: &PieceBuilder,
        dir: &str,
        names: &Value,
        parent: Option<GroupHeader>,
        out: &mut Vec<(String, Option<GroupHeader>)>,
    ) {
        for name in names.as_array().unwrap() {
            let name = name.as_str().unwrap();
            let path = if dir.is_empty() {
                name.to_string()
            } else {
                format!("{dir}/{name}")
            };
            if name.ends_with(".json") {
                out.push((path, parent));
            } else {
                let file = format!("{path}/{}", tree::GROUP_FILE);
                let g = json(t, &file);
                let header = b
                    .group_header(g.as_object().unwrap(), &file, &["entries"])
                    .unwrap();
                walk(t, b, &path, &g["entries"], Some(header), out);
            }
        }
    }
    let mut out = Vec::new();
    let doc = json(t, tree::HEADER_FILE);
    walk(t, b, "", &doc["entries"], None, &mut out);
    out
}

fn written(r: &Record<'_>, game: Game) -> Vec<u8> {
    let mut out = Vec::new();
    r.write(&mut out, game).unwrap();
    out
}

/// Builds `text` both ways: the direct reading gives nothing or the very
/// record the parsed one is; gives whether it gave one, and the parsed
/// result.
fn both(
    text: &[u8],
    path: &str,
    b: &PieceBuilder,
    parent: Option<&GroupHeader>,
) -> (bool, Result<Vec<u8>, String>) {
    let parsed = tree::record_from_text_parsed(text, path, b, parent)
        .map(|r| written(&r, b.game()))
        .map_err(|e| e.to_string());
    let Some(direct) = tree::record_from_text_direct(text, b, parent) else {
        return (false, parsed);
    };
    match &parsed {
        Ok(bytes) => assert!(
            written(&direct, b.game()) == *bytes,
            "{path}: the direct reading gives other bytes than parsing for\n{}",
            String::from_utf8_lossy(text)
        ),
        Err(e) => panic!(
            "{path}: the direct reading takes a text that parsing refuses ({e}):\n{}",
            String::from_utf8_lossy(text)
        ),
    }
    (true, parsed)
}

/// Record files read directly, and in all, per corpus plugin (a measured
/// count: a change in it is a change in what the direct reading covers).
const DIRECT: &[(&str, usize, usize)] = &[
    ("oblivion-plugins/OOArena.esp", 130, 130),
    ("oblivion-plugins/OOStartingMod.esp", 264, 264),
    ("oblivion-plugins/OblivionOnline.esp", 123, 123),
    ("oblivion-plugins/RowYourBoat.esp", 44, 44),
    ("skyrim-plugins/Campfire.esm", 1612, 1626),
    ("skyrim-plugins/CampfireTutorial_Chair.esp", 4, 4),
    ("skyrim-plugins/CampfireTutorial_ChairAndExtras.esp", 10, 10),
    ("skyrim-plugins/CampfireTutorial_Shack.esp", 21, 21),
    ("skyrim-plugins/DawnOfTheSilverHand.esp", 4727, 4850),
    ("skyrim-plugins/MarkekrausChairHorse.esp", 265, 267),
    ("skyrim-plugins/MarkekrausSentientChairsOfSkyrim.esp", 918, 924),
    ("skyrim-plugins/Requiem_DawnOfTheSilverHand.esp", 66, 66),
    ("skyrim-plugins/Scribe.esp", 94, 94),
    ("skyrim-plugins/UndeadTrinity_PACKonly.esp", 0, 7),
    ("skyrim-plugins/mintylightningmod.esp", 161, 161),
    ("testing-plugins/Oblivion/Blank - Different Master Dependent.esm", 0, 0),
    ("testing-plugins/Oblivion/Blank - Different Master Dependent.esp", 0, 0),
    ("testing-plugins/Oblivion/Blank - Different Plugin Dependent.esp", 0, 0),
    ("testing-plugins/Oblivion/Blank - Different.esm", 0, 0),
    ("testing-plugins/Oblivion/Blank - Different.esp", 0, 0),
    ("testing-plugins/Oblivion/Blank - Master Dependent.esm", 8, 8),
    ("testing-plugins/Oblivion/Blank - Master Dependent.esp", 0, 0),
    ("testing-plugins/Oblivion/Blank - Plugin Dependent.esp", 0, 0),
    ("testing-plugins/Oblivion/Blank.esm", 10, 10),
    ("testing-plugins/Oblivion/Blank.esp", 0, 0),
    ("testing-plugins/Skyrim/Blank - Different Master Dependent.esm", 7, 7),
    ("testing-plugins/Skyrim/Blank - Different Master Dependent.esp", 3, 3),
    ("testing-plugins/Skyrim/Blank - Different Plugin Dependent.esp", 1, 1),
    ("testing-plugins/Skyrim/Blank - Different.esm", 9, 9),
    ("testing-plugins/Skyrim/Blank - Different.esp", 5, 5),
    ("testing-plugins/Skyrim/Blank - Master Dependent.esm", 8, 8),
    ("testing-plugins/Skyrim/Blank - Master Dependent.esp", 4, 4),
    ("testing-plugins/Skyrim/Blank - Plugin Dependent.esp", 2, 2),
    ("testing-plugins/Skyrim/Blank.esm", 10, 10),
    ("testing-plugins/Skyrim/Blank.esp", 6, 6),
    ("testing-plugins/SkyrimSE/Blank - Different Master Dependent.esm", 7, 7),
    ("testing-plugins/SkyrimSE/Blank - Different Master Dependent.esp", 3, 3),
    ("testing-plugins/SkyrimSE/Blank - Different Plugin Dependent.esp", 1, 1),
    ("testing-plugins/SkyrimSE/Blank - Different.esm", 9, 9),
    ("testing-plugins/SkyrimSE/Blank - Different.esp", 5, 5),
    ("testing-plugins/SkyrimSE/Blank - Master Dependent.esm", 8, 8),
    ("testing-plugins/SkyrimSE/Blank - Master Dependent.esp", 4, 4),
    ("testing-plugins/SkyrimSE/Blank - Plugin Dependent.esp", 2, 2),
    ("testing-plugins/SkyrimSE/Blank.esl", 6, 6),
    ("testing-plugins/SkyrimSE/Blank.esm", 10, 10),
    ("testing-plugins/SkyrimSE/Blank.esp", 6, 6),
];

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn every_record_of_every_plugin_reads_directly_as_it_parses() {
    let mut seen = Vec::new();
    for path in common::plugins() {
        let name = common::name(&path);
        let rel = path.strip_prefix(common::corpus_dir()).unwrap();
        let rel = rel.to_string_lossy().replace('\\', "/");
        let t = unpack(&std::fs::read(&path).unwrap(), &name);
        let b = builder(&t);
        let files = record_files(&t, &b);
        let mut direct = 0;
        for (file, parent) in &files {
            let (took, parsed) = both(&t.files[file], file, &b, parent.as_ref());
            parsed.unwrap_or_else(|e| panic!("{e}"));
            direct += took as usize;
        }
        eprintln!("(\"{rel}\", {direct}, {}),", files.len());
        seen.push((rel, direct, files.len()));
    }
    for (name, direct, all) in &seen {
        match DIRECT.iter().find(|(n, ..)| n == name) {
            Some(&(_, want_direct, want_all)) => assert_eq!(
                (*direct, *all),
                (want_direct, want_all),
                "{name}: records read directly, of all"
            ),
            None => panic!("{name}: no expected count ({direct} of {all} read directly)"),
        }
    }
}
