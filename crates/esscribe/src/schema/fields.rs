//! Declared records in code: read and change a record's fields by path
//! ("schedule.hour", "data_inputs.0.value"), checked against the
//! declaration on every change.
//!
//! A record's data is the encoding of its top-level entries one after
//! another, so a change re-encodes only the entry it falls in, and every
//! other byte of the record stays as it was.

use super::codec::{encode_field_in, fits, stored_int, Enc, Siblings};
use super::members::base_key;
use super::path::{field_types, field_types_in};
use super::record::{chooses_layouts, encode_data_in, encode_entry_in};
use super::types::{Field, Member, Ty};
use super::{decode_in, Catalog, FormCtx, RecordDef};
use crate::io::{Error, FormId, Result, Sig};
use crate::plugin::{parse_subrecords, Game, Record, Subrecords};
use serde::de::DeserializeOwned;
use serde::Serialize;
use serde_json::{Map, Value};

/// A record's fields, decoded by its declaration: a plugin record's
/// members, or the parts of a save's change record. Both are read and
/// changed by the same paths and the same checks.
#[derive(Debug, Clone)]
pub struct Fields {
    declared: Declared,
    map: Map<String, Value>,
    sig: Sig,
    form_id: FormId,
    /// The game whose layout the record is in.
    game: Game,
    /// Names form IDs' plugins, and checks a name given with a new one.
    ctx: FormCtx,
    /// The record's data and where each top-level entry ends in it, made
    /// on the first change.
    encoded: Option<Encoded>,
}

/// What a record's top-level entries are declared by.
#[derive(Debug, Clone)]
enum Declared {
    /// A plugin record's members.
    Record(&'static RecordDef),
    /// One layout per entry, in stored order: a change record's parts,
    /// which its flags bring in, so none is added or taken away here.
    Parts(Vec<&'static Field>),
}

impl Declared {
    fn record(&self) -> Option<&'static RecordDef> {
        match self {
            Declared::Record(def) => Some(def),
            Declared::Parts(_) => None,
        }
    }

    /// The types a path may name (several where a layout is chosen).
    fn types(&self, map: &Map<String, Value>, path: &str) -> Vec<&'static Ty> {
        match self {
            Declared::Record(def) => field_types(def, path),
            Declared::Parts(fields) => {
                let (first, rest) = path.split_once('.').unwrap_or((path, ""));
                let Some(at) = map.keys().position(|k| k == first) else {
                    return Vec::new();
                };
                field_types_in(fields[at], rest)
            }
        }
    }

    /// Encodes the entry `key`, the `index`th, onto `out`.
    fn encode_entry(
        &self,
        map: &Map<String, Value>,
        index: usize,
        key: &str,
        out: &mut Vec<u8>,
        cx: Enc<'_>,
    ) -> Result<()> {
        match self {
            Declared::Record(def) => encode_entry_in(def, map, key, out, cx),
            Declared::Parts(fields) => {
                let value = map.get(key).unwrap_or(&Value::Null);
                encode_field_in(fields[index], value, &Siblings::new(), out, cx)
                    .map_err(|e| e.at_field(key))
            }
        }
    }

    /// Every entry encoded, one after another, with where each ends.
    fn encode_entries(&self, map: &Map<String, Value>, cx: Enc<'_>) -> Result<Encoded> {
        let mut data = Vec::new();
        let mut ends = Vec::with_capacity(map.len());
        for (index, key) in map.keys().enumerate() {
            self.encode_entry(map, index, key, &mut data, cx)?;
            ends.push(data.len());
        }
        Ok(Encoded { data, ends })
    }
}

#[derive(Debug, Clone)]
struct Encoded {
    data: Vec<u8>,
    /// The end of each entry of `map` in `data`, in the same order.
    ends: Vec<usize>,
}

/// One value of a record, with its declared type: read as stored (an
/// enum's number) and as shown (its name).
#[derive(Debug, Clone, Copy)]
pub struct FieldRef<'f> {
    value: &'f Value,
    ty: Option<&'static Ty>,
}

impl<'f> FieldRef<'f> {
    /// The integer stored: an enum's number (`-1` for a schedule hour
    /// shown as `any`), flags' bits, a form ID's number, a boolean's 0 or 1.
    pub fn raw(&self) -> Option<i64> {
        match self.ty {
            Some(ty) => stored_int(ty, self.value),
            None => self.value.as_i64(),
        }
    }

    /// The name shown for the value: an enum value's name (`any`), a
    /// text's text; `None` for values shown as numbers.
    pub fn name(&self) -> Option<&'f str> {
        self.value.as_str()
    }

    /// A float's value (or an integer's, as a float).
    pub fn as_f64(&self) -> Option<f64> {
        self.value.as_f64()
    }

    /// A form ID field's form ID.
    pub fn form_id(&self) -> Option<FormId> {
        match self.ty {
            Some(Ty::FormId | Ty::FormIdOf(_)) => {
                self.raw().and_then(|n| u32::try_from(n).ok()).map(FormId)
            }
            // A save's iref is shown as the form ID it names.
            Some(Ty::Iref) => super::parse_form_id(self.value.as_str()?, None).ok(),
            _ => None,
        }
    }

    /// The value as JSON shows it.
    pub fn json(&self) -> &'f Value {
        self.value
    }

    /// The field's declared type, where the path names one value.
    pub fn ty(&self) -> Option<&'static Ty> {
        self.ty
    }
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
        let base = record.subrecord_base(game);
        if !super::reads_field_by_field(&data, base) {
            return Err(Error::new(
                crate::io::ErrorKind::Limit,
                record.offset,
                super::too_many_subrecords(&record.describe(), &data, base),
            ));
        }
        let subs = Subrecords::new(&data, base)
            .collect::<Result<Vec<_>>>()
            .map_err(|e| record.locate(game, e).within(record.describe()))?;
        let decoded = decode_in(def, &data, &subs, ctx, &record.describe().as_str());
        Ok(Some(Fields {
            declared: Declared::Record(def),
            map: decoded.fields,
            sig: record.header.sig,
            form_id: record.header.form_id,
            game,
            ctx: ctx.clone(),
            encoded: None,
        }))
    }

    /// The record's type.
    pub fn sig(&self) -> Sig {
        self.sig
    }

    /// The record's form ID, as stored.
    pub fn form_id(&self) -> FormId {
        self.form_id
    }

    /// All fields, by name, in file order.
    pub fn as_map(&self) -> &Map<String, Value> {
        &self.map
    }

    /// Reads parts laid out one after another, each by its layout (a
    /// save's change record: `parts` gives each part's name, layout and
    /// bytes, in stored order). A part that its layout does not read back
    /// to the very bytes is shown as hex, so the fields always encode to
    /// the bytes read.
    pub fn of_parts<'b>(
        (sig, form_id, game): (Sig, FormId, Game),
        ctx: FormCtx,
        parts: impl IntoIterator<Item = (&'b str, &'static Field, &'b [u8])>,
    ) -> Fields {
        static HEX: Field = Field::Opaque;
        let cx = Enc { forms: Some(&ctx) };
        let (mut map, mut fields) = (Map::new(), Vec::new());
        for (name, field, bytes) in parts {
            let read =
                super::value::decode_field(field, bytes, &ctx, &Siblings::new()).filter(|v| {
                    let mut back = Vec::with_capacity(bytes.len());
                    encode_field_in(field, v, &Siblings::new(), &mut back, cx).is_ok()
                        && back == bytes
                });
            let (field, value) = match read {
                Some(v) => (field, v),
                None => (&HEX, Value::from(crate::io::to_hex(bytes))),
            };
            let mut key = name.to_string();
            let mut n = 1;
            while map.contains_key(&key) {
                n += 1;
                key = format!("{name}#{n}");
            }
            map.insert(key, value);
            fields.push(field);
        }
        Fields {
            declared: Declared::Parts(fields),
            map,
            sig,
            form_id,
            game,
            ctx,
            encoded: None,
        }
    }

    /// The parts (of a save's change record) kept as hex: those of a
    /// layout the schema cannot say, and those their layout did not read
    /// back to the very bytes.
    pub fn parts_kept_as_bytes(&self) -> Vec<&str> {
        match &self.declared {
            Declared::Record(_) => Vec::new(),
            Declared::Parts(fields) => self
                .map
                .keys()
                .zip(fields)
                .filter(|(_, f)| matches!(f, Field::Opaque))
                .map(|(k, _)| k.as_str())
                .collect(),
        }
    }

    /// The plugin record declaration the fields follow; `None` for a
    /// save's change record.
    pub fn declaration(&self) -> Option<&'static RecordDef> {
        self.declared.record()
    }

    /// The value at a dotted path, list items by index, as JSON shows it.
    pub fn get(&self, path: &str) -> Option<&Value> {
        let mut parts = path.split('.');
        let mut v = self.map.get(parts.next()?)?;
        for part in parts {
            v = step(v, part)?;
        }
        Some(v)
    }

    /// The value at a path with its declared type: [`FieldRef::raw`] for
    /// the number stored, [`FieldRef::name`] for the name shown.
    pub fn field(&self, path: &str) -> Result<FieldRef<'_>> {
        let value = self.get(path).ok_or_else(|| self.no_field(path))?;
        // Where the layout is chosen by size or by another field, the
        // value itself tells which: the first type it encodes as.
        let types = self.declared.types(&self.map, path);
        let ty = match types[..] {
            [] => None,
            [one] => Some(one),
            _ => types.iter().copied().find(|t| fits(t, value)),
        };
        Ok(FieldRef { value, ty })
    }

    /// The integer stored at a path (an enum's number, not its name).
    pub fn int(&self, path: &str) -> Result<i64> {
        let f = self.field(path)?;
        f.raw().ok_or_else(|| {
            self.located(
                Error::value(path, "not an integer")
                    .expected_found("an integer field", f.value.to_string()),
            )
        })
    }

    /// The value at a path, as a Rust type (deserialized from what JSON
    /// shows: an enum as its name, a form ID as text).
    pub fn get_as<T: DeserializeOwned>(&self, path: &str) -> Result<T> {
        let v = self.get(path).ok_or_else(|| self.no_field(path))?;
        serde_json::from_value(v.clone()).map_err(|e| {
            self.located(
                Error::value(path, e.to_string())
                    .expected_found(std::any::type_name::<T>(), v.to_string()),
            )
        })
    }

    /// Changes the value at an existing path: a number or a name for an
    /// enum (`22` or `"any"`), names or bits for flags, `"0x0001CB6"` for
    /// a form ID. The record must still encode by its declaration, or
    /// nothing changes and the error says why. Only the top-level entry
    /// holding the path is encoded again.
    pub fn set(&mut self, path: &str, value: impl Serialize) -> Result<()> {
        let value = serde_json::to_value(value)
            .map_err(|e| self.located(Error::value(path, e.to_string())))?;
        let first = path.split('.').next().unwrap_or_default();
        let index = self
            .map
            .keys()
            .position(|k| k == first)
            .ok_or_else(|| self.no_field(path))?;
        let Some(slot) = self.slot(path) else {
            return Err(self.no_field(path));
        };
        let old = std::mem::replace(slot, value);
        if let Err(e) = self.reencode(index) {
            if let Some(slot) = self.slot(path) {
                *slot = old;
            }
            return Err(self.located(e));
        }
        Ok(())
    }

    /// Adds a top-level entry (a subrecord or group the record does not
    /// have yet) at its declared place among the others, or replaces the
    /// entry of that key. A list new to the record is given the count the
    /// declaration keeps of it (KSIZ for `keywords`), as the game reads the
    /// list's items by it. The record must still encode by its declaration,
    /// or nothing changes and the error says why.
    pub fn insert(&mut self, key: &str, value: impl Serialize) -> Result<()> {
        let value = serde_json::to_value(value)
            .map_err(|e| self.located(Error::value(key, e.to_string())))?;
        if self.map.contains_key(key) {
            return self.set(key, value);
        }
        self.parts_stay(key)?;
        let saved = self.map.clone();
        let len = value.as_array().map(Vec::len);
        self.place(key, value)?;
        if let (Some(len), Some(count)) = (len, self.count_of(key)) {
            match self.map.get_mut(&count) {
                Some(slot) => follow(slot, 0, len),
                None => {
                    if let Err(e) = self.place(&count, Value::from(len)) {
                        self.map = saved;
                        return Err(e);
                    }
                }
            }
        }
        self.encode_all(saved)
    }

    /// Appends an item to the list at `path` (`keywords`, `items`, a list
    /// inside an entry, or a tree node's `children`). A declared count of
    /// the list (`keyword_count`, KSIZ; a node's child count) that held the
    /// list's length is made to hold the new one; a count that did not is
    /// left as it was. The record must still encode
    /// by its declaration, or nothing changes and the error says why.
    pub fn push(&mut self, path: &str, item: impl Serialize) -> Result<()> {
        let item = serde_json::to_value(item)
            .map_err(|e| self.located(Error::value(path, e.to_string())))?;
        match self.get(path) {
            Some(Value::Array(_)) => self.edit_list(path, |list| list.push(item)),
            Some(other) => Err(self.located(
                Error::value(path, "not a list").expected_found("a list", other.to_string()),
            )),
            None => Err(self.no_field(path)),
        }
    }

    /// Removes a top-level entry (an optional subrecord or group), or with
    /// a path to a list's item (`keywords.1`) that item, keeping a declared
    /// count of the list in step as [`Fields::push`] does (a count goes
    /// with its list); whether there was such an entry or item. The record
    /// must still encode by its declaration (a required entry cannot go),
    /// or nothing changes.
    pub fn remove(&mut self, key: &str) -> Result<bool> {
        if let Some((list, index)) = key.rsplit_once('.') {
            let Ok(index) = index.parse::<usize>() else {
                return Ok(false);
            };
            if !matches!(self.get(list), Some(Value::Array(items)) if index < items.len()) {
                return Ok(false);
            }
            self.edit_list(list, |items| {
                items.remove(index);
            })?;
            return Ok(true);
        }
        if self.map.contains_key(key) {
            self.parts_stay(key)?;
        }
        let saved = self.map.clone();
        let Some(value) = self.map.shift_remove(key) else {
            return Ok(false);
        };
        if let (Value::Array(items), Some(count)) = (&value, self.count_of(key)) {
            if self.map.get(&count).and_then(Value::as_u64) == Some(items.len() as u64) {
                self.map.shift_remove(&count);
            }
        }
        self.encode_all(saved).map(|()| true)
    }

    /// A change record's parts are those its flags bring in: none is
    /// added or taken away by name.
    fn parts_stay(&self, key: &str) -> Result<()> {
        match self.declared {
            Declared::Record(_) => Ok(()),
            Declared::Parts(_) => Err(self.located(Error::refused(format!(
                "part {key:?}: a change record's parts come and go with its flags, \
                 not by name"
            )))),
        }
    }

    /// Puts a new top-level entry at its declared place: before the first
    /// entry declared after it.
    fn place(&mut self, key: &str, value: Value) -> Result<()> {
        let place = self.declared_place(key).ok_or_else(|| self.no_field(key))?;
        let at = self
            .map
            .keys()
            .position(|k| self.declared_place(k).is_some_and(|p| p > place))
            .unwrap_or(self.map.len());
        self.map.shift_insert(at, key.to_string(), value);
        Ok(())
    }

    /// Encodes every entry again; on failure the entries are `saved`.
    fn encode_all(&mut self, saved: Map<String, Value>) -> Result<()> {
        match self.declared.encode_entries(&self.map, self.enc()) {
            Ok(e) => {
                self.encoded = Some(e);
                Ok(())
            }
            Err(e) => {
                self.map = saved;
                Err(self.located(e))
            }
        }
    }

    /// Changes the list at `path` by `change`, keeps its declared count in
    /// step, and encodes again the top-level entries holding both; on
    /// failure everything is as it was.
    fn edit_list(&mut self, path: &str, change: impl FnOnce(&mut Vec<Value>)) -> Result<()> {
        let (map, encoded) = (self.map.clone(), self.encoded.clone());
        let Some(Value::Array(list)) = self.slot(path) else {
            return Err(self.no_field(path));
        };
        let before = list.len();
        change(list);
        let after = list.len();
        let top = |path: &str| path.split('.').next().unwrap_or_default().to_string();
        let mut touched = vec![top(path)];
        if let Some(count) = self.count_of(path) {
            if let Some(slot) = self.slot(&count) {
                follow(slot, before, after);
                touched.push(top(&count));
            }
        }
        touched.dedup();
        for key in &touched {
            let index = self.map.keys().position(|k| k == key);
            if let Some(Err(e)) = index.map(|i| self.reencode(i)) {
                self.map = map;
                self.encoded = encoded;
                return Err(self.located(e));
            }
        }
        Ok(())
    }

    /// The path of the declared count of the list at `path`: a sibling
    /// in the same object whose member [`counts`](super::types::SubDef::counts)
    /// the list, or for a tree node's `children` the node's child count.
    fn count_of(&self, path: &str) -> Option<String> {
        let (parent, list) = match path.rsplit_once('.') {
            Some((parent, list)) => (Some(parent), list),
            None => (None, path),
        };
        let mut members = self.declared.record()?.members;
        // A tree's nodes hold their children under `children`, each node
        // of the tree's own members, its child count in one of them.
        let mut tree = None;
        for part in parent.into_iter().flat_map(|p| p.split('.')) {
            if part.parse::<usize>().is_ok() || (tree.is_some() && part == "children") {
                continue;
            }
            let group = members.iter().find_map(|m| match m {
                Member::Group(g) if g.name == base_key(part) => Some(g),
                _ => None,
            })?;
            (members, tree) = (group.members, group.tree);
        }
        if let (Some(parent), Some((sub, count)), "children") = (parent, tree, list) {
            return Some(format!("{parent}.{sub}.{count}"));
        }
        let count = members.iter().find_map(|m| match m {
            Member::Sub(s) if s.counts == Some(base_key(list)) => Some(s.name),
            _ => None,
        })?;
        Some(match parent {
            Some(parent) => format!("{parent}.{count}"),
            None => count.to_string(),
        })
    }

    /// The key of the declared subrecord `sig` among the record's
    /// top-level members (`enable_parent` for `XESP`).
    pub fn key_of(&self, sig: Sig) -> Option<&'static str> {
        self.declared
            .record()?
            .members
            .iter()
            .find_map(|m| match m {
                super::types::Member::Sub(s) if s.sig == sig => Some(s.name),
                _ => None,
            })
    }

    /// Where a top-level key's member is declared among the record's members.
    fn declared_place(&self, key: &str) -> Option<usize> {
        let name = base_key(key);
        let name = name.split_once(':').map_or(name, |(n, _)| n);
        self.declared
            .record()?
            .members
            .iter()
            .position(|m| super::members::member_name(m) == name)
    }

    fn enc(&self) -> Enc<'_> {
        Enc {
            forms: Some(&self.ctx),
        }
    }

    fn slot(&mut self, path: &str) -> Option<&mut Value> {
        let mut parts = path.split('.');
        let mut slot = self.map.get_mut(parts.next()?)?;
        for part in parts {
            slot = step_mut(slot, part)?;
        }
        Some(slot)
    }

    /// Encodes the entry at `index` again, or the whole record when the
    /// entry chooses other entries' layouts.
    fn reencode(&mut self, index: usize) -> Result<()> {
        let cx = Enc {
            forms: Some(&self.ctx),
        };
        let key = self.map.keys().nth(index).cloned().unwrap_or_default();
        let encoded = match self.encoded.take() {
            Some(e)
                if self
                    .declared
                    .record()
                    .is_none_or(|def| !chooses_layouts(def, base_key(&key))) =>
            {
                e
            }
            _ => {
                self.encoded = Some(self.declared.encode_entries(&self.map, cx)?);
                return Ok(());
            }
        };
        let Encoded { mut data, mut ends } = encoded;
        let start = if index == 0 { 0 } else { ends[index - 1] };
        let mut fresh = Vec::new();
        let done = self
            .declared
            .encode_entry(&self.map, index, &key, &mut fresh, cx);
        if done.is_ok() {
            let end = ends[index];
            data.splice(start..end, fresh.iter().copied());
            let grew = fresh.len() as isize - (end - start) as isize;
            for e in &mut ends[index..] {
                *e = e.saturating_add_signed(grew);
            }
        }
        self.encoded = Some(Encoded { data, ends });
        done
    }

    /// The top-level entries, each encoded on its own, in order.
    pub(crate) fn encoded_entries(&self) -> Result<Vec<(&str, Vec<u8>)>> {
        let cx = self.enc();
        let mut out = Vec::with_capacity(self.map.len());
        for (index, key) in self.map.keys().enumerate() {
            let mut bytes = Vec::new();
            self.declared
                .encode_entry(&self.map, index, key, &mut bytes, cx)
                .map_err(|e| self.located(e))?;
            out.push((key.as_str(), bytes));
        }
        Ok(out)
    }

    /// The record's data as changed, once a change was made.
    pub fn changed_data(&self) -> Option<&[u8]> {
        self.encoded.as_ref().map(|e| &e.data[..])
    }

    /// The record's data as the fields encode it now.
    pub fn encode_data(&self) -> Result<Vec<u8>> {
        match &self.encoded {
            Some(e) => Ok(e.data.clone()),
            None => {
                let encoded = match self.declared {
                    Declared::Record(def) => encode_data_in(def, &self.map, Enc::default()),
                    Declared::Parts(_) => self
                        .declared
                        .encode_entries(&self.map, self.enc())
                        .map(|e| e.data),
                };
                encoded.map_err(|e| self.located(e))
            }
        }
    }

    /// Writes the fields into the record (compressed again as it was
    /// compressed, if it was; see [`Record::set_data`]). A record whose
    /// fields did not change is left as it is.
    pub fn apply_to(&self, record: &mut Record<'_>) -> Result<()> {
        let Some(encoded) = &self.encoded else {
            return Ok(());
        };
        // The data must split into subrecords before it replaces any.
        parse_subrecords(&encoded.data, 0).map_err(|e| self.located(e))?;
        record
            .set_data(self.game, encoded.data.clone())
            .map_err(|e| self.located(e))
    }

    fn no_field(&self, path: &str) -> Error {
        let known: Vec<&str> = self.map.keys().map(String::as_str).collect();
        let mut e = Error::not_found(format!(
            "{} {}: no field {path:?} (its fields: {})",
            self.sig,
            self.form_id,
            known.join(", ")
        ));
        e.field = Some(path.to_string());
        e.in_record(self.sig, self.form_id)
    }

    fn located(&self, e: Error) -> Error {
        e.in_record(self.sig, self.form_id)
            .within(format!("{} {}", self.sig, self.form_id))
    }
}

/// A list's count that held its length `before` made to hold `after`; a
/// count that did not is the file's, and kept.
fn follow(count: &mut Value, before: usize, after: usize) {
    if count.as_u64() == Some(before as u64) {
        *count = Value::from(after as u64);
    }
}
