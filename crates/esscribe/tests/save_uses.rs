//! `uses_of` on the corpus Oblivion saves: what a save holds of each
//! plugin, counted exactly, and every change record counted once.

mod common;

use esscribe::plugin::Game;
use esscribe::save::SaveFile;
use std::collections::BTreeMap;

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn every_change_record_is_counted_under_its_plugin_once() {
    for path in common::saves_of(Game::Oblivion) {
        let data = std::fs::read(&path).unwrap();
        let save = SaveFile::parse(&data).unwrap();
        let name = path.display();
        // Counted here from the records' own form IDs, by their top byte.
        let mut by_index: BTreeMap<u8, usize> = BTreeMap::new();
        for c in &save.changes {
            *by_index.entry(c.form_id.master_index()).or_default() += 1;
        }
        for (i, plugin) in save.plugin_names().iter().enumerate() {
            let u = save
                .uses_of(plugin)
                .unwrap_or_else(|e| panic!("{name}: {e}"));
            assert_eq!(
                u.change_records,
                by_index.get(&(i as u8)).copied().unwrap_or(0),
                "{name}: {plugin}"
            );
            assert_eq!(
                u.change_records,
                u.change_records_by_type.values().sum::<usize>()
            );
            assert!(
                u.items
                    .iter()
                    .all(|it| it.item.master_index() as usize == i),
                "{name}: {plugin}"
            );
            assert!(u
                .created
                .iter()
                .all(|c| c.base.master_index() as usize == i && c.form_id.master_index() == 0xFF));
            let nothing = u.change_records == 0
                && u.items.is_empty()
                && u.created.is_empty()
                && u.player_spells.is_empty();
            assert_eq!(
                u.verdict.contains("safe to remove"),
                nothing,
                "{name}: {plugin}: {}",
                u.verdict
            );
        }
        assert!(save.uses_of("NotInThisSave.esp").is_err());
    }
}

/// Values read off two real saves whose plugin lists hold more than the
/// game's own master: a mod's quests and the references created from its
/// forms, and a DLC's changes and items.
#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn a_mods_footprint_in_known_saves() {
    let save = SaveFile::parse(&common::file("oblivion-saves/save030.ess")).unwrap();
    let u = save.uses_of("natural_habitat_by_max_tael.esp").unwrap();
    assert_eq!(u.index, "04");
    assert_eq!(u.change_records, 2);
    assert_eq!(u.change_records_by_type.get("QUST"), Some(&2));
    assert_eq!(
        u.quests.iter().map(|q| q.0).collect::<Vec<_>>(),
        [0x0400B3E4, 0x04000CE7]
    );
    assert_eq!(u.created.len(), 15);
    assert!(u.items.is_empty());
    assert!(u.verdict.contains("15 created forms"), "{}", u.verdict);

    let save = SaveFile::parse(&common::file("oblivion-saves/other-player-new-game.ess")).unwrap();
    let u = save.uses_of("DLCMehrunesRazor.esp").unwrap();
    assert_eq!(u.index, "03");
    assert_eq!(
        u.change_records_by_type
            .iter()
            .map(|(k, v)| (k.as_str(), *v))
            .collect::<Vec<_>>(),
        [
            ("ACHR", 50),
            ("ACRE", 2),
            ("NPC_", 52),
            ("QUST", 1),
            ("REFR", 164)
        ]
    );
    assert_eq!(u.items.len(), 11);
    assert_eq!(
        (u.items[0].item.0, u.items[0].holder.0, u.items[0].count),
        (0x03005FD8, 0x0300218F, 1)
    );
    let empty = save.uses_of("DLCShiveringIsles.esp").unwrap();
    assert_eq!(empty.change_records, 0);
    assert!(
        empty.verdict.contains("safe to remove"),
        "{}",
        empty.verdict
    );
}
