//! Trees made hostile as the `tree_hostile` fuzz target makes them (see
//! `fuzz/hostile_trees.rs`), from fixed inputs: links to a file, a folder
//! and a named pipe outside the tree, to `/dev/zero` and to nowhere, hard
//! links, named pipes, stray files and names listed that lead out of the
//! tree, at record files, group folders and the header file. Packing
//! such a tree and unpacking over it never panic nor wait, never write
//! outside the tree, and never pack text from outside it.
//! `closed_trees.rs` of the command line checks one of each with its
//! exact message; these check the property over many placements.

#![cfg(unix)]

#[path = "../../../fuzz/hostile_trees.rs"]
mod hostile_trees;

use hostile_trees::Outcome;
use std::time::Duration;

/// Runs one case on its own thread: a case that waits (on a pipe, or on
/// an endless device) fails here rather than hang the test.
fn run(script: &[u8]) -> Outcome {
    let (tx, rx) = std::sync::mpsc::channel();
    let owned = script.to_vec();
    std::thread::spawn(move || {
        let outcome = std::panic::catch_unwind(|| hostile_trees::run(&owned));
        let _ = tx.send(outcome);
    });
    // Not a measure of speed: a case takes milliseconds, a wait forever.
    match rx.recv_timeout(Duration::from_secs(120)) {
        Ok(Ok(outcome)) => outcome,
        Ok(Err(_)) => panic!("script {script:02x?} failed (message above)"),
        Err(_) => panic!("script {script:02x?} still runs after 120 s: it waits on something"),
    }
}

/// Change bytes: what, at which of the candidate names, and a detail.
const LINK_TO_FILE: u8 = 0;
const LINK_TO_ZERO: u8 = 1;
const LINK_TO_FOLDER: u8 = 2;
const LINK_TO_PIPE: u8 = 3;
const PIPE: u8 = 4;
const HARD_LINK: u8 = 5;
const STRAY: u8 = 6;
const REMOVE: u8 = 7;
const LIST: u8 = 8;
const LINK_TO_NOWHERE: u8 = 9;

#[test]
fn each_kind_at_each_place_is_refused_or_read_within_the_tree() {
    let untouched = run(&[]);
    assert_eq!(
        untouched,
        Outcome {
            packed: true,
            unpacked: true
        },
        "the sample's own tree packs and unpacks"
    );
    let kinds = [
        LINK_TO_FILE,
        LINK_TO_ZERO,
        LINK_TO_FOLDER,
        LINK_TO_PIPE,
        PIPE,
        HARD_LINK,
        STRAY,
        REMOVE,
        LINK_TO_NOWHERE,
    ];
    let mut refused = 0;
    // Each kind at each of the first names the tree has (its folders,
    // record files, group files and the header file).
    for kind in kinds {
        for pick in 0..12u8 {
            let outcome = run(&[kind, pick, 0]);
            refused += usize::from(!outcome.packed);
        }
    }
    // Names listed that lead out of the tree, or are no plain names.
    for pick in 0..12u8 {
        for name in 0..9u8 {
            let outcome = run(&[LIST, pick, 2 * name + 1]);
            refused += usize::from(!outcome.packed);
        }
        // A link to outside, then listed: still never read.
        run(&[LINK_TO_FILE, pick, 4, LIST, pick, 0]);
        run(&[LINK_TO_FOLDER, pick, 1, LIST, pick, 0]);
    }
    // Most of those break the tree: a pack that passed them all would
    // not be reading it.
    assert!(refused > 100, "only {refused} refused");
}

/// Tiny fixed-seed generator, so every run makes the same trees.
struct XorShift(u64);

impl XorShift {
    fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        self.0 = x;
        x
    }
}

#[test]
fn many_changes_at_once_keep_the_tree_closed() {
    let mut rng = XorShift(0x7EE5_1DE5_C0DE_F00D);
    let (mut packed, mut unpacked) = (0, 0);
    for _ in 0..150 {
        let changes = 1 + (rng.next() % 6) as usize;
        let script: Vec<u8> = (0..changes * 3).map(|_| rng.next() as u8).collect();
        let outcome = run(&script);
        packed += usize::from(outcome.packed);
        unpacked += usize::from(outcome.unpacked);
    }
    // Both ends are reached: some trees still pack, some unpacks are
    // refused (a linked folder), most succeed.
    assert!(packed > 0 && packed < 150, "{packed} of 150 packed");
    assert!(unpacked > 0 && unpacked < 150, "{unpacked} of 150 unpacked");
}
