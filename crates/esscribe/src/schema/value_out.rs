//! A record's fields as JSON values straight from its typed view: the
//! shape walk ([`super::shape`]) into a sink that builds the values, the
//! same fields [`super::json_out`] makes member by member. [`decoded`]
//! takes them only where the walk follows the record and its typed values
//! prove that the JSON gives back its bytes ([`super::exact`]), so that no
//! record's JSON is encoded again to be checked.

use super::codec::{f32_value, f64_value, FormCtx};
use super::record::Decoded;
use super::shape::{walk_fields, Scalar, ShapeSink};
use super::view::RecordView;
use crate::io::to_hex;
use serde_json::{Map, Value};

/// The record's fields decoded, with what was covered and the warnings,
/// as [`super::decode`] gives them; `None` where the shape walk gives up
/// or the typed values do not prove the JSON gives back `data` (the
/// record's data, which the view's subrecords were read from), so that the
/// caller decodes the usual way.
pub(super) fn decoded(
    view: &RecordView<'_>,
    data: &[u8],
    ctx: &FormCtx,
    record: &dyn std::fmt::Display,
) -> Option<Decoded> {
    let mut sink = ValueSink {
        ctx,
        open: Vec::new(),
        key: None,
        done: None,
    };
    walk_fields(view, 0, &mut sink)?;
    let Some(Value::Object(fields)) = sink.done else {
        return None;
    };
    if !super::exact::json_gives_back(view, data, ctx) {
        return None;
    }
    let (coverage, warnings, faults) = view.tally(record);
    Some(Decoded {
        fields,
        coverage,
        warnings,
        faults,
    })
}

/// An object or list being filled, and the key it goes under in the
/// object around it.
enum Open {
    Object(Map<String, Value>, Option<String>),
    List(Vec<Value>, Option<String>),
}

/// The shape built as JSON values.
struct ValueSink<'c> {
    ctx: &'c FormCtx,
    open: Vec<Open>,
    /// The key of the object entry started, for its value.
    key: Option<String>,
    /// The outermost value, once closed.
    done: Option<Value>,
}

impl ValueSink<'_> {
    fn put(&mut self, v: Value) {
        match self.open.last_mut() {
            Some(Open::Object(m, _)) => {
                if let Some(k) = self.key.take() {
                    m.insert(k, v);
                }
            }
            Some(Open::List(items, _)) => items.push(v),
            None => self.done = Some(v),
        }
    }
}

impl ShapeSink for ValueSink<'_> {
    fn open(&mut self, list: bool) {
        let key = self.key.take();
        self.open.push(match list {
            true => Open::List(Vec::new(), key),
            false => Open::Object(Map::new(), key),
        });
    }

    fn key(&mut self, name: &'static str, seen: usize, _first: bool, _depth: usize) {
        self.key = Some(match seen {
            0 => name.to_string(),
            n => format!("{name}#{}", n + 1),
        });
    }

    fn item(&mut self, _first: bool, _depth: usize) {}

    fn close(&mut self, _list: bool, _empty: bool, _depth: usize) {
        let (v, key) = match self.open.pop() {
            Some(Open::Object(m, key)) => (Value::Object(m), key),
            Some(Open::List(items, key)) => (Value::Array(items), key),
            None => return,
        };
        self.key = key;
        self.put(v);
    }

    fn scalar(&mut self, value: Scalar<'_>, _depth: usize) {
        let v = match value {
            Scalar::Null => Value::Null,
            Scalar::Bool(b) => Value::Bool(b),
            Scalar::Signed(n) => Value::from(n),
            Scalar::Unsigned(n) => Value::from(n),
            Scalar::F32(x) => f32_value(x),
            Scalar::F64(x) => f64_value(x),
            Scalar::Str(s) => Value::from(s),
            Scalar::FormId(id) => self.ctx.show(id),
            Scalar::Sig(sig) => Value::from(sig.to_string()),
            Scalar::Hex(b) => Value::from(to_hex(b)),
        };
        self.put(v);
    }

    fn json(&mut self, value: &Value, _depth: usize) {
        self.put(value.clone());
    }

    fn ctx(&self) -> &FormCtx {
        self.ctx
    }
}

#[cfg(test)]
mod tests {
    use super::super::json_out::{decode_member_by_member, encode_refs};
    use super::super::view::view;
    use super::*;
    use crate::plugin::{Plugin, Subrecords};
    use std::path::{Path, PathBuf};

    /// Every plugin under the corpus folder (`ESSCRIBE_CORPUS`, or
    /// `../shared/corpus` beside the project), at any depth.
    fn corpus_plugins() -> Vec<PathBuf> {
        let root = match std::env::var_os("ESSCRIBE_CORPUS") {
            Some(dir) => PathBuf::from(dir),
            None => Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/corpus"),
        };
        let mut out = Vec::new();
        let mut stack = vec![root];
        while let Some(dir) = stack.pop() {
            for entry in std::fs::read_dir(&dir).expect("read a corpus folder") {
                let p = entry.expect("a folder entry").path();
                let ext = p
                    .extension()
                    .and_then(|e| e.to_str())
                    .map(str::to_ascii_lowercase);
                if p.is_dir() {
                    stack.push(p);
                } else if matches!(ext.as_deref(), Some("esm" | "esp" | "esl")) {
                    out.push(p);
                }
            }
        }
        out.sort();
        out
    }

    #[test]
    #[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
    fn fields_from_the_shape_walk_are_those_shown_member_by_member() {
        // Records whose JSON the shape walk makes, in the plugins named
        // here: every declared record of Campfire.esm.
        let expected = [("Campfire.esm", 1_626)];
        for path in corpus_plugins() {
            let bytes = std::fs::read(&path).unwrap();
            let Ok(plugin) = Plugin::parse(&bytes) else {
                continue;
            };
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            let game = plugin.game;
            let ctx = FormCtx {
                own_name: name.clone(),
                ..FormCtx::of(&plugin)
            };
            let catalog = crate::defs::catalog(game);
            let mut typed = 0;
            for rec in plugin.records() {
                let Some(def) = catalog.find(rec.header.sig) else {
                    continue;
                };
                let Ok(data) = rec.data(game) else { continue };
                let base = rec.subrecord_base(game);
                if !crate::schema::reads_field_by_field(&data, base) {
                    continue;
                }
                let Ok(subs) = Subrecords::new(&data, base).collect::<crate::io::Result<Vec<_>>>()
                else {
                    continue;
                };
                let view = view(def, &subs, &ctx);
                let original = encode_refs(&subs);
                let what = format!("{name}: {}", rec.describe());
                let Some(fast) = decoded(&view, &data, &ctx, &what) else {
                    continue;
                };
                let slow = decode_member_by_member(&view, def, &subs, &original, &ctx, &what);
                assert_eq!(fast, slow, "{what}");
                typed += 1;
            }
            if let Some((_, n)) = expected.iter().find(|(n, _)| *n == name) {
                assert_eq!(typed, *n, "{}", path.display());
            }
        }
    }
}
