//! Plugins holding one copy of a record of a game's own master, made of
//! exact bytes, and the check that such a record reads by its declaration
//! and writes back: the shared part of the declaration tests.
#![allow(dead_code)]

use esscribe::json::{form_ctx, plugin_from_json, plugin_to_json, record_to_json, PieceBuilder};
use esscribe::masters::form_id_uses;
use esscribe::plugin::Plugin;
use esscribe::tree::{self, MemoryTree, TreeSource};
use esscribe::Game;
use serde_json::{json, Value};

/// Subrecords as stored: signature, size, data.
pub fn subrecords(subs: &[(&[u8; 4], &[u8])]) -> Vec<u8> {
    let mut out = Vec::new();
    for (sig, data) in subs {
        out.extend_from_slice(&sig[..]);
        out.extend_from_slice(&(data.len() as u16).to_le_bytes());
        out.extend_from_slice(data);
    }
    out
}

/// A record's or a group's header in `game`'s layout (Skyrim's adds the
/// form version and two unknown bytes) and what follows it.
fn stored(game: Game, sig: &[u8; 4], words: [u32; 3], version: u16, body: &[u8]) -> Vec<u8> {
    let mut out = sig.to_vec();
    let size = match (sig, game) {
        (b"GRUP", _) => game.header_len() + body.len(),
        _ => body.len(),
    };
    out.extend_from_slice(&(size as u32).to_le_bytes());
    for w in words {
        out.extend_from_slice(&w.to_le_bytes());
    }
    if game == Game::Skyrim {
        out.extend_from_slice(&version.to_le_bytes());
        out.extend_from_slice(&[0, 0]);
    }
    out.extend_from_slice(body);
    out
}

/// A plugin of `game` whose master is the game's own (Skyrim.esm or
/// Oblivion.esm), holding one record of that master (form ID
/// `0x00012345`, at `form_version` in Skyrim) made of exactly these
/// subrecords, as a copy of a record of the game's own files is.
pub fn copy_of(
    game: Game,
    sig: &[u8; 4],
    form_version: u16,
    subs: &[(&[u8; 4], &[u8])],
) -> Vec<u8> {
    let (version, master): (f32, &[u8]) = match game {
        Game::Skyrim => (1.7, b"Skyrim.esm\0"),
        Game::Oblivion => (1.0, b"Oblivion.esm\0"),
    };
    let mut hedr = version.to_le_bytes().to_vec();
    hedr.extend_from_slice(&1u32.to_le_bytes());
    hedr.extend_from_slice(&0x800u32.to_le_bytes());
    let header = subrecords(&[
        (b"HEDR", &hedr),
        (b"CNAM", b"esscribe\0"),
        (b"MAST", master),
        (b"DATA", &[0; 8]),
    ]);
    let record = stored(
        game,
        sig,
        [0, 0x0001_2345, 0],
        form_version,
        &subrecords(subs),
    );
    let label = u32::from_le_bytes(*sig);
    let group = stored(game, b"GRUP", [label, 0, 0], 0, &record);
    let mut out = stored(game, b"TES4", [0, 0, 0], 44, &header);
    out.extend_from_slice(&group);
    out
}

/// [`copy_of`] a Skyrim.esm record.
pub fn skyrim_copy(sig: &[u8; 4], form_version: u16, subs: &[(&[u8; 4], &[u8])]) -> Vec<u8> {
    copy_of(Game::Skyrim, sig, form_version, subs)
}

/// [`copy_of`] an Oblivion.esm record.
pub fn oblivion_copy(sig: &[u8; 4], subs: &[(&[u8; 4], &[u8])]) -> Vec<u8> {
    copy_of(Game::Oblivion, sig, 0, subs)
}

/// The fields of the one record of a plugin made by [`copy_of`]: every
/// subrecord read by its declaration (`opaque` of them bytes by design,
/// none raw), every form ID found, and the plugin written back to its
/// very bytes from its JSON form and from its text tree, the record read
/// straight from its text.
pub fn read_exact(bytes: &[u8], opaque: u64) -> Value {
    let plugin = Plugin::parse(bytes).unwrap();
    let game = plugin.game;
    let ctx = form_ctx(&plugin, "Copy.esp");
    let r = plugin.records().next().unwrap();
    let rj = record_to_json(r, game, &ctx).unwrap();
    assert_eq!(rj.coverage.raw, 0, "{:?}", rj.warnings);
    assert_eq!(rj.coverage.opaque, opaque);
    assert_eq!(
        rj.coverage.decoded + rj.coverage.opaque,
        rj.coverage.subrecords
    );
    let uses = form_id_uses(&plugin).unwrap();
    assert!(uses.unread.is_empty(), "{:?}", uses.unread);
    let doc = plugin_to_json(&plugin, "Copy.esp").unwrap();
    assert_eq!(plugin_from_json(&doc).unwrap().to_bytes().unwrap(), bytes);
    let mut t = MemoryTree::default();
    let unpacked = tree::unpack_with_paths(&plugin, "Copy.esp", &mut t).unwrap();
    assert_eq!(unpacked.typed, 1);
    let path = &unpacked.paths[&r.header.form_id];
    let read = |file: &str| -> Value { serde_json::from_slice(&t.read(file).unwrap()).unwrap() };
    let b = PieceBuilder::new(
        game,
        "Copy.esp",
        &read(tree::HEADER_FILE)["header"],
        "header",
    )
    .unwrap()
    .0;
    let group_file = format!("{}/{}", path.rsplit_once('/').unwrap().0, tree::GROUP_FILE);
    let group = b
        .group_header(
            read(&group_file).as_object().unwrap(),
            &group_file,
            &["entries"],
        )
        .unwrap();
    let direct = tree::record_from_text_direct(&t.read(path).unwrap(), &b, Some(&group)).unwrap();
    let (mut again, mut original) = (Vec::new(), Vec::new());
    direct.write(&mut again, game).unwrap();
    r.write(&mut original, game).unwrap();
    assert_eq!(again, original);
    assert_eq!(tree::pack(&t).unwrap().bytes, bytes);
    rj.value["fields"].clone()
}

/// Little-endian words, one after another.
pub fn words(ws: &[u32]) -> Vec<u8> {
    ws.iter().flat_map(|w| w.to_le_bytes()).collect()
}

/// Little-endian floats, one after another.
pub fn floats(xs: &[f32]) -> Vec<u8> {
    xs.iter().flat_map(|x| x.to_le_bytes()).collect()
}

/// A form ID of Skyrim.esm as JSON shows it.
pub fn skyrim(id: u32) -> Value {
    json!(format!("0x{id:08X} (Skyrim.esm)"))
}

/// A form ID of Oblivion.esm as JSON shows it.
pub fn oblivion(id: u32) -> Value {
    json!(format!("0x{id:08X} (Oblivion.esm)"))
}
