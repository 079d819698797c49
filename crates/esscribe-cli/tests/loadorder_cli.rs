//! `esscribe conflicts` and `esscribe refs` on real load orders.

#[path = "../../esscribe/tests/common/mod.rs"]
mod common;

use assert_cmd::Command;
use serde_json::{json, Value};

fn esscribe() -> Command {
    let mut cmd = Command::cargo_bin("esscribe").unwrap();
    cmd.env("NO_COLOR", "1");
    cmd
}

fn run(args: &[&str]) -> (String, String) {
    let out = esscribe().args(args).output().unwrap();
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    (
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

fn corpus(rel: &str) -> String {
    common::path(rel).display().to_string()
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn conflicts_of_the_requiem_patch() {
    let dawn = corpus("skyrim-plugins/DawnOfTheSilverHand.esp");
    let patch = corpus("skyrim-plugins/Requiem_DawnOfTheSilverHand.esp");
    let (out, err) = run(&["conflicts", &dawn, &patch, "--type", "weap"]);
    assert!(out.starts_with(
        "override, no conflict DSilHand_TemperedSilverGreatsword \"Tempered Silver Greatsword\" [WEAP:00009DDE DawnOfTheSilverHand.esp]\n    DawnOfTheSilverHand.esp → Requiem_DawnOfTheSilverHand.esp  ⇒ Requiem_DawnOfTheSilverHand.esp wins\n"
    ), "{out}");
    assert!(out.contains("identical to master (ITM) DSilHand_ShamanHircineStaff \"Hircine's Shaman Staff\" [WEAP:00073735 DawnOfTheSilverHand.esp]\n    DawnOfTheSilverHand.esp → Requiem_DawnOfTheSilverHand.esp (ITM)"), "{out}");
    assert!(out.contains("    DawnOfTheSilverHand.esp × Requiem_DawnOfTheSilverHand.esp: 8 shared, 0 conflicting\n"), "{out}");
    assert!(err.contains("warning: master Skyrim.esm is not in the load order, needed by DawnOfTheSilverHand.esp, Requiem_DawnOfTheSilverHand.esp"), "{err}");
    assert!(err.contains("warning: master Requiem.esp is not in the load order, needed by Requiem_DawnOfTheSilverHand.esp"), "{err}");
    assert!(err.contains("8 records touched by more than one plugin in 2 plugins: 2 identical to master (ITM), 6 override, no conflict"), "{err}");

    let (out, _) = run(&["conflicts", &dawn, &patch, "--json"]);
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(
        v["load_order"][1]["plugin"],
        "Requiem_DawnOfTheSilverHand.esp"
    );
    assert_eq!(
        v["load_order"][1]["slot"],
        json!({"slot": "full", "index": 1})
    );
    assert_eq!(v["records"].as_array().unwrap().len(), 1281);
    assert_eq!(
        v["pairs"],
        json!([{"first": "DawnOfTheSilverHand.esp", "second": "Requiem_DawnOfTheSilverHand.esp", "shared": 66, "conflicts": 0}])
    );
    let sword = v["records"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["editor_id"] == "DSilHand_TemperedSilverSword")
        .unwrap();
    assert_eq!(sword["form_id"], "0003ECAB DawnOfTheSilverHand.esp");
    assert_eq!(sword["category"], "override");
    assert_eq!(
        sword["chain"][1]["changes"],
        json!([
            "fields.keywords.0",
            "fields.keywords.1",
            "fields.data.value",
            "fields.data.damage"
        ])
    );
    let missing: Vec<&Value> = v["problems"].as_array().unwrap().iter().collect();
    assert_eq!(missing.len(), 4);
    assert_eq!(
        missing[3],
        &json!({"problem": "missing_master", "plugin": "Requiem_DawnOfTheSilverHand.esp", "master": "Requiem.esp"})
    );

    // What refers to the greatsword, found by its editor ID.
    let (out, err) = run(&[
        "refs",
        &dawn,
        &patch,
        "--form",
        "DSilHand_TemperedSilverGreatsword",
    ]);
    assert!(out.contains("DawnOfTheSilverHand.esp: DSilHand_RecipeTemperedSilverGreatsword [COBJ:0003ECAC DawnOfTheSilverHand.esp]  (created_object)\n"), "{out}");
    assert_eq!(out.lines().count(), 11);
    assert!(err.ends_with("DSilHand_TemperedSilverGreatsword \"Tempered Silver Greatsword\" [WEAP:00009DDE DawnOfTheSilverHand.esp] is referred to by 11 records\n"), "{err}");

    let out = esscribe()
        .args(["refs", &dawn, "--form", "NoSuchThing"])
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr)
        .contains("--form NoSuchThing: no such record in the load order"));
    let out = esscribe()
        .args(["conflicts", &dawn, "--plugin", "Requiem.esp"])
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains(
        "--plugin Requiem.esp: not in the load order (nearest: DawnOfTheSilverHand.esp)"
    ));
}

/// Campfire.esm's mortar and pestle (value 25) in a plugin of its own,
/// with `value` as its value.
fn mortar_plugin(campfire: &Value, name: &str, value: u64) -> Vec<u8> {
    let mut doc = campfire.clone();
    doc["file"] = json!(name);
    doc["header"]["fields"]["masters"]
        .as_array_mut()
        .unwrap()
        .push(json!({"file": "Campfire.esm", "file_size": 0}));
    let entries = doc["entries"].as_array_mut().unwrap();
    entries.retain(|g| g["label"] == "MISC");
    let records = entries[0]["entries"].as_array_mut().unwrap();
    records.retain(|r| r["form_id"] == "0x02038689 (Campfire.esm)");
    records[0]["fields"]["data"]["value"] = json!(value);
    esscribe::json::build_plugin(&doc)
        .unwrap()
        .plugin
        .to_bytes()
        .unwrap()
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn a_reverted_change_is_a_conflict_in_a_data_folder() {
    let master = common::file("skyrim-plugins/Campfire.esm");
    let plugin = esscribe::Plugin::parse(&master).unwrap();
    let campfire = esscribe::json::plugin_to_json(&plugin, "Campfire.esm").unwrap();
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("Data");
    std::fs::create_dir(&data).unwrap();
    std::fs::write(data.join("Campfire.esm"), &master).unwrap();
    std::fs::write(
        data.join("Change.esp"),
        mortar_plugin(&campfire, "Change.esp", 40),
    )
    .unwrap();
    std::fs::write(
        data.join("Revert.esp"),
        mortar_plugin(&campfire, "Revert.esp", 25),
    )
    .unwrap();
    std::fs::write(
        data.join("Unused.esp"),
        mortar_plugin(&campfire, "Unused.esp", 99),
    )
    .unwrap();
    // Skyrim SE's list: Unused.esp is there but not active.
    std::fs::write(
        dir.path().join("plugins.txt"),
        "*Campfire.esm\n*Change.esp\nUnused.esp\n*Revert.esp\n",
    )
    .unwrap();
    let data_arg = data.display().to_string();
    let (out, err) = run(&["conflicts", "--data", &data_arg, "--plugin", "revert.esp"]);
    assert_eq!(
        out,
        "conflict _Camp_Alchemy_MortarPestleMISC \"Mortar and Pestle\" [MISC:00038689 Campfire.esm]\n    Campfire.esm → Change.esp → Revert.esp (ITM)  ⇒ Revert.esp wins\n    lost data.value: 40 from Change.esp (winner: 25)\n\nPlugin pairs: records both touch, and conflicts (both change a field, to different values)\n    Campfire.esm × Change.esp: 1 shared, 0 conflicting\n    Campfire.esm × Revert.esp: 1 shared, 0 conflicting\n    Change.esp × Revert.esp: 1 shared, 0 conflicting\n"
    );
    assert!(
        err.contains("plugins.txt, * marking active plugins (Skyrim SE)"),
        "{err}"
    );
    assert!(
        err.contains("1 record touched by more than one plugin in 3 plugins: 1 conflict"),
        "{err}"
    );

    let (out, _) = run(&[
        "conflicts",
        "--data",
        &data_arg,
        "--plugin",
        "Revert.esp",
        "--json",
    ]);
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(
        v["records"][0]["lost"],
        json!([{"path": "fields.data.value", "plugin": "Change.esp", "value": 40, "winner_value": 25, "deliberate": false}])
    );
}
