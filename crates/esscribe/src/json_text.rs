//! JSON text read into values, refusing a key given twice in one object.
//!
//! JSON leaves a repeated key's meaning open, and `serde_json` keeps the
//! last: a text merge that leaves two `"entries"` lists in a file would
//! build whichever came second, silently. Here a repeated key is an error
//! that names the key and where its object is (`entries[3].fields`), with
//! the line and column. Values are otherwise exactly those `serde_json`
//! reads, in the same order.

use serde::de::{DeserializeSeed, Deserializer, Error as _, MapAccess, SeqAccess, Visitor};
use serde_json::{Map, Number, Value};
use std::cell::RefCell;
use std::fmt;

/// Why a text did not read as JSON.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TextError {
    /// The line the reading stopped at (from 1).
    pub line: usize,
    /// The column the reading stopped at (from 1).
    pub column: usize,
    /// A key given twice, and the path of the object holding it (empty
    /// for the outermost); `None` for text that is not JSON at all.
    pub duplicate: Option<(String, String)>,
    message: String,
}

impl fmt::Display for TextError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (line, column) = (self.line, self.column);
        match &self.duplicate {
            Some((key, place)) => {
                let place = if place.is_empty() {
                    "the outermost object".to_string()
                } else {
                    format!("the object at {place}")
                };
                write!(
                    f,
                    "{key:?} is given twice in {place} (line {line}, column {column}): which one is meant is not known; keep one"
                )
            }
            None => write!(
                f,
                "not valid JSON (line {line}, column {column}): {}",
                self.message
            ),
        }
    }
}

impl std::error::Error for TextError {}

/// Reads `text` (UTF-8 JSON) into a value; a key given twice in one
/// object is refused.
pub fn from_slice(text: &[u8]) -> Result<Value, TextError> {
    let found = RefCell::new(None);
    let mut de = serde_json::Deserializer::from_slice(text);
    let read = ValueSeed {
        at: None,
        found: &found,
    }
    .deserialize(&mut de)
    .and_then(|v| de.end().map(|()| v));
    read.map_err(|e| text_error(e, found.into_inner()))
}

/// The error of reading a text: `duplicate` is the key given twice, and
/// its place, when that is what stopped the reading.
pub(crate) fn text_error(e: serde_json::Error, duplicate: Option<(String, String)>) -> TextError {
    TextError {
        line: e.line(),
        column: e.column(),
        duplicate,
        message: e.to_string(),
    }
}

/// A value read as [`from_slice`] reads it, for reading one value among
/// others (`serde_json`'s stream of values): a key given twice is an
/// error, without its place.
#[derive(Debug, Clone, PartialEq)]
pub struct StrictValue(pub Value);

impl<'de> serde::Deserialize<'de> for StrictValue {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let found = RefCell::new(None);
        ValueSeed {
            at: None,
            found: &found,
        }
        .deserialize(d)
        .map(StrictValue)
    }
}

/// One step of the path to a value: a key of an object or an index in a
/// list.
#[derive(Clone, Copy)]
pub(crate) enum Step<'a> {
    Key(&'a str),
    Index(usize),
}

/// Where a value stands: its step, and where its container stands. Kept
/// on the stack as values nest; put into words only for an error.
pub(crate) struct At<'a> {
    pub(crate) step: Step<'a>,
    pub(crate) up: Option<&'a At<'a>>,
}

/// The path `at` names: `entries[3].fields`.
pub(crate) fn path_of(mut at: Option<&At<'_>>) -> String {
    let mut steps = Vec::new();
    while let Some(a) = at {
        steps.push(a.step);
        at = a.up;
    }
    let mut out = String::new();
    for step in steps.into_iter().rev() {
        match step {
            Step::Key(k) if out.is_empty() => out.push_str(k),
            Step::Key(k) => {
                out.push('.');
                out.push_str(k);
            }
            Step::Index(i) => out.push_str(&format!("[{i}]")),
        }
    }
    out
}

/// Reads one value, `at` where it stands; a repeated key is noted in
/// `found` (key and place) before the error rises.
#[derive(Clone, Copy)]
pub(crate) struct ValueSeed<'a> {
    pub(crate) at: Option<&'a At<'a>>,
    pub(crate) found: &'a RefCell<Option<(String, String)>>,
}

impl<'de> DeserializeSeed<'de> for ValueSeed<'_> {
    type Value = Value;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Value, D::Error> {
        d.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for ValueSeed<'_> {
    type Value = Value;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("any JSON value")
    }
    fn visit_bool<E>(self, b: bool) -> Result<Value, E> {
        Ok(Value::Bool(b))
    }
    fn visit_i64<E>(self, n: i64) -> Result<Value, E> {
        Ok(Value::Number(n.into()))
    }
    fn visit_u64<E>(self, n: u64) -> Result<Value, E> {
        Ok(Value::Number(n.into()))
    }
    fn visit_f64<E>(self, x: f64) -> Result<Value, E> {
        Ok(Number::from_f64(x).map_or(Value::Null, Value::Number))
    }
    fn visit_str<E>(self, s: &str) -> Result<Value, E> {
        Ok(Value::String(s.to_string()))
    }
    fn visit_string<E>(self, s: String) -> Result<Value, E> {
        Ok(Value::String(s))
    }
    fn visit_unit<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }
    fn visit_none<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }
    fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<Value, D::Error> {
        self.deserialize(d)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
        let mut items = Vec::with_capacity(seq.size_hint().unwrap_or(0));
        loop {
            let at = At {
                step: Step::Index(items.len()),
                up: self.at,
            };
            let seed = ValueSeed {
                at: Some(&at),
                found: self.found,
            };
            match seq.next_element_seed(seed)? {
                Some(v) => items.push(v),
                None => return Ok(Value::Array(items)),
            }
        }
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Value, A::Error> {
        let mut m = Map::new();
        while let Some(key) = map.next_key::<String>()? {
            if m.contains_key(&key) {
                let message = format!("{key:?} is given twice");
                *self.found.borrow_mut() = Some((key, path_of(self.at)));
                return Err(A::Error::custom(message));
            }
            let at = At {
                step: Step::Key(&key),
                up: self.at,
            };
            let v = map.next_value_seed(ValueSeed {
                at: Some(&at),
                found: self.found,
            })?;
            m.insert(key, v);
        }
        Ok(Value::Object(m))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_read_as_serde_json_reads_them() {
        for text in [
            r#"{"b": 1, "a": [1.5, -2, 18446744073709551615, null, true], "c": {"x": "\u00e9"}}"#,
            "[]",
            "  \"x\"  ",
            "1e400",
            "-0",
            "0.1",
        ] {
            let theirs: Result<Value, _> = serde_json::from_str(text);
            assert_eq!(from_slice(text.as_bytes()).ok(), theirs.ok(), "{text}");
        }
        let v = from_slice(br#"{"z": 1, "a": 2}"#).unwrap();
        let keys: Vec<&String> = v.as_object().unwrap().keys().collect();
        assert_eq!(keys, ["z", "a"], "in the text's order");
    }

    #[test]
    fn a_key_given_twice_is_named_with_its_place() {
        let e = from_slice(b"{\"entries\": [1],\n \"entries\": []}").unwrap_err();
        assert_eq!(e.duplicate, Some(("entries".to_string(), String::new())));
        assert_eq!(e.line, 2);
        assert!(
            e.to_string()
                .contains("\"entries\" is given twice in the outermost object (line 2"),
            "{e}"
        );
        let e =
            from_slice(br#"{"entries": [{"fields": {}}, {"fields": {"a": 1, "b": {}, "a": 2}}]}"#)
                .unwrap_err();
        assert_eq!(
            e.duplicate,
            Some(("a".to_string(), "entries[1].fields".to_string()))
        );
        // Told apart after escapes are read: the same key.
        let e = from_slice(br#"{"a": 1, "\u0061": 2}"#).unwrap_err();
        assert_eq!(e.duplicate, Some(("a".to_string(), String::new())));
        // The same key in two objects is no repeat.
        assert!(from_slice(br#"[{"a": 1}, {"a": 2}]"#).is_ok());
    }

    #[test]
    fn text_that_is_not_json_says_so() {
        let e = from_slice(b"{\"a\": }").unwrap_err();
        assert_eq!(e.duplicate, None);
        assert!(
            e.to_string()
                .starts_with("not valid JSON (line 1, column 7)"),
            "{e}"
        );
        assert!(from_slice(b"{} x").is_err(), "trailing text");
    }

    #[test]
    fn one_value_among_others_refuses_a_repeat_too() {
        let mut s = serde_json::Deserializer::from_slice(br#"{"a": 1} {"a": 1, "a": 2}"#)
            .into_iter::<StrictValue>();
        assert!(s.next().unwrap().is_ok());
        assert!(s.next().unwrap().is_err());
    }
}
