//! Cleaning over override chains of three plugins built from real
//! records: what xEdit counts as identical to master, and what an
//! undeleted reference is rebuilt from.

mod common;

use esscribe::loadorder::{CleanKind, LoadOrder};
use esscribe::plugin::{Entry, Plugin};
use esscribe::FormId;
use serde_json::{json, Value};

/// A copy of a plugin's JSON as another file, with more masters, keeping
/// only the top group `label`.
fn derived(doc: &Value, file: &str, masters: &[&str], label: &str) -> Value {
    let mut doc = doc.clone();
    doc["file"] = file.into();
    let list = doc["header"]["fields"]["masters"].as_array_mut().unwrap();
    for m in masters {
        list.push(json!({"file": m, "file_size": 0}));
    }
    doc["entries"]
        .as_array_mut()
        .unwrap()
        .retain(|g| g["label"] == label);
    doc
}

fn build(doc: &Value) -> Vec<u8> {
    esscribe::json::build_plugin(doc)
        .unwrap()
        .plugin
        .to_bytes()
        .unwrap()
}

fn json_of(bytes: &[u8], name: &str) -> Value {
    let plugin = Plugin::parse(bytes).unwrap();
    esscribe::json::plugin_to_json(&plugin, name).unwrap()
}

/// The entries of the top group of a derived document.
fn top(doc: &mut Value) -> &mut Vec<Value> {
    doc["entries"][0]["entries"].as_array_mut().unwrap()
}

fn record<'v>(entries: &'v mut [Value], id: &str) -> &'v mut Value {
    entries
        .iter_mut()
        .find(|e| e["form_id"] == id)
        .unwrap_or_else(|| panic!("no record {id}"))
}

const CAMPFIRE: &str = "Campfire.esm";
const MORTAR: &str = "0x02038689 (Campfire.esm)";
const PESTLE: &str = "0x02038680 (Campfire.esm)";
const KINDLING: &str = "0x0202564C (Campfire.esm)";
const TINDER: &str = "0x0202E68E (Campfire.esm)";

fn load<'a>(files: &'a [(&str, Vec<u8>)]) -> LoadOrder<'a> {
    LoadOrder::from_bytes(
        files
            .iter()
            .map(|(n, b)| (n.to_string(), b.as_slice()))
            .collect(),
        Vec::new(),
    )
}

/// Campfire.esm, Mid.esp changing two of its MISC records and copying a
/// third, and Top.esp over both:
/// - the mortar as Mid.esp has it (equal to the nearest master's version,
///   not to the first): a change of Campfire's record, kept;
/// - the pestle as Campfire.esm has it, over Mid.esp's change: it wins
///   that conflict, kept;
/// - the kindling as Campfire.esm has it, untouched by Mid.esp: ITM;
/// - the tinder as both masters have it: ITM.
#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn only_overrides_equal_to_the_first_version_all_along_are_itm() {
    let master = common::file("skyrim-plugins/Campfire.esm");
    let campfire = json_of(&master, CAMPFIRE);

    let mut mid = derived(&campfire, "Mid.esp", &[CAMPFIRE], "MISC");
    top(&mut mid).retain(|r| [MORTAR, PESTLE, TINDER].contains(&r["form_id"].as_str().unwrap()));
    for id in [MORTAR, PESTLE] {
        record(top(&mut mid), id)["fields"]["data"]["value"] = json!(26);
    }
    let mid_bytes = build(&mid);

    let mut top_doc = derived(&campfire, "Top.esp", &[CAMPFIRE, "Mid.esp"], "MISC");
    top(&mut top_doc)
        .retain(|r| [MORTAR, PESTLE, KINDLING, TINDER].contains(&r["form_id"].as_str().unwrap()));
    record(top(&mut top_doc), MORTAR)["fields"]["data"]["value"] = json!(26);
    let top_bytes = build(&top_doc);

    let files = [
        (CAMPFIRE, master.clone()),
        ("Mid.esp", mid_bytes),
        ("Top.esp", top_bytes.clone()),
    ];
    let order = load(&files);
    let plan = order.plan_clean(2).unwrap();
    let acted: Vec<(CleanKind, u32)> = plan.actions.iter().map(|a| (a.kind, a.form_id.0)).collect();
    // Top.esp numbers Campfire.esm 02, as Campfire.esm numbers itself.
    assert_eq!(
        acted,
        vec![
            (CleanKind::IdenticalToMaster, 0x0202564C),
            (CleanKind::IdenticalToMaster, 0x0202E68E),
        ]
    );

    let cleaned = plan.apply(&order).unwrap();
    let before = Plugin::parse(&top_bytes).unwrap();
    let after = Plugin::parse(&cleaned).unwrap();
    let ids: Vec<u32> = after.records().map(|r| r.header.form_id.0).collect();
    assert_eq!(ids, [0x02038689, 0x02038680]);
    for id in ids {
        let (a, b) = (
            after.find_record(FormId(id)).unwrap(),
            before.find_record(FormId(id)).unwrap(),
        );
        assert_eq!((a.header, &a.body), (b.header, &b.body), "{id:08X}");
    }
    let value = |id: u32| {
        let f = after.get(FormId(id)).unwrap().fields().unwrap();
        f.get("data.value").cloned().unwrap()
    };
    assert_eq!(value(0x02038689), json!(26));
    assert_eq!(value(0x02038680), json!(25));

    // Cleaning Mid.esp itself: its copy of the tinder is ITM, its changes
    // are not; Top.esp, loaded after it, does not count.
    let plan = order.plan_clean(1).unwrap();
    let acted: Vec<(CleanKind, u32)> = plan.actions.iter().map(|a| (a.kind, a.form_id.0)).collect();
    assert_eq!(acted, vec![(CleanKind::IdenticalToMaster, 0x0202E68E)]);
}

const DAWN: &str = "DawnOfTheSilverHand.esp";
/// An interior cell of Skyrim.esm as DawnOfTheSilverHand.esp has it, and
/// the references of the mod's own that it places there.
const CELL: &str = "0x00015288 (Skyrim.esm)";
const CHEST: &str = "0x02001667 (DawnOfTheSilverHand.esp)";
const ACTOR: &str = "0x0200D978 (DawnOfTheSilverHand.esp)";

/// A plugin over DawnOfTheSilverHand.esp holding its version of the cell
/// and the cell's temporary group with `refs` (the reference of the mod,
/// edited by `edit`).
fn over_dawn(
    dawn: &Value,
    file: &str,
    masters: &[&str],
    refs: &[&str],
    edit: impl Fn(&mut Value),
) -> Vec<u8> {
    let mut doc = derived(dawn, file, masters, "CELL");
    let blocks = top(&mut doc);
    blocks.retain(|b| b["label"] == 4);
    let subs = blocks[0]["entries"].as_array_mut().unwrap();
    subs.retain(|s| s["label"] == 6);
    let entries = subs[0]["entries"].as_array_mut().unwrap();
    entries.retain(|e| e["form_id"] == CELL || e["label"] == CELL);
    let children = entries
        .iter_mut()
        .find(|e| e["group"] == "cell_children")
        .unwrap()["entries"]
        .as_array_mut()
        .unwrap();
    children.retain(|g| g["group"] == "cell_temporary_children");
    let temporary = children[0]["entries"].as_array_mut().unwrap();
    temporary.retain(|r| refs.contains(&r["form_id"].as_str().unwrap()));
    temporary.iter_mut().for_each(&edit);
    build(&doc)
}

/// Deletes a reference as a careless plugin does: flag set, fields gone.
fn delete(r: &mut Value) {
    r["flags"] = "0x00000020".into();
    r["fields"] = json!({});
}

/// The groups of a cell's children, by kind, with the form IDs in each.
fn cell_groups(plugin: &Plugin<'_>, cell: u32) -> Vec<(&'static str, Vec<u32>)> {
    plugin
        .groups()
        .filter(|g| g.header.label == cell.to_le_bytes() && g.header.group_type >= 8)
        .map(|g| {
            let ids = g
                .children
                .iter()
                .filter_map(|c| match c {
                    Entry::Record(r) => Some(r.header.form_id.0),
                    Entry::Group(_) => None,
                })
                .collect();
            (g.header.kind().name(), ids)
        })
        .collect()
}

/// A deleted chest and actor of DawnOfTheSilverHand.esp undeleted by a
/// plugin over it: the chest rebuilt whole from its master's version,
/// scale and owner included; the actor made persistent, so moved to the
/// persistent group of its cell, and left where it stands.
#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn undeleted_references_come_back_whole_from_their_master() {
    let master = common::file("skyrim-plugins/DawnOfTheSilverHand.esp");
    let dawn = json_of(&master, DAWN);
    let dirty = over_dawn(&dawn, "Dirty.esp", &[DAWN], &[CHEST, ACTOR], delete);
    let files = [(DAWN, master.clone()), ("Dirty.esp", dirty)];
    let order = load(&files);
    let plan = order.plan_clean(1).unwrap();
    let acted: Vec<(CleanKind, String, u32, Option<String>)> = plan
        .actions
        .iter()
        .map(|a| (a.kind, a.sig.to_string(), a.form_id.0, a.reason.clone()))
        .collect();
    assert_eq!(
        acted,
        vec![
            (
                CleanKind::Skipped,
                "CELL".into(),
                0x00015288,
                Some("its master Skyrim.esm is absent".into())
            ),
            (
                CleanKind::UndeletedReference,
                "REFR".into(),
                0x02001667,
                None
            ),
            (
                CleanKind::UndeletedReference,
                "ACHR".into(),
                0x0200D978,
                None
            ),
        ]
    );
    assert_eq!(plan.groups_removed, 0);
    let cleaned = plan.apply(&order).unwrap();
    let after = Plugin::parse(&cleaned).unwrap();

    let chest = after.get(FormId(0x02001667)).unwrap();
    assert_eq!(chest.raw().header.flags, 0x0000_0800);
    assert_eq!(chest.raw().header.form_version, 43);
    let f = chest.fields().unwrap();
    // Written in the order of the declaration, as xEdit writes a record
    // it assigns, whatever order the master's file had.
    let keys: Vec<&str> = f.as_map().keys().map(String::as_str).collect();
    assert_eq!(
        keys,
        [
            "base",
            "scale",
            "owner",
            "enable_parent",
            "position_rotation"
        ]
    );
    assert_eq!(f.get("base").unwrap(), &json!("0x00045C28 (Skyrim.esm)"));
    assert_eq!(f.get("owner").unwrap(), &json!("0x00065677 (Skyrim.esm)"));
    assert_eq!(f.get("scale").unwrap(), &json!(0.73));
    assert_eq!(
        f.get("position_rotation.position_x").unwrap(),
        &json!(-1377.3793)
    );
    assert_eq!(
        f.get("position_rotation.position_z").unwrap(),
        &json!(-30000.0)
    );
    assert_eq!(
        f.get("enable_parent").unwrap(),
        &json!({"reference": "0x00000014 (Skyrim.esm)",
                "flags": ["set_enable_state_opposite_to_parent"], "unused": "000000"})
    );
    // Byte for byte: XSCL holds 0.73 as a 32-bit float.
    let raw = chest
        .raw()
        .subrecords(esscribe::plugin::Game::Skyrim)
        .unwrap();
    let xscl = raw.iter().find(|s| s.sig.to_string() == "XSCL").unwrap();
    assert_eq!(xscl.data, 0.73f32.to_le_bytes());

    // The actor: persistent, initially disabled, where its master put it.
    let actor = after.get(FormId(0x0200D978)).unwrap();
    assert_eq!(actor.raw().header.flags, 0x0000_0C00);
    let in_master = Plugin::parse(&master).unwrap();
    let master_actor = in_master.get(FormId(0x0200D978)).unwrap().fields().unwrap();
    let f = actor.fields().unwrap();
    assert_eq!(
        f.get("position_rotation"),
        master_actor.get("position_rotation")
    );
    assert_eq!(f.get("level_modifier"), master_actor.get("level_modifier"));
    assert_eq!(
        cell_groups(&after, 0x00015288),
        vec![
            ("cell persistent children", vec![0x0200D978]),
            ("cell temporary children", vec![0x02001667]),
        ]
    );
}

/// With an intermediate master changing the chest, the chest is rebuilt
/// from that nearest master's version, as xEdit does.
#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn an_undeleted_reference_takes_the_nearest_masters_version() {
    let master = common::file("skyrim-plugins/DawnOfTheSilverHand.esp");
    let dawn = json_of(&master, DAWN);
    let mid = over_dawn(&dawn, "Mid.esp", &[DAWN], &[CHEST], |r| {
        r["fields"]["scale"] = json!(1.5);
    });
    let dirty = over_dawn(&dawn, "Dirty.esp", &[DAWN, "Mid.esp"], &[CHEST], delete);
    let files = [
        (DAWN, master.clone()),
        ("Mid.esp", mid),
        ("Dirty.esp", dirty),
    ];
    let order = load(&files);
    let plan = order.plan_clean(2).unwrap();
    assert_eq!(plan.count(CleanKind::UndeletedReference), 1);
    let cleaned = plan.apply(&order).unwrap();
    let after = Plugin::parse(&cleaned).unwrap();
    let f = after.get(FormId(0x02001667)).unwrap().fields().unwrap();
    assert_eq!(f.get("scale").unwrap(), &json!(1.5));
    assert_eq!(f.get("owner").unwrap(), &json!("0x00065677 (Skyrim.esm)"));
}
