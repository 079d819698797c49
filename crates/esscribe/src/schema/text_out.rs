//! A record's fields printed as pretty JSON straight from its typed view,
//! without building JSON values: the same text as [`decode`]'s fields
//! printed by [`super::pretty`], for the text tree and for a whole plugin's
//! JSON written as text. The shape (keys, lists, trees) is walked by
//! [`super::shape`]; this is its text sink. Where the walk gives up
//! (`None`) the caller takes the JSON path. It never checks that the text
//! gives back the record's bytes: its caller proves that.
//!
//! [`decode`]: super::decode

use super::codec::FormCtx;
use super::pretty::{close, float, item, key, needs_escape, signed, string, unsigned};
use super::shape::{flag_names, walk_fields, Scalar, ShapeSink};
use super::types::*;
use super::view::RecordView;
use crate::io::{FormId, Sig};
use serde_json::Value;

/// Appends the record's `fields` object, standing at `depth`, to `out`;
/// `None`, with `out` in an unspecified state past its length on entry,
/// when the record's shape needs the JSON path.
pub(crate) fn write_fields(
    view: &RecordView<'_>,
    ctx: &FormCtx,
    depth: usize,
    out: &mut Vec<u8>,
) -> Option<()> {
    walk_fields(view, depth, &mut TextSink { ctx, out })
}

/// The shape printed as pretty JSON text.
struct TextSink<'c, 'o> {
    ctx: &'c FormCtx,
    out: &'o mut Vec<u8>,
}

impl ShapeSink for TextSink<'_, '_> {
    fn open(&mut self, list: bool) {
        self.out.push(if list { b'[' } else { b'{' });
    }

    fn key(&mut self, name: &'static str, seen: usize, first: bool, depth: usize) {
        match seen {
            0 => key(name, first, depth, self.out),
            n => key(&format!("{name}#{}", n + 1), first, depth, self.out),
        }
    }

    fn item(&mut self, first: bool, depth: usize) {
        item(first, depth, self.out);
    }

    fn close(&mut self, list: bool, empty: bool, depth: usize) {
        close(if list { b']' } else { b'}' }, empty, depth, self.out);
    }

    fn scalar(&mut self, value: Scalar<'_>, _depth: usize) {
        let out = &mut *self.out;
        match value {
            Scalar::Null => out.extend_from_slice(b"null"),
            Scalar::Bool(true) => out.extend_from_slice(b"true"),
            Scalar::Bool(false) => out.extend_from_slice(b"false"),
            Scalar::Signed(n) => signed(n, out),
            Scalar::Unsigned(n) => unsigned(n, out),
            Scalar::F32(x) => f32_text(x, out),
            Scalar::F64(x) => float(x, out),
            Scalar::Str(s) => string(s, out),
            Scalar::FormId(id) => form_id_shown(self.ctx, id, out),
            Scalar::Sig(sig) => sig_text(sig, out),
            Scalar::Hex(b) => hex_text(b, out),
        }
    }

    fn json(&mut self, value: &Value, depth: usize) {
        super::pretty::value(value, depth, self.out);
    }

    fn ctx(&self) -> &FormCtx {
        self.ctx
    }
}

/// An f32 as the JSON form shows it: the shortest decimal that gives the
/// f32 back, read as an f64 and printed as such.
fn f32_text(x: f32, out: &mut Vec<u8>) {
    // Whole numbers below 2^24, most floats in records, are their own
    // shortest decimal: digits and `.0`. (Above, the shortest decimal
    // may round: -2147483648 prints as -2147483600.)
    if x == x.trunc() && x.abs() < 16_777_216.0 && !(x == 0.0 && x.is_sign_negative()) {
        signed(x as i64, out);
        out.extend_from_slice(b".0");
        return;
    }
    // Rust's own shortest digits, which break ties as the JSON form's do
    // (a shortest-digits f32 formatter may break them otherwise).
    float(super::codec::f32_shown(x), out);
}

/// A form ID as a bare number in quotes (`"0x0001ABCD"`).
pub(crate) fn form_id_text(id: FormId, out: &mut Vec<u8>) {
    out.push(b'"');
    out.extend_from_slice(&id.hex());
    out.push(b'"');
}

/// A form ID as [`FormCtx::show`] shows it (`"0x00001CB6 (Skyrim.esm)"`),
/// written without making the string.
pub(crate) fn form_id_shown(ctx: &FormCtx, id: FormId, out: &mut Vec<u8>) {
    let owner = match id.0 {
        0 => "",
        _ => crate::plugin::Plugin::form_id_owner(&ctx.masters, id, &ctx.own_name),
    };
    if owner.is_empty() {
        return form_id_text(id, out);
    }
    if needs_escape(owner) {
        return string(&format!("{id} ({owner})"), out);
    }
    out.push(b'"');
    out.extend_from_slice(&id.hex());
    out.extend_from_slice(b" (");
    out.extend_from_slice(owner.as_bytes());
    out.extend_from_slice(b")\"");
}

/// A signature in quotes, escaped as its `Display` is.
pub(crate) fn sig_text(sig: Sig, out: &mut Vec<u8>) {
    if sig
        .0
        .iter()
        .all(|&b| b.is_ascii_graphic() && b != b'\\' && b != b'"')
    {
        out.push(b'"');
        out.extend_from_slice(&sig.0);
        out.push(b'"');
    } else {
        string(&sig.to_string(), out);
    }
}

fn hex_text(bytes: &[u8], out: &mut Vec<u8>) {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    out.reserve(bytes.len() * 2 + 2);
    out.push(b'"');
    for &b in bytes {
        out.push(DIGITS[(b >> 4) as usize]);
        out.push(DIGITS[(b & 0xF) as usize]);
    }
    out.push(b'"');
}

/// Flags as the names of the bits set, in declaration order, then the
/// bits without a name as hex.
pub(crate) fn flags_text(defs: &FlagsDef, v: u64, depth: usize, out: &mut Vec<u8>) {
    out.push(b'[');
    let mut first = true;
    for name in flag_names(defs, v) {
        item(first, depth + 1, out);
        first = false;
        string(&name, out);
    }
    close(b']', first, depth, out);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::schema::codec::{f32_value, f64_value};

    fn through_json(v: &serde_json::Value) -> Vec<u8> {
        let mut out = Vec::new();
        super::super::pretty::value(v, 0, &mut out);
        out
    }

    /// Floats print as their JSON values do, for bit patterns spread
    /// over every exponent, whole numbers near 2^24 and the edges.
    #[test]
    fn floats_print_as_their_json_values() {
        let mut bits = 0x9E37_79B9_7F4A_7C15u64;
        let mut next = || {
            bits ^= bits << 13;
            bits ^= bits >> 7;
            bits ^= bits << 17;
            bits
        };
        let mut f32s: Vec<f32> = (0..200_000)
            .map(|_| f32::from_bits(next() as u32))
            .collect();
        f32s.extend((-70..70).map(|i| 16_777_216.0f32 + i as f32));
        f32s.extend((-70..70).map(|i| -16_777_216.0f32 + i as f32));
        f32s.extend([
            0.0,
            -0.0,
            1.0,
            -1.0,
            0.1,
            7533.5312,
            -2147483648.0,
            f32::MAX,
            f32::MIN,
            f32::MIN_POSITIVE,
            f32::from_bits(1),
        ]);
        for x in f32s.into_iter().filter(|x| x.is_finite()) {
            let mut out = Vec::new();
            f32_text(x, &mut out);
            assert_eq!(
                out,
                through_json(&f32_value(x)),
                "{x:?} ({:08X})",
                x.to_bits()
            );
        }
        for _ in 0..200_000 {
            let x = f64::from_bits(next());
            if x.is_finite() {
                let mut out = Vec::new();
                float(x, &mut out);
                assert_eq!(out, through_json(&f64_value(x)), "{x:?}");
            }
        }
    }
}
