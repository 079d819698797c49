//! The plugin layer on every real plugin of the corpus.

mod common;

use esscribe::plugin::{first_difference, Game, Plugin};

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn every_corpus_plugin_writes_back_byte_for_byte() {
    for path in &common::plugins() {
        let data = std::fs::read(path).unwrap();
        let plugin = Plugin::parse(&data).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let out = plugin.to_bytes().unwrap();
        assert_eq!(
            first_difference(&data, &out),
            None,
            "{} differs after a round trip",
            path.display()
        );
        // Every record's subrecords parse, compressed ones included.
        for rec in plugin.records() {
            rec.for_each_subrecord(plugin.game, |_| {})
                .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        }
    }
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn campfire_has_its_real_figures() {
    let data = common::file("skyrim-plugins/Campfire.esm");
    let plugin = Plugin::parse(&data).unwrap();
    assert_eq!(plugin.game, Game::Skyrim);
    // The figure counts the TES4 header record too.
    assert_eq!(plugin.records().count() + 1, 1627);
    let packs = plugin
        .records()
        .filter(|r| r.header.sig.0 == *b"PACK")
        .count();
    assert_eq!(packs, 14);
    let compressed = plugin
        .records()
        .filter(|r| r.header.is_compressed())
        .count();
    assert_eq!(compressed, 10);
    let info = plugin.info().unwrap();
    assert_eq!(info.author.as_deref(), Some("Chesko"));
    assert_eq!(info.record_count, 1704);
    // Named .esm, but its header does not carry the master flag.
    assert!(!info.is_master);
    assert_eq!(info.masters[0].name, "Skyrim.esm");
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn oblivion_is_told_from_the_header() {
    let data = common::file("oblivion-plugins/OblivionOnline.esp");
    let plugin = Plugin::parse(&data).unwrap();
    assert_eq!(plugin.game, Game::Oblivion);
    assert_eq!(plugin.records().count() + 1, 124);
    let info = plugin.info().unwrap();
    assert_eq!(info.version, 1.0);
    assert_eq!(info.author.as_deref(), Some("masterfreek64"));
    assert_eq!(info.masters[0].name, "Oblivion.esm");
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn large_subrecord_behind_xxxx_is_read() {
    let data = common::file("testing-plugins/Skyrim/Blank.esm");
    let plugin = Plugin::parse(&data).unwrap();
    let subs = plugin.header.subrecords(plugin.game).unwrap();
    let onam = subs.iter().find(|s| s.sig.0 == *b"ONAM").unwrap();
    assert_eq!(onam.data.len(), 0x10000);
    assert!(matches!(
        onam.size_form,
        esscribe::plugin::SizeForm::Extended { short_size: 0 }
    ));
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn light_flag_is_read_from_the_esl() {
    let data = common::file("testing-plugins/SkyrimSE/Blank.esl");
    let info = Plugin::parse(&data).unwrap().info().unwrap();
    assert!(info.is_light);
}
