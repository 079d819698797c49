//! The body: plugin lists, the file location table, global data, change
//! forms, the form ID array, visited world spaces and the last table.
//!
//! The location table gives each part's offset as if the body followed
//! the screenshot uncompressed; reading checks each part starts there,
//! writing recomputes them.

use super::change::ChangeForm;
use super::globals::GlobalData;
use super::header::WString;
use super::SkyrimSave;
use crate::io::{Context, Error, Reader, Result, WriteLe};

/// Offsets and counts as the file location table states them.
struct Locations {
    form_ids: u32,
    last_table: u32,
    globals1: u32,
    globals2: u32,
    change_forms: u32,
    globals3: u32,
    counts: [u32; 3],
    change_count: u32,
}

fn read_names(r: &mut Reader<'_>, n: usize, what: &str) -> Result<Vec<WString>> {
    r.check_count(n, 2, what)?;
    (0..n).map(|_| WString::read(r, what)).collect()
}

/// Reads the body into `save`; `base` is the offset the location table
/// counts from the body's start (the length of magic, header and
/// screenshot).
pub(super) fn read(save: &mut SkyrimSave, body: &[u8], base: u64) -> Result<()> {
    let mut r = Reader::new(body, base);
    save.form_version = r.u8("form version")?;
    let info_at = r.offset();
    let info_size = r.u32("plugin info size")? as usize;
    let info_start = r.position();
    let count = r.u8("plugin count")? as usize;
    save.plugins = read_names(&mut r, count, "plugin name")?;
    // SE saves go on with the light plugins inside the stated size; the
    // size, not the version, says whether the list is there.
    save.light_plugins = if r.position() - info_start < info_size {
        let n = r.u16("light plugin count")? as usize;
        Some(read_names(&mut r, n, "light plugin name")?)
    } else {
        None
    };
    if r.position() - info_start != info_size {
        return Err(Error::invalid(
            info_at,
            format!(
                "the plugin lists state {info_size} bytes, their names take {}",
                r.position() - info_start
            ),
        ));
    }
    let at = |r: &Reader<'_>| r.offset();
    let loc = Locations {
        form_ids: r.u32("form ID array offset")?,
        last_table: r.u32("last table offset")?,
        globals1: r.u32("global data table 1 offset")?,
        globals2: r.u32("global data table 2 offset")?,
        change_forms: r.u32("change forms offset")?,
        globals3: r.u32("global data table 3 offset")?,
        counts: [
            r.u32("global data table 1 count")?,
            r.u32("global data table 2 count")?,
            r.u32("global data table 3 count")?,
        ],
        change_count: r.u32("change form count")?,
    };
    save.location_table_rest = r.array::<60>("file location table")?;
    let expect_at = |r: &Reader<'_>, stated: u32, what: &str| -> Result<()> {
        if at(r) != stated as u64 {
            return Err(Error::invalid(
                at(r),
                format!("the file location table puts the {what} at 0x{stated:X}"),
            ));
        }
        Ok(())
    };
    let read_globals = |r: &mut Reader<'_>, n: u32, what: &str| -> Result<Vec<GlobalData>> {
        r.check_count(n as usize, 8, what)?;
        (0..n)
            .map(|i| GlobalData::read(r).within(|| format!("{what}, block {i}")))
            .collect()
    };
    expect_at(&r, loc.globals1, "global data table 1")?;
    save.globals1 = read_globals(&mut r, loc.counts[0], "global data table 1")?;
    expect_at(&r, loc.globals2, "global data table 2")?;
    save.globals2 = read_globals(&mut r, loc.counts[1], "global data table 2")?;
    expect_at(&r, loc.change_forms, "change forms")?;
    r.check_count(loc.change_count as usize, 11, "change forms")?;
    save.change_forms = (0..loc.change_count)
        .map(|i| {
            let start = r.offset();
            ChangeForm::read(&mut r).within(|| format!("change form {i} at 0x{start:X}"))
        })
        .collect::<Result<_>>()?;
    expect_at(&r, loc.globals3, "global data table 3")?;
    // The game states one block fewer than the third table holds: read
    // blocks until the form ID array's stated offset.
    let mut globals3 = read_globals(&mut r, loc.counts[2], "global data table 3")?;
    while at(&r) < loc.form_ids as u64 && globals3.len() <= loc.counts[2] as usize + 1 {
        let i = globals3.len();
        globals3
            .push(GlobalData::read(&mut r).within(|| format!("global data table 3, block {i}"))?);
    }
    save.globals3_unstated = globals3.len() as u32 - loc.counts[2];
    save.globals3 = globals3;
    expect_at(&r, loc.form_ids, "form ID array")?;
    save.form_ids = r.form_id_list("form ID array")?;
    save.world_spaces = r.form_id_list("visited world spaces")?;
    expect_at(&r, loc.last_table, "last table")?;
    let last_len = r.u32("last table size")? as usize;
    save.last_table = r.bytes(last_len, "last table")?.to_vec();
    if !r.is_empty() {
        return Err(Error::invalid(
            r.offset(),
            format!("{} bytes follow the last table", r.remaining()),
        ));
    }
    Ok(())
}

fn too_many(what: &str, n: usize) -> Error {
    Error::value(what, format!("{n} entries do not fit the format's count"))
}

/// Writes the body; `base` is the length of what precedes it.
pub(super) fn write(save: &SkyrimSave, base: u64) -> Result<Vec<u8>> {
    let mut out = Vec::with_capacity(
        save.change_forms
            .iter()
            .map(|c| c.stored.len() + 16)
            .sum::<usize>()
            + save.global_data().map(|g| g.data.len() + 8).sum::<usize>()
            + save.form_ids.len() * 4
            + 4096,
    );
    out.put_u8(save.form_version);
    let info_at = out.len();
    out.put_u32(0);
    let count =
        u8::try_from(save.plugins.len()).map_err(|_| too_many("plugins", save.plugins.len()))?;
    out.put_u8(count);
    for p in &save.plugins {
        p.write(&mut out);
    }
    if let Some(light) = &save.light_plugins {
        let n = u16::try_from(light.len()).map_err(|_| too_many("light plugins", light.len()))?;
        out.put_u16(n);
        for p in light {
            p.write(&mut out);
        }
    }
    let info_size = (out.len() - info_at - 4) as u32;
    out[info_at..info_at + 4].copy_from_slice(&info_size.to_le_bytes());
    let table_at = out.len();
    out.put(&[0; 40]);
    out.put(&save.location_table_rest);
    let pos = |out: &Vec<u8>| (base + out.len() as u64) as u32;
    let globals1 = pos(&out);
    save.globals1.iter().for_each(|g| g.write(&mut out));
    let globals2 = pos(&out);
    save.globals2.iter().for_each(|g| g.write(&mut out));
    let change_forms = pos(&out);
    save.change_forms.iter().for_each(|c| c.write(&mut out));
    let globals3 = pos(&out);
    save.globals3.iter().for_each(|g| g.write(&mut out));
    let form_ids = pos(&out);
    for list in [&save.form_ids, &save.world_spaces] {
        out.put_u32(list.len() as u32);
        list.iter().for_each(|id| out.put_u32(id.0));
    }
    let last_table = pos(&out);
    out.put_u32(save.last_table.len() as u32);
    out.put(&save.last_table);
    let words = [
        form_ids,
        last_table,
        globals1,
        globals2,
        change_forms,
        globals3,
        save.globals1.len() as u32,
        save.globals2.len() as u32,
        (save.globals3.len() as u32).saturating_sub(save.globals3_unstated),
        save.change_forms.len() as u32,
    ];
    for (i, w) in words.iter().enumerate() {
        out[table_at + 4 * i..table_at + 4 * i + 4].copy_from_slice(&w.to_le_bytes());
    }
    Ok(out)
}
