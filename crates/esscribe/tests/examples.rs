//! The example programs of `examples/`, run on real files: what they print
//! is what a reader of their source expects.

mod common;

use std::process::Command;

fn run(name: &str, args: &[&str]) -> String {
    let out = Command::new(common::example(name))
        .args(args)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{name}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn references_lists_what_refers_to_a_record_across_a_load_order() {
    let mod_esp = common::path("skyrim-plugins/DawnOfTheSilverHand.esp");
    let patch = common::path("skyrim-plugins/Requiem_DawnOfTheSilverHand.esp");
    let out = run(
        "references",
        &[
            "DSilHand_TemperedSilverGreatsword",
            mod_esp.to_str().unwrap(),
            patch.to_str().unwrap(),
        ],
    );
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines[0],
        "DSilHand_TemperedSilverGreatsword \"Tempered Silver Greatsword\" [WEAP:00009DDE DawnOfTheSilverHand.esp]"
    );
    assert_eq!(lines.len(), 12, "{out}");
    assert!(lines.contains(
        &"  DSilHand_RecipeTemperedSilverGreatsword [COBJ:0003ECAC DawnOfTheSilverHand.esp] in DawnOfTheSilverHand.esp: created_object"
    ));
    assert!(lines.contains(
        &"  DSilHand_KrevTheSkinner \"Krev the Skinner\" [NPC_:000022D0 DawnOfTheSilverHand.esp] in DawnOfTheSilverHand.esp: items.6.entry.item"
    ));
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn save_inventory_names_items_from_the_saves_plugins() {
    let data = std::env::temp_dir().join(format!("esscribe-data-{}", std::process::id()));
    std::fs::create_dir_all(&data).unwrap();
    std::fs::write(
        data.join("Oblivion.esm"),
        common::oblivion_esm_with_one_record(),
    )
    .unwrap();
    let save = common::path("oblivion-saves/save002.ess");
    let out = run(
        "save_inventory",
        &[save.to_str().unwrap(), data.to_str().unwrap()],
    );
    std::fs::remove_dir_all(&data).unwrap();
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 65, "{out}");
    assert_eq!(
        lines[0],
        "    17  1OOTraveller \"Traveller Of Common Lands\" [NPC_:0002EE72 Oblivion.esm]"
    );
    // Items of plugins that are not in the folder keep their form IDs.
    assert_eq!(lines[1], "     1  0x0003366C");
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn save_fields_moves_the_player_and_counts_an_item_anew() {
    let save = common::path("oblivion-saves/save002.ess");
    let out = std::env::temp_dir().join(format!("esscribe-save-fields-{}.ess", std::process::id()));
    let printed = run(
        "save_fields",
        &[save.to_str().unwrap(), out.to_str().unwrap()],
    );
    let written = std::fs::read(&out).unwrap();
    std::fs::remove_file(&out).unwrap();
    let lines: Vec<&str> = printed.lines().collect();
    assert_eq!(lines[0], "cell 0x000C6574");
    // The first inventory entry of save002's player (`save inventory`).
    let back = esscribe::save::SaveFile::parse(&written).unwrap();
    let player = back.player().unwrap();
    assert_eq!(player.placement().unwrap().position[2], 500.0);
    let first = player.inventory().unwrap().items().next().unwrap();
    let before = esscribe::save::SaveFile::parse(&std::fs::read(&save).unwrap()).unwrap();
    let was = before
        .player()
        .unwrap()
        .inventory()
        .unwrap()
        .items()
        .next()
        .unwrap();
    assert_eq!(first.count, was.count + 10);
    assert_eq!(
        lines[1],
        format!(
            "{}: {} -> {}",
            back.resolve(first.iref).unwrap(),
            was.count,
            was.count + 10
        )
    );
    assert_eq!(written.len(), std::fs::read(&save).unwrap().len());
}
