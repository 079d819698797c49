//! Declared records on the real plugins of the corpus: coverage, golden
//! JSON, dump → build identity and edits through JSON.

mod common;

use esscribe::json::{plugin_from_json, plugin_to_json, record_to_json};
use esscribe::plugin::{first_difference, Plugin};
use esscribe::schema::Coverage;
use serde_json::Value;
use std::collections::BTreeMap;

fn coverage(plugin: &Plugin<'_>, name: &str) -> BTreeMap<String, (usize, Coverage)> {
    let ctx = esscribe::json::form_ctx(plugin, name);
    let mut out: BTreeMap<String, (usize, Coverage)> = BTreeMap::new();
    for r in plugin.records() {
        let rj = record_to_json(r, plugin.game, &ctx).unwrap();
        let e = out.entry(r.header.sig.to_string()).or_default();
        e.0 += 1;
        e.1 += rj.coverage;
    }
    out
}

/// Oblivion packages in known corpus plugins.
const OBLIVION_PACKAGES: &[(&str, usize)] = &[
    ("OblivionOnline.esp", 12),
    ("OOArena.esp", 3),
    ("OOStartingMod.esp", 1),
];

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn oblivion_pack_and_fact_decode_with_nothing_raw() {
    for path in common::plugins() {
        let data = std::fs::read(&path).unwrap();
        let plugin = Plugin::parse(&data).unwrap();
        if plugin.game != esscribe::Game::Oblivion {
            continue;
        }
        let name = common::name(&path);
        let cov = coverage(&plugin, &name);
        for sig in ["PACK", "FACT"] {
            if let Some((_, c)) = cov.get(sig) {
                assert_eq!(c.raw, 0, "{name}: {sig} has raw subrecords: {c:?}");
                assert!(c.decoded > 0, "{name}: {sig}: {c:?}");
            }
        }
        if let Some(&(_, n)) = OBLIVION_PACKAGES.iter().find(|(f, _)| *f == name) {
            assert_eq!(cov.get("PACK").map(|(n, _)| *n), Some(n), "{name}");
        }
    }
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn dump_then_build_gives_every_corpus_plugin_back() {
    for path in common::plugins() {
        let data = std::fs::read(&path).unwrap();
        let plugin = Plugin::parse(&data).unwrap();
        let name = path.file_name().unwrap().to_string_lossy();
        let doc = plugin_to_json(&plugin, &name).unwrap();
        // Through text, as a user's file would go.
        let text = serde_json::to_string_pretty(&doc).unwrap();
        let back: Value = serde_json::from_str(&text).unwrap();
        let rebuilt = plugin_from_json(&back).unwrap().to_bytes().unwrap();
        assert_eq!(
            first_difference(&data, &rebuilt),
            None,
            "{}: dump → build differs",
            path.display()
        );
    }
}

fn pack_json(plugin: &Plugin<'_>, editor_id: &str) -> Value {
    let ctx = esscribe::json::form_ctx(plugin, "OblivionOnline.esp");
    plugin
        .records()
        .filter(|r| r.header.sig.0 == *b"PACK")
        .map(|r| record_to_json(r, plugin.game, &ctx).unwrap().value)
        .find(|v| v["fields"]["editor_id"] == editor_id)
        .unwrap_or_else(|| panic!("no package {editor_id}"))
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn oblivion_online_packages_match_their_golden_json() {
    let data = common::file("oblivion-plugins/OblivionOnline.esp");
    let plugin = Plugin::parse(&data).unwrap();
    let ctx = esscribe::json::form_ctx(&plugin, "OblivionOnline.esp");
    let all: Vec<Value> = plugin
        .records()
        .filter(|r| r.header.sig.0 == *b"PACK")
        .map(|r| record_to_json(r, plugin.game, &ctx).unwrap().value)
        .collect();
    assert_eq!(all.len(), 12);
    insta::assert_json_snapshot!("oblivion_online_packages", all);

    let follow = pack_json(&plugin, "1OOFollowPackage");
    assert_eq!(follow["fields"]["general"]["type"], "follow");
    // The three bytes after the type are leftover garbage, kept as found.
    assert_eq!(follow["fields"]["general"]["unused"], "cdcdcd");
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn faction_matches_its_golden_json() {
    let data = common::file("oblivion-plugins/OOArena.esp");
    let plugin = Plugin::parse(&data).unwrap();
    let ctx = esscribe::json::form_ctx(&plugin, "OOArena.esp");
    let fact = plugin
        .records()
        .find(|r| r.header.sig.0 == *b"FACT")
        .map(|r| record_to_json(r, plugin.game, &ctx).unwrap().value)
        .unwrap();
    assert_eq!(fact["fields"]["editor_id"], "OOPlayers");
    insta::assert_json_snapshot!("ooarena_faction", fact);
}

/// The first package of a dump.
fn first_scheduled(doc: &mut Value) -> &mut Value {
    fn walk(v: &mut Value) -> Option<&mut Value> {
        let entries = v.get_mut("entries")?.as_array_mut()?;
        for e in entries {
            if e.get("entries").is_some() {
                if let Some(found) = walk(e) {
                    return Some(found);
                }
            } else if e["type"] == "PACK" {
                return Some(e);
            }
        }
        None
    }
    walk(doc).expect("a package")
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn editing_an_hour_in_json_changes_that_byte_only() {
    let data = common::file("oblivion-plugins/OblivionOnline.esp");
    let plugin = Plugin::parse(&data).unwrap();
    let mut doc = plugin_to_json(&plugin, "OblivionOnline.esp").unwrap();
    let pack = first_scheduled(&mut doc);
    // Every package of this plugin runs at any hour.
    assert_eq!(pack["fields"]["schedule"]["hour"], "any");
    let new_hour = 14;
    pack["fields"]["schedule"]["hour"] = Value::from(new_hour);
    let form_id = pack["form_id"].as_str().unwrap().to_string();

    let rebuilt = plugin_from_json(&doc).unwrap().to_bytes().unwrap();
    assert_eq!(rebuilt.len(), data.len());
    let diffs: Vec<usize> = (0..data.len()).filter(|&i| data[i] != rebuilt[i]).collect();
    assert_eq!(diffs.len(), 1, "only the hour byte changes: {diffs:?}");
    assert_eq!(rebuilt[diffs[0]], new_hour as u8);

    let again = Plugin::parse(&rebuilt).unwrap();
    let doc2 = plugin_to_json(&again, "OblivionOnline.esp").unwrap();
    let text = serde_json::to_string(&doc2).unwrap();
    assert!(text.contains(&form_id));
    let mut doc2 = doc2;
    let pack2 = first_scheduled(&mut doc2);
    assert_eq!(pack2["fields"]["schedule"]["hour"], new_hour);
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn a_bad_field_names_record_field_and_value() {
    let data = common::file("oblivion-plugins/OblivionOnline.esp");
    let plugin = Plugin::parse(&data).unwrap();
    let mut doc = plugin_to_json(&plugin, "OblivionOnline.esp").unwrap();
    let pack = first_scheduled(&mut doc);
    pack["fields"]["schedule"]["hour"] = Value::from("noon");
    let form_id = pack["form_id"]
        .as_str()
        .unwrap()
        .split(' ')
        .next()
        .unwrap()
        .to_string();
    let err = plugin_from_json(&doc).unwrap_err().to_string();
    assert!(err.contains(&format!("PACK {form_id}")), "{err}");
    assert!(err.contains("schedule.hour"), "{err}");
    assert!(err.contains("\"noon\""), "{err}");
}

/// Records, and groups without records, of a JSON form's entries.
fn count_entries(entries: &Value) -> (usize, usize) {
    let mut counts = (0, 0);
    for e in entries.as_array().unwrap() {
        match e.get("entries") {
            Some(children) => {
                let (records, empty) = count_entries(children);
                counts.0 += records;
                counts.1 += empty + (records == 0) as usize;
            }
            None => counts.0 += 1,
        }
    }
    counts
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn written_json_is_the_json_form_and_can_show_some_records_only() {
    for path in common::plugins() {
        let data = std::fs::read(&path).unwrap();
        let plugin = Plugin::parse(&data).unwrap();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let doc = plugin_to_json(&plugin, &name).unwrap();
        let mut out = Vec::new();
        esscribe::json::write_plugin_json(&plugin, &name, None, &mut out).unwrap();
        let written: Value = serde_json::from_slice(&out).unwrap();
        assert!(written == doc, "{name}: written JSON differs");

        let packages = |sig: esscribe::Sig, _| sig.0 == *b"PACK";
        let mut out = Vec::new();
        esscribe::json::write_plugin_json(&plugin, &name, Some(&packages), &mut out).unwrap();
        let only: Value = serde_json::from_slice(&out).unwrap();
        let expected = plugin
            .records()
            .filter(|r| r.header.sig.0 == *b"PACK")
            .count();
        assert_eq!(count_entries(&only["entries"]), (expected, 0), "{name}");
        assert_eq!(only["header"], doc["header"], "{name}");
    }
}
