//! `esscribe conflicts` and `esscribe refs` on real load orders.

#[path = "../../esscribe/tests/common/mod.rs"]
mod common;

use assert_cmd::Command;
use serde_json::{json, Value};

fn esscribe() -> Command {
    let mut cmd = Command::cargo_bin("esscribe").unwrap();
    cmd.env("NO_COLOR", "1");
    cmd
}

fn run(args: &[&str]) -> (String, String) {
    let out = esscribe().args(args).output().unwrap();
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    (
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

fn corpus(rel: &str) -> String {
    common::path(rel).display().to_string()
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn conflicts_of_the_requiem_patch() {
    let dawn = corpus("skyrim-plugins/DawnOfTheSilverHand.esp");
    let patch = corpus("skyrim-plugins/Requiem_DawnOfTheSilverHand.esp");
    let (out, err) = run(&["conflicts", &dawn, &patch, "--type", "weap"]);
    assert!(out.starts_with(
        "override, no conflict DSilHand_TemperedSilverGreatsword \"Tempered Silver Greatsword\" [WEAP:00009DDE DawnOfTheSilverHand.esp]\n    DawnOfTheSilverHand.esp → Requiem_DawnOfTheSilverHand.esp  ⇒ Requiem_DawnOfTheSilverHand.esp wins\n"
    ), "{out}");
    assert!(out.contains("identical to master (ITM) DSilHand_ShamanHircineStaff \"Hircine's Shaman Staff\" [WEAP:00073735 DawnOfTheSilverHand.esp]\n    DawnOfTheSilverHand.esp → Requiem_DawnOfTheSilverHand.esp (ITM)"), "{out}");
    assert!(out.contains("    DawnOfTheSilverHand.esp × Requiem_DawnOfTheSilverHand.esp: 8 shared, 0 conflicting\n"), "{out}");
    assert!(err.contains("warning: master Skyrim.esm is not in the load order, needed by DawnOfTheSilverHand.esp, Requiem_DawnOfTheSilverHand.esp"), "{err}");
    assert!(err.contains("warning: master Requiem.esp is not in the load order, needed by Requiem_DawnOfTheSilverHand.esp"), "{err}");
    assert!(err.contains("8 records touched by more than one plugin in 2 plugins: 2 identical to master (ITM), 6 override, no conflict"), "{err}");

    let (out, _) = run(&["conflicts", &dawn, &patch, "--json"]);
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(
        v["load_order"][1]["plugin"],
        "Requiem_DawnOfTheSilverHand.esp"
    );
    assert_eq!(
        v["load_order"][1]["slot"],
        json!({"slot": "full", "index": 1})
    );
    assert_eq!(v["records"].as_array().unwrap().len(), 1281);
    assert_eq!(
        v["pairs"],
        json!([{"first": "DawnOfTheSilverHand.esp", "second": "Requiem_DawnOfTheSilverHand.esp", "shared": 66, "conflicts": 0}])
    );
    let sword = v["records"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["editor_id"] == "DSilHand_TemperedSilverSword")
        .unwrap();
    assert_eq!(sword["form_id"], "0003ECAB DawnOfTheSilverHand.esp");
    assert_eq!(sword["category"], "override");
    assert_eq!(
        sword["chain"][1]["changes"],
        json!([
            "fields.keywords.0",
            "fields.keywords.1",
            "fields.data.value",
            "fields.data.damage"
        ])
    );
    let missing: Vec<&Value> = v["problems"].as_array().unwrap().iter().collect();
    assert_eq!(missing.len(), 4);
    assert_eq!(
        missing[3],
        &json!({"problem": "missing_master", "plugin": "Requiem_DawnOfTheSilverHand.esp", "master": "Requiem.esp"})
    );

    // What refers to the greatsword, found by its editor ID.
    let (out, err) = run(&[
        "refs",
        &dawn,
        &patch,
        "--form",
        "DSilHand_TemperedSilverGreatsword",
    ]);
    assert!(out.contains("DawnOfTheSilverHand.esp: DSilHand_RecipeTemperedSilverGreatsword [COBJ:0003ECAC DawnOfTheSilverHand.esp]  (created_object)\n"), "{out}");
    assert_eq!(out.lines().count(), 11);
    assert!(err.ends_with("DSilHand_TemperedSilverGreatsword \"Tempered Silver Greatsword\" [WEAP:00009DDE DawnOfTheSilverHand.esp] is referred to by 11 records\n"), "{err}");

    let out = esscribe()
        .args(["refs", &dawn, "--form", "NoSuchThing"])
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr)
        .contains("--form NoSuchThing: no such record in the load order"));
    let out = esscribe()
        .args(["conflicts", &dawn, "--plugin", "Requiem.esp"])
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains(
        "--plugin Requiem.esp: not in the load order (nearest: DawnOfTheSilverHand.esp)"
    ));
}

/// Campfire.esm's mortar and pestle (value 25) in a plugin of its own,
/// with `value` as its value.
fn mortar_plugin(campfire: &Value, name: &str, value: u64) -> Vec<u8> {
    mortar_plugin_with(campfire, name, |r| {
        r["fields"]["data"]["value"] = json!(value)
    })
}

/// Campfire.esm's mortar and pestle in a plugin of its own, changed by `edit`.
fn mortar_plugin_with(campfire: &Value, name: &str, edit: impl Fn(&mut Value)) -> Vec<u8> {
    common::campfire_mortar_plugin(campfire, name, edit)
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn a_reverted_change_is_a_conflict_in_a_data_folder() {
    let master = common::file("skyrim-plugins/Campfire.esm");
    let plugin = esscribe::Plugin::parse(&master).unwrap();
    let campfire = esscribe::json::plugin_to_json(&plugin, "Campfire.esm").unwrap();
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("Data");
    std::fs::create_dir(&data).unwrap();
    std::fs::write(data.join("Campfire.esm"), &master).unwrap();
    std::fs::write(
        data.join("Change.esp"),
        mortar_plugin(&campfire, "Change.esp", 40),
    )
    .unwrap();
    std::fs::write(
        data.join("Revert.esp"),
        mortar_plugin(&campfire, "Revert.esp", 25),
    )
    .unwrap();
    std::fs::write(
        data.join("Unused.esp"),
        mortar_plugin(&campfire, "Unused.esp", 99),
    )
    .unwrap();
    // Skyrim SE's list: Unused.esp is there but not active.
    std::fs::write(
        dir.path().join("plugins.txt"),
        "*Campfire.esm\n*Change.esp\nUnused.esp\n*Revert.esp\n",
    )
    .unwrap();
    let data_arg = data.display().to_string();
    let (out, err) = run(&["conflicts", "--data", &data_arg, "--plugin", "revert.esp"]);
    assert_eq!(
        out,
        "conflict _Camp_Alchemy_MortarPestleMISC \"Mortar and Pestle\" [MISC:00038689 Campfire.esm]\n    Campfire.esm → Change.esp → Revert.esp (ITM)  ⇒ Revert.esp wins\n    lost data.value: 40 from Change.esp (winner: 25)\n\nPlugin pairs: records both touch, and conflicts (both change a field, to different values)\n    Campfire.esm × Change.esp: 1 shared, 0 conflicting\n    Campfire.esm × Revert.esp: 1 shared, 0 conflicting\n    Change.esp × Revert.esp: 1 shared, 0 conflicting\n"
    );
    // No Skyrim.esm: the plugins' headers tell the game.
    assert!(
        err.contains("plugins.txt, * marking active plugins (Skyrim SE: no Skyrim.esm; Campfire.esm has header version 1.70, as only Skyrim SE writes)"),
        "{err}"
    );
    assert!(
        err.contains("1 record touched by more than one plugin in 3 plugins: 1 conflict"),
        "{err}"
    );
    // The folder given relative to where the command runs is the same
    // folder, its lists one up found alike.
    for (cwd, given) in [
        (dir.path(), "Data"),
        (dir.path(), "Data/"),
        (data.as_path(), "."),
    ] {
        let relative = esscribe()
            .current_dir(cwd)
            .args(["conflicts", "--data", given, "--plugin", "revert.esp"])
            .output()
            .unwrap();
        assert_eq!(
            String::from_utf8_lossy(&relative.stdout),
            out,
            "--data {given}"
        );
        let said = String::from_utf8_lossy(&relative.stderr);
        assert!(
            said.contains("plugins.txt, * marking active plugins (Skyrim SE: "),
            "--data {given}: {said}"
        );
    }

    let (out, _) = run(&[
        "conflicts",
        "--data",
        &data_arg,
        "--plugin",
        "Revert.esp",
        "--json",
    ]);
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(
        v["records"][0]["lost"],
        json!([{"path": "fields.data.value", "plugin": "Change.esp", "value": 40, "winner_value": 25, "deliberate": false}])
    );
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn references_are_named_from_the_load_order() {
    let campfire = corpus("skyrim-plugins/Campfire.esm");
    let shack = corpus("skyrim-plugins/CampfireTutorial_Shack.esp");
    // dump: the plugin last, its load order before it.
    let (out, _) = run(&[
        "dump",
        &campfire,
        &shack,
        "--form",
        "_Tutorial_PosRef_ShelterLantern",
    ]);
    assert!(out.starts_with("REFR 0x03002DC7 flags 0x00000400 (persistent) at 0xBAA (78 bytes)\n  editor_id: _Tutorial_PosRef_ShelterLantern\n  base: [??02D847 Skyrim.esm]\n"), "{out}");
    // Alone, the plugin names its own records, and shows where the others
    // would be.
    let (out, said) = run(&["dump", &shack, "--form", "0x03002DC7"]);
    assert!(out.contains("\n  base: [??02D847 Skyrim.esm]\n"), "{out}");
    assert!(!said.contains("warning"), "{said}");
    let (out, _) = run(&["dump", &shack, "--form", "_Tutorial_CraftChair"]);
    assert!(
        out.contains("\n  created_object: _Tutorial_ChairMiscItem \"Camping Chair\" [MISC:00000D62 CampfireTutorial_Shack.esp]\n"),
        "{out}"
    );
    // packages: targets and locations named.
    let (out, _) = run(&["packages", &campfire, &shack]);
    assert!(out.contains("target object id _Camp_CampfireSitMarkerSandbox \"Sit Down\" [FURN:00039577 Campfire.esm]; template [??019715 Skyrim.esm]"), "{out}");

    // diff with --data: the new plugin's load order names both sides.
    let master = common::file("skyrim-plugins/Campfire.esm");
    let plugin = esscribe::Plugin::parse(&master).unwrap();
    let doc = esscribe::json::plugin_to_json(&plugin, "Campfire.esm").unwrap();
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("Data");
    std::fs::create_dir(&data).unwrap();
    std::fs::write(data.join("Campfire.esm"), &master).unwrap();
    std::fs::write(
        dir.path().join("Old.esp"),
        mortar_plugin(&doc, "Mod.esp", 25),
    )
    .unwrap();
    let new = mortar_plugin_with(&doc, "Mod.esp", |r| {
        r["fields"]["keywords"][0] = json!("0x0203868B (Campfire.esm)")
    });
    std::fs::write(data.join("Mod.esp"), new).unwrap();
    let old_path = dir.path().join("Old.esp").display().to_string();
    let new_path = data.join("Mod.esp").display().to_string();
    let data_arg = data.display().to_string();
    let out = esscribe()
        .args(["diff", &old_path, &new_path, "--data", &data_arg])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(text, "changed MISC 0x02038689 _Camp_Alchemy_MortarPestleMISC\n    fields.keywords.0: \"[??0914E9 Skyrim.esm]\" → \"_Camp_MortarAndPestleFurniture \\\"Mortar and Pestle\\\" [FURN:0003868B Campfire.esm]\"\n");
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn save_items_are_named_by_the_plugins_in_data() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("Oblivion.esm"),
        common::oblivion_esm_with_one_record(),
    )
    .unwrap();
    let save = corpus("oblivion-saves/save002.ess");
    let data = dir.path().display().to_string();
    let (out, err) = run(&["save", "inventory", &save, "--data", &data]);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "ACHR 0x00000014: 65 inventory entries");
    assert_eq!(
        lines[1],
        "0x0002EE72  Oblivion.esm                 17 1OOTraveller \"Traveller Of Common Lands\" [NPC_:0002EE72 Oblivion.esm]"
    );
    // Items of plugins not there keep their form IDs.
    assert_eq!(lines[2], "0x0003366C  Oblivion.esm                  1");
    assert!(
        err.contains("warning: DLCShiveringIsles.esp: listed, but the file is not there"),
        "{err}"
    );
    assert!(
        err.contains("warning: Knights.esp: listed, but the file is not there"),
        "{err}"
    );

    let (out, _) = run(&["save", "inventory", &save, "--data", &data, "--json"]);
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v[0]["form_id"], "0x0002EE72");
    assert_eq!(
        v[0]["record"],
        "1OOTraveller \"Traveller Of Common Lands\" [NPC_:0002EE72 Oblivion.esm]"
    );
    assert_eq!(v[1].get("record"), None);
}

/// A Skyrim SE game folder of header-only plugins: Data, and plugins.txt
/// beside it.
fn se_game_folder() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("Data");
    std::fs::create_dir(&data).unwrap();
    let plugin = |name: &str, flags: u32, masters: &[&str], t: u64| {
        let path = data.join(name);
        let bytes = common::header_only_plugin(esscribe::Game::Skyrim, 1.71, flags, masters);
        std::fs::write(&path, bytes).unwrap();
        common::set_file_time(&path, t);
    };
    plugin("Skyrim.esm", 1, &[], 1);
    plugin("Update.esm", 1, &["Skyrim.esm"], 2);
    plugin("Small.esl", 0, &[], 10);
    plugin("Plain.esp", 0, &[], 11);
    plugin("Needs.esm", 0, &["Skyrim.esm", "Plain.esp"], 12);
    plugin("Off.esp", 0, &[], 13);
    std::fs::write(
        dir.path().join("plugins.txt"),
        "*Needs.esm\n*Plain.esp\n*Small.esl\nOff.esp\n*Gone.esp\n",
    )
    .unwrap();
    dir
}

#[test]
fn load_order_shows_each_plugin_with_its_slot_and_why() {
    let dir = se_game_folder();
    let data = dir.path().join("Data").display().to_string();
    let (out, err) = run(&["load-order", "--data", &data]);
    // plugins.txt in turn: Needs.esm; Plain.esp before it, as it needs
    // it; Small.esl (a master by its extension) ahead of the non-masters;
    // Off.esp, not marked, last. Then the game's masters, first.
    assert_eq!(
        out,
        "00      active    Skyrim.esm  loads early: the game's own master; always active\n\
         01      active    Update.esm  loads early: the game's own master; always active\n\
         FE 000  active    Small.esl   plugins.txt line 3; a master, so ahead of the non-masters\n\
         02      active    Plain.esp   plugins.txt line 2; moved before Needs.esm, a master that needs it\n\
         03      active    Needs.esm   plugins.txt line 1\n\
         --      inactive  Off.esp     plugins.txt line 4; not marked *\n"
    );
    let list = std::fs::canonicalize(dir.path())
        .unwrap()
        .join("plugins.txt");
    assert_eq!(
        err,
        format!(
            "esscribe: load order of {data}: plugins.txt, * marking active plugins (Skyrim SE: Skyrim.esm's header is version 1.71)\n\
             warning: {}:5: Gone.esp: no such plugin in the folder, skipped\n\
             6 plugins, 5 active (4 full, 1 light)\n",
            list.display()
        )
    );

    let (out, _) = run(&["load-order", "--data", &data, "--json"]);
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["game"], "skyrim-se");
    assert_eq!(v["game_told_by"], "Skyrim.esm's header is version 1.71");
    assert_eq!(
        v["plugins"][2],
        json!({
            "index": 2, "name": "Small.esl",
            "path": dir.path().join("Data").join("Small.esl").display().to_string(),
            "active": true, "master": true, "light": true, "ghosted": false,
            "slot": "FE 000",
            "place": {"from": "listed", "list": "plugins.txt", "line": 3},
            "moved": {"moved": "ahead_of_non_masters"},
            "activation": {"by": "listed", "list": "plugins.txt", "line": 3},
            "why": "plugins.txt line 3; a master, so ahead of the non-masters"
        })
    );
    assert_eq!(v["plugins"][5]["slot"], Value::Null);
    assert_eq!(
        v["problems"],
        json!([{"problem": "file", "file": list.display().to_string(), "line": 5,
                "message": "Gone.esp: no such plugin in the folder, skipped"}])
    );

    // Read by Skyrim LE's rules: no .esl, no master by extension, and the
    // * marks name no plugin.
    let (out, err) = run(&["load-order", "--data", &data, "--game", "skyrim-le"]);
    let rows: Vec<&str> = out.lines().map(|l| &l[..28]).collect();
    assert_eq!(
        rows,
        [
            "00      active    Skyrim.esm",
            "01      active    Update.esm",
            "02      active    Off.esp   ",
            "--      inactive  Plain.esp ",
            "--      inactive  Needs.esm ",
        ]
    );
    assert!(err.contains("(Skyrim LE: given)"), "{err}");
    assert!(
        err.contains(&format!(
            "warning: {}:1: *Needs.esm: Skyrim LE does not read * marks: no plugin of that name, skipped",
            list.display()
        )),
        "{err}"
    );

    let out = esscribe()
        .args(["load-order", "--data", &data, "--game", "morrowind"])
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr)
        .contains("unknown game \"morrowind\" (oblivion, skyrim-le or skyrim-se)"));
}

/// The plugins of a corpus folder, sorted by name.
/// FNV-1a, 64 bits: a whole output pinned in one number.
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// An output pinned: its size in bytes, its lines and its FNV-1a digest.
type Pinned = (usize, usize, u64);

/// The plugins of a folder the digests below were taken on, by name: a
/// file added to the folder later is not part of these load orders.
const REQUIEM_SE: &[&str] = &[
    "Campfire.esm",
    "Common Clothes and Armors.esp",
    "Requiem - Aetherium Armor.esp",
    "Requiem - Animallica.esp",
    "Requiem - Arissa.esp",
    "Requiem - Audio Overhaul Skyrim.esp",
    "Requiem - Book Covers Skyrim.esp",
    "Requiem - Campfire.esp",
    "Requiem - Cloaks and Capes.esp",
    "Requiem - Common Clothes and Armors.esp",
    "Requiem - Craftable Horse Barding.esp",
    "Requiem - Cutting Room Floor.esp",
    "Requiem - Deadly Dragons.esp",
    "Requiem - Divine Wrath Armor.esp",
    "Requiem - ESF Companions.esp",
    "Requiem - Faction Crossbows.esp",
    "Requiem - Frostfall.esp",
    "Requiem - Hoth.esp",
    "Requiem - Immersive College of Winterhold.esp",
    "Requiem - Immersive Horses.esp",
    "Requiem - Immersive Sounds Compendium.esp",
    "Requiem - Improved Closefaced Helmets.esp",
    "Requiem - Inconsequential NPCs.esp",
    "Requiem - Inigo.esp",
    "Requiem - Lost Library.esp",
    "Requiem - Lucien.esp",
    "Requiem - Rough Leather Armor.esp",
    "Requiem - Royal Armory.esp",
    "Requiem - Scale Nord Armor.esp",
    "Requiem - Scoped Bows.esp",
    "Requiem - SkyTEST.esp",
    "Requiem - Skyrim Unlocked.esp",
    "Requiem - Talos Housecarl Armor.esp",
    "Requiem - Timing is Everything.esp",
    "Requiem - Trade and Barter.esp",
    "Requiem - Ulag's Legacy.esp",
    "Requiem - Vampiric Thirst.esp",
    "Requiem - Vanilla Armor Replacer.esp",
    "Requiem - Vilja.esp",
    "Requiem - VioLens.esp",
    "Requiem - Warmonger Armory.esp",
    "Requiem - Wild World.esp",
    "Requiem - Witchplate Armor.esp",
    "Requiem - aMidianborn Skyforge Weapons.esp",
    "Skyrim Unlocked.esp",
];
const SKYRIM_PLUGINS: &[&str] = &[
    "Campfire.esm",
    "CampfireTutorial_Chair.esp",
    "CampfireTutorial_ChairAndExtras.esp",
    "CampfireTutorial_Shack.esp",
    "CommonClothesAndArmors-LE.esp",
    "DawnOfTheSilverHand.esp",
    "MarkekrausChairHorse.esp",
    "MarkekrausSentientChairsOfSkyrim.esp",
    "Requiem_DawnOfTheSilverHand.esp",
    "Scribe.esp",
    "SkyrimUnlocked-LE.esp",
    "UndeadTrinity_PACKonly.esp",
    "mintylightningmod.esp",
];
const OBLIVION_PLUGINS: &[&str] = &[
    "OOArena.esp",
    "OOStartingMod.esp",
    "OblivionOnline.esp",
    "RowYourBoat.esp",
];

/// The whole report, text and JSON, of real load orders stays byte for
/// byte what the comparison through each version's JSON form gave: the
/// sizes, line counts and digests were taken from that comparison.
#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn conflicts_of_real_load_orders_are_unchanged() {
    let cases: [(&str, &[&str], [Pinned; 2]); 3] = [
        (
            "skyrim-loadorders/requiem-se",
            REQUIEM_SE,
            [
                (71_160, 671, 0x9782_da5a_bec9_588f),
                (3_178_662, 103_989, 0x1cd1_d602_f231_9591),
            ],
        ),
        (
            "skyrim-plugins",
            SKYRIM_PLUGINS,
            [
                (72_203, 539, 0x4e2c_b57a_d175_53f2),
                (1_812_833, 54_195, 0xc535_7419_94c3_7869),
            ],
        ),
        (
            "oblivion-plugins",
            OBLIVION_PLUGINS,
            [
                (3_193, 35, 0xdd6e_84da_e092_3673),
                (44_733, 1_878, 0x22bc_6cc7_6f1c_c725),
            ],
        ),
    ];
    for (folder, names, expected) in cases {
        let files: Vec<String> = names
            .iter()
            .map(|n| corpus(&format!("{folder}/{n}")))
            .collect();
        for (json, (len, lines, digest)) in [false, true].into_iter().zip(expected) {
            let mut args = vec!["conflicts"];
            args.extend(files.iter().map(String::as_str));
            if json {
                args.push("--json");
            }
            let (out, _) = run(&args);
            let found = (out.len(), out.lines().count(), fnv1a(out.as_bytes()));
            assert_eq!(found, (len, lines, digest), "{folder}, json: {json}");
        }
    }
}

/// A master that many plugins need is named once, with the first nine of
/// them and how many more: one line, whatever the load order's size.
#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn a_master_many_plugins_need_is_reported_in_one_short_line() {
    let files: Vec<String> = REQUIEM_SE
        .iter()
        .map(|n| corpus(&format!("skyrim-loadorders/requiem-se/{n}")))
        .collect();
    let mut args = vec!["conflicts", "--type", "GLOB"];
    args.extend(files.iter().map(String::as_str));
    let (_, err) = run(&args);
    let line = err
        .lines()
        .find(|l| l.starts_with("warning: master Skyrim.esm is not in the load order"))
        .unwrap_or_else(|| panic!("{err}"));
    // Every plugin of the folder needs it, Campfire.esm too.
    let expected = format!(
        "warning: master Skyrim.esm is not in the load order, needed by {} and {} more: records and references of it are named as Skyrim.esm, absent",
        REQUIEM_SE[..9].join(", "),
        REQUIEM_SE.len() - 9
    );
    assert_eq!(line, expected);
}
