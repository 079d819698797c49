//! Sets the hour an AI package starts at: `package_schedule PLUGIN PACKAGE
//! HOUR`, PACKAGE an editor ID or a form ID (`0x0203A5C7`), HOUR 0-23 or
//! -1 for any hour. The plugin is written back safely, with a backup.

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [path, package, hour] = &args[..] else {
        return Err("usage: package_schedule PLUGIN PACKAGE HOUR".into());
    };
    let mut plugin = esscribe::Plugin::open(path)?;
    plugin
        .record(package.as_str())?
        .fields()?
        .set("schedule.hour", hour.parse::<i8>()?)?;
    plugin.save(path)?;
    Ok(())
}
