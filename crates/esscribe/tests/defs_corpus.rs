//! Record declarations on the real plugins of the corpus: every record type
//! is declared, every subrecord decodes (or is data declared opaque, which
//! nobody has documented), and known records decode to known values.

mod common;

use esscribe::json::{form_ctx, record_to_json};
use esscribe::plugin::Plugin;
use esscribe::Game;
use serde_json::{json, Value};
use std::collections::{BTreeMap, BTreeSet};

/// Every record type found in the corpus, with its game: the table of
/// declarations must know it.
const DECLARED_IN_CORPUS: &[(Game, &str)] = &[
    (Game::Oblivion, "ACHR"),
    (Game::Oblivion, "ACRE"),
    (Game::Oblivion, "CELL"),
    (Game::Oblivion, "CREA"),
    (Game::Oblivion, "FACT"),
    (Game::Oblivion, "LAND"),
    (Game::Oblivion, "PACK"),
    (Game::Oblivion, "PGRD"),
    (Game::Oblivion, "REFR"),
    (Game::Oblivion, "SCPT"),
    (Game::Oblivion, "TES4"),
    (Game::Oblivion, "WRLD"),
    (Game::Skyrim, "CELL"),
    (Game::Skyrim, "DLVW"),
    (Game::Skyrim, "LAND"),
    (Game::Skyrim, "NAVM"),
    (Game::Skyrim, "PACK"),
    (Game::Skyrim, "QUST"),
    (Game::Skyrim, "RACE"),
    (Game::Skyrim, "REFR"),
    (Game::Skyrim, "SCEN"),
    (Game::Skyrim, "SCRL"),
    (Game::Skyrim, "SOPM"),
    (Game::Skyrim, "TES4"),
    (Game::Skyrim, "WRLD"),
];

#[test]
fn the_corpus_record_types_are_declared() {
    for &(game, sig) in DECLARED_IN_CORPUS {
        assert!(
            esscribe::defs::catalog(game)
                .find(esscribe::Sig::parse(sig).unwrap())
                .is_some(),
            "{game:?} {sig} is not declared"
        );
    }
}

/// Raw subrecords per record type, and the undeclared types, of one plugin.
fn raw_and_undeclared(path: &std::path::Path) -> (BTreeMap<String, u64>, BTreeSet<String>) {
    let data = std::fs::read(path).unwrap();
    let plugin = Plugin::parse(&data).unwrap();
    let ctx = form_ctx(&plugin, &common::name(path));
    let mut raw = BTreeMap::new();
    let mut undeclared = BTreeSet::new();
    for r in std::iter::once(&plugin.header).chain(plugin.records()) {
        let sig = r.header.sig;
        if esscribe::defs::catalog(plugin.game).find(sig).is_none() {
            undeclared.insert(sig.to_string());
        }
        let rj = record_to_json(r, plugin.game, &ctx).unwrap();
        if rj.coverage.raw > 0 {
            *raw.entry(sig.to_string()).or_default() += rj.coverage.raw;
        }
    }
    (raw, undeclared)
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn every_corpus_plugin_decodes_by_its_declarations() {
    let mut wrong = Vec::new();
    for path in common::plugins() {
        let name = common::name(&path);
        let (raw, undeclared) = raw_and_undeclared(&path);
        // Data nobody has documented is declared opaque and counted apart;
        // nothing is left raw because it is not understood.
        if !raw.is_empty() {
            wrong.push(format!("{name}: raw subrecords {raw:?}"));
        }
        if !undeclared.is_empty() {
            wrong.push(format!("{name}: undeclared record types {undeclared:?}"));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// The decoded fields of the record with this form ID in a corpus file.
fn fields(rel: &str, form_id: u32) -> Value {
    let data = common::file(rel);
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
    rj.value["fields"].clone()
}

const CAMPFIRE: &str = "skyrim-plugins/Campfire.esm";

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn skyrim_global_keyword_and_recipe_values() {
    let glob = fields(CAMPFIRE, 0x0202_409E);
    assert_eq!(glob["editor_id"], "_Camp_Setting_Legality");
    assert_eq!(glob["type"], "short");
    assert_eq!(glob["value"], 2.0);

    let kywd = fields(CAMPFIRE, 0x01CC_A002);
    assert_eq!(kywd["editor_id"], "CraftingSurvival");
    assert_eq!(kywd["color"]["green"], 120);

    let cobj = fields(CAMPFIRE, 0x0202_D851);
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
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn skyrim_armor_and_placed_object_values() {
    let armo = fields(CAMPFIRE, 0x0202_D81F);
    assert_eq!(armo["editor_id"], "_Camp_Backpack_Brown_Dibella");
    assert_eq!(armo["data"]["value"], 50);
    assert_eq!(armo["data"]["weight"], 5.0);
    assert_eq!(armo["body_template"]["armor_type"], "clothing");
    assert_eq!(armo["armatures"][0], "0x0202D804 (Campfire.esm)");

    let refr = fields(CAMPFIRE, 0x0202_50DB);
    assert_eq!(refr["base"], "0x020250E9 (Campfire.esm)");
    assert_eq!(refr["position_rotation"]["position_z"], 7421.3516);
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn oblivion_placed_npc_and_game_setting_values() {
    let achr = fields("oblivion-plugins/OblivionOnline.esp", 0x0100_15AB);
    assert_eq!(achr["editor_id"], "OOPlayerRef");
    assert_eq!(achr["base"], "0x010015A8 (OblivionOnline.esp)");
    assert_eq!(achr["position_rotation"]["position_z"], -196.0);

    let npc = fields("oblivion-plugins/OblivionOnline.esp", 0x0100_15A8);
    assert_eq!(npc["name"], "Traveller Of Common Lands");
    assert_eq!(npc["configuration"]["stats"]["fatigue"], 202);

    let gmst = fields("oblivion-plugins/OOStartingMod.esp", 0x0104_2AB7);
    assert_eq!(gmst["editor_id"], "fEssentialDeathTime");
    assert_eq!(gmst["value"], 10.0);
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn skyrim_quest_perk_scene_and_spell_values() {
    let qust = fields(CAMPFIRE, 0x0206_C6AF);
    assert_eq!(qust["editor_id"], "_Camp_InstinctsOtherTinderSearch");
    assert_eq!(qust["scripts"]["fragments"]["alias_count"], 10);
    assert_eq!(qust["reference_aliases"][0]["name"], "TinderAlias1");
    assert_eq!(qust["reference_aliases"][0]["reference_alias_id"], 0);
    assert_eq!(qust["general"]["flags"][0], "allow_repeated_stages");

    let perk = fields(CAMPFIRE, 0x0202_F8EB);
    assert_eq!(perk["name"], "Kyne's Blessing, Minor");
    assert_eq!(perk["effects"][0]["header"]["type"], "entry_point");
    assert_eq!(perk["effects"][0]["data"]["function"], "multiply_value");
    assert_eq!(
        perk["effects"][0]["perk_conditions"][0]["conditions"][0]["condition"]["function"],
        "HasKeyword"
    );

    let scen = fields(CAMPFIRE, 0x0203_A061);
    let fragments = &scen["scripts"]["fragments"];
    assert_eq!(fragments["on_begin"]["fragment_name"], "Fragment_5");
    assert_eq!(fragments["on_end"]["fragment_name"], "Fragment_6");
    assert_eq!(fragments["phase_fragments"].as_array().unwrap().len(), 13);
    assert_eq!(scen["phases"].as_array().unwrap().len(), 12);
    assert_eq!(scen["phases"][7]["name"], "Player resists");
    assert_eq!(scen["actions"][0]["type"], "package");
    assert_eq!(scen["quest"], "0x0202AFC7 (Campfire.esm)");
    // VNAM is opaque by design: kept as its bytes.
    assert_eq!(scen["unknown"], "03000000030000000300000003000000");

    let spel = fields(CAMPFIRE, 0x0203_59AA);
    assert_eq!(spel["name"], "Options: Campfire");
    assert_eq!(spel["data"]["type"], "lesser_power");
    assert_eq!(spel["effects"][0]["effect"], "0x02035984 (Campfire.esm)");
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn oblivion_script_references_keep_their_order() {
    let scpt = fields("oblivion-plugins/OblivionOnline.esp", 0x0100_0ED4);
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
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn localized_plugins_show_string_ids() {
    let rel = "skyrim-plugins/CampfireTutorial_Chair.esp";
    let data = common::file(rel);
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

const SENTIENT_CHAIRS: &str = "skyrim-plugins/MarkekrausSentientChairsOfSkyrim.esp";
const CHAIR_HORSE: &str = "skyrim-plugins/MarkekrausChairHorse.esp";

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn skyrim_race_with_head_data_values() {
    let race = fields(SENTIENT_CHAIRS, 0x0600_0800);
    assert_eq!(race["editor_id"], "MEKSCOSChairRace");
    assert_eq!(race["name"], "Chair");
    let data = &race["data"];
    assert_eq!(data["skill_boosts"]["boost_1"]["skill"], 13);
    assert_eq!(data["skill_boosts"]["boost_1"]["boost"], 10);
    assert_eq!(data["starting_health"], 50.0);
    assert_eq!(data["size"], "medium");
    assert_eq!(data["flags"][0], "facegen_head");
    assert_eq!(race["tint_count"], 952);
    assert_eq!(race["attacks"].as_array().unwrap().len(), 32);
    assert_eq!(race["attacks"][0]["event"], "attackPowerStart_2HMSprint");
    assert_eq!(race["biped_object_names"][0], "HEAD");
    assert_eq!(race["biped_object_names"].as_array().unwrap().len(), 32);
    assert_eq!(race["phoneme_target_weights"].as_array().unwrap().len(), 43);
    assert_eq!(race["equip_slots"][3], "0x00035698 (Skyrim.esm)");

    // Male head data, then female head data, each with 30 tint masks.
    let heads = race["head_data"].as_array().unwrap();
    assert_eq!(heads.len(), 2);
    assert!(heads[0].get("male_marker").is_some());
    assert_eq!(heads[0]["morphs"][0]["feature"], "nose");
    let mask = &heads[0]["tint_masks"][0];
    assert_eq!(mask["index"], 1);
    assert_eq!(
        mask["file"],
        "Actors\\Character\\Character Assets\\TintMasks\\SkinTone.dds"
    );
    assert_eq!(mask["mask_type"], "skin_tone");
    assert_eq!(mask["presets"][0]["color"], "0x000E6E00 (Skyrim.esm)");
    assert_eq!(mask["presets"][0]["default_value"], 1.0);
    assert_eq!(mask["presets"][0]["index"], 61);
    assert!(heads[1].get("female_marker").is_some());
    assert_eq!(heads[1]["morphs"][3]["feature"], "lips");
    assert_eq!(heads[1]["female_presets"][0], "0x00079C98 (Skyrim.esm)");
    assert_eq!(heads[1]["tint_masks"].as_array().unwrap().len(), 30);
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn skyrim_race_of_a_mount_values() {
    let race = fields(CHAIR_HORSE, 0x0300_0A80);
    assert_eq!(race["editor_id"], "MEKCHMChairHorseRace");
    assert_eq!(race["skin"], "0x03000801 (MarkekrausChairHorse.esp)");
    assert_eq!(race["body_template"]["armor_type"], "clothing");
    assert_eq!(race["data"]["starting_health"], 250.0);
    assert_eq!(race["data"]["unarmed_reach"], 96.0);
    assert_eq!(race["data"]["head_biped_object"], "none");
    assert_eq!(race["data"]["mount_data"]["mount_offset_x"], -63.479);
    assert_eq!(race["data"]["mount_data"]["mount_camera_offset_y"], -300.0);
    assert_eq!(
        race["male_skeleton"]["file"],
        "actors\\chairhorse\\character assets\\chairhorseskeleton.nif"
    );
    assert_eq!(race["movement_type_names"][0], "WALK");
    assert_eq!(race["voices"]["female"], "0x0001F232 (Skyrim.esm)");
    assert_eq!(race["facegen_face_clamp"], 3.0);
    assert_eq!(
        race["body_data"]["female_parts"][0]["model"]["file"],
        "Actors\\Character\\UpperBodyHumanFemale.egt"
    );
    assert_eq!(
        race["male_behavior_graph"]["model"]["file"],
        "Actors\\Horse\\HorseProject.hkx"
    );
    assert_eq!(race["impact_data_set"], "0x02008993 (HearthFires.esm)");
    assert_eq!(race["biped_object_names"][15], "Saddle");
    assert_eq!(race["unarmed_equip_slot"], "0x00013F42 (Skyrim.esm)");
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn skyrim_landscape_values() {
    // The same cell of Skyrim.esm, overridden by both plugins (compressed).
    for (rel, unused) in [(SENTIENT_CHAIRS, "9958"), (CHAIR_HORSE, "0101")] {
        let land = fields(rel, 0x0000_A5F8);
        assert_eq!(land["flags"][4], "auto_calc_normals", "{rel}");
        assert_eq!(land["vertex_normals"].as_array().unwrap().len(), 33 * 33);
        assert_eq!(land["vertex_heights"]["offset"], -524.0);
        assert_eq!(land["vertex_colors"][0]["red"], 255);
        let quadrants = land["quadrants"].as_array().unwrap();
        assert_eq!(quadrants.len(), 2);
        assert_eq!(
            quadrants[0]["base_layer"]["texture"],
            "0x0006DE8B (Skyrim.esm)"
        );
        assert_eq!(quadrants[0]["base_layer"]["layer"], -1);
        let alpha = &quadrants[0]["alpha_layers"];
        assert_eq!(alpha.as_array().unwrap().len(), 10);
        assert_eq!(alpha[0]["layer"]["texture"], "0x00024E46 (Skyrim.esm)");
        assert_eq!(alpha[0]["opacities"].as_array().unwrap().len(), 109);
        assert_eq!(alpha[0]["opacities"][0]["position"], 1);
        assert_eq!(alpha[0]["opacities"][0]["unused"], unused);
        assert_eq!(alpha[0]["opacities"][0]["opacity"], 1.0);
    }
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn skyrim_scroll_sound_output_model_and_dialogue_view_values() {
    let scrl = fields("skyrim-plugins/Scribe.esp", 0x0100_085A);
    assert_eq!(scrl["editor_id"], "_scrScrollPaperArmor");
    assert_eq!(scrl["name"], "Scroll of Paper Armor");
    assert_eq!(scrl["menu_display_object"], "0x00076E8F (Skyrim.esm)");
    assert_eq!(scrl["model"]["file"], "Clutter\\Common\\Scroll03.nif");
    assert_eq!(scrl["data"]["value"], 60);
    assert_eq!(scrl["data"]["weight"], 0.2);
    assert_eq!(scrl["spell_data"]["charge_time"], 0.5);
    assert_eq!(scrl["spell_data"]["casting_type"], "scroll");
    assert_eq!(scrl["effects"][0]["effect"], "0x01000857 (Scribe.esp)");
    assert_eq!(scrl["effects"][0]["values"]["duration"], 60);

    let sopm = fields("skyrim-plugins/mintylightningmod.esp", 0x0103_E222);
    assert_eq!(sopm["editor_id"], "MintyForkSoundSOMStereo");
    assert_eq!(sopm["data"]["flags"][0], "attenuates_with_distance");
    assert_eq!(sopm["data"]["reverb_send_percent"], 70);
    assert_eq!(sopm["type"], "defined_speaker_output");
    assert_eq!(sopm["output_values"]["channel_0"]["left"], 100);
    assert_eq!(sopm["output_values"]["channel_1"]["rear_left"], 50);
    assert_eq!(sopm["output_values"]["channel_2"]["right"], 100);
    assert_eq!(sopm["attenuation"]["min_distance"], 80.0);
    assert_eq!(sopm["attenuation"]["max_distance"], 9000.0);
    assert_eq!(sopm["attenuation"]["curve"]["point_3"], 20);

    let dlvw = fields("skyrim-plugins/DawnOfTheSilverHand.esp", 0x0206_5970);
    assert_eq!(dlvw["editor_id"], "DSilHand_R00ContollerSenaar_DialogView");
    assert_eq!(dlvw["quest"], "0x02062E49 (DawnOfTheSilverHand.esp)");
    assert_eq!(dlvw["branches"].as_array().unwrap().len(), 6);
    assert_eq!(dlvw["branches"][5], "0x020669CC (DawnOfTheSilverHand.esp)");
    assert_eq!(dlvw["unknown_enam"], 0);
    assert_eq!(dlvw["show_all_text"], true);
}

/// A furniture record of Skyrim.esm that Campfire overrides, copied with
/// its texture hashes in the layout of form version 40 on.
#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn skyrim_texture_hashes_of_a_record_copied_from_the_game_master() {
    let furn = fields(CAMPFIRE, 0x0007_022E);
    assert_eq!(furn["editor_id"], "WoodChoppingBlock");
    let hashes = &furn["model"]["texture_hashes"];
    assert_eq!(hashes["header_count"], 2);
    assert_eq!(hashes["texture_count"], 6);
    assert_eq!(hashes["addon_node_count"], 0);
    assert_eq!(hashes["textures"].as_array().unwrap().len(), 6);
    assert_eq!(
        hashes["textures"][0],
        json!({"file_hash": 0xE7A5_8653u32, "extension": "dds\\x00", "folder_hash": 0x2228_3D52})
    );
    assert_eq!(hashes["textures"][5]["folder_hash"], 0x417B_AE32);
}

const DAWN: &str = "skyrim-plugins/DawnOfTheSilverHand.esp";
const CHAIRS: &str = "skyrim-plugins/MarkekrausSentientChairsOfSkyrim.esp";

fn keys(v: &Value) -> Vec<&str> {
    v.as_object().unwrap().keys().map(String::as_str).collect()
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn subrecords_out_of_declared_order_decode_where_they_stand() {
    // XSCL after XLRL, which is declared after it.
    let refr = fields(DAWN, 0x0010_C7CF);
    assert_eq!(
        keys(&refr),
        ["base", "location_reference", "scale", "position_rotation"]
    );
    assert_eq!(refr["scale"], 1.41);

    // Location, encounter zone, music, climate, water, environment map and
    // acoustic space, all after the image space declared last.
    let cell = fields(DAWN, 0x0001_51F5);
    assert_eq!(cell["editor_id"], "YngolBarrow01");
    assert_eq!(
        keys(&cell)[6..],
        [
            "image_space",
            "location",
            "encounter_zone",
            "music_type",
            "sky_weather_from_region",
            "water",
            "water_environment_map",
            "acoustic_space"
        ]
    );
    assert_eq!(cell["location"], "0x000192C9 (Skyrim.esm)");
    assert_eq!(
        cell["water_environment_map"],
        "Data\\Textures\\Cubemaps\\CaveGreenCube_e.dds"
    );
    assert_eq!(cell["acoustic_space"], "0x0002B3AE (Skyrim.esm)");

    // Linked reference, location and location reference after the
    // location ref types declared last of them.
    let achr = fields(DAWN, 0x000F_334C);
    assert_eq!(
        achr["linked_references"][0]["link"]["reference"],
        "0x000F334D (Skyrim.esm)"
    );
    assert_eq!(achr["persistent_location"], "0x00019157 (Skyrim.esm)");
    assert_eq!(achr["location_reference"], "0x00019157 (Skyrim.esm)");

    // Reference aliases after a location alias.
    let qust = fields(DAWN, 0x0205_20BA);
    assert_eq!(
        keys(&qust)[9..],
        ["next_alias_id", "location_aliases", "reference_aliases"]
    );
    assert_eq!(qust["location_aliases"][0]["name"], "WerewolfLocation");
    let names: Vec<&Value> = qust["reference_aliases"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| &a["name"])
        .collect();
    assert_eq!(names, ["Werewolf", "LocationMarker", "ContractGiver"]);
    assert_eq!(qust["reference_aliases"][0]["reference_alias_id"], 2);
    assert_eq!(
        qust["reference_aliases"][2]["external_alias_quest"],
        "0x02062E49 (DawnOfTheSilverHand.esp)"
    );

    // An Oblivion cell's owner after its music.
    let cell = fields("oblivion-plugins/RowYourBoat.esp", 0x0002_C165);
    assert_eq!(keys(&cell)[3..], ["lighting", "music", "owner"]);
    assert_eq!(cell["owner"], "0x00015E99 (Oblivion.esm)");
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn declarations_read_what_real_tools_write() {
    // A Special Edition static's material flags.
    let stat = fields(CHAIRS, 0x0600_0B4A);
    assert_eq!(
        stat["direction_material"],
        serde_json::json!({"max_angle": 90.0, "material": "0x00000000", "flags": [], "unused": "000000"})
    );

    // A location's encounter cells: a world space and its grid cells.
    let lctn = fields(CHAIRS, 0x0001_8A56);
    let cells = &lctn["added_encounter_cells"][0];
    assert_eq!(cells["location"], "0x0000003C (Skyrim.esm)");
    assert_eq!(cells["cells"].as_array().unwrap().len(), 5);
    assert_eq!(
        cells["cells"][1],
        serde_json::json!({"grid_y": -4, "grid_x": 8})
    );

    // A story manager quest node's quest count.
    let smqn = fields(DAWN, 0x0206_A54D);
    assert_eq!(smqn["quest_count"], 1);
    assert_eq!(
        smqn["quests"][0]["quest"],
        "0x02062E4C (DawnOfTheSilverHand.esp)"
    );

    // A patrol point's topic.
    let refr = fields(DAWN, 0x0200_7137);
    assert_eq!(refr["patrol"][0]["idle_time"], 25.0);
    assert_eq!(
        refr["patrol"][0]["topics"],
        serde_json::json!([{"type": "topic", "topic": "0x00000000"}])
    );
}
