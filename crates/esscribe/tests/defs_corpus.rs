//! Record declarations on the real plugins of the corpus: every declared
//! type decodes with nothing left raw (but for the few subrecords whose
//! data is opaque by nature), and known records decode to known values.

mod common;

use esscribe::json::{form_ctx, record_to_json};
use esscribe::plugin::Plugin;
use esscribe::schema::Coverage;
use esscribe::Game;
use serde_json::Value;
use std::collections::BTreeMap;

/// (game, type, records in the corpus, subrecords kept raw).
///
/// The raw ones are opaque by nature: Skyrim cell occlusion data (TVDT),
/// worldspace height data (MHDT) and a scene's unknown VNAM; Oblivion
/// compiled script code (SCDA), creature model texture hashes (NIFT) and
/// path grid data of unknown meaning (PGAG).
const EXPECTED: &[(Game, &str, usize, u64)] = &[
    (Game::Oblivion, "ACHR", 14, 0),
    (Game::Oblivion, "ACRE", 7, 0),
    (Game::Oblivion, "ACTI", 3, 0),
    (Game::Oblivion, "BOOK", 20, 0),
    (Game::Oblivion, "CELL", 57, 0),
    (Game::Oblivion, "CONT", 1, 0),
    (Game::Oblivion, "CREA", 1, 1),
    (Game::Oblivion, "CSTY", 3, 0),
    (Game::Oblivion, "DOOR", 8, 0),
    (Game::Oblivion, "FACT", 3, 0),
    (Game::Oblivion, "GLOB", 7, 0),
    (Game::Oblivion, "GMST", 1, 0),
    (Game::Oblivion, "LAND", 37, 0),
    (Game::Oblivion, "LIGH", 1, 0),
    (Game::Oblivion, "LVLC", 1, 0),
    (Game::Oblivion, "NPC_", 5, 0),
    (Game::Oblivion, "PACK", 16, 0),
    (Game::Oblivion, "PGRD", 3, 3),
    (Game::Oblivion, "REFR", 330, 0),
    (Game::Oblivion, "SCPT", 10, 10),
    (Game::Oblivion, "SOUN", 1, 0),
    (Game::Oblivion, "STAT", 1, 0),
    (Game::Oblivion, "TES4", 13, 0),
    (Game::Oblivion, "WRLD", 5, 0),
    (Game::Skyrim, "ACTI", 104, 0),
    (Game::Skyrim, "AMMO", 1, 0),
    (Game::Skyrim, "ARMA", 38, 0),
    (Game::Skyrim, "ARMO", 77, 0),
    (Game::Skyrim, "ARTO", 7, 0),
    (Game::Skyrim, "BOOK", 43, 0),
    (Game::Skyrim, "BPTD", 114, 0),
    (Game::Skyrim, "CELL", 14, 2),
    (Game::Skyrim, "COBJ", 314, 0),
    (Game::Skyrim, "CONT", 1, 0),
    (Game::Skyrim, "EFSH", 14, 0),
    (Game::Skyrim, "ENCH", 12, 0),
    (Game::Skyrim, "EXPL", 7, 0),
    (Game::Skyrim, "FLST", 23, 0),
    (Game::Skyrim, "FURN", 32, 0),
    (Game::Skyrim, "GLOB", 102, 0),
    (Game::Skyrim, "GMST", 3, 0),
    (Game::Skyrim, "HAZD", 2, 0),
    (Game::Skyrim, "IDLE", 1, 0),
    (Game::Skyrim, "IMAD", 7, 0),
    (Game::Skyrim, "IPCT", 1, 0),
    (Game::Skyrim, "IPDS", 1, 0),
    (Game::Skyrim, "KYWD", 16, 0),
    (Game::Skyrim, "LIGH", 6, 0),
    (Game::Skyrim, "MATO", 1, 0),
    (Game::Skyrim, "MESG", 145, 0),
    (Game::Skyrim, "MGEF", 56, 0),
    (Game::Skyrim, "MISC", 36, 0),
    (Game::Skyrim, "MSTT", 2, 0),
    (Game::Skyrim, "NAVI", 1, 0),
    (Game::Skyrim, "NAVM", 1, 0),
    (Game::Skyrim, "PACK", 21, 0),
    (Game::Skyrim, "PERK", 3, 0),
    (Game::Skyrim, "PROJ", 4, 0),
    (Game::Skyrim, "QUST", 25, 0),
    (Game::Skyrim, "REFR", 450, 0),
    (Game::Skyrim, "RFCT", 2, 0),
    (Game::Skyrim, "SCEN", 1, 1),
    (Game::Skyrim, "SNDR", 1, 0),
    (Game::Skyrim, "SOUN", 5, 0),
    (Game::Skyrim, "SPEL", 23, 0),
    (Game::Skyrim, "STAT", 57, 0),
    (Game::Skyrim, "TES4", 26, 0),
    (Game::Skyrim, "TXST", 5, 0),
    (Game::Skyrim, "WEAP", 3, 0),
    (Game::Skyrim, "WRLD", 2, 1),
];

/// Records and coverage per (game, type) over every corpus plugin.
fn corpus_coverage() -> BTreeMap<(String, String), (usize, Coverage)> {
    let mut out: BTreeMap<(String, String), (usize, Coverage)> = BTreeMap::new();
    for path in common::plugins() {
        let data = std::fs::read(&path).unwrap();
        let plugin = Plugin::parse(&data).unwrap();
        let name = path.file_name().unwrap().to_string_lossy();
        let ctx = form_ctx(&plugin, &name);
        for r in std::iter::once(&plugin.header).chain(plugin.records()) {
            let rj = record_to_json(r, plugin.game, &ctx).unwrap();
            let key = (format!("{:?}", plugin.game), r.header.sig.to_string());
            let e = out.entry(key).or_default();
            e.0 += 1;
            e.1 += rj.coverage;
        }
    }
    out
}

#[test]
fn declared_types_decode_on_the_corpus_with_nothing_raw() {
    if common::corpus_dir().is_none() {
        return;
    }
    let cov = corpus_coverage();
    for &(game, sig, records, raw) in EXPECTED {
        assert!(
            esscribe::schema::find(game, esscribe::Sig::parse(sig).unwrap()).is_some(),
            "{game:?} {sig} is not declared"
        );
        let (n, c) = cov
            .get(&(format!("{game:?}"), sig.to_string()))
            .unwrap_or_else(|| panic!("{game:?} {sig}: no records in the corpus"));
        assert_eq!(*n, records, "{game:?} {sig}: record count");
        assert_eq!(c.raw, raw, "{game:?} {sig}: raw subrecords ({c:?})");
        assert_eq!(c.decoded + c.raw, c.subrecords, "{game:?} {sig}: {c:?}");
    }
}

/// The decoded fields of the record with this form ID in a corpus file.
fn fields(rel: &str, form_id: u32) -> Option<Value> {
    let data = common::file(rel)?;
    let plugin = Plugin::parse(&data).unwrap();
    let name = rel.rsplit('/').next().unwrap();
    let ctx = form_ctx(&plugin, name);
    let r = plugin
        .records()
        .find(|r| r.header.form_id.0 == form_id)
        .unwrap_or_else(|| panic!("{rel}: no record 0x{form_id:08X}"));
    let rj = record_to_json(r, plugin.game, &ctx).unwrap();
    assert_eq!(
        rj.coverage.raw, 0,
        "{rel} 0x{form_id:08X}: {:?}",
        rj.warnings
    );
    Some(rj.value["fields"].clone())
}

/// The same, for records with a subrecord that is opaque by nature.
fn fields_allowing_raw(rel: &str, form_id: u32) -> Option<Value> {
    let data = common::file(rel)?;
    let plugin = Plugin::parse(&data).unwrap();
    let name = rel.rsplit('/').next().unwrap();
    let ctx = form_ctx(&plugin, name);
    let r = plugin
        .records()
        .find(|r| r.header.form_id.0 == form_id)
        .unwrap_or_else(|| panic!("{rel}: no record 0x{form_id:08X}"));
    let rj = record_to_json(r, plugin.game, &ctx).unwrap();
    Some(rj.value["fields"].clone())
}

const CAMPFIRE: &str = "skyrim-plugins/Campfire.esm";

#[test]
fn skyrim_global_keyword_and_recipe_values() {
    let Some(glob) = fields(CAMPFIRE, 0x0202_409E) else {
        return;
    };
    assert_eq!(glob["editor_id"], "_Camp_Setting_Legality");
    assert_eq!(glob["type"], "short");
    assert_eq!(glob["value"], 2.0);

    let kywd = fields(CAMPFIRE, 0x01CC_A002).unwrap();
    assert_eq!(kywd["editor_id"], "CraftingSurvival");
    assert_eq!(kywd["color"]["green"], 120);

    let cobj = fields(CAMPFIRE, 0x0202_D851).unwrap();
    assert_eq!(
        cobj["editor_id"],
        "_Camp_RecipeSupplies_Backpack_BlackA_Akatosh"
    );
    assert_eq!(cobj["created_object"], "0x0202D82F (Campfire.esm)");
    assert_eq!(cobj["created_count"], 1);
    assert_eq!(cobj["workbench_keyword"], "0x0007866A (Skyrim.esm)");
    assert_eq!(cobj["item_count"], 2);
    assert_eq!(cobj["items"][0]["entry"]["item"], "0x000C8911 (Skyrim.esm)");
    assert_eq!(
        cobj["conditions"][0]["condition"]["function"],
        "GetGlobalValue"
    );
}

#[test]
fn skyrim_armor_and_placed_object_values() {
    let Some(armo) = fields(CAMPFIRE, 0x0202_D81F) else {
        return;
    };
    assert_eq!(armo["editor_id"], "_Camp_Backpack_Brown_Dibella");
    assert_eq!(armo["data"]["value"], 50);
    assert_eq!(armo["data"]["weight"], 5.0);
    assert_eq!(armo["body_template"]["armor_type"], "clothing");
    assert_eq!(armo["armatures"][0], "0x0202D804 (Campfire.esm)");

    let refr = fields(CAMPFIRE, 0x0202_50DB).unwrap();
    assert_eq!(refr["base"], "0x020250E9 (Campfire.esm)");
    assert_eq!(refr["position_rotation"]["position_z"], 7421.3516);
}

#[test]
fn oblivion_placed_npc_and_game_setting_values() {
    let Some(achr) = fields("oblivion-plugins/OblivionOnline.esp", 0x0100_15AB) else {
        return;
    };
    assert_eq!(achr["editor_id"], "OOPlayerRef");
    assert_eq!(achr["base"], "0x010015A8 (OblivionOnline.esp)");
    assert_eq!(achr["position_rotation"]["position_z"], -196.0);

    let npc = fields("oblivion-plugins/OblivionOnline.esp", 0x0100_15A8).unwrap();
    assert_eq!(npc["name"], "Traveller Of Common Lands");
    assert_eq!(npc["configuration"]["stats"]["fatigue"], 202);

    let gmst = fields("oblivion-plugins/OOStartingMod.esp", 0x0104_2AB7).unwrap();
    assert_eq!(gmst["editor_id"], "fEssentialDeathTime");
    assert_eq!(gmst["value"], 10.0);
}

#[test]
fn skyrim_quest_perk_scene_and_spell_values() {
    let Some(qust) = fields(CAMPFIRE, 0x0206_C6AF) else {
        return;
    };
    assert_eq!(qust["editor_id"], "_Camp_InstinctsOtherTinderSearch");
    assert_eq!(qust["scripts"]["fragments"]["alias_count"], 10);
    assert_eq!(qust["reference_aliases"][0]["name"], "TinderAlias1");
    assert_eq!(qust["reference_aliases"][0]["reference_alias_id"], 0);
    assert_eq!(qust["general"]["flags"][0], "allow_repeated_stages");

    let perk = fields(CAMPFIRE, 0x0202_F8EB).unwrap();
    assert_eq!(perk["name"], "Kyne's Blessing, Minor");
    assert_eq!(perk["effects"][0]["header"]["type"], "entry_point");
    assert_eq!(perk["effects"][0]["data"]["function"], "multiply_value");
    assert_eq!(
        perk["effects"][0]["perk_conditions"][0]["conditions"][0]["condition"]["function"],
        "HasKeyword"
    );

    let scen = fields_allowing_raw(CAMPFIRE, 0x0203_A061).unwrap();
    let fragments = &scen["scripts"]["fragments"];
    assert_eq!(fragments["on_begin"]["fragment_name"], "Fragment_5");
    assert_eq!(fragments["on_end"]["fragment_name"], "Fragment_6");
    assert_eq!(fragments["phase_fragments"].as_array().unwrap().len(), 13);
    assert_eq!(scen["phases"].as_array().unwrap().len(), 12);
    assert_eq!(scen["phases"][7]["name"], "Player resists");
    assert_eq!(scen["actions"][0]["type"], "package");
    assert_eq!(scen["quest"], "0x0202AFC7 (Campfire.esm)");

    let spel = fields(CAMPFIRE, 0x0203_59AA).unwrap();
    assert_eq!(spel["name"], "Options: Campfire");
    assert_eq!(spel["data"]["type"], "lesser_power");
    assert_eq!(spel["effects"][0]["effect"], "0x02035984 (Campfire.esm)");
}

#[test]
fn oblivion_script_references_keep_their_order() {
    let Some(scpt) = fields_allowing_raw("oblivion-plugins/OblivionOnline.esp", 0x0100_0ED4) else {
        return;
    };
    assert_eq!(scpt["editor_id"], "1OOBookScript");
    assert_eq!(scpt["header"]["variable_count"], 90);
    let runs = scpt["references"].as_array().unwrap();
    assert_eq!(runs[0]["objects"][0], "0x00000014 (Oblivion.esm)");
    assert_eq!(runs[0]["variables"][0], 69);
    let count: usize = runs
        .iter()
        .map(|r| {
            ["objects", "variables"]
                .iter()
                .filter_map(|k| r[*k].as_array())
                .map(Vec::len)
                .sum::<usize>()
        })
        .sum();
    assert_eq!(
        count as u64,
        scpt["header"]["reference_count"].as_u64().unwrap()
    );
}

/// Every record of a type in a JSON dump.
fn json_records<'v>(v: &'v mut Value, sig: &str, out: &mut Vec<&'v mut Value>) {
    match v {
        Value::Object(m) if m.get("type").and_then(Value::as_str) == Some(sig) => out.push(v),
        Value::Object(m) => m.values_mut().for_each(|x| json_records(x, sig, out)),
        Value::Array(a) => a.iter_mut().for_each(|x| json_records(x, sig, out)),
        _ => {}
    }
}

#[test]
fn localized_plugins_show_string_ids() {
    let rel = "skyrim-plugins/CampfireTutorial_Chair.esp";
    let Some(data) = common::file(rel) else {
        return;
    };
    let plugin = Plugin::parse(&data).unwrap();
    let mut doc = esscribe::json::plugin_to_json(&plugin, "CampfireTutorial_Chair.esp").unwrap();
    // Mark the plugin localized and give the item's name a string ID.
    doc["header"]["flags"] = Value::from("0x00000080");
    let mut misc = Vec::new();
    json_records(&mut doc["entries"], "MISC", &mut misc);
    misc[0]["fields"]["name"] = serde_json::json!({ "string_id": 4660 });
    // Every other translatable name becomes a string ID too: a localized
    // plugin holds no such text itself.
    let err = esscribe::json::plugin_from_json(&doc)
        .unwrap_err()
        .to_string();
    assert!(
        err.contains(
            "(FURN 0x03000D64): name: a localized plugin keeps this text in its strings files"
        ),
        "{err}"
    );
    let mut furn = Vec::new();
    json_records(&mut doc["entries"], "FURN", &mut furn);
    furn[0]["fields"]["name"] = serde_json::json!({ "string_id": 4661 });
    let bytes = esscribe::json::plugin_from_json(&doc)
        .unwrap()
        .to_bytes()
        .unwrap();

    let localized = Plugin::parse(&bytes).unwrap();
    let ctx = form_ctx(&localized, "CampfireTutorial_Chair.esp");
    let r = localized
        .records()
        .find(|r| r.header.sig.0 == *b"MISC")
        .unwrap();
    let rj = record_to_json(r, localized.game, &ctx).unwrap();
    assert_eq!(rj.value["fields"]["name"]["string_id"], 4660);
    assert_eq!(rj.coverage.raw, 0, "{:?}", rj.warnings);
}
