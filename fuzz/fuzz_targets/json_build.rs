//! Building a plugin from any JSON ends in a plugin or an error, and a
//! plugin that builds dumps and builds again to the same bytes. Inputs
//! that are plugins are first dumped, so the fuzzer reaches deep into
//! declared records.
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

fuzz_target!(|data: &[u8]| {
    // Read as `esscribe build` reads it: a key given twice is refused.
    if let Ok(doc) = esscribe::json_text::from_slice(data) {
        build_twice(&doc);
    } else if let Ok(plugin) = Plugin::parse(data) {
        if let Ok(doc) = plugin_to_json(&plugin, "Fuzz.esp") {
            build_twice(&doc);
        }
    }
});
