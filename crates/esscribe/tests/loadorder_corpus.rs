//! Load orders of real plugins: order, slots, masters that are absent,
//! global form IDs, lookup, override chains and their comparison.

mod common;

use esscribe::loadorder::{
    data_dir_order, Category, ConflictFilter, Edition, GlobalId, LoadOrder, PluginFiles, Problem,
    Slot,
};
use std::path::PathBuf;

fn open(rels: &[&str]) -> PluginFiles {
    PluginFiles::open(rels.iter().map(|r| common::path(r)))
}

fn names<'o>(order: &'o LoadOrder<'_>) -> Vec<&'o str> {
    order.plugins().iter().map(|p| p.name.as_str()).collect()
}

fn missing(plugin: &str, master: &str) -> Problem {
    Problem::MissingMaster {
        plugin: plugin.into(),
        master: master.into(),
    }
}

const DAWN: &str = "skyrim-plugins/DawnOfTheSilverHand.esp";
const REQUIEM_PATCH: &str = "skyrim-plugins/Requiem_DawnOfTheSilverHand.esp";

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn requiem_patch_overrides_the_mod_and_absent_masters() {
    let files = open(&[DAWN, REQUIEM_PATCH]);
    let order = LoadOrder::from_files(&files);
    assert_eq!(
        names(&order),
        ["DawnOfTheSilverHand.esp", "Requiem_DawnOfTheSilverHand.esp"]
    );
    assert_eq!(order.plugin(1).slot, Slot::Full(1));
    // Absent masters are reported, and everything else loads.
    assert_eq!(
        order.problems(),
        [
            missing("DawnOfTheSilverHand.esp", "Skyrim.esm"),
            missing("DawnOfTheSilverHand.esp", "Update.esm"),
            missing("Requiem_DawnOfTheSilverHand.esp", "Skyrim.esm"),
            missing("Requiem_DawnOfTheSilverHand.esp", "Requiem.esp"),
        ]
    );
    assert_eq!(
        order.absent_masters(),
        ["Skyrim.esm", "Update.esm", "Requiem.esp"]
    );
    // 67 records with the header: 60 overrides of Skyrim.esm (absent), 6
    // of the mod, none of its own.
    let patch = order.plugin(1);
    assert_eq!(patch.records.len(), 66);
    let mut by_owner = std::collections::BTreeMap::new();
    for (id, _) in order.records_of(1) {
        *by_owner.entry(order.file_name(id.file)).or_insert(0) += 1;
    }
    assert_eq!(
        by_owner.into_iter().collect::<Vec<_>>(),
        [("DawnOfTheSilverHand.esp", 6), ("Skyrim.esm", 60)]
    );

    // Lookup by editor ID and by form ID give the same record.
    let id = order.lookup("DSilHand_TemperedSilverGreatsword").unwrap();
    assert_eq!(
        id,
        GlobalId {
            file: 0,
            object: 0x9DDE
        }
    );
    assert_eq!(order.lookup("dsilhand_temperedsilvergreatsword"), Some(id));
    assert_eq!(order.lookup("0x00009DDE"), Some(id));
    assert_eq!(order.lookup("DawnOfTheSilverHand.esp:009DDE"), Some(id));
    assert_eq!(
        order.lookup("0x00009DDE (DawnOfTheSilverHand.esp)"),
        Some(id)
    );
    assert_eq!(order.lookup("NoSuchEditorId"), None);
    assert_eq!(
        order.describe(id),
        "DSilHand_TemperedSilverGreatsword \"Tempered Silver Greatsword\" [WEAP:00009DDE DawnOfTheSilverHand.esp]"
    );
    // The patch's version wins; its value and damage are Requiem's.
    let chain = order.chain(id);
    assert_eq!(chain.len(), 2);
    assert_eq!(order.winner(id).unwrap().plugin, 1);

    let report = order.conflicts(&ConflictFilter {
        types: vec![esscribe::Sig(*b"WEAP")],
        plugin: None,
    });
    assert_eq!(report.records.len(), 8);
    let sword = report.records.iter().find(|r| r.id == id).unwrap();
    assert_eq!(sword.category, Category::Override);
    assert_eq!(sword.winner, "Requiem_DawnOfTheSilverHand.esp");
    assert_eq!(
        sword.chain[1].changes,
        [
            "fields.keywords.0",
            "fields.keywords.1",
            "fields.data.value",
            "fields.data.damage",
            "fields.data_2.unused_2",
            "fields.critical_data.unused",
            "fields.critical_data.unused_2"
        ]
    );

    // Every record of the patch is in the report: 6 compared with the
    // mod's versions, 60 with only the patch's version loaded.
    let all = order.conflicts(&ConflictFilter {
        types: vec![],
        plugin: Some("requiem_dawnofthesilverhand.esp".into()),
    });
    assert_eq!(all.records.len(), 66);
    let absent_base = all
        .records
        .iter()
        .filter(|r| !r.chain[0].loaded && r.chain[0].plugin == "Skyrim.esm")
        .count();
    assert_eq!(absent_base, 60);
    let cell = all
        .records
        .iter()
        .find(|r| r.editor_id.as_deref() == Some("WinterholdCollegeHallofCountenance"))
        .unwrap();
    assert_eq!(cell.form_id, "??01380F Skyrim.esm");
    let chain: Vec<_> = cell.chain.iter().map(|v| v.plugin.as_str()).collect();
    assert_eq!(
        chain,
        [
            "Skyrim.esm",
            "DawnOfTheSilverHand.esp",
            "Requiem_DawnOfTheSilverHand.esp"
        ]
    );
    assert_eq!(all.pairs.len(), 1);
    assert_eq!(
        (all.pairs[0].shared, all.pairs[0].conflicts),
        (66, 0),
        "{:?}",
        all.pairs
    );

    // What refers to the greatsword: the mod's NPCs, recipes, a levelled
    // list and quest scripts.
    let refs = order.referenced_by(id);
    assert_eq!(refs.len(), 11);
    let recipe = refs
        .iter()
        .find(|r| r.form_id == "0003ECAC DawnOfTheSilverHand.esp")
        .unwrap();
    assert_eq!(
        recipe.record,
        "DSilHand_RecipeTemperedSilverGreatsword [COBJ:0003ECAC DawnOfTheSilverHand.esp]"
    );
    assert_eq!(recipe.paths, ["created_object"]);
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn campfire_loads_before_its_tutorials() {
    // Listed last, the master still loads first.
    let files = open(&[
        "skyrim-plugins/CampfireTutorial_Chair.esp",
        "skyrim-plugins/CampfireTutorial_ChairAndExtras.esp",
        "skyrim-plugins/CampfireTutorial_Shack.esp",
        "skyrim-plugins/Campfire.esm",
    ]);
    let order = LoadOrder::from_files(&files);
    assert_eq!(
        names(&order),
        [
            "Campfire.esm",
            "CampfireTutorial_Chair.esp",
            "CampfireTutorial_ChairAndExtras.esp",
            "CampfireTutorial_Shack.esp"
        ]
    );
    assert!(order.plugin(0).is_master);
    assert_eq!(order.plugin(3).slot, Slot::Full(3));
    assert_eq!(order.problems().len(), 8, "{:?}", order.problems());
    let report = order.conflicts(&ConflictFilter::default());
    let cell = order.lookup("_Camp_ModPlaceableObjectCell").unwrap();
    assert_eq!(order.show_id(cell), "00029488 Campfire.esm");
    let r = report.records.iter().find(|r| r.id == cell).unwrap();
    assert_eq!(r.category, Category::IdenticalToMaster);
    let chain: Vec<_> = r
        .chain
        .iter()
        .map(|v| (v.plugin.as_str(), v.identical_to_master))
        .collect();
    assert_eq!(
        chain,
        [
            ("Campfire.esm", false),
            ("CampfireTutorial_ChairAndExtras.esp", true),
            ("CampfireTutorial_Shack.esp", true)
        ]
    );
    let tent = order.lookup("_Camp_ModTentCell").unwrap();
    let r = report.records.iter().find(|r| r.id == tent).unwrap();
    assert_eq!(r.winner, "CampfireTutorial_Shack.esp");
    assert_eq!(r.category, Category::IdenticalToMaster);
    let compared = report
        .records
        .iter()
        .filter(|r| r.chain.len() > 1 && r.chain.iter().all(|v| v.loaded))
        .count();
    assert_eq!(compared, 2);
    let shack = report
        .pairs
        .iter()
        .find(|p| p.first == "Campfire.esm" && p.second == "CampfireTutorial_Shack.esp")
        .unwrap();
    assert_eq!((shack.shared, shack.conflicts), (2, 0));
    // A tutorial's record of its own has a form ID in the tutorial's slot.
    let (own, _) = order.records_of(3).find(|(id, _)| id.file == 3).unwrap();
    assert_eq!(order.load_order_id(own).unwrap().master_index(), 3);
}

fn testing(game: &str, files: &[&str]) -> PluginFiles {
    let rels: Vec<String> = files
        .iter()
        .map(|f| format!("testing-plugins/{game}/{f}"))
        .collect();
    let rels: Vec<&str> = rels.iter().map(String::as_str).collect();
    open(&rels)
}

const DEPENDENT: &[&str] = &[
    "Blank.esp",
    "Blank - Plugin Dependent.esp",
    "Blank - Master Dependent.esp",
    "Blank.esm",
    "Blank - Master Dependent.esm",
    "Blank - Different Master Dependent.esp",
];

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn oblivion_master_dependent_plugins() {
    let files = testing("Oblivion", DEPENDENT);
    let order = LoadOrder::from_files(&files);
    assert_eq!(
        names(&order),
        [
            "Blank.esm",
            "Blank - Master Dependent.esm",
            "Blank.esp",
            "Blank - Plugin Dependent.esp",
            "Blank - Master Dependent.esp",
            "Blank - Different Master Dependent.esp"
        ]
    );
    assert_eq!(
        order.problems(),
        [missing(
            "Blank - Different Master Dependent.esp",
            "Blank - Different.esm"
        )]
    );
    let report = order.conflicts(&ConflictFilter::default());
    let ids: Vec<_> = report
        .records
        .iter()
        .map(|r| {
            (
                r.sig.as_str(),
                r.form_id.as_str(),
                r.category,
                r.winner.as_str(),
            )
        })
        .collect();
    let m = "Blank - Master Dependent.esm";
    assert_eq!(
        ids,
        [
            ("BOOK", "00000CF0 Blank.esm", Category::IdenticalToMaster, m),
            ("BOOK", "00000CF1 Blank.esm", Category::IdenticalToMaster, m),
            ("BOOK", "00000CF2 Blank.esm", Category::IdenticalToMaster, m),
            ("BOOK", "00000CF3 Blank.esm", Category::IdenticalToMaster, m),
        ]
    );
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn skyrim_master_dependent_plugins() {
    let files = testing("Skyrim", DEPENDENT);
    let order = LoadOrder::from_files(&files);
    assert_eq!(order.game(), esscribe::Game::Skyrim);
    let report = order.conflicts(&ConflictFilter::default());
    let ids: Vec<_> = report
        .records
        .iter()
        .map(|r| {
            (
                r.form_id.as_str(),
                r.category,
                r.chain
                    .iter()
                    .map(|v| v.plugin.as_str())
                    .collect::<Vec<_>>(),
            )
        })
        .collect();
    assert_eq!(
        ids[0],
        (
            "00000CF0 Blank.esm",
            Category::IdenticalToMaster,
            vec![
                "Blank.esm",
                "Blank - Master Dependent.esm",
                "Blank - Master Dependent.esp"
            ]
        )
    );
    assert_eq!(
        ids[4],
        (
            "02000CEC Blank.esp",
            Category::IdenticalToMaster,
            vec!["Blank.esp", "Blank - Plugin Dependent.esp"]
        )
    );
    // The absent master's records are named by it, never loaded.
    assert_eq!(
        ids[5],
        (
            "??000CEF Blank - Different.esm",
            Category::OnlyOne,
            vec![
                "Blank - Different.esm",
                "Blank - Different Master Dependent.esp"
            ]
        )
    );
    assert_eq!(ids.len(), 7);
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn skyrim_se_light_plugin_takes_an_fe_slot() {
    let files = testing(
        "SkyrimSE",
        &[
            "Blank.esp",
            "Blank.esl",
            "Blank.esm",
            "Blank - Master Dependent.esm",
            "Blank - Master Dependent.esp",
        ],
    );
    let order = LoadOrder::from_files(&files);
    assert_eq!(
        names(&order),
        [
            "Blank.esl",
            "Blank.esm",
            "Blank - Master Dependent.esm",
            "Blank.esp",
            "Blank - Master Dependent.esp"
        ]
    );
    let esl = order.plugin(0);
    assert!(esl.is_light && esl.is_master);
    assert_eq!(esl.slot, Slot::Light(0));
    assert_eq!(order.plugin(1).slot, Slot::Full(0));
    assert_eq!(order.plugin(3).slot, Slot::Full(2));
    // The light plugin's records get FE000xxx form IDs, and are found by them.
    let (id, record) = order.records_of(0).next().unwrap();
    let lo = order.load_order_id(id).unwrap();
    assert_eq!(lo.0 & 0xFFFF_F000, 0xFE00_0000);
    assert_eq!(lo.0 & 0xFFF, record.header.form_id.0 & 0xFFF);
    assert_eq!(order.lookup(&lo.to_string()), Some(id));
    assert!(order.problems().is_empty(), "{:?}", order.problems());
}

/// A scratch folder under the system's temporary folder, removed on drop.
struct Scratch(PathBuf);

impl Scratch {
    fn new(tag: &str) -> Scratch {
        let dir =
            std::env::temp_dir().join(format!("esscribe-loadorder-{tag}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("Data")).unwrap();
        Scratch(dir)
    }

    fn data(&self) -> PathBuf {
        self.0.join("Data")
    }

    /// Copies a corpus file into Data/ and sets its modification time
    /// `minutes` after a fixed moment.
    fn add(&self, rel: &str, minutes: u64) {
        let to = self.data().join(common::name(&common::path(rel)));
        std::fs::copy(common::path(rel), &to).unwrap();
        let f = std::fs::File::options().write(true).open(&to).unwrap();
        f.set_modified(
            std::time::UNIX_EPOCH + std::time::Duration::from_secs(1_600_000_000 + minutes * 60),
        )
        .unwrap();
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn data_names(dir: &std::path::Path) -> Vec<String> {
    names_as(dir, None)
}

/// The active plugins of a folder, read by the rules of `edition` (or of
/// the game told from its files).
fn names_as(dir: &std::path::Path, edition: Option<Edition>) -> Vec<String> {
    data_dir_order(dir, edition)
        .unwrap()
        .paths
        .iter()
        .map(|p| common::name(p))
        .collect()
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn data_folders_are_read_the_way_each_game_reads_them() {
    // Skyrim SE: plugins.txt order, * marks the active ones.
    let se = Scratch::new("se");
    se.add(DAWN, 2);
    se.add(REQUIEM_PATCH, 1);
    se.add("skyrim-plugins/Scribe.esp", 0);
    std::fs::write(
        se.0.join("plugins.txt"),
        "# This file is used by Skyrim to keep track of your downloaded content.\r\n*DawnOfTheSilverHand.esp\r\nScribe.esp\r\n*Requiem_DawnOfTheSilverHand.esp\r\n*Missing.esp\r\n",
    )
    .unwrap();
    assert_eq!(
        data_names(&se.data()),
        ["DawnOfTheSilverHand.esp", "Requiem_DawnOfTheSilverHand.esp"]
    );
    // Creation Club plugins listed in Skyrim.ccc beside Data load before
    // plugins.txt's, listed there or not, when they are there.
    std::fs::write(
        se.0.join("Skyrim.ccc"),
        "ccBGSSSE001-Fish.esm\r\nScribe.esp\r\n",
    )
    .unwrap();
    assert_eq!(
        data_names(&se.data()),
        [
            "Scribe.esp",
            "DawnOfTheSilverHand.esp",
            "Requiem_DawnOfTheSilverHand.esp"
        ]
    );
    std::fs::remove_file(se.0.join("Skyrim.ccc")).unwrap();
    let files = PluginFiles::from_data_dir(&se.data()).unwrap();
    let order = LoadOrder::from_files(&files);
    assert_eq!(order.len(), 2);
    assert_eq!(
        order.problems()[0],
        Problem::File {
            file: se.0.join("plugins.txt").display().to_string(),
            line: Some(5),
            message: "Missing.esp: no such plugin in the folder, skipped".into()
        }
    );

    // Skyrim LE: loadorder.txt orders, plugins.txt says what is active.
    let le = Scratch::new("le");
    le.add(DAWN, 0);
    le.add(REQUIEM_PATCH, 1);
    le.add("skyrim-plugins/Scribe.esp", 2);
    std::fs::write(
        le.data().join("loadorder.txt"),
        "Scribe.esp\nDawnOfTheSilverHand.esp\nRequiem_DawnOfTheSilverHand.esp\n",
    )
    .unwrap();
    std::fs::write(
        le.data().join("plugins.txt"),
        "requiem_dawnofthesilverhand.esp\nScribe.esp\n",
    )
    .unwrap();
    // These plugins are Skyrim SE's (Scribe.esp is flagged light), so the
    // folder is read as Skyrim LE only when told so.
    assert_eq!(
        names_as(&le.data(), Some(Edition::SkyrimLe)),
        ["Scribe.esp", "Requiem_DawnOfTheSilverHand.esp"]
    );

    // Oblivion: modification times order the active plugins.
    let ob = Scratch::new("oblivion");
    ob.add("oblivion-plugins/OOArena.esp", 5);
    ob.add("oblivion-plugins/OblivionOnline.esp", 3);
    ob.add("oblivion-plugins/RowYourBoat.esp", 4);
    std::fs::write(
        ob.0.join("plugins.txt"),
        "OOArena.esp\nOblivionOnline.esp\n",
    )
    .unwrap();
    assert_eq!(
        data_names(&ob.data()),
        ["OblivionOnline.esp", "OOArena.esp"]
    );
    let files = PluginFiles::from_data_dir(&ob.data()).unwrap();
    let order = LoadOrder::from_files(&files);
    assert_eq!(order.game(), esscribe::Game::Oblivion);
    assert_eq!(order.absent_masters(), ["Oblivion.esm"]);
}

/// libloadorder's own test of hoisting, on the same plugins (xEdit-made,
/// from its test suite): its expected order, for Oblivion by file times
/// and for Skyrim LE by loadorder.txt.
#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn hoisting_as_libloadorder_tests_it() {
    let listed = [
        "Blank - Master Dependent.esm",
        "Blank - Master Dependent.esp",
        "Blank.esm",
        "Blank - Different.esp",
        "Blàñk.esp",
        "Blank.esp",
    ];
    let expected = [
        "Blank.esm",
        "Blank - Master Dependent.esm",
        "Blank - Master Dependent.esp",
        "Blank - Different.esp",
        "Blàñk.esp",
        "Blank.esp",
    ];
    for (game, tag) in [("Oblivion", "hoist-ob"), ("Skyrim", "hoist-le")] {
        let g = Scratch::new(tag);
        for (minutes, name) in listed.iter().enumerate() {
            let from = if *name == "Blàñk.esp" {
                "Blank.esp"
            } else {
                name
            };
            let to = g.data().join(name);
            std::fs::copy(common::path(&format!("testing-plugins/{game}/{from}")), &to).unwrap();
            common::set_file_time(&to, minutes as u64 * 60);
        }
        if game == "Skyrim" {
            std::fs::write(g.0.join("loadorder.txt"), listed.join("\n")).unwrap();
        }
        let order = data_dir_order(&g.data(), None).unwrap();
        let names: Vec<&str> = order.plugins.iter().map(|p| p.name.as_str()).collect();
        assert_eq!(names, expected, "{game}");
        let edition = if game == "Oblivion" {
            Edition::Oblivion
        } else {
            Edition::SkyrimLe
        };
        assert_eq!(order.edition, edition);
    }
}
