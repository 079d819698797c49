//! Every real plugin of the corpus, found wherever it is, through every
//! form esscribe gives it and every edit that changes nothing: each must
//! give back the very bytes. A plugin added to the corpus is tested here
//! without touching this file.

#[path = "../../esscribe/tests/common/mod.rs"]
mod common;

use assert_cmd::Command;
use std::path::{Path, PathBuf};

fn esscribe() -> Command {
    Command::cargo_bin("esscribe").unwrap()
}

/// A corpus plugin copied into a folder of its own, under its own name
/// (the name is what its form IDs resolve against).
struct Copy {
    _dir: tempfile::TempDir,
    dir: PathBuf,
    path: PathBuf,
    bytes: Vec<u8>,
}

fn copy(plugin: &Path) -> Copy {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join(plugin.file_name().unwrap());
    let bytes = std::fs::read(plugin).unwrap();
    std::fs::write(&path, &bytes).unwrap();
    Copy {
        dir: dir.path().to_path_buf(),
        _dir: dir,
        path,
        bytes,
    }
}

/// Runs esscribe with `args` and checks it succeeded, naming the plugin.
fn run(plugin: &Path, args: &[&std::ffi::OsStr]) -> std::process::Output {
    let out = esscribe().args(args).output().unwrap();
    assert!(
        out.status.success(),
        "{}: esscribe {args:?} failed: {}",
        plugin.display(),
        String::from_utf8_lossy(&out.stderr)
    );
    out
}

fn same(plugin: &Path, what: &str, written: &Path, bytes: &[u8]) {
    let back = std::fs::read(written).unwrap();
    assert!(
        back == bytes,
        "{}: {what} does not give back the very bytes",
        plugin.display()
    );
}

/// Each corpus plugin, in parallel on the machine's cores.
fn each_plugin(check: impl Fn(&Path) + Sync) {
    use rayon::prelude::*;
    common::plugins().par_iter().for_each(|p| check(p));
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn dump_json_then_build_gives_every_plugin_back() {
    each_plugin(|plugin| {
        let c = copy(plugin);
        let json = c.dir.join("plugin.json");
        let out = run(
            plugin,
            &["dump".as_ref(), c.path.as_os_str(), "--json".as_ref()],
        );
        std::fs::write(&json, &out.stdout).unwrap();
        let built = c.dir.join("built.esp");
        run(
            plugin,
            &[
                "build".as_ref(),
                json.as_os_str(),
                "-o".as_ref(),
                built.as_os_str(),
            ],
        );
        same(plugin, "dump --json, then build", &built, &c.bytes);
    });
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn unpack_then_pack_gives_every_plugin_back() {
    each_plugin(|plugin| {
        let c = copy(plugin);
        let tree = c.dir.join("tree");
        let packed = c.dir.join("packed.esp");
        run(
            plugin,
            &["unpack".as_ref(), c.path.as_os_str(), tree.as_os_str()],
        );
        run(
            plugin,
            &[
                "pack".as_ref(),
                tree.as_os_str(),
                "-o".as_ref(),
                packed.as_os_str(),
            ],
        );
        same(plugin, "unpack, then pack", &packed, &c.bytes);
    });
}

/// The plugin's masters with how many form IDs use each, as `masters
/// --json` lists them.
fn masters_of(plugin: &Path, path: &Path) -> Vec<(String, u64)> {
    let out = run(
        plugin,
        &["masters".as_ref(), path.as_os_str(), "--json".as_ref()],
    );
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    doc["masters"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| {
            (
                m["name"].as_str().unwrap().to_string(),
                m["uses"].as_u64().unwrap(),
            )
        })
        .collect()
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn every_used_master_renamed_and_back_gives_every_plugin_back() {
    each_plugin(|plugin| {
        let c = copy(plugin);
        let renamed = c.dir.join("renamed.esp");
        let back = c.dir.join("back.esp");
        for (master, _) in masters_of(plugin, &c.path)
            .into_iter()
            .filter(|(_, uses)| *uses > 0)
        {
            let new = format!("Renamed {master}");
            run(
                plugin,
                &[
                    "masters".as_ref(),
                    c.path.as_os_str(),
                    "--rename".as_ref(),
                    master.as_ref(),
                    new.as_ref(),
                    "-o".as_ref(),
                    renamed.as_os_str(),
                ],
            );
            let listed = masters_of(plugin, &renamed);
            assert!(
                listed.iter().any(|(m, _)| *m == new),
                "{}: {new} not among the masters after --rename: {listed:?}",
                plugin.display()
            );
            run(
                plugin,
                &[
                    "masters".as_ref(),
                    renamed.as_os_str(),
                    "--rename".as_ref(),
                    new.as_ref(),
                    master.as_ref(),
                    "-o".as_ref(),
                    back.as_os_str(),
                ],
            );
            same(
                plugin,
                &format!("renaming {master} and back"),
                &back,
                &c.bytes,
            );
        }
    });
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn a_master_added_then_removed_gives_every_plugin_back() {
    each_plugin(|plugin| {
        let c = copy(plugin);
        let added = c.dir.join("added.esp");
        let back = c.dir.join("back.esp");
        let extra = "Not Otherwise Used.esm";
        run(
            plugin,
            &[
                "masters".as_ref(),
                c.path.as_os_str(),
                "--add".as_ref(),
                extra.as_ref(),
                "-o".as_ref(),
                added.as_os_str(),
            ],
        );
        run(
            plugin,
            &[
                "masters".as_ref(),
                added.as_os_str(),
                "--remove".as_ref(),
                extra.as_ref(),
                "-o".as_ref(),
                back.as_os_str(),
            ],
        );
        same(plugin, "adding a master and removing it", &back, &c.bytes);
    });
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn masters_sorted_into_their_own_order_leave_every_plugin_as_it_is() {
    each_plugin(|plugin| {
        let c = copy(plugin);
        let masters: Vec<String> = masters_of(plugin, &c.path)
            .into_iter()
            .map(|(m, _)| m)
            .collect();
        if masters.is_empty() {
            return;
        }
        let out = run(
            plugin,
            &[
                vec!["masters".as_ref(), c.path.as_os_str(), "--sort".as_ref()],
                masters.iter().map(|m| m.as_ref()).collect(),
            ]
            .concat(),
        );
        assert!(
            String::from_utf8_lossy(&out.stderr).contains("masters unchanged"),
            "{}: {}",
            plugin.display(),
            String::from_utf8_lossy(&out.stderr)
        );
        same(
            plugin,
            "sorting the masters into their order",
            &c.path,
            &c.bytes,
        );
    });
}

/// A plugin of the same game as `plugin` named `name`, with its header
/// but no masters and no records.
fn empty_plugin(plugin: &esscribe::Plugin<'_>, name: &str) -> Vec<u8> {
    let mut doc = esscribe::json::plugin_to_json(plugin, name).unwrap();
    doc["file"] = name.into();
    doc["header"]["fields"]["masters"] = serde_json::json!([]);
    doc["header"]["fields"]["header"]["record_count"] = 0.into();
    doc["entries"] = serde_json::json!([]);
    doc.as_object_mut().unwrap().remove("entry_count");
    let built = esscribe::json::build_plugin(&doc).unwrap();
    built.plugin.to_bytes().unwrap()
}

/// With its masters present but holding none of the records it
/// overrides, nothing in a plugin is identical to a master's version or
/// a deleted reference of one: clean finds nothing and writes nothing.
#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn clean_with_nothing_to_clean_leaves_every_plugin_as_it_is() {
    each_plugin(|plugin| {
        let c = copy(plugin);
        let parsed = esscribe::Plugin::parse(&c.bytes).unwrap();
        let mut args: Vec<std::ffi::OsString> = vec!["clean".into(), c.path.clone().into()];
        for (master, _) in masters_of(plugin, &c.path) {
            let path = c.dir.join(&master);
            std::fs::write(&path, empty_plugin(&parsed, &master)).unwrap();
            args.push(path.into());
        }
        let args: Vec<&std::ffi::OsStr> = args.iter().map(|a| a.as_os_str()).collect();
        let out = run(plugin, &args);
        assert!(
            String::from_utf8_lossy(&out.stderr).contains("nothing to clean"),
            "{}: {}",
            plugin.display(),
            String::from_utf8_lossy(&out.stderr)
        );
        same(plugin, "clean with nothing to clean", &c.path, &c.bytes);
    });
}
