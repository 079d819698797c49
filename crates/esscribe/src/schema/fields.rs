//! Declared records in code: read and change a record's fields by path
//! ("schedule.hour", "data_inputs.0.value"), checked against the
//! declaration on every change.

use super::{decode, encode, Catalog, FormCtx, RecordDef};
use crate::io::{Error, Result};
use crate::plugin::Record;
use crate::plugin::Subrecords;
use serde::de::DeserializeOwned;
use serde::Serialize;
use serde_json::{Map, Value};

/// A record's fields, decoded by its declaration.
#[derive(Debug, Clone)]
pub struct Fields {
    def: &'static RecordDef,
    map: Map<String, Value>,
    /// The record, for messages.
    name: String,
}

fn step<'v>(v: &'v Value, part: &str) -> Option<&'v Value> {
    match v {
        Value::Object(m) => m.get(part),
        Value::Array(a) => a.get(part.parse::<usize>().ok()?),
        _ => None,
    }
}

fn step_mut<'v>(v: &'v mut Value, part: &str) -> Option<&'v mut Value> {
    match v {
        Value::Object(m) => m.get_mut(part),
        Value::Array(a) => a.get_mut(part.parse::<usize>().ok()?),
        _ => None,
    }
}

impl Fields {
    /// Decodes a record by its declaration in `catalog`; `None` when the
    /// catalogue has no declaration of its type.
    pub fn of(record: &Record<'_>, catalog: &Catalog, ctx: &FormCtx) -> Result<Option<Fields>> {
        let Some(def) = catalog.find(record.header.sig) else {
            return Ok(None);
        };
        let game = catalog.game();
        let data = record.data(game)?;
        let subs = Subrecords::new(&data, record.subrecord_base(game))
            .collect::<Result<Vec<_>>>()
            .map_err(|e| record.locate(game, e).within(record.describe()))?;
        let name = record.describe();
        let decoded = decode(def, &subs, ctx, &name.as_str());
        Ok(Some(Fields {
            def,
            map: decoded.fields,
            name,
        }))
    }

    /// All fields, by name, in file order.
    pub fn as_map(&self) -> &Map<String, Value> {
        &self.map
    }

    /// The value at a dotted path, list items by index.
    pub fn get(&self, path: &str) -> Option<&Value> {
        let mut parts = path.split('.');
        let mut v = self.map.get(parts.next()?)?;
        for part in parts {
            v = step(v, part)?;
        }
        Some(v)
    }

    /// The value at a path, as a Rust type.
    pub fn get_as<T: DeserializeOwned>(&self, path: &str) -> Result<T> {
        let v = self
            .get(path)
            .ok_or_else(|| Error::json(format!("{}: no field {path:?}", self.name)))?;
        serde_json::from_value(v.clone())
            .map_err(|e| Error::json(format!("{}: {path}: {e} (value {v})", self.name)))
    }

    /// Changes the value at an existing path. The record must still encode
    /// by its declaration, or nothing changes and the error says why.
    pub fn set(&mut self, path: &str, value: impl Serialize) -> Result<()> {
        let value = serde_json::to_value(value)
            .map_err(|e| Error::json(format!("{}: {path}: {e}", self.name)))?;
        let mut parts = path.split('.');
        let first = parts.next().unwrap_or_default();
        let missing = || Error::json(format!("{}: no field {path:?}", self.name));
        let before = self.map.clone();
        let mut slot = self.map.get_mut(first).ok_or_else(missing)?;
        for part in parts {
            slot = step_mut(slot, part).ok_or_else(missing)?;
        }
        *slot = value;
        if let Err(e) = encode(self.def, &self.map) {
            self.map = before;
            return Err(Error::json(format!("{}: {e}", self.name)));
        }
        Ok(())
    }

    /// Writes the fields into the record, which is then re-encoded (and
    /// recompressed if it was compressed) when the plugin is written.
    pub fn apply_to(&self, record: &mut Record<'_>) -> Result<()> {
        let subs =
            encode(self.def, &self.map).map_err(|e| Error::json(format!("{}: {e}", self.name)))?;
        record.set_subrecords(subs);
        Ok(())
    }
}
