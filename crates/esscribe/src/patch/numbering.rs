//! Form IDs of one record's versions numbered alike: each plugin numbers
//! form IDs by its own masters, so versions from different plugins are
//! first renumbered by one table of files, after which equal bytes mean
//! equal references and fields can move from one version to another.

use crate::defs::catalog;
use crate::io::FormId;
use crate::loadorder::{GlobalId, LoadOrder};
use crate::plugin::{Body, Game, Record, Subrecords, FLAG_COMPRESSED};
use crate::schema::{self, form_ref_places, FormCtx};
use std::borrow::Cow;

/// The most files one record's versions may refer to: a form ID's top
/// byte numbers them.
const MAX_FILES: usize = 0xFE;

/// The files a record's form IDs point into, numbered by their place.
#[derive(Debug, Clone, Default)]
pub(crate) struct FileTable {
    pub files: Vec<u32>,
}

impl FileTable {
    /// The number of `file`, given one when it has none yet.
    fn number(&mut self, file: u32) -> Result<u8, String> {
        if let Some(k) = self.files.iter().position(|f| *f == file) {
            return Ok(k as u8);
        }
        if self.files.len() >= MAX_FILES {
            return Err(format!(
                "its versions refer to more than {MAX_FILES} plugins"
            ));
        }
        self.files.push(file);
        Ok((self.files.len() - 1) as u8)
    }

    /// The form ID of a global identity in this numbering.
    pub fn form_id(&mut self, id: GlobalId) -> Result<FormId, String> {
        let top = self.number(id.file)?;
        Ok(FormId(((top as u32) << 24) | (id.object & 0xFF_FFFF)))
    }

    /// The global identity of a form ID in this numbering.
    pub fn global(&self, id: FormId) -> Option<GlobalId> {
        let file = *self.files.get(id.master_index() as usize)?;
        Some(GlobalId {
            file,
            object: id.object_index(),
        })
    }

    /// The form context that names this numbering's files, for reading a
    /// renumbered record by its declaration.
    pub fn ctx(&self, order: &LoadOrder<'_>) -> FormCtx {
        FormCtx {
            masters: self
                .files
                .iter()
                .map(|f| order.file_name(*f).to_string())
                .collect(),
            own_name: String::new(),
            localized: false,
            strings: None,
            irefs: None,
        }
    }
}

/// A copy of `record` with every form ID, its own and those its
/// declaration places in its fields, passed through `map`; stored
/// uncompressed. Fails, saying why, when the record does not read by its
/// declaration: a form ID might then hide where none is known.
pub(crate) fn renumber(
    record: &Record<'_>,
    game: Game,
    ctx: &FormCtx,
    map: &mut dyn FnMut(FormId) -> Result<FormId, String>,
) -> Result<Record<'static>, String> {
    let found = schema::with_view_and_data(record, catalog(game), ctx, |view, data| {
        let raw: Vec<String> = view.raw_subrecords().map(|r| r.to_string()).collect();
        (form_ref_places(view), raw, data.to_vec())
    })
    .map_err(|e| e.to_string())?;
    let Some((refs, raw, mut data)) = found else {
        return Err(format!(
            "{} records are not declared (or hold too many subrecords to read)",
            record.header.sig
        ));
    };
    if !raw.is_empty() {
        return Err(format!(
            "does not read by its declaration: {}",
            raw.join("; ")
        ));
    }
    let base = record.subrecord_base(game);
    let mut starts: Vec<(u64, usize, usize)> = Vec::new();
    for sub in Subrecords::new(&data, base) {
        let sub = sub.map_err(|e| e.to_string())?;
        let start = sub.data.as_ptr() as usize - data.as_ptr() as usize;
        starts.push((sub.offset, start, sub.data.len()));
    }
    for r in refs.iter().filter(|r| r.form_id.0 != 0) {
        let new = map(r.form_id)?;
        let start = starts
            .iter()
            .find(|(offset, _, len)| *offset == r.subrecord && r.at + 4 <= *len)
            .map(|&(_, start, _)| start + r.at)
            .ok_or_else(|| {
                format!(
                    "a form ID field of the subrecord at 0x{:X} is not where it was read",
                    r.subrecord
                )
            })?;
        data[start..start + 4].copy_from_slice(&new.0.to_le_bytes());
    }
    let mut header = record.header;
    header.form_id = map(header.form_id)?;
    header.flags &= !FLAG_COMPRESSED;
    header.data_size = data.len() as u32;
    Ok(Record {
        header,
        offset: 0,
        body: Body::Stored(Cow::Owned(data)),
    })
}

/// A version of a record, as the plugin at `plugin` has it, numbered by
/// `table`.
pub(crate) fn localize(
    order: &LoadOrder<'_>,
    plugin: usize,
    record: &Record<'_>,
    table: &mut FileTable,
) -> Result<Record<'static>, String> {
    let loaded = order.plugin(plugin);
    let masters = loaded.master_files();
    renumber(record, order.game(), loaded.form_ctx(), &mut |id| {
        let file = masters
            .get(id.master_index() as usize)
            .copied()
            .unwrap_or(plugin as u32);
        table.form_id(GlobalId {
            file,
            object: id.object_index(),
        })
    })
}
