//! Oblivion subrecords and layouts that real plugins hold (copies of the
//! game's own worldspaces and references, scripts and waters written by
//! older versions of the editor, path grids), read from records made of
//! their exact bytes: exact values, every subrecord read by its
//! declaration and none raw, every form ID found, and the very bytes back
//! through JSON and the text tree.

mod copies;

use copies::*;
use esscribe::masters::form_id_uses;
use esscribe::plugin::Plugin;
use serde_json::json;

const POSITION: [f32; 6] = [1024.0, -512.0, 64.0, 0.0, 0.0, 1.5];

#[test]
fn oblivion_worldspace_offsets_read_as_bytes_by_design() {
    let wrld = read_exact(
        &oblivion_copy(
            b"WRLD",
            &[
                (b"EDID", b"Tamriel\0"),
                (b"DATA", &[0x00]),
                (b"OFST", &words(&[0, 0x1234, 0x5678, 0])),
            ],
        ),
        1,
    );
    assert_eq!(
        wrld,
        json!({
            "editor_id": "Tamriel",
            "flags": [],
            "offset_data": "00000000341200007856000000000000"
        })
    );
}

#[test]
fn oblivion_ragdoll_poses_of_references_read_as_bytes_by_design() {
    let pose = [0x11u8; 28];
    let mut data = floats(&POSITION);
    let refr = read_exact(
        &oblivion_copy(
            b"REFR",
            &[
                (b"NAME", &words(&[0x0000_0007])),
                (b"XRGD", &pose),
                (b"DATA", &data),
            ],
        ),
        1,
    );
    assert_eq!(
        refr,
        json!({
            "base": oblivion(7),
            "ragdoll_data": "11".repeat(28),
            "position_rotation": {
                "position_x": 1024.0, "position_y": -512.0, "position_z": 64.0,
                "rotation_x": 0.0, "rotation_y": 0.0, "rotation_z": 1.5
            }
        })
    );
    data = floats(&[1.0, 2.0, 3.0, 0.0, 0.0, 0.0]);
    for sig in [b"ACHR", b"ACRE"] {
        let placed = read_exact(
            &oblivion_copy(
                sig,
                &[
                    (b"NAME", &words(&[0x0002_3456])),
                    (b"XRGD", &pose),
                    (b"DATA", &data),
                ],
            ),
            1,
        );
        assert_eq!(placed["ragdoll_data"], "11".repeat(28));
        assert_eq!(placed["position_rotation"]["position_y"], 2.0);
    }
}

#[test]
fn oblivion_path_grid_points_linked_to_references_read_exactly() {
    let mut pgrp = floats(&[10.0, 20.0, 30.0]);
    pgrp.extend([1, 0, 0, 0]);
    pgrp.extend(floats(&[40.0, 50.0, 60.0]));
    pgrp.extend([1, 0, 0, 0]);
    let mut pgrl = words(&[0x0001_2346]);
    pgrl.extend(words(&[0, 1]));
    let pgrd = read_exact(
        &oblivion_copy(
            b"PGRD",
            &[
                (b"DATA", &2u16.to_le_bytes()),
                (b"PGRP", &pgrp),
                (b"PGRR", &[1, 0, 0, 0]),
                (b"PGRL", &pgrl),
                (b"PGRL", &words(&[0x0001_2347, 1])),
            ],
        ),
        0,
    );
    assert_eq!(
        pgrd["point_to_reference"],
        json!([
            {"reference": oblivion(0x0001_2346), "points": [0, 1]},
            {"reference": oblivion(0x0001_2347), "points": [1]}
        ])
    );
}

/// A script header: reference count, compiled size, variable count, type.
fn script_header(refs: u32, size: u32, vars: u32, kind: u32) -> Vec<u8> {
    let mut out = vec![0; 4];
    out.extend(words(&[refs, size, vars, kind]));
    out
}

#[test]
fn oblivion_older_script_headers_read_exactly() {
    let mut schd = script_header(1, 8, 2, 1);
    schd.extend([0xAB, 0xCD, 0xEF]);
    let scpt = read_exact(
        &oblivion_copy(
            b"SCPT",
            &[
                (b"EDID", b"OldScript\0"),
                (b"SCHD", &schd),
                (b"SCDA", &[0x1D, 0, 0, 0, 0x11, 0x22, 0x33, 0x44]),
                (b"SCTX", b"scn OldScript"),
                (b"SCRO", &words(&[0x0001_4567])),
            ],
        ),
        1,
    );
    assert_eq!(
        scpt["old_header"],
        json!({
            "unused": "00000000",
            "reference_count": 1,
            "compiled_size": 8,
            "variable_count": 2,
            "type": "quest",
            "unknown": [0xAB, 0xCD, 0xEF]
        })
    );
    let info = read_exact(
        &oblivion_copy(
            b"INFO",
            &[
                (b"DATA", &[0, 0]),
                (b"QSTI", &words(&[0x0001_4568])),
                (b"SCHD", &script_header(0, 0, 0, 0)),
                (b"SCTX", b""),
            ],
        ),
        0,
    );
    assert_eq!(
        info["data"],
        json!({"type": "topic", "next_speaker": "target"})
    );
    assert_eq!(
        info["result_script_old_header"],
        json!({
            "unused": "00000000",
            "reference_count": 0,
            "compiled_size": 0,
            "variable_count": 0,
            "type": "object"
        })
    );
    let qust = read_exact(
        &oblivion_copy(
            b"QUST",
            &[
                (b"EDID", b"OldQuest\0"),
                (b"DATA", &[0x01, 50]),
                (b"INDX", &10i16.to_le_bytes()),
                (b"QSDT", &[1]),
                (b"CNAM", b"Done.\0"),
                (b"SCHD", &script_header(1, 0, 0, 0)),
                (b"SCRO", &words(&[0x0001_4569])),
            ],
        ),
        0,
    );
    let entry = &qust["stages"][0]["log_entries"][0];
    assert_eq!(entry["result_script_old_header"]["reference_count"], 1);
    assert_eq!(
        entry["references"][0]["objects"],
        json!([oblivion(0x0001_4569)])
    );
}

/// The floats WATR DATA starts with, then fog far, colors, texture blend.
fn water_surface() -> Vec<u8> {
    let mut out = floats(&[
        0.1, 90.0, 0.5, 1.0, 50.0, 0.5, 0.025, 0.0, 0.0, 27852.8, 163840.0,
    ]);
    out.extend([0, 128, 128, 0, 0, 0, 25, 0, 255, 255, 255, 0, 50, 0, 0, 0]);
    out
}

#[test]
fn oblivion_water_data_of_every_size_reads_exactly() {
    let read = |data: &[u8]| {
        read_exact(
            &oblivion_copy(b"WATR", &[(b"EDID", b"Water\0"), (b"DATA", data)]),
            0,
        )["data"]
            .clone()
    };
    let mut full = water_surface();
    full.extend(floats(&[
        0.1, 0.6, 0.985, 2.0, 0.01, 0.4, 0.6, 0.985, 10.0, 0.05,
    ]));
    full.extend(7u16.to_le_bytes());
    assert_eq!(full.len(), 102);
    let data = read(&full);
    assert_eq!(data["fog_distance_far"], 163840.0);
    assert_eq!(
        data["deep_color"],
        json!({"red": 0, "green": 0, "blue": 25, "unused": "00"})
    );
    assert_eq!(data["texture_blend"], 50);
    assert_eq!(data["displacement_simulator"]["starting_size"], 0.05);
    assert_eq!(data["damage"], 7);

    let mut older = water_surface();
    older.extend(floats(&[0.1, 0.6, 0.985, 2.0, 0.01, 0.4]));
    older.extend([0xEE, 0xFF]);
    assert_eq!(older.len(), 86);
    let data = read(&older);
    assert_eq!(data["rain_simulator"]["dampner"], 2.0);
    assert_eq!(data["displacement_simulator"], json!({"force": 0.4}));
    assert_eq!(data["unknown"], "eeff");
    assert!(data.get("damage").is_none());

    let mut older = water_surface();
    older.extend([0x01, 0x02]);
    assert_eq!(older.len(), 62);
    let data = read(&older);
    assert_eq!(data["reflection_color"]["red"], 255);
    assert_eq!(data["unknown"], "0102");
    assert!(data.get("rain_simulator").is_none());

    let mut older = water_surface()[..40].to_vec();
    older.extend([0x03, 0x04]);
    let data = read(&older);
    assert_eq!(data["fog_distance_near"], 27852.8);
    assert_eq!(data["unknown"], "0304");
    assert!(data.get("fog_distance_far").is_none());

    assert_eq!(read(&[0x05, 0x06]), json!({"unknown": "0506", "_size": 2}));
}

#[test]
fn oblivion_load_screen_at_a_worldspace_reads_exactly() {
    let mut lnam = words(&[0x0000_003C, 0]);
    lnam.extend((-3i16).to_le_bytes());
    lnam.extend(4i16.to_le_bytes());
    let lscr = read_exact(
        &oblivion_copy(
            b"LSCR",
            &[
                (b"EDID", b"LoadTamriel\0"),
                (b"ICON", b"Menus\\Loading\\a.dds\0"),
                (b"LNAM", &lnam),
            ],
        ),
        0,
    );
    assert_eq!(
        lscr["locations"],
        json!([{"direct": oblivion(0x3C), "world": "0x00000000", "grid_y": -3, "grid_x": 4}])
    );
}

/// Magic effect DATA: flags, base cost, associated item, then the rest at
/// its older 36-byte length.
fn effect_data(flags: u32, associated: u32) -> Vec<u8> {
    let mut out = words(&[flags]);
    out.extend(floats(&[12.5]));
    out.extend(words(&[associated, 1, 0xFFFF_FFFF]));
    out.extend([0, 0, 0, 0]);
    out.extend(words(&[0]));
    out.extend(floats(&[1.0]));
    out.extend(words(&[0]));
    out
}

#[test]
fn oblivion_magic_effects_point_to_their_bound_items_and_summons() {
    let read = |code: &[u8], data: &[u8]| {
        read_exact(
            &oblivion_copy(b"MGEF", &[(b"EDID", code), (b"DATA", data)]),
            0,
        )["data"]
            .clone()
    };
    let summon = read(b"Z001\0", &effect_data(1 << 18, 0x0001_2350));
    assert_eq!(summon["flags"], json!(["use_creature"]));
    assert_eq!(summon["base_cost"], 12.5);
    assert_eq!(
        summon["associated_item_or_actor_value"],
        oblivion(0x0001_2350)
    );
    assert_eq!(summon["magic_school"], "conjuration");
    assert_eq!(summon["effect_shader"], "0x00000000");
    assert!(summon.get("enchant_effect").is_none());
    let bound = read(b"BWSW\0", &effect_data(1 << 16, 0x0001_2351));
    assert_eq!(
        bound["associated_item_or_actor_value"],
        oblivion(0x0001_2351)
    );
    let armor = read(b"BACU\0", &effect_data(1 << 17, 0x0001_2352));
    assert_eq!(
        armor["associated_item_or_actor_value"],
        oblivion(0x0001_2352)
    );
    let fortify = read(b"FOAT\0", &effect_data(1 << 20 | 1 << 24, 8));
    assert_eq!(fortify["associated_item_or_actor_value"], 8);
    // The summoned creature is a form ID a change of masters follows; the
    // actor value is not.
    let uses = |data: &[u8]| {
        let bytes = oblivion_copy(b"MGEF", &[(b"EDID", b"Z001\0"), (b"DATA", data)]);
        form_id_uses(&Plugin::parse(&bytes).unwrap())
            .unwrap()
            .uses
            .len()
    };
    assert_eq!(
        uses(&effect_data(1 << 18, 0x0001_2350)),
        uses(&effect_data(1 << 24, 8)) + 1
    );
}
