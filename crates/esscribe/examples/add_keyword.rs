//! Gives a record one more keyword: `add_keyword PLUGIN RECORD KEYWORD`,
//! RECORD an editor ID or a form ID (`0x01000802`), KEYWORD a form ID as
//! the plugin numbers it (`0x000914EE`). The keyword count (KSIZ) follows
//! the list; the plugin is written back safely, with a backup.

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [path, record, keyword] = &args[..] else {
        return Err("usage: add_keyword PLUGIN RECORD KEYWORD".into());
    };
    let mut plugin = esscribe::Plugin::open(path)?;
    plugin
        .record(record.as_str())?
        .fields()?
        .push("keywords", keyword)?;
    plugin.save(path)?;
    Ok(())
}
