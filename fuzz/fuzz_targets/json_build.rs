//! Building a plugin from any JSON ends in a plugin or an error, and a
//! plugin that builds dumps and builds again to the same bytes. Built from
//! its text a record at a time, as `esscribe build` builds it, a document
//! gives what it gives read whole. Inputs that are plugins are first
//! dumped, so the fuzzer reaches deep into declared records.
#![no_main]

use esscribe::json::{plugin_from_json, plugin_to_json};
use esscribe::plugin::Plugin;
use libfuzzer_sys::fuzz_target;

fn build_twice(doc: &serde_json::Value) {
    let Ok(plugin) = plugin_from_json(doc) else {
        return;
    };
    let Ok(bytes) = plugin.to_bytes() else {
        return;
    };
    let parsed = Plugin::parse_as(&bytes, plugin.game).expect("built bytes parse");
    let again = plugin_to_json(&parsed, "Fuzz.esp").expect("a parsed plugin dumps");
    let rebuilt = plugin_from_json(&again).expect("a dump builds");
    assert!(
        rebuilt.to_bytes().expect("writes") == bytes,
        "dump → build changed the bytes"
    );
}

/// The document `text` built a record at a time, and built whole: both
/// build the same bytes, or both refuse it.
fn built_alike(text: &[u8], doc: Option<&serde_json::Value>) {
    let streamed = esscribe::json::build_plugin_from_text(text, &|_| {}).map(|b| b.bytes);
    // Read straight where it can, or record by record as values: the same
    // bytes, or the same refusal.
    let as_values = esscribe::json::build_plugin_from_values(text, &|_| {}).map(|b| b.bytes);
    match (&streamed, &as_values) {
        (Ok(a), Ok(b)) => assert!(a == b, "built straight and as values, the bytes differ"),
        (Err(a), Err(b)) => assert_eq!(a.to_string(), b.to_string()),
        (Ok(_), Err(e)) => panic!("built straight, refused as values: {e}"),
        (Err(e), Ok(_)) => panic!("built as values, refused straight: {e}"),
    }
    let whole = doc.map(|doc| esscribe::json::build_plugin(doc).and_then(|b| b.plugin.to_bytes()));
    match (whole, streamed) {
        (Some(Ok(a)), Ok(b)) => assert!(a == b, "built whole and from text, the bytes differ"),
        (Some(Ok(_)), Err(e)) => panic!("built whole, refused from text: {e}"),
        (None | Some(Err(_)), Ok(_)) => panic!("built from text, refused whole"),
        (None | Some(Err(_)), Err(_)) => {}
    }
}

fuzz_target!(|data: &[u8]| {
    // Read as `esscribe build` reads it: a key given twice is refused.
    let doc = esscribe::json_text::from_slice(data).ok();
    built_alike(data, doc.as_ref());
    if let Some(doc) = doc {
        build_twice(&doc);
    } else if let Ok(plugin) = Plugin::parse(data) {
        if let Ok(doc) = plugin_to_json(&plugin, "Fuzz.esp") {
            build_twice(&doc);
        }
    }
});
