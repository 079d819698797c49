//! Edits of real dumps, then build: the input picks a dump (the sample
//! plugin's JSON, or a dump of a plugin of the shared corpus when it is
//! beside the project) and up to eight edits to make to it (see
//! `fuzz/json_edits.rs`). Build must refuse with an error, or give a plugin
//! that reads back by its declarations and dumps and builds again to the
//! same bytes.
#![no_main]

#[path = "../json_edits.rs"]
mod json_edits;

use libfuzzer_sys::fuzz_target;
use serde_json::Value;
use std::sync::OnceLock;

/// The dumps edits start from.
fn dumps() -> &'static [Value] {
    static DUMPS: OnceLock<Vec<Value>> = OnceLock::new();
    DUMPS.get_or_init(|| {
        let mut out =
            vec![
                serde_json::from_str(include_str!("../../samples/sample-oblivion.json"))
                    .expect("the sample is JSON"),
            ];
        let corpus = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/corpus");
        for rel in [
            "oblivion-plugins/OblivionOnline.esp",
            "skyrim-plugins/UndeadTrinity_PACKonly.esp",
            "skyrim-plugins/CampfireTutorial_Shack.esp",
        ] {
            let path = corpus.join(rel);
            let Ok(data) = std::fs::read(&path) else {
                continue;
            };
            let plugin = esscribe::plugin::Plugin::parse(&data).expect("a corpus plugin parses");
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            out.push(esscribe::json::plugin_to_json(&plugin, &name).expect("it dumps"));
        }
        out
    })
}

fuzz_target!(|data: &[u8]| {
    let Some((&pick, script)) = data.split_first() else {
        return;
    };
    let dumps = dumps();
    let mut doc = dumps[pick as usize % dumps.len()].clone();
    json_edits::apply(&mut doc, script);
    json_edits::check(&doc);
});
