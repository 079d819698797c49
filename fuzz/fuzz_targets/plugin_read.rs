//! Parse (sequentially, in parallel, header scan), decode the header, walk
//! every subrecord (decompressing) and read every declared record by its
//! declaration.
//! Any outcome is fine except a panic, a hang or an error pointing
//! outside the input.
#![no_main]

use esscribe::plugin::Plugin;
use libfuzzer_sys::fuzz_target;

fn in_input(e: &esscribe::Error, data: &[u8]) {
    assert!(
        e.offset <= data.len() as u64,
        "error offset past the end of the {}-byte input: {e}",
        data.len()
    );
}

fuzz_target!(|data: &[u8]| {
    let parsed = Plugin::parse(data);
    // The parallel parse (used for large files) must agree, errors included.
    match (&parsed, Plugin::parse_parallel(data)) {
        (Ok(a), Ok(b)) => assert!(*a == b, "parallel parse differs"),
        (Err(a), Err(b)) => assert_eq!(*a, b, "parallel parse fails differently"),
        (a, b) => panic!("sequential parse gave {a:?}, parallel {b:?}"),
    }
    // The header scan checks what the parse checks.
    let mut records = 0usize;
    let scan = esscribe::plugin::scan(data, |item| {
        records += matches!(item, esscribe::plugin::ScanItem::Record { .. }) as usize
    });
    match (&parsed, scan) {
        (Ok(p), Ok(_)) => assert_eq!(p.records().count(), records),
        (Err(a), Err(b)) => assert_eq!(*a, b, "scan fails differently from parse"),
        (a, b) => panic!("parse gave {a:?}, scan {b:?}"),
    }
    let plugin = match parsed {
        Ok(p) => p,
        Err(e) => return in_input(&e, data),
    };
    if let Err(e) = plugin.info() {
        in_input(&e, data);
    }
    let ctx = esscribe::json::form_ctx(&plugin, "Fuzz.esp");
    for rec in plugin.records() {
        let mut n = 0usize;
        if let Err(e) = rec.for_each_subrecord(plugin.game, |s| n += s.data.len()) {
            in_input(&e, data);
        }
        std::hint::black_box(n);
        if let Err(e) =
            esscribe::schema::record_coverage(rec, esscribe::defs::catalog(plugin.game), &ctx)
        {
            in_input(&e, data);
        }
        // Shown as JSON, a record builds back the very subrecords it was
        // read from, whatever was decoded and whatever kept as bytes.
        if let (Ok(original), Ok(shown)) = (
            rec.subrecords(plugin.game),
            esscribe::json::record_to_json(rec, plugin.game, &ctx),
        ) {
            let built = esscribe::json::record_from_json(&shown.value, plugin.game, "record")
                .expect("a record's own JSON builds");
            assert!(
                built.subrecords(plugin.game).ok() == Some(original),
                "{}: its JSON builds back other subrecords",
                rec.describe()
            );
        }
    }
});
