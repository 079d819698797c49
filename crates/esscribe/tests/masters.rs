//! Changing a plugin's masters on real plugins: every form ID keeps
//! naming the same record, and a change undone gives back the bytes.

mod common;

use esscribe::masters::{self, form_id_uses};
use esscribe::plugin::Plugin;
use esscribe::FormId;
use std::path::Path;

fn open(path: &Path) -> (Vec<u8>, Plugin<'static>) {
    let bytes = std::fs::read(path).unwrap();
    let mut plugin = Plugin::parse(&bytes).unwrap().into_owned();
    plugin.set_name(common::name(path));
    (bytes, plugin)
}

/// Each form ID of the plugin as the plugin it belongs to and its object
/// ID, in the order they stand.
fn resolved(plugin: &Plugin<'_>) -> Vec<(String, String, String, u32)> {
    let masters = plugin.masters().unwrap();
    let uses = form_id_uses(plugin).unwrap();
    assert!(
        uses.unread.is_empty(),
        "{}: {:?}",
        plugin.name(),
        uses.unread
    );
    uses.uses
        .iter()
        .map(|u| {
            let owner =
                |id: FormId| Plugin::form_id_owner(&masters, id, plugin.name()).to_lowercase();
            (
                format!("{} {}", u.record, owner(u.record_id)),
                u.place.clone(),
                owner(u.form_id),
                u.form_id.object_index(),
            )
        })
        .collect()
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn adding_then_removing_a_master_gives_back_every_corpus_plugin() {
    for path in common::plugins() {
        let (bytes, mut plugin) = open(&path);
        let before = plugin.masters().unwrap();
        let refs_before = resolved(&plugin);
        let mut added = before.clone();
        added.insert(0, "Added.esm".to_string());
        let changed = masters::set_masters(&mut plugin, &added, false).unwrap();
        assert_eq!(plugin.masters().unwrap(), added, "{}", path.display());
        assert_eq!(
            resolved(&plugin),
            refs_before,
            "{}: references moved",
            path.display()
        );
        let written = plugin.to_bytes().unwrap();
        let mut reread = Plugin::parse(&written).unwrap().into_owned();
        reread.set_name(common::name(&path));
        assert_eq!(
            resolved(&reread),
            refs_before,
            "{}: after writing",
            path.display()
        );
        masters::set_masters(&mut reread, &before, false).unwrap();
        let back = reread.to_bytes().unwrap();
        assert!(
            back == bytes,
            "{}: {} form IDs rewritten, first difference at {:?}",
            path.display(),
            changed.rewritten.form_ids,
            esscribe::plugin::first_difference(&back, &bytes)
        );
    }
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn renaming_a_master_and_back_gives_back_every_corpus_plugin() {
    for path in common::plugins() {
        let (bytes, mut plugin) = open(&path);
        let before = plugin.masters().unwrap();
        let Some(first) = before.first() else {
            continue;
        };
        let changed = masters::rename_master(&mut plugin, first, "Renamed.esm").unwrap();
        assert_eq!(changed.after[0], "Renamed.esm", "{}", path.display());
        assert_eq!(changed.rewritten.form_ids, 0, "{}", path.display());
        let written = plugin.to_bytes().unwrap();
        assert_ne!(written, bytes, "{}", path.display());
        let mut reread = Plugin::parse(&written).unwrap().into_owned();
        assert_eq!(reread.masters().unwrap()[0], "Renamed.esm");
        masters::rename_master(&mut reread, "Renamed.esm", first).unwrap();
        assert!(
            reread.to_bytes().unwrap() == bytes,
            "{}: renaming back does not give the bytes back",
            path.display()
        );
    }
}

fn shack() -> (Vec<u8>, Plugin<'static>) {
    open(&common::path("skyrim-plugins/CampfireTutorial_Shack.esp"))
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn a_master_still_used_is_not_removed_and_its_uses_are_named() {
    let (_, mut plugin) = shack();
    let keep = vec!["Skyrim.esm".to_string(), "Update.esm".to_string()];
    let e = masters::set_masters(&mut plugin, &keep, false).unwrap_err();
    assert_eq!(e.kind, esscribe::ErrorKind::Value);
    assert!(
        e.to_string()
            .contains("Campfire.esm is still used by 24 form IDs")
            && e.to_string()
                .contains("COBJ 0x03001D8B workbench_keyword: 0x02019831"),
        "{e}"
    );
    // Nothing changed.
    assert_eq!(
        plugin.masters().unwrap(),
        ["Skyrim.esm", "Update.esm", "Campfire.esm"]
    );
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn unused_masters_are_removed_and_references_follow() {
    let (_, mut plugin) = shack();
    assert_eq!(masters::unused_masters(&plugin).unwrap(), ["Update.esm"]);
    let counts = masters::master_use_counts(&plugin).unwrap();
    assert_eq!(
        counts,
        [
            ("Skyrim.esm".to_string(), 20),
            ("Update.esm".to_string(), 0),
            ("Campfire.esm".to_string(), 24)
        ]
    );
    let before = resolved(&plugin);
    let keep = vec!["Skyrim.esm".to_string(), "Campfire.esm".to_string()];
    let changed = masters::set_masters(&mut plugin, &keep, false).unwrap();
    // Campfire's 24 and the plugin's own 38 move down one place.
    assert_eq!(changed.rewritten.form_ids, 62);
    assert_eq!(resolved(&plugin), before);
    // The workbench keyword of the COBJ now names Campfire.esm as 01.
    let cobj = plugin.get(FormId(0x0200_1D8B)).unwrap();
    assert_eq!(
        cobj.fields().unwrap().int("workbench_keyword").unwrap(),
        0x0101_9831
    );
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn masters_sorted_into_another_order_keep_every_reference() {
    for path in common::plugins() {
        let (_, mut plugin) = open(&path);
        let mut reversed = plugin.masters().unwrap();
        if reversed.len() < 2 {
            continue;
        }
        reversed.reverse();
        let before = resolved(&plugin);
        masters::set_masters(&mut plugin, &reversed, false).unwrap();
        let reread = {
            let mut p = Plugin::parse(&plugin.to_bytes().unwrap())
                .unwrap()
                .into_owned();
            p.set_name(common::name(&path));
            p
        };
        assert_eq!(reread.masters().unwrap(), reversed, "{}", path.display());
        assert_eq!(resolved(&reread), before, "{}", path.display());
    }
}

/// The plugin's JSON form with its masters given in reverse order.
fn json_with_masters_reversed(plugin: &Plugin<'_>) -> serde_json::Value {
    let mut doc = esscribe::json::plugin_to_json(plugin, plugin.name()).unwrap();
    let masters = doc["header"]["fields"]["masters"].as_array_mut().unwrap();
    masters.reverse();
    doc
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn masters_reordered_in_json_build_a_plugin_whose_references_name_the_same_records() {
    let mut reordered = 0;
    for path in common::plugins() {
        let (_, plugin) = open(&path);
        let masters = plugin.masters().unwrap();
        if masters.len() < 2 {
            continue;
        }
        let doc = json_with_masters_reversed(&plugin);
        common::build_both_ways(&doc).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let mut built = esscribe::json::build_plugin(&doc)
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
            .plugin;
        built.set_name(common::name(&path));
        let mut want = masters.clone();
        want.reverse();
        assert_eq!(built.masters().unwrap(), want, "{}", path.display());
        assert_eq!(resolved(&built), resolved(&plugin), "{}", path.display());
        reordered += 1;
    }
    assert!(
        reordered >= 5,
        "only {reordered} corpus plugins have two masters or more"
    );
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn a_json_note_that_contradicts_the_others_or_names_no_master_is_refused() {
    let (_, plugin) = shack();
    let doc = esscribe::json::plugin_to_json(&plugin, plugin.name()).unwrap();
    let text = serde_json::to_string(&doc).unwrap();
    let keyword = "\"0x02019831 (Campfire.esm)\"";
    assert!(text.contains(keyword));
    let contradicting: serde_json::Value =
        serde_json::from_str(&text.replacen(keyword, "\"0x02019831 (Update.esm)\"", 1)).unwrap();
    let e = common::build_both_ways(&contradicting).err().unwrap();
    assert_eq!(
        e,
        "document → entries[3] (GRUP COBJ) → entries[0] (COBJ 0x03001D8B): workbench_keyword: form ID 0x02019831 is noted as Update.esm, but its top byte 02 names Campfire.esm; form IDs of Update.esm start with 01 here"
    );
    // With the masters reordered, the notes tell the old order; one that
    // disagrees with the others is refused.
    let mut reordered = json_with_masters_reversed(&plugin);
    let text = serde_json::to_string(&reordered).unwrap();
    reordered =
        serde_json::from_str(&text.replacen(keyword, "\"0x02019831 (Update.esm)\"", 1)).unwrap();
    let e = common::build_both_ways(&reordered).err().unwrap();
    assert_eq!(
        e,
        "COBJ 0x03001D8B.workbench_keyword: 0x02019831 (Update.esm): noted as Update.esm, but 23 form IDs with top byte 02 are noted as Campfire.esm (ACTI 0x03002DC4.keywords.0: 0x0202AFC9 (Campfire.esm)): one plugin's form IDs share one top byte"
    );
    // Every Campfire form ID noted as a plugin that is not a master.
    let unknown: serde_json::Value =
        serde_json::from_str(&text.replace("(Campfire.esm)", "(Dawnguard.esm)")).unwrap();
    let e = common::build_both_ways(&unknown).err().unwrap();
    assert!(
        e.contains(
            "noted as Dawnguard.esm, which is not a master of this plugin (its masters: Campfire.esm, Update.esm, Skyrim.esm)"
        ),
        "{e}"
    );
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn a_compressed_record_changed_and_changed_back_gets_its_stored_bytes_again() {
    // Each plugin, and how many of its compressed records have an editor
    // ID to change.
    for (rel, with_editor_ids) in [
        ("skyrim-plugins/Campfire.esm", 7),
        ("oblivion-plugins/OOArena.esp", 2),
    ] {
        let (bytes, mut plugin) = open(&common::path(rel));
        let ctx = esscribe::json::form_ctx(&plugin, plugin.name());
        let catalog = esscribe::defs::catalog(plugin.game);
        let compressed: Vec<FormId> = plugin
            .records()
            .filter(|r| r.header.is_compressed())
            .map(|r| r.header.form_id)
            .collect();
        let mut changed = 0;
        for id in &compressed {
            let rec = plugin.find_record_mut(*id).unwrap();
            let mut fields = esscribe::Fields::of(rec, catalog, &ctx).unwrap().unwrap();
            let Some(editor_id) = fields.get("editor_id").cloned() else {
                continue;
            };
            changed += 1;
            fields.set("editor_id", "ChangedForATest").unwrap();
            fields.apply_to(rec).unwrap();
            let mut fields = esscribe::Fields::of(rec, catalog, &ctx).unwrap().unwrap();
            assert_eq!(fields.get("editor_id").unwrap(), "ChangedForATest");
            fields.set("editor_id", editor_id).unwrap();
            fields.apply_to(rec).unwrap();
        }
        assert_eq!(changed, with_editor_ids, "{rel}");
        assert!(plugin.to_bytes().unwrap() == bytes, "{rel}");
    }
}

/// The list of form IDs without their places holds what the uses hold, in
/// the same order; resolved, it compares by the forms named, whatever the
/// masters' order, and a renamed master's forms are the same forms.
#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn the_form_id_list_is_the_uses_without_their_places() {
    for path in common::plugins() {
        let (_, mut plugin) = open(&path);
        let at = path.display();
        let uses = form_id_uses(&plugin).unwrap();
        let list = masters::form_id_list(&plugin).unwrap();
        let ids: Vec<FormId> = uses.uses.iter().map(|u| u.form_id).collect();
        assert_eq!(list.ids, ids, "{at}");
        assert_eq!(list.unread, uses.unread, "{at}");
        let masters = plugin.masters().unwrap();
        let resolved = list.resolved(&masters, plugin.name());
        assert_eq!(resolved.len(), uses.resolved(&masters, plugin.name()).len());
        // The masters in another order, every form ID following: the same
        // forms.
        let mut added = masters.clone();
        added.insert(0, "Added.esm".to_string());
        masters::set_masters(&mut plugin, &added, false).unwrap();
        let moved = masters::form_id_list(&plugin)
            .unwrap()
            .resolved(&added, plugin.name());
        assert_eq!(moved, resolved, "{at}");
        // A master renamed names other forms, until the name follows.
        let Some(first) = masters.first() else {
            continue;
        };
        if !ids.iter().any(|id| id.master_index() == 0) {
            continue;
        }
        masters::rename_master(&mut plugin, first, "Renamed.esm").unwrap();
        let renamed_masters = plugin.masters().unwrap();
        let mut renamed = masters::form_id_list(&plugin)
            .unwrap()
            .resolved(&renamed_masters, plugin.name());
        assert_ne!(renamed, resolved, "{at}");
        renamed.rename_owner("Renamed.esm", first);
        assert_eq!(renamed, resolved, "{at}");
    }
}
