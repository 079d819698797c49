//! `esscribe save ...` on real saves from the corpus (skipped, saying so,
//! when the corpus is absent).

use assert_cmd::prelude::*;
use predicates::prelude::*;
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::Command;

fn saves_dir() -> Option<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/corpus/oblivion-saves");
    if dir.is_dir() {
        Some(dir)
    } else {
        eprintln!("skipping: no save corpus at {}", dir.display());
        None
    }
}

fn esscribe() -> Command {
    Command::new(env!("CARGO_BIN_EXE_esscribe"))
}

fn json_of(cmd: &mut Command) -> Value {
    let out = cmd.assert().success().get_output().stdout.clone();
    serde_json::from_slice(&out).expect("JSON on stdout")
}

#[test]
fn info_names_player_place_plugins_and_counts() {
    let Some(dir) = saves_dir() else { return };
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
fn screenshot_png_holds_the_saved_pixels() {
    let Some(dir) = saves_dir() else { return };
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
fn inventory_lists_the_players_items() {
    let Some(dir) = saves_dir() else { return };
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
fn records_filter_by_type_and_form() {
    let Some(dir) = saves_dir() else { return };
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
fn stats_and_verify_over_the_corpus() {
    let Some(dir) = saves_dir() else { return };
    let save = dir.join("save002.ess");
    let v = json_of(esscribe().args(["save", "stats", "--json"]).arg(&save));
    let refr = &v["change_records"]["REFR"];
    let (count, exact) = (
        refr["count"].as_u64().unwrap(),
        refr["exact"].as_u64().unwrap(),
    );
    assert!(exact * 1000 >= count * 999, "{refr}");
    assert_eq!(
        refr["bytes"].as_u64().unwrap(),
        refr["decoded_bytes"].as_u64().unwrap() + refr["raw_bytes"].as_u64().unwrap()
    );

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
fn edit_writes_a_checked_copy_or_replaces_with_a_backup() {
    let Some(dir) = saves_dir() else { return };
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
