//! Whatever parses writes back exactly as read, and the written bytes
//! parse and write again to the same bytes.
#![no_main]

use esscribe::plugin::Plugin;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(plugin) = Plugin::parse(data) else {
        return;
    };
    let first = plugin.to_bytes().expect("a parsed plugin writes");
    assert!(first == data, "parse then write changed the bytes");
    let again = Plugin::parse(&first).expect("written bytes parse");
    let second = again.to_bytes().expect("a parsed plugin writes");
    assert!(second == first, "second write differs from the first");
});
