//! Any bytes read as a Skyrim save end in a save or an error; a save that
//! reads checks, decodes its Papyrus block or says why not, and writes
//! back exactly as read.
#![no_main]

use esscribe::save::skyrim::SkyrimSave;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(save) = SkyrimSave::parse(data) else {
        return;
    };
    let _ = save.check();
    if let Some(Ok(p)) = save.papyrus() {
        let _ = p.handles_in_use();
    }
    let _ = esscribe::save::skyrim::clean::find(&save, None);
    let back = save.to_bytes().expect("a read save writes");
    assert!(back == data, "read then write changed the bytes");
});
