//! Damaged and hostile plugins: every corpus plugin cut short and with
//! bytes flipped, and hand-made headers that lie about sizes. Whatever the
//! input, reading, walking and writing must end in `Ok` or in a clean error
//! that points inside the file: never a panic, never a hang.

mod common;

use esscribe::plugin::Body;
use esscribe::plugin::{
    self, compress_record_data, Game, Plugin, ScanItem, FLAG_COMPRESSED, MAX_DECOMPRESSED_SIZE,
};
use esscribe::{Error, ErrorKind};
use std::borrow::Cow;
use std::panic::{catch_unwind, AssertUnwindSafe};

/// Tiny fixed-seed generator so every run damages the same bytes.
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

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// Everything a reader of untrusted plugin bytes may do with them. Errors
/// are collected rather than returned so that one bad record does not hide
/// what the others would do. `damaged_at` is the offset of a damaged byte,
/// if any: the record holding it is also shown as JSON and built back.
fn exercise(data: &[u8], damaged_at: Option<usize>) -> Vec<Error> {
    let parsed = Plugin::parse(data);
    // Large files are parsed a top group per thread; small ones, like
    // these, only when asked. Both ways must agree, errors included.
    match (&parsed, Plugin::parse_parallel(data)) {
        (Ok(a), Ok(b)) => assert!(*a == b, "parallel parse differs"),
        (Err(a), Err(b)) => assert_eq!(*a, b, "parallel parse fails differently"),
        (a, b) => panic!("sequential parse gave {a:?}, parallel {b:?}"),
    }
    // The header scan checks what the parse checks, and meets the same
    // records in the same order.
    let mut scanned = Vec::new();
    let scan = plugin::scan(data, |item| {
        if let ScanItem::Record { header, offset, .. } = item {
            scanned.push((header, offset));
        }
    });
    match (&parsed, scan) {
        (Ok(p), Ok(game)) => {
            assert_eq!(game, p.game);
            let parsed: Vec<_> = p.records().map(|r| (r.header, r.offset)).collect();
            assert!(parsed == scanned, "scan and parse meet different records");
        }
        (Err(a), Err(b)) => assert_eq!(*a, b, "scan fails differently from parse"),
        (a, b) => panic!("parse gave {a:?}, scan {b:?}"),
    }
    let plugin = match parsed {
        Ok(p) => p,
        Err(e) => return vec![e],
    };
    let mut errors = Vec::new();
    if let Err(e) = plugin.info() {
        errors.push(e);
    }
    let mut seen = 0usize;
    let ctx = esscribe::json::form_ctx(&plugin, "Damaged.esp");
    let header_len = plugin.game.header_len() as u64;
    for rec in plugin.records() {
        if let Err(e) = rec.for_each_subrecord(plugin.game, |s| seen += s.data.len()) {
            errors.push(e);
        }
        if let Err(e) =
            esscribe::schema::record_coverage(rec, esscribe::defs::catalog(plugin.game), &ctx)
        {
            errors.push(e);
        }
        let end = rec.offset + header_len + u64::from(rec.header.data_size);
        if damaged_at.is_some_and(|at| (rec.offset..end).contains(&(at as u64))) {
            if let Err(e) = keeps_every_subrecord(rec, plugin.game, &ctx) {
                errors.push(e);
            }
        }
    }
    std::hint::black_box(seen);
    match plugin.to_bytes() {
        // What parses is kept whole: damaged or not, it writes back as read.
        Ok(out) => assert!(
            out == data,
            "parsed input does not write back byte for byte"
        ),
        Err(e) => errors.push(e),
    }
    errors
}

/// A damaged record read by its declaration loses nothing: its JSON form,
/// decoded fields and raw bytes alike, builds back the very subrecords it
/// was read from.
fn keeps_every_subrecord(
    rec: &plugin::Record<'_>,
    game: Game,
    ctx: &esscribe::schema::FormCtx,
) -> Result<(), Error> {
    let original = rec.subrecords(game)?;
    let shown = esscribe::json::record_to_json(rec, game, ctx)?;
    let built = esscribe::json::record_from_json(&shown.value, game, "damaged record")?;
    let back = built.subrecords(game)?;
    assert!(
        back == original,
        "{}: its JSON builds back other subrecords",
        rec.describe()
    );
    Ok(())
}

/// What a sweep saw of one file.
#[derive(Default, Debug)]
struct Tally {
    cases: usize,
    clean: usize,
    errors: std::collections::BTreeMap<String, usize>,
}

impl Tally {
    fn run(&mut self, data: &[u8], damaged_at: Option<usize>, what: &dyn Fn() -> String) {
        self.cases += 1;
        let errors = check(data, damaged_at, what);
        if errors.is_empty() {
            self.clean += 1;
        }
        for kind in errors {
            *self.errors.entry(format!("{kind:?}")).or_default() += 1;
        }
    }

    fn errors_of(&self, kind: &str) -> usize {
        self.errors.get(kind).copied().unwrap_or(0)
    }
}

/// Runs one damaged input, failing with `what` on a panic or an error that
/// points outside the file. Returns the kinds of the errors met.
fn check(data: &[u8], damaged_at: Option<usize>, what: &dyn Fn() -> String) -> Vec<ErrorKind> {
    let errors = match catch_unwind(AssertUnwindSafe(|| exercise(data, damaged_at))) {
        Ok(errors) => errors,
        Err(_) => panic!("{}: panicked (message above)", what()),
    };
    let kinds = errors.iter().map(|e| e.kind).collect();
    for e in errors {
        assert!(
            e.offset <= data.len() as u64,
            "{}: error offset 0x{:X} is past the end of the {}-byte input: {e}",
            what(),
            e.offset,
            data.len()
        );
        assert!(!e.message.is_empty(), "{}: error without a message", what());
    }
    kinds
}

/// Offsets where records, groups and (uncompressed) subrecords start and
/// end: the places where a cut or a flipped size byte does the most harm.
fn boundaries(data: &[u8]) -> Vec<usize> {
    let plugin = Plugin::parse(data).expect("corpus plugin parses");
    let hl = plugin.game.header_len();
    let mut out = vec![0, hl];
    for g in plugin.groups() {
        out.push(g.offset as usize);
        out.push(g.offset as usize + g.header.size as usize);
    }
    for r in std::iter::once(&plugin.header).chain(plugin.records()) {
        out.push(r.offset as usize);
        out.push(r.offset as usize + hl);
        out.push(r.offset as usize + hl + r.header.data_size as usize);
        if !r.header.is_compressed() {
            r.for_each_subrecord(plugin.game, |s| out.push(s.offset as usize))
                .unwrap();
        }
    }
    out.retain(|&o| o <= data.len());
    out.sort_unstable();
    out.dedup();
    out
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn every_truncation_point_fails_cleanly() {
    for path in common::plugins() {
        let data = std::fs::read(&path).unwrap();
        let file = common::name(&path);
        let mut cuts: Vec<usize> = if data.len() < 64 * 1024 {
            (0..data.len()).collect()
        } else {
            // A spread of points, plus every structure boundary and the
            // bytes just around it.
            let spread = 3000;
            let mut cuts: Vec<usize> = (0..spread).map(|i| i * data.len() / spread).collect();
            for b in boundaries(&data) {
                cuts.extend([b.saturating_sub(1), b, b + 1]);
            }
            cuts
        };
        cuts.retain(|&c| c < data.len());
        cuts.sort_unstable();
        cuts.dedup();
        let mut tally = Tally::default();
        for &cut in &cuts {
            tally.run(&data[..cut], None, &|| format!("{file} cut at {cut}"));
        }
        eprintln!("{file}, truncations: {tally:?}");
        // Cuts between top groups leave a shorter valid plugin; most cuts
        // fall elsewhere and must be errors.
        assert_eq!(tally.cases, cuts.len());
        assert!(
            tally.errors_of("Truncated") > tally.cases / 2,
            "{file}: {tally:?}"
        );
    }
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn random_byte_flips_fail_cleanly() {
    let mut rng = XorShift(0x9E37_79B9_7F4A_7C15);
    for path in common::plugins() {
        let original = std::fs::read(&path).unwrap();
        let file = common::name(&path);
        let bounds = boundaries(&original);
        let mut data = original.clone();
        let mut tally = Tally::default();
        while tally.cases < 2000 {
            // Half the flips anywhere, half in the first bytes of a header,
            // where sizes, flags and signatures live.
            let at = if tally.cases % 2 == 0 {
                rng.below(data.len())
            } else {
                bounds[rng.below(bounds.len())] + rng.below(24)
            };
            if at >= data.len() {
                continue;
            }
            let mask = 1 + rng.below(255) as u8;
            data[at] ^= mask;
            tally.run(&data, Some(at), &|| {
                format!("{file} with byte {at} xor 0x{mask:02X}")
            });
            data[at] = original[at];
        }
        eprintln!("{file}, byte flips: {tally:?}");
        // Flips land in sizes (errors) and in field values (clean reads).
        assert!(
            tally.clean > 0 && tally.clean < tally.cases,
            "{file}: {tally:?}"
        );
    }
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn byte_flips_inside_compressed_records_fail_cleanly() {
    // Flips in stored compressed bytes mostly break the zlib stream; these
    // damage the decompressed subrecords and compress them again, so the
    // subrecord checks run on data that only exists after inflating.
    let mut rng = XorShift(0x2545_F491_4F6C_DD1D);
    let mut files_with_compressed_records = 0;
    for path in common::plugins() {
        let original = std::fs::read(&path).unwrap();
        let file = common::name(&path);
        let p = Plugin::parse(&original).unwrap();
        let compressed: Vec<usize> = p
            .records()
            .enumerate()
            .filter(|(_, r)| r.header.is_compressed())
            .map(|(i, _)| i)
            .collect();
        if compressed.is_empty() {
            continue;
        }
        files_with_compressed_records += 1;
        let mut tally = Tally::default();
        for &idx in &compressed {
            let rec = p.records().nth(idx).unwrap();
            let (rec_at, raw) = (rec.offset as usize, rec.data(p.game).unwrap().into_owned());
            if raw.is_empty() {
                continue;
            }
            for _ in 0..20 {
                let mut damaged = raw.clone();
                let at = rng.below(damaged.len());
                let mask = 1 + rng.below(255) as u8;
                damaged[at] ^= mask;
                let mut q = p.clone();
                let mut i = 0;
                q.for_each_record_mut(|r| {
                    if i == idx {
                        r.body = Body::Stored(Cow::Owned(compress_record_data(&damaged).unwrap()));
                    }
                    i += 1;
                });
                let bytes = q.to_bytes().unwrap();
                tally.run(&bytes, Some(rec_at), &|| {
                    format!("{file}, compressed record {idx}, inflated byte {at} xor 0x{mask:02X}")
                });
            }
        }
        eprintln!("{file}, flips inside compressed records: {tally:?}");
        assert!(tally.cases >= 20, "{file}: {tally:?}");
    }
    assert!(
        files_with_compressed_records > 0,
        "no corpus plugin has compressed records"
    );
}

// ---- hand-made hostile inputs ----------------------------------------

const HL: usize = 24;

fn record(sig: &[u8; 4], flags: u32, form_id: u32, data: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    out.extend_from_slice(sig);
    out.extend_from_slice(&(data.len() as u32).to_le_bytes());
    out.extend_from_slice(&flags.to_le_bytes());
    out.extend_from_slice(&form_id.to_le_bytes());
    out.extend_from_slice(&[0; 4]);
    out.extend_from_slice(&44u16.to_le_bytes());
    out.extend_from_slice(&[0; 2]);
    out.extend_from_slice(data);
    out
}

fn subrecord(sig: &[u8; 4], data: &[u8]) -> Vec<u8> {
    let mut out = sig.to_vec();
    out.extend_from_slice(&(data.len() as u16).to_le_bytes());
    out.extend_from_slice(data);
    out
}

/// A Skyrim group header stating `size`, followed by `contents`.
fn group_with_size(label: &[u8; 4], group_type: i32, size: u32, contents: &[u8]) -> Vec<u8> {
    let mut out = b"GRUP".to_vec();
    out.extend_from_slice(&size.to_le_bytes());
    out.extend_from_slice(label);
    out.extend_from_slice(&group_type.to_le_bytes());
    out.extend_from_slice(&[0; 8]);
    out.extend_from_slice(contents);
    out
}

fn group(label: &[u8; 4], group_type: i32, contents: &[u8]) -> Vec<u8> {
    group_with_size(label, group_type, (HL + contents.len()) as u32, contents)
}

/// A Skyrim plugin: a TES4 header, then `body`.
fn plugin(body: &[u8]) -> Vec<u8> {
    let mut hedr = 1.7f32.to_le_bytes().to_vec();
    hedr.extend_from_slice(&1i32.to_le_bytes());
    hedr.extend_from_slice(&0x800u32.to_le_bytes());
    let mut out = record(b"TES4", 0, 0, &subrecord(b"HEDR", &hedr));
    out.extend_from_slice(body);
    out
}

/// A plugin with one top group holding one record of `data`.
fn plugin_with_record(flags: u32, data: &[u8]) -> (Vec<u8>, usize) {
    let tes4_len = plugin(&[]).len();
    let rec = record(b"GMST", flags, 0x0100_0800, data);
    let bytes = plugin(&group(b"GMST", 0, &rec));
    (bytes, tes4_len + HL)
}

/// Walks every record of a plugin that must parse, returning the first
/// subrecord error.
fn walk_err(data: &[u8]) -> Error {
    let plugin = Plugin::parse(data).expect("the damage is inside a record");
    assert_eq!(plugin.game, Game::Skyrim);
    let err = plugin
        .records()
        .find_map(|r| r.for_each_subrecord(plugin.game, |_| {}).err());
    err.expect("walking the damaged record fails")
}

#[test]
fn hand_made_plugins_parse_as_intended() {
    // The hostile cases below differ from this one only by the damage.
    let (data, rec_at) = plugin_with_record(0, &subrecord(b"EDID", b"fine\0"));
    let p = Plugin::parse(&data).unwrap();
    let rec = p.records().next().unwrap();
    assert_eq!(rec.offset, rec_at as u64);
    rec.for_each_subrecord(p.game, |s| assert_eq!(s.data, b"fine\0"))
        .unwrap();
    assert_eq!(p.to_bytes().unwrap(), data);
    check(&data, None, &|| "valid hand-made plugin".into());
}

#[test]
fn subrecord_size_past_the_end_of_its_record() {
    let mut sub = subrecord(b"EDID", b"abc");
    sub[4..6].copy_from_slice(&0x100u16.to_le_bytes());
    let (data, rec_at) = plugin_with_record(0, &sub);
    let e = walk_err(&data);
    assert_eq!(e.kind, ErrorKind::Truncated);
    assert_eq!(e.offset, (rec_at + HL + 6) as u64);
    assert!(
        e.message
            .contains("EDID data: needs 256 bytes, only 3 remain"),
        "{e}"
    );
    assert!(e.to_string().contains("GMST 0x01000800"), "{e}");
    check(&data, None, &|| "subrecord size past the end".into());
}

#[test]
fn group_size_smaller_than_its_header() {
    let tes4_len = plugin(&[]).len();
    let data = plugin(&group_with_size(b"GMST", 0, 10, &[]));
    let e = Plugin::parse(&data).unwrap_err();
    assert_eq!(e.kind, ErrorKind::Invalid);
    assert_eq!(e.offset, (tes4_len + 4) as u64);
    assert!(
        e.message
            .contains("group size 10 is smaller than its 24-byte header"),
        "{e}"
    );
    assert!(e.to_string().contains("GRUP GMST (top)"), "{e}");
    check(&data, None, &|| "group size smaller than header".into());
}

#[test]
fn group_size_past_the_end_of_the_file() {
    let tes4_len = plugin(&[]).len();
    let rec = record(b"GMST", 0, 0x800, &subrecord(b"EDID", b"x\0"));
    let data = plugin(&group_with_size(b"GMST", 0, 1_000_000, &rec));
    let e = Plugin::parse(&data).unwrap_err();
    assert_eq!(e.kind, ErrorKind::Truncated);
    assert_eq!(e.offset, (tes4_len + HL) as u64);
    assert!(
        e.message.contains(&format!(
            "group contents (size from group header): needs {} bytes, only {} remain",
            1_000_000 - HL,
            rec.len()
        )),
        "{e}"
    );
    check(&data, None, &|| "group size past the end".into());
}

#[test]
fn record_size_past_the_end_of_its_group() {
    let mut rec = record(b"GMST", 0, 0x800, &subrecord(b"EDID", b"x\0"));
    rec[4..8].copy_from_slice(&u32::MAX.to_le_bytes());
    let tes4_len = plugin(&[]).len();
    let data = plugin(&group(b"GMST", 0, &rec));
    let e = Plugin::parse(&data).unwrap_err();
    assert_eq!(e.kind, ErrorKind::Truncated);
    assert_eq!(e.offset, (tes4_len + 2 * HL) as u64);
    assert!(
        e.message.contains("record data: needs 4294967295 bytes"),
        "{e}"
    );
    assert!(e.to_string().contains("GMST 0x00000800 at 0x"), "{e}");
}

#[test]
fn compressed_record_claiming_4_gib() {
    let mut stored = compress_record_data(&subrecord(b"EDID", b"x\0")).unwrap();
    stored[0..4].copy_from_slice(&u32::MAX.to_le_bytes());
    let (data, rec_at) = plugin_with_record(FLAG_COMPRESSED, &stored);
    let e = walk_err(&data);
    assert_eq!(e.kind, ErrorKind::Decompress);
    assert_eq!(e.offset, (rec_at + HL) as u64);
    assert!(
        e.message.contains(&format!(
            "claims 4294967295 bytes, more than the {MAX_DECOMPRESSED_SIZE}-byte limit"
        )),
        "{e}"
    );
    check(&data, None, &|| "compressed record claiming 4 GiB".into());
}

#[test]
fn zlib_bomb_stops_at_the_stated_size() {
    // 64 MiB of zeros deflate to about 64 KiB; the record says 100 bytes.
    let mut stored = compress_record_data(&vec![0u8; 64 << 20]).unwrap();
    stored[0..4].copy_from_slice(&100u32.to_le_bytes());
    let (data, rec_at) = plugin_with_record(FLAG_COMPRESSED, &stored);
    let e = walk_err(&data);
    assert_eq!(e.kind, ErrorKind::Decompress);
    assert_eq!(e.offset, (rec_at + HL) as u64);
    assert!(
        e.message
            .contains("states 100 decompressed bytes, the stream yields more"),
        "{e}"
    );
}

/// Regression: the message used to read "the stream yields  8", with a
/// doubled space.
#[test]
fn compressed_stream_shorter_than_stated() {
    let mut stored = compress_record_data(&subrecord(b"EDID", b"x\0")).unwrap();
    stored[0..4].copy_from_slice(&1000u32.to_le_bytes());
    let (data, rec_at) = plugin_with_record(FLAG_COMPRESSED, &stored);
    let e = walk_err(&data);
    assert_eq!(e.kind, ErrorKind::Decompress);
    assert_eq!(e.offset, (rec_at + HL) as u64);
    assert!(
        e.message
            .ends_with("states 1000 decompressed bytes, the stream yields 8"),
        "{e}"
    );
}

#[test]
fn compressed_record_too_short_for_its_size_field() {
    let (data, rec_at) = plugin_with_record(FLAG_COMPRESSED, &[1, 2]);
    let e = walk_err(&data);
    assert_eq!(e.kind, ErrorKind::Truncated);
    assert_eq!(e.offset, (rec_at + HL) as u64);
    assert!(
        e.message.contains("decompressed size of compressed record"),
        "{e}"
    );
}

/// Regression: a bad subrecord inside decompressed data used to be
/// reported at its offset in the decompressed bytes, which can lie past
/// the end of the file.
#[test]
fn error_inside_decompressed_data_points_into_the_file() {
    let mut raw = vec![0u8; 50_000];
    raw[..4].copy_from_slice(b"DATA");
    raw[4..6].copy_from_slice(&40_000u16.to_le_bytes());
    // After DATA's 40,000 bytes, a subrecord that overruns the data.
    raw[40_006..40_010].copy_from_slice(b"EDID");
    raw[40_010..40_012].copy_from_slice(&20_000u16.to_le_bytes());
    let (data, rec_at) = plugin_with_record(FLAG_COMPRESSED, &compress_record_data(&raw).unwrap());
    assert!(
        data.len() < 40_006,
        "the fault must lie past the end of the file"
    );
    let e = walk_err(&data);
    assert_eq!(e.kind, ErrorKind::Truncated);
    assert_eq!(e.offset, (rec_at + HL) as u64);
    assert!(
        e.message
            .contains("EDID data: needs 20000 bytes, only 9988 remain")
            && e.message.contains("at byte 40012 of the decompressed data"),
        "{e}"
    );
    check(&data, None, &|| "bad subrecord in compressed data".into());
}

#[test]
fn xxxx_with_a_huge_size() {
    let mut sub = b"XXXX\x04\x00".to_vec();
    sub.extend_from_slice(&u32::MAX.to_le_bytes());
    sub.extend_from_slice(b"DATA\x00\x00some bytes");
    let (data, rec_at) = plugin_with_record(0, &sub);
    let e = walk_err(&data);
    assert_eq!(e.kind, ErrorKind::Truncated);
    assert_eq!(e.offset, (rec_at + HL + 16) as u64);
    assert!(
        e.message
            .contains("DATA data (size from XXXX): needs 4294967295 bytes, only 10 remain"),
        "{e}"
    );
    check(&data, None, &|| "XXXX with a huge size".into());
}

#[test]
fn xxxx_with_the_wrong_own_size() {
    let sub = b"XXXX\x08\x00\x01\x00\x00\x00\x00\x00\x00\x00".to_vec();
    let (data, rec_at) = plugin_with_record(0, &sub);
    let e = walk_err(&data);
    assert_eq!(e.kind, ErrorKind::Invalid);
    assert_eq!(e.offset, (rec_at + HL + 4) as u64);
    assert!(
        e.message
            .contains("XXXX subrecord: expected size 4, found 8"),
        "{e}"
    );
}

#[test]
fn deeply_nested_groups_are_refused_without_exhausting_the_stack() {
    // Far deeper than the limit: parsing must stop at the limit, not
    // recurse through all of them.
    let depth = 100_000;
    let mut body = Vec::with_capacity(depth * HL);
    for level in 0..depth {
        let size = ((depth - level) * HL) as u32;
        body.extend_from_slice(&group_with_size(b"GMST", 1, size, &[]));
    }
    let tes4_len = plugin(&[]).len();
    let data = plugin(&body);
    let e = Plugin::parse(&data).unwrap_err();
    assert_eq!(e.kind, ErrorKind::Invalid);
    assert_eq!(e.offset, (tes4_len + 32 * HL) as u64);
    assert!(e.message.contains("groups nested more than 32 deep"), "{e}");
    check(&data, None, &|| "groups nested 100,000 deep".into());
    // Nesting within the limit is fine.
    let mut nested = Vec::new();
    for _ in 0..20 {
        nested = group(b"GMST", 1, &nested);
    }
    let data = plugin(&nested);
    assert_eq!(Plugin::parse(&data).unwrap().groups().count(), 20);
}

/// Regression: a file cut inside its TES4 header was reported at offset
/// 20, past the end of a shorter file.
#[test]
fn file_cut_inside_the_tes4_header() {
    let data = plugin(&[]);
    for cut in [4, 12, 19, 22, 26] {
        let e = Plugin::parse(&data[..cut]).unwrap_err();
        assert!(e.offset <= cut as u64, "cut at {cut}: {e}");
        assert!(e.message.contains("TES4"), "cut at {cut}: {e}");
    }
    let e = Plugin::parse(&data[..12]).unwrap_err();
    assert_eq!(e.kind, ErrorKind::Truncated);
    assert_eq!(e.offset, 12);
}

#[test]
fn not_a_plugin() {
    let e = Plugin::parse(b"").unwrap_err();
    assert_eq!((e.kind, e.offset), (ErrorKind::Invalid, 0));
    let e = Plugin::parse(b"TES3\0\0\0\0").unwrap_err();
    assert!(e.message.contains("found TES3"), "{e}");
}

#[test]
fn walking_compressed_records_from_inside_a_walk() {
    // The walk of a compressed record reuses a per-thread buffer; a walk
    // started from inside another must not disturb the outer one.
    let inner_raw = subrecord(b"EDID", b"inner\0");
    let outer_raw = [
        subrecord(b"EDID", b"outer\0"),
        subrecord(b"DATA", &[9; 300]),
    ]
    .concat();
    let body = [
        record(
            b"GMST",
            FLAG_COMPRESSED,
            0x801,
            &compress_record_data(&outer_raw).unwrap(),
        ),
        record(
            b"GMST",
            FLAG_COMPRESSED,
            0x802,
            &compress_record_data(&inner_raw).unwrap(),
        ),
    ]
    .concat();
    let data = plugin(&group(b"GMST", 0, &body));
    let p = Plugin::parse(&data).unwrap();
    let recs: Vec<_> = p.records().collect();
    let mut seen = Vec::new();
    recs[0]
        .for_each_subrecord(p.game, |s| {
            recs[1]
                .for_each_subrecord(p.game, |t| assert_eq!(t.data, b"inner\0"))
                .unwrap();
            seen.push((s.sig.to_string(), s.data.to_vec()));
        })
        .unwrap();
    assert_eq!(
        seen,
        [
            ("EDID".into(), b"outer\0".to_vec()),
            ("DATA".into(), vec![9; 300])
        ]
    );
}

#[test]
fn scan_visits_groups_before_what_they_hold() {
    let rec = record(b"REFR", 0, 0x805, &subrecord(b"NAME", &[1, 2, 3, 4]));
    let cell = record(b"CELL", 0, 0x804, &[]);
    let data = plugin(&group(
        b"CELL",
        0,
        &[cell, group(b"\x04\x08\0\0", 6, &rec)].concat(),
    ));
    let mut seen = Vec::new();
    let game = plugin::scan(&data, |item| {
        seen.push(match item {
            ScanItem::Group { header, depth, .. } => format!("{depth} GRUP {}", header.label()),
            ScanItem::Record { header, depth, .. } => {
                format!("{depth} {} {}", header.sig, header.form_id)
            }
        })
    })
    .unwrap();
    assert_eq!(game, Game::Skyrim);
    assert_eq!(
        seen,
        [
            "0 GRUP CELL",
            "1 CELL 0x00000804",
            "1 GRUP 0x00000804",
            "2 REFR 0x00000805"
        ]
    );
}

#[test]
fn parallel_walk_reports_the_first_damaged_record_in_file_order() {
    // Enough records that rayon splits them between threads.
    let mut body = Vec::new();
    let mut offsets = Vec::new();
    let tes4_len = plugin(&[]).len();
    for i in 0..3000u32 {
        let mut sub = subrecord(b"EDID", b"rec\0");
        if i == 1200 || i == 2900 {
            sub[4] = 0xFF; // size past the end of the record
        }
        offsets.push(tes4_len + HL + body.len());
        body.extend_from_slice(&record(b"GMST", 0, 0x800 + i, &sub));
    }
    let data = plugin(&group(b"GMST", 0, &body));
    let p = Plugin::parse(&data).unwrap();
    for _ in 0..20 {
        let e = p.par_for_each_subrecord(|_, _| {}).unwrap_err();
        assert_eq!(e.offset, (offsets[1200] + HL + 6) as u64, "{e}");
        assert!(e.to_string().contains("GMST 0x00000CB0"), "{e}");
    }
}
