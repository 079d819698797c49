//! A save that reads writes back exactly as read, and again the same.
#![no_main]

use esscribe::save::SaveFile;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(save) = SaveFile::parse(data) else {
        return;
    };
    let first = save.to_bytes().expect("a read save writes");
    assert!(first == data, "read then write changed the bytes");
    let again = SaveFile::parse(&first).expect("written bytes read");
    assert!(again.to_bytes().expect("writes") == first);
});
