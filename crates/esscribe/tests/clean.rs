//! Cleaning plugins: a plugin built from Campfire.esm's own records, with
//! exact copies (ITM), changed copies, deleted references (UDR) and cells
//! kept as parents; and real plugins, clean or not, from the corpus.

mod common;

use esscribe::loadorder::{CleanKind, LoadOrder};
use esscribe::plugin::Plugin;
use esscribe::FormId;
use serde_json::{json, Value};

/// The form IDs as Campfire.esm's JSON writes them.
fn fid(id: u32) -> String {
    format!("0x{id:08X} (Campfire.esm)")
}

/// The group of a JSON list whose label is `label`.
fn group<'v>(entries: &'v mut Value, label: &str) -> &'v mut Value {
    entries
        .as_array_mut()
        .unwrap()
        .iter_mut()
        .find(|e| e["label"] == label)
        .unwrap_or_else(|| panic!("no group {label}"))
}

/// Keeps the records of a JSON list whose form IDs are in `keep`, in
/// that order of the file, and the groups.
fn keep_records(entries: &mut Value, keep: &[u32]) {
    let keep: Vec<String> = keep.iter().map(|&k| fid(k)).collect();
    entries.as_array_mut().unwrap().retain(|e| {
        e.get("group").is_some() || keep.contains(&e["form_id"].as_str().unwrap().to_string())
    });
}

fn record(entries: &mut Value, id: u32) -> &mut Value {
    entries
        .as_array_mut()
        .unwrap()
        .iter_mut()
        .find(|e| e["form_id"] == fid(id).as_str())
        .unwrap_or_else(|| panic!("no record {}", fid(id)))
}

/// The references of a cell, as Campfire.esm holds them: its children
/// group's group of the kind given.
fn cell_refs<'v>(block: &'v mut Value, sub_block: i64, kind: &str) -> &'v mut Value {
    let sub = block["entries"]
        .as_array_mut()
        .unwrap()
        .iter_mut()
        .find(|e| e["label"] == sub_block)
        .unwrap();
    let children = sub["entries"]
        .as_array_mut()
        .unwrap()
        .iter_mut()
        .find(|e| e["group"] == "cell_children")
        .unwrap();
    let refs = children["entries"]
        .as_array_mut()
        .unwrap()
        .iter_mut()
        .find(|e| e["group"] == kind)
        .unwrap();
    &mut refs["entries"]
}

/// CleanMe.esp, depending on Campfire.esm (and its masters):
/// - GLOB: one global copied (ITM), alone in its group;
/// - MISC: the mortar and pestle copied (ITM), the next MISC with its
///   value changed, and a third copied with a subrecord its declaration
///   does not know;
/// - interior cell block 6 of Campfire.esm, its three cells copied:
///   - _Camp_ThreadUtilityCell with one persistent reference, deleted;
///   - _Camp_ModTentCell with four temporary references: one copied
///     (ITM), one deleted with an enable parent and a teleport, one
///     deleted and stripped of its subrecords, one moved;
///   - _Camp_ModPlaceableObjectCell with two references copied (ITM).
fn clean_me(campfire: &Value) -> Vec<u8> {
    let mut doc = campfire.clone();
    doc["file"] = "CleanMe.esp".into();
    doc["header"]["fields"]["masters"]
        .as_array_mut()
        .unwrap()
        .push(json!({"file": "Campfire.esm", "file_size": 0}));
    doc["entries"]
        .as_array_mut()
        .unwrap()
        .retain(|g| g["label"] == "GLOB" || g["label"] == "MISC" || g["label"] == "CELL");
    keep_records(
        &mut group(&mut doc["entries"], "GLOB")["entries"],
        &[0x0201C3E8],
    );
    let misc = &mut group(&mut doc["entries"], "MISC")["entries"];
    keep_records(misc, &[0x02038689, 0x02038680, 0x020468D3]);
    // A subrecord its declaration does not know: not compared, not removed.
    record(misc, 0x020468D3)["fields"]["!QQQQ"] = json!("01020304");
    let changed = record(misc, 0x02038680);
    let value = changed["fields"]["data"]["value"].as_u64().unwrap();
    changed["fields"]["data"]["value"] = json!(value + 1);

    let cells = &mut group(&mut doc["entries"], "CELL")["entries"];
    cells.as_array_mut().unwrap().retain(|b| b["label"] == 6);
    let block = &mut cells[0];

    let thread = cell_refs(block, 0, "cell_persistent_children");
    let first = thread[0]["form_id"].as_str().unwrap().to_string();
    thread
        .as_array_mut()
        .unwrap()
        .retain(|r| r["form_id"] == first.as_str());
    thread[0]["flags"] = "0x40000420".into();

    let tent = cell_refs(block, 5, "cell_temporary_children");
    tent.as_array_mut().unwrap().truncate(4);
    tent[1]["flags"] = "0x00000020".into();
    tent[1]["fields"]["enable_parent"] = json!({
        "reference": fid(0x0203AD75), "flags": [], "unused": "000000"
    });
    tent[2]["flags"] = "0x00000020".into();
    tent[2]["fields"] = json!({});
    let x = tent[3]["fields"]["position_rotation"]["position_x"]
        .as_f64()
        .unwrap();
    tent[3]["fields"]["position_rotation"]["position_x"] = json!(x + 8.0);

    let placeable = cell_refs(block, 9, "cell_temporary_children");
    placeable.as_array_mut().unwrap().truncate(2);

    let built = esscribe::json::build_plugin(&doc).unwrap();
    built.plugin.to_bytes().unwrap()
}

/// Every record of a plugin as (type, form ID), in file order.
fn records(plugin: &Plugin<'_>) -> Vec<(String, u32)> {
    plugin
        .records()
        .map(|r| (r.header.sig.to_string(), r.header.form_id.0))
        .collect()
}

/// The actions of a plan as (what, type, form ID, reason).
fn actions(plan: &esscribe::loadorder::CleanPlan) -> Vec<(CleanKind, String, u32, Option<String>)> {
    plan.actions
        .iter()
        .map(|a| (a.kind, a.sig.to_string(), a.form_id.0, a.reason.clone()))
        .collect()
}

/// The HEDR record count of a plugin.
fn record_count(plugin: &Plugin<'_>) -> i32 {
    plugin.info().unwrap().record_count
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn built_plugin_is_cleaned_to_the_expected_records() {
    let master = common::file("skyrim-plugins/Campfire.esm");
    let campfire_plugin = Plugin::parse(&master).unwrap();
    let campfire = esscribe::json::plugin_to_json(&campfire_plugin, "Campfire.esm").unwrap();
    let dirty = clean_me(&campfire);
    let order = LoadOrder::from_bytes(
        vec![
            ("Campfire.esm".to_string(), master.as_slice()),
            ("CleanMe.esp".to_string(), dirty.as_slice()),
        ],
        Vec::new(),
    );
    let plan = order.plan_clean(1).unwrap();
    let parent = || Some("identical to master, kept as the parent of 1 entry left".to_string());
    use CleanKind::*;
    assert_eq!(
        actions(&plan),
        vec![
            (IdenticalToMaster, "GLOB".into(), 0x0201C3E8, None),
            (IdenticalToMaster, "MISC".into(), 0x02038689, None),
            (
                Skipped,
                "MISC".into(),
                0x020468D3,
                Some("has a subrecord kept as bytes (not matching its declaration)".into())
            ),
            (Skipped, "CELL".into(), 0x02026BF2, parent()),
            (UndeletedReference, "REFR".into(), 0x02026EAE, None),
            (Skipped, "CELL".into(), 0x02026D50, parent()),
            (IdenticalToMaster, "REFR".into(), 0x02026E5A, None),
            (UndeletedReference, "REFR".into(), 0x02026E5B, None),
            (UndeletedReference, "REFR".into(), 0x02026E5C, None),
            (IdenticalToMaster, "CELL".into(), 0x02029488, None),
            (IdenticalToMaster, "REFR".into(), 0x02029489, None),
            (IdenticalToMaster, "REFR".into(), 0x0202948A, None),
        ]
    );
    assert_eq!(plan.actions[1].record, "00038689 Campfire.esm");
    assert_eq!(
        plan.actions[1].editor_id.as_deref(),
        Some("_Camp_Alchemy_MortarPestleMISC")
    );
    // The top group GLOB, left empty, goes; and the placeable-object
    // cell's temporary group, its children group and its sub-block.
    assert_eq!(plan.groups_removed, 4);

    let before = Plugin::parse(&dirty).unwrap();
    let cleaned = plan.apply(&order).unwrap();
    let after = Plugin::parse(&cleaned).unwrap();
    assert_eq!(
        records(&after),
        vec![
            ("MISC".into(), 0x02038680),
            ("MISC".into(), 0x020468D3),
            ("CELL".into(), 0x02026BF2),
            ("REFR".into(), 0x02026EAE),
            ("CELL".into(), 0x02026D50),
            ("REFR".into(), 0x02026E5B),
            ("REFR".into(), 0x02026E5C),
            ("REFR".into(), 0x02026E5D),
        ]
    );
    // Six records and four groups fewer.
    assert_eq!(record_count(&after), record_count(&before) - 10);
    assert_eq!(after.groups().count(), before.groups().count() - 4);
    assert!(after.groups().all(|g| g.header.label != *b"GLOB"));

    // Records left alone keep their bytes.
    for id in [0x02038680, 0x020468D3, 0x02026BF2, 0x02026D50, 0x02026E5D] {
        let (a, b) = (
            after.find_record(FormId(id)).unwrap(),
            before.find_record(FormId(id)).unwrap(),
        );
        assert_eq!((a.header, &a.body), (b.header, &b.body), "{id:08X}");
    }

    let player = json!("0x00000014 (Skyrim.esm)");
    let opposite = json!(["set_enable_state_opposite_to_parent"]);
    let in_master = |id: u32| campfire_plugin.get(FormId(id)).unwrap().fields().unwrap();
    let check = |id: u32, flags: u32, z: f64| {
        let r = after.get(FormId(id)).unwrap();
        assert_eq!(r.raw().header.flags, flags, "{id:08X}");
        let f = r.fields().unwrap();
        assert_eq!(
            f.get("position_rotation.position_z").unwrap(),
            &json!(z),
            "{id:08X}"
        );
        assert_eq!(
            f.get("enable_parent.reference").unwrap(),
            &player,
            "{id:08X}"
        );
        assert_eq!(f.get("enable_parent.flags").unwrap(), &opposite, "{id:08X}");
        assert_eq!(f.get("base"), in_master(id).get("base"), "{id:08X}");
        assert_eq!(
            f.get("position_rotation.position_x"),
            in_master(id).get("position_rotation.position_x"),
            "{id:08X}"
        );
        assert!(f.get("teleport_destination").is_none());
    };
    // Persistent (Skyrim keeps a persistent reference where it is): not
    // deleted, initially disabled, the player as opposite enable parent.
    let master_z = in_master(0x02026EAE)
        .get("position_rotation.position_z")
        .unwrap()
        .as_f64()
        .unwrap();
    check(0x02026EAE, 0x4000_0C00, master_z);
    // Temporary: below the ground as well; its own enable parent replaced.
    check(0x02026E5B, 0x0000_0800, -30000.0);
    // Stripped of its subrecords: base and position from Campfire.esm.
    check(0x02026E5C, 0x0000_0800, -30000.0);
    let stripped = after.get(FormId(0x02026E5C)).unwrap().fields().unwrap();
    let keys: Vec<&str> = stripped.as_map().keys().map(String::as_str).collect();
    assert_eq!(keys, ["base", "enable_parent", "position_rotation"]);

    // Cleaning again finds nothing more to do, and changes no byte.
    let again_order = LoadOrder::from_bytes(
        vec![
            ("Campfire.esm".to_string(), master.as_slice()),
            ("CleanMe.esp".to_string(), cleaned.as_slice()),
        ],
        Vec::new(),
    );
    let again = again_order.plan_clean(1).unwrap();
    assert!(again.changes_nothing());
    assert_eq!(
        actions(&again),
        vec![
            actions(&plan)[2].clone(),
            (Skipped, "CELL".into(), 0x02026BF2, parent()),
            (Skipped, "CELL".into(), 0x02026D50, parent()),
        ]
    );
    assert_eq!(again.apply(&again_order).unwrap(), cleaned);
}

/// A load order of corpus files (paths below the corpus folder), in order.
fn corpus_files(files: &[&str]) -> Vec<(String, Vec<u8>)> {
    files
        .iter()
        .map(|f| (common::name(&common::path(f)), common::file(f)))
        .collect()
}

fn load(files: &[(String, Vec<u8>)]) -> LoadOrder<'_> {
    LoadOrder::from_bytes(
        files
            .iter()
            .map(|(n, b)| (n.clone(), b.as_slice()))
            .collect(),
        Vec::new(),
    )
}

/// Cleans the last file of a load order of corpus files: its plan, and
/// whether the cleaned bytes are the file's own.
fn clean_last(files: &[&str]) -> (esscribe::loadorder::CleanPlan, Vec<u8>, Vec<u8>) {
    let files = corpus_files(files);
    let order = load(&files);
    let at = order.len() - 1;
    assert_eq!(order.plugin(at).name, files[at].0);
    let plan = order.plan_clean(at).unwrap();
    let cleaned = plan.apply(&order).unwrap();
    (plan, cleaned, files[at].1.clone())
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn clean_campfire_tutorials_change_no_byte() {
    use CleanKind::*;
    let parent = || Some("identical to master, kept as the parent of 1 entry left".to_string());
    let (plan, cleaned, original) = clean_last(&[
        "skyrim-plugins/Campfire.esm",
        "skyrim-plugins/CampfireTutorial_Chair.esp",
    ]);
    assert!(plan.actions.is_empty());
    assert!(plan.changes_nothing());
    assert_eq!(cleaned, original);

    let (plan, cleaned, original) = clean_last(&[
        "skyrim-plugins/Campfire.esm",
        "skyrim-plugins/CampfireTutorial_ChairAndExtras.esp",
    ]);
    assert_eq!(
        actions(&plan),
        vec![(Skipped, "CELL".into(), 0x02029488, parent())]
    );
    assert_eq!(cleaned, original);

    let (plan, cleaned, original) = clean_last(&[
        "skyrim-plugins/Campfire.esm",
        "skyrim-plugins/CampfireTutorial_Shack.esp",
    ]);
    assert!(plan.changes_nothing());
    assert_eq!(plan.count(IdenticalToMaster), 0);
    assert_eq!(plan.count(UndeletedReference), 0);
    assert_eq!(plan.count(Skipped), 3);
    assert_eq!(cleaned, original);
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn records_over_an_absent_master_are_skipped_and_real_itms_removed() {
    use CleanKind::*;
    let (plan, cleaned, original) = clean_last(&[
        "skyrim-plugins/DawnOfTheSilverHand.esp",
        "skyrim-plugins/Requiem_DawnOfTheSilverHand.esp",
    ]);
    // Two weapons of DawnOfTheSilverHand.esp copied unchanged.
    let removed: Vec<(String, u32, Option<String>)> = plan
        .actions
        .iter()
        .filter(|a| a.kind == IdenticalToMaster)
        .map(|a| (a.sig.to_string(), a.form_id.0, a.editor_id.clone()))
        .collect();
    assert_eq!(
        removed,
        vec![
            (
                "WEAP".into(),
                0x01073735,
                Some("DSilHand_ShamanHircineStaff".into())
            ),
            (
                "WEAP".into(),
                0x01073736,
                Some("DSilHand_GlenmorilWitchStaff".into())
            ),
        ]
    );
    assert_eq!(plan.count(UndeletedReference), 0);
    // Skyrim.esm is not in the corpus: its records' overrides are left.
    assert_eq!(plan.count(Skipped), 60);
    assert!(plan
        .actions
        .iter()
        .filter(|a| a.kind == Skipped)
        .all(|a| a.reason.as_deref() == Some("its master Skyrim.esm is absent")));
    let before = Plugin::parse(&original).unwrap();
    let after = Plugin::parse(&cleaned).unwrap();
    assert_eq!(after.records().count(), before.records().count() - 2);
    assert_eq!(record_count(&after), record_count(&before) - 2);
    assert!(after.find_record(FormId(0x01073735)).is_none());

    let (plan, cleaned, original) = clean_last(&["skyrim-plugins/DawnOfTheSilverHand.esp"]);
    assert!(plan.changes_nothing());
    assert_eq!(plan.count(Skipped), 1273);
    let still: Vec<_> = plan
        .actions
        .iter()
        .filter(|a| a.kind == StillDeleted)
        .map(|a| (a.sig.to_string(), a.form_id.0, a.reason.clone()))
        .collect();
    // Two of Skyrim.esm's navmeshes deleted: xEdit cannot undelete those
    // either, and warns of them.
    let navmesh = || Some("a deleted navmesh cannot be undeleted: it needs fixing by hand".into());
    assert_eq!(
        still,
        vec![
            ("NAVM".to_string(), 0x000F_E152, navmesh()),
            ("NAVM".to_string(), 0x0004_D2E1, navmesh()),
        ]
    );
    assert_eq!(cleaned, original);

    let (plan, cleaned, original) = clean_last(&["oblivion-plugins/OOStartingMod.esp"]);
    assert!(plan.changes_nothing());
    // Four of Oblivion.esm's references deleted: they stay deleted,
    // counted and named, since their master is not there to rebuild them.
    assert_eq!(plan.count(Skipped), 69);
    assert_eq!(plan.count(StillDeleted), 4);
    assert!(plan.actions.iter().all(|a| {
        a.reason.as_deref() == Some("its master Oblivion.esm is absent")
            && (a.kind == Skipped || ["REFR", "ACHR", "ACRE"].contains(&a.sig.to_string().as_str()))
    }));
    assert_eq!(cleaned, original);
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn testing_plugins_made_with_xedit_lose_their_itms() {
    use CleanKind::*;
    let expect = |game: &str, file: &str, sig: &str, ids: &[u32]| {
        let (plan, cleaned, original) = clean_last(&[
            &format!("testing-plugins/{game}/Blank.esm"),
            &format!("testing-plugins/{game}/{file}"),
        ]);
        let found: Vec<(CleanKind, String, u32)> = plan
            .actions
            .iter()
            .map(|a| (a.kind, a.sig.to_string(), a.form_id.0))
            .collect();
        let wanted: Vec<(CleanKind, String, u32)> = ids
            .iter()
            .map(|&id| (IdenticalToMaster, sig.to_string(), id))
            .collect();
        assert_eq!(found, wanted, "{game}/{file}");
        let after = Plugin::parse(&cleaned).unwrap();
        let before = Plugin::parse(&original).unwrap();
        assert_eq!(
            after.records().count(),
            before.records().count() - ids.len(),
            "{game}/{file}"
        );
        for &id in ids {
            assert!(after.find_record(FormId(id)).is_none());
        }
        if ids.is_empty() {
            assert_eq!(cleaned, original, "{game}/{file}");
        }
    };
    expect("Oblivion", "Blank - Master Dependent.esp", "BOOK", &[]);
    expect(
        "Oblivion",
        "Blank - Master Dependent.esm",
        "BOOK",
        &[0xCF0, 0xCF1, 0xCF2, 0xCF3],
    );
    expect(
        "Skyrim",
        "Blank - Master Dependent.esp",
        "BPTD",
        &[0xCF0, 0xCF1],
    );
    expect(
        "Skyrim",
        "Blank - Master Dependent.esm",
        "BPTD",
        &[0xCF0, 0xCF1, 0xCF2, 0xCF3],
    );
    expect(
        "SkyrimSE",
        "Blank - Master Dependent.esp",
        "BPTD",
        &[0xCF0, 0xCF1],
    );
}

/// Dep.esp, depending on Oblivion.esm (absent) and OblivionOnline.esp:
/// OblivionOnline's own cell copied, with one of its persistent references
/// and one of its temporary references, both deleted; and one of the
/// cell's references of Oblivion.esm.
fn oblivion_dependent(online: &Value) -> Vec<u8> {
    let mut doc = online.clone();
    doc["file"] = "Dep.esp".into();
    doc["header"]["fields"]["masters"]
        .as_array_mut()
        .unwrap()
        .push(json!({"file": "OblivionOnline.esp", "file_size": 0}));
    doc["entries"]
        .as_array_mut()
        .unwrap()
        .retain(|g| g["label"] == "CELL");
    let blocks = &mut doc["entries"][0]["entries"];
    blocks.as_array_mut().unwrap().retain(|b| b["label"] == 4);
    let sub = &mut blocks[0]["entries"][0]["entries"];
    let children = &mut sub[1]["entries"];
    let persistent = &mut children[0]["entries"];
    persistent
        .as_array_mut()
        .unwrap()
        .retain(|r| r["form_id"] == "0x01041C1E (OblivionOnline.esp)");
    persistent[0]["flags"] = "0x00000420".into();
    let temporary = &mut children[1]["entries"];
    temporary.as_array_mut().unwrap().truncate(1);
    temporary[0]["flags"] = "0x00000020".into();
    temporary[0]["fields"] = json!({});
    let built = esscribe::json::build_plugin(&doc).unwrap();
    built.plugin.to_bytes().unwrap()
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn oblivion_references_are_undeleted_as_oblivion_wants() {
    use CleanKind::*;
    let master = common::file("oblivion-plugins/OblivionOnline.esp");
    let online_plugin = Plugin::parse(&master).unwrap();
    let online = esscribe::json::plugin_to_json(&online_plugin, "OblivionOnline.esp").unwrap();
    let dirty = oblivion_dependent(&online);
    let order = LoadOrder::from_bytes(
        vec![
            ("OblivionOnline.esp".to_string(), master.as_slice()),
            ("Dep.esp".to_string(), dirty.as_slice()),
        ],
        Vec::new(),
    );
    let plan = order.plan_clean(1).unwrap();
    assert_eq!(
        actions(&plan),
        vec![
            (
                Skipped,
                "CELL".into(),
                0x010117AA,
                Some("identical to master, kept as the parent of 2 entries left".into())
            ),
            (UndeletedReference, "REFR".into(), 0x01041C1E, None),
            (UndeletedReference, "REFR".into(), 0x010117D4, None),
        ]
    );
    // The persistent group, emptied by the move, goes.
    assert_eq!(plan.groups_removed, 1);
    let cleaned = plan.apply(&order).unwrap();
    let after = Plugin::parse(&cleaned).unwrap();
    let r = after.get(FormId(0x010117D4)).unwrap();
    // Oblivion keeps no undeleted reference persistent.
    assert_eq!(r.raw().header.flags, 0x0000_0800);
    let f = r.fields().unwrap();
    let base = online_plugin
        .get(FormId(0x010117D4))
        .unwrap()
        .fields()
        .unwrap();
    assert_eq!(f.get("base"), base.get("base"));
    assert_eq!(
        f.get("position_rotation.position_z").unwrap(),
        &json!(-30000.0)
    );
    assert_eq!(
        f.get("enable_parent").unwrap(),
        &json!({"reference": "0x00000014 (Oblivion.esm)",
                "flags": ["set_enable_state_opposite_to_parent"], "unused": "000000"})
    );
    // The persistent one is undeleted too: Oblivion keeps no undeleted
    // reference persistent, so it moves, as xEdit moves it, to the cell's
    // temporary group, in form ID order, below the ground.
    let moved = after.get(FormId(0x01041C1E)).unwrap();
    assert_eq!(moved.raw().header.flags, 0x0000_0800);
    let f = moved.fields().unwrap();
    assert_eq!(
        f.get("position_rotation.position_z").unwrap(),
        &json!(-30000.0)
    );
    let cell = 0x010117AAu32.to_le_bytes();
    let cell_groups: Vec<(String, Vec<u32>)> = after
        .groups()
        .filter(|g| g.header.label == cell && g.header.group_type >= 8)
        .map(|g| {
            let ids = g
                .children
                .iter()
                .filter_map(|c| match c {
                    esscribe::plugin::Entry::Record(r) => Some(r.header.form_id.0),
                    _ => None,
                })
                .collect();
            (g.header.kind().name().to_string(), ids)
        })
        .collect();
    assert_eq!(
        cell_groups,
        vec![(
            "cell temporary children".to_string(),
            vec![0x010117D4, 0x01041C1E]
        )]
    );
    let before = Plugin::parse(&dirty).unwrap();
    assert_eq!(record_count(&after), record_count(&before) - 1);
}
