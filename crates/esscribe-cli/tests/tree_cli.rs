//! Plugins in git: unpack and pack from the command line, a git history
//! of real edits whose every commit packs back and whose every diff
//! touches only the changed records' files, textconv and the merge driver
//! in git.

#![cfg(unix)]

#[path = "../../esscribe/tests/common/mod.rs"]
mod common;

use assert_cmd::Command;
use esscribe::plugin::{Entry, Plugin};
use esscribe::schema::Fields;
use esscribe::tree::{self, MemoryTree};
use esscribe::FormId;
use std::collections::{BTreeSet, HashMap};
use std::path::Path;

fn esscribe() -> Command {
    Command::cargo_bin("esscribe").unwrap()
}

fn git(dir: &Path, args: &[&str]) -> String {
    let out = std::process::Command::new("git")
        .args(args)
        .current_dir(dir)
        .env("GIT_CONFIG_NOSYSTEM", "1")
        .env("HOME", dir)
        .env("GIT_AUTHOR_NAME", "t")
        .env("GIT_AUTHOR_EMAIL", "t@example.com")
        .env("GIT_COMMITTER_NAME", "t")
        .env("GIT_COMMITTER_EMAIL", "t@example.com")
        .env(
            "PATH",
            format!(
                "{}:{}",
                assert_cmd::cargo::cargo_bin("esscribe")
                    .parent()
                    .unwrap()
                    .display(),
                std::env::var("PATH").unwrap_or_default()
            ),
        )
        .output()
        .unwrap();
    assert!(
        out.status.success() || args[0] == "merge",
        "git {args:?} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr)
}

fn git_repo() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    git(dir.path(), &["init", "-q", "-b", "main"]);
    git(dir.path(), &["config", "core.autocrlf", "false"]);
    dir
}

// ---- edits made with esscribe's own library ----

fn with_plugin(bytes: &[u8], edit: impl FnOnce(&mut Plugin<'_>)) -> Vec<u8> {
    let mut p = Plugin::parse(bytes).unwrap();
    edit(&mut p);
    p.to_bytes().unwrap()
}

fn set_field(bytes: &[u8], id: u32, path: &str, value: serde_json::Value) -> Vec<u8> {
    with_plugin(bytes, |p| {
        let ctx = esscribe::json::form_ctx(p, "Campfire.esm");
        let catalog = esscribe::defs::catalog(p.game);
        let rec = p.find_record_mut(FormId(id)).unwrap();
        let mut f = Fields::of(rec, catalog, &ctx).unwrap().unwrap();
        f.set(path, value).unwrap();
        f.apply_to(rec).unwrap();
    })
}

/// A copy of record `from` under a new form ID and editor ID, at the end
/// of its top group.
fn add_record(bytes: &[u8], from: u32, id: u32, edid: &str) -> Vec<u8> {
    with_plugin(bytes, |p| {
        let ctx = esscribe::json::form_ctx(p, "Campfire.esm");
        let catalog = esscribe::defs::catalog(p.game);
        let mut rec = p.find_record(FormId(from)).unwrap().clone().into_owned();
        rec.header.form_id = FormId(id);
        let mut f = Fields::of(&rec, catalog, &ctx).unwrap().unwrap();
        f.set("editor_id", edid).unwrap();
        f.apply_to(&mut rec).unwrap();
        for e in &mut p.entries {
            if let Entry::Group(g) = e {
                if g.header.label == rec.header.sig.0 {
                    g.children.push(Entry::Record(rec));
                    return;
                }
            }
        }
        panic!("no top group for the new record");
    })
}

fn delete_record(bytes: &[u8], id: u32) -> Vec<u8> {
    with_plugin(bytes, |p| {
        fn remove(entries: &mut Vec<Entry<'_>>, id: FormId) -> bool {
            if let Some(i) = entries
                .iter()
                .position(|e| matches!(e, Entry::Record(r) if r.header.form_id == id))
            {
                entries.remove(i);
                return true;
            }
            entries.iter_mut().any(|e| match e {
                Entry::Group(g) => remove(&mut g.children, id),
                _ => false,
            })
        }
        assert!(remove(&mut p.entries, FormId(id)));
    })
}

fn add_master(bytes: &[u8], master: &str) -> Vec<u8> {
    with_plugin(bytes, |p| {
        let ctx = esscribe::json::form_ctx(p, "Campfire.esm");
        let catalog = esscribe::defs::catalog(p.game);
        let mut f = Fields::of(&p.header, catalog, &ctx).unwrap().unwrap();
        let mut masters = f.get("masters").unwrap().clone();
        masters
            .as_array_mut()
            .unwrap()
            .push(serde_json::json!({"file": master, "file_size": 0}));
        f.set("masters", masters).unwrap();
        f.apply_to(&mut p.header).unwrap();
    })
}

// ---- trees ----

/// Each record's file and bytes, by form ID.
fn record_files(bytes: &[u8], name: &str) -> HashMap<FormId, (String, Vec<u8>)> {
    let p = Plugin::parse(bytes).unwrap();
    let mut t = MemoryTree::default();
    let paths = tree::unpack_with_paths(&p, name, &mut t).unwrap().paths;
    p.records()
        .map(|r| {
            let mut b = Vec::new();
            r.write(&mut b, p.game).unwrap();
            (r.header.form_id, (paths[&r.header.form_id].clone(), b))
        })
        .collect()
}

/// The files a diff between two versions may touch: those of records
/// whose bytes changed, were added or removed, the group files of the
/// folders that gained or lost a record, and the header file. Also gives
/// the files it must touch (the changed records').
fn allowed_and_required(old: &[u8], new: &[u8]) -> (BTreeSet<String>, BTreeSet<String>) {
    let (a, b) = (
        record_files(old, "Campfire.esm"),
        record_files(new, "Campfire.esm"),
    );
    let mut allowed = BTreeSet::from(["plugin.json".to_string()]);
    let mut required = BTreeSet::new();
    let group_file = |p: &str| match p.rsplit_once('/') {
        Some((dir, _)) => format!("{dir}/_group.json"),
        None => "plugin.json".into(),
    };
    for (id, (path, bytes)) in &a {
        match b.get(id) {
            Some((p2, b2)) if p2 == path && b2 == bytes => {}
            Some((p2, _)) => {
                allowed.extend([path.clone(), p2.clone(), group_file(path), group_file(p2)]);
                required.insert(p2.clone());
            }
            None => {
                allowed.extend([path.clone(), group_file(path)]);
                required.insert(path.clone());
            }
        }
    }
    for (id, (path, _)) in &b {
        if !a.contains_key(id) {
            allowed.extend([path.clone(), group_file(path)]);
            required.insert(path.clone());
        }
    }
    (allowed, required)
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn unpack_then_pack_gives_the_same_bytes_and_unpack_again_changes_nothing() {
    for rel in [
        "skyrim-plugins/Campfire.esm",
        "oblivion-plugins/OOStartingMod.esp",
        "skyrim-plugins/MarkekrausChairHorse.esp",
    ] {
        let dir = tempfile::tempdir().unwrap();
        let tree = dir.path().join("tree");
        esscribe()
            .arg("unpack")
            .arg(common::path(rel))
            .arg(&tree)
            .assert()
            .success();
        let out = dir.path().join("out.esp");
        let pack = || {
            esscribe()
                .arg("pack")
                .arg(&tree)
                .arg("-o")
                .arg(&out)
                .assert()
                .success()
        };
        pack().stderr(predicates::str::contains("wrote"));
        assert!(std::fs::read(&out).unwrap() == common::file(rel), "{rel}");
        // Packing again (as a hook on every checkout would) changes
        // nothing: no new file, no backup.
        pack().stderr(predicates::str::contains("left untouched"));
        assert_eq!(common::listing(dir.path()), ["out.esp", "tree"], "{rel}");
        esscribe()
            .arg("unpack")
            .arg(&out)
            .arg(&tree)
            .assert()
            .success()
            .stderr(predicates::str::contains("0 removed"));
    }
}

/// `args` run on a terminal (util-linux `script` gives the command one):
/// what it printed there.
fn on_a_terminal(args: &[&Path]) -> String {
    let quoted: Vec<String> = std::iter::once(Path::new(env!("CARGO_BIN_EXE_esscribe")))
        .chain(args.iter().copied())
        .map(|a| format!("'{}'", a.display()))
        .collect();
    let out = std::process::Command::new("script")
        .args(["-qfec", &quoted.join(" "), "/dev/null"])
        .env("TERM", "xterm")
        .output()
        .expect("util-linux script runs a command on a terminal");
    assert!(out.status.success(), "{out:?}");
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// Unpacking and packing a large plugin take a while: on a terminal each
/// shows a bar counting the tree's files (one a record, one a group, and
/// the header file), whose end is the very count; elsewhere only the
/// summary line is printed.
#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn unpack_and_pack_count_the_trees_files_on_a_terminal() {
    let dir = tempfile::tempdir().unwrap();
    let (tree, out) = (dir.path().join("tree"), dir.path().join("out.esp"));
    let plugin = common::path("skyrim-plugins/DawnOfTheSilverHand.esp");
    let counts = |shown: &str, what: &str| -> Vec<(u64, u64)> {
        assert!(shown.contains(&format!("{what} [")), "{shown}");
        shown
            .split(&format!("{what} ["))
            .skip(1)
            .map(|bar| {
                let (_, rest) = bar.split_once("] ").unwrap();
                let (done, rest) = rest.split_once('/').unwrap();
                let all = rest.split_whitespace().next().unwrap();
                (done.parse().unwrap(), all.parse().unwrap())
            })
            .collect()
    };
    for (what, shown) in [
        (
            "unpacking",
            on_a_terminal(&[Path::new("unpack"), &plugin, &tree]),
        ),
        (
            "packing",
            on_a_terminal(&[Path::new("pack"), &tree, Path::new("-o"), &out]),
        ),
    ] {
        let bars = counts(&shown, what);
        assert!(
            bars.iter().all(|&(done, all)| all == 5225 && done <= all),
            "{bars:?}"
        );
    }
    assert!(std::fs::read(&out).unwrap() == common::file("skyrim-plugins/DawnOfTheSilverHand.esp"));
    let plain = esscribe()
        .arg("unpack")
        .arg(&plugin)
        .arg(&tree)
        .assert()
        .success();
    let said = String::from_utf8(plain.get_output().stderr.clone()).unwrap();
    assert_eq!(said.lines().count(), 1, "{said}");
    assert!(
        said.starts_with("unpacked ") && said.contains(": 4,851 records, 5,225 files"),
        "{said}"
    );
}

#[test]
fn unpack_refuses_a_folder_holding_other_files() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("notes.txt"), "mine").unwrap();
    esscribe()
        .arg("unpack")
        .arg(Path::new(env!("CARGO_MANIFEST_DIR")).join("../../samples/sample-oblivion.esp"))
        .arg(dir.path())
        .assert()
        .failure()
        .stderr(predicates::str::contains("notes.txt"));
    assert_eq!(
        std::fs::read_to_string(dir.path().join("notes.txt")).unwrap(),
        "mine"
    );
}

/// The committed Oblivion sample unpacked into a new folder (kept while
/// the first value lives).
fn unpacked_sample() -> (tempfile::TempDir, std::path::PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let tree = dir.path().join("t");
    esscribe()
        .arg("unpack")
        .arg(Path::new(env!("CARGO_MANIFEST_DIR")).join("../../samples/sample-oblivion.esp"))
        .arg(&tree)
        .assert()
        .success();
    (dir, tree)
}

#[test]
fn pack_names_the_file_and_line_of_bad_text() {
    let (dir, tree) = unpacked_sample();
    let pack_dir = tree.join("PACK");
    let file = std::fs::read_dir(&pack_dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .find(|p| p.file_name().unwrap() != "_group.json")
        .unwrap();
    let text = std::fs::read_to_string(&file).unwrap();
    std::fs::write(
        &file,
        text.replacen("\"hour\": 22", "\"hour\": \"noon\"", 1),
    )
    .unwrap();
    let name = file.file_name().unwrap().to_string_lossy().into_owned();
    esscribe()
        .arg("pack")
        .arg(&tree)
        .arg("-o")
        .arg(dir.path().join("x.esp"))
        .assert()
        .failure()
        .stderr(predicates::str::contains(format!("PACK/{name}")))
        .stderr(predicates::str::contains("hour"));
    assert!(!dir.path().join("x.esp").exists());
}

/// Successive edits of a real plugin, each unpacked and committed: every
/// commit packs back to its plugin, and every diff touches only the files
/// of the records that changed (and the header and group lists).
#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn a_git_history_of_edits_packs_back_and_diffs_touch_only_changed_records() {
    let v0 = common::file("skyrim-plugins/Campfire.esm");
    let v1 = set_field(&v0, 0x02039578, "schedule.hour", serde_json::json!(5));
    let v2 = add_record(&v1, 0x02039578, 0x0207CECA, "_Camp_NewSitPackage");
    let v3 = delete_record(&v2, 0x02038689);
    let v4 = add_master(&v3, "Dawnguard.esm");
    let versions = [&v0, &v1, &v2, &v3, &v4];
    let repo = git_repo();
    let d = repo.path();
    let mut commits = Vec::new();
    for (i, v) in versions.iter().enumerate() {
        let file = d.join(format!("v{i}.esm"));
        std::fs::write(&file, v).unwrap();
        esscribe()
            .arg("unpack")
            .arg(&file)
            .arg(d.join("Campfire"))
            .assert()
            .success();
        std::fs::remove_file(&file).unwrap();
        // The header names the plugin as it was unpacked from: the same
        // name for every version.
        let header = d.join("Campfire/plugin.json");
        let text = std::fs::read_to_string(&header).unwrap();
        std::fs::write(
            &header,
            text.replace(&format!("\"v{i}.esm\""), "\"Campfire.esm\""),
        )
        .unwrap();
        git(d, &["add", "-A"]);
        git(d, &["commit", "-q", "-m", &format!("version {i}")]);
        commits.push(git(d, &["rev-parse", "HEAD"]).trim().to_string());
    }
    for (i, c) in commits.iter().enumerate() {
        let out = tempfile::tempdir().unwrap();
        git(
            d,
            &[
                "--work-tree",
                out.path().to_str().unwrap(),
                "checkout",
                c,
                "--",
                ".",
            ],
        );
        let packed = out.path().join("p.esm");
        esscribe()
            .arg("pack")
            .arg(out.path().join("Campfire"))
            .arg("-o")
            .arg(&packed)
            .assert()
            .success();
        assert!(
            std::fs::read(&packed).unwrap() == *versions[i],
            "commit {i} does not pack back"
        );
    }
    git(d, &["checkout", "-q", "main"]);
    for i in 1..commits.len() {
        let touched: BTreeSet<String> =
            git(d, &["diff", "--name-only", &commits[i - 1], &commits[i]])
                .lines()
                .map(|l| l.strip_prefix("Campfire/").unwrap().to_string())
                .collect();
        let (allowed, required) = allowed_and_required(versions[i - 1], versions[i]);
        assert!(!touched.is_empty(), "version {i}: nothing changed");
        assert!(
            touched.is_subset(&allowed),
            "version {i}: the diff touches {:?}, beyond the changed records' files",
            touched.difference(&allowed).collect::<Vec<_>>()
        );
        assert!(
            required.is_subset(&touched),
            "version {i}: {required:?} not in {touched:?}"
        );
    }
    // The field change touches exactly that record's file; the master
    // only the header.
    let diff = |a: usize, b: usize| git(d, &["diff", "--name-only", &commits[a], &commits[b]]);
    assert_eq!(
        diff(0, 1).trim(),
        "Campfire/PACK/_Camp_FollowerSitCampfire.0x02039578.json"
    );
    assert_eq!(diff(3, 4).trim(), "Campfire/plugin.json");
    let patch = git(d, &["diff", &commits[0], &commits[1]]);
    assert!(
        patch.contains("-      \"hour\": \"any\",\n+      \"hour\": 5,"),
        "{patch}"
    );
}

/// `git diff` of a binary plugin through the textconv filter shows the
/// changed field under the record's file name.
#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn git_diff_shows_a_plugins_changed_field_through_textconv() {
    let v0 = common::file("skyrim-plugins/Campfire.esm");
    let v1 = set_field(&v0, 0x02039578, "schedule.hour", serde_json::json!(5));
    let repo = git_repo();
    let d = repo.path();
    git(
        d,
        &["config", "diff.esscribe.textconv", "esscribe textconv"],
    );
    git(d, &["config", "diff.esscribe.cachetextconv", "true"]);
    std::fs::write(
        d.join(".gitattributes"),
        "*.esp diff=esscribe\n*.esm diff=esscribe\n*.esl diff=esscribe\n",
    )
    .unwrap();
    std::fs::write(d.join("Campfire.esm"), &v0).unwrap();
    git(d, &["add", "-A"]);
    git(d, &["commit", "-q", "-m", "first"]);
    std::fs::write(d.join("Campfire.esm"), &v1).unwrap();
    let diff = git(d, &["diff", "--", "Campfire.esm"]);
    assert!(
        diff.contains("-      \"hour\": \"any\",\n+      \"hour\": 5,"),
        "{diff}"
    );
    // The hunk's head names the record's file.
    assert!(
        diff.contains("@@ file PACK/_Camp_FollowerSitCampfire.0x02039578.json\n"),
        "{diff}"
    );
    // One field, one line each way.
    assert_eq!(
        diff.lines()
            .filter(|l| l.starts_with("+ ") || l.starts_with("- "))
            .count(),
        2,
        "{diff}"
    );
    // Committed, the two versions' text is kept in git's notes, and the
    // log shows the same change from it.
    git(d, &["commit", "-q", "-am", "second"]);
    let log = git(d, &["log", "-p", "--format=%s", "--", "Campfire.esm"]);
    assert!(
        log.contains("-      \"hour\": \"any\",\n+      \"hour\": 5,"),
        "{log}"
    );
    let cached = git(d, &["notes", "--ref=textconv/esscribe", "list"]);
    assert_eq!(cached.lines().count(), 2, "{cached}");
    let again = git(d, &["log", "-p", "--format=%s", "--", "Campfire.esm"]);
    assert_eq!(again, log);
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn textconv_shows_a_save() {
    let out = esscribe()
        .arg("textconv")
        .arg(common::path("oblivion-saves/save002.ess"))
        .assert()
        .success();
    let text = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    assert!(text.starts_with("save\n{\n"));
    assert!(
        text.contains("\nchange record 0x00000014 "),
        "the player's change record"
    );
}

fn driver_repo(v0: &[u8]) -> tempfile::TempDir {
    let repo = git_repo();
    let d = repo.path();
    git(
        d,
        &["config", "merge.esscribe.name", "esscribe plugin merge"],
    );
    git(
        d,
        &[
            "config",
            "merge.esscribe.driver",
            "esscribe merge %O %A %B -o %A --name %P",
        ],
    );
    std::fs::write(d.join(".gitattributes"), "*.esm merge=esscribe\n").unwrap();
    std::fs::write(d.join("Campfire.esm"), v0).unwrap();
    git(d, &["add", "-A"]);
    git(d, &["commit", "-q", "-m", "base"]);
    repo
}

fn commit_on(d: &Path, branch: &str, from: &str, bytes: &[u8]) {
    git(d, &["checkout", "-q", "-b", branch, from]);
    std::fs::write(d.join("Campfire.esm"), bytes).unwrap();
    git(d, &["commit", "-q", "-am", branch]);
}

/// Two branches changing different fields of one record merge through
/// the driver; changing the same field stops the merge with the conflict
/// marked in a text tree, which packs once resolved.
#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn git_merges_plugins_through_the_driver() {
    let v0 = common::file("skyrim-plugins/Campfire.esm");
    let repo = driver_repo(&v0);
    let d = repo.path();
    let ours = set_field(&v0, 0x02039578, "schedule.hour", serde_json::json!(5));
    let theirs = set_field(&v0, 0x02039578, "schedule.minute", serde_json::json!(30));
    commit_on(d, "a", "main", &ours);
    commit_on(d, "b", "main", &theirs);
    git(d, &["checkout", "-q", "a"]);
    let out = git(d, &["merge", "-q", "--no-edit", "b"]);
    assert!(!out.contains("CONFLICT"), "{out}");
    let merged = std::fs::read(d.join("Campfire.esm")).unwrap();
    let want = set_field(&ours, 0x02039578, "schedule.minute", serde_json::json!(30));
    assert!(merged == want, "the merge holds both fields");

    // The same field, two values.
    commit_on(
        d,
        "c",
        "main",
        &set_field(&v0, 0x02039578, "schedule.hour", serde_json::json!(7)),
    );
    git(d, &["checkout", "-q", "a"]);
    let out = git(d, &["merge", "--no-edit", "c"]);
    assert!(out.contains("CONFLICT"), "{out}");
    assert!(
        out.contains("fields.schedule.hour changed on both sides: base \"any\", ours 5, theirs 7"),
        "{out}"
    );
    let file = d.join("Campfire.esm.merge/PACK/_Camp_FollowerSitCampfire.0x02039578.json");
    let text = std::fs::read_to_string(&file).unwrap();
    assert!(
        text.contains(
            "<<<<<<< ours\n      \"hour\": 5,\n=======\n      \"hour\": 7,\n>>>>>>> theirs\n"
        ),
        "{text}"
    );
    // Resolved by hand (theirs), packed and committed.
    let resolved = text
        .replace("<<<<<<< ours\n      \"hour\": 5,\n=======\n", "")
        .replace(">>>>>>> theirs\n", "");
    std::fs::write(&file, resolved).unwrap();
    esscribe()
        .current_dir(d)
        .args(["pack", "Campfire.esm.merge", "-o", "Campfire.esm"])
        .assert()
        .success();
    let p = std::fs::read(d.join("Campfire.esm")).unwrap();
    let want = set_field(&merged, 0x02039578, "schedule.hour", serde_json::json!(7));
    assert!(p == want, "the resolved merge");
}

#[test]
fn pack_refuses_a_record_file_no_list_names() {
    let (dir, tree) = unpacked_sample();
    std::fs::write(tree.join("PACK/NewPackage.0x01000999.json"), "{}\n").unwrap();
    esscribe()
        .arg("pack")
        .arg(&tree)
        .arg("-o")
        .arg(dir.path().join("x.esp"))
        .assert()
        .failure()
        .stderr(predicates::str::contains(
            "PACK/NewPackage.0x01000999.json: not named in the \"entries\" of PACK/_group.json",
        ));
    // Hidden files and files of other kinds are none of its business.
    std::fs::remove_file(tree.join("PACK/NewPackage.0x01000999.json")).unwrap();
    std::fs::write(tree.join("PACK/.notes.json"), "x").unwrap();
    std::fs::write(tree.join("PACK/README.txt"), "x").unwrap();
    esscribe()
        .arg("pack")
        .arg(&tree)
        .arg("-o")
        .arg(dir.path().join("x.esp"))
        .assert()
        .success();
}
