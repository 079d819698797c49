//! A save that reads writes back exactly as read, and again the same;
//! each change record's fields in the record model encode to its bytes.
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
    let ctx = save.form_ctx();
    for c in &save.changes {
        let fields = c.fields(&ctx);
        assert!(fields.encode_data().ok() == Some(c.data_bytes()), "fields lost bytes");
    }
});
