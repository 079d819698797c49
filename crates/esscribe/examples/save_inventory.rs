//! Lists the player's inventory changes in an Oblivion save, each item
//! named from the plugins the save lists, as found in a data folder:
//! `save_inventory SAVE.ess DATA_DIR`. Items of plugins not there keep
//! their form IDs.

use esscribe::loadorder::LoadOrder;
use esscribe::save::SaveFile;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [save_path, data] = &args[..] else {
        return Err("usage: save_inventory SAVE.ess DATA_DIR".into());
    };
    let save = SaveFile::parse(&std::fs::read(save_path)?)?;
    let files = save.plugin_files(data.as_ref())?;
    let order = LoadOrder::from_files(&files);
    let player = save.player().ok_or("the save holds no player")?;
    for item in player.inventory().iter().flat_map(|i| i.items()) {
        let Some(id) = save.resolve(item.iref) else {
            continue;
        };
        let name = save.name_in(&order, id).unwrap_or_else(|| id.to_string());
        println!("{:>6}  {name}", item.count);
    }
    Ok(())
}
