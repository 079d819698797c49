//! The merged patch of plugins made in the test from real ones: copies of
//! a record of "Common Clothes and Armors" (a leveled list) and of
//! Campfire (an item, a container), each changed as a mod would, merged
//! by their tags, the master that defines the record loaded.

mod common;

use esscribe::loadorder::LoadOrder;
use esscribe::patch::{build_patch, PatchOptions, Tags};
use esscribe::{FormCtx, Plugin};
use serde_json::{json, Value};

const CCA: &str = "Common Clothes and Armors.esp";
const CCA_PATH: &str = "skyrim-loadorders/requiem-se/Common Clothes and Armors.esp";
const CAMPFIRE: &str = "Campfire.esm";
const CAMPFIRE_PATH: &str = "skyrim-plugins/Campfire.esm";
const PATCH: &str = "Bashed Patch, 0.esp";

/// A plugin `name` whose master is `source` (after `source`'s own
/// masters) holding only `source`'s record `form_id` of the top group
/// `label`, changed by `edit` (its fields), with `description`.
fn derived(
    source: &Value,
    source_name: &str,
    name: &str,
    label: &str,
    form_id: &str,
    description: Option<&str>,
    edit: impl FnOnce(&mut Value),
) -> Vec<u8> {
    let mut doc = source.clone();
    doc["file"] = name.into();
    doc["header"]["flags"] = json!([]);
    let fields = doc["header"]["fields"].as_object_mut().unwrap();
    fields.remove("description");
    if let Some(d) = description {
        fields.insert("description".into(), d.into());
    }
    // The source's own form IDs are numbered past its masters: the
    // source, added last, is that master here.
    fields["masters"]
        .as_array_mut()
        .unwrap()
        .push(json!({"file": source_name, "file_size": 0}));
    let entries = doc["entries"].as_array_mut().unwrap();
    entries.retain(|g| g["label"] == label);
    let records = entries[0]["entries"].as_array_mut().unwrap();
    records.retain(|r| r["form_id"] == form_id);
    assert_eq!(records.len(), 1, "{form_id}");
    edit(&mut records[0]["fields"]);
    let built = esscribe::json::build_plugin(&doc).unwrap();
    built.plugin.to_bytes().unwrap()
}

fn json_of(bytes: &[u8], name: &str) -> Value {
    esscribe::json::plugin_to_json(&Plugin::parse(bytes).unwrap(), name).unwrap()
}

/// The patch's version of the record `object` of `file`, as fields JSON
/// with form IDs named as the patch names them.
fn patched(bytes: &[u8], file: &str, object: u32) -> Value {
    let plugin = Plugin::parse(bytes).unwrap();
    let ctx = FormCtx::of(&plugin);
    let masters = plugin.masters().unwrap();
    let record = plugin
        .records()
        .find(|r| {
            let id = r.header.form_id;
            masters.get(id.master_index() as usize).map(String::as_str) == Some(file)
                && id.object_index() == object
        })
        .unwrap_or_else(|| panic!("no {file} {object:06X} in the patch"));
    let fields = esscribe::Fields::of(record, esscribe::defs::catalog(plugin.game), &ctx)
        .unwrap()
        .unwrap();
    Value::Object(fields.as_map().clone())
}

/// A leveled list entry as JSON shows it, naming an object of CCA as a
/// plugin with CCA's masters then CCA numbers it (`0x06......`).
fn entry(object: u32, level: u64, count: u64) -> Value {
    json!({"entry": {"level": level, "unused": "0000",
        "reference": format!("0x06{object:06X} ({CCA})"), "count": count, "unused_2": "0000"}})
}

/// An entry of the patch's list, as (object, level, count) of CCA.
fn patched_entries(list: &Value) -> Vec<(u32, u64, u64)> {
    list.as_array()
        .unwrap()
        .iter()
        .map(|e| {
            let e = &e["entry"];
            let reference = e["reference"].as_str().unwrap();
            assert!(reference.ends_with(&format!("({CCA})")), "{reference}");
            let id = u32::from_str_radix(&reference[4..10], 16).unwrap();
            (
                id,
                e["level"].as_u64().unwrap(),
                e["count"].as_u64().unwrap(),
            )
        })
        .collect()
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn relev_and_delev_against_the_loaded_master() {
    let cca_bytes = common::file(CCA_PATH);
    let cca = json_of(&cca_bytes, CCA);
    let list = "0x0600093D (Common Clothes and Armors.esp)";
    let base = [0x8EB, 0x8EC, 0x8ED, 0x8EE, 0x8EF, 0x8F0];
    let make =
        |name: &str, description: Option<&str>, edit: &dyn Fn(&mut Vec<Value>, &mut Value)| {
            derived(&cca, CCA, name, "LVLI", list, description, |f| {
                let mut entries = f["entries"].as_array().unwrap().clone();
                assert_eq!(entries, base.map(|o| entry(o, 1, 1)), "CCA's list as read");
                edit(&mut entries, f);
                f["entry_count"] = entries.len().into();
                f["entries"] = Value::Array(entries);
            })
        };
    // Delev (from its description): drops 8EB.
    let a = make("A.esp", Some("A test.\n{{BASH:Delev}}"), &|e, _| {
        e.remove(0);
    });
    // Relev (from the tags file): 8ED to level 10, count 2; adds 940.
    let b = make("B.esp", None, &|e, _| {
        e[2] = entry(0x8ED, 10, 2);
        e.push(entry(0x940, 5, 1));
    });
    // Untagged, and the winner: drops 8EC and relevels 8EE (neither is
    // taken), adds 93B, sets chance none.
    let c = make("C.esp", None, &|e, f| {
        e.remove(1);
        e[2] = entry(0x8EE, 30, 1);
        e.push(entry(0x93B, 3, 1));
        f["chance_none"] = 25.into();
    });
    let order = LoadOrder::from_bytes(
        vec![
            (CCA.into(), &cca_bytes[..]),
            ("A.esp".into(), &a[..]),
            ("B.esp".into(), &b[..]),
            ("C.esp".into(), &c[..]),
        ],
        Vec::new(),
    );
    let mut options = PatchOptions::new(PATCH);
    let mut tags = Tags::new();
    tags.apply_file("B.esp: Relev\n", "tags.txt").unwrap();
    options.tags = tags;
    let patch = build_patch(&order, &options).unwrap();
    assert!(
        patch.report.left_out.is_empty(),
        "{:?}",
        patch.report.left_out
    );
    assert_eq!(patch.files.len(), 1);
    let merged = patched(&patch.files[0].bytes, CCA, 0x93D);
    assert_eq!(merged["editor_id"], "CCA_LI_Brigandage_Iron");
    assert_eq!(merged["chance_none"], 25);
    assert_eq!(
        merged["flags"],
        json!([
            "calculate_from_all_levels",
            "calculate_for_each_item_in_count"
        ])
    );
    assert_eq!(merged["entry_count"], 7);
    assert_eq!(
        patched_entries(&merged["entries"]),
        [
            (0x8EC, 1, 1),
            (0x8EE, 1, 1),
            (0x8EF, 1, 1),
            (0x8F0, 1, 1),
            (0x93B, 3, 1),
            (0x940, 5, 1),
            (0x8ED, 10, 2),
        ]
    );
    let report = &patch.report.records[0];
    assert!(!report.master_absent);
    assert_eq!(report.base, CCA);
    assert_eq!(report.winner, "C.esp");
    let from: Vec<&str> = report
        .merged_from
        .iter()
        .map(|c| c.plugin.as_str())
        .collect();
    assert_eq!(from, ["A.esp", "B.esp", "C.esp", "C.esp"], "{report:?}");
    let what: Vec<&str> = report.merged_from.iter().map(|c| c.what.as_str()).collect();
    assert_eq!(
        what,
        [
            "entries removed: CCA_Iron_DarkRobes \"Iron Armor and Dark Robes\" [ARMO:FE0008EB Common Clothes and Armors.esp]",
            "entries added: CCA_LI_Brigandage_Steel [LVLI:FE000940 Common Clothes and Armors.esp]; entries changed: CCA_Iron_Makeshift \"Makeshift Iron Armor\" [ARMO:FE0008ED Common Clothes and Armors.esp]",
            "entries added: CCA_LI_Brigandage_Dwarven [LVLI:FE00093B Common Clothes and Armors.esp]",
            "entries kept as before, its changes of them not taken (not tagged Relev): CCA_Iron_PaleRobes \"Iron Armor and Pale Robes\" [ARMO:FE0008EE Common Clothes and Armors.esp]",
        ]
    );
    // What C.esp's version alone would lose: B's addition, and what C
    // dropped without Delev.
    assert_eq!(
        report.winner_would_lose,
        [
            "entry CCA_Iron_Furs \"Iron Armor and Furs\" [ARMO:FE0008EC Common Clothes and Armors.esp]",
            "entry CCA_LI_Brigandage_Steel [LVLI:FE000940 Common Clothes and Armors.esp]",
        ]
    );
    assert_eq!(patch.files[0].masters.last().unwrap(), CCA);
}

const MORTAR: &str = "0x02038689 (Campfire.esm)";

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn names_and_stats_come_from_the_last_tagged_plugin_that_changed_them() {
    let campfire_bytes = common::file(CAMPFIRE_PATH);
    let campfire = json_of(&campfire_bytes, CAMPFIRE);
    let make = |name: &str, edit: &dyn Fn(&mut Value)| {
        derived(&campfire, CAMPFIRE, name, "MISC", MORTAR, None, |f| {
            assert_eq!(f["name"], "Mortar and Pestle");
            assert_eq!(f["data"], json!({"value": 25, "weight": 4.0}));
            edit(f)
        })
    };
    let names = make("N.esp", &|f| f["name"] = "Mortar of Names".into());
    let stats = make("S.esp", &|f| {
        f["data"] = json!({"value": 99, "weight": 2.5})
    });
    // Tagged Stats too, but its stats are its master's: not taken.
    let same = make("K.esp", &|f| f["name"] = "Not a Names plugin".into());
    let winner = make("W.esp", &|f| {
        f["name"] = "Winner".into();
        f["data"] = json!({"value": 1, "weight": 9.0});
        f["model"]["file"] = "w.nif".into();
    });
    let order = LoadOrder::from_bytes(
        vec![
            (CAMPFIRE.into(), &campfire_bytes[..]),
            ("N.esp".into(), &names[..]),
            ("S.esp".into(), &stats[..]),
            ("K.esp".into(), &same[..]),
            ("W.esp".into(), &winner[..]),
        ],
        Vec::new(),
    );
    let mut options = PatchOptions::new(PATCH);
    let mut tags = Tags::new();
    tags.apply_file("N.esp: Names\nS.esp: Stats\nK.esp: Stats\n", "tags.txt")
        .unwrap();
    options.tags = tags;
    let patch = build_patch(&order, &options).unwrap();
    assert_eq!(patch.files.len(), 1, "{:?}", patch.report.left_out);
    let merged = patched(&patch.files[0].bytes, CAMPFIRE, 0x038689);
    assert_eq!(merged["editor_id"], "_Camp_Alchemy_MortarPestleMISC");
    assert_eq!(merged["name"], "Mortar of Names");
    assert_eq!(merged["data"], json!({"value": 99, "weight": 2.5}));
    // Everything else is the winner's.
    assert_eq!(merged["model"]["file"], "w.nif");
    assert_eq!(merged["keyword_count"], 2);
    let mut expected = json_of(&winner, "W.esp");
    let mut recs = Vec::new();
    common::json_records(&mut expected["entries"], "MISC", &mut recs);
    let mut winner_fields = recs[0]["fields"].clone();
    winner_fields["name"] = "Mortar of Names".into();
    winner_fields["data"] = json!({"value": 99, "weight": 2.5});
    // The patch names Campfire.esm's records with the same number (its
    // masters are Skyrim.esm, then Campfire.esm).
    let text = |v: &Value| v.to_string().replace("0x02", "0x01");
    assert_eq!(text(&merged), text(&winner_fields));
    let report = &patch.report.records[0];
    let what: Vec<(&str, &str)> = report
        .merged_from
        .iter()
        .map(|c| (c.plugin.as_str(), c.what.as_str()))
        .collect();
    assert_eq!(what, [("N.esp", "Names: name"), ("S.esp", "Stats: data")]);
    assert_eq!(
        patch.files[0].masters,
        ["Skyrim.esm", "Campfire.esm"],
        "the keywords name Skyrim.esm; the record is Campfire.esm's"
    );
}

const BARREL: &str = "0x02033F66 (Campfire.esm)";

fn item(id: &str, count: i64) -> Value {
    json!({"entry": {"item": id, "count": count}})
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn invent_merges_inventories_as_lists() {
    let campfire_bytes = common::file(CAMPFIRE_PATH);
    let campfire = json_of(&campfire_bytes, CAMPFIRE);
    let make = |name: &str, edit: &dyn Fn(&mut Vec<Value>, &mut Value)| {
        derived(&campfire, CAMPFIRE, name, "CONT", BARREL, None, |f| {
            let mut items = f["items"].as_array().unwrap().clone();
            assert_eq!(items.len(), 33);
            assert_eq!(items[0], item("0x0202C261 (Campfire.esm)", 1));
            assert_eq!(items[2], item("0x0202D830 (Campfire.esm)", 1));
            edit(&mut items, f);
            f["item_count"] = items.len().into();
            f["items"] = Value::Array(items);
        })
    };
    // Invent: drops the first item, five of the third, adds two mortars.
    let tagged = make("I.esp", &|items, _| {
        items.remove(0);
        items[1] = item("0x0202D830 (Campfire.esm)", 5);
        items.push(item(MORTAR, 2));
    });
    // Untagged winner: adds an item of Skyrim.esm, renames the barrel.
    let winner = make("J.esp", &|items, f| {
        items.push(item("0x000669A4 (Skyrim.esm)", 1));
        f["name"] = "Barrel J".into();
    });
    let order = LoadOrder::from_bytes(
        vec![
            (CAMPFIRE.into(), &campfire_bytes[..]),
            ("I.esp".into(), &tagged[..]),
            ("J.esp".into(), &winner[..]),
        ],
        Vec::new(),
    );
    let mut options = PatchOptions::new(PATCH);
    let mut tags = Tags::new();
    tags.apply_file("I.esp: Invent\n", "tags.txt").unwrap();
    options.tags = tags;
    let patch = build_patch(&order, &options).unwrap();
    assert_eq!(patch.files.len(), 1, "{:?}", patch.report.left_out);
    let merged = patched(&patch.files[0].bytes, CAMPFIRE, 0x033F66);
    assert_eq!(merged["name"], "Barrel J");
    assert_eq!(merged["item_count"], 34);
    // The patch numbers Campfire.esm 01 (after Skyrim.esm).
    let items = merged["items"].as_array().unwrap();
    let original = campfire_items(&campfire);
    let mut expected: Vec<Value> = original[1..].to_vec();
    expected[1] = item("0x0102D830 (Campfire.esm)", 5);
    expected.push(item("0x000669A4 (Skyrim.esm)", 1));
    expected.push(item("0x01038689 (Campfire.esm)", 2));
    assert_eq!(items, &expected);
    // Without the tag, the winner's inventory stands: nothing to patch.
    let untagged = build_patch(&order, &PatchOptions::new(PATCH)).unwrap();
    assert!(untagged.files.is_empty());
    assert!(untagged.report.records.is_empty());
}

/// Campfire's barrel items, numbered as the patch numbers them.
fn campfire_items(campfire: &Value) -> Vec<Value> {
    let mut doc = campfire.clone();
    let mut recs = Vec::new();
    common::json_records(&mut doc["entries"], "CONT", &mut recs);
    let items = recs[0]["fields"]["items"].clone();
    serde_json::from_str(&items.to_string().replace("0x02", "0x01")).unwrap()
}
