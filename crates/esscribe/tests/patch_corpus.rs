//! The merged patch of a real load order: the Requiem SE load order's
//! vanilla leveled lists, changed by "Common Clothes and Armors" and its
//! Requiem patch, merged, checked against a reader of the plugins' bytes
//! written for these tests.

mod common;
mod patch_support;

use esscribe::loadorder::{ConflictFilter, LoadOrder, PluginFiles};
use esscribe::patch::{build_patch, PatchOptions};
use patch_support::{read_skyrim, union_by_reference};
use std::path::PathBuf;

const PATCH: &str = "Bashed Patch, 0.esp";

/// Every plugin below the Requiem SE folder, found recursively.
fn requiem_files() -> Vec<PathBuf> {
    let dir = common::corpus_dir().join("skyrim-loadorders/requiem-se");
    let mut out = Vec::new();
    let mut stack = vec![dir];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                stack.push(p);
            } else if esscribe::loadorder::is_plugin_name(&common::name(&p)) {
                out.push(p);
            }
        }
    }
    out.sort();
    assert!(!out.is_empty());
    out
}

/// The vanilla leveled lists the two mods both change.
const LISTS: [(u32, &str); 2] = [
    (0x106662, "LItemClothesAll"),
    (0x03DF19, "LItemBanditBossCuirass"),
];

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn requiem_vanilla_lists_are_the_union_of_their_versions() {
    let files = PluginFiles::open(requiem_files());
    let order = LoadOrder::from_files(&files);
    let patch = build_patch(&order, &PatchOptions::new(PATCH)).unwrap();
    assert_eq!(patch.files.len(), 1, "{:?}", patch.report.left_out);
    let file = &patch.files[0];
    assert_eq!(file.name, PATCH);
    let written = read_skyrim(&file.bytes, PATCH);
    let skyrim_loaded = order.position("Skyrim.esm").is_some();
    for (object, editor_id) in LISTS {
        // Each loaded plugin's version, read from its bytes, in load order.
        let mut versions = Vec::new();
        let mut holders = Vec::new();
        for p in order.plugins() {
            let raw = read_skyrim(p.bytes(), &p.name);
            if let Some(r) = raw.find(b"LVLI", "Skyrim.esm", object) {
                let (entries, count) = raw.leveled_entries(r);
                assert_eq!(count, Some(entries.len() as u8), "{} {object:06X}", p.name);
                versions.push(entries);
                holders.push(p.name.clone());
            }
        }
        assert!(
            holders.len() >= 2,
            "{editor_id} is changed by {holders:?} only"
        );
        let record = written
            .find(b"LVLI", "Skyrim.esm", object)
            .unwrap_or_else(|| panic!("{editor_id} is not in the patch"));
        let (merged, count) = written.leveled_entries(record);
        assert_eq!(count, Some(merged.len() as u8), "{editor_id}: LLCT");
        let report = patch
            .report
            .records
            .iter()
            .find(|r| r.record.starts_with(&format!("{editor_id} ")))
            .unwrap();
        if skyrim_loaded {
            // The defining master is there: every entry some plugin adds
            // to it is in the merge.
            assert!(!report.master_absent);
            let master = &versions[0];
            for v in &versions[1..] {
                for e in v {
                    let named =
                        |x: &patch_support::RawEntry| x.file == e.file && x.object == e.object;
                    if !master.iter().any(named) {
                        assert!(merged.iter().any(named), "{editor_id}: {e:?} lost");
                    }
                }
            }
            continue;
        }
        // Skyrim.esm is not loaded: the union of the loaded versions.
        assert!(report.master_absent, "{report:?}");
        assert_eq!(report.base, holders[0]);
        assert_eq!(merged, union_by_reference(&versions), "{editor_id}");
        // More than the winning version holds: the patch is needed.
        assert_ne!(merged.len(), versions.last().unwrap().len(), "{editor_id}");
    }
    if !skyrim_loaded {
        // The corpus as it is: CCA (light) first, then its Requiem patch.
        let clothes = patch
            .report
            .records
            .iter()
            .find(|r| r.form_id == "??106662 Skyrim.esm")
            .unwrap();
        assert_eq!(clothes.base, "Common Clothes and Armors.esp");
        assert_eq!(clothes.winner, "Requiem - Common Clothes and Armors.esp");
    }
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn requiem_patch_reads_back_and_wins_its_conflicts() {
    let paths = requiem_files();
    let files = PluginFiles::open(paths.clone());
    let order = LoadOrder::from_files(&files);
    let patch = build_patch(&order, &PatchOptions::new(PATCH)).unwrap();
    // The same load order gives the same bytes.
    let again = build_patch(&order, &PatchOptions::new(PATCH)).unwrap();
    assert_eq!(patch.files[0].bytes, again.files[0].bytes);
    let file = &patch.files[0];
    // Every record reads by its declaration: no subrecord kept as bytes.
    let plugin = esscribe::Plugin::parse(&file.bytes).unwrap();
    let ctx = esscribe::FormCtx::of(&plugin);
    let deep = esscribe::schema::check_plugin(&plugin, esscribe::defs::catalog(plugin.game), &ctx);
    assert_eq!(deep.failing, 0, "{:?}", deep.problems);
    assert_eq!(deep.records, file.records + 1);
    // Masters: exactly the files its records name, the absent ones first.
    let raw = read_skyrim(&file.bytes, PATCH);
    let mut needed = std::collections::BTreeSet::new();
    for r in &raw.records {
        needed.insert(raw.resolve(r.form_id).0);
        for e in raw.leveled_entries(r).0 {
            needed.insert(e.file);
        }
    }
    let masters: std::collections::BTreeSet<String> =
        file.masters.iter().map(|m| m.to_lowercase()).collect();
    assert_eq!(masters, needed);
    // With the patch loaded last, it wins every record it holds.
    let mut sources: Vec<(String, &[u8])> = order
        .plugins()
        .iter()
        .map(|p| (p.name.clone(), p.bytes()))
        .collect();
    sources.push((file.name.clone(), &file.bytes));
    let after = LoadOrder::from_bytes(sources, Vec::new());
    assert_eq!(after.plugins().last().unwrap().name, PATCH);
    let report = after.conflicts(&ConflictFilter {
        types: vec![],
        plugin: Some(PATCH.into()),
    });
    assert_eq!(report.records.len(), file.records);
    for r in &report.records {
        assert_eq!(r.winner, PATCH, "{}", r.form_id);
    }
    // Built again with the patch in the order, it is not merged from, and
    // comes out the same.
    let rebuilt = build_patch(&after, &PatchOptions::new(PATCH)).unwrap();
    assert_eq!(rebuilt.files[0].bytes, file.bytes);
}
