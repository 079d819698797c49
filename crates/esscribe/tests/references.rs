//! References to records of a type their field does not allow: found in
//! built plugins, and none in the real files.

mod common;

use esscribe::defs::catalog;
use esscribe::json::form_ctx;
use esscribe::references::{wrong_targets, RecordIndex, WrongTarget};
use esscribe::schema::{record_form_refs, Fields};
use esscribe::{FormId, Plugin, Sig};

/// Every targeted, non-null reference of a plugin whose target `index`
/// holds, and how many of those are of an allowed type.
fn resolved(plugin: &Plugin<'_>, name: &str, index: &RecordIndex) -> (usize, usize) {
    let ctx = form_ctx(plugin, name);
    let (mut found, mut allowed) = (0, 0);
    for record in plugin.records() {
        let Some(refs) = record_form_refs(record, catalog(plugin.game), &ctx).unwrap() else {
            continue;
        };
        for r in refs
            .iter()
            .filter(|r| !r.targets.is_empty() && r.form_id.0 != 0)
        {
            if let Some((sig, _)) = index.resolve(&ctx.masters, name, r.form_id) {
                found += 1;
                allowed += r.allows(sig) as usize;
            }
        }
    }
    (found, allowed)
}

/// Each real plugin read alone: how many of its targeted references point
/// into the plugin itself (all of an allowed type), and no findings.
/// The references of one plugin, alone, to records of types their field
/// does not allow.
fn wrong_targets_alone(bytes: &[u8], name: &str) -> Vec<WrongTarget> {
    let plugin = Plugin::parse(bytes).unwrap();
    let mut index = RecordIndex::new();
    index.add(&plugin, name).unwrap();
    wrong_targets(&plugin, name, &index).unwrap()
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn real_plugins_refer_to_records_of_allowed_types() {
    for (rel, expected) in [
        ("oblivion-plugins/OOArena.esp", 18),
        ("oblivion-plugins/OOStartingMod.esp", 76),
        ("oblivion-plugins/OblivionOnline.esp", 51),
        ("oblivion-plugins/RowYourBoat.esp", 25),
        ("skyrim-plugins/Campfire.esm", 2451),
        ("skyrim-plugins/CampfireTutorial_Chair.esp", 0),
        ("skyrim-plugins/DawnOfTheSilverHand.esp", 4160),
        ("skyrim-plugins/MarkekrausChairHorse.esp", 522),
        ("skyrim-plugins/MarkekrausSentientChairsOfSkyrim.esp", 1728),
        ("skyrim-plugins/Requiem_DawnOfTheSilverHand.esp", 14),
        ("skyrim-plugins/Scribe.esp", 106),
        ("skyrim-plugins/UndeadTrinity_PACKonly.esp", 0),
        ("skyrim-plugins/mintylightningmod.esp", 156),
    ] {
        let data = common::file(rel);
        let plugin = Plugin::parse(&data).unwrap();
        let name = common::name(&common::path(rel));
        let mut index = RecordIndex::new();
        index.add(&plugin, &name).unwrap();
        assert_eq!(
            resolved(&plugin, &name, &index),
            (expected, expected),
            "{rel}"
        );
        assert_eq!(wrong_targets(&plugin, &name, &index).unwrap(), [], "{rel}");
    }
}

/// Every plugin of the corpus, read alone, refers only to records of
/// allowed types.
#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn every_corpus_plugin_read_alone_has_no_wrong_references() {
    for path in common::plugins() {
        let data = std::fs::read(&path).unwrap();
        let found = wrong_targets_alone(&data, &common::name(&path));
        assert_eq!(found, [], "{}", path.display());
    }
}

/// The patch read with the plugin it patches: its references into that
/// plugin resolve too, all of allowed types.
#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn a_patch_read_with_its_master_refers_to_records_of_allowed_types() {
    let patch_data = common::file("skyrim-plugins/Requiem_DawnOfTheSilverHand.esp");
    let master_data = common::file("skyrim-plugins/DawnOfTheSilverHand.esp");
    let patch = Plugin::parse(&patch_data).unwrap();
    let master = Plugin::parse(&master_data).unwrap();
    let name = "Requiem_DawnOfTheSilverHand.esp";
    let mut index = RecordIndex::new();
    index.add(&patch, name).unwrap();
    index.add(&master, "DawnOfTheSilverHand.esp").unwrap();
    assert_eq!(resolved(&patch, name, &index), (58, 58));
    assert_eq!(wrong_targets(&patch, name, &index).unwrap(), []);
}

/// A plugin's bytes with one field of one record changed.
fn edited(data: &[u8], name: &str, record: u32, field: &str, value: &str) -> Vec<u8> {
    let mut plugin = Plugin::parse(data).unwrap();
    let ctx = form_ctx(&plugin, name);
    let cat = catalog(plugin.game);
    let rec = plugin.find_record_mut(FormId(record)).unwrap();
    let mut fields = Fields::of(rec, cat, &ctx).unwrap().unwrap();
    fields.set(field, value).unwrap();
    fields.apply_to(rec).unwrap();
    plugin.to_bytes().unwrap()
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn a_placed_npc_whose_base_is_a_package_is_reported() {
    let name = "OblivionOnline.esp";
    let data = common::file("oblivion-plugins/OblivionOnline.esp");
    let built = edited(&data, name, 0x010015AB, "base", "0x01032D28");
    let found = wrong_targets_alone(&built, name);
    assert_eq!(
        found,
        [WrongTarget {
            sig: "ACHR".into(),
            form_id: "0x010015AB (OblivionOnline.esp)".into(),
            editor_id: "OOPlayerRef".into(),
            field: "base".into(),
            target: "0x01032D28 (OblivionOnline.esp)".into(),
            target_sig: "PACK".into(),
            target_editor_id: "1OOFollowPackage".into(),
            allowed: vec!["NPC_".into()],
        }]
    );
    assert_eq!(
        found[0].to_string(),
        "base points to PACK 0x01032D28 (OblivionOnline.esp) 1OOFollowPackage, but may point only to NPC_"
    );
    // The unedited plugin's references are all of allowed types.
    assert_eq!(wrong_targets_alone(&data, name), []);
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn a_reference_into_a_master_given_beside_is_checked() {
    let name = "Requiem_DawnOfTheSilverHand.esp";
    let data = common::file("skyrim-plugins/Requiem_DawnOfTheSilverHand.esp");
    let master = common::file("skyrim-plugins/DawnOfTheSilverHand.esp");
    let built = edited(&data, name, 0x0002AB88, "race", "0x01019158");
    let plugin = Plugin::parse(&built).unwrap();
    let master = Plugin::parse(&master).unwrap();
    let mut alone = RecordIndex::new();
    alone.add(&plugin, name).unwrap();
    // Without the master the record pointed to is not known: no finding.
    assert_eq!(wrong_targets(&plugin, name, &alone).unwrap(), []);
    let mut both = alone;
    // Masters are matched to files by name in any case.
    both.add(&master, "dawnofthesilverhand.ESP").unwrap();
    let found = wrong_targets(&plugin, name, &both).unwrap();
    assert_eq!(
        found,
        [WrongTarget {
            sig: "NPC_".into(),
            form_id: "0x0002AB88 (Skyrim.esm)".into(),
            editor_id: "LvlSilverhandMissile".into(),
            field: "race".into(),
            target: "0x01019158 (DawnOfTheSilverHand.esp)".into(),
            target_sig: "QUST".into(),
            target_editor_id: "DSilHand_iR05Trigger".into(),
            allowed: vec!["RACE".into()],
        }]
    );
    assert_eq!(
        both.resolve(
            &["Skyrim.esm".into(), "DawnOfTheSilverHand.esp".into()],
            name,
            FormId(0x01019158)
        ),
        Some((Sig(*b"QUST"), Some("DSilHand_iR05Trigger")))
    );
}

/// The condition parameters of a record, as (path, form ID, targets).
fn parameters(plugin: &Plugin<'_>, name: &str, record: u32) -> Vec<(String, u32, Vec<String>)> {
    let ctx = form_ctx(plugin, name);
    let record = plugin.find_record(FormId(record)).unwrap();
    record_form_refs(record, catalog(plugin.game), &ctx)
        .unwrap()
        .unwrap()
        .into_iter()
        .filter(|r| r.path.contains("parameter"))
        .map(|r| {
            let targets = r.targets.iter().map(|t| Sig(**t).to_string()).collect();
            (r.path, r.form_id.0, targets)
        })
        .collect()
}

fn owned(expected: &[(&str, u32, &[&str])]) -> Vec<(String, u32, Vec<String>)> {
    expected
        .iter()
        .map(|(path, id, targets)| {
            let targets = targets.iter().map(|t| t.to_string()).collect();
            (path.to_string(), *id, targets)
        })
        .collect()
}

/// A condition's parameter names the record types its function takes: an
/// item, a global or a quest, by the function.
#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn skyrim_condition_parameters_name_their_targets() {
    let name = "Campfire.esm";
    let data = common::file("skyrim-plugins/Campfire.esm");
    let plugin = Plugin::parse(&data).unwrap();
    const ITEMS: &[&str] = &[
        "ALCH", "AMMO", "ARMO", "BOOK", "COBJ", "FLST", "INGR", "KEYM", "LIGH", "LVLI", "MISC",
        "SCRL", "SLGM", "WEAP",
    ];
    assert_eq!(
        parameters(&plugin, name, 0x0203233E),
        owned(&[
            ("conditions.0.condition.parameter_1", 0x01CC0E0B, ITEMS),
            ("conditions.1.condition.parameter_1", 0x01CC0E0C, &["GLOB"]),
            ("conditions.2.condition.parameter_1", 0x01CC0E0D, &["GLOB"]),
            ("conditions.3.condition.parameter_1", 0x02022033, &["QUST"]),
            ("conditions.4.condition.parameter_1", 0x02022033, &["QUST"]),
            ("conditions.5.condition.parameter_1", 0x02075842, &["GLOB"]),
        ])
    );
    assert_eq!(
        parameters(&plugin, name, 0x0204A4C5),
        owned(&[
            ("conditions.0.condition.parameter_1", 0x0206DC4D, &["GLOB"]),
            ("conditions.1.condition.parameter_1", 0x0204381A, &["GLOB"]),
            ("conditions.2.condition.parameter_1", 0x000F82F4, &["KYWD"]),
        ])
    );
}

/// In Oblivion a reference parameter names the placed types.
#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn oblivion_condition_parameters_name_their_targets() {
    let name = "OblivionOnline.esp";
    let data = common::file("oblivion-plugins/OblivionOnline.esp");
    let plugin = Plugin::parse(&data).unwrap();
    assert_eq!(
        parameters(&plugin, name, 0x01045996),
        owned(&[(
            "conditions.0.parameter_1",
            0x01025971,
            &["ACHR", "ACRE", "REFR"]
        )])
    );
}

/// A condition whose function reads a global (GetGlobalValue), edited to
/// name a quest, is reported.
#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn a_condition_on_a_quest_where_a_global_belongs_is_reported() {
    let name = "Campfire.esm";
    let data = common::file("skyrim-plugins/Campfire.esm");
    let field = "conditions.5.condition.parameter_1";
    let built = edited(&data, name, 0x0203233E, field, "0x02022033");
    let found = wrong_targets_alone(&built, name);
    assert_eq!(
        found,
        [WrongTarget {
            sig: "COBJ".into(),
            form_id: "0x0203233E (Campfire.esm)".into(),
            editor_id: "_Camp_FireMiscRecipe_TinderStraw".into(),
            field: field.into(),
            target: "0x02022033 (Campfire.esm)".into(),
            target_sig: "QUST".into(),
            target_editor_id: "_Camp_MainQuest".into(),
            allowed: vec!["GLOB".into()],
        }]
    );
    assert_eq!(
        found[0].to_string(),
        "conditions.5.condition.parameter_1 points to QUST 0x02022033 (Campfire.esm) \
         _Camp_MainQuest, but may point only to GLOB"
    );
}
