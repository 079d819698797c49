//! The text tree of every corpus plugin packs back to the very bytes, and
//! unpacking the packed plugin gives the very same text.

mod common;

use esscribe::plugin::{Body, Subrecord};
use esscribe::tree::{self, DirTree, MemoryTree};
use esscribe::Plugin;

fn unpack(bytes: &[u8], name: &str) -> MemoryTree {
    let plugin = Plugin::parse(bytes).unwrap();
    let mut t = MemoryTree::default();
    tree::unpack(&plugin, name, &mut t).unwrap();
    t
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn every_plugin_packs_back_byte_for_byte_and_unpacks_to_the_same_text() {
    for path in common::plugins() {
        let name = common::name(&path);
        let bytes = std::fs::read(&path).unwrap();
        let t = unpack(&bytes, &name);
        let packed = tree::pack(&t).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        assert!(
            packed.bytes == bytes,
            "{}: packed bytes differ at {:?}",
            path.display(),
            esscribe::plugin::first_difference(&packed.bytes, &bytes)
        );
        assert_eq!(packed.file, name);
        let again = unpack(&packed.bytes, &name);
        assert!(
            again == t,
            "{}: the text changed on a round trip",
            path.display()
        );
        // Text is LF only, one field a line, and valid UTF-8.
        for (p, text) in &t.files {
            let text = std::str::from_utf8(text).unwrap_or_else(|_| panic!("{p}: not UTF-8"));
            assert!(!text.contains('\r'), "{p}: CR in the text");
            assert!(text.ends_with("}\n"), "{p}: no final newline");
        }
    }
}

/// Some real plugins give two records one form ID. The tree keeps both
/// (the second file named with `~2`) and lists the form ID in
/// `plugin.json`, so that `pack` gives the plugin back; a form ID given
/// twice that is not listed (a record file copied by hand, say) is
/// refused. The JSON form does the same.
#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn a_form_id_given_to_two_records_packs_and_builds_back() {
    use esscribe::plugin::{Entry, GroupLabel};
    let original = common::file("skyrim-plugins/Campfire.esm");
    let mut plugin = Plugin::parse(&original).unwrap();
    let weapons = plugin
        .entries
        .iter_mut()
        .find_map(|e| match e {
            Entry::Group(g) if g.header.label() == GroupLabel::Sig(esscribe::io::Sig(*b"WEAP")) => {
                Some(g)
            }
            _ => None,
        })
        .unwrap();
    let first = weapons.children[0].clone();
    weapons.children.insert(2, first);
    let bytes = plugin.to_bytes().unwrap();

    let t = unpack(&bytes, "Campfire.esm");
    let header = String::from_utf8(t.files["plugin.json"].clone()).unwrap();
    assert!(
        header.contains("\"duplicate_form_ids\": [\n    \"0x0203C96E\"\n  ],"),
        "{header}"
    );
    let group = String::from_utf8(t.files["WEAP/_group.json"].clone()).unwrap();
    assert!(
        group.contains(
            "\"_Camp_LongBow.0x0203C96E.json\",\n    \"_Camp_StoneWarAxe.0x0204103D.json\",\n    \"_Camp_LongBow.0x0203C96E~2.json\""
        ),
        "{group}"
    );
    let packed = tree::pack(&t).unwrap();
    assert!(packed.bytes == bytes);
    assert!(unpack(&packed.bytes, "Campfire.esm") == t);

    let doc =
        esscribe::json::plugin_to_json(&Plugin::parse(&bytes).unwrap(), "Campfire.esm").unwrap();
    assert_eq!(
        doc["duplicate_form_ids"],
        serde_json::json!(["0x0203C96E (Campfire.esm)"])
    );
    let built = esscribe::json::plugin_from_json(&doc).unwrap();
    assert!(built.to_bytes().unwrap() == bytes);

    let mut unlisted = t.clone();
    let listed = "  \"duplicate_form_ids\": [\n    \"0x0203C96E\"\n  ],\n";
    unlisted.files.insert(
        "plugin.json".into(),
        header.replace(listed, "").into_bytes(),
    );
    let e = tree::pack(&unlisted).unwrap_err().to_string();
    assert!(
        e.contains("WEAP/_Camp_LongBow.0x0203C96E~2.json")
            && e.contains("is already the form ID of WEAP/_Camp_LongBow.0x0203C96E.json"),
        "{e}"
    );
}

/// git on Windows checks text out with CRLF line endings
/// (`core.autocrlf`), and some editors start a UTF-8 file with a byte
/// order mark: neither is part of the text, and the tree packs back to
/// the very bytes.
#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn a_tree_with_crlf_line_endings_and_byte_order_marks_packs_back() {
    for rel in [
        "skyrim-plugins/Campfire.esm",
        "oblivion-plugins/OOStartingMod.esp",
    ] {
        let bytes = common::file(rel);
        let mut t = unpack(&bytes, rel.rsplit('/').next().unwrap());
        let mut marked = 0;
        for (i, (path, text)) in t.files.iter_mut().enumerate() {
            let mut crlf = Vec::with_capacity(text.len() * 9 / 8);
            for &b in text.iter() {
                if b == b'\n' {
                    crlf.push(b'\r');
                }
                crlf.push(b);
            }
            if i % 3 == 0 || !path.contains('/') || path.ends_with("_group.json") {
                crlf.splice(0..0, *b"\xEF\xBB\xBF");
                marked += 1;
            }
            *text = crlf;
        }
        assert!(marked > 30, "{rel}: {marked} files marked");
        let packed = tree::pack(&t).unwrap_or_else(|e| panic!("{rel}: {e}"));
        assert!(packed.bytes == bytes, "{rel}: packed bytes differ");
    }
}

/// One seeded change to a subrecord of the kinds damaged or unusual files
/// hold: a bit flipped; a float's bits (a NaN with a payload, infinity,
/// minus zero, a denormal); a byte cut or added (a size no declaration
/// expects); a byte strings find awkward; a subrecord moved, dropped or
/// given twice.
fn damage(subs: &mut Vec<Subrecord>, mut seed: u64) {
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let pick = |n: usize, r: u64| (r % n as u64) as usize;
    let i = pick(subs.len(), next());
    let data = &mut subs[i].data;
    match next() % 8 {
        0 if !data.is_empty() => {
            let at = pick(data.len(), next());
            data[at] ^= 1 << (next() % 8);
        }
        1 if data.len() >= 4 => {
            let at = pick(data.len() / 4, next()) * 4;
            let bits = [0x7FC0_0001u32, 0xFFFF_FFFF, 0x8000_0000, 0x7F80_0000, 1];
            data[at..at + 4].copy_from_slice(&bits[pick(bits.len(), next())].to_le_bytes());
        }
        2 => {
            data.pop();
        }
        3 => data.push(next() as u8),
        4 if !data.is_empty() => {
            let awkward = [0u8, 0x81, 0xFF, b'"', b'\\', b'\n'];
            let at = pick(data.len(), next());
            data[at] = awkward[pick(awkward.len(), next())];
        }
        5 => {
            let s = subs.remove(i);
            subs.insert(pick(subs.len() + 1, next()), s);
        }
        6 => {
            subs.remove(i);
        }
        _ => subs.insert(i, subs[i].clone()),
    }
}

/// Unpack reads each record's text back before it keeps it: with that
/// step left out, some of these records (a GMST whose editor ID no longer
/// says its value's type, for one) would pack to other bytes.
#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn damaged_records_pack_back_byte_for_byte_and_unpack_to_the_same_text() {
    for (rel, rounds) in [
        ("skyrim-plugins/DawnOfTheSilverHand.esp", 2),
        ("skyrim-plugins/Campfire.esm", 3),
        ("oblivion-plugins/OOStartingMod.esp", 4),
    ] {
        let name = rel.rsplit('/').next().unwrap();
        let bytes = common::file(rel);
        for round in 0..rounds {
            let mut plugin = Plugin::parse(&bytes).unwrap();
            let game = plugin.game;
            let mut damaged = 0;
            plugin.for_each_record_mut(|r| {
                let mut subs = r.subrecords(game).unwrap();
                if !subs.is_empty() {
                    damage(&mut subs, (u64::from(r.header.form_id.0) << 8) + round + 1);
                    r.body = Body::Subrecords(subs);
                    damaged += 1;
                }
            });
            assert!(damaged > 60, "{rel}: {damaged} records damaged");
            let bytes = plugin.to_bytes().unwrap();
            let t = unpack(&bytes, name);
            let packed = tree::pack(&t).unwrap_or_else(|e| panic!("{rel}, round {round}: {e}"));
            assert!(
                packed.bytes == bytes,
                "{rel}, round {round}: packed bytes differ at {:?}",
                esscribe::plugin::first_difference(&packed.bytes, &bytes)
            );
            assert!(
                unpack(&packed.bytes, name) == t,
                "{rel}, round {round}: the text changed on a round trip"
            );
        }
    }
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn a_tree_on_disk_packs_back_and_its_layout_nests_cells() {
    let bytes = common::file("oblivion-plugins/OOArena.esp");
    let plugin = Plugin::parse(&bytes).unwrap();
    let dir = tempdir();
    let mut sink = DirTree::new(dir.clone());
    tree::unpack(&plugin, "OOArena.esp", &mut sink).unwrap();
    let packed = tree::pack(&DirTree::new(dir.clone())).unwrap();
    assert!(packed.bytes == bytes);
    assert!(dir.join("plugin.json").is_file());
    assert!(dir.join("WRLD/_group.json").is_file());
    let _ = std::fs::remove_dir_all(&dir);
}

fn tempdir() -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("esscribe-tree-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn a_tree_nesting_groups_without_end_is_refused() {
    let bytes = std::fs::read(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../samples/sample-oblivion.esp"),
    )
    .unwrap();
    let mut t = unpack(&bytes, "Mod.esp");
    // A top group holding itself, a hundred times over.
    let group = br#"{"group": "top", "label": "PACK", "stamp": 0, "entries": ["g"]}"#;
    let mut dir = "PACK".to_string();
    for _ in 0..100 {
        dir.push_str("/g");
        t.files.insert(format!("{dir}/_group.json"), group.to_vec());
    }
    t.files.insert("PACK/_group.json".into(), group.to_vec());
    let e = tree::pack(&t).unwrap_err().to_string();
    assert!(e.contains("groups nest more than 32 deep"), "{e}");
}

#[test]
fn names_out_of_the_tree_are_refused() {
    let bytes = std::fs::read(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../samples/sample-oblivion.esp"),
    )
    .unwrap();
    let mut t = unpack(&bytes, "Mod.esp");
    let header = String::from_utf8(t.files["plugin.json"].clone()).unwrap();
    let bad = header.replacen("\"PACK\"", "\"../PACK\"", 1);
    assert_ne!(bad, header);
    t.files.insert("plugin.json".into(), bad.into_bytes());
    let e = tree::pack(&t).unwrap_err().to_string();
    assert!(
        e.contains("\"../PACK\" is not the name of a record file or group folder"),
        "{e}"
    );
}

/// The tree's own printer gives, for every record of every corpus plugin
/// (its header included), the very text serde's pretty printer gives.
#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn every_record_text_is_serde_pretty_print_of_its_json() {
    for path in common::plugins() {
        let bytes = std::fs::read(&path).unwrap();
        let plugin = Plugin::parse(&bytes).unwrap();
        let ctx = tree::tree_ctx(&plugin);
        let mut records = 0;
        for rec in std::iter::once(&plugin.header).chain(plugin.records()) {
            let v = esscribe::json::record_to_json(rec, plugin.game, &ctx)
                .unwrap()
                .value;
            let mut reference = serde_json::to_vec_pretty(&v).unwrap();
            reference.push(b'\n');
            let text = tree::to_text(&v);
            assert!(
                text == reference,
                "{}: {} {}: the tree's text differs from serde's:\n{}\n---\n{}",
                path.display(),
                rec.header.sig,
                rec.header.form_id,
                String::from_utf8_lossy(&text),
                String::from_utf8_lossy(&reference)
            );
            records += 1;
        }
        assert!(records > 0, "{}: no records", path.display());
    }
}

/// Most records' text is printed straight from their typed values; it
/// must be the very text their JSON form prints.
#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn text_printed_from_typed_values_is_the_text_of_the_json_form() {
    // Plugins whose every record, packages and quests with their aliases
    // too, is printed from its typed values.
    let all_typed = [
        ("Campfire.esm", 1626),
        ("DawnOfTheSilverHand.esp", 4850),
        ("Requiem_DawnOfTheSilverHand.esp", 66),
        ("UndeadTrinity_PACKonly.esp", 7),
        ("OOStartingMod.esp", 264),
    ];
    let mut seen = std::collections::BTreeSet::new();
    for path in common::plugins() {
        let name = common::name(&path);
        let bytes = std::fs::read(&path).unwrap();
        let plugin = Plugin::parse(&bytes).unwrap();
        let mut t = MemoryTree::default();
        let unpacked = tree::unpack_with_paths(&plugin, &name, &mut t).unwrap();
        let ctx = tree::tree_ctx(&plugin);
        let mut records = 0;
        for rec in plugin.records() {
            records += 1;
            let file = &unpacked.paths[&rec.header.form_id];
            let json = esscribe::json::record_to_json(rec, plugin.game, &ctx).unwrap();
            let expected = tree::to_text(&json.value);
            assert!(
                t.files[file] == expected,
                "{name}: {file} differs from its JSON form:\n{}\n---\n{}",
                String::from_utf8_lossy(&t.files[file]),
                String::from_utf8_lossy(&expected)
            );
        }
        if let Some((_, expected)) = all_typed.iter().find(|(n, _)| *n == name) {
            assert_eq!((records, unpacked.typed), (*expected, *expected), "{name}");
            seen.insert(name);
        }
    }
    // A copy of a plugin named above elsewhere in the corpus is checked
    // again and counted once.
    assert_eq!(seen.len(), all_typed.len(), "plugins of the corpus missing");
}

/// Records the typed printing does not take (a subrecord the declaration
/// does not expect, data that does not fit its layout) are printed
/// through their JSON form, which keeps those subrecords as bytes; the
/// tree still packs back to the very bytes.
#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn records_kept_partly_as_bytes_take_the_json_path() {
    use esscribe::io::{FormId, Sig};
    use esscribe::plugin::Subrecord;
    let bytes = common::file("skyrim-plugins/Campfire.esm");
    let mut plugin = Plugin::parse(&bytes).unwrap();
    let game = plugin.game;
    // COBJ _Camp_AxeNew: an unexpected subrecord at its end; and its
    // created count (CNAM... NAM1, a u16) given three bytes.
    let rec = plugin.find_record_mut(FormId(0x02049D36)).unwrap();
    let mut subs = rec.subrecords(game).unwrap();
    subs.push(Subrecord::new(Sig(*b"ZZZZ"), vec![1, 2, 3]));
    let nam1 = subs.iter_mut().find(|s| s.sig.0 == *b"NAM1").unwrap();
    nam1.data = vec![1, 0, 0];
    rec.set_subrecords(subs);
    let edited = plugin.to_bytes().unwrap();
    let plugin = Plugin::parse(&edited).unwrap();
    let mut t = MemoryTree::default();
    let unpacked = tree::unpack_with_paths(&plugin, "Campfire.esm", &mut t).unwrap();
    assert_eq!(unpacked.typed, 1625);
    let text = String::from_utf8(t.files[&unpacked.paths[&FormId(0x02049D36)]].clone()).unwrap();
    assert!(text.contains("\"!ZZZZ\": \"010203\""), "{text}");
    assert!(text.contains("\"_hex\": \"010000\""), "{text}");
    assert!(tree::pack(&t).unwrap().bytes == edited);
}

/// A struct whose data runs past its declared fields, or stops inside
/// the last of them (as records of an older or newer form version do),
/// keeps its typed text, the bytes beyond or short of the layout shown as
/// `_rest`: such records are read straight from their text, both to prove
/// them and to pack them.
#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn structs_longer_or_shorter_than_declared_stay_typed() {
    use esscribe::io::FormId;
    let bytes = common::file("skyrim-plugins/Campfire.esm");
    let mut plugin = Plugin::parse(&bytes).unwrap();
    let game = plugin.game;
    // The weapon data of _Camp_LongBow given a byte more; that of
    // _Camp_StoneWarAxe cut inside its last float (stagger, 0.85:
    // 9a99593f).
    for (id, change) in [(0x0203C96E, 1i32), (0x0204103D, -1)] {
        let rec = plugin.find_record_mut(FormId(id)).unwrap();
        let mut subs = rec.subrecords(game).unwrap();
        let dnam = subs.iter_mut().find(|s| s.sig.0 == *b"DNAM").unwrap();
        assert_eq!(dnam.data.len(), 100);
        if change > 0 {
            dnam.data.push(0xAB);
        } else {
            dnam.data.pop();
        }
        rec.set_subrecords(subs);
    }
    let edited = plugin.to_bytes().unwrap();
    let plugin = Plugin::parse(&edited).unwrap();
    let mut t = MemoryTree::default();
    let unpacked = tree::unpack_with_paths(&plugin, "Campfire.esm", &mut t).unwrap();
    assert_eq!(unpacked.typed, 1626, "every record but the header");
    let text = |id| String::from_utf8(t.files[&unpacked.paths[&FormId(id)]].clone()).unwrap();
    let longer = text(0x0203C96E);
    assert!(
        longer.contains("\"stagger\": 0.0,\n      \"_rest\": \"ab\"\n    }"),
        "{longer}"
    );
    let shorter = text(0x0204103D);
    assert!(
        !shorter.contains("stagger") && shorter.contains("\"_rest\": \"9a9959\"\n    }"),
        "{shorter}"
    );
    assert!(tree::pack(&t).unwrap().bytes == edited);
}

/// Each form ID of `plugin` as the plugin it belongs to and its object
/// index, in order.
fn resolved(plugin: &Plugin<'_>, own: &str) -> Vec<(String, u32)> {
    esscribe::masters::form_id_uses(plugin)
        .unwrap()
        .resolved(&plugin.masters().unwrap(), own)
}

/// Masters edited in `plugin.json`: the record files' form IDs, numbered
/// by the masters the tree was unpacked with, are renumbered on packing,
/// so every reference names the plugin it named; a master removed while
/// form IDs still use it is refused.
#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn masters_edited_in_the_tree_renumber_its_form_ids() {
    let name = "Requiem_DawnOfTheSilverHand.esp";
    let bytes = common::file(&format!("skyrim-plugins/{name}"));
    let plugin = Plugin::parse(&bytes).unwrap();
    let mut t = unpack(&bytes, name);
    let header = String::from_utf8(t.files["plugin.json"].clone()).unwrap();
    assert!(header.contains(
        "\"form_ids_numbered_by\": [\n    \"Skyrim.esm\",\n    \"DawnOfTheSilverHand.esp\",\n    \"Requiem.esp\"\n  ]"
    ));
    let mut doc: serde_json::Value = serde_json::from_str(&header).unwrap();
    let masters = doc["header"]["fields"]["masters"].as_array_mut().unwrap();
    masters.reverse();
    t.files.insert("plugin.json".into(), tree::to_text(&doc));
    let packed = tree::pack(&t).unwrap();
    let repacked = Plugin::parse(&packed.bytes).unwrap();
    assert_eq!(
        repacked.masters().unwrap(),
        ["Requiem.esp", "DawnOfTheSilverHand.esp", "Skyrim.esm"]
    );
    assert_ne!(packed.bytes, bytes);
    assert_eq!(resolved(&repacked, name), resolved(&plugin, name));
    // Unpacked again, the tree numbers its form IDs by the new list.
    let again = unpack(&packed.bytes, name);
    assert!(String::from_utf8_lossy(&again.files["plugin.json"]).contains(
        "\"form_ids_numbered_by\": [\n    \"Requiem.esp\",\n    \"DawnOfTheSilverHand.esp\",\n    \"Skyrim.esm\"\n  ]"
    ));

    // Skyrim.esm removed: its form IDs would name nothing.
    let mut doc: serde_json::Value = serde_json::from_str(&header).unwrap();
    doc["header"]["fields"]["masters"]
        .as_array_mut()
        .unwrap()
        .remove(0);
    t.files.insert("plugin.json".into(), tree::to_text(&doc));
    let e = tree::pack(&t).unwrap_err().to_string();
    assert!(
        e.contains("plugin.json: the masters were edited, and the record files' form IDs, numbered by Skyrim.esm, DawnOfTheSilverHand.esp, Requiem.esp, cannot follow: masters: Skyrim.esm is no longer a master, but 714 form IDs use it (numbered 00): FACT 0x000AA0A4 form ID: 0x000AA0A4, FACT 0x000AA0A4 relations.0.faction: 0x00000DB1,"),
        "{e}"
    );
}
