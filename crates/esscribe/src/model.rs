//! The front door for programs: open a plugin, find a record by form ID or
//! editor ID, read and change its fields by their declared names, and
//! write the plugin back safely.
//!
//! ```
//! use esscribe::{FormId, Plugin};
//! # std::env::set_current_dir("../..")?;
//!
//! let mut plugin = Plugin::open("samples/sample-skyrim.esp")?;
//! plugin.record(FormId(0x01000803))?.fields()?.set("schedule.hour", 22)?;
//! # let plugin_path = std::env::temp_dir().join(format!("esscribe-doc-{}.esp", std::process::id()));
//! plugin.save(&plugin_path)?;
//! # std::fs::remove_file(&plugin_path)?;
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! A record found this way knows its game and its plugin's masters, so its
//! form IDs are shown with the plugin they belong to, and a changed record
//! is encoded again only where it changed: every other byte of the plugin
//! is written as it was read.

use crate::defs::catalog;
use crate::io::{Error, FormId, Result, Sig};
use crate::plugin::index::IndexCell;
use crate::plugin::{Game, Plugin, Record};
use crate::schema::{FieldRef, Fields, FormCtx};
use std::path::Path;

/// How a record is asked for: by form ID, or by editor ID (compared
/// without regard to case, as the games do).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RecordKey {
    /// A form ID as stored in the plugin (top byte: index into its masters).
    FormId(FormId),
    /// An editor ID (`IronSword`).
    EditorId(String),
}

impl From<FormId> for RecordKey {
    fn from(id: FormId) -> Self {
        RecordKey::FormId(id)
    }
}

impl From<u32> for RecordKey {
    fn from(id: u32) -> Self {
        RecordKey::FormId(FormId(id))
    }
}

/// Text that reads as a form ID (`0x0203A5C7`) is one; anything else is
/// an editor ID.
impl From<&str> for RecordKey {
    fn from(text: &str) -> Self {
        match text
            .strip_prefix("0x")
            .or_else(|| text.strip_prefix("0X"))
            .and_then(|_| FormId::parse(text))
        {
            Some(id) => RecordKey::FormId(id),
            None => RecordKey::EditorId(text.to_string()),
        }
    }
}

impl std::fmt::Display for RecordKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RecordKey::FormId(id) => write!(f, "{id}"),
            RecordKey::EditorId(e) => write!(f, "{e:?}"),
        }
    }
}

impl Plugin<'static> {
    /// Reads a plugin file whole, named after its file, ready to be
    /// changed and saved.
    pub fn open(path: impl AsRef<Path>) -> Result<Plugin<'static>> {
        let path = path.as_ref();
        let data = std::fs::read(path).map_err(|e| Error::io(path, &e))?;
        let mut plugin = Plugin::parse(&data)
            .map_err(|e| e.within(path.display().to_string()))?
            .into_owned();
        if let Some(name) = path.file_name() {
            plugin.set_name(name.to_string_lossy());
        }
        Ok(plugin)
    }
}

impl<'a> Plugin<'a> {
    /// Writes the plugin to `path` safely: under a lock, through a
    /// temporary file that is read back and checked, keeping a backup of
    /// the file it replaces (see [`crate::fsio`]).
    pub fn save(&self, path: impl AsRef<Path>) -> Result<crate::fsio::Written> {
        self.save_with(path, crate::fsio::WriteOptions::default())
    }

    /// [`save`](Self::save), with `options` (to replace a read-only file,
    /// say).
    pub fn save_with(
        &self,
        path: impl AsRef<Path>,
        options: crate::fsio::WriteOptions,
    ) -> Result<crate::fsio::Written> {
        let bytes = self.to_bytes()?;
        crate::fsio::WriteLock::acquire(path.as_ref())?.write_with(&bytes, options, |written| {
            Plugin::parse_as(written, self.game).map(|_| ())
        })
    }

    /// Where the form IDs of this plugin's records point: its masters and
    /// its own name.
    pub fn form_ctx(&self) -> FormCtx {
        FormCtx::of(self)
    }

    /// The record asked for, to read (see [`RecordKey`]).
    pub fn get(&self, key: impl Into<RecordKey>) -> Result<RecordRef<'_, 'a>> {
        let key = key.into();
        let record = match &key {
            RecordKey::FormId(id) => self.find_record(*id),
            RecordKey::EditorId(e) => self.find_by_editor_id(e),
        }
        .ok_or_else(|| self.not_found(&key))?;
        Ok(RecordRef {
            record,
            game: self.game,
            ctx: self.form_ctx(),
        })
    }

    /// The record asked for, to change (see [`RecordKey`]).
    pub fn record(&mut self, key: impl Into<RecordKey>) -> Result<RecordMut<'_, 'a>> {
        let key = key.into();
        let id = match &key {
            RecordKey::FormId(id) => Some(*id),
            RecordKey::EditorId(e) => self.form_id_of_editor_id(e),
        };
        let ctx = self.form_ctx();
        let game = self.game;
        let missing = self.not_found(&key);
        let (record, index) = id
            .and_then(|id| self.find_record_and_index_mut(id))
            .ok_or(missing)?;
        Ok(RecordMut {
            record,
            index,
            game,
            ctx,
        })
    }

    fn not_found(&self, key: &RecordKey) -> Error {
        let name = match self.name() {
            "" => "this plugin",
            n => n,
        };
        Error::not_found(format!("no record {key} in {name}"))
    }
}

/// A record of a plugin, to read, with its game and its plugin's masters.
#[derive(Debug)]
pub struct RecordRef<'p, 'a> {
    record: &'p Record<'a>,
    game: Game,
    ctx: FormCtx,
}

/// A record of a plugin, to change, with its game and its plugin's
/// masters.
#[derive(Debug)]
pub struct RecordMut<'p, 'a> {
    record: &'p mut Record<'a>,
    /// The plugin's index of records, kept while the record's form ID
    /// cannot change, and forgotten when it may.
    index: &'p mut IndexCell,
    game: Game,
    ctx: FormCtx,
}

macro_rules! record_facts {
    ($t:ident) => {
        impl<'p, 'a> $t<'p, 'a> {
            /// The record's signature (`PACK`).
            pub fn sig(&self) -> Sig {
                self.record.header.sig
            }

            /// The record's form ID as stored in its plugin.
            pub fn form_id(&self) -> FormId {
                self.record.header.form_id
            }

            /// The game whose layout the record has.
            pub fn game(&self) -> Game {
                self.game
            }

            /// The masters of the record's plugin, in order: a form ID's
            /// top byte indexes them.
            pub fn masters(&self) -> &[String] {
                &self.ctx.masters
            }

            /// The plugin a form ID of this record belongs to: a master,
            /// or the record's own plugin (its name, or empty if unknown).
            pub fn owner_of(&self, id: FormId) -> &str {
                Plugin::form_id_owner(&self.ctx.masters, id, &self.ctx.own_name)
            }

            /// The record as the plugin layer holds it.
            pub fn raw(&self) -> &Record<'a> {
                self.record
            }

            fn decode(&self) -> Result<Fields> {
                Fields::of(self.record, catalog(self.game), &self.ctx)?.ok_or_else(|| {
                    Error::not_found(format!(
                        "{}: {} has no declaration in {:?}",
                        self.record.describe(),
                        self.record.header.sig,
                        self.game
                    ))
                    .in_record(self.record.header.sig, self.record.header.form_id)
                })
            }
        }
    };
}

record_facts!(RecordRef);
record_facts!(RecordMut);

impl<'p, 'a> RecordRef<'p, 'a> {
    /// The record's fields, decoded by its declaration.
    pub fn fields(&self) -> Result<Fields> {
        self.decode()
    }
}

impl<'p, 'a> RecordMut<'p, 'a> {
    /// The record's fields, decoded by its declaration, to read and
    /// change: each change is written into the record at once.
    pub fn fields(self) -> Result<RecordFields<'p, 'a>> {
        let fields = self.decode()?;
        Ok(RecordFields {
            original: self.record.clone(),
            record: self.record,
            fields,
            game: self.game,
        })
    }

    /// The record as the plugin layer holds it, to change its header or
    /// data directly.
    pub fn raw_mut(&mut self) -> &mut Record<'a> {
        // Its form ID may change: the plugin indexes its records afresh.
        self.index.clear();
        self.record
    }
}

/// A record's fields, each change written into the record at once: only
/// the entry the change falls in is encoded again.
#[derive(Debug)]
pub struct RecordFields<'p, 'a> {
    record: &'p mut Record<'a>,
    /// The record as it was before any change, put back whole when the
    /// changes are undone.
    original: Record<'a>,
    fields: Fields,
    game: Game,
}

impl RecordFields<'_, '_> {
    /// Changes the value at a path (see [`Fields::set`]) and writes the
    /// record; on error nothing changes.
    pub fn set(&mut self, path: &str, value: impl serde::Serialize) -> Result<&mut Self> {
        self.fields.set(path, value)?;
        self.write_through()?;
        Ok(self)
    }

    /// Appends an item to the list at a path, keeping its declared count
    /// in step (see [`Fields::push`]), and writes the record; on error
    /// nothing changes.
    pub fn push(&mut self, path: &str, item: impl serde::Serialize) -> Result<&mut Self> {
        self.fields.push(path, item)?;
        self.write_through()?;
        Ok(self)
    }

    /// Adds a top-level entry the record does not have yet (see
    /// [`Fields::insert`]), and writes the record; on error nothing
    /// changes.
    pub fn insert(&mut self, key: &str, value: impl serde::Serialize) -> Result<&mut Self> {
        self.fields.insert(key, value)?;
        self.write_through()?;
        Ok(self)
    }

    /// Removes a top-level entry or a list's item (see
    /// [`Fields::remove`]), and writes the record; whether there was one.
    pub fn remove(&mut self, path: &str) -> Result<bool> {
        let removed = self.fields.remove(path)?;
        self.write_through()?;
        Ok(removed)
    }

    /// Writes the fields into the record where they changed its data:
    /// changes that come back to the data as read put back the record as
    /// read (a compressed one is not compressed again).
    fn write_through(&mut self) -> Result<()> {
        let Some(changed) = self.fields.changed_data() else {
            return Ok(());
        };
        if self.original.data(self.game)?[..] == *changed {
            *self.record = self.original.clone();
        } else if self.record.data(self.game)?[..] != *changed {
            self.fields.apply_to(self.record)?;
        }
        Ok(())
    }

    /// The value at a path with its declared type (see [`Fields::field`]).
    pub fn field(&self, path: &str) -> Result<FieldRef<'_>> {
        self.fields.field(path)
    }

    /// The integer stored at a path (see [`Fields::int`]).
    pub fn int(&self, path: &str) -> Result<i64> {
        self.fields.int(path)
    }

    /// The fields as decoded, with every change made so far.
    pub fn fields(&self) -> &Fields {
        &self.fields
    }
}
