//! Hostile text trees: the sample plugin unpacked, then links (to files,
//! folders and a named pipe outside the tree, to `/dev/zero`, to
//! nowhere), hard links, named pipes, stray files and names listed that
//! lead out of the tree, where the input puts them (see
//! `fuzz/hostile_trees.rs`). Packing the tree and unpacking over it must
//! not panic or wait (run with -timeout), must leave everything outside
//! the tree as it was, and must never pack text from outside it.
#![no_main]

#[path = "../hostile_trees.rs"]
mod hostile_trees;

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    hostile_trees::run(data);
});
