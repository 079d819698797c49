//! Where two JSON values differ.

use super::*;

/// One difference between two JSON values: where, and the two sides
/// (`None` where a side lacks the path).
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct ValueChange {
    /// Where the values differ: keys and list indexes joined by dots.
    pub path: String,
    /// The old side; `None` where it lacks the path.
    pub old: Option<Value>,
    /// The new side; `None` where it lacks the path.
    pub new: Option<Value>,
}

/// The paths at which two values differ, deepest first found, in order.
pub fn diff_values(old: &Value, new: &Value) -> Vec<ValueChange> {
    // One path buffer for the whole walk: a path is only copied out where
    // the values differ.
    fn walk(path: &mut String, a: Option<&Value>, b: Option<&Value>, out: &mut Vec<ValueChange>) {
        let mut step = |path: &mut String, k: &str, a: Option<&Value>, b: Option<&Value>| {
            let len = path.len();
            if len > 0 {
                path.push('.');
            }
            path.push_str(k);
            walk(path, a, b, out);
            path.truncate(len);
        };
        match (a, b) {
            (Some(Value::Object(x)), Some(Value::Object(y))) => {
                for (k, v) in x {
                    step(path, k, Some(v), y.get(k));
                }
                for (k, v) in y {
                    if !x.contains_key(k) {
                        step(path, k, None, Some(v));
                    }
                }
            }
            (Some(Value::Array(x)), Some(Value::Array(y))) => {
                for i in 0..x.len().max(y.len()) {
                    step(path, &i.to_string(), x.get(i), y.get(i));
                }
            }
            (a, b) if a != b => out.push(ValueChange {
                path: path.clone(),
                old: a.cloned(),
                new: b.cloned(),
            }),
            _ => {}
        }
    }
    let mut out = Vec::new();
    if old != new {
        walk(&mut String::new(), Some(old), Some(new), &mut out);
    }
    out
}
