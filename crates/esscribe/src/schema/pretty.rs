//! Pretty-printed JSON written straight into a buffer: the same bytes as
//! `serde_json::to_vec_pretty` (two-space indent, `": "` after keys, `[]`
//! and `{}` for empty lists and objects, serde's string escapes and number
//! forms), without its per-value dispatch. The pieces (strings, numbers,
//! indents, keys) are shared with the writer that prints a record's text
//! from its typed values.

use serde_json::{Map, Value};

/// Appends the pretty-printed text of `v` to `out`, as
/// `serde_json::to_vec_pretty` prints it.
pub fn write_pretty(v: &Value, out: &mut Vec<u8>) {
    value(v, 0, out);
}

/// Appends `v` as it stands at `depth` (its inner lines indented one
/// deeper).
pub(crate) fn value(v: &Value, depth: usize, out: &mut Vec<u8>) {
    match v {
        Value::Null => out.extend_from_slice(b"null"),
        Value::Bool(true) => out.extend_from_slice(b"true"),
        Value::Bool(false) => out.extend_from_slice(b"false"),
        Value::Number(n) => number(n, out),
        Value::String(s) => string(s, out),
        Value::Array(list) => array(list, depth, out),
        Value::Object(m) => object(m, depth, out),
    }
}

fn indent(depth: usize, out: &mut Vec<u8>) {
    out.resize(out.len() + 2 * depth, b' ');
}

/// `,` and a line feed, then the indent of the deepest line printed
/// with one copy: each item's start is a slice of it.
const NEW_LINE: [u8; 2 + 2 * NEW_LINE_DEPTH] = {
    let mut t = [b' '; 2 + 2 * NEW_LINE_DEPTH];
    t[0] = b',';
    t[1] = b'\n';
    t
};
/// Deeper than any record's text goes (deeper lines are indented in two
/// steps).
const NEW_LINE_DEPTH: usize = 32;
/// Keys this deep or less (nearly all) start their line with one copy of
/// [`SHORT_LEAD`] bytes.
const SHORT_DEPTH: usize = 15;
/// `,\n` and the indent of [`SHORT_DEPTH`].
const SHORT_LEAD: usize = 2 + 2 * SHORT_DEPTH;

fn array(list: &[Value], depth: usize, out: &mut Vec<u8>) {
    out.push(b'[');
    for (i, v) in list.iter().enumerate() {
        item(i == 0, depth + 1, out);
        value(v, depth + 1, out);
    }
    close(b']', list.is_empty(), depth, out);
}

fn object(m: &Map<String, Value>, depth: usize, out: &mut Vec<u8>) {
    out.push(b'{');
    for (i, (k, v)) in m.iter().enumerate() {
        // Keys of any JSON value, which may need escapes.
        item(i == 0, depth + 1, out);
        string(k, out);
        out.extend_from_slice(b": ");
        value(v, depth + 1, out);
    }
    close(b'}', m.is_empty(), depth, out);
}

fn number(n: &serde_json::Number, out: &mut Vec<u8>) {
    // Whole numbers, the common case, without the formatting machinery.
    if let Some(u) = n.as_u64() {
        return unsigned(u, out);
    }
    if let Some(i) = n.as_i64() {
        return signed(i, out);
    }
    float(n.as_f64().expect("a number is an integer or a float"), out);
}

/// A signed integer.
pub(crate) fn signed(i: i64, out: &mut Vec<u8>) {
    if i < 0 {
        out.push(b'-');
    }
    unsigned(i.unsigned_abs(), out);
}

/// A finite float as serde prints it: the shortest digits that give it
/// back, `1.0` for a whole number, an exponent from 1e16 on (`1e+16`),
/// by the formatter serde_json itself uses.
pub(crate) fn float(x: f64, out: &mut Vec<u8>) {
    out.extend_from_slice(zmij::Buffer::new().format_finite(x).as_bytes());
}

/// Starts the next entry of an object whose entries stand at `depth`:
/// the separator, the indent, the key and `": "`. `first` for the
/// object's first entry. The key is a declared name, which needs no
/// escape.
#[inline]
pub(crate) fn key(name: &str, first: bool, depth: usize, out: &mut Vec<u8>) {
    // Declared names are plain words (a test holds every declaration to
    // that): no escape to look for.
    debug_assert!(!name.bytes().any(|b| ESCAPED[b as usize]), "{name:?}");
    if depth > SHORT_DEPTH {
        item(first, depth, out);
    } else {
        // Room for all of it at once: one check of the room, not four.
        // The line's start is copied a fixed length at a time, which
        // needs no call, and cut back to its indent.
        let start = first as usize;
        let end = out.len() + 2 + 2 * depth - start;
        out.reserve(SHORT_LEAD + name.len() + 4);
        out.extend_from_slice(&NEW_LINE[start..start + SHORT_LEAD]);
        out.truncate(end);
    }
    out.push(b'"');
    out.extend_from_slice(name.as_bytes());
    out.extend_from_slice(b"\": ");
}

/// Starts the next item of a list (or entry of an object) standing at
/// `depth`: `\n` or `,\n`, then the indent.
pub(crate) fn item(first: bool, depth: usize, out: &mut Vec<u8>) {
    let start = first as usize;
    if depth <= NEW_LINE_DEPTH {
        out.extend_from_slice(&NEW_LINE[start..2 + 2 * depth]);
    } else {
        out.extend_from_slice(&NEW_LINE[start..2]);
        indent(depth, out);
    }
}

/// Ends a list or object opened with `open` (`[` or `{`) whose items
/// stand one deeper than `depth`; `empty` when none was written.
pub(crate) fn close(close: u8, empty: bool, depth: usize, out: &mut Vec<u8>) {
    if !empty {
        out.push(b'\n');
        indent(depth, out);
    }
    out.push(close);
}

pub(crate) fn unsigned(mut u: u64, out: &mut Vec<u8>) {
    let mut digits = [0u8; 20];
    let mut at = digits.len();
    loop {
        at -= 1;
        digits[at] = b'0' + (u % 10) as u8;
        u /= 10;
        if u == 0 {
            break;
        }
    }
    out.extend_from_slice(&digits[at..]);
}

/// The bytes a JSON string escapes: control characters, `"` and `\\`.
const ESCAPED: [bool; 256] = {
    let mut t = [false; 256];
    let mut b = 0;
    while b < 0x20 {
        t[b] = true;
        b += 1;
    }
    t[b'"' as usize] = true;
    t[b'\\' as usize] = true;
    t
};

/// A string in quotes with serde's escapes: `"` and `\`, the short forms
/// of backspace, tab, line feed, form feed and carriage return, `\u00xx`
/// (lower-case hex) for the other control characters; everything else,
/// non-ASCII included, as it is.
/// Whether a string needs an escape in JSON.
pub(crate) fn needs_escape(s: &str) -> bool {
    s.bytes().any(|b| ESCAPED[b as usize])
}

pub(crate) fn string(s: &str, out: &mut Vec<u8>) {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    let bytes = s.as_bytes();
    out.reserve(bytes.len() + 2);
    out.push(b'"');
    // Most strings (names, text) need no escape.
    if !bytes.iter().any(|&b| ESCAPED[b as usize]) {
        out.extend_from_slice(bytes);
        out.push(b'"');
        return;
    }
    let mut start = 0;
    for (i, &b) in bytes.iter().enumerate() {
        let short = match b {
            b'"' => b'"',
            b'\\' => b'\\',
            0x08 => b'b',
            b'\t' => b't',
            b'\n' => b'n',
            0x0C => b'f',
            b'\r' => b'r',
            0x00..=0x1F => b'u',
            _ => continue,
        };
        out.extend_from_slice(&bytes[start..i]);
        start = i + 1;
        if short == b'u' {
            out.extend_from_slice(&[
                b'\\',
                b'u',
                b'0',
                b'0',
                HEX[(b >> 4) as usize],
                HEX[(b & 0xF) as usize],
            ]);
        } else {
            out.extend_from_slice(&[b'\\', short]);
        }
    }
    out.extend_from_slice(&bytes[start..]);
    out.push(b'"');
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn same_as_serde(v: &Value) {
        let mut fast = Vec::new();
        write_pretty(v, &mut fast);
        let reference = serde_json::to_vec_pretty(v).unwrap();
        assert_eq!(
            String::from_utf8(fast).unwrap(),
            String::from_utf8(reference).unwrap()
        );
    }

    #[test]
    fn keys_start_their_lines_at_any_depth() {
        for depth in 0..3 * NEW_LINE_DEPTH {
            for first in [true, false] {
                let mut out = b"{".to_vec();
                key("name", first, depth, &mut out);
                let lead = if first { "\n" } else { ",\n" };
                let expected = format!("{{{lead}{}\"name\": ", " ".repeat(2 * depth));
                assert_eq!(String::from_utf8(out).unwrap(), expected, "{depth} {first}");
            }
        }
    }

    #[test]
    fn prints_as_serde_does() {
        same_as_serde(&json!(null));
        same_as_serde(&json!({}));
        same_as_serde(&json!([]));
        same_as_serde(&json!({"a": [], "b": {}, "c": [{}], "d": [[1, 2], [3]]}));
        same_as_serde(&json!({"nested": {"deeper": {"list": [true, false, null]}}}));
        same_as_serde(&json!([
            0,
            1,
            -1,
            u64::MAX,
            i64::MIN,
            i64::MAX,
            0.0,
            -0.0,
            1.5,
            -2.25e-300,
            1e300,
            0.1f32 as f64,
            123456789.0,
            1e16,
            1e21
        ]));
        let controls: String = (0u8..0x20).map(char::from).collect();
        same_as_serde(&json!({
            "quote\"back\\slash/": "tab\tline\nreturn\rff\u{c}bs\u{8}",
            "controls": controls,
            "del and beyond": "\u{7f}é€😀",
            "": ""
        }));
    }
}
