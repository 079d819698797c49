//! Skyrim AI packages on the real plugins of the corpus: every section
//! decoded, golden JSON, summaries, lint and edits.

mod common;

use esscribe::defs::catalog;
use esscribe::json::{form_ctx, plugin_from_json, plugin_to_json, record_to_json};
use esscribe::package::{lint, summaries};
use esscribe::plugin::Plugin;
use serde_json::Value;

fn packages(file: &str) -> (Vec<u8>, Vec<Value>) {
    let data = common::file(file);
    let plugin = Plugin::parse(&data).unwrap();
    let name = file.rsplit('/').next().unwrap();
    let ctx = form_ctx(&plugin, name);
    let mut out = Vec::new();
    for r in plugin.records().filter(|r| r.header.sig.0 == *b"PACK") {
        let rj = record_to_json(r, plugin.game, &ctx).unwrap();
        assert_eq!(
            rj.coverage.raw, 0,
            "{name}: {} kept raw subrecords: {:#?}",
            rj.value["fields"]["editor_id"], rj.warnings
        );
        out.push(rj.value);
    }
    drop(plugin);
    (data, out)
}

fn by_editor_id<'v>(list: &'v [Value], id: &str) -> &'v Value {
    list.iter()
        .find(|p| p["fields"]["editor_id"] == id)
        .unwrap_or_else(|| panic!("no package {id}"))
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn every_campfire_and_undead_trinity_package_decodes_completely() {
    let (_, campfire) = packages("skyrim-plugins/Campfire.esm");
    assert_eq!(campfire.len(), 14);
    let (_, trinity) = packages("skyrim-plugins/UndeadTrinity_PACKonly.esp");
    assert_eq!(trinity.len(), 7);
    // Every package of Undead Trinity has its own procedure tree.
    for p in &trinity {
        assert!(p["fields"]["procedure_tree"]
            .as_array()
            .is_some_and(|t| !t.is_empty()));
        assert_eq!(p["fields"]["counter"]["template"], "0x00000000");
    }
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn template_with_its_own_tree_matches_its_golden_json() {
    let (_, list) = packages("skyrim-plugins/Campfire.esm");
    let p = by_editor_id(&list, "_Camp_TravelAndGuard");
    let f = &p["fields"];
    assert_eq!(f["general"]["type"], "template");
    // A Simultaneous root with two Procedure children.
    let tree = f["procedure_tree"].as_array().unwrap();
    assert_eq!(tree.len(), 1);
    assert_eq!(tree[0]["branch_type"], "Simultaneous");
    let children = tree[0]["children"].as_array().unwrap();
    assert_eq!(children[0]["procedure"], "Guard");
    assert_eq!(
        children[0]["conditions"][0]["condition"]["function"],
        "GetTrespassWarningLevel"
    );
    assert_eq!(children[1]["procedure"], "Travel");
    assert_eq!(children[1]["flags"][0], "success_completes_package");
    assert_eq!(f["procedure_data"][0]["name"], "Place to Travel");
    assert_eq!(f["marker"], 11);
    insta::assert_json_snapshot!("campfire_travel_and_guard", p);
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn each_kind_of_data_input_matches_its_golden_json() {
    let (_, list) = packages("skyrim-plugins/Campfire.esm");
    // Topic, SingleRef, Bool and Location inputs.
    let complied = by_editor_id(&list, "_Camp_IllegalCampsiteCompliedGuard");
    let inputs = complied["fields"]["data_inputs"].as_array().unwrap();
    assert_eq!(inputs[0]["type"], "Topic");
    assert_eq!(inputs[0]["value"][0]["type"], "subtype");
    assert_eq!(inputs[0]["value"][0]["topic"], "GBYE");
    assert_eq!(inputs[1]["value"]["target"], "0x00000014 (Skyrim.esm)");
    insta::assert_json_snapshot!("campfire_complied_guard", complied);
    // Location, TargetSelector, ObjectList, Float and Bool inputs.
    let sit = by_editor_id(&list, "_Camp_FollowerSitCampfire");
    let kinds: Vec<&str> = sit["fields"]["data_inputs"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["type"].as_str().unwrap())
        .collect();
    assert_eq!(
        kinds,
        [
            "Location",
            "TargetSelector",
            "ObjectList",
            "Float",
            "Bool",
            "Bool",
            "Bool"
        ]
    );
    insta::assert_json_snapshot!("campfire_follower_sit_campfire", sit);
    // Int inputs.
    let attack = by_editor_id(&list, "_Camp_IllegalCampsiteAttackItem1");
    let int = attack["fields"]["data_inputs"]
        .as_array()
        .unwrap()
        .iter()
        .find(|i| i["type"] == "Int")
        .unwrap();
    assert!(int["value"].is_i64());
    insta::assert_json_snapshot!("campfire_attack_item", attack);
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn own_tree_package_matches_its_golden_json() {
    let (_, list) = packages("skyrim-plugins/UndeadTrinity_PACKonly.esp");
    let guard = by_editor_id(&list, "UT_PackageGuard");
    assert_eq!(
        guard["fields"]["procedure_tree"][0]["branch_type"],
        "Sequence"
    );
    assert_eq!(
        guard["fields"]["procedure_tree"][0]["children"][0]["activity_ids"],
        serde_json::json!([0, 1, 1, 4, 6, 8])
    );
    insta::assert_json_snapshot!("undead_trinity_guard", guard);
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn summaries_tell_schedule_location_and_template() {
    let data = common::file("skyrim-plugins/Campfire.esm");
    let plugin = Plugin::parse(&data).unwrap();
    let list = summaries(&plugin, "Campfire.esm").unwrap();
    assert_eq!(list.len(), 14);
    let sit = list
        .iter()
        .find(|p| p.editor_id == "_Camp_FollowerSitCampfire")
        .unwrap();
    assert_eq!(sit.form_id, "0x02039578 (Campfire.esm)");
    assert_eq!(sit.kind, "package");
    assert_eq!(sit.schedule, "any day, any time");
    assert_eq!(
        sit.location.as_deref(),
        Some("near package start, radius 1500")
    );
    assert_eq!(
        sit.target.as_deref(),
        Some("object id 0x02039577 (Campfire.esm)")
    );
    assert_eq!(sit.template.as_deref(), Some("0x00019715 (Skyrim.esm)"));
    assert_eq!(sit.conditions, 2);
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn the_corpus_packages_pass_lint() {
    for file in [
        "skyrim-plugins/Campfire.esm",
        "skyrim-plugins/UndeadTrinity_PACKonly.esp",
    ] {
        let data = common::file(file);
        let plugin = Plugin::parse(&data).unwrap();
        assert_eq!(lint(&plugin, file).unwrap(), vec![], "{file}");
    }
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn lint_reports_a_package_edited_out_of_agreement() {
    let data = common::file("skyrim-plugins/UndeadTrinity_PACKonly.esp");
    let plugin = Plugin::parse(&data).unwrap();
    let mut doc = plugin_to_json(&plugin, "UT.esp").unwrap();
    let pack = &mut doc["entries"][0]["entries"][0];
    pack["fields"]["counter"]["data_input_count"] = Value::from(9);
    pack["fields"]["marker"] = Value::from(3);
    let edited = plugin_from_json(&doc).unwrap().to_bytes().unwrap();
    let again = Plugin::parse(&edited).unwrap();
    let findings = lint(&again, "UT.esp").unwrap();
    let problems: Vec<&str> = findings.iter().map(|f| f.problem.as_str()).collect();
    assert_eq!(
        problems,
        [
            "the package says it has 9 data inputs (PKCU) but has 6",
            "the package's next activity ID (XNAM) is 3, but its highest activity ID is 8: it should be 9"
        ]
    );
    assert_eq!(findings[0].editor_id, "UT_PackageGuard");
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn a_schedule_edit_in_json_changes_only_those_bytes() {
    let data = common::file("skyrim-plugins/Campfire.esm");
    let plugin = Plugin::parse(&data).unwrap();
    let mut doc = plugin_to_json(&plugin, "Campfire.esm").unwrap();
    let text = serde_json::to_string(&doc).unwrap();
    assert!(text.contains("_Camp_FollowerSitCampfire"));
    fn find<'v>(v: &'v mut Value, id: &str) -> Option<&'v mut Value> {
        if v["fields"]["editor_id"] == id {
            return Some(v);
        }
        for e in v.get_mut("entries")?.as_array_mut()? {
            if let Some(found) = find(e, id) {
                return Some(found);
            }
        }
        None
    }
    let pack = find(&mut doc, "_Camp_FollowerSitCampfire").unwrap();
    pack["fields"]["schedule"]["hour"] = Value::from(22);
    pack["fields"]["schedule"]["minute"] = Value::from(0);
    pack["fields"]["schedule"]["duration_minutes"] = Value::from(480);
    let rebuilt = plugin_from_json(&doc).unwrap().to_bytes().unwrap();
    assert_eq!(rebuilt.len(), data.len());
    let changed = (0..data.len()).filter(|&i| data[i] != rebuilt[i]).count();
    // Hour, minute and two bytes of the duration.
    assert_eq!(changed, 4);
    let again = Plugin::parse(&rebuilt).unwrap();
    let sit = summaries(&again, "Campfire.esm")
        .unwrap()
        .into_iter()
        .find(|p| p.editor_id == "_Camp_FollowerSitCampfire")
        .unwrap();
    assert_eq!(sit.schedule, "any day, 22:00 for 8 h");
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn fields_can_be_read_and_changed_in_code() {
    use esscribe::schema::Fields;
    let data = common::file("skyrim-plugins/Campfire.esm");
    let mut plugin = Plugin::parse(&data).unwrap();
    let ctx = form_ctx(&plugin, "Campfire.esm");
    let id = esscribe::FormId(0x02039578);
    let record = plugin.find_record(id).unwrap();
    let mut fields = Fields::of(record, catalog(plugin.game), &ctx)
        .unwrap()
        .unwrap();
    assert_eq!(
        fields.get_as::<String>("editor_id").unwrap(),
        "_Camp_FollowerSitCampfire"
    );
    assert_eq!(
        fields.get_as::<i64>("data_inputs.0.value.radius").unwrap(),
        1500
    );
    assert_eq!(fields.get_as::<String>("schedule.hour").unwrap(), "any");

    // A value the declaration cannot hold is refused, and nothing changes.
    let err = fields.set("schedule.hour", "noon").unwrap_err();
    assert_eq!(err.kind, esscribe::ErrorKind::Value);
    assert_eq!(err.field.as_deref(), Some("schedule.hour"));
    assert_eq!(fields.get_as::<String>("schedule.hour").unwrap(), "any");

    fields.set("data_inputs.0.value.radius", 2000).unwrap();
    fields
        .apply_to(plugin.find_record_mut(id).unwrap())
        .unwrap();
    let bytes = plugin.to_bytes().unwrap();
    let again = Plugin::parse(&bytes).unwrap();
    let fields = Fields::of(again.find_record(id).unwrap(), catalog(again.game), &ctx)
        .unwrap()
        .unwrap();
    assert_eq!(
        fields.get_as::<i64>("data_inputs.0.value.radius").unwrap(),
        2000
    );
    let changed = (0..data.len()).filter(|&i| data[i] != bytes[i]).count();
    assert_eq!(changed, 2, "1500 → 2000 changes two bytes of the radius");
}
