//! Record types declared from the format but not found in the test corpus:
//! a record is built from its JSON form, written, read back and shown as
//! JSON again, and must give the same values, every subrecord decoded,
//! with the subrecord sizes the format gives. Layouts of older form
//! versions are read from records made of their exact bytes, which must
//! write back as they were.

mod copies;

use copies::{read_exact, skyrim_copy, words};
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

fn rgba(r: i64) -> Value {
    json!({"red": r, "green": r / 2, "blue": 255 - r, "unused": "00"})
}

#[test]
fn skyrim_weather_builds_and_reads_back() {
    let times = |r: i64| json!({"sunrise": rgba(r), "day": rgba(r + 1), "sunset": rgba(r + 2), "night": rgba(r + 3)});
    let names = [
        "sky_upper",
        "fog_near",
        "unknown_0x20",
        "ambient",
        "sunlight",
        "sun",
        "stars",
        "sky_lower",
        "horizon",
        "effect_lighting",
        "cloud_lod_diffuse",
        "cloud_lod_ambient",
        "fog_far",
        "sky_statics",
        "water_multiplier",
        "sun_glare",
        "moon_glare",
    ];
    let colors: serde_json::Map<String, Value> = names
        .iter()
        .enumerate()
        .map(|(i, n)| (n.to_string(), times(10 * i as i64)))
        .collect();
    let ambient = json!({
        "x_plus": rgba(1), "x_minus": rgba(2), "y_plus": rgba(3), "y_minus": rgba(4),
        "z_plus": rgba(5), "z_minus": rgba(6), "specular": rgba(7), "fresnel_power": 1.0
    });
    let four = json!({"sunrise": "0x000D4886 (Skyrim.esm)", "day": "0x000D4887 (Skyrim.esm)",
                      "sunset": "0x000D4888 (Skyrim.esm)", "night": "0x000D4889 (Skyrim.esm)"});
    let fields = json!({
        "editor_id": "TestWeather",
        "cloud_texture_0": "Sky\\SkyrimCloudsUpper01.dds",
        "cloud_texture_10": "Sky\\SkyrimCloudsFade01.dds",
        "cloud_texture_28": "Sky\\SkyrimCloudsLower04.dds",
        "cloud_layer_count": 29,
        "precipitation": "0x0001B88E (Skyrim.esm)",
        "visual_effect": "0x00000000",
        "cloud_speed_y": [127, 0, 254],
        "cloud_speed_x": [130, 127, 120],
        "cloud_colors": [times(40), times(80)],
        "cloud_alphas": [{"sunrise": 1.0, "day": 0.75, "sunset": 0.5, "night": 0.25}],
        "colors": colors,
        "fog_distance": {"day_near": -1000.0, "day_far": 150000.0, "night_near": -500.0,
                         "night_far": 90000.0, "day_power": 1.5, "night_power": 1.25,
                         "day_max": 1.0, "night_max": 0.875},
        "data": {
            "wind_speed": 51, "unknown_0x01": "0000", "transition_delta": 4, "sun_glare": 128,
            "sun_damage": 0, "precipitation_begin_fade_in": 120, "precipitation_end_fade_out": 130,
            "lightning_begin_fade_in": 140, "lightning_end_fade_out": 150,
            "lightning_frequency": 200, "flags": ["rainy", "sky_statics_always_visible"],
            "lightning_red": 255, "lightning_green": 250, "lightning_blue": 200,
            "visual_effect_begin": 10, "visual_effect_end": 240, "wind_direction": 64,
            "wind_direction_range": 32
        },
        "disabled_cloud_layers": ["layer_3", "layer_28"],
        "sounds": [{"sound": "0x000C2EB7 (Skyrim.esm)", "type": "precipitation"},
                   {"sound": "0x0006AC44 (Skyrim.esm)", "type": "thunder"}],
        "sky_statics": ["0x000A9A94 (Skyrim.esm)"],
        "image_spaces": four,
        "volumetric_lighting": four,
        "directional_ambient": [ambient, ambient, ambient, ambient],
        "aurora": {"file": "Sky\\Aurora.nif"},
        "sun_glare_lens_flare": "0x00106F7A (Skyrim.esm)"
    });
    let s = round_trip(Game::Skyrim, "WTHR", "0x01000800 (Built.esp)", fields);
    assert_eq!(sizes(&s, "NAM0"), [17 * 16]);
    assert_eq!(sizes(&s, "PNAM"), [2 * 16]);
    assert_eq!(sizes(&s, "JNAM"), [16]);
    assert_eq!(sizes(&s, "FNAM"), [32]);
    assert_eq!(sizes(&s, "DATA"), [19]);
    assert_eq!(sizes(&s, "IMSP"), [16]);
    assert_eq!(sizes(&s, "DALC"), [32, 32, 32, 32]);
    assert_eq!(sizes(&s, ":0TX"), [27]);
    assert_eq!(sizes(&s, "L0TX"), [28]);
}

#[test]
fn skyrim_water_builds_and_reads_back() {
    let names = [
        "unknown_0x00",
        "unknown_0x04",
        "unknown_0x08",
        "unknown_0x0c",
        "sun_specular_power",
        "reflectivity_amount",
        "fresnel_amount",
        "unknown_0x1c",
        "above_water_fog_near",
        "above_water_fog_far",
        "shallow_color",
        "deep_color",
        "reflection_color",
        "unknown_0x34",
        "unknown_0x38",
        "unknown_0x3c",
        "unknown_0x40",
        "unknown_0x44",
        "displacement_starting_size",
        "displacement_force",
        "displacement_velocity",
        "displacement_falloff",
        "displacement_dampener",
        "unknown_0x5c",
        "noise_falloff",
        "noise_layer_1_wind_direction",
        "noise_layer_2_wind_direction",
        "noise_layer_3_wind_direction",
        "noise_layer_1_wind_speed",
        "noise_layer_2_wind_speed",
        "noise_layer_3_wind_speed",
        "unknown_0x7c",
        "unknown_0x80",
        "above_water_fog_amount",
        "unknown_0x88",
        "under_water_fog_amount",
        "under_water_fog_near",
        "under_water_fog_far",
        "refraction_magnitude",
        "specular_power",
        "unknown_0xa0",
        "specular_radius",
        "specular_brightness",
        "noise_layer_1_uv_scale",
        "noise_layer_2_uv_scale",
        "noise_layer_3_uv_scale",
        "noise_layer_1_amplitude_scale",
        "noise_layer_2_amplitude_scale",
        "noise_layer_3_amplitude_scale",
        "reflection_magnitude",
        "sun_sparkle_magnitude",
        "sun_specular_magnitude",
        "depth_reflections",
        "depth_refraction",
        "depth_normals",
        "depth_specular_lighting",
        "sun_sparkle_power",
        "flowmap_scale",
    ];
    let visual = |with_flowmap: bool| -> Value {
        let mut m = serde_json::Map::new();
        for (i, n) in names.iter().enumerate() {
            let v = match *n {
                "shallow_color" | "deep_color" | "reflection_color" => rgba(i as i64),
                "unknown_0x1c" | "unknown_0x34" => json!("01020304"),
                "flowmap_scale" if !with_flowmap => continue,
                _ => json!(i as f64 + 0.5),
            };
            m.insert(n.to_string(), v);
        }
        Value::Object(m)
    };
    for (flowmap, size) in [(true, 232), (false, 228)] {
        let fields = json!({
            "editor_id": "TestWater",
            "name": "Water",
            "opacity": 75,
            "flags": ["causes_damage", "enable_flowmap"],
            "material": "0x00012F4A (Skyrim.esm)",
            "open_sound": "0x0006C6A2 (Skyrim.esm)",
            "spell": "0x0010F7F1 (Skyrim.esm)",
            "image_space": "0x000D4886 (Skyrim.esm)",
            "damage_per_second": 5,
            "visual_data": visual(flowmap),
            "linear_velocity": {"x": 1.0, "y": -2.0, "z": 0.0},
            "angular_velocity": {"x": 0.0, "y": 0.0, "z": 0.25},
            "noise_layer_1_texture": "Water\\WaterNoise01.dds",
            "noise_layer_2_texture": "Water\\WaterNoise02.dds",
            "noise_layer_3_texture": "Water\\WaterNoise03.dds",
            "flow_normals_texture": "Water\\FlowNormals.dds"
        });
        let s = round_trip(Game::Skyrim, "WATR", "0x01000801 (Built.esp)", fields);
        assert_eq!(sizes(&s, "DNAM"), [size]);
        assert_eq!(sizes(&s, "DATA"), [2]);
        assert_eq!(sizes(&s, "NAM0"), [12]);
    }
}

#[test]
fn skyrim_region_builds_and_reads_back() {
    let object = json!({
        "object": "0x000B1F87 (Skyrim.esm)", "parent_index": 65535, "unknown_0x06": "0000",
        "density": 0.25, "clustering": 2, "minimum_slope": 0, "maximum_slope": 45,
        "flags": ["conform_to_slope", "tree"], "radius_to_parent": 0, "radius": 120,
        "minimum_height": 0.5, "maximum_height": 1.5, "sink": 0.0, "sink_variance": 0.0,
        "size_variance": 0.25, "angle_variance_x": 10, "angle_variance_y": 10,
        "angle_variance_z": 360, "unknown_0x2e": "0000", "unknown_0x30": "00000000"
    });
    let fields = json!({
        "editor_id": "TestRegion",
        "map_color": rgba(90),
        "worldspace": "0x0000003C (Skyrim.esm)",
        "areas": [{"edge_fall_off": 256,
                   "points": [{"x": 0.0, "y": 0.0}, {"x": 4096.0, "y": 0.0}, {"x": 4096.0, "y": 4096.0}]}],
        "entries": [
            {"header": {"type": "objects", "flags": ["override"], "priority": 50, "unknown_0x06": "0000"},
             "objects": [object]},
            {"header": {"type": "weather", "flags": [], "priority": 50, "unknown_0x06": "0000"},
             "weathers": [{"weather": "0x0010A241 (Skyrim.esm)", "chance": 60, "global": "0x00000000"}]},
            {"header": {"type": "map", "flags": [], "priority": 50, "unknown_0x06": "0000"},
             "map_name": "Test Hold"},
            {"header": {"type": "grass", "flags": [], "priority": 50, "unknown_0x06": "0000"},
             "grasses": [{"grass": "0x000AAB0A (Skyrim.esm)", "unknown_0x04": "00000000"}]},
            {"header": {"type": "sound", "flags": [], "priority": 50, "unknown_0x06": "0000"},
             "music": "0x000E1D0C (Skyrim.esm)",
             "sounds": [{"sound": "0x000C2EB7 (Skyrim.esm)", "flags": ["pleasant", "snowy"], "chance": 0.05}]}
        ]
    });
    let s = round_trip(Game::Skyrim, "REGN", "0x01000802 (Built.esp)", fields);
    assert_eq!(sizes(&s, "RDAT"), [8, 8, 8, 8, 8]);
    assert_eq!(sizes(&s, "RDOT"), [52]);
    assert_eq!(sizes(&s, "RDWT"), [12]);
    assert_eq!(sizes(&s, "RDGS"), [8]);
    assert_eq!(sizes(&s, "RDSA"), [12]);
    assert_eq!(sizes(&s, "RPLD"), [24]);
}

#[test]
fn skyrim_placed_projectiles_build_and_read_back() {
    for sig in [
        "PARW", "PBAR", "PBEA", "PCON", "PFLA", "PGRE", "PHZD", "PMIS",
    ] {
        let fields = json!({
            "editor_id": format!("Test{sig}"),
            "projectile": "0x0003B3EB (Skyrim.esm)",
            "encounter_zone": "0x00000000",
            "owner": "0x0001BCB3 (Skyrim.esm)",
            "faction_rank": 2,
            "reflected_refracted_by": [{"water": "0x01000900 (Built.esp)", "type": ["reflection"]}],
            "linked_references": [{"link": {"keyword": "0x00000000", "reference": "0x01000901 (Built.esp)"}}],
            "activation_parent_flags": 1,
            "activation_parents": [{"reference": "0x01000902 (Built.esp)", "delay": 0.5}],
            "enable_parent": {"reference": "0x01000903 (Built.esp)", "flags": ["pop_in"], "unused": "000000"},
            "ignored_by_sandbox": null,
            "location_reference": "0x000130EE (Skyrim.esm)",
            "distant_lod": {"x": 1.0, "y": 2.0, "z": 3.0},
            "scale": 1.25,
            "position_rotation": {"position_x": 100.0, "position_y": -200.0, "position_z": 64.0,
                                  "rotation_x": 0.0, "rotation_y": 0.0, "rotation_z": 1.25}
        });
        let s = round_trip(Game::Skyrim, sig, "0x01000803 (Built.esp)", fields);
        assert_eq!(sizes(&s, "DATA"), [24], "{sig}");
        assert_eq!(sizes(&s, "XESP"), [8], "{sig}");
        assert_eq!(sizes(&s, "XLOD"), [12], "{sig}");
    }
}

#[test]
fn skyrim_apparatus_actor_value_and_camera_records_build_and_read_back() {
    let appa = json!({
        "editor_id": "TestMortar",
        "object_bounds": {"x1": -6, "y1": -6, "z1": 0, "x2": 6, "y2": 6, "z2": 8},
        "name": "Mortar and Pestle",
        "model": {"file": "Clutter\\Alchemy\\MortarPestle01.nif"},
        "pickup_sound": "0x0003C7D0 (Skyrim.esm)",
        "quality": "expert",
        "description": "",
        "data": {"value": 25, "weight": 2.5}
    });
    let s = round_trip(Game::Skyrim, "APPA", "0x01000810 (Built.esp)", appa);
    assert_eq!(sizes(&s, "QUAL"), [4]);
    assert_eq!(sizes(&s, "DATA"), [8]);

    let node = |perk: &str, index: i64, lines: Value| {
        let mut n = json!({
            "perk": perk, "unknown_fnam": 1, "grid_x": 2, "grid_y": index,
            "horizontal_position": 0.25, "vertical_position": -0.5,
            "associated_skill": "0x00000448 (Skyrim.esm)", "lines_to": lines, "index": index
        });
        // A node without lines has no CNAM, and no list.
        if n["lines_to"] == json!([]) {
            n.as_object_mut().unwrap().remove("lines_to");
        }
        n
    };
    let avif = json!({
        "editor_id": "TestSkill",
        "name": "Test Skill",
        "description": "A skill made for a test.",
        "abbreviation": "TS",
        "unknown_cnam": 1,
        "skill": {"use_multiplier": 0.5, "use_offset": 0.0, "improve_multiplier": 1.5,
                  "improve_offset": 2.0},
        "perk_tree": [node("0x00000000", 0, json!([1, 2])),
                      node("0x000BABE4 (Skyrim.esm)", 1, json!([])),
                      node("0x00079342 (Skyrim.esm)", 2, json!([1]))]
    });
    let s = round_trip(Game::Skyrim, "AVIF", "0x01000811 (Built.esp)", avif);
    assert_eq!(sizes(&s, "AVSK"), [16]);
    assert_eq!(sizes(&s, "CNAM"), [4, 4, 4, 4]);
    assert_eq!(sizes(&s, "INAM"), [4, 4, 4]);

    let cams = json!({
        "editor_id": "TestCameraShot",
        "model": {"file": "Cameras\\KillCamera01.nif"},
        "data": {"action": "hit", "location": "attacker", "target": "target",
                 "flags": ["rotation_follows_target", "start_at_time_zero"],
                 "player_time_multiplier": 0.25, "target_time_multiplier": 0.25,
                 "global_time_multiplier": 0.5, "max_time": 4.0, "min_time": 1.0,
                 "target_percent_between_actors": 50.0, "near_target_distance": 128.0},
        "image_space_modifier": "0x000FD7A4 (Skyrim.esm)"
    });
    let s = round_trip(Game::Skyrim, "CAMS", "0x01000812 (Built.esp)", cams);
    assert_eq!(sizes(&s, "DATA"), [44]);

    let cpth = json!({
        "editor_id": "TestCameraPath",
        "related_paths": {"parent": "0x000AF86C (Skyrim.esm)", "previous_sibling": "0x00000000"},
        "camera_zoom": "shot_list",
        "camera_shots": ["0x01000812 (Built.esp)", "0x000AF870 (Skyrim.esm)"]
    });
    let s = round_trip(Game::Skyrim, "CPTH", "0x01000813 (Built.esp)", cpth);
    assert_eq!(sizes(&s, "ANAM"), [8]);
    assert_eq!(sizes(&s, "DATA"), [1]);
}

#[test]
fn skyrim_default_objects_image_space_lens_flare_and_volumetric_lighting_build_and_read_back() {
    let dobj = json!({
        "editor_id": "DefaultObjectManager",
        "objects": [{"use": "WWSP", "object": "0x00092C48 (Skyrim.esm)"},
                    {"use": "GOLD", "object": "0x0000000F (Skyrim.esm)"}]
    });
    let s = round_trip(Game::Skyrim, "DOBJ", "0x01000820 (Built.esp)", dobj);
    assert_eq!(sizes(&s, "DNAM"), [16]);

    let imgs = json!({
        "editor_id": "TestImageSpace",
        "hdr": {"eye_adapt_speed": 3.0, "bloom_blur_radius": 7.0, "bloom_threshold": 0.5,
                "bloom_scale": 0.25, "receive_bloom_threshold": 0.75, "white": 2.0,
                "sunlight_scale": 1.5, "sky_scale": 1.25, "eye_adapt_strength": 0.125},
        "cinematic": {"saturation": 1.0, "brightness": 1.125, "contrast": 0.875},
        "tint": {"amount": 0.5, "red": 0.25, "green": 0.5, "blue": 1.0},
        "depth_of_field": {"strength": 0.5, "distance": 256.0, "range": 1024.0,
                           "unknown_0x0c": "0000", "sky_blur_radius": "no_sky_radius_3"}
    });
    let s = round_trip(Game::Skyrim, "IMGS", "0x01000821 (Built.esp)", imgs);
    assert_eq!(sizes(&s, "HNAM"), [36]);
    assert_eq!(sizes(&s, "CNAM"), [12]);
    assert_eq!(sizes(&s, "TNAM"), [16]);
    assert_eq!(sizes(&s, "DNAM"), [16]);

    let sprite = |id: &str, position: f64| {
        json!({
            "id": id, "texture": "Effects\\LensFlare01.dds",
            "data": {"tint_red": 1.0, "tint_green": 0.75, "tint_blue": 0.5, "width": 0.25,
                     "height": 0.25, "position": position, "angular_fade": 0.0, "opacity": 0.5,
                     "flags": ["rotates"]}
        })
    };
    let lens = json!({
        "editor_id": "TestLensFlare",
        "color_influence": 0.5,
        "fade_distance_radius_scale": 1.0,
        "sprite_count": 2,
        "sprites": [sprite("Sun01", 1.0), sprite("Ring02", -0.5)]
    });
    let s = round_trip(Game::Skyrim, "LENS", "0x01000822 (Built.esp)", lens);
    assert_eq!(sizes(&s, "LFSD"), [36, 36]);
    assert_eq!(sizes(&s, "DNAM"), [4, 6, 7]);

    let names = [
        "intensity",
        "custom_color_contribution",
        "red",
        "green",
        "blue",
        "density_contribution",
        "density_size",
        "density_wind_speed",
        "density_falling_speed",
        "phase_function_contribution",
        "phase_function_scattering",
        "sampling_repartition_range_factor",
    ];
    let mut voli = serde_json::Map::new();
    voli.insert("editor_id".into(), json!("TestVolumetricLighting"));
    for (i, n) in names.iter().enumerate() {
        voli.insert(n.to_string(), json!(i as f64 * 0.25));
    }
    let s = round_trip(
        Game::Skyrim,
        "VOLI",
        "0x01000823 (Built.esp)",
        Value::Object(voli),
    );
    assert_eq!(sizes(&s, "NNAM"), [4]);
    assert_eq!(s.len(), 13);
}

#[test]
fn skyrim_static_collection_and_talking_activator_build_and_read_back() {
    let placement = |x: f64| {
        json!({
            "position_x": x, "position_y": 0.0, "position_z": -8.0, "rotation_x": 0.0,
            "rotation_y": 0.0, "rotation_z": 3.0, "scale": 1.0
        })
    };
    let scol = json!({
        "editor_id": "TestStaticCollection",
        "object_bounds": {"x1": -128, "y1": -64, "z1": -8, "x2": 128, "y2": 64, "z2": 96},
        "model": {"file": "SCOL\\Built.esp\\CM01000830.NIF"},
        "parts": [
            {"static": "0x0001FB8A (Skyrim.esm)", "placements": [placement(-64.0), placement(64.0)]},
            {"static": "0x0001FB8B (Skyrim.esm)", "placements": [placement(0.0)]}
        ]
    });
    let s = round_trip(Game::Skyrim, "SCOL", "0x01000830 (Built.esp)", scol);
    assert_eq!(sizes(&s, "DATA"), [56, 28]);
    assert_eq!(sizes(&s, "ONAM"), [4, 4]);

    let tact = json!({
        "editor_id": "TestTalkingActivator",
        "object_bounds": {"x1": -16, "y1": -16, "z1": 0, "x2": 16, "y2": 16, "z2": 32},
        "name": "Talking Skull",
        "model": {"file": "Clutter\\Skull01.nif"},
        "keyword_count": 1,
        "keywords": ["0x0001A7B9 (Skyrim.esm)"],
        "looping_sound": "0x00000000",
        "voice_type": "0x00013AD3 (Skyrim.esm)"
    });
    let s = round_trip(Game::Skyrim, "TACT", "0x01000831 (Built.esp)", tact);
    assert_eq!(sizes(&s, "VNAM"), [4]);
}

#[test]
fn skyrim_types_kept_as_empty_groups_build_and_read_back() {
    for sig in ["CLDC", "HAIR", "PWAT", "RGDL", "SCPT"] {
        let fields = json!({"editor_id": format!("Test{sig}")});
        let s = round_trip(Game::Skyrim, sig, "0x01000840 (Built.esp)", fields);
        assert_eq!(sizes(&s, "EDID"), [9], "{sig}");
    }
}

/// One texture's hashes as stored: file hash, extension, folder hash.
fn texture(file: u32, folder: u32) -> Vec<u8> {
    let mut out = file.to_le_bytes().to_vec();
    out.extend_from_slice(b"dds\0");
    out.extend_from_slice(&folder.to_le_bytes());
    out
}

fn texture_json(file: u32, folder: u32) -> Value {
    json!({"file_hash": file, "extension": "dds\\x00", "folder_hash": folder})
}

#[test]
fn skyrim_texture_hashes_of_every_form_version_read_and_write_back() {
    // Form version 40 on: a header count (two: the texture and addon node
    // counts), the textures, the addon nodes.
    let mut modt = words(&[2, 1, 1]);
    modt.extend(texture(0xE7A5_8653, 0x2228_3D52));
    modt.extend(words(&[7]));
    let mut data = vec![30, 0, 60, 0, 0, 0, 0, 0];
    data.extend(words(&[1]));
    for x in [32.0f32, 0.25, 0.5, 10.0] {
        data.extend(x.to_le_bytes());
    }
    data.extend([0x04, 0, 0, 0]);
    let bounds = [0xF0, 0xFF, 0xF0, 0xFF, 0, 0, 0x10, 0, 0x10, 0, 0x20, 0];
    let gras = read_exact(
        &skyrim_copy(
            b"GRAS",
            43,
            &[
                (b"EDID", b"FieldGrass01\0"),
                (b"OBND", &bounds),
                (b"MODL", b"Landscape\\Grass\\FieldGrass01.nif\0"),
                (b"MODT", &modt),
                (b"DATA", &data),
            ],
        ),
        0,
    );
    assert_eq!(
        gras["model"]["texture_hashes"],
        json!({
            "header_count": 2, "texture_count": 1, "addon_node_count": 1,
            "textures": [texture_json(0xE7A5_8653, 0x2228_3D52)], "addon_nodes": [7]
        })
    );
    assert_eq!(gras["data"]["maximum_slope"], 60);
    assert_eq!(gras["data"]["units_from_water_type"], "above_at_most");

    // Form versions 38 and 39: the textures alone. The tree's scripts come
    // before its bounds.
    let mut modt = texture(0x0264_C2E3, 0x2228_3D52);
    modt.extend(texture(0x6051_1B26, 0x0A5C_AC3B));
    let cnam: Vec<u8> = (1..=12u8)
        .flat_map(|i| (i as f32 / 4.0).to_le_bytes())
        .collect();
    let tree = read_exact(
        &skyrim_copy(
            b"TREE",
            39,
            &[
                (b"EDID", b"TreePineForest01\0"),
                (b"VMAD", &[5, 0, 2, 0, 0, 0]),
                (b"OBND", &bounds),
                (b"MODL", b"Landscape\\Trees\\TreePineForest01.nif\0"),
                (b"MODT", &modt),
                (b"PFIG", &words(&[0x0006_BC0A])),
                (b"SNAM", &words(&[0x0003_C7C4])),
                (b"PFPC", &[100, 100, 50, 0]),
                (b"FULL", b"Pine Tree\0"),
                (b"CNAM", &cnam),
            ],
        ),
        0,
    );
    assert_eq!(
        tree["model"]["texture_hashes"],
        json!([
            texture_json(0x0264_C2E3, 0x2228_3D52),
            texture_json(0x6051_1B26, 0x0A5C_AC3B)
        ])
    );
    assert_eq!(tree["scripts"]["scripts"], json!([]));
    assert_eq!(tree["ingredient"], "0x0006BC0A (Skyrim.esm)");
    assert_eq!(tree["seasonal_chances"]["fall"], 50);
    assert_eq!(tree["data"]["leaf_frequency"], 3.0);

    // Debris: a record of form version 40 on still holding the older
    // layout reads as such; before form version 38 the hashes are kept
    // as bytes nobody has documented, counted apart.
    let model = |percent: u8, name: &[u8], flags: u8| {
        let mut d = vec![percent];
        d.extend_from_slice(name);
        d.push(flags);
        d
    };
    let rock = model(60, b"Debris\\Rock01.nif\0", 1);
    let dust = model(40, b"Debris\\Dust01.nif\0", 0);
    let older = texture(0x1234_5678, 0x9ABC_DEF0);
    let debr = read_exact(
        &skyrim_copy(
            b"DEBR",
            43,
            &[
                (b"EDID", b"RockDebris\0"),
                (b"DATA", &rock),
                (b"MODT", &older),
                (b"DATA", &dust),
                (b"MODT", &words(&[2, 0, 0])),
            ],
        ),
        0,
    );
    assert_eq!(
        debr["models"][0]["texture_hashes"],
        json!([texture_json(0x1234_5678, 0x9ABC_DEF0)])
    );
    assert_eq!(
        debr["models"][0]["data"]["flags"],
        json!(["has_collision_data"])
    );
    assert_eq!(
        debr["models"][1]["texture_hashes"],
        json!({"header_count": 2, "texture_count": 0, "addon_node_count": 0})
    );
    let undocumented = [0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77, 0x88, 0x99, 0xAA];
    let debr = read_exact(
        &skyrim_copy(
            b"DEBR",
            25,
            &[
                (b"EDID", b"RockDebris\0"),
                (b"DATA", &rock),
                (b"MODT", &undocumented),
            ],
        ),
        1,
    );
    assert_eq!(debr["models"][0]["texture_hashes"], "112233445566778899aa");
}

#[test]
fn skyrim_water_gnam_race_movement_names_and_talking_activator_leftovers_read_exactly() {
    // Twelve bytes, zero in the game's files.
    let watr = read_exact(
        &skyrim_copy(
            b"WATR",
            43,
            &[
                (b"EDID", b"DefaultWater\0"),
                (b"ANAM", &[75]),
                (b"FNAM", &[1]),
                (b"GNAM", &[0; 12]),
            ],
        ),
        0,
    );
    assert_eq!(watr["unused_gnam"], "000000000000000000000000");
    assert_eq!(watr["flags"], json!(["causes_damage"]));

    // Four letters, or four letters and the zero byte some copies end
    // them with.
    let race = read_exact(
        &skyrim_copy(
            b"RACE",
            43,
            &[
                (b"EDID", b"DefaultRace\0"),
                (b"MTNM", b"BLDO"),
                (b"MTNM", b"RUN1\0"),
                (b"MTNM", b"WALK"),
            ],
        ),
        0,
    );
    assert_eq!(
        race["movement_type_names"],
        json!(["BLDO", {"name": "RUN1"}, "WALK"])
    );

    // The editor's leftovers, of any size: bytes by design, not raw.
    for (pnam, fnam) in [
        (&[0u8; 4][..], &[0u8; 2][..]),
        (&[1, 2, 3, 4, 5, 6, 7, 8], &[9; 5]),
    ] {
        let tact = read_exact(
            &skyrim_copy(
                b"TACT",
                43,
                &[
                    (b"EDID", b"TalkingSkull\0"),
                    (b"OBND", &[0; 12]),
                    (b"PNAM", pnam),
                    (b"SNAM", &words(&[0])),
                    (b"FNAM", fnam),
                    (b"VNAM", &words(&[0x0001_3AD3])),
                ],
            ),
            2,
        );
        let hex = |b: &[u8]| b.iter().map(|x| format!("{x:02x}")).collect::<String>();
        assert_eq!(tact["unknown_pnam"], hex(pnam));
        assert_eq!(tact["unknown_fnam"], hex(fnam));
        assert_eq!(tact["voice_type"], "0x00013AD3 (Skyrim.esm)");
    }
}
