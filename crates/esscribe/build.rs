//! Tells the tests whether the real-file corpus is beside the project.
//!
//! Tests that read real game files carry
//! `#[cfg_attr(not(corpus), ignore = "...")]`: where `../shared/corpus` is
//! absent they are reported as ignored, not passed. Under CI (`CI` set)
//! they always run, so a missing corpus fails there instead of passing
//! silently. `ESSCRIBE_CORPUS` names another corpus folder.

use std::path::{Path, PathBuf};

fn main() {
    println!("cargo::rustc-check-cfg=cfg(corpus)");
    println!("cargo::rerun-if-env-changed=CI");
    println!("cargo::rerun-if-env-changed=ESSCRIBE_CORPUS");
    let manifest = std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR");
    let beside = Path::new(&manifest).join("../../../shared");
    let (corpus, parent) = match std::env::var_os("ESSCRIBE_CORPUS") {
        Some(dir) => (PathBuf::from(dir), None),
        None => (beside.join("corpus"), Some(beside)),
    };
    // Watch the corpus (or the folder it would appear in) so that adding or
    // removing it is noticed. A path that does not exist would make cargo
    // rebuild every time, so nothing is watched when neither is there: a
    // test then fails, saying to clean, once the corpus appears.
    if corpus.is_dir() {
        println!("cargo::rerun-if-changed={}", corpus.display());
    } else if let Some(parent) = parent.filter(|p| p.is_dir()) {
        println!("cargo::rerun-if-changed={}", parent.display());
    }
    let ci = std::env::var("CI").is_ok_and(|v| !v.is_empty() && v != "0" && v != "false");
    if corpus.is_dir() || ci {
        println!("cargo::rustc-cfg=corpus");
    }
    // The browser tests run where Chromium is on the PATH, and always
    // under CI (which installs it), so that a missing browser fails there
    // and shows as ignored tests elsewhere.
    println!("cargo::rustc-check-cfg=cfg(chromium)");
    println!("cargo::rerun-if-env-changed=PATH");
    if ci || chromium_on_path() {
        println!("cargo::rustc-cfg=chromium");
    }
}

/// Whether a Chromium command is in one of the PATH's folders.
fn chromium_on_path() -> bool {
    let Some(path) = std::env::var_os("PATH") else {
        return false;
    };
    std::env::split_paths(&path).any(|dir| {
        ["chromium", "chromium-browser"]
            .iter()
            .any(|name| dir.join(name).is_file())
    })
}
