//! Times a load order's conflicts: opening and indexing the plugins, then
//! comparing every record more than one plugin touches.
//!
//!   cargo run --release -p esscribe --example conflicts -- Master.esm A.esp B.esp...

use esscribe::loadorder::{ConflictFilter, LoadOrder, PluginFiles};
use std::time::Instant;

fn main() {
    let paths: Vec<String> = std::env::args().skip(1).collect();
    let started = Instant::now();
    let files = PluginFiles::open(&paths);
    let order = LoadOrder::from_files(&files);
    let opened = started.elapsed();
    let report = order.conflicts(&ConflictFilter::default());
    let total = started.elapsed();
    let bytes: u64 = paths
        .iter()
        .filter_map(|p| std::fs::metadata(p).ok())
        .map(|m| m.len())
        .sum();
    println!(
        "{} plugins, {:.1} MB, {} records; {} compared, {} pairs; opened and indexed in {:.3} s, conflicts in {:.3} s, {:.3} s in all ({:.0} MB/s)",
        order.len(),
        bytes as f64 / 1e6,
        order.plugins().iter().map(|p| p.records.len()).sum::<usize>(),
        report.records.len(),
        report.pairs.len(),
        opened.as_secs_f64(),
        (total - opened).as_secs_f64(),
        total.as_secs_f64(),
        bytes as f64 / 1e6 / total.as_secs_f64()
    );
}
