//! Compressed records that would inflate far beyond what real records do
//! are refused before they are inflated, and what may be inflated is read
//! within memory bounded by the largest record, measured with a global
//! allocator that tracks the most memory held at once (this file holds one
//! test, so nothing else allocates meanwhile).

use esscribe::json::write_plugin_json;
use esscribe::plugin::{Plugin, FLAG_COMPRESSED};
use esscribe::schema::record_coverage_counts;
use esscribe::ErrorKind;
use std::alloc::{GlobalAlloc, Layout, System};
use std::io::Write;
use std::sync::atomic::{AtomicUsize, Ordering};

struct Peak;

static HELD: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

fn grew(by: usize) {
    let now = HELD.fetch_add(by, Ordering::Relaxed) + by;
    PEAK.fetch_max(now, Ordering::Relaxed);
}

unsafe impl GlobalAlloc for Peak {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        grew(layout.size());
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        HELD.fetch_sub(layout.size(), Ordering::Relaxed);
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        HELD.fetch_sub(layout.size(), Ordering::Relaxed);
        grew(new_size);
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Peak = Peak;

/// The most memory held at once while `f` runs, beyond what was held
/// before.
fn peak_during<T>(f: impl FnOnce() -> T) -> (T, usize) {
    let before = HELD.load(Ordering::Relaxed);
    PEAK.store(before, Ordering::Relaxed);
    let out = f();
    (out, PEAK.load(Ordering::Relaxed) - before)
}

/// A compressed record's stored data: the stated size, then a zlib stream
/// of `zeros` zero bytes, made a megabyte at a time.
fn zeros_stream(zeros: usize, stated: u32) -> Vec<u8> {
    let mut enc =
        flate2::write::ZlibEncoder::new(stated.to_le_bytes().to_vec(), flate2::Compression::best());
    let chunk = vec![0u8; 1 << 20];
    let mut left = zeros;
    while left > 0 {
        let n = left.min(chunk.len());
        enc.write_all(&chunk[..n]).unwrap();
        left -= n;
    }
    enc.finish().unwrap()
}

fn sub(sig: &[u8; 4], data: &[u8]) -> Vec<u8> {
    let mut out = sig.to_vec();
    out.extend_from_slice(&(data.len() as u16).to_le_bytes());
    out.extend_from_slice(data);
    out
}

fn record(sig: &[u8; 4], form_id: u32, flags: u32, data: &[u8]) -> Vec<u8> {
    let mut out = sig.to_vec();
    for v in [data.len() as u32, flags, form_id, 0] {
        out.extend_from_slice(&v.to_le_bytes());
    }
    out.extend_from_slice(data);
    out
}

/// An Oblivion plugin with one top group of `sig` records.
fn plugin(sig: &[u8; 4], records: &[Vec<u8>]) -> Vec<u8> {
    let mut hedr = 1.0f32.to_le_bytes().to_vec();
    hedr.extend_from_slice(&(records.len() as i32 + 1).to_le_bytes());
    hedr.extend_from_slice(&0x800u32.to_le_bytes());
    let mut out = record(b"TES4", 0, 0, &sub(b"HEDR", &hedr));
    let body: Vec<u8> = records.concat();
    out.extend_from_slice(b"GRUP");
    out.extend_from_slice(&(20 + body.len() as u32).to_le_bytes());
    out.extend_from_slice(sig);
    out.extend_from_slice(&[0; 8]);
    out.extend_from_slice(&body);
    out
}

/// What `dump --json` and `stats` do with a plugin, to a sink.
fn dump_and_survey(data: &[u8]) -> esscribe::Result<()> {
    let plugin = Plugin::parse(data)?;
    write_plugin_json(&plugin, "Bomb.esp", None, std::io::sink())?;
    let ctx = esscribe::json::form_ctx(&plugin, "Bomb.esp");
    for r in plugin.records() {
        record_coverage_counts(r, esscribe::defs::catalog(plugin.game), &ctx)?;
    }
    Ok(())
}

const MIB: usize = 1 << 20;

#[test]
fn compressed_records_inflate_within_bounds() {
    // One zlib stream of 250 MiB of zeros that states its true size: the
    // plugin is a quarter of a megabyte.
    let stored = zeros_stream(250 * MIB, 250 * MIB as u32);
    let data = plugin(b"GLOB", &[record(b"GLOB", 0x800, FLAG_COMPRESSED, &stored)]);
    assert!(data.len() < 300_000, "{}", data.len());
    let (result, peak) = peak_during(|| dump_and_survey(&data));
    let e = result.unwrap_err();
    assert_eq!(e.kind, ErrorKind::Decompress);
    assert_eq!(e.offset, 0x3A + 20);
    assert!(
        e.to_string().contains(
            "compressed record claims 262144000 bytes, more than the 67108864-byte limit (in GLOB 0x00000800 at 0x3A)"
        ),
        "{e}"
    );
    assert!(peak < MIB, "held {peak} bytes at once");

    // 8 MiB of zeros, within the size limit but more than 32 times its
    // stored size.
    let stored = zeros_stream(8 * MIB, 8 * MIB as u32);
    let data = plugin(b"GLOB", &[record(b"GLOB", 0x800, FLAG_COMPRESSED, &stored)]);
    let (result, peak) = peak_during(|| dump_and_survey(&data));
    let e = result.unwrap_err();
    assert!(
        e.message.starts_with(&format!(
            "compressed record states 8388608 decompressed bytes from {} stored bytes, more than a record may inflate to (1048576 bytes",
            stored.len()
        )),
        "{e}"
    );
    assert!(peak < MIB, "held {peak} bytes at once");

    // Records of 1 MiB of zeros each: any one may inflate, but 70 of them
    // state more than a file of this size may inflate to in all. The
    // error names the record that crosses the line.
    let one = zeros_stream(MIB - 4, (MIB - 4) as u32);
    let records: Vec<Vec<u8>> = (0..70)
        .map(|i| record(b"ZZZZ", 0x800 + i, FLAG_COMPRESSED, &one))
        .collect();
    let data = plugin(b"ZZZZ", &records);
    let e = Plugin::parse(&data).unwrap_err();
    let limit = (64 * MIB) as u64 + 16 * data.len() as u64;
    let crossing = limit / (MIB as u64 - 4);
    assert_eq!(e.kind, ErrorKind::Decompress);
    assert!(
        e.message.contains(&format!(
            "more than the {limit} a file of {} bytes may inflate to (67108864 bytes and 16 times its size)",
            data.len()
        )),
        "{e}"
    );
    assert!(
        e.to_string()
            .contains(&format!("(in ZZZZ 0x{:08X} at 0x", 0x800 + crossing)),
        "{e}"
    );
    // The header scan says the same.
    assert_eq!(esscribe::plugin::scan(&data, |_| {}).unwrap_err(), e);

    // Ten of them may be read: as JSON and surveyed, holding memory of a
    // small multiple of one record, not of all of them.
    let data = plugin(b"ZZZZ", &records[..10]);
    let (result, peak) = peak_during(|| dump_and_survey(&data));
    result.unwrap();
    assert!(peak < 8 * MIB, "held {peak} bytes at once");

    // A record of an 8 KiB LAND-like run of zeros, 200 times its stored
    // size, is as real small records are: read.
    let stored = zeros_stream(8192, 8192);
    assert!(stored.len() * 32 < 8192);
    let data = plugin(b"LAND", &[record(b"LAND", 0x800, FLAG_COMPRESSED, &stored)]);
    let plugin = Plugin::parse(&data).unwrap();
    let r = plugin.records().next().unwrap();
    assert_eq!(r.data(plugin.game).unwrap().len(), 8192);
}
