//! Record types declared from the format but not found in the test corpus:
//! a record is built from its JSON form, written, read back and shown as
//! JSON again, and must give the same values, every subrecord decoded,
//! with the subrecord sizes the format gives.

use esscribe::json::{form_ctx, plugin_from_json, record_to_json};
use esscribe::plugin::Plugin;
use esscribe::Game;
use serde_json::{json, Value};
use std::collections::BTreeMap;

/// A plugin holding `record` in a top group, written and read back: the
/// record's fields as read, and the size of each subrecord (in order of
/// signature, several for a repeated signature).
fn built(game: Game, record: Value) -> (Value, BTreeMap<String, Vec<usize>>) {
    let sig = record["type"].as_str().unwrap().to_string();
    let (header, group) = match game {
        Game::Oblivion => (
            json!({
                "type": "TES4", "form_id": "0x00000000", "flags": "0x00000000",
                "version_control": 0,
                "fields": {
                    "header": {"version": 1.0, "record_count": 1, "next_object_id": 2049},
                    "author": "esscribe",
                    "masters": [{"file": "Oblivion.esm", "file_size": 0}]
                }
            }),
            json!({"group": "top", "label": sig, "stamp": 0, "entries": [record]}),
        ),
        Game::Skyrim => (
            json!({
                "type": "TES4", "form_id": "0x00000000", "flags": "0x00000000",
                "version_control": 0, "form_version": 44, "version_control_2": 0,
                "fields": {
                    "header": {"version": 1.7, "record_count": 1, "next_object_id": 2049},
                    "author": "esscribe",
                    "masters": [{"file": "Skyrim.esm", "file_size": 0}]
                }
            }),
            json!({"group": "top", "label": sig, "stamp": 0, "unknown": 0, "entries": [record]}),
        ),
    };
    let game_name = match game {
        Game::Oblivion => "oblivion",
        Game::Skyrim => "skyrim",
    };
    let doc = json!({
        "format": "esscribe-plugin", "format_version": 1, "file": "Built.esp",
        "game": game_name, "header": header, "entries": [group]
    });
    let bytes = plugin_from_json(&doc).unwrap().to_bytes().unwrap();
    let plugin = Plugin::parse(&bytes).unwrap();
    assert_eq!(plugin.game, game);
    let ctx = form_ctx(&plugin, "Built.esp");
    let r = plugin.records().next().unwrap();
    assert_eq!(r.header.sig.to_string(), sig);
    let rj = record_to_json(r, game, &ctx).unwrap();
    assert_eq!(rj.coverage.raw, 0, "{sig}: {:?}", rj.warnings);
    assert_eq!(rj.coverage.decoded, rj.coverage.subrecords);
    let mut sizes: BTreeMap<String, Vec<usize>> = BTreeMap::new();
    r.for_each_subrecord(game, |sub| {
        sizes
            .entry(sub.sig.to_string())
            .or_default()
            .push(sub.data.len())
    })
    .unwrap();
    (rj.value["fields"].clone(), sizes)
}

/// Builds the record and checks its fields come back unchanged.
fn round_trip(game: Game, sig: &str, form_id: &str, fields: Value) -> BTreeMap<String, Vec<usize>> {
    let mut record = json!({
        "type": sig, "form_id": form_id, "flags": "0x00000000", "version_control": 0,
        "fields": fields.clone()
    });
    if game == Game::Skyrim {
        record["form_version"] = json!(44);
        record["version_control_2"] = json!(0);
    }
    let (back, sizes) = built(game, record);
    assert_eq!(back, fields, "{sig}: the fields read back differ");
    sizes
}

fn sizes(s: &BTreeMap<String, Vec<usize>>, sig: &str) -> Vec<usize> {
    s.get(sig).cloned().unwrap_or_default()
}

#[test]
fn oblivion_race_builds_and_reads_back() {
    let boost = |skill: &str, boost: i64| json!({"skill": skill, "boost": boost});
    let attributes = json!({
        "strength": 40, "intelligence": 40, "willpower": 30, "agility": 40,
        "speed": 40, "endurance": 40, "personality": 50, "luck": 50
    });
    let fields = json!({
        "editor_id": "TestRace",
        "name": "Test Race",
        "description": "A race made for a test.",
        "spells": ["0x00047AD5 (Oblivion.esm)"],
        "relations": [{"faction": "0x00000907 (Oblivion.esm)", "modifier": -10}],
        "data": {
            "skill_boosts": {
                "boost_1": boost("blade", 10), "boost_2": boost("blunt", 5),
                "boost_3": boost("heavy_armor", 5), "boost_4": boost("mercantile", 10),
                "boost_5": boost("speechcraft", 5), "boost_6": boost("none", 0),
                "boost_7": boost("none", 0)
            },
            "unused": "0000",
            "male_height": 1.0, "female_height": 1.0,
            "male_weight": 1.0, "female_weight": 0.9,
            "flags": ["playable"]
        },
        "voices": {"male": "0x00000907 (Oblivion.esm)", "female": "0x00000907 (Oblivion.esm)"},
        "default_hair": {"male": "0x0002BFDB (Oblivion.esm)", "female": "0x0002BFDC (Oblivion.esm)"},
        "default_hair_color": 3,
        "facegen_main_clamp": 5.0,
        "facegen_face_clamp": 3.0,
        "base_attributes": {"male": attributes, "female": attributes},
        "face_data": {
            "marker": null,
            "parts": [
                {"index": "head", "model": {"file": "Characters\\Imperial\\HeadHuman.nif",
                                            "bound_radius": 14.5}},
                {"index": "eye_left",
                 "model": {"file": "Characters\\Imperial\\EyeLeftHuman.nif", "bound_radius": 1.0},
                 "texture": "Characters\\Imperial\\Eyes\\EyeBlue.dds"}
            ]
        },
        "body_data_marker": null,
        "male_body_data": {
            "marker": null,
            "model": {"file": "Characters\\_Male\\SkeletonBeast.nif", "bound_radius": 60.0},
            "parts": [{"index": "upper_body", "texture": "Characters\\Imperial\\UpperBody.dds"},
                      {"index": "tail"}]
        },
        "female_body_data": {
            "marker": null,
            "parts": [{"index": "hand", "texture": "Characters\\Imperial\\HandFemale.dds"}]
        },
        "hairs": ["0x0002BFDB (Oblivion.esm)", "0x0002BFDC (Oblivion.esm)"],
        "eyes": ["0x00027306 (Oblivion.esm)"],
        "facegen_geometry_symmetric": [0.5, -0.25],
        "facegen_geometry_asymmetric": [0.125],
        "facegen_texture_symmetric": [1.0, 2.0],
        "unknown_snam": 4660
    });
    let s = round_trip(Game::Oblivion, "RACE", "0x01000800 (Built.esp)", fields);
    assert_eq!(sizes(&s, "DATA"), [36]);
    assert_eq!(sizes(&s, "ATTR"), [16]);
    assert_eq!(sizes(&s, "XNAM"), [8]);
    assert_eq!(sizes(&s, "CNAM"), [1]);
    assert_eq!(sizes(&s, "SNAM"), [2]);
    assert_eq!(sizes(&s, "INDX"), [4, 4, 4, 4, 4]);
    assert_eq!(sizes(&s, "NAM0"), [0]);
    assert_eq!(sizes(&s, "MNAM"), [0]);
}

#[test]
fn oblivion_weather_builds_and_reads_back() {
    let times = |r: i64| {
        let c = |v: i64| json!({"red": v, "green": v + 1, "blue": v + 2, "unused": "00"});
        json!({"sunrise": c(r), "day": c(r + 10), "sunset": c(r + 20), "night": c(r + 30)})
    };
    let fields = json!({
        "editor_id": "TestWeather",
        "lower_cloud_texture": "Sky\\Cloudy.dds",
        "upper_cloud_texture": "Sky\\Alpha.dds",
        "model": {"file": "Sky\\CloudsCloudy.nif", "bound_radius": 2.5},
        "colors": {
            "sky_upper": times(0), "fog": times(40), "clouds_lower": times(80),
            "ambient": times(120), "sunlight": times(160), "sun": times(200),
            "stars": times(4), "sky_lower": times(44), "horizon": times(84),
            "clouds_upper": times(124)
        },
        "fog_distance": {"day_near": 0.0, "day_far": 15000.0, "night_near": 0.0, "night_far": 9000.0},
        "hdr": {
            "eye_adapt_speed": 12.0, "blur_radius": 7.0, "blur_passes": 2.0,
            "emissive_multiplier": 1.0, "target_lum": 0.6, "upper_lum_clamp": 0.25,
            "bright_scale": 1.5, "bright_clamp": 0.45, "lum_ramp_no_texture": 0.3,
            "lum_ramp_min": 0.15, "lum_ramp_max": 0.5, "sunlight_dimmer": 0.9,
            "grass_dimmer": 0.8, "tree_dimmer": 0.7
        },
        "data": {
            "wind_speed": 51, "lower_cloud_speed": 10, "upper_cloud_speed": 20,
            "transition_delta": 5, "sun_glare": 100, "sun_damage": 0,
            "precipitation_begin_fade_in": 120, "precipitation_end_fade_out": 130,
            "lightning_begin_fade_in": 140, "lightning_end_fade_out": 150,
            "lightning_frequency": 15, "classification": ["rainy"],
            "lightning_red": 255, "lightning_green": 250, "lightning_blue": 200
        },
        "sounds": [
            {"sound": "0x0003FF23 (Oblivion.esm)", "type": "precipitation"},
            {"sound": "0x0003FF24 (Oblivion.esm)", "type": "thunder"}
        ]
    });
    let s = round_trip(Game::Oblivion, "WTHR", "0x01000801 (Built.esp)", fields);
    assert_eq!(sizes(&s, "NAM0"), [160]);
    assert_eq!(sizes(&s, "FNAM"), [16]);
    assert_eq!(sizes(&s, "HNAM"), [56]);
    assert_eq!(sizes(&s, "DATA"), [15]);
    assert_eq!(sizes(&s, "SNAM"), [8, 8]);
}

#[test]
fn oblivion_road_builds_and_reads_back() {
    let point =
        |x: f64, n: i64| json!({"x": x, "y": -x, "z": 12.5, "connections": n, "unused": "000000"});
    let fields = json!({
        "points": [point(100.0, 1), point(2048.0, 2), point(4096.0, 1)],
        "connections": [
            {"x": 2048.0, "y": -2048.0, "z": 12.5},
            {"x": 100.0, "y": -100.0, "z": 12.5},
            {"x": 4096.0, "y": -4096.0, "z": 12.5},
            {"x": 2048.0, "y": -2048.0, "z": 12.5}
        ]
    });
    let s = round_trip(Game::Oblivion, "ROAD", "0x01000802 (Built.esp)", fields);
    assert_eq!(sizes(&s, "PGRP"), [3 * 16]);
    assert_eq!(sizes(&s, "PGRR"), [4 * 12]);
}
