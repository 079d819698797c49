//! The command-line tool, run as a user runs it.

#[path = "../../esscribe/tests/common/mod.rs"]
mod common;

use assert_cmd::Command;
use predicates::prelude::*;
use std::path::{Path, PathBuf};

fn esscribe() -> Command {
    Command::cargo_bin("esscribe").unwrap()
}

/// Runs the command, which must succeed, and reads its JSON output.
fn json_of(cmd: &mut Command) -> serde_json::Value {
    let out = cmd.output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

fn corpus(rel: &str) -> PathBuf {
    common::path(rel)
}

fn samples() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../samples")
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn info_reports_campfire_real_figures() {
    let file = corpus("skyrim-plugins/Campfire.esm");
    esscribe()
        .arg("info")
        .arg(&file)
        .assert()
        .success()
        .stdout(predicate::str::contains("records:      1,627"))
        .stdout(predicate::str::contains("compressed:   10\n"))
        .stdout(predicate::str::contains("PACK  14\n"))
        .stdout(predicate::str::contains("game:         Skyrim"));
    let v = json_of(esscribe().args(["info", "--json"]).arg(&file));
    assert_eq!(v["records"], 1627);
    assert_eq!(v["compressed_records"], 10);
    assert_eq!(v["by_type"]["PACK"], 14);
    assert_eq!(v["masters"][0], "Skyrim.esm");
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn verify_reports_every_corpus_plugin_identical() {
    let files = common::plugins();
    let out = esscribe().arg("verify").args(&files).assert().success();
    let text = String::from_utf8_lossy(&out.get_output().stdout).into_owned();
    assert_eq!(text.matches(": identical").count(), files.len(), "{text}");
    assert!(text.contains(&format!(
        "{} files: {} identical, 0 different, 0 unreadable",
        files.len(),
        files.len()
    )));
}

#[test]
fn verify_fails_on_a_damaged_file() {
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.esp");
    let mut bytes = std::fs::read(samples().join("sample-oblivion.esp")).unwrap();
    bytes.truncate(bytes.len() - 10);
    std::fs::write(&bad, bytes).unwrap();
    esscribe()
        .arg("verify")
        .arg(&bad)
        .assert()
        .failure()
        .stdout(predicate::str::contains("error:"))
        .stdout(predicate::str::contains("at offset 0x"));
}

#[test]
fn the_sample_plugin_is_what_its_json_builds() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("sample.esp");
    esscribe()
        .arg("build")
        .arg(samples().join("sample-oblivion.json"))
        .arg("-o")
        .arg(&out)
        .assert()
        .success();
    let built = std::fs::read(&out).unwrap();
    let sample_path = samples().join("sample-oblivion.esp");
    if std::env::var_os("ESSCRIBE_UPDATE_SAMPLES").is_some() {
        std::fs::write(&sample_path, &built).unwrap();
    }
    assert_eq!(
        built,
        std::fs::read(sample_path).unwrap(),
        "set ESSCRIBE_UPDATE_SAMPLES=1 to refresh the sample"
    );
}

#[test]
fn build_keeps_a_backup_of_the_file_it_replaces() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("Mod.esp");
    std::fs::write(&out, b"old").unwrap();
    esscribe()
        .arg("build")
        .arg(samples().join("sample-oblivion.json"))
        .arg("-o")
        .arg(&out)
        .assert()
        .success();
    assert_eq!(
        std::fs::read(dir.path().join("Mod.esp.bak")).unwrap(),
        b"old"
    );
}

/// Builds the sample into `out` with the shell's limits set by `limits`
/// (a full disk is a file size limit of zero: every write fails).
#[cfg(unix)]
fn build_limited(limits: &str, out: &Path) -> std::process::Output {
    std::process::Command::new("sh")
        .arg("-c")
        .arg(format!("{limits}; trap '' XFSZ; exec \"$@\""))
        .arg("sh")
        .arg(assert_cmd::cargo::cargo_bin("esscribe"))
        .arg("build")
        .arg(samples().join("sample-oblivion.json"))
        .arg("-o")
        .arg(out)
        .output()
        .unwrap()
}

#[cfg(unix)]
#[test]
fn a_full_disk_leaves_the_file_it_would_replace_untouched() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("Mod.esp");
    std::fs::write(&out, b"old").unwrap();
    let run = build_limited("ulimit -f 0", &out);
    assert!(!run.status.success());
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert!(stderr.contains("cannot write"), "{stderr}");
    assert_eq!(std::fs::read(&out).unwrap(), b"old");
    // No temporary file and no backup left behind.
    assert_eq!(common::listing(dir.path()), ["Mod.esp"]);
}

#[cfg(unix)]
#[test]
fn a_read_only_folder_leaves_the_file_it_would_replace_untouched() {
    use std::os::unix::fs::PermissionsExt;
    use std::os::unix::process::CommandExt;
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("Mod.esp");
    std::fs::write(&out, b"old").unwrap();
    std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o555)).unwrap();
    let mut build = std::process::Command::new(assert_cmd::cargo::cargo_bin("esscribe"));
    build
        .arg("build")
        .arg(samples().join("sample-oblivion.json"))
        .arg("-o")
        .arg(&out);
    // An administrator writes anywhere: run the command as the unprivileged
    // user `nobody` instead.
    if unsafe { libc::geteuid() } == 0 {
        build.uid(65534).gid(65534);
    }
    let run = build.output().unwrap();
    std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o755)).unwrap();
    assert!(!run.status.success());
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert!(stderr.contains("cannot create"), "{stderr}");
    assert_eq!(std::fs::read(&out).unwrap(), b"old");
    assert_eq!(common::listing(dir.path()), ["Mod.esp"]);
}

#[test]
fn a_target_that_cannot_be_replaced_is_left_as_it_was() {
    // A folder where the plugin should go: neither backed up nor replaced.
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("Mod.esp");
    std::fs::create_dir(&out).unwrap();
    std::fs::write(out.join("inside"), b"kept").unwrap();
    esscribe()
        .arg("build")
        .arg(samples().join("sample-oblivion.json"))
        .arg("-o")
        .arg(&out)
        .assert()
        .failure();
    assert_eq!(std::fs::read(out.join("inside")).unwrap(), b"kept");
    assert_eq!(common::listing(dir.path()), ["Mod.esp"]);
}

#[test]
fn dump_filters_by_type_and_form() {
    let sample = samples().join("sample-oblivion.esp");
    esscribe()
        .args(["dump", "--type", "PACK"])
        .arg(&sample)
        .assert()
        .success()
        .stdout(predicate::str::contains("SampleKeeperSleepsAtNight"))
        .stdout(predicate::str::contains("hour: 22\n"))
        // Only PACK records; the plugin's own faction is named where a
        // package refers to it.
        .stdout(predicate::str::contains("\nFACT 0x").not())
        .stdout(predicate::str::contains(
            "[FACT:00000800 sample-oblivion.esp]",
        ));
    let v = json_of(
        esscribe()
            .args(["dump", "--json", "--form", "0x01000802"])
            .arg(&sample),
    );
    let pack = &v["entries"][0]["entries"][0];
    assert_eq!(v["entries"].as_array().unwrap().len(), 1);
    assert_eq!(
        pack["fields"]["schedule"]["day_of_week"],
        "morndas_to_fredas"
    );
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn stats_json_shows_pack_fully_decoded() {
    let file = corpus("oblivion-plugins/OblivionOnline.esp");
    let v = json_of(esscribe().args(["stats", "--json"]).arg(&file));
    assert_eq!(v["by_type"]["PACK"]["records"], 12);
    assert_eq!(v["by_type"]["PACK"]["subrecords"], 60);
    assert_eq!(v["by_type"]["PACK"]["raw_subrecords"], 0);
    assert_eq!(v["by_type"]["FACT"]["raw_subrecords"], 0);
    // Compiled script code is bytes by design: opaque, not raw.
    let scpt = &v["by_type"]["SCPT"];
    assert_eq!(scpt["opaque_subrecords"], 3);
    assert_eq!(scpt["opaque_bytes"], 6963);
    assert_eq!(scpt["raw_subrecords"], 0);
    assert_eq!(scpt["raw_bytes"], 0);
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn errors_go_to_stderr_with_a_failure_status() {
    esscribe()
        .args(["info", "/no/such/file.esp"])
        .assert()
        .failure()
        .stderr(predicate::str::contains("/no/such/file.esp: no such file"));
    let save = corpus("oblivion-saves/save002.ess");
    esscribe()
        .arg("info")
        .arg(save)
        .assert()
        .failure()
        .stderr(predicate::str::contains("save game, not a plugin"));
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn packages_lists_follower_sit_campfire_with_its_schedule_and_location() {
    let file = corpus("skyrim-plugins/Campfire.esm");
    esscribe()
        .arg("packages")
        .arg(&file)
        .assert()
        .success()
        .stdout(predicate::str::contains("(14 packages)"))
        .stdout(predicate::str::is_match(
            r#"_Camp_FollowerSitCampfire +package +any day, any time; near package start, radius 1500; target object id _Camp_CampfireSitMarkerSandbox "Sit Down" \[FURN:00039577 Campfire.esm\]; template \[\?\?019715 Skyrim.esm\]; 2 conditions"#,
        ).unwrap());
    let v = json_of(esscribe().args(["packages", "--json"]).arg(&file));
    let sit = v["packages"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["editor_id"] == "_Camp_FollowerSitCampfire")
        .unwrap();
    assert_eq!(sit["schedule"], "any day, any time");
    assert_eq!(sit["location"], "near package start, radius 1500");
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn lint_is_quiet_on_the_corpus_and_stats_shows_no_raw_pack() {
    let file = corpus("skyrim-plugins/UndeadTrinity_PACKonly.esp");
    esscribe()
        .arg("lint")
        .arg(&file)
        .assert()
        .success()
        .stdout("")
        .stderr(predicate::str::contains("1 file checked, 0 findings"));
    let v = json_of(esscribe().args(["stats", "--json"]).arg(&file));
    assert_eq!(v["by_type"]["PACK"]["records"], 7);
    assert_eq!(v["by_type"]["PACK"]["raw_subrecords"], 0);
}

#[test]
fn diff_shows_an_edited_schedule_field_by_field() {
    let dir = tempfile::tempdir().unwrap();
    let json_path = dir.path().join("edited.json");
    let text = std::fs::read_to_string(samples().join("sample-oblivion.json"))
        .unwrap()
        .replace("\"hour\": 22", "\"hour\": 21");
    std::fs::write(&json_path, text).unwrap();
    let edited = dir.path().join("edited.esp");
    esscribe()
        .arg("build")
        .arg(&json_path)
        .arg("-o")
        .arg(&edited)
        .assert()
        .success();
    esscribe()
        .arg("diff")
        .arg(samples().join("sample-oblivion.esp"))
        .arg(&edited)
        .assert()
        .code(1)
        .stdout(predicate::str::contains(
            "changed PACK 0x01000801 SampleKeeperSleepsAtNight",
        ))
        .stdout(predicate::str::contains("fields.schedule.hour: 22 → 21"));
    esscribe()
        .arg("diff")
        .arg(samples().join("sample-oblivion.esp"))
        .arg(samples().join("sample-oblivion.esp"))
        .assert()
        .success()
        .stdout("");
}

#[test]
fn query_finds_records_by_field() {
    let v = json_of(
        esscribe()
            .args([
                "query",
                "--type",
                "PACK",
                "--where",
                "general.type=wander",
                "--show",
                "schedule.hour",
                "--json",
            ])
            .arg(samples().join("sample-oblivion.esp")),
    );
    assert_eq!(v.as_array().unwrap().len(), 1);
    assert_eq!(v[0]["form_id"], "0x01000802 (sample-oblivion.esp)");
    assert_eq!(v[0]["values"]["schedule.hour"], 8);
    esscribe()
        .args(["query", "--where", "nonsense"])
        .arg(samples().join("sample-oblivion.esp"))
        .assert()
        .failure()
        .stderr(predicate::str::contains("expected PATH=VALUE or PATH~TEXT"));
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn dump_json_then_build_gives_a_real_plugin_back() {
    let src = corpus("skyrim-plugins/Campfire.esm");
    let tmp = tempfile::tempdir().unwrap();
    let json = tmp.path().join("Campfire.json");
    let out = esscribe()
        .args(["dump", "--json"])
        .arg(&src)
        .assert()
        .success();
    std::fs::write(&json, &out.get_output().stdout).unwrap();
    let rebuilt = tmp.path().join("Campfire.esm");
    esscribe()
        .arg("build")
        .arg(&json)
        .arg("-o")
        .arg(&rebuilt)
        .assert()
        .success();
    assert!(std::fs::read(&rebuilt).unwrap() == std::fs::read(&src).unwrap());
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn the_game_can_be_forced() {
    let skyrim = corpus("skyrim-plugins/Campfire.esm");
    let told = json_of(esscribe().args(["info", "--json"]).arg(&skyrim));
    let forced = json_of(
        esscribe()
            .args(["info", "--json", "--game", "skyrim"])
            .arg(&skyrim),
    );
    assert_eq!(told, forced);
    assert_eq!(forced["game"], "skyrim");
    // Read with Oblivion's 20-byte headers, the Skyrim file does not parse.
    esscribe()
        .args(["info", "--game", "oblivion"])
        .arg(&skyrim)
        .assert()
        .failure()
        .stderr(predicate::str::contains(
            "looks like a Skyrim plugin, not Oblivion",
        ))
        .stderr(predicate::str::contains("offset"));
    let oblivion = corpus("oblivion-plugins/OblivionOnline.esp");
    let forced = json_of(
        esscribe()
            .args(["info", "--json", "--game", "oblivion"])
            .arg(&oblivion),
    );
    assert_eq!(forced["game"], "oblivion");
}

/// A plugin's bytes with one field of one record changed.
fn edited_plugin(data: &[u8], name: &str, record: u32, field: &str, value: &str) -> Vec<u8> {
    use esscribe::schema::Fields;
    let mut plugin = esscribe::Plugin::parse(data).unwrap();
    let ctx = esscribe::json::form_ctx(&plugin, name);
    let catalog = esscribe::defs::catalog(plugin.game);
    let rec = plugin.find_record_mut(esscribe::FormId(record)).unwrap();
    let mut fields = Fields::of(rec, catalog, &ctx).unwrap().unwrap();
    fields.set(field, value).unwrap();
    fields.apply_to(rec).unwrap();
    plugin.to_bytes().unwrap()
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn lint_reports_a_reference_to_a_record_of_a_type_not_allowed() {
    let dir = tempfile::tempdir().unwrap();
    // The patch's NPC names a quest of the plugin it patches as its race.
    let patch = dir.path().join("Requiem_DawnOfTheSilverHand.esp");
    let data = common::file("skyrim-plugins/Requiem_DawnOfTheSilverHand.esp");
    std::fs::write(
        &patch,
        edited_plugin(
            &data,
            "Requiem_DawnOfTheSilverHand.esp",
            0x0002AB88,
            "race",
            "0x01019158",
        ),
    )
    .unwrap();
    // Alone, the quest is not known: nothing to report.
    esscribe()
        .arg("lint")
        .arg(&patch)
        .assert()
        .success()
        .stdout("");
    let master = corpus("skyrim-plugins/DawnOfTheSilverHand.esp");
    let out = esscribe()
        .arg("lint")
        .arg(&patch)
        .arg(&master)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let stdout = String::from_utf8(out.stdout).unwrap();
    let line = format!(
        "{}: NPC_ 0x0002AB88 (Skyrim.esm) LvlSilverhandMissile: race points to QUST 0x01019158 (DawnOfTheSilverHand.esp) DSilHand_iR05Trigger, but may point only to RACE",
        patch.display()
    );
    assert!(stdout.lines().any(|l| l == line), "{stdout}");
    let v = esscribe()
        .args(["lint", "--json"])
        .arg(&patch)
        .arg(&master)
        .output()
        .unwrap();
    assert_eq!(v.status.code(), Some(1));
    let v: serde_json::Value = serde_json::from_slice(&v.stdout).unwrap();
    assert_eq!(v[0]["file"], "Requiem_DawnOfTheSilverHand.esp");
    assert_eq!(
        v[0]["references"],
        serde_json::json!([{
            "sig": "NPC_",
            "form_id": "0x0002AB88 (Skyrim.esm)",
            "editor_id": "LvlSilverhandMissile",
            "field": "race",
            "target": "0x01019158 (DawnOfTheSilverHand.esp)",
            "target_sig": "QUST",
            "target_editor_id": "DSilHand_iR05Trigger",
            "allowed": ["RACE"],
        }])
    );
    // The master's own references are clean; its packages have findings of
    // their own.
    assert_eq!(v[1]["references"], serde_json::json!([]));
}

/// `info` shows the header's flags and, apart, how the game loads the
/// file: a Skyrim `.esm` as a master and an `.esl` as a light master,
/// whatever their flags (Campfire.esm has no master flag).
#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn info_tells_the_flags_from_how_the_game_loads_the_file() {
    let cases = [
        ("skyrim-plugins/Campfire.esm", false, false, true, false),
        (
            "testing-plugins/SkyrimSE/Blank.esl",
            false,
            true,
            true,
            true,
        ),
        ("skyrim-plugins/Scribe.esp", false, true, false, true),
        ("oblivion-plugins/OOArena.esp", false, false, false, false),
    ];
    for (rel, master, light, loads_master, loads_light) in cases {
        let out = Command::cargo_bin("esscribe")
            .unwrap()
            .args(["info", "--json"])
            .arg(common::path(rel))
            .output()
            .unwrap();
        assert!(out.status.success(), "{rel}");
        let doc: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        let doc = if doc.is_array() { doc[0].clone() } else { doc };
        assert_eq!(
            (
                doc["master"].as_bool(),
                doc["light"].as_bool(),
                doc["loads_as_master"].as_bool(),
                doc["loads_as_light"].as_bool()
            ),
            (
                Some(master),
                Some(light),
                Some(loads_master),
                Some(loads_light)
            ),
            "{rel}"
        );
    }
}
