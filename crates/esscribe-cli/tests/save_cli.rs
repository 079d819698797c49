//! `esscribe save ...` on real saves from the corpus.

use assert_cmd::prelude::*;
use predicates::prelude::*;
use serde_json::Value;
use std::path::PathBuf;
use std::process::Command;

#[path = "../../esscribe/tests/common/mod.rs"]
mod common;

fn saves_dir() -> PathBuf {
    common::corpus_dir().join("oblivion-saves")
}

fn esscribe() -> Command {
    Command::new(env!("CARGO_BIN_EXE_esscribe"))
}

fn json_of(cmd: &mut Command) -> Value {
    let out = cmd.assert().success().get_output().stdout.clone();
    serde_json::from_slice(&out).expect("JSON on stdout")
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn info_names_player_place_plugins_and_counts() {
    let dir = saves_dir();
    let v = json_of(
        esscribe()
            .args(["save", "info", "--json"])
            .arg(dir.join("save002.ess")),
    );
    assert_eq!(v["player"]["name"], "Onkel Morph");
    assert_eq!(v["player"]["level"], 1);
    assert_eq!(
        v["player"]["location"],
        "Seitliche Höhle - Verschollener Abagarlas"
    );
    assert_eq!(v["plugins"][0], "Oblivion.esm");
    assert_eq!(v["change_records"]["REFR"], 1114);
    assert_eq!(v["change_records"]["ACHR"], 2004);

    esscribe()
        .args(["save", "info"])
        .arg(dir.join("save002.ess"))
        .assert()
        .success()
        .stdout(predicate::str::contains("Onkel Morph, level 1"));
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn screenshot_png_holds_the_saved_pixels() {
    let dir = saves_dir();
    let tmp = tempfile::tempdir().unwrap();
    let png_path = tmp.path().join("shot.png");
    let save_path = dir.join("save002.ess");
    esscribe()
        .args(["save", "screenshot"])
        .arg(&save_path)
        .arg("-o")
        .arg(&png_path)
        .assert()
        .success();
    let data = std::fs::read(&save_path).unwrap();
    let save = esscribe::save::SaveFile::parse(&data).unwrap();
    let shot = &save.header.screenshot;
    let decoder = png::Decoder::new(std::io::BufReader::new(
        std::fs::File::open(&png_path).unwrap(),
    ));
    let mut reader = decoder.read_info().unwrap();
    let mut buf = vec![0; reader.output_buffer_size().unwrap()];
    let frame = reader.next_frame(&mut buf).unwrap();
    assert_eq!((frame.width, frame.height), (shot.width, shot.height));
    assert_eq!(frame.color_type, png::ColorType::Rgb);
    assert_eq!(&buf[..frame.buffer_size()], &shot.rgb[..]);
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn inventory_lists_the_players_items() {
    let dir = saves_dir();
    let v = json_of(
        esscribe()
            .args(["save", "inventory", "--json"])
            .arg(dir.join("save002.ess")),
    );
    let items = v.as_array().unwrap();
    let item = items
        .iter()
        .find(|i| i["form_id"] == "0x0002EE72")
        .expect("item 0x0002EE72");
    assert_eq!(item["count"], 17);
    assert_eq!(item["plugin"], "Oblivion.esm");
    assert!(items.iter().all(|i| i["form_id"].is_string()));
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn records_filter_by_type_and_form() {
    let dir = saves_dir();
    let save = dir.join("save002.ess");
    let v = json_of(
        esscribe()
            .args(["save", "records", "--json", "--form", "0x14"])
            .arg(&save),
    );
    let recs = v.as_array().unwrap();
    assert!(!recs.is_empty());
    assert!(recs.iter().any(|r| r["type"] == "ACHR"));
    let v = json_of(
        esscribe()
            .args(["save", "records", "--json", "--type", "REFR"])
            .arg(&save),
    );
    let recs = v.as_array().unwrap();
    assert_eq!(recs.len(), 1114);
    assert!(recs.iter().all(|r| r["type"] == "REFR"));
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn stats_and_verify_over_the_corpus() {
    let dir = saves_dir();
    let save = dir.join("save002.ess");
    let v = json_of(esscribe().args(["save", "stats", "--json"]).arg(&save));
    let refr = &v["change_records"]["REFR"];
    let (count, exact) = (
        refr["count"].as_u64().unwrap(),
        refr["exact"].as_u64().unwrap(),
    );
    assert!(exact * 1000 >= count * 999, "{refr}");
    let (bytes, decoded) = (
        refr["bytes"].as_u64().unwrap(),
        refr["decoded_bytes"].as_u64().unwrap(),
    );
    assert!(decoded * 100 >= bytes * 99, "{refr}");
    // Actor bases, cells and quests decode to their last byte.
    for kind in ["NPC_", "CELL", "QUST", "FACT", "CREA"] {
        let t = &v["change_records"][kind];
        assert_eq!(t["raw_bytes"], 0, "{kind}: {t}");
        assert_eq!(t["decoded_bytes"], t["bytes"], "{kind}: {t}");
    }
    assert_eq!(v["change_records"]["NPC_"]["bytes"], 78882);

    esscribe()
        .args(["save", "verify"])
        .arg(&save)
        .assert()
        .success()
        .stdout(predicate::str::contains("identical"))
        .stdout(predicate::str::contains("1 of 1 saves identical"));

    // A cut copy fails, naming an offset, and the exit status says so.
    let tmp = tempfile::tempdir().unwrap();
    let cut = tmp.path().join("cut.ess");
    let data = std::fs::read(&save).unwrap();
    std::fs::write(&cut, &data[..data.len() / 2]).unwrap();
    esscribe()
        .args(["save", "verify"])
        .arg(&save)
        .arg(&cut)
        .assert()
        .failure()
        .stdout(predicate::str::contains("1 of 2 saves identical"))
        .stdout(predicate::str::contains("offset"));
    esscribe()
        .args(["save", "info"])
        .arg(&cut)
        .assert()
        .failure()
        .stderr(predicate::str::contains("offset"));
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn edit_writes_a_checked_copy_or_replaces_with_a_backup() {
    let dir = saves_dir();
    let tmp = tempfile::tempdir().unwrap();
    let src = tmp.path().join("s.ess");
    let original = std::fs::read(dir.join("save002.ess")).unwrap();
    std::fs::write(&src, &original).unwrap();
    let out = tmp.path().join("out.ess");
    esscribe()
        .args(["save", "edit"])
        .arg(&src)
        .args(["--item", "0x0002EE72", "--count", "99", "-o"])
        .arg(&out)
        .assert()
        .success();
    assert_eq!(std::fs::read(&src).unwrap(), original);
    let v = json_of(esscribe().args(["save", "inventory", "--json"]).arg(&out));
    let item = v
        .as_array()
        .unwrap()
        .iter()
        .find(|i| i["form_id"] == "0x0002EE72")
        .unwrap()
        .clone();
    assert_eq!(item["count"], 99);

    esscribe()
        .args(["save", "edit"])
        .arg(&src)
        .arg("--position=-1.5,2,3")
        .assert()
        .success();
    assert_eq!(
        std::fs::read(tmp.path().join("s.ess.bak")).unwrap(),
        original
    );
    let data = std::fs::read(&src).unwrap();
    let save = esscribe::save::SaveFile::parse(&data).unwrap();
    assert_eq!(save.global.player_position, [-1.5, 2.0, 3.0]);

    esscribe()
        .args(["save", "edit"])
        .arg(&src)
        .args(["--scale", "2"])
        .assert()
        .failure()
        .stderr(predicate::str::contains("stores no scale"));
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn inventory_of_another_reference() {
    let v = json_of(
        esscribe()
            .args(["save", "inventory", "--json", "--ref", "0x0001C4B9"])
            .arg(saves_dir().join("save002.ess")),
    );
    // This NPC carries six pieces of gold.
    let items = v.as_array().unwrap();
    assert_eq!(items.len(), 1, "{v}");
    assert_eq!(items[0]["form_id"], "0x0000000F");
    assert_eq!(items[0]["plugin"], "Oblivion.esm");
    assert_eq!(items[0]["count"], 6);
}

/// The scale part of a change record, as `save records --json` shows it.
fn scale_of(save: &std::path::Path, form: &str) -> Value {
    let v = json_of(
        esscribe()
            .args(["save", "records", "--json", "--form", form])
            .arg(save),
    );
    v[0]["data"]["parts"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["part"] == "scale")
        .map(|p| p["scale"].clone())
        .unwrap_or(Value::Null)
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn edit_sets_the_scale_of_a_reference_that_stores_one() {
    let src = saves_dir().join("save002.ess");
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("scaled.ess");
    // A reference created in the save, stored with scale 1.
    assert_eq!(scale_of(&src, "0xFF000830"), 1.0);
    esscribe()
        .args([
            "save",
            "edit",
            "--ref",
            "0xFF000830",
            "--scale",
            "2.5",
            "-o",
        ])
        .arg(&out)
        .arg(&src)
        .assert()
        .success();
    assert_eq!(scale_of(&out, "0xFF000830"), 2.5);
    // Only the four bytes of the scale differ.
    let (a, b) = (std::fs::read(&src).unwrap(), std::fs::read(&out).unwrap());
    assert_eq!(a.len(), b.len());
    let changed: Vec<usize> = (0..a.len()).filter(|&i| a[i] != b[i]).collect();
    assert!(
        !changed.is_empty() && changed.len() <= 4 && changed[changed.len() - 1] - changed[0] < 4,
        "{changed:?}"
    );
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn player_shows_level_stats_spells_and_factions() {
    let save = saves_dir().join("save100.ess");
    let v = json_of(esscribe().args(["save", "player", "--json"]).arg(&save));
    assert_eq!(v["name"], "Onkel Morph");
    assert_eq!(v["base_data"]["level"], 23);
    assert_eq!(v["race"], "0x000223C8");
    assert_eq!(v["attributes"][0]["base"], 48.0);
    assert_eq!(v["skills"][16]["name"], "Marksman");
    assert_eq!(v["skills"][16]["base"], 100.0);
    assert_eq!(v["factions"].as_array().unwrap().len(), 9);
    esscribe()
        .args(["save", "player"])
        .arg(&save)
        .assert()
        .success()
        .stdout(predicate::str::contains("Onkel Morph, level 23"))
        .stdout(predicate::str::contains(
            "0x0002F872 (Oblivion.esm)  rank 5",
        ));
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn diff_reports_changes_between_saves_and_nothing_for_the_same_save() {
    let dir = saves_dir();
    let out = esscribe()
        .args(["save", "diff", "--json"])
        .arg(dir.join("save080.ess"))
        .arg(dir.join("save100.ess"))
        .assert()
        .code(1)
        .get_output()
        .stdout
        .clone();
    let v: Value = serde_json::from_slice(&out).unwrap();
    let level = v["player"]
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["field"] == "level")
        .unwrap();
    assert_eq!((&level["old"], &level["new"]), (&"21".into(), &"23".into()));
    let gold = v["inventory"]
        .as_array()
        .unwrap()
        .iter()
        .find(|i| i["item"] == "0x0000000F")
        .unwrap();
    assert_eq!(
        (gold["old"].as_i64(), gold["new"].as_i64()),
        (Some(25558), Some(4845))
    );
    esscribe()
        .args(["save", "diff"])
        .arg(dir.join("save080.ess"))
        .arg(dir.join("save100.ess"))
        .assert()
        .code(1)
        .stdout(predicate::str::contains("level: 21 → 23"))
        .stdout(predicate::str::contains(
            "position: 9669, -1471, 6778 → 2122, 206, -88",
        ));
    esscribe()
        .args(["save", "diff"])
        .arg(dir.join("save010.ess"))
        .arg(dir.join("save010.ess"))
        .assert()
        .success()
        .stdout(predicate::str::contains("no differences"));
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn masters_clean_and_edit_of_the_player() {
    let tmp = tempfile::tempdir().unwrap();
    let save = tmp.path().join("save002.ess");
    std::fs::copy(saves_dir().join("save002.ess"), &save).unwrap();
    let original = std::fs::read(&save).unwrap();
    esscribe()
        .args(["save", "masters"])
        .arg(&save)
        .assert()
        .success()
        .stdout(predicate::str::contains("02 Knights.esp"));
    // A clean save: reported, and --remove writes nothing.
    esscribe()
        .args(["save", "clean", "--remove"])
        .arg(&save)
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "0 created records nothing refers to",
        ));
    assert!(std::fs::read(&save).unwrap() == original);
    assert!(!tmp.path().join("save002.ess.bak").exists());

    let renamed = tmp.path().join("renamed.ess");
    esscribe()
        .args([
            "save",
            "masters",
            "--rename",
            "Knights.esp=Merged.esp",
            "-o",
        ])
        .arg(&renamed)
        .arg(&save)
        .assert()
        .success();
    let v = json_of(esscribe().args(["save", "info", "--json"]).arg(&renamed));
    assert_eq!(v["plugins"][2], "Merged.esp");

    let edited = tmp.path().join("edited.ess");
    esscribe()
        .args([
            "save",
            "edit",
            "--name",
            "Jörg",
            "--skill",
            "Marksman=77",
            "--attribute",
            "Strength=55",
            "--item",
            "0x000229C0",
            "--count",
            "3",
            "-o",
        ])
        .arg(&edited)
        .arg(&save)
        .assert()
        .success()
        .stderr(predicate::str::contains("0x000229C0 added with count 3"));
    let v = json_of(esscribe().args(["save", "player", "--json"]).arg(&edited));
    assert_eq!(v["name"], "Jörg");
    assert_eq!(v["attributes"][0]["base"], 55.0);
    assert_eq!(v["skills"][16]["base"], 77.0);
    let v = json_of(
        esscribe()
            .args(["save", "inventory", "--json"])
            .arg(&edited),
    );
    let last = v.as_array().unwrap().last().unwrap().clone();
    assert_eq!(
        (&last["form_id"], &last["count"]),
        (&"0x000229C0".into(), &3.into())
    );
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn player_names_its_factions_from_the_plugins_in_data() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("Oblivion.esm"),
        common::oblivion_esm_with("FACT", "0x0002F872"),
    )
    .unwrap();
    let save = common::path("oblivion-saves/save100.ess");
    let out = Command::cargo_bin("esscribe")
        .unwrap()
        .args(["save", "player"])
        .arg(&save)
        .arg("--data")
        .arg(dir.path())
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    let line = text
        .lines()
        .find(|l| l.contains("0002F872"))
        .unwrap_or_else(|| panic!("{text}"));
    assert!(line.starts_with("    "), "{line}");
    assert!(
        line.ends_with("[FACT:0002F872 Oblivion.esm]  rank 5"),
        "{line}"
    );
    // Without the folder, the form ID with its plugin.
    let out = Command::cargo_bin("esscribe")
        .unwrap()
        .args(["save", "player"])
        .arg(&save)
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("    0x0002F872 (Oblivion.esm)  rank 5"),
        "{text}"
    );
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn set_changes_a_change_record_s_part_by_path() {
    let dir = tempfile::tempdir().unwrap();
    let src = saves_dir().join("save002.ess");
    let out = dir.path().join("moved.ess");
    esscribe()
        .arg("set")
        .arg(&src)
        .args(["0x00000014:ACHR", "moved.position.z=120", "-o"])
        .arg(&out)
        .assert()
        .success()
        .stderr(predicate::str::contains("ACHR 0x00000014: 1 changed"));
    // Only the four bytes of the f32 changed.
    let (before, after) = (std::fs::read(&src).unwrap(), std::fs::read(&out).unwrap());
    assert_eq!(before.len(), after.len());
    let diff: Vec<usize> = (0..before.len())
        .filter(|&i| before[i] != after[i])
        .collect();
    assert!(diff.last().unwrap() - diff[0] < 4, "{diff:?}");
    let starts = diff.last().unwrap().saturating_sub(3)..=diff[0];
    assert!(
        starts
            .into_iter()
            .any(|s| after[s..s + 4] == 120f32.to_le_bytes()),
        "{diff:?}"
    );
    let v = json_of(
        esscribe()
            .args([
                "save",
                "records",
                "--json",
                "--form",
                "0x00000014",
                "--type",
                "ACHR",
            ])
            .arg(&out),
    );
    assert_eq!(v[0]["data"]["parts"][0]["placement"]["position"][2], 120.0);
    // The fields as `set` reads them, irefs named by their form IDs.
    let v = json_of(
        esscribe()
            .args([
                "save",
                "records",
                "--fields",
                "--form",
                "0x00000014",
                "--type",
                "ACHR",
            ])
            .arg(&out),
    );
    assert_eq!(v[0]["fields"]["moved"]["position"]["z"], 120.0);
    assert_eq!(v[0]["fields"]["moved"]["cell"], "0x000C6574 (Oblivion.esm)");
    assert_eq!(
        v[0]["kept_as_bytes"],
        serde_json::json!(["remainder", "player_looks", "player_name", "remainder#2"])
    );
    let skyrim = &common::saves_of(esscribe::plugin::Game::Skyrim)[0];
    esscribe()
        .args(["save", "records", "--fields"])
        .arg(skyrim)
        .assert()
        .failure()
        .stderr(predicate::str::contains(
            "only an Oblivion save's change records",
        ));

    // Refused: the temporary attribute changes are 219 floats; nothing is
    // written.
    let refused = dir.path().join("refused.ess");
    esscribe()
        .arg("set")
        .arg(&src)
        .args(["0x00000014:ACHR", "--remove", "temp_attributes.3", "-o"])
        .arg(&refused)
        .assert()
        .failure()
        .stderr(predicate::str::contains("would not read back as set"));
    assert!(!refused.exists());
    // Mistakes, named as such.
    esscribe()
        .arg("set")
        .arg(&src)
        .args(["0x00000014:ACHX", "scale=2", "-o"])
        .arg(&refused)
        .assert()
        .failure()
        .stderr(predicate::str::contains(
            "\"ACHX\" is not a change-record type",
        ));
    esscribe()
        .arg("set")
        .arg(&src)
        .args(["0x00000014:ACHR", "scale=2", "-o"])
        .arg(&refused)
        .assert()
        .failure()
        .stderr(predicate::str::contains("no field \"scale\""));
    assert!(!refused.exists());
}
