//! The shared corpus of real game files.
//!
//! Every test that reads it carries
//! `#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]`:
//! the build script sets `corpus` where the folder is there (and always
//! under CI), so a missing corpus shows as ignored tests, never as passes.
//! Inside such a test a missing file is a failure.
#![allow(dead_code)]

use std::path::{Path, PathBuf};

/// The corpus folder (`ESSCRIBE_CORPUS`, or `../shared/corpus` beside the
/// project); fails the test where it is absent.
pub fn corpus_dir() -> PathBuf {
    let dir = match std::env::var_os("ESSCRIBE_CORPUS") {
        Some(dir) => PathBuf::from(dir),
        None => Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/corpus"),
    };
    assert!(
        dir.is_dir(),
        "the real-file corpus is not at {}: tests on real data need ../shared/corpus beside the project",
        dir.display()
    );
    dir
}

fn files_with(exts: &[&str]) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![corpus_dir()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                stack.push(p);
            } else if p
                .extension()
                .and_then(|e| e.to_str())
                .is_some_and(|e| exts.iter().any(|x| e.eq_ignore_ascii_case(x)))
            {
                out.push(p);
            }
        }
    }
    out.sort();
    assert!(
        !out.is_empty(),
        "no {exts:?} files in the corpus at {}",
        corpus_dir().display()
    );
    out
}

/// Every plugin in the corpus (at least one).
pub fn plugins() -> Vec<PathBuf> {
    files_with(&["esm", "esp", "esl"])
}

/// Every save game in the corpus (at least one).
pub fn saves() -> Vec<PathBuf> {
    files_with(&["ess"])
}

/// Every save game in the corpus that `game` wrote, told from the file
/// itself (at least one).
pub fn saves_of(game: esscribe::plugin::Game) -> Vec<PathBuf> {
    let saves: Vec<PathBuf> = saves()
        .into_iter()
        .filter(|p| esscribe::save::game_of_save(&head(p)) == Some(game))
        .collect();
    assert!(!saves.is_empty(), "no {game:?} saves in the corpus");
    saves
}

/// The first bytes of a file, enough to tell what it is.
fn head(path: &Path) -> Vec<u8> {
    use std::io::Read;
    let mut head = Vec::new();
    std::fs::File::open(path)
        .unwrap()
        .take(64)
        .read_to_end(&mut head)
        .unwrap();
    head
}

/// A corpus file's path, by its path below the corpus folder; fails the
/// test where it is absent.
pub fn path(rel: &str) -> PathBuf {
    let p = corpus_dir().join(rel);
    assert!(p.is_file(), "corpus file {} is missing", p.display());
    p
}

/// A corpus file's bytes, by its path below the corpus folder.
pub fn file(rel: &str) -> Vec<u8> {
    std::fs::read(path(rel)).unwrap()
}

/// A file's name, as the plugin names itself.
pub fn name(path: &Path) -> String {
    path.file_name().unwrap().to_string_lossy().into_owned()
}

/// An example program of the library, as `cargo test` builds it (it
/// builds every example before running the tests).
pub fn example(name: &str) -> PathBuf {
    let exe = std::env::current_exe().unwrap();
    let dir = exe.parent().unwrap().parent().unwrap().join("examples");
    let path = dir.join(format!("{name}{}", std::env::consts::EXE_SUFFIX));
    assert!(
        path.is_file(),
        "{} is not built: `cargo test` builds the examples (or `cargo build --examples`)",
        path.display()
    );
    path
}

/// A plugin named Oblivion.esm holding one NPC of OblivionOnline.esp as
/// the record 0x0002EE72, which the player of save002.ess carries 17 of.
pub fn oblivion_esm_with_one_record() -> Vec<u8> {
    oblivion_esm_with("NPC_", "0x0002EE72")
}

/// A plugin named Oblivion.esm holding the first record of OblivionOnline.esp
/// in the top group `label`, as the record `form_id`, with only its editor
/// ID and name (its other fields would refer to plugins it does not have).
pub fn oblivion_esm_with(label: &str, form_id: &str) -> Vec<u8> {
    let bytes = file("oblivion-plugins/OblivionOnline.esp");
    let plugin = esscribe::Plugin::parse(&bytes).unwrap();
    let mut doc = esscribe::json::plugin_to_json(&plugin, "OblivionOnline.esp").unwrap();
    doc["file"] = "Oblivion.esm".into();
    doc["header"]["fields"]["masters"] = serde_json::json!([]);
    let entries = doc["entries"].as_array_mut().unwrap();
    entries.retain(|g| g["label"] == label);
    let records = entries[0]["entries"].as_array_mut().unwrap();
    records.truncate(1);
    records[0]["form_id"] = form_id.into();
    let fields = records[0]["fields"].as_object_mut().unwrap();
    fields.retain(|k, _| k == "editor_id" || k == "name");
    let built = esscribe::json::build_plugin(&doc).unwrap();
    built.plugin.to_bytes().unwrap()
}

/// A plugin `name` depending on Campfire.esm that holds only its mortar
/// and pestle (MISC 0x02038689, value 25), changed by `edit`; `campfire`
/// is Campfire.esm as JSON.
pub fn campfire_mortar_plugin(
    campfire: &serde_json::Value,
    name: &str,
    edit: impl FnOnce(&mut serde_json::Value),
) -> Vec<u8> {
    let mut doc = campfire.clone();
    doc["file"] = name.into();
    doc["header"]["fields"]["masters"]
        .as_array_mut()
        .unwrap()
        .push(serde_json::json!({"file": "Campfire.esm", "file_size": 0}));
    let entries = doc["entries"].as_array_mut().unwrap();
    entries.retain(|g| g["label"] == "MISC");
    let records = entries[0]["entries"].as_array_mut().unwrap();
    records.retain(|r| r["form_id"] == "0x02038689 (Campfire.esm)");
    assert_eq!(records.len(), 1);
    assert_eq!(records[0]["fields"]["data"]["value"], 25);
    edit(&mut records[0]);
    let built = esscribe::json::build_plugin(&doc).unwrap();
    built.plugin.to_bytes().unwrap()
}

/// The names of the files in a folder, sorted.
pub fn listing(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

/// The corpus plugin made localized by [`localized_chair`].
pub const LOCALIZED_CHAIR: &str = "CampfireTutorial_Chair.esp";

/// Every record of type `sig` in a plugin's JSON form.
pub fn json_records<'v>(
    v: &'v mut serde_json::Value,
    sig: &str,
    out: &mut Vec<&'v mut serde_json::Value>,
) {
    use serde_json::Value;
    match v {
        Value::Object(m) if m.get("type").and_then(Value::as_str) == Some(sig) => out.push(v),
        Value::Object(m) => m.values_mut().for_each(|x| json_records(x, sig, out)),
        Value::Array(a) => a.iter_mut().for_each(|x| json_records(x, sig, out)),
        _ => {}
    }
}

/// [`LOCALIZED_CHAIR`] made localized: the MISC's name is string 4660,
/// the FURN's string 77.
pub fn localized_chair() -> Vec<u8> {
    let data = file(&format!("skyrim-plugins/{LOCALIZED_CHAIR}"));
    let plugin = esscribe::Plugin::parse(&data).unwrap();
    let mut doc = esscribe::json::plugin_to_json(&plugin, LOCALIZED_CHAIR).unwrap();
    doc["header"]["flags"] = serde_json::Value::from("0x00000080");
    for (sig, id) in [("MISC", 4660), ("FURN", 77)] {
        let mut recs = Vec::new();
        json_records(&mut doc["entries"], sig, &mut recs);
        recs[0]["fields"]["name"] = serde_json::json!({ "string_id": id });
    }
    esscribe::json::plugin_from_json(&doc)
        .unwrap()
        .to_bytes()
        .unwrap()
}

/// String tables for [`localized_chair`]: 4660 "Iron Sword" (and 1
/// "other") in `.STRINGS`, 77 "Chaise là" in `.DLSTRINGS`, an empty
/// `.ILSTRINGS`.
pub fn localized_chair_tables() -> Vec<(esscribe::plugin::strings::StringKind, Vec<u8>)> {
    use esscribe::plugin::strings::{build_table, StringKind};
    vec![
        (
            StringKind::Strings,
            build_table(StringKind::Strings, &[(1, b"other"), (4660, b"Iron Sword")]),
        ),
        (
            StringKind::DlStrings,
            build_table(StringKind::DlStrings, &[(77, b"Chaise l\xe0")]),
        ),
        (
            StringKind::IlStrings,
            build_table(StringKind::IlStrings, &[]),
        ),
    ]
}

/// A localized Skyrim plugin made of exact bytes, needing no master: the
/// header (flag 0x80), then one MISC, `_Test_Ladle` (form ID 0x00000800),
/// whose name is string 4660.
pub fn localized_ladle() -> Vec<u8> {
    fn subrecords(subs: &[(&[u8; 4], &[u8])]) -> Vec<u8> {
        let mut out = Vec::new();
        for (sig, data) in subs {
            out.extend_from_slice(&sig[..]);
            out.extend_from_slice(&(data.len() as u16).to_le_bytes());
            out.extend_from_slice(data);
        }
        out
    }
    let record = skyrim_record;
    let mut hedr = 1.7f32.to_le_bytes().to_vec();
    hedr.extend_from_slice(&1u32.to_le_bytes());
    hedr.extend_from_slice(&0x801u32.to_le_bytes());
    let mut out = record(
        b"TES4",
        0x80,
        0,
        &subrecords(&[(b"HEDR", &hedr), (b"CNAM", b"esscribe\0")]),
    );
    let mut data = 10u32.to_le_bytes().to_vec();
    data.extend_from_slice(&1.5f32.to_le_bytes());
    let misc = record(
        b"MISC",
        0,
        0x800,
        &subrecords(&[
            (b"EDID", b"_Test_Ladle\0"),
            (b"FULL", &4660u32.to_le_bytes()),
            (b"DATA", &data),
        ]),
    );
    out.extend_from_slice(b"GRUP");
    out.extend_from_slice(&(24 + misc.len() as u32).to_le_bytes());
    out.extend_from_slice(b"MISC");
    out.extend_from_slice(&[0; 12]);
    out.extend_from_slice(&misc);
    out
}

/// A plugin of only a `TES4` header record, in `game`'s layout: HEDR of
/// `version`, the header `flags` (0x1 master, 0x200 light) and `masters`.
/// A Skyrim header's form version is 44 (SE) from version 1.0 on, else 40.
pub fn header_only_plugin(
    game: esscribe::Game,
    version: f32,
    flags: u32,
    masters: &[&str],
) -> Vec<u8> {
    let sub = push_subrecord;
    let mut data = Vec::new();
    let mut hedr = version.to_le_bytes().to_vec();
    hedr.extend_from_slice(&0i32.to_le_bytes());
    hedr.extend_from_slice(&0x800u32.to_le_bytes());
    sub(&mut data, b"HEDR", &hedr);
    for m in masters {
        let mut name = m.as_bytes().to_vec();
        name.push(0);
        sub(&mut data, b"MAST", &name);
        sub(&mut data, b"DATA", &0u64.to_le_bytes());
    }
    let mut out = b"TES4".to_vec();
    out.extend_from_slice(&(data.len() as u32).to_le_bytes());
    out.extend_from_slice(&flags.to_le_bytes());
    out.extend_from_slice(&[0; 8]);
    if game == esscribe::Game::Skyrim {
        let form_version: u16 = if version >= 1.0 { 44 } else { 40 };
        out.extend_from_slice(&form_version.to_le_bytes());
        out.extend_from_slice(&[0; 2]);
    }
    out.extend_from_slice(&data);
    out
}

/// Sets a file's modification time to `seconds` after a fixed moment.
pub fn set_file_time(path: &Path, seconds: u64) {
    let f = std::fs::File::options().write(true).open(path).unwrap();
    f.set_modified(std::time::UNIX_EPOCH + std::time::Duration::from_secs(1_600_000_000 + seconds))
        .unwrap();
}

/// A subrecord: signature, u16 size, data.
pub fn push_subrecord(out: &mut Vec<u8>, sig: &[u8; 4], data: &[u8]) {
    out.extend_from_slice(sig);
    out.extend_from_slice(&(data.len() as u16).to_le_bytes());
    out.extend_from_slice(data);
}

/// A Skyrim SE record or group: its 24-byte header (signature, size,
/// flags, form ID, version control, form version 44, two unknown bytes)
/// and its body.
pub fn skyrim_record(sig: &[u8; 4], flags: u32, form_id: u32, body: &[u8]) -> Vec<u8> {
    let mut out = sig.to_vec();
    out.extend_from_slice(&(body.len() as u32).to_le_bytes());
    out.extend_from_slice(&flags.to_le_bytes());
    out.extend_from_slice(&form_id.to_le_bytes());
    out.extend_from_slice(&0u32.to_le_bytes());
    out.extend_from_slice(&44u16.to_le_bytes());
    out.extend_from_slice(&[0, 0]);
    out.extend_from_slice(body);
    out
}

/// Builds the document `doc` both ways: whole ([`esscribe::json::build_plugin`])
/// and from its text, one record at a time
/// ([`esscribe::json::build_plugin_from_text`]). Both must give the same
/// bytes, or refuse with the same message: given back.
pub fn build_both_ways(doc: &serde_json::Value) -> Result<Vec<u8>, String> {
    let whole = esscribe::json::build_plugin(doc).and_then(|b| {
        let bytes = b.plugin.to_bytes()?;
        b.check_written(&bytes)?;
        Ok(bytes)
    });
    let text = serde_json::to_vec_pretty(doc).unwrap();
    let streamed = esscribe::json::build_plugin_from_text(&text, &|_| {}).and_then(|b| {
        b.check_written(&b.bytes)?;
        Ok(b.bytes)
    });
    // The text read record by record as values, never straight: the same
    // outcome, message and all.
    let as_values = esscribe::json::build_plugin_from_values(&text, &|_| {}).and_then(|b| {
        b.check_written(&b.bytes)?;
        Ok(b.bytes)
    });
    match (&streamed, &as_values) {
        (Ok(a), Ok(b)) => assert!(
            a == b,
            "built from text straight and as values, the bytes differ"
        ),
        (Err(a), Err(b)) => assert_eq!(a.to_string(), b.to_string(), "built from text as values"),
        (Ok(_), Err(e)) => panic!("built from text straight, but refused as values: {e}"),
        (Err(e), Ok(_)) => panic!("built from text as values, but refused straight: {e}"),
    }
    match (whole, streamed) {
        (Ok(a), Ok(b)) => {
            assert!(a == b, "built whole and from text, the bytes differ");
            Ok(a)
        }
        (Err(a), Err(b)) => {
            assert_eq!(b.to_string(), a.to_string(), "built from text");
            Err(a.to_string())
        }
        (Ok(_), Err(e)) => panic!("built whole, but refused from text: {e}"),
        (Err(e), Ok(_)) => panic!("built from text, but refused whole: {e}"),
    }
}
