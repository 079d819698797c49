//! Reading any bytes as a save ends in a save or an error whose offset is
//! inside the input; a save that reads resolves its references and sums
//! its statistics without panicking.
#![no_main]

use esscribe::save::SaveFile;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    match SaveFile::parse(data) {
        Ok(save) => {
            let _ = save.stats();
            for c in &save.changes {
                let _ = c.data_bytes();
            }
        }
        Err(e) => assert!(
            e.offset <= data.len() as u64,
            "error offset past the end: {e}"
        ),
    }
});
