//! Moves the player of an Oblivion save and gives them more of an item,
//! through the record model: the player's change record read as fields,
//! changed by path as a plugin record's fields are, and written back:
//! `save_fields SAVE.ess OUT.ess`.

use esscribe::save::{change, SaveFile};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [save_path, out] = &args[..] else {
        return Err("usage: save_fields SAVE.ess OUT.ess".into());
    };
    let mut save = SaveFile::parse(&std::fs::read(save_path)?)?;
    let mut player = save.record_fields(change::PLAYER_REF, Some(change::TYPE_ACHR))?;

    // An iref reads as the form ID it names through the save's form ID array.
    let cell = player.field("moved.cell")?.form_id().ok_or("no cell")?;
    println!("cell {cell}");
    player.set("moved.position.z", 500.0)?;
    let item = player
        .field("inventory.0.item")?
        .form_id()
        .ok_or("no item")?;
    let count = player.int("inventory.0.count")?;
    player.set("inventory.0.count", count + 10)?;
    println!("{item}: {count} -> {}", count + 10);

    // The record is read again by its table before the change is kept.
    save.apply(&player)?;
    std::fs::write(out, save.to_bytes()?)?;
    Ok(())
}
