//! A record's JSON text encoded without parsing it whole: the text tree
//! holds one record per file, in the record's JSON form, and
//! building a `serde_json::Value` for each file is most of what packing a
//! tree costs.
//!
//! The text is read with a small tokenizer, walking the record's
//! declaration as [`super::json_in`] does: members in the order the text
//! gives them, repeating members as lists, groups as objects, and the
//! fields of a struct in declaration order. The common values are read
//! where they stand and written here: whole numbers and floats, booleans,
//! form IDs, plain strings, hex bytes, enum and flag names, bit fields.
//! Any other form of a value is read as a JSON value and encoded by
//! [`super::codec`], and the rare members that are reshaped before they
//! are written (paired lists, trees) by [`super::json_in`], so that the
//! rules of encoding stay in one place; tests hold the two readings to
//! the same bytes and the same errors.
//!
//! Anything this does not follow exactly (raw subrecords, a struct's keys
//! out of order or a field left out that needs its default, escapes in
//! keys, a key given twice (which parsing refuses), any error) gives
//! `None`: the caller then builds the record the usual way, which gives
//! the same bytes or the usual error.

use super::codec::{
    encode_field_in, encode_ty, exact_decimal, json_f32, signed, write_int, Enc, FormCtx,
};
use super::json_in::{encode_entry, finish_subrecord, start_subrecord};
use super::members::{base_key, find_member, member_name, repeats};
use super::types::{
    BitField, BitKind, Field, FieldDef, FlagsDef, GroupDef, Int, Member, RecordDef, SubDef, Ty,
};
use super::value::{lookup, select, Earlier};
use crate::io::{append_hex, encode_cp1252, hex_digit, FormId, Sig};
use serde_json::{Map, Value};
use std::borrow::Cow;

/// Deeper nesting than this leaves the fast path: parsing the whole text
/// refuses 128 levels, and here values are parsed on their own, where that
/// limit would not see the levels around them.
const MAX_DEPTH: usize = 100;

/// The entries of one JSON object: each key with the text of its value.
type Entries<'t> = Vec<(&'t str, &'t [u8])>;

/// Printable ASCII but `"` and `\\`: what a plain key is made of.
const PRINTABLE: u8 = 0;
/// The bits of a byte's class that end a plain string: a quote, a
/// backslash, a control character.
const ENDS_TEXT: u8 = 3;
/// Each byte's class: [`PRINTABLE`], 1 for `"`, 2 for `\\`, 3 for control
/// characters, 4 for the rest (DEL and the bytes of non-ASCII text).
static CLASS: [u8; 256] = {
    let mut class = [PRINTABLE; 256];
    let mut b = 0;
    while b < 256 {
        class[b] = match b as u8 {
            b'"' => 1,
            b'\\' => 2,
            0..=0x1F => 3,
            0x7F..=0xFF => 4,
            _ => PRINTABLE,
        };
        b += 1;
    }
    class
};

/// Whether two short byte strings (keys, names) are the same, compared
/// in place, a word at a time: a call to compare memory costs more than
/// the comparing.
#[inline]
fn same_short(a: &[u8], b: &[u8]) -> bool {
    let n = a.len();
    if n != b.len() {
        return false;
    }
    let word = |s: &[u8], at: usize| u64::from_le_bytes(s[at..at + 8].try_into().expect("8 bytes"));
    let half = |s: &[u8], at: usize| u32::from_le_bytes(s[at..at + 4].try_into().expect("4 bytes"));
    match n {
        // The last word overlaps the one before it where `n` is not a
        // multiple of eight.
        8.. => {
            let mut at = 0;
            while at + 8 < n {
                if word(a, at) != word(b, at) {
                    return false;
                }
                at += 8;
            }
            word(a, n - 8) == word(b, n - 8)
        }
        4.. => half(a, 0) == half(b, 0) && half(a, n - 4) == half(b, n - 4),
        _ => a.iter().zip(b).all(|(x, y)| x == y),
    }
}

/// Where the JSON whitespace at `at` in `bytes` ends. Pretty-printed text
/// is mostly indentation: after a line feed, spaces are passed eight at a
/// time.
#[inline]
pub(crate) fn past_whitespace(bytes: &[u8], mut at: usize) -> usize {
    const SPACES: u64 = u64::from_le_bytes([b' '; 8]);
    loop {
        match bytes.get(at) {
            Some(b'\n') => {
                at += 1;
                while let Some(eight) = bytes.get(at..at + 8) {
                    let other = u64::from_le_bytes(eight.try_into().expect("eight bytes")) ^ SPACES;
                    if other != 0 {
                        at += other.trailing_zeros() as usize / 8;
                        break;
                    }
                    at += 8;
                }
            }
            Some(b' ' | b'\r' | b'\t') => at += 1,
            _ => return at,
        }
    }
}

/// The form ID and plugin of a form ID noted as a dump writes it
/// (`0x00012EB7 (Skyrim.esm)`, the text between its quotes): read as any
/// noted form ID reads, where the plugin's name holds no bracket, quote,
/// backslash or control character; `None` for any other text.
pub(crate) fn form_id_noted_as_dumped(text: &[u8]) -> Option<(FormId, &str)> {
    if text.len() < 14 || &text[10..12] != b" (" {
        return None;
    }
    let id = FormId::from_hex(&text[..10])?;
    let name = text[12..].strip_suffix(b")")?;
    if name
        .iter()
        .any(|&b| matches!(b, b'(' | b')' | b'"' | b'\\') || b < 0x20)
    {
        return None;
    }
    Some((id, std::str::from_utf8(name).ok()?))
}

/// A place in JSON text.
struct Text<'t> {
    /// The whole text, checked to be UTF-8 once: the parts cut from it
    /// are text without checking again.
    text: &'t str,
    bytes: &'t [u8],
    at: usize,
    /// The integers of a subrecord's fields read so far, for the fields
    /// after them: one list kept for the whole text.
    earlier: Earlier,
    /// How many times bytes past a struct's fields (`_rest`) were read:
    /// what a record built from the text keeps as bytes.
    left_over: usize,
}

impl<'t> Text<'t> {
    fn new(text: &'t str) -> Text<'t> {
        Text {
            text,
            bytes: text.as_bytes(),
            at: 0,
            // Room for the integers of most subrecords at once.
            earlier: Earlier::with_capacity(32),
            left_over: 0,
        }
    }

    /// Past any whitespace. Most calls find none: that is checked first,
    /// inline.
    #[inline]
    fn skip_space(&mut self) {
        if self.bytes.get(self.at).is_some_and(|&b| b <= b' ') {
            self.skip_whitespace();
        }
    }

    /// Past whitespace that is there. Pretty-printed text is mostly
    /// indentation: a line feed's spaces are looked at eight at a time.
    #[inline(never)]
    fn skip_whitespace(&mut self) {
        self.at = past_whitespace(self.bytes, self.at);
    }

    #[inline]
    fn peek(&mut self) -> Option<u8> {
        self.skip_space();
        self.bytes.get(self.at).copied()
    }

    #[inline]
    fn eat(&mut self, c: u8) -> bool {
        let found = self.peek() == Some(c);
        self.at += found as usize;
        found
    }

    /// Only space is left.
    fn end(&mut self) -> Option<()> {
        self.skip_space();
        (self.at == self.bytes.len()).then_some(())
    }

    /// A key and its colon. Only printable ASCII without escapes: such a
    /// key means what its bytes say.
    fn key(&mut self) -> Option<&'t str> {
        if !self.eat(b'"') {
            return None;
        }
        let start = self.at;
        let len = self.bytes[start..]
            .iter()
            .position(|&b| CLASS[b as usize] != PRINTABLE)?;
        let end = start + len;
        if self.bytes[end] != b'"' {
            return None;
        }
        let key = self.text.get(start..end)?;
        // Pretty-printed text puts `: ` after every key.
        if self.bytes.get(end + 1..end + 3) == Some(b": ") {
            self.at = end + 3;
            return Some(key);
        }
        self.at = end + 1;
        self.eat(b':').then_some(key)
    }

    /// The key `name` and its colon next, written as the tree writes
    /// them (`"name": `); nothing is read when anything else is next.
    #[inline]
    fn expected_key(&mut self, name: &str) -> bool {
        self.skip_space();
        let n = name.len();
        let found = self.bytes.get(self.at..self.at + n + 4).is_some_and(|b| {
            b[0] == b'"'
                && b[n + 1] == b'"'
                && b[n + 2] == b':'
                && b[n + 3] == b' '
                && same_short(&b[1..n + 1], name.as_bytes())
        });
        if found {
            self.at += n + 4;
        }
        found
    }

    /// A string of `0x` and eight hex digits next, as the tree writes a
    /// form ID: its number. Nothing is read when anything else is next.
    #[inline]
    fn hex_form_id(&mut self) -> Option<u32> {
        let text = self.bytes.get(self.at..self.at + 12)?;
        if text[0] != b'"' || text[11] != b'"' {
            return None;
        }
        let id = FormId::from_hex(&text[1..11])?;
        self.at += 12;
        Some(id.0)
    }

    /// A string of `0x`, eight hex digits and a plugin in brackets next,
    /// as a dump writes a form ID (`"0x00012EB7 (Skyrim.esm)"`), whose
    /// plugin is the one its top byte names in `forms` (where given): its
    /// number. Nothing is read when anything else is next, which parsing
    /// then reads (and refuses, where the plugin is another).
    #[inline]
    fn noted_form_id(&mut self, forms: Option<&FormCtx>) -> Option<u32> {
        let text = self.bytes.get(self.at..)?;
        if text.first() != Some(&b'"') {
            return None;
        }
        let len = text[1..].iter().position(|&b| b == b')')? + 1;
        if text.get(len + 1) != Some(&b'"') {
            return None;
        }
        let (id, name) = form_id_noted_as_dumped(&text[1..len + 1])?;
        if forms.is_some_and(|ctx| ctx.check_note(id, name).is_err()) {
            return None;
        }
        self.at += len + 2;
        Some(id.0)
    }

    /// Past the end of a string whose opening quote is behind.
    fn skip_string(&mut self) -> Option<()> {
        loop {
            match *self.bytes.get(self.at)? {
                b'"' => {
                    self.at += 1;
                    return Some(());
                }
                b'\\' => self.at += 2,
                _ => self.at += 1,
            }
        }
    }

    /// The text of the next value, `depth` levels deep. Only its extent is
    /// found here: whoever reads it checks it.
    fn value(&mut self, depth: usize) -> Option<&'t [u8]> {
        self.skip_space();
        let start = self.at;
        let mut nest = 0usize;
        loop {
            match *self.bytes.get(self.at)? {
                b'"' => {
                    self.at += 1;
                    self.skip_string()?;
                }
                b'{' | b'[' => {
                    nest += 1;
                    if depth + nest > MAX_DEPTH {
                        return None;
                    }
                    self.at += 1;
                    continue;
                }
                b'}' | b']' if nest == 0 => break,
                b'}' | b']' => {
                    nest -= 1;
                    self.at += 1;
                }
                b',' | b':' | b' ' | b'\n' | b'\r' | b'\t' if nest == 0 => break,
                _ => {
                    self.at += 1;
                    continue;
                }
            }
            if nest == 0 {
                break;
            }
        }
        (self.at > start).then(|| &self.bytes[start..self.at])
    }

    /// The entries of an object, `depth` levels deep; a key given twice
    /// leaves the fast path (parsing the whole text refuses it).
    fn entries(&mut self, depth: usize) -> Option<Entries<'t>> {
        if !self.eat(b'{') {
            return None;
        }
        let mut out: Entries<'t> = Vec::new();
        if self.eat(b'}') {
            return Some(out);
        }
        loop {
            let key = self.key()?;
            let value = self.value(depth + 1)?;
            if out.iter().any(|(seen, _)| *seen == key) {
                return None;
            }
            out.push((key, value));
            if self.eat(b',') {
                continue;
            }
            return self.eat(b'}').then_some(out);
        }
    }
}

/// Where one object's entries are, for reading ahead: a layout may
/// depend on a sibling given after it.
struct Object<'t> {
    text: &'t str,
    start: usize,
    depth: usize,
    siblings: Option<Map<String, Value>>,
}

impl Object<'_> {
    /// The entries whose value is a string, as the layouts they choose
    /// read them (by key, as text); read once per object, when first
    /// needed.
    fn siblings(&mut self) -> Option<&Map<String, Value>> {
        if self.siblings.is_none() {
            let mut t = Text::new(self.text);
            t.at = self.start;
            let mut m = Map::new();
            for (key, value) in t.entries(self.depth)? {
                if value.first() == Some(&b'"') {
                    m.insert(key.to_string(), parse(value)?);
                }
            }
            self.siblings = Some(m);
        }
        self.siblings.as_ref()
    }
}

fn parse(text: &[u8]) -> Option<Value> {
    crate::json_text::from_slice(text).ok()
}

/// How deeply a value nests.
fn nesting(v: &Value) -> usize {
    match v {
        Value::Array(items) => 1 + items.iter().map(nesting).max().unwrap_or(0),
        Value::Object(m) => 1 + m.values().map(nesting).max().unwrap_or(0),
        _ => 0,
    }
}

/// A record read from the text of its file in a tree.
pub(crate) struct TextRecord<const N: usize> {
    /// The values of its header keys, in the order they were asked for.
    pub header: [Option<Value>; N],
    /// Its data, encoded from its `fields`.
    pub data: Vec<u8>,
    /// How many structs in it held bytes past their fields (`_rest`),
    /// which the data keeps and reading it back shows as left over.
    pub left_over: usize,
}

/// A record read from the text of its file in a tree, with the header
/// keys `header_keys` names; `declaration` gives the declaration of a
/// record type. `None` wherever this reading does not follow the text
/// exactly (see the module's notes).
pub(crate) fn record_parts_from_text<const N: usize>(
    text: &[u8],
    header_keys: &[&str; N],
    declaration: impl Fn(Sig) -> Option<&'static RecordDef>,
    ctx: &FormCtx,
) -> Option<TextRecord<N>> {
    // Text that is not UTF-8 is not JSON either.
    let mut t = Text::new(std::str::from_utf8(text).ok()?);
    let mut header: [Option<Value>; N] = std::array::from_fn(|_| None);
    let mut data = None;
    if !t.eat(b'{') {
        return None;
    }
    // A record's text is never empty: it has a type.
    loop {
        let key = t.key()?;
        if key == "fields" && data.is_none() {
            // The type comes first: the declaration is known by the time
            // the fields are read.
            let sig = header[0].as_ref()?.as_str().and_then(Sig::parse)?;
            let def = declaration(sig)?;
            let mut out = Vec::with_capacity(text.len() / 4);
            let cx = Enc { forms: Some(ctx) };
            encode_members(def.members, &mut t, 1, &mut out, cx)?;
            data = Some(out);
        } else if let Some(slot) = header_keys
            .iter()
            .position(|k| *k == key)
            .and_then(|i| header.get_mut(i))
            .filter(|slot| slot.is_none())
        {
            *slot = Some(t.leaf(1)?);
        } else {
            return None;
        }
        if !t.more(b'}')? {
            break;
        }
    }
    t.end()?;
    Some(TextRecord {
        header,
        data: data?,
        left_over: t.left_over,
    })
}

mod encode;
#[cfg(test)]
mod tests;
mod values;

use encode::*;
