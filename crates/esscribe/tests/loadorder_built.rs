//! Plugins built from a real master's record: one copies it unchanged
//! (ITM), one changes a field (an override), and one loaded after that
//! reverts the field (a conflict that loses the change).

mod common;

use esscribe::loadorder::{Category, ConflictFilter, LoadOrder};
use serde_json::{json, Value};

/// A plugin depending on Campfire.esm holding only its mortar and pestle
/// (MISC, value 25), with `value` as its value.
fn overriding_plugin(campfire: &Value, name: &str, value: Option<u64>) -> Vec<u8> {
    common::campfire_mortar_plugin(campfire, name, |r| {
        if let Some(v) = value {
            r["fields"]["data"]["value"] = json!(v);
        }
    })
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn identical_changed_and_reverted_overrides() {
    let master = common::file("skyrim-plugins/Campfire.esm");
    let plugin = esscribe::Plugin::parse(&master).unwrap();
    let campfire = esscribe::json::plugin_to_json(&plugin, "Campfire.esm").unwrap();
    let itm = overriding_plugin(&campfire, "Copy.esp", None);
    let change = overriding_plugin(&campfire, "Change.esp", Some(40));
    let revert = overriding_plugin(&campfire, "Revert.esp", Some(25));

    let compare = |plugins: &[(&str, &[u8])]| {
        let sources = std::iter::once(("Campfire.esm".to_string(), master.as_slice()))
            .chain(plugins.iter().map(|(n, b)| (n.to_string(), *b)))
            .collect();
        let order = LoadOrder::from_bytes(sources, Vec::new());
        let id = order.lookup("_Camp_Alchemy_MortarPestleMISC").unwrap();
        assert_eq!(order.show_id(id), "00038689 Campfire.esm");
        // Campfire.esm's own overrides of the absent Skyrim.esm and
        // Update.esm are left out by naming the built plugin.
        let report = order.conflicts(&ConflictFilter {
            types: Vec::new(),
            plugin: Some(plugins[0].0.to_string()),
        });
        assert_eq!(report.records.len(), 1, "{:?}", report.records);
        (report.records[0].clone(), report.pairs)
    };

    let (r, _) = compare(&[("Copy.esp", &itm)]);
    assert_eq!(r.category, Category::IdenticalToMaster);
    assert!(r.chain[1].identical_to_master);
    assert!(r.lost.is_empty());

    let (r, pairs) = compare(&[("Change.esp", &change)]);
    assert_eq!(r.category, Category::Override);
    assert_eq!(r.winner, "Change.esp");
    assert_eq!(r.chain[1].changes, ["fields.data.value"]);
    assert_eq!((pairs[0].shared, pairs[0].conflicts), (1, 0));

    let (r, pairs) = compare(&[("Change.esp", &change), ("Revert.esp", &revert)]);
    assert_eq!(r.category, Category::Conflict);
    assert_eq!(r.winner, "Revert.esp");
    assert!(r.chain[2].identical_to_master);
    assert_eq!(r.lost.len(), 1);
    let lost = &r.lost[0];
    assert_eq!(
        (lost.path.as_str(), lost.plugin.as_str()),
        ("fields.data.value", "Change.esp")
    );
    assert_eq!(
        (lost.value.clone(), lost.winner_value.clone()),
        (json!(40), json!(25))
    );
    assert!(!lost.deliberate);
    // Change.esp and Revert.esp share the record; only Change.esp changed
    // a field, so they do not both change it.
    let pair = pairs
        .iter()
        .find(|p| p.first == "Change.esp" && p.second == "Revert.esp")
        .unwrap();
    assert_eq!(pair.shared, 1);

    // The other way round, the change wins and nothing is lost.
    let (r, _) = compare(&[("Revert.esp", &revert), ("Change.esp", &change)]);
    assert_eq!(r.category, Category::Override);
    assert_eq!(r.winner, "Change.esp");
}

/// The mortar plugin `name` with its name set, through the record model,
/// to `text`.
fn named_mortar(campfire: &Value, name: &str, text: &str) -> Vec<u8> {
    let bytes = overriding_plugin(campfire, name, None);
    let mut plugin = esscribe::Plugin::parse(&bytes).unwrap();
    plugin
        .record("_Camp_Alchemy_MortarPestleMISC")
        .unwrap()
        .fields()
        .unwrap()
        .set("name", text)
        .unwrap();
    plugin.to_bytes().unwrap()
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn text_that_looks_like_a_form_id_is_compared_as_text() {
    let master = common::file("skyrim-plugins/Campfire.esm");
    let plugin = esscribe::Plugin::parse(&master).unwrap();
    let campfire = esscribe::json::plugin_to_json(&plugin, "Campfire.esm").unwrap();
    // Two names that would name the same record were they form IDs: the
    // note is not what the hex's top byte says.
    let first = named_mortar(&campfire, "First.esp", "0x03000800 (Campfire.esm)");
    let second = named_mortar(&campfire, "Second.esp", "0x03000800 (Other.esm)");
    let sources = vec![
        ("Campfire.esm".to_string(), master.as_slice()),
        ("First.esp".to_string(), first.as_slice()),
        ("Second.esp".to_string(), second.as_slice()),
    ];
    let order = LoadOrder::from_bytes(sources, Vec::new());
    let report = order.conflicts(&ConflictFilter {
        types: Vec::new(),
        plugin: Some("First.esp".to_string()),
    });
    assert_eq!(report.records.len(), 1, "{:?}", report.records);
    let r = &report.records[0];
    assert_eq!(r.category, Category::Conflict);
    assert_eq!(r.winner, "Second.esp");
    let lost: Vec<_> = r
        .lost
        .iter()
        .map(|l| (l.path.as_str(), l.value.clone()))
        .collect();
    assert_eq!(lost, [("fields.name", json!("0x03000800 (Campfire.esm)"))]);
}
