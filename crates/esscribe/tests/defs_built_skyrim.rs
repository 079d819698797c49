//! Skyrim subrecords and layouts that copies of the game's own records hold
//! (older form versions, Skyrim Special Edition's additions, leftovers of
//! earlier editors), read from records made of their exact bytes: exact
//! values, every subrecord read by its declaration and none raw, every
//! form ID found, and the very bytes back through JSON and the text tree.

mod copies;

use copies::*;
use serde_json::{json, Value};

const POSITION: [f32; 6] = [1024.0, -512.0, 64.0, 0.0, 0.0, 1.5];

#[test]
fn skyrim_reference_occlusion_portal_water_currents_and_lod_read_exactly() {
    let mut xwcu = floats(&[1.0, 2.0, 3.0]);
    xwcu.extend([0xAA; 4]);
    xwcu.extend(floats(&[0.25, 0.5, 0.75]));
    xwcu.extend([0xBB; 4]);
    xwcu.extend(floats(&[4.0, 5.0, 6.0]));
    xwcu.extend([0xCC; 4]);
    let plane = floats(&[256.0, 128.0, 10.0, 20.0, 30.0, 1.0, 0.0, 0.0, 0.0]);
    let refr = read_exact(
        &skyrim_copy(
            b"REFR",
            40,
            &[
                (b"NAME", &words(&[0x0001_FB8A])),
                (b"XORD", &words(&[0x0010_0001, 0x0010_0002, 0, 0x0010_0004])),
                (b"XPOD", &words(&[0x0010_0005, 0x0010_0006])),
                (b"XPTL", &plane),
                (b"XWCN", &words(&[3])),
                (b"XWCS", &words(&[2])),
                (b"XWCU", &xwcu),
                (b"XCVR", &floats(&[0.0, 0.5, -0.5])),
                (b"XCZA", &[1, 0, 0, 0]),
                (b"XCZC", &words(&[0x0000_003C])),
                (b"XCZR", &words(&[0x0010_0007])),
                (b"XLOD", &floats(&[2.0, 4.0, 8.0])),
                (b"DATA", &floats(&POSITION)),
            ],
        ),
        0,
    );
    assert_eq!(
        refr["linked_occlusion_references"],
        json!({"right": skyrim(0x0010_0001), "left": skyrim(0x0010_0002),
               "bottom": "0x00000000", "top": skyrim(0x0010_0004)})
    );
    assert_eq!(refr["unused_room_portal"]["width"], 256.0);
    assert_eq!(refr["unused_room_portal"]["rotation_q1"], 1.0);
    assert_eq!(refr["unknown_xwcn"], 3);
    assert_eq!(refr["unknown_xwcs"], 2);
    let currents = &refr["water_velocity"];
    assert_eq!(currents["z_offset"], 3.0);
    assert_eq!(currents["z_angle"], 0.75);
    assert_eq!(currents["unknown_2"], "bbbbbbbb");
    assert_eq!(currents["unknown_z"], 6.0);
    assert_eq!(currents["unknown_3"], "cccccccc");
    assert_eq!(
        refr["water_current_rotational_velocity"],
        json!({"x": 0.0, "y": 0.5, "z": -0.5})
    );
    assert_eq!(refr["unknown_xcza"], "01000000");
    assert_eq!(refr["water_current_zone_reference"], skyrim(0x0010_0007));
    assert_eq!(refr["distant_lod"], json!({"x": 2.0, "y": 4.0, "z": 8.0}));

    // Water currents of an older form version: two velocities.
    let refr = read_exact(
        &skyrim_copy(
            b"REFR",
            40,
            &[
                (b"NAME", &words(&[0x0001_FB8A])),
                (b"XWCU", &xwcu[..28]),
                (b"DATA", &floats(&POSITION)),
            ],
        ),
        0,
    );
    assert_eq!(refr["water_velocity"]["x_angle"], 0.25);
    assert!(refr["water_velocity"].get("unknown_2").is_none());
}

#[test]
fn skyrim_patrol_leftovers_and_topic_read_exactly() {
    // An actor's patrol as older form versions stored it: a script's
    // header, compiled code, source, a QNAM and its references, then the
    // topics and the topic said.
    let mut pdto = words(&[0]);
    pdto.extend(words(&[0x0001_3EB2]));
    let achr = read_exact(
        &skyrim_copy(
            b"ACHR",
            34,
            &[
                (b"NAME", &words(&[0x0001_3BBF])),
                (b"XPRD", &floats(&[30.0])),
                (b"XPPA", &[]),
                (b"INAM", &words(&[0x0001_0C3D])),
                (b"SCHR", &[0; 20]),
                (b"SCDA", &[0x1D, 0, 0, 0]),
                (b"SCTX", b"; nothing"),
                (b"QNAM", &words(&[0])),
                (b"SCRO", &words(&[0x0001_4D4E])),
                (b"PDTO", &pdto),
                (b"TNAM", &words(&[0x0001_3EB2])),
                (b"DATA", &floats(&POSITION)),
            ],
        ),
        3,
    );
    let patrol = &achr["patrol"][0];
    assert_eq!(patrol["idle_time"], 30.0);
    assert_eq!(patrol["unused_script_header"], "00".repeat(20));
    assert_eq!(patrol["unused_compiled_script"], "1d000000");
    assert_eq!(patrol["unused_script_source"], "; nothing");
    assert_eq!(patrol["unused_qnam"], "00000000");
    assert_eq!(patrol["unused_references"], json!([skyrim(0x0001_4D4E)]));
    assert_eq!(patrol["topic"], skyrim(0x0001_3EB2));
}

#[test]
fn skyrim_cell_currents_door_destinations_and_special_edition_additions_read_exactly() {
    let mut xwcu = floats(&[1.0, 0.0, -1.0]);
    xwcu.extend([0, 0, 0, 0]);
    xwcu.extend(floats(&[0.5, 0.5, 0.0]));
    xwcu.extend([1, 2, 3, 4]);
    let cell = read_exact(
        &skyrim_copy(
            b"CELL",
            43,
            &[
                (b"EDID", b"RiverCell\0"),
                (b"DATA", &[2, 0]),
                (b"XWCN", &words(&[2])),
                (b"XWCU", &xwcu),
            ],
        ),
        0,
    );
    assert_eq!(
        cell["water_velocities"],
        json!([
            {"x": 1.0, "y": 0.0, "z": -1.0, "unknown": "00000000"},
            {"x": 0.5, "y": 0.5, "z": 0.0, "unknown": "01020304"}
        ])
    );

    let door = read_exact(
        &skyrim_copy(
            b"DOOR",
            43,
            &[
                (b"EDID", b"TravelDoor\0"),
                (b"OBND", &[0; 12]),
                (b"FNAM", &[0x02]),
                (b"TNAM", &words(&[0x0000_003C])),
                (b"TNAM", &words(&[0x0001_6BB4])),
            ],
        ),
        0,
    );
    assert_eq!(
        door["random_teleport_destinations"],
        json!([skyrim(0x0000_003C), skyrim(0x0001_6BB4)])
    );

    let mut data = words(&[0xFFFF_FFFF, 256, 0x00C0_FFEE, 0]);
    data.extend(floats(&[1.0, 90.0, 0.0, 0.2, 0.5, 0.1]));
    data.extend(words(&[10]));
    data.extend(floats(&[1.0]));
    let ligh = read_exact(
        &skyrim_copy(
            b"LIGH",
            44,
            &[
                (b"EDID", b"Torch\0"),
                (b"OBND", &[0; 12]),
                (b"DATA", &data),
                (b"FNAM", &floats(&[1.0])),
                (b"LNAM", &words(&[0x0010_6F7A])),
            ],
        ),
        0,
    );
    assert_eq!(ligh["lens_flare"], skyrim(0x0010_6F7A));

    let ltex = read_exact(
        &skyrim_copy(
            b"LTEX",
            44,
            &[
                (b"EDID", b"LSnow\0"),
                (b"TNAM", &words(&[0x0000_0C16])),
                (b"MNAM", &words(&[0x0001_2F47])),
                (b"HNAM", &[30, 30]),
                (b"SNAM", &[30]),
                (b"INAM", &words(&[1])),
            ],
        ),
        0,
    );
    assert_eq!(ltex["flags"], json!(["is_snow"]));

    let stat = read_exact(
        &skyrim_copy(
            b"STAT",
            40,
            &[
                (b"EDID", b"Rock01\0"),
                (b"OBND", &[0; 12]),
                (b"DNAM", &[0, 0, 0x70, 0x42, 0, 0, 0, 0]),
                (b"ENAM", &[9, 8, 7, 6]),
            ],
        ),
        1,
    );
    assert_eq!(stat["direction_material"]["max_angle"], 60.0);
    assert_eq!(stat["unknown_enam"], "09080706");
}

#[test]
fn skyrim_scene_leftovers_read_exactly() {
    // Leftovers of a script in a phase, around its second NEXT, in an
    // action, and after the actions around a NEXT of the scene.
    let scen = read_exact(
        &skyrim_copy(
            b"SCEN",
            31,
            &[
                (b"EDID", b"OldScene\0"),
                (b"FNAM", &words(&[0x01])),
                (b"HNAM", &[]),
                (b"NAM0", b"\0"),
                (b"NEXT", &[]),
                (b"SCHR", &[0; 20]),
                (b"SCTX", b"; phase"),
                (b"NEXT", &[]),
                (b"SCHR", &[1; 20]),
                (b"SCRO", &words(&[0x0001_4D4E])),
                (b"WNAM", &words(&[200])),
                (b"HNAM", &[]),
                (b"ALID", &words(&[0])),
                (b"LNAM", &words(&[0])),
                (b"DNAM", &words(&[0x1A])),
                (b"ANAM", &[0, 0]),
                (b"ALID", &words(&[0])),
                (b"INAM", &words(&[1])),
                (b"SNAM", &words(&[0])),
                (b"ENAM", &words(&[0])),
                (b"SCHR", &[2; 20]),
                (b"SCDA", &[0x1D, 0]),
                (b"QNAM", &[0; 4]),
                (b"ANAM", &[]),
                (b"SCHR", &[3; 20]),
                (b"NEXT", &[]),
                (b"SCHR", &[4; 20]),
                (b"PNAM", &words(&[0x0002_1234])),
                (b"INAM", &words(&[2])),
            ],
        ),
        7,
    );
    let phase = &scen["phases"][0];
    assert_eq!(phase["unused_script"]["header"], "00".repeat(20));
    assert_eq!(phase["unused_script"]["source"], "; phase");
    assert_eq!(
        phase.get("end_of_completion_conditions"),
        Some(&Value::Null)
    );
    assert_eq!(
        phase["unused_script_2"]["references"],
        json!([skyrim(0x0001_4D4E)])
    );
    assert_eq!(phase["editor_width"], 200);
    let action = &scen["actions"][0];
    assert_eq!(action["unused_script"]["compiled"], "1d00");
    assert_eq!(action["unused_script"]["unknown_qnam"], "00000000");
    assert_eq!(scen["unused_script"]["header"], "03".repeat(20));
    assert_eq!(scen.get("end_of_actions"), Some(&Value::Null));
    assert_eq!(scen["unused_script_2"]["header"], "04".repeat(20));
    assert_eq!(scen["quest"], skyrim(0x0002_1234));
}

#[test]
fn skyrim_response_package_and_quest_leftovers_read_exactly() {
    // A response's unused DATA and its script leftovers, each ended by a
    // NEXT.
    let info = read_exact(
        &skyrim_copy(
            b"INFO",
            34,
            &[
                (b"DATA", &[0, 0, 0, 0]),
                (b"ENAM", &[0, 0, 0, 0]),
                (b"TCLT", &words(&[0x0001_2346])),
                (b"SCHR", &[0; 20]),
                (b"QNAM", &words(&[0x0001_3BBF])),
                (b"NEXT", &[]),
                (b"SCHR", &[0; 20]),
                (b"NEXT", &[]),
            ],
        ),
        3,
    );
    assert_eq!(info["unused"], "00000000");
    assert_eq!(info["link_to"], json!([skyrim(0x0001_2346)]));
    assert_eq!(
        info["unused_scripts"],
        json!([
            {"header": "00".repeat(20), "form": skyrim(0x0001_3BBF), "end": null},
            {"header": "00".repeat(20), "end": null}
        ])
    );

    // A package's on-change leftovers with compiled code, and its unknown
    // PFOR.
    let mut pkdt = words(&[0]);
    pkdt.extend([18, 0, 0, 0, 0, 0, 0, 0]);
    let mut psdt = vec![0xFF, 0xFF, 0, 0xFF, 0xFF, 0, 0, 0];
    psdt.extend(words(&[0]));
    let mut pkcu = words(&[0, 0]);
    pkcu.extend(words(&[1]));
    let pack = read_exact(
        &skyrim_copy(
            b"PACK",
            36,
            &[
                (b"EDID", b"OldPackage\0"),
                (b"PKDT", &pkdt),
                (b"PSDT", &psdt),
                (b"PKCU", &pkcu),
                (b"XNAM", &[0]),
                (b"ANAM", b"Procedure\0"),
                (b"CITC", &words(&[0])),
                (b"PRCB", &words(&[0, 0])),
                (b"PNAM", b"Wait\0"),
                (b"PFOR", &[5, 6, 7]),
                (b"POBA", &[]),
                (b"INAM", &words(&[0])),
                (b"POEA", &[]),
                (b"INAM", &words(&[0])),
                (b"POCA", &[]),
                (b"INAM", &words(&[0])),
                (b"SCHR", &[0; 20]),
                (b"SCDA", &[0x1D, 0, 0, 0]),
            ],
        ),
        2,
    );
    assert_eq!(pack["procedure_tree"][0]["pfor"], json!(["050607"]));
    assert_eq!(pack["on_change"]["compiled_script"], "1d000000");

    // A quest log entry's leftover QNAM.
    let mut dnam = vec![0x11, 0, 50, 0];
    dnam.extend(words(&[0, 0]));
    let qust = read_exact(
        &skyrim_copy(
            b"QUST",
            34,
            &[
                (b"EDID", b"OldQuest\0"),
                (b"DNAM", &dnam),
                (b"NEXT", &[]),
                (b"INDX", &[10, 0, 0, 0]),
                (b"QSDT", &[0]),
                (b"SCHR", &[0; 20]),
                (b"SCTX", b"; stage"),
                (b"QNAM", &words(&[0])),
                (b"ANAM", &words(&[0])),
            ],
        ),
        2,
    );
    let entry = &qust["stages"][0]["log_entries"][0];
    assert_eq!(entry["unused_script_source"], "; stage");
    assert_eq!(entry["unused_qnam"], "00000000");
}

#[test]
fn skyrim_worldspace_large_references_and_navigation_islands_read_exactly() {
    // One cell's large references: its grid position, then each reference
    // and the grid position of its own cell.
    let mut rnam = vec![0xFE, 0xFF, 3, 0];
    rnam.extend(words(&[2, 0x0010_0001]));
    rnam.extend([0xFE, 0xFF, 3, 0]);
    rnam.extend(words(&[0x0010_0002]));
    rnam.extend([0xFF, 0xFF, 3, 0]);
    let wrld = read_exact(
        &skyrim_copy(
            b"WRLD",
            44,
            &[
                (b"EDID", b"Tamriel\0"),
                (b"RNAM", &rnam),
                (b"RNAM", &[0, 0, 0, 0, 0, 0, 0, 0]),
                (b"DATA", &[0x40]),
                (b"OFST", &words(&[0, 0x1234])),
            ],
        ),
        1,
    );
    assert_eq!(
        wrld["large_references"],
        json!([
            {"y": -2, "x": 3, "references": [
                {"reference": skyrim(0x0010_0001), "y": -2, "x": 3},
                {"reference": skyrim(0x0010_0002), "y": -1, "x": 3}
            ]},
            {"y": 0, "x": 0, "references": []}
        ])
    );
    assert_eq!(wrld["offset_data"], "0000000034120000");

    let navi = read_exact(
        &skyrim_copy(
            b"NAVI",
            43,
            &[
                (b"NVER", &words(&[12])),
                (b"NVSI", &words(&[0x0010_0010, 0x0010_0011])),
            ],
        ),
        0,
    );
    assert_eq!(
        navi["unknown_nvsi"],
        json!([skyrim(0x0010_0010), skyrim(0x0010_0011)])
    );
}

#[test]
fn skyrim_leftovers_nobody_documents_are_opaque() {
    // Bytes the format keeps from earlier editors, of any size.
    let wthr = read_exact(
        &skyrim_copy(
            b"WTHR",
            43,
            &[
                (b"EDID", b"SkyrimClear\0"),
                (b"DNAM", b"Sky\\Clouds.dds\0"),
                (b"CNAM", b"\0"),
                (b"ANAM", &[1, 2]),
                (b"BNAM", &[]),
                (b"ONAM", &[0; 4]),
                (b"NAM2", &[0; 8]),
                (b"NAM3", &[0; 3]),
            ],
        ),
        7,
    );
    assert_eq!(wthr["unused_anam"], "0102");
    let watr = read_exact(
        &skyrim_copy(
            b"WATR",
            43,
            &[(b"EDID", b"DefaultWater\0"), (b"MNAM", &[0; 5])],
        ),
        1,
    );
    assert_eq!(watr["unused_mnam"], "0000000000");
    let soun = read_exact(
        &skyrim_copy(
            b"SOUN",
            40,
            &[
                (b"EDID", b"AMBRiver\0"),
                (b"OBND", &[0; 12]),
                (b"SNDD", &[0; 36]),
                (b"SDSC", &words(&[0x0001_2346])),
            ],
        ),
        1,
    );
    assert_eq!(soun["sound_descriptor"], skyrim(0x0001_2346));
    read_exact(
        &skyrim_copy(
            b"SOPM",
            43,
            &[
                (b"EDID", b"SOMMono\0"),
                (b"FNAM", &[0; 4]),
                (b"MNAM", &words(&[1])),
                (b"CNAM", &[0; 4]),
                (b"SNAM", &[0; 16]),
            ],
        ),
        3,
    );
    read_exact(
        &skyrim_copy(
            b"CSTY",
            43,
            &[(b"EDID", b"csHumanMelee\0"), (b"CSMD", &[0; 8])],
        ),
        1,
    );
    let navm = read_exact(
        &skyrim_copy(
            b"NAVM",
            43,
            &[
                (b"ONAM", &[1, 2, 3]),
                (b"PNAM", &[4; 6]),
                (b"NNAM", &[5; 2]),
            ],
        ),
        3,
    );
    assert_eq!(navm["unknown_onam"], "010203");
    let mato = read_exact(
        &skyrim_copy(
            b"MATO",
            43,
            &[
                (b"EDID", b"SnowMaterial\0"),
                (b"DNAM", &[0; 12]),
                (b"DNAM", &[1; 3]),
                (b"DATA", &floats(&[0.4, 0.5, 1.0, 1.0, 0.0, 0.0, 1.0, 1.0])),
            ],
        ),
        2,
    );
    assert_eq!(mato["property_data"][1], "010101");
    read_exact(
        &skyrim_copy(
            b"LAND",
            43,
            &[(b"DATA", &words(&[0x400])), (b"MPCD", &[0; 10])],
        ),
        1,
    );
}

#[test]
fn skyrim_image_space_leftover_reads_by_its_shape() {
    // Form versions 15 to 19: ten values.
    let values = [1.0, 0.5, 0.25, 2.0, 0.75, 1.5, 3.0, 1.0, 1.0, 1.0];
    let imgs = read_exact(
        &skyrim_copy(
            b"IMGS",
            17,
            &[(b"EDID", b"OldImageSpace\0"), (b"ENAM", &floats(&values))],
        ),
        0,
    );
    assert_eq!(imgs["unknown_enam"]["bloom_scale"], 2.0);
    assert_eq!(imgs["unknown_enam"]["contrast"], 1.0);
    // Any other shape: bytes nobody has documented.
    let mut longer = floats(&values);
    longer.extend([7, 7, 7, 7, 7, 7]);
    let imgs = read_exact(
        &skyrim_copy(
            b"IMGS",
            19,
            &[(b"EDID", b"OldImageSpace\0"), (b"ENAM", &longer)],
        ),
        1,
    );
    assert!(imgs["unknown_enam"]
        .as_str()
        .unwrap()
        .ends_with("070707070707"));
}

#[test]
fn skyrim_perk_function_data_under_no_parameter_type_is_opaque() {
    let perk = read_exact(
        &skyrim_copy(
            b"PERK",
            43,
            &[
                (b"EDID", b"OldPerk\0"),
                (b"DATA", &[0, 1, 1, 1, 0]),
                (b"PRKE", &[2, 0, 0]),
                (b"DATA", &[0, 1, 0]),
                (b"EPFT", &[0]),
                (b"EPFD", &[0, 0, 0x80, 0x3F]),
                (b"PRKF", &[]),
            ],
        ),
        1,
    );
    let effect = &perk["effects"][0];
    assert_eq!(effect["function_parameter_type"], "none");
    assert_eq!(effect["function_data"], "0000803f");
}
