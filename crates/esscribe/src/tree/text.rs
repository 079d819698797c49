//! The tree's text of a JSON value, written straight into a buffer: the
//! same bytes as `serde_json::to_vec_pretty` (two-space indent, `": "`
//! after keys, `[]` and `{}` for empty lists and objects, serde's string
//! escapes and number forms), without its per-value dispatch.

use serde_json::{Map, Value};

/// Appends the pretty-printed text of `v` to `out`, as
/// `serde_json::to_vec_pretty` prints it.
pub fn write_pretty(v: &Value, out: &mut Vec<u8>) {
    value(v, 0, out);
}

fn value(v: &Value, depth: usize, out: &mut Vec<u8>) {
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

fn array(list: &[Value], depth: usize, out: &mut Vec<u8>) {
    if list.is_empty() {
        out.extend_from_slice(b"[]");
        return;
    }
    out.push(b'[');
    for (i, v) in list.iter().enumerate() {
        out.extend_from_slice(if i == 0 { b"\n" } else { b",\n" });
        indent(depth + 1, out);
        value(v, depth + 1, out);
    }
    out.push(b'\n');
    indent(depth, out);
    out.push(b']');
}

fn object(m: &Map<String, Value>, depth: usize, out: &mut Vec<u8>) {
    if m.is_empty() {
        out.extend_from_slice(b"{}");
        return;
    }
    out.push(b'{');
    for (i, (k, v)) in m.iter().enumerate() {
        out.extend_from_slice(if i == 0 { b"\n" } else { b",\n" });
        indent(depth + 1, out);
        string(k, out);
        out.extend_from_slice(b": ");
        value(v, depth + 1, out);
    }
    out.push(b'\n');
    indent(depth, out);
    out.push(b'}');
}

fn number(n: &serde_json::Number, out: &mut Vec<u8>) {
    use std::io::Write as _;
    // Whole numbers, the common case, without the formatting machinery.
    if let Some(u) = n.as_u64() {
        return unsigned(u, out);
    }
    if let Some(i) = n.as_i64() {
        out.push(b'-');
        return unsigned(i.unsigned_abs(), out);
    }
    // Floats as serde prints them (its `Display` is its serializer's form).
    write!(out, "{n}").expect("writing to memory cannot fail");
}

fn unsigned(mut u: u64, out: &mut Vec<u8>) {
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

/// A string in quotes with serde's escapes: `"` and `\`, the short forms
/// of backspace, tab, line feed, form feed and carriage return, `\u00xx`
/// (lower-case hex) for the other control characters; everything else,
/// non-ASCII included, as it is.
fn string(s: &str, out: &mut Vec<u8>) {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    let bytes = s.as_bytes();
    out.reserve(bytes.len() + 2);
    out.push(b'"');
    // Most strings (hex, names, form IDs) need no escape: one pass that
    // the compiler can run over many bytes at once finds that.
    if !bytes.iter().fold(false, |seen, &b| {
        seen | (b < 0x20 || b == b'"' || b == b'\\')
    }) {
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
