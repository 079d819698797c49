//! Building a plugin from JSON refuses what would corrupt or drop data,
//! naming the record and the field; what it builds is checked by reading
//! it back with the declarations.

mod common;

use esscribe::json::{build_plugin, plugin_from_json, plugin_to_json};
use esscribe::plugin::Plugin;
use serde_json::{json, Value};

/// The dump of a real plugin: OblivionOnline.esp.
fn dump() -> Value {
    let data = common::file("oblivion-plugins/OblivionOnline.esp");
    let plugin = Plugin::parse(&data).unwrap();
    plugin_to_json(&plugin, "OblivionOnline.esp").unwrap()
}

/// The first GLOB record: OOPlayerArenaGear, 0x0101A0AF.
fn glob(doc: &mut Value) -> &mut Value {
    &mut doc["entries"][0]["entries"][0]
}

const GLOB_PATH: &str = "document → entries[0] (GRUP GLOB) → entries[0] (GLOB 0x0101A0AF)";

/// The message `doc` is refused with, the same whole and from its text.
fn refused(doc: &Value) -> String {
    match common::build_both_ways(doc) {
        Ok(_) => panic!("built, but should be refused"),
        Err(e) => e,
    }
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn an_unedited_dump_builds_to_the_same_bytes() {
    let doc = dump();
    let data = common::file("oblivion-plugins/OblivionOnline.esp");
    let built = build_plugin(&doc).unwrap();
    let bytes = built.plugin.to_bytes().unwrap();
    assert_eq!(bytes, data);
    built.check_written(&bytes).unwrap();
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn data_given_twice_is_refused() {
    let mut doc = dump();
    glob(&mut doc)["data_hex"] = json!("00");
    assert_eq!(
        refused(&doc),
        format!("{GLOB_PATH}: \"fields\" and \"data_hex\" both given: a record's data comes from one of \"fields\", \"subrecords\" or \"data_hex\"")
    );
    let mut doc = dump();
    glob(&mut doc)["subrecords"] = json!([{"sig": "EDID", "hex": "4100"}]);
    assert!(refused(&doc).starts_with(&format!(
        "{GLOB_PATH}: \"fields\" and \"subrecords\" both given"
    )));
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn unknown_keys_are_refused_at_every_level() {
    /// What is edited, how, and what the error says.
    type Case = (&'static str, fn(&mut Value), &'static str);
    let cases: [Case; 6] = [
        (
            "document",
            |d| d["bogus"] = json!(1),
            "document: unknown key \"bogus\" (expected \"format\", ",
        ),
        (
            "group",
            |d| d["entries"][0]["colour"] = json!("red"),
            "document → entries[0]: unknown key \"colour\" (expected \"group\", \"label\", \"stamp\", \"entries\")",
        ),
        (
            "record",
            |d| glob(d)["colour"] = json!("red"),
            "(GLOB 0x0101A0AF): unknown key \"colour\" (expected \"type\", ",
        ),
        (
            "member",
            |d| glob(d)["fields"]["colour"] = json!("red"),
            "(GLOB 0x0101A0AF): unknown member \"colour\" (expected one of: editor_id, type, value)",
        ),
        (
            "float bits",
            |d| glob(d)["fields"]["value"] = json!({"f32_bits": "0x00000000", "x": 1}),
            "(GLOB 0x0101A0AF): value: unknown key \"x\" (expected \"f32_bits\")",
        ),
        (
            "struct field",
            |d| d["entries"][1]["entries"][0]["fields"]["relations"][0]["colour"] = json!(1),
            "(FACT 0x010067A5): relations.0: unknown field \"colour\" (fields: faction, modifier)",
        ),
    ];
    for (what, edit, expected) in cases {
        let mut doc = dump();
        edit(&mut doc);
        let err = refused(&doc);
        assert!(err.contains(expected), "{what}: {err}");
    }
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn an_entry_count_that_would_leave_the_header_count_below_zero_is_refused() {
    let mut doc = dump();
    assert_eq!(doc["entry_count"], 155);
    doc["entry_count"] = json!(9999);
    assert_eq!(
        refused(&doc),
        "document: \"entry_count\": 9999 records and groups when dumped, 155 now: the header's record count 155 would become -9689"
    );
    doc["entry_count"] = json!("155");
    assert!(refused(&doc).contains("\"entry_count\": expected a whole number, found \"155\""));
    // Below zero is no longer clamped on writing either.
    let data = common::file("oblivion-plugins/OblivionOnline.esp");
    let plugin = Plugin::parse(&data).unwrap();
    let header = plugin.header.clone();
    let lying = Plugin::from_parts(plugin.game, header, plugin.entries.clone(), Some(9999));
    let err = lying.to_bytes().unwrap_err().to_string();
    assert!(err.contains("TES4 HEDR record count 155 cannot follow the -9844 records and groups added or removed"), "{err}");
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn a_record_in_a_group_of_another_type_is_refused() {
    let mut doc = dump();
    let mut stray = glob(&mut doc).clone();
    stray["form_id"] = json!("0x01777777");
    doc["entries"][1]["entries"]
        .as_array_mut()
        .unwrap()
        .push(stray);
    assert_eq!(
        refused(&doc),
        "document → entries[1] (GRUP FACT) → entries[1] (GLOB 0x01777777): a GLOB record cannot stand in a top group labelled FACT: it holds FACT records"
    );
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn a_form_id_used_twice_is_refused_unless_listed() {
    let mut doc = dump();
    doc["entries"][0]["entries"][1]["form_id"] = json!("0x0101A0AF (OblivionOnline.esp)");
    assert_eq!(
        refused(&doc),
        format!("document → entries[0] (GRUP GLOB) → entries[1] (GLOB 0x0101A0AF): form ID 0x0101A0AF is already the form ID of {GLOB_PATH} (a plugin that really gives two records one form ID lists it in \"duplicate_form_ids\")")
    );
    // As a dump of a plugin holding the form ID twice lists it.
    doc["duplicate_form_ids"] = json!(["0x0101A0AF (OblivionOnline.esp)"]);
    let built = build_plugin(&doc).unwrap().plugin;
    let twice = built
        .records()
        .filter(|r| r.header.form_id.0 == 0x0101A0AF)
        .count();
    assert_eq!(twice, 2);
    assert_eq!(
        plugin_to_json(&built, "OblivionOnline.esp").unwrap()["duplicate_form_ids"],
        json!(["0x0101A0AF (OblivionOnline.esp)"])
    );
    doc["duplicate_form_ids"] = json!(["0x0101A0AF (Oblivion.esm)"]);
    assert_eq!(
        refused(&doc),
        "document: \"duplicate_form_ids\": form ID 0x0101A0AF is noted as Oblivion.esm, but its top byte 01 names OblivionOnline.esp; form IDs of Oblivion.esm start with 00 here"
    );
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn a_form_id_whose_note_names_another_plugin_is_refused() {
    let mut doc = dump();
    glob(&mut doc)["form_id"] = json!("0x0101A0AF (Oblivion.esm)");
    assert_eq!(
        refused(&doc),
        "document → entries[0] (GRUP GLOB) → entries[0] (GLOB): \"form_id\": form ID 0x0101A0AF is noted as Oblivion.esm, but its top byte 01 names OblivionOnline.esp; form IDs of Oblivion.esm start with 00 here"
    );
    // In a field: the faction of a relation.
    let mut doc = dump();
    fn faction(doc: &mut Value) -> &mut Value {
        &mut doc["entries"][1]["entries"][0]["fields"]["relations"][0]["faction"]
    }
    assert_eq!(*faction(&mut doc), "0x00009275 (Oblivion.esm)");
    *faction(&mut doc) = json!("0x00009275 (OblivionOnline.esp)");
    assert!(refused(&doc).ends_with(
        "(FACT 0x010067A5): relations.0.faction: form ID 0x00009275 is noted as OblivionOnline.esp, but its top byte 00 names Oblivion.esm; this plugin's own form IDs start with 01"
    ));
    // Text after the number that is not a note.
    *faction(&mut doc) = json!("0x00009275 Oblivion.esm");
    assert!(refused(&doc)
        .contains("expected a form ID like \"0x0001CB6\" or \"0x0001CB6 (Plugin.esp)\""));
    // Numbers alone, and notes that agree, build.
    *faction(&mut doc) = json!("0x00009275");
    build_plugin(&doc).unwrap();
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn a_float_too_large_for_32_bits_is_refused() {
    let mut doc = dump();
    glob(&mut doc)["fields"]["value"] = json!(1e39);
    assert_eq!(
        refused(&doc),
        format!("{GLOB_PATH}: value: 1e+39 does not fit in a 32-bit float (at most ±3.4028235e38; infinity and NaN are written as {{\"f32_bits\": \"0x7F800000\"}})")
    );
    // Infinity written as its bits builds.
    glob(&mut doc)["fields"]["value"] = json!({"f32_bits": "0x7F800000"});
    build_plugin(&doc).unwrap();
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn a_misspelt_enum_value_names_the_field_and_lists_the_values() {
    let mut doc = dump();
    let pack = &mut doc["entries"][7]["entries"][0];
    assert_eq!(pack["form_id"], "0x01032D28 (OblivionOnline.esp)");
    assert_eq!(pack["fields"]["general"]["type"], "follow");
    pack["fields"]["general"]["type"] = json!("folow");
    assert_eq!(
        refused(&doc),
        "document → entries[7] (GRUP PACK) → entries[0] (PACK 0x01032D28): general.type: \"folow\" is not a value of this enum; its values are find, follow, escort, eat, sleep, wander, travel, accompany, use_item_at, ambush, flee_not_combat, cast_magic (or a number)"
    );
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn raw_subrecords_that_do_not_fit_the_declaration_are_refused() {
    let mut doc = dump();
    let g = glob(&mut doc);
    g.as_object_mut().unwrap().remove("fields");
    g["subrecords"] = json!([
        {"sig": "EDID", "hex": "4100"},
        {"sig": "FNAM", "hex": "73"},
        {"sig": "FLTV", "hex": "0000"}
    ]);
    assert_eq!(
        refused(&doc),
        format!("{GLOB_PATH}: its data would not read back by the declaration of GLOB: FLTV (value, 2 bytes) does not fit its declared layout of 4 bytes")
    );
    // The right size builds.
    glob(&mut doc)["subrecords"][2]["hex"] = json!("0000803f");
    build_plugin(&doc).unwrap();
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn fields_out_of_declared_order_are_written_where_they_stand() {
    let mut doc = dump();
    let fields = glob(&mut doc)["fields"].as_object_mut().unwrap();
    let kind = fields.shift_remove("type").unwrap();
    fields.insert("type".into(), kind);
    // FNAM now follows FLTV: a real tool may write it so, and it reads back
    // decoded where it stands.
    let built = build_plugin(&doc).unwrap();
    let bytes = built.plugin.to_bytes().unwrap();
    let back = plugin_to_json(&Plugin::parse(&bytes).unwrap(), "OblivionOnline.esp").unwrap();
    let keys: Vec<&String> = back["entries"][0]["entries"][0]["fields"]
        .as_object()
        .unwrap()
        .keys()
        .collect();
    assert_eq!(keys, ["editor_id", "value", "type"]);
    assert_eq!(back["entries"][0]["entries"][0], *glob(&mut doc));
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn the_written_file_is_read_back_by_the_declarations() {
    let doc = dump();
    let built = build_plugin(&doc).unwrap();
    let mut bytes = built.plugin.to_bytes().unwrap();
    // Damage as a faulty disk or writer might: GLOB's FLTV renamed, so the
    // file still parses as a plugin but the record does not read back.
    let at = bytes
        .windows(4)
        .position(|w| w == b"FLTV")
        .expect("a GLOB value");
    bytes[at + 3] = b'X';
    Plugin::parse(&bytes).expect("still a plugin");
    let err = built.check_written(&bytes).unwrap_err().to_string();
    assert_eq!(
        err,
        format!("{GLOB_PATH}: its data would not read back by the declaration of GLOB: FLTX (4 bytes) is not expected here by the declaration")
    );
    // A file that lost its last record.
    let err = built.check_written(&built.plugin.to_bytes().unwrap()[..41_198 - 200]);
    assert!(err.is_err());
}

#[test]
fn the_sample_json_builds_and_checks() {
    let path =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../samples/sample-oblivion.json");
    let doc: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let plugin = plugin_from_json(&doc).unwrap();
    let bytes = plugin.to_bytes().unwrap();
    build_plugin(&doc).unwrap().check_written(&bytes).unwrap();
}

/// Records of a JSON dump, depth first.
fn json_records<'v>(v: &'v Value, out: &mut Vec<&'v Value>) {
    for e in v.as_array().unwrap() {
        match e.get("group") {
            Some(_) => json_records(&e["entries"], out),
            None => out.push(e),
        }
    }
}

/// Checks the streamed dump of a plugin record by record against
/// `record_to_json`; returns how many records had no declaration.
fn streamed_matches_record_to_json(plugin: &Plugin<'_>, what: &str) -> usize {
    let mut text = Vec::new();
    esscribe::json::write_plugin_json(plugin, "P.esp", None, &mut text).unwrap();
    let doc: Value = serde_json::from_slice(&text).unwrap();
    let mut shown = Vec::new();
    json_records(&doc["entries"], &mut shown);
    let ctx = esscribe::json::form_ctx(plugin, "P.esp");
    assert_eq!(shown.len(), plugin.records().count());
    let mut undeclared = 0;
    for (r, v) in plugin.records().zip(shown) {
        let made = esscribe::json::record_to_json(r, plugin.game, &ctx).unwrap();
        assert_eq!(*v, made.value, "{what}: {}", r.describe());
        undeclared += esscribe::defs::catalog(plugin.game)
            .find(r.header.sig)
            .is_none() as usize;
    }
    undeclared
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn streamed_dumps_show_every_record_as_record_to_json_does() {
    // Records without a declaration are written as they are made; those
    // with one are made as values first. Both must read the same.
    for path in common::plugins() {
        let data = std::fs::read(&path).unwrap();
        let plugin = Plugin::parse(&data).unwrap();
        streamed_matches_record_to_json(&plugin, &path.display().to_string());
    }
    // A type no game has, as subrecords and as bytes that do not split.
    let mut doc = dump();
    doc["entries"].as_array_mut().unwrap().push(json!({
        "group": "top", "label": "ZZZZ", "stamp": 0, "entries": [
            {"type": "ZZZZ", "form_id": "0x01000900", "flags": "0x00000000", "version_control": 0,
             "subrecords": [{"sig": "EDID", "hex": "4100"}, {"sig": "\\x00IAD", "hex": ""}]},
            {"type": "ZZZZ", "form_id": "0x01000901", "flags": "0x00000000", "version_control": 0,
             "data_hex": "414243"}
        ]
    }));
    let plugin = plugin_from_json(&doc).unwrap();
    let bytes = plugin.to_bytes().unwrap();
    let plugin = Plugin::parse(&bytes).unwrap();
    assert_eq!(streamed_matches_record_to_json(&plugin, "ZZZZ"), 2);
}

/// A form ID whose top byte is past the masters is the plugin's own, as
/// the game takes it: it is shown so, and what is shown builds back.
#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn a_form_id_past_the_masters_dumps_and_builds_back() {
    let mut doc = dump();
    glob(&mut doc)["form_id"] = "0x8101A0AF".into();
    let bytes = build_plugin(&doc).unwrap().plugin.to_bytes().unwrap();
    let plugin = Plugin::parse(&bytes).unwrap();
    let again = plugin_to_json(&plugin, "OblivionOnline.esp").unwrap();
    assert_eq!(
        glob(&mut again.clone())["form_id"],
        "0x8101A0AF (OblivionOnline.esp)"
    );
    let built = build_plugin(&again).unwrap().plugin.to_bytes().unwrap();
    assert_eq!(built, bytes);
}
