//! What building a plugin from its JSON dump holds at its peak, measured
//! by the operating system on the real binary: the text, many times the
//! plugin's size, is read a record at a time and never held whole, so the
//! peak is the plugin built and a little more.
#![cfg(unix)]

mod memory_support;

use memory_support::peak_memory;
use std::process::Command;

/// Records in the plugin: enough that their JSON dwarfs what any run
/// holds besides.
const RECORDS: u32 = 120_000;

/// What any run may take besides what the plugin costs: the program, its
/// tables and buffers.
const BASE: u64 = 48 << 20;

fn esscribe() -> Command {
    Command::new(env!("CARGO_BIN_EXE_esscribe"))
}

/// A Skyrim plugin of `RECORDS` STAT records, each with an editor ID.
fn plugin_of_many_records() -> Vec<u8> {
    fn record(out: &mut Vec<u8>, sig: &[u8; 4], form_id: u32, data: &[u8]) {
        out.extend_from_slice(sig);
        out.extend_from_slice(&(data.len() as u32).to_le_bytes());
        out.extend_from_slice(&0u32.to_le_bytes()); // flags
        out.extend_from_slice(&form_id.to_le_bytes());
        out.extend_from_slice(&0u32.to_le_bytes()); // version control
        out.extend_from_slice(&44u16.to_le_bytes()); // form version
        out.extend_from_slice(&0u16.to_le_bytes());
        out.extend_from_slice(data);
    }
    let mut hedr = b"HEDR".to_vec();
    hedr.extend_from_slice(&12u16.to_le_bytes());
    hedr.extend_from_slice(&1.7f32.to_le_bytes());
    hedr.extend_from_slice(&(RECORDS + 1).to_le_bytes());
    hedr.extend_from_slice(&0x800u32.to_le_bytes());
    let mut out = Vec::new();
    record(&mut out, b"TES4", 0, &hedr);
    let mut stats = Vec::new();
    for i in 0..RECORDS {
        let edid = format!("SyntheticStatic{i:06}\0");
        let mut data = b"EDID".to_vec();
        data.extend_from_slice(&(edid.len() as u16).to_le_bytes());
        data.extend_from_slice(edid.as_bytes());
        record(&mut stats, b"STAT", 0x800 + i, &data);
    }
    out.extend_from_slice(b"GRUP");
    out.extend_from_slice(&(24 + stats.len() as u32).to_le_bytes());
    out.extend_from_slice(b"STAT");
    out.extend_from_slice(&[0; 12]);
    out.extend_from_slice(&stats);
    out
}

#[test]
fn building_from_json_holds_the_plugin_not_its_text() {
    let dir = tempfile::tempdir().unwrap();
    let plugin_path = dir.path().join("Many.esp");
    let plugin = plugin_of_many_records();
    std::fs::write(&plugin_path, &plugin).unwrap();
    let dumped = esscribe()
        .args(["dump", "--json"])
        .arg(&plugin_path)
        .output()
        .unwrap();
    assert!(dumped.status.success());
    let json = dir.path().join("Many.json");
    std::fs::write(&json, &dumped.stdout).unwrap();
    let text = dumped.stdout.len() as u64;
    // Not held while the build is measured: its run starts from what this
    // test holds.
    drop(dumped);
    let size = plugin.len() as u64;
    assert!(
        text > 5 * size,
        "the text runs {text} bytes, the plugin {size}"
    );
    let built = dir.path().join("Built.esp");
    let (status, peak) = peak_memory(esscribe().arg("build").arg(&json).arg("-o").arg(&built));
    assert_eq!(status, 0);
    assert!(
        std::fs::read(&built).unwrap() == plugin,
        "built back byte for byte"
    );
    // The plugin, what it is read back as to be checked, and a record's
    // worth of work per record in flight: a few times the plugin, far
    // less than the text.
    let bound = BASE + 4 * size;
    assert!(
        peak <= bound,
        "build: {} MiB at the peak, more than {} MiB ({} MiB + 4 × the plugin's {} MiB; its text {} MiB)",
        peak >> 20,
        bound >> 20,
        BASE >> 20,
        size >> 20,
        text >> 20
    );
}
