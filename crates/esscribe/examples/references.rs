//! Lists every record of a load order that refers to a record, with the
//! fields that hold the reference: `references RECORD PLUGIN...`, RECORD
//! an editor ID, a load-order form ID (`0x0002EE72`) or `Plugin.esp:02EE72`,
//! the plugins in load order.

use esscribe::loadorder::{LoadOrder, PluginFiles};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [record, plugins @ ..] = &args[..] else {
        return Err("usage: references RECORD PLUGIN...".into());
    };
    let files = PluginFiles::open(plugins);
    let order = LoadOrder::from_files(&files);
    let target = order
        .lookup(record)
        .ok_or("no such record in the load order")?;
    println!("{}", order.describe(target));
    for found in order.referenced_by(target) {
        println!(
            "  {} in {}: {}",
            found.record,
            found.plugin,
            found.paths.join(", ")
        );
    }
    Ok(())
}
