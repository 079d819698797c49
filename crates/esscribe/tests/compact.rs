//! Renumbering real plugins' new records into a light plugin's object IDs:
//! the result can be flagged light and every reference inside it names
//! the record it named before.

mod common;

use esscribe::compact::{compact_light, dependents};
use esscribe::masters::form_id_uses;
use esscribe::plugin::light::check_light;
use esscribe::plugin::Plugin;
use esscribe::FormId;
use std::collections::HashMap;

fn open(rel: &str) -> (Vec<u8>, Plugin<'static>) {
    let path = common::path(rel);
    let bytes = std::fs::read(&path).unwrap();
    let mut plugin = Plugin::parse(&bytes).unwrap().into_owned();
    plugin.set_name(common::name(&path));
    (bytes, plugin)
}

/// Compacts the plugin and checks it: it can be light, read back from its
/// bytes, and each form ID in it is the one it had, renumbered where its
/// record was. Gives what was done.
fn compacted(rel: &str) -> (esscribe::compact::Compacted, Plugin<'static>) {
    let (_, mut plugin) = open(rel);
    let before = form_id_uses(&plugin).unwrap();
    assert!(before.unread.is_empty(), "{rel}: {:?}", before.unread);
    let editor_ids: Vec<(String, FormId)> = plugin
        .records()
        .filter_map(|r| {
            Some((
                esscribe::loadorder::editor_id_of(r, plugin.game)?,
                r.header.form_id,
            ))
        })
        .collect();
    let done = compact_light(&mut plugin, false).unwrap();
    let back = Plugin::parse(&plugin.to_bytes().unwrap())
        .unwrap()
        .into_owned();
    assert!(check_light(&back).unwrap().can_be_light(), "{rel}");
    let moved: HashMap<FormId, FormId> = done.renumbered.iter().map(|&(_, o, n)| (o, n)).collect();
    let after = form_id_uses(&back).unwrap();
    assert_eq!(after.uses.len(), before.uses.len(), "{rel}");
    for (b, a) in before.uses.iter().zip(&after.uses) {
        let want = moved.get(&b.form_id).copied().unwrap_or(b.form_id);
        assert_eq!(
            (a.place.as_str(), a.form_id),
            (b.place.as_str(), want),
            "{rel}: {b}"
        );
    }
    // Each record keeps its editor ID under its new form ID.
    for (editor_id, old) in editor_ids {
        let new = moved.get(&old).copied().unwrap_or(old);
        assert_eq!(
            back.form_id_of_editor_id(&editor_id),
            Some(new),
            "{rel}: {editor_id}"
        );
    }
    (done, back)
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn campfire_is_compacted_into_light_object_ids() {
    let (done, back) = compacted("skyrim-plugins/Campfire.esm");
    assert_eq!(done.new_records, 1566);
    assert_eq!(done.renumbered.len(), 1566);
    assert_eq!(done.range, (0x800, 0xFFF));
    let first = done.renumbered[0];
    assert_eq!(first.0.to_string(), "KYWD");
    assert_eq!(
        (first.1, first.2),
        (FormId(0x0201_9831), FormId(0x0200_0800))
    );
    assert_eq!(done.rewritten.form_ids, 5385);
    assert_eq!(done.rewritten.records, 827);
    assert_eq!(done.next_object_id, (0x7CECA, 0xE1E));
    assert_eq!(back.info().unwrap().next_object_id, 0xE1E);
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn minty_lightning_keeps_its_records_in_range_and_moves_the_rest() {
    let (done, _) = compacted("skyrim-plugins/mintylightningmod.esp");
    assert_eq!(done.new_records, 161);
    assert_eq!(done.renumbered.len(), 156);
    assert_eq!(done.rewritten.form_ids, 526);
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn a_plugin_with_more_new_records_than_a_light_plugin_holds_is_refused() {
    let (_, mut plugin) = open("skyrim-plugins/DawnOfTheSilverHand.esp");
    let e = compact_light(&mut plugin, false).unwrap_err();
    assert_eq!(e.kind, esscribe::ErrorKind::Value);
    assert_eq!(
        e.to_string(),
        "3575 new records are more than the 2048 a light plugin of header version 1.70 can hold (object IDs 0x800-0xFFF); at most 2048 in all"
    );
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn a_plugin_already_in_range_is_left_byte_for_byte() {
    for rel in [
        "skyrim-plugins/Scribe.esp",
        "skyrim-plugins/MarkekrausChairHorse.esp",
        "skyrim-plugins/MarkekrausSentientChairsOfSkyrim.esp",
    ] {
        let (bytes, mut plugin) = open(rel);
        let done = compact_light(&mut plugin, false).unwrap();
        assert!(done.renumbered.is_empty(), "{rel}");
        assert!(plugin.to_bytes().unwrap() == bytes, "{rel}");
    }
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn plugins_that_have_a_plugin_as_master_are_found_in_a_folder() {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("compact-dependents");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    for name in ["Campfire.esm", "CampfireTutorial_Shack.esp", "Scribe.esp"] {
        std::fs::copy(
            common::path(&format!("skyrim-plugins/{name}")),
            dir.join(name),
        )
        .unwrap();
    }
    std::fs::write(dir.join("notes.esp"), b"not a plugin").unwrap();
    assert_eq!(
        dependents(&dir, "campfire.esm").unwrap(),
        ["CampfireTutorial_Shack.esp"]
    );
    assert!(dependents(&dir, "Scribe.esp").unwrap().is_empty());
    let _ = std::fs::remove_dir_all(&dir);
}
