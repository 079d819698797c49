//! `esscribe save ...` on the corpus' Skyrim saves, LE and SE.

use assert_cmd::prelude::*;
use predicates::prelude::*;
use serde_json::Value;
use std::path::PathBuf;
use std::process::Command;

#[path = "../../esscribe/tests/common/mod.rs"]
mod common;
mod serve_support;

fn esscribe() -> Command {
    Command::new(env!("CARGO_BIN_EXE_esscribe"))
}

fn json_of(cmd: &mut Command) -> Value {
    let out = cmd.assert().success().get_output().stdout.clone();
    serde_json::from_slice(&out).expect("JSON on stdout")
}

fn save(name: &str) -> PathBuf {
    common::path(&format!("skyrim-saves/{name}"))
}

fn skyrim_saves() -> Vec<PathBuf> {
    common::saves_of(esscribe::plugin::Game::Skyrim)
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn info_shows_player_place_and_plugin_lists() {
    let v = json_of(
        esscribe()
            .args(["save", "info", "--json"])
            .arg(save("arcanaeum-se.ess")),
    );
    assert_eq!(v["game"], "Skyrim SE");
    assert_eq!(v["player"]["name"], "Aluna Messana");
    assert_eq!(v["player"]["level"], 1);
    assert_eq!(v["player"]["location"], "Old Hroldan Inn");
    assert_eq!(v["player"]["race"], "RedguardRace");
    assert_eq!(v["compression"], "lz4");
    assert_eq!(v["plugins"].as_array().unwrap().len(), 13);
    assert_eq!(v["light_plugins"][2], "ccBGSSSE037-Curios.esl");
    assert_eq!(v["change_records"]["REFR"], 6684);

    let v = json_of(
        esscribe()
            .args(["save", "info", "--json"])
            .arg(save("enderal-lightly-modded-2.ess")),
    );
    assert_eq!(v["game"], "Skyrim LE");
    assert_eq!(v["player"]["location"], "Old Dothûlgrad, Depths");
    assert_eq!(v["game_date"], "030.53.56");
    // The same bytes read as another code page give other text.
    let v = json_of(
        esscribe()
            .args(["save", "--encoding", "windows-1251", "info", "--json"])
            .arg(save("enderal-lightly-modded-2.ess")),
    );
    assert_eq!(v["player"]["location"], "Old Dothыlgrad, Depths");
    esscribe()
        .args(["save", "--encoding", "klingon", "info"])
        .arg(save("enderal-lightly-modded-2.ess"))
        .assert()
        .failure()
        .stderr(predicate::str::contains("not a code page name"));
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn every_skyrim_save_verifies_and_lists_its_masters() {
    for path in skyrim_saves() {
        esscribe()
            .args(["save", "verify", "--deep"])
            .arg(&path)
            .assert()
            .success()
            .stdout(predicate::str::contains("identical"));
        let v = json_of(esscribe().args(["save", "masters", "--json"]).arg(&path));
        assert_eq!(v["plugins"][0]["name"], "Skyrim.esm", "{}", path.display());
        // As many as cleaning finds: a save of the corpus may hold some.
        let data = std::fs::read(&path).unwrap();
        let parsed = esscribe::save::skyrim::SkyrimSave::parse(&data).unwrap();
        let orphans = esscribe::save::skyrim::clean::find(&parsed, None)
            .change_forms_of_missing_plugins
            .len();
        assert_eq!(
            v["change_records_of_missing_plugins"],
            orphans,
            "{}",
            path.display()
        );
        let stats = json_of(esscribe().args(["save", "stats", "--json"]).arg(&path));
        assert!(stats["change_records"]["REFR"]["count"].as_u64().unwrap() > 0);
    }
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn diff_of_two_consecutive_saves_shows_level_place_and_progress() {
    let v = esscribe()
        .args(["save", "diff", "--json"])
        .arg(save("enderal-lightly-modded-1.ess"))
        .arg(save("enderal-lightly-modded-2.ess"))
        .assert()
        .code(1)
        .get_output()
        .stdout
        .clone();
    let d: Value = serde_json::from_slice(&v).unwrap();
    let field = |name: &str| {
        d["player"]
            .as_array()
            .unwrap()
            .iter()
            .find(|f| f["field"] == name)
            .map(|f| {
                (
                    f["old"].as_str().unwrap().to_string(),
                    f["new"].as_str().unwrap().to_string(),
                )
            })
    };
    assert_eq!(field("level"), Some(("8".into(), "16".into())));
    assert_eq!(
        field("location"),
        Some(("Heartland".into(), "Old Dothûlgrad, Depths".into()))
    );
    let stat = |name: &str| {
        d["misc_stats"]
            .as_array()
            .unwrap()
            .iter()
            .find(|s| s["name"] == name)
            .map(|s| (s["old"].as_i64().unwrap(), s["new"].as_i64().unwrap()))
    };
    assert_eq!(stat("Gold Found"), Some((1743, 5770)));
    assert_eq!(stat("Locations Discovered"), Some((27, 64)));
    assert!(d["plugins_added"].as_array().unwrap().is_empty());
    // A save compared with itself: no differences, exit 0.
    esscribe()
        .args(["save", "diff"])
        .arg(save("enderal-lightly-modded-1.ess"))
        .arg(save("enderal-lightly-modded-1.ess"))
        .assert()
        .success()
        .stdout(predicate::str::contains("no differences"));
    // Saves of two games are not compared.
    esscribe()
        .args(["save", "diff"])
        .arg(save("enderal-lightly-modded-1.ess"))
        .arg(common::path("oblivion-saves/save002.ess"))
        .assert()
        .failure()
        .stderr(predicate::str::contains("different games"));
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn screenshot_is_rgb_in_le_and_rgba_in_se() {
    let tmp = tempfile::tempdir().unwrap();
    for (name, color) in [
        ("arcanaeum-se.ess", png::ColorType::Rgba),
        ("enderal-lightly-modded-0.ess", png::ColorType::Rgb),
    ] {
        let out = tmp.path().join(format!("{name}.png"));
        esscribe()
            .args(["save", "screenshot"])
            .arg(save(name))
            .arg("-o")
            .arg(&out)
            .assert()
            .success();
        let data = std::fs::read(save(name)).unwrap();
        let parsed = esscribe::save::skyrim::SkyrimSave::parse(&data).unwrap();
        let decoder =
            png::Decoder::new(std::io::BufReader::new(std::fs::File::open(&out).unwrap()));
        let mut reader = decoder.read_info().unwrap();
        let mut buf = vec![0; reader.output_buffer_size().unwrap()];
        let frame = reader.next_frame(&mut buf).unwrap();
        assert_eq!((frame.width, frame.height), (320, 192));
        assert_eq!(frame.color_type, color);
        assert_eq!(&buf[..frame.buffer_size()], &parsed.screenshot[..]);
    }
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn player_records_uses_and_clean() {
    let v = json_of(
        esscribe()
            .args(["save", "player", "--json"])
            .arg(save("enderal-lightly-modded-1.ess")),
    );
    assert_eq!(v["name"], "Aelya");
    assert_eq!(v["level"], 8);
    assert_eq!(v["gender"], "female");
    let v = json_of(
        esscribe()
            .args(["save", "player", "--json"])
            .arg(save("enderal-lightly-modded-3.ess")),
    );
    assert_eq!(v["shouts"].as_array().unwrap().len(), 7);
    assert_eq!(v["spells"][0], "0x0001DA25 (Skyrim.esm)");
    assert_eq!(v["base_skills"]["Archery"], 15);
    assert_eq!(v["cell_grid"], serde_json::json!([-27, 8]));
    esscribe()
        .args(["save", "records", "--type", "QUST"])
        .arg(save("enderal-lightly-modded-0.ess"))
        .assert()
        .success()
        .stderr(predicate::str::contains("64 change forms"));
    let u = json_of(
        esscribe()
            .args(["save", "uses", "--json"])
            .arg(save("arcanaeum-se.ess"))
            .arg("Alternate Start - Live Another Life.esp"),
    );
    assert_eq!(u["change_records"], 117);
    assert_eq!(u["script_instances"].as_array().unwrap().len(), 264);
    // A save without bloat: --remove writes an identical copy.
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("clean.ess");
    esscribe()
        .args(["save", "clean", "--remove", "-o"])
        .arg(&out)
        .arg(save("enderal-lightly-modded-0.ess"))
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "0 script instances attached to nothing",
        ));
    assert!(
        std::fs::read(&out).unwrap()
            == std::fs::read(save("enderal-lightly-modded-0.ess")).unwrap()
    );
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn textconv_gives_a_summary_and_a_line_per_change_form() {
    for path in skyrim_saves() {
        let out = esscribe()
            .arg("textconv")
            .arg(&path)
            .assert()
            .success()
            .get_output()
            .stdout
            .clone();
        let text = String::from_utf8(out).unwrap();
        let data = std::fs::read(&path).unwrap();
        let save = esscribe::save::skyrim::SkyrimSave::parse(&data).unwrap();
        assert!(text.starts_with("save\n{"), "{}", path.display());
        assert_eq!(
            text.lines()
                .filter(|l| l.starts_with("change form "))
                .count(),
            save.change_forms.len(),
            "{}",
            path.display()
        );
    }
}

/// The workbench serves each Skyrim save with what `save info` reads from
/// it, its plugins marked as served or not, and its screenshot.
#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn the_workbench_shows_every_skyrim_save() {
    for path in skyrim_saves() {
        let info = json_of(esscribe().args(["save", "info", "--json"]).arg(&path));
        let server = serve_support::Server::start(&[path.as_path()]);
        let (status, body) = server.get("/api/save/0");
        assert_eq!(status, 200, "{}", path.display());
        let page: Value = serde_json::from_slice(&body).unwrap();
        for key in [
            "game",
            "player",
            "game_date",
            "save_number",
            "change_records",
        ] {
            assert_eq!(page[key], info[key], "{}: {key}", path.display());
        }
        let names = |v: &Value| -> Vec<Value> {
            v.as_array()
                .unwrap()
                .iter()
                .map(|p| {
                    assert_eq!(p["served"], false, "{}", path.display());
                    p["name"].clone()
                })
                .collect()
        };
        assert_eq!(
            names(&page["plugins"]),
            *info["plugins"].as_array().unwrap()
        );
        assert_eq!(
            names(&page["light_plugins"]),
            *info["light_plugins"].as_array().unwrap()
        );
        assert!(page["papyrus"]["instances"].as_u64().is_some(), "{page}");
        let (status, png) = server.get("/api/save/0/screenshot.png");
        assert_eq!(status, 200);
        assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
        let size = |at: usize| u32::from_be_bytes(png[at..at + 4].try_into().unwrap());
        assert_eq!(
            size(16),
            info["screenshot"]["width"].as_u64().unwrap() as u32
        );
        assert_eq!(
            size(20),
            info["screenshot"]["height"].as_u64().unwrap() as u32
        );
    }
    // Exact values of one save, and a plugin of its list marked as served:
    // a real plugin under the name of one the save lists.
    let dir = tempfile::tempdir().unwrap();
    let update = dir.path().join("Update.esm");
    std::fs::copy(common::path("skyrim-plugins/Campfire.esm"), &update).unwrap();
    let server =
        serve_support::Server::start(&[save("arcanaeum-se.ess").as_path(), update.as_path()]);
    let (_, body) = server.get("/api/save/0");
    let page: Value = serde_json::from_slice(&body).unwrap();
    assert_eq!(page["player"]["name"], "Aluna Messana");
    assert_eq!(page["papyrus"]["instances"], 41_741, "{}", page["papyrus"]);
    assert_eq!(page["papyrus"]["active_scripts"], 21);
    assert_eq!(page["light_plugins"][2]["name"], "ccBGSSSE037-Curios.esl");
    let served: Vec<&Value> = page["plugins"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|p| p["served"] == true)
        .map(|p| &p["name"])
        .collect();
    assert_eq!(served, ["Update.esm"]);
}
