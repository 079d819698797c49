//! Finds the shared corpus of real game files. Tests that need it skip,
//! saying so, where the folder is absent.
#![allow(dead_code)]

use std::path::{Path, PathBuf};

pub fn corpus_dir() -> Option<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/corpus");
    if dir.is_dir() {
        Some(dir)
    } else {
        eprintln!(
            "skipping: the real-file corpus is not at {} (tests on real data need ../shared/corpus beside the project)",
            dir.display()
        );
        None
    }
}

fn files_with(exts: &[&str]) -> Vec<PathBuf> {
    let Some(dir) = corpus_dir() else {
        return Vec::new();
    };
    let mut out = Vec::new();
    let mut stack = vec![dir];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                stack.push(p);
            } else if p
                .extension()
                .and_then(|e| e.to_str())
                .is_some_and(|e| exts.iter().any(|x| e.eq_ignore_ascii_case(x)))
            {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}

/// Every plugin in the corpus.
pub fn plugins() -> Vec<PathBuf> {
    files_with(&["esm", "esp", "esl"])
}

/// Every save game in the corpus.
pub fn saves() -> Vec<PathBuf> {
    files_with(&["ess"])
}

/// A corpus file by its path below the corpus folder.
pub fn file(rel: &str) -> Option<Vec<u8>> {
    let dir = corpus_dir()?;
    Some(std::fs::read(dir.join(rel)).unwrap())
}
