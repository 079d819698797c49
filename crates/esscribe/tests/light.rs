//! Whether real Skyrim plugins can be flagged light: the three that are
//! light pass; plugins whose new records lie outside a light plugin's
//! object IDs are named with how many.

mod common;

use esscribe::plugin::light::check_light;
use esscribe::Plugin;

fn check(rel: &str) -> esscribe::plugin::light::LightCheck {
    let data = common::file(rel);
    check_light(&Plugin::parse(&data).unwrap()).unwrap()
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn the_light_flagged_plugins_can_be_light() {
    for (rel, new) in [
        ("skyrim-plugins/Scribe.esp", 92),
        ("skyrim-plugins/MarkekrausChairHorse.esp", 249),
        ("skyrim-plugins/MarkekrausSentientChairsOfSkyrim.esp", 854),
    ] {
        let c = check(rel);
        assert!(c.flagged, "{rel}");
        assert!(c.can_be_light(), "{rel}: {:?}", c.out_of_range);
        assert_eq!(c.new_records, new, "{rel}");
        assert_eq!((c.range, c.capacity), ((0x800, 0xFFF), 2048), "{rel}");
    }
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn plugins_out_of_range_are_named_with_their_records() {
    let campfire = check("skyrim-plugins/Campfire.esm");
    assert!(!campfire.can_be_light());
    assert_eq!(campfire.new_records, 1566);
    assert_eq!(campfire.out_of_range.len(), 1566);
    assert_eq!(
        (
            campfire.out_of_range[0].sig.as_str(),
            campfire.out_of_range[0].form_id.as_str()
        ),
        ("KYWD", "0x02019831")
    );

    // More new records than a header version 1.70 light plugin holds.
    let dawn = check("skyrim-plugins/DawnOfTheSilverHand.esp");
    assert!(!dawn.can_be_light());
    assert_eq!((dawn.new_records, dawn.capacity), (3575, 2048));
    assert_eq!(dawn.out_of_range.len(), 3439);

    let minty = check("skyrim-plugins/mintylightningmod.esp");
    assert_eq!((minty.new_records, minty.out_of_range.len()), (161, 156));
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn oblivion_has_no_light_plugins() {
    let data = common::file("oblivion-plugins/OOArena.esp");
    let e = check_light(&Plugin::parse(&data).unwrap()).unwrap_err();
    assert_eq!(e.kind, esscribe::ErrorKind::Value);
    assert_eq!(
        e.to_string(),
        "only Skyrim (Special Edition) has light plugins; this is an Oblivion plugin"
    );
}

#[test]
fn the_range_widens_from_header_version_171() {
    use esscribe::plugin::light::light_range;
    assert_eq!(light_range(1.7), 0x800..=0xFFF);
    assert_eq!(light_range(1.71), 0x000..=0xFFF);
    assert_eq!(light_range(0.94), 0x800..=0xFFF);
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn build_refuses_a_light_flag_on_a_plugin_out_of_range() {
    let data = common::file("skyrim-plugins/mintylightningmod.esp");
    let plugin = Plugin::parse(&data).unwrap();
    let mut doc = esscribe::json::plugin_to_json(&plugin, "mintylightningmod.esp").unwrap();
    // Built as it is, and refused with the light flag set.
    esscribe::json::build_plugin(&doc).unwrap();
    doc["header"]["flags"]
        .as_array_mut()
        .unwrap()
        .push("light".into());
    let Err(e) = esscribe::json::build_plugin(&doc) else {
        panic!("a light flag on a plugin out of range is refused")
    };
    assert_eq!(e.kind, esscribe::ErrorKind::Json);
    assert!(
        e.to_string()
            .contains("the light flag (0x200) is set, but 156 of its 161 new records are outside object IDs 0x800-0xFFF"),
        "{e}"
    );
    // A light plugin that fits builds back to its very bytes.
    let scribe = common::file("skyrim-plugins/Scribe.esp");
    let plugin = Plugin::parse(&scribe).unwrap();
    let doc = esscribe::json::plugin_to_json(&plugin, "Scribe.esp").unwrap();
    let built = esscribe::json::build_plugin(&doc).unwrap();
    assert!(built.plugin.to_bytes().unwrap() == scribe);
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn pack_refuses_a_light_flag_on_a_tree_out_of_range() {
    use esscribe::tree::{self, MemoryTree};
    let data = common::file("skyrim-plugins/mintylightningmod.esp");
    let plugin = Plugin::parse(&data).unwrap();
    let mut made = MemoryTree::default();
    tree::unpack(&plugin, "mintylightningmod.esp", &mut made).unwrap();
    assert!(tree::pack(&made).unwrap().bytes == data);
    let header = made.files.get_mut(tree::HEADER_FILE).unwrap();
    let mut doc: serde_json::Value = serde_json::from_slice(header).unwrap();
    doc["header"]["flags"]
        .as_array_mut()
        .unwrap()
        .push("light".into());
    *header = tree::to_text(&doc);
    let Err(e) = tree::pack(&made) else {
        panic!("a light flag on a tree out of range is refused")
    };
    assert!(
        e.to_string().starts_with(
            "plugin.json: the light flag (0x200) is set, but 156 of its 161 new records are outside object IDs 0x800-0xFFF, the first "
        ),
        "{e}"
    );
}
