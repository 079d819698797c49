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
//! keys, a key given twice (which parsing refuses), a form ID noted with
//! its plugin as a record's own, any error) gives `None`: the caller then
//! builds the record the usual way, which gives the same bytes or the
//! usual error.

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
        const SPACES: u64 = u64::from_le_bytes([b' '; 8]);
        let bytes = self.bytes;
        let mut at = self.at;
        loop {
            match bytes.get(at) {
                Some(b'\n') => {
                    at += 1;
                    while let Some(eight) = bytes.get(at..at + 8) {
                        let other =
                            u64::from_le_bytes(eight.try_into().expect("eight bytes")) ^ SPACES;
                        if other != 0 {
                            at += other.trailing_zeros() as usize / 8;
                            break;
                        }
                        at += 8;
                    }
                }
                Some(b' ' | b'\r' | b'\t') => at += 1,
                _ => break,
            }
        }
        self.at = at;
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

impl<'t> Text<'t> {
    /// The next value, `depth` levels deep, as `serde_json` reads it:
    /// plain strings, whole numbers, and `true`, `false` and `null` are
    /// read here, everything else by `serde_json`.
    fn leaf(&mut self, depth: usize) -> Option<Value> {
        let start = self.at;
        let plain = match self.peek()? {
            b'"' => self.string().map(|s| Value::String(s.into_owned())),
            b'-' | b'0'..=b'9' => self.number(),
            b't' => self.word("true", Value::Bool(true)),
            b'f' => self.word("false", Value::Bool(false)),
            b'n' => self.word("null", Value::Null),
            b'[' => self.list(depth),
            b'{' => self.object(depth),
            _ => None,
        };
        if plain.is_some() {
            return plain;
        }
        self.at = start;
        self.skip_space();
        let mut stream = serde_json::Deserializer::from_slice(&self.bytes[self.at..])
            .into_iter::<crate::json_text::StrictValue>();
        let v = stream.next()?.ok()?.0;
        self.at += stream.byte_offset();
        let deep =
            matches!(v, Value::Array(_) | Value::Object(_)) && depth + nesting(&v) > MAX_DEPTH;
        (!deep).then_some(v)
    }

    /// A string without escapes or control characters, next: such a
    /// string is its text between the quotes.
    fn plain_string(&mut self) -> Option<&'t str> {
        let start = self.at + 1;
        let len = self.bytes[start..]
            .iter()
            .position(|&b| CLASS[b as usize] & ENDS_TEXT != 0)?;
        let end = start + len;
        if self.bytes[end] != b'"' {
            return None;
        }
        self.at = end + 1;
        self.text.get(start..end)
    }

    /// A string next, as `serde_json` reads it: a plain one borrowed from
    /// the text, one with escapes unescaped. `None` (having read nothing)
    /// for a `\\u` escape of half a surrogate pair, left to `serde_json`,
    /// and for what JSON refuses.
    fn string(&mut self) -> Option<Cow<'t, str>> {
        let start = self.at;
        if let Some(plain) = self.plain_string() {
            return Some(Cow::Borrowed(plain));
        }
        self.at = start;
        let escaped = self.escaped_string();
        if escaped.is_none() {
            self.at = start;
        }
        escaped.map(Cow::Owned)
    }

    /// A string with escapes next (model paths have a `\\` in them, text
    /// its line breaks), unescaped: see [`string`](Self::string).
    #[inline(never)]
    fn escaped_string(&mut self) -> Option<String> {
        let bytes = self.bytes;
        let mut at = self.at + 1;
        let mut out = String::new();
        loop {
            let run = bytes
                .get(at..)?
                .iter()
                .position(|&b| CLASS[b as usize] & ENDS_TEXT != 0)?;
            out.push_str(self.text.get(at..at + run)?);
            at += run;
            if bytes[at] == b'"' {
                self.at = at + 1;
                return Some(out);
            }
            if bytes[at] != b'\\' {
                // A control character, which JSON wants escaped.
                return None;
            }
            let c = match *bytes.get(at + 1)? {
                b'"' => '"',
                b'\\' => '\\',
                b'/' => '/',
                b'b' => '\u{8}',
                b'f' => '\u{c}',
                b'n' => '\n',
                b'r' => '\r',
                b't' => '\t',
                b'u' => {
                    let hex = bytes.get(at + 2..at + 6)?;
                    let mut n = 0;
                    for &d in hex {
                        n = n * 16 + u32::from(hex_digit(d)?);
                    }
                    at += 4;
                    // Half a surrogate pair is not a character.
                    char::from_u32(n)?
                }
                _ => return None,
            };
            out.push(c);
            at += 2;
        }
    }

    /// A number with a fraction or an exponent, next, whose integer part
    /// ends at `at` and reads as `int`: as [`fraction`](Self::fraction)
    /// reads it.
    fn float(&mut self, at: usize, int: i64) -> Option<Value> {
        let x = self.fraction(at, int)?;
        Some(Value::Number(serde_json::Number::from_f64(x)?))
    }

    /// A number with a fraction or an exponent, next, whose integer part
    /// ends at `at` and reads as `int`: JSON's grammar checked here, the
    /// digits read as the nearest f64, as `serde_json` reads them (both
    /// round exactly). `None`, with nothing read, for a number too large
    /// for an f64, left to `serde_json`.
    ///
    /// Most are read by [`exact_decimal`]; the rest by the standard
    /// library. The digits are gathered as the grammar is checked, going
    /// on from the integer part: reading them again in a second pass cost
    /// 2% of packing a plugin of many floats.
    fn fraction(&mut self, mut at: usize, int: i64) -> Option<f64> {
        // The digits as one whole number (while they fit) and the power
        // of ten it is scaled by.
        let mut mantissa = int.unsigned_abs();
        let mut exact = true;
        let mut scale: i64 = 0;
        if self.bytes.get(at) == Some(&b'.') {
            at += 1;
            let first = at;
            while let Some(&b) = self.bytes.get(at).filter(|b| b.is_ascii_digit()) {
                match mantissa
                    .checked_mul(10)
                    .and_then(|m| m.checked_add(u64::from(b - b'0')))
                {
                    Some(m) => {
                        mantissa = m;
                        scale -= 1;
                    }
                    None => exact = false,
                }
                at += 1;
            }
            if at == first {
                return None;
            }
        }
        if let Some(b'e' | b'E') = self.bytes.get(at) {
            at += 1;
            let negative = match self.bytes.get(at) {
                Some(b'-') => {
                    at += 1;
                    true
                }
                Some(b'+') => {
                    at += 1;
                    false
                }
                _ => false,
            };
            let first = at;
            let mut exponent: i64 = 0;
            while let Some(&b) = self.bytes.get(at).filter(|b| b.is_ascii_digit()) {
                // Past a few digits the exact count no longer matters here.
                exponent = (exponent * 10 + i64::from(b - b'0')).min(1 << 20);
                at += 1;
            }
            if at == first {
                return None;
            }
            scale += if negative { -exponent } else { exponent };
        }
        let x = match exact_decimal(mantissa, scale).filter(|_| exact) {
            Some(x) if self.bytes[self.at] == b'-' => -x,
            Some(x) => x,
            None => self.text[self.at..at].parse().ok()?,
        };
        if !x.is_finite() {
            return None;
        }
        self.at = at;
        Some(x)
    }

    /// A list of values read by [`leaf`](Self::leaf), next, at `depth`.
    fn list(&mut self, depth: usize) -> Option<Value> {
        if depth + 1 > MAX_DEPTH {
            return None;
        }
        self.at += 1;
        let mut items = Vec::new();
        if self.eat(b']') {
            return Some(Value::Array(items));
        }
        loop {
            items.push(self.leaf(depth + 1)?);
            if !self.more(b']')? {
                return Some(Value::Array(items));
            }
        }
    }

    /// An object of plain keys and values read by [`leaf`](Self::leaf),
    /// next, at `depth`. A key given twice leaves the fast path (parsing
    /// the whole text refuses it).
    fn object(&mut self, depth: usize) -> Option<Value> {
        if depth + 1 > MAX_DEPTH {
            return None;
        }
        self.at += 1;
        let mut m = serde_json::Map::new();
        if self.eat(b'}') {
            return Some(Value::Object(m));
        }
        loop {
            let key = self.key()?;
            let v = self.leaf(depth + 1)?;
            if m.insert(key.to_string(), v).is_some() {
                return None;
            }
            if !self.more(b'}')? {
                return Some(Value::Object(m));
            }
        }
    }

    /// A literal word, next.
    fn word(&mut self, word: &str, v: Value) -> Option<Value> {
        if self.bytes[self.at..].starts_with(word.as_bytes()) {
            self.at += word.len();
            Some(v)
        } else {
            None
        }
    }

    /// A whole number of up to 18 digits without a leading zero (nor
    /// `-0`), next: what `serde_json` reads as an integer, and the
    /// number is the same.
    fn number(&mut self) -> Option<Value> {
        let (n, end) = self.integer_part().or_else(|| self.negative_zero())?;
        if let Some(b'.' | b'e' | b'E') = self.bytes.get(end) {
            return self.float(end, n);
        }
        self.at = end;
        Some(Value::from(n))
    }

    /// The integer part of a number next, as [`number`](Self::number)
    /// reads it, and where it ends (a fraction or an exponent may follow).
    #[inline]
    fn integer_part(&self) -> Option<(i64, usize)> {
        let negative = *self.bytes.get(self.at)? == b'-';
        let digits_at = self.at + negative as usize;
        let mut n = 0i64;
        let mut end = digits_at;
        while let Some(&b) = self.bytes.get(end).filter(|b| b.is_ascii_digit()) {
            // 18 digits fit an i64 whatever they are.
            if end - digits_at == 18 {
                return None;
            }
            n = n * 10 + (b - b'0') as i64;
            end += 1;
        }
        let digits = end - digits_at;
        let first = *self.bytes.get(digits_at)?;
        if digits == 0 || (first == b'0' && (digits > 1 || negative)) {
            return None;
        }
        Some((if negative { -n } else { n }, end))
    }

    /// The integer part `-0` next, where a fraction or an exponent follows
    /// (`-0.5`): not a whole number, so [`integer_part`](Self::integer_part)
    /// leaves it.
    fn negative_zero(&self) -> Option<(i64, usize)> {
        let end = self.at + 2;
        let fraction = matches!(self.bytes.get(end), Some(b'.' | b'e' | b'E'));
        (self.bytes.get(self.at..end) == Some(b"-0") && fraction).then_some((0, end))
    }

    /// A whole number next, read as [`number`](Self::number) reads it;
    /// `None`, with nothing read, for any other value.
    #[inline]
    fn whole_number(&mut self) -> Option<i64> {
        let (n, end) = self.integer_part()?;
        if let Some(b'.' | b'e' | b'E') = self.bytes.get(end) {
            return None;
        }
        self.at = end;
        Some(n)
    }

    /// A number next, as the f64 `serde_json` gives for it (a whole
    /// number converted as `as_f64` converts it); `None`, with nothing
    /// read, for anything [`number`](Self::number) leaves to `serde_json`.
    #[inline]
    fn number_f64(&mut self) -> Option<f64> {
        let (n, end) = self.integer_part().or_else(|| self.negative_zero())?;
        if let Some(b'.' | b'e' | b'E') = self.bytes.get(end) {
            return self.fraction(end, n);
        }
        self.at = end;
        Some(n as f64)
    }

    /// After an entry or item: `true` when another follows, `false` at
    /// the `close`.
    fn more(&mut self, close: u8) -> Option<bool> {
        if self.eat(b',') {
            Some(true)
        } else {
            self.eat(close).then_some(false)
        }
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

/// Whether a layout depends on a sibling's value.
fn reads_siblings(field: &Field) -> bool {
    match field {
        Field::BySibling { .. } => true,
        Field::BySize(cases) => cases.iter().any(|(_, f)| reads_siblings(f)),
        Field::ByFit(cases) => cases.iter().any(reads_siblings),
        _ => false,
    }
}

/// Encodes the members of a record or group from the object next in `t`
/// (`depth` levels deep), as `encode_seq` does.
fn encode_members(
    members: &'static [Member],
    t: &mut Text<'_>,
    depth: usize,
    out: &mut Vec<u8>,
    cx: Enc<'_>,
) -> Option<()> {
    t.skip_space();
    let mut object = Object {
        text: t.text,
        start: t.at,
        depth,
        siblings: None,
    };
    if !t.eat(b'{') {
        return None;
    }
    if t.eat(b'}') {
        return Some(());
    }
    // The keys met, by the member each names: a key given twice names
    // the same member, so only those are compared. Most objects have few
    // keys: those are kept on the stack.
    let mut few: [(*const Member, &str); 24] = [(std::ptr::null(), ""); 24];
    let mut more: Vec<(*const Member, &str)> = Vec::new();
    let mut count = 0;
    loop {
        let key = t.key()?;
        if key.starts_with('!') {
            return None;
        }
        let name = base_key(key);
        let member = match plain_member(members, name) {
            Some(Some(member)) => member,
            Some(None) => return None,
            None => find_member(members, name, object.siblings()?)?,
        };
        let at: *const Member = member;
        let met = |&(m, k): &(*const Member, &str)| std::ptr::eq(m, at) && k == key;
        if few[..count.min(few.len())].iter().any(met) || more.iter().any(met) {
            return None;
        }
        match few.get_mut(count) {
            Some(slot) => *slot = (at, key),
            None => more.push((at, key)),
        }
        count += 1;
        if matches!(
            member,
            Member::Paired(_) | Member::Group(GroupDef { tree: Some(_), .. })
        ) {
            // Rare, and reshaped before they are written (paired lists
            // split, trees flattened): read as JSON and encoded by
            // `json_in` itself.
            let v = t.leaf(depth + 1)?;
            encode_entry(members, key, &v, object.siblings()?, out, cx).ok()?;
        } else if repeats(member) {
            if !t.eat(b'[') {
                return None;
            }
            if !t.eat(b']') {
                loop {
                    encode_item(member, t, &mut object, depth + 2, out, cx)?;
                    if !t.more(b']')? {
                        break;
                    }
                }
            }
        } else {
            encode_item(member, t, &mut object, depth + 1, out, cx)?;
        }
        if !t.more(b'}')? {
            return Some(());
        }
    }
}

/// The member a key (without `#n`) names, as `find_member` finds it,
/// where that does not depend on siblings: `Some(None)` when no member
/// has the name, `None` when a sibling must choose.
fn plain_member(members: &'static [Member], name: &str) -> Option<Option<&'static Member>> {
    let mut first = None;
    for m in members {
        let n = member_name(m);
        // Most names differ in length or first letter.
        if n.len() == name.len()
            && n.as_bytes().first() == name.as_bytes().first()
            && same_short(n.as_bytes(), name.as_bytes())
        {
            if matches!(m, Member::Sub(SubDef { when: Some(_), .. })) {
                return None;
            }
            first = first.or(Some(m));
        }
    }
    // Declared names are plain words: `name:SIG` is none of them.
    if first.is_none() && name.contains(':') {
        return Some(find_member(members, name, &Map::new()));
    }
    Some(first)
}

/// Encodes one occurrence of a member: a subrecord, or a group's members.
fn encode_item(
    member: &'static Member,
    t: &mut Text<'_>,
    object: &mut Object<'_>,
    depth: usize,
    out: &mut Vec<u8>,
    cx: Enc<'_>,
) -> Option<()> {
    match member {
        Member::Sub(def) => encode_sub(def, t, object, depth, out, cx),
        Member::Group(g) => encode_members(g.members, t, depth, out, cx),
        Member::Paired(_) => None,
    }
}

/// Writes one subrecord, as `json_in::encode_sub` does.
fn encode_sub(
    def: &'static SubDef,
    t: &mut Text<'_>,
    object: &mut Object<'_>,
    depth: usize,
    out: &mut Vec<u8>,
    cx: Enc<'_>,
) -> Option<()> {
    let start = start_subrecord(out, def.sig);
    let mut earlier = std::mem::take(&mut t.earlier);
    earlier.clear();
    match (&def.field, t.peek()) {
        (Field::Value(ty), _) => {
            encode_ty_text(ty, t, &mut earlier, depth, out, cx)?;
        }
        (Field::ZString | Field::Text | Field::LString, Some(b'"'))
            if !(matches!(def.field, Field::LString) && cx.forms.is_some_and(|f| f.localized)) =>
        {
            // A plain string is its text, in Windows-1252; a zero ends
            // all but script source.
            let start = t.at;
            match t.string() {
                Some(text) if text.is_ascii() => {
                    // Windows-1252 keeps ASCII as it is.
                    out.extend_from_slice(text.as_bytes());
                    if !matches!(def.field, Field::Text) {
                        out.push(0);
                    }
                }
                Some(text) => {
                    out.extend_from_slice(&encode_cp1252(&text)?);
                    if !matches!(def.field, Field::Text) {
                        out.push(0);
                    }
                }
                None => {
                    t.at = start;
                    let v = t.leaf(depth)?;
                    encode_field_in(&def.field, &v, &Map::new(), out, cx).ok()?;
                }
            }
        }
        (Field::Struct(fields), Some(b'{')) => {
            encode_struct(t, fields, &mut earlier, true, depth, out, cx)?;
        }
        (Field::Array(fields), Some(b'[')) => {
            encode_items(fields, t, &mut earlier, depth, out, cx)?;
        }
        _ => {
            let v = t.leaf(depth)?;
            if v.get("_hex").is_some() {
                return None;
            }
            let empty;
            let siblings = if reads_siblings(&def.field) {
                object.siblings()?
            } else {
                empty = Map::new();
                &empty
            };
            encode_field_in(&def.field, &v, siblings, out, cx).ok()?;
        }
    }
    t.earlier = earlier;
    finish_subrecord(out, def.sig, start);
    Some(())
}

/// Encodes a struct's fields from an object whose keys follow the
/// declaration's order, as `codec::encode_fields` does: a field left out
/// must be conditional (it stays out), or come after the last one given
/// when the struct may end early; bytes past the fields (`_rest`) come
/// last. Anything else (a default to fill in, a key out of order) leaves
/// the fast path.
fn encode_struct(
    t: &mut Text<'_>,
    fields: &'static [FieldDef],
    earlier: &mut Earlier,
    may_end_early: bool,
    depth: usize,
    out: &mut Vec<u8>,
    cx: Enc<'_>,
) -> Option<()> {
    let mark = earlier.len();
    let mut next = 0;
    let conditional = |fd: &FieldDef| matches!(fd.ty, Ty::If(_));
    if !t.eat(b'{') {
        return None;
    }
    if !t.eat(b'}') {
        loop {
            // Keys come in declared order: the next field's is looked for
            // first.
            let found = match fields.get(next) {
                Some(fd) if t.expected_key(fd.name) => next,
                _ => {
                    let key = t.key()?;
                    let declared = fields[next..].iter().position(|fd| {
                        fd.name.len() == key.len()
                            && fd.name.as_bytes().first() == key.as_bytes().first()
                            && fd.name == key
                    });
                    match declared {
                        Some(i) => next + i,
                        None if key == "_rest" => {
                            left_over(t, &fields[next..], may_end_early, out)?;
                            break;
                        }
                        None => return None,
                    }
                }
            };
            let key = fields[found].name;
            if key == "_rest" || !fields[next..found].iter().all(conditional) {
                return None;
            }
            let fd = &fields[found];
            if let Some(raw) = encode_ty_text(&fd.ty, t, earlier, depth + 1, out, cx)? {
                earlier.push((fd.name, raw));
            }
            next = found + 1;
            if !t.more(b'}')? {
                break;
            }
        }
    }
    if !may_end_early && !fields[next..].iter().all(conditional) {
        return None;
    }
    earlier.truncate(mark);
    Some(())
}

/// The bytes a struct's data held past its declared fields (`"_rest"`,
/// whose key is behind), as `codec::encode_fields` adds them: after the
/// fields, so only as the last key, and only when the fields `after` the
/// last one read take no bytes (the struct ended early, or each is
/// conditional and absent; one given its default is left to parsing).
fn left_over(
    t: &mut Text<'_>,
    after: &[FieldDef],
    may_end_early: bool,
    out: &mut Vec<u8>,
) -> Option<()> {
    if !may_end_early && !after.iter().all(|fd| matches!(fd.ty, Ty::If(_))) {
        return None;
    }
    if t.peek()? != b'"' {
        return None;
    }
    append_hex(t.plain_string()?, out)?;
    t.left_over += 1;
    (!t.more(b'}')?).then_some(())
}

/// Encodes one value of type `ty`, as `codec::encode_ty` does, giving
/// back its integer for later fields: structs and lists are walked here,
/// everything else is read by `serde_json` and encoded by `encode_ty`.
fn encode_ty_text(
    ty: &'static Ty,
    t: &mut Text<'_>,
    earlier: &mut Earlier,
    depth: usize,
    out: &mut Vec<u8>,
    cx: Enc<'_>,
) -> Option<Option<i64>> {
    match (ty, t.peek()?) {
        // Numbers and booleans, the most common values, read in place;
        // anything else these read (a fraction for an integer, a number
        // out of range) is read as a value below, for the same outcome.
        (Ty::Int(int), b'-' | b'0'..=b'9') => match t.whole_number() {
            // No negative number reads as a u64.
            Some(n) if *int == Int::U64 && n < 0 => None,
            Some(n) => {
                write_int(*int, n, out).ok()?;
                Some(Some(n))
            }
            None => {
                let v = t.leaf(depth)?;
                encode_ty(ty, &v, earlier, out, cx).ok()
            }
        },
        (Ty::F32, b'-' | b'0'..=b'9') => {
            let x = match t.number_f64() {
                Some(x) => x as f32,
                None => json_f32(&t.leaf(depth)?)?,
            };
            if !x.is_finite() {
                return None;
            }
            out.extend_from_slice(&x.to_le_bytes());
            Some(None)
        }
        (Ty::Bool, b't' | b'f') => {
            let b = if t.bytes[t.at..].starts_with(b"true") {
                t.at += 4;
                1
            } else if t.bytes[t.at..].starts_with(b"false") {
                t.at += 5;
                0
            } else {
                return None;
            };
            out.push(b);
            Some(Some(b as i64))
        }
        (Ty::FormId | Ty::FormIdOf(_), b'"') => {
            // How the tree writes every form ID: `0x` and eight digits;
            // one with its plugin noted is checked as parsing checks it.
            if let Some(id) = t.hex_form_id() {
                out.extend_from_slice(&id.to_le_bytes());
                return Some(Some(id as i64));
            }
            let v = t.leaf(depth)?;
            encode_ty(ty, &v, earlier, out, cx).ok()
        }
        (Ty::Enum(int, names), b'"') => {
            let start = t.at;
            match t.plain_string() {
                Some(name) => {
                    let n = names.value_of(name)?;
                    write_int(*int, n, out).ok()?;
                    Some(Some(n))
                }
                None => {
                    t.at = start;
                    let v = t.leaf(depth)?;
                    encode_ty(ty, &v, earlier, out, cx).ok()
                }
            }
        }
        (Ty::WString | Ty::String32 | Ty::ZString | Ty::Bytes(_) | Ty::Char4, b'"') => {
            let start = t.at;
            // Hex and signatures have no escapes.
            let text = match ty {
                Ty::Bytes(_) | Ty::Char4 => t.plain_string().map(Cow::Borrowed),
                _ => t.string(),
            };
            match text {
                Some(text) => {
                    encode_plain(ty, &text, out)?;
                    Some(None)
                }
                None => {
                    t.at = start;
                    let v = t.leaf(depth)?;
                    encode_ty(ty, &v, earlier, out, cx).ok()
                }
            }
        }
        (Ty::Flags(int, names), b'[') => {
            let n = flag_list(t, names)?;
            write_int(*int, signed(*int, n), out).ok()?;
            Some(Some(n as i64))
        }
        (Ty::Bits(int, fields), b'{') => {
            let n = bit_fields(t, fields)?;
            write_int(*int, signed(*int, n), out).ok()?;
            Some(Some(n as i64))
        }
        (Ty::Select(sel), _) => encode_ty_text(select(sel, earlier), t, earlier, depth, out, cx),
        (Ty::If(cond), _) => encode_ty_text(&cond.ty, t, earlier, depth, out, cx),
        (Ty::Struct(fields), b'{') => {
            encode_struct(t, fields, earlier, false, depth, out, cx)?;
            Some(None)
        }
        (Ty::List(int, fields), b'[') => {
            let at = out.len();
            out.resize(at + int.size(), 0);
            let count = encode_items(fields, t, earlier, depth, out, cx)?;
            let mut stored = Vec::with_capacity(8);
            write_int(*int, count as i64, &mut stored).ok()?;
            out[at..at + int.size()].copy_from_slice(&stored);
            Some(None)
        }
        (Ty::Rest(fields), b'[') => {
            encode_items(fields, t, earlier, depth, out, cx)?;
            Some(None)
        }
        (Ty::ListBy(field, fields), b'[') => {
            let expected = lookup(earlier, field);
            let count = encode_items(fields, t, earlier, depth, out, cx)?;
            (expected == Some(count as i64)).then_some(None)
        }
        _ => {
            let v = t.leaf(depth)?;
            encode_ty(ty, &v, earlier, out, cx).ok()
        }
    }
}

/// A list of flag names and hex bits next, as `codec::json_flags` reads
/// it.
fn flag_list(t: &mut Text<'_>, names: &FlagsDef) -> Option<u64> {
    if !t.eat(b'[') {
        return None;
    }
    let mut n = 0u64;
    if t.eat(b']') {
        return Some(n);
    }
    loop {
        if t.peek()? != b'"' {
            return None;
        }
        let name = t.plain_string()?;
        n |= match names.bits.iter().find(|(_, known)| *known == name) {
            Some((bit, _)) => *bit,
            None => u64::from_str_radix(name.strip_prefix("0x")?, 16).ok()?,
        };
        if !t.more(b']')? {
            return Some(n);
        }
    }
}

/// An object of bit fields next, as `codec::encode_ty` reads one: each
/// field by name (an enum's by its name or number, flags as a list or a
/// number), and `_other_bits`. A key given twice leaves the fast path.
fn bit_fields(t: &mut Text<'_>, fields: &[BitField]) -> Option<u64> {
    const OTHER: &str = "_other_bits";
    if !t.eat(b'{') || fields.len() >= 64 {
        return None;
    }
    // Which fields (and, as the last bit, `_other_bits`) were given.
    let mut given = 0u64;
    let mut n = 0u64;
    if t.eat(b'}') {
        return Some(n);
    }
    loop {
        let key = t.key()?;
        let (index, part) = if key == OTHER {
            (
                fields.len(),
                t.whole_number().and_then(|v| u64::try_from(v).ok())?,
            )
        } else {
            let index = fields.iter().position(|bf| bf.name == key)?;
            let bf = &fields[index];
            let raw = match (bf.kind, t.peek()?) {
                (BitKind::Enum(e), b'"') => e.value_of(t.plain_string()?)? as u64,
                (BitKind::Flags(fl), b'[') => flag_list(t, fl)?,
                _ => u64::try_from(t.whole_number()?).ok()?,
            };
            (index, (raw << bf.mask.trailing_zeros()) & bf.mask)
        };
        if given & 1 << index != 0 {
            return None;
        }
        given |= 1 << index;
        n |= part;
        if !t.more(b'}')? {
            return Some(n);
        }
    }
}

/// Encodes a string of a text type, hex bytes or four characters, as
/// `encode_ty` does.
fn encode_plain(ty: &Ty, text: &str, out: &mut Vec<u8>) -> Option<()> {
    match ty {
        Ty::Bytes(n) => {
            let at = out.len();
            append_hex(text, out)?;
            return (out.len() - at == *n).then_some(());
        }
        Ty::Char4 => {
            out.extend_from_slice(&Sig::parse(text)?.0);
            return Some(());
        }
        _ => {}
    }
    let owned;
    let bytes = if text.is_ascii() {
        // Windows-1252 keeps ASCII as it is.
        text.as_bytes()
    } else {
        owned = encode_cp1252(text)?;
        &owned
    };
    match ty {
        Ty::WString => out.extend_from_slice(&u16::try_from(bytes.len()).ok()?.to_le_bytes()),
        Ty::String32 => out.extend_from_slice(&u32::try_from(bytes.len()).ok()?.to_le_bytes()),
        _ if bytes.contains(&0) => return None,
        _ => {}
    }
    out.extend_from_slice(bytes);
    if matches!(ty, Ty::ZString) {
        out.push(0);
    }
    Some(())
}

/// Encodes the items of a list of structs (or of single values, for a
/// struct of one field), as `codec::encode_items` does; gives back how
/// many there were.
fn encode_items(
    fields: &'static [FieldDef],
    t: &mut Text<'_>,
    earlier: &mut Earlier,
    depth: usize,
    out: &mut Vec<u8>,
    cx: Enc<'_>,
) -> Option<usize> {
    if !t.eat(b'[') {
        return None;
    }
    let mut count = 0;
    if t.eat(b']') {
        return Some(count);
    }
    loop {
        let mark = earlier.len();
        if let [single] = fields {
            encode_ty_text(&single.ty, t, earlier, depth + 1, out, cx)?;
        } else {
            encode_struct(t, fields, earlier, false, depth + 1, out, cx)?;
        }
        earlier.truncate(mark);
        count += 1;
        if !t.more(b']')? {
            return Some(count);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `encode_struct` takes each key as the next field of that name: a
    /// struct declaring one name twice would be read otherwise by
    /// `codec::encode_fields`, which looks every field up by name.
    #[test]
    fn short_strings_compare_as_slices_do() {
        let text: Vec<u8> = (0..40u8).map(|i| b'a' + i % 26).collect();
        for n in 0..text.len() {
            let a = &text[..n];
            assert!(same_short(a, a));
            assert!(!same_short(a, &text[..n + 1]));
            for at in 0..n {
                let mut b = a.to_vec();
                b[at] ^= 0x20;
                assert!(!same_short(a, &b), "{n} bytes, differing at {at}");
            }
        }
    }

    #[test]
    fn a_key_given_twice_is_never_read_here() {
        for text in [
            r#"{"a": 1, "a": 2}"#,
            r#"{"a": 1, "b": {"c": "\u00e9", "c": 2}}"#,
            r#"[{"x": [1], "x": []}]"#,
        ] {
            assert_eq!(Text::new(text).leaf(0), None, "{text}");
        }
        assert_eq!(Text::new(r#"{"a": 1, "a": 2}"#).entries(0), None);
        assert!(Text::new(r#"{"a": 1, "b": 2}"#).leaf(0).is_some());
    }

    #[test]
    fn form_ids_read_in_place_as_their_digits_say() {
        let read = |s: &str| Text::new(s).hex_form_id();
        assert_eq!(read("\"0x0001ABcd\""), Some(0x0001_ABCD));
        assert_eq!(read("\"0xFFFFFFFF\", 1"), Some(u32::MAX));
        for other in [
            "\"0x0001ABCG\"",
            "\"0X0001ABCD\"",
            "\"0x0001ABC\"",
            "\"0x0001ABCDE\"",
            "0x0001ABCD",
        ] {
            assert_eq!(read(other), None, "{other}");
        }
    }

    #[test]
    fn numbers_read_as_serde_json_reads_them() {
        for text in [
            "0",
            "7",
            "-7",
            "123456789012345678",
            "1.5",
            "-0.25",
            "1e5",
            "2.5E-3",
            "3.4028235e38",
            "1e400",
            "01",
            "-0",
            "-0.0",
            "1.",
            ".5",
            "1e",
            "12345678901234567890",
            "0.1",
            "4.9406564584124654e-324",
            "-9223372036854775808",
            "-0.5",
            "-0.25e1",
            "-0e5",
            "-0",
            "-01.5",
            "0.30000000000000004",
            "123456789012345678.5",
            "12345678901234567.25",
            "9007199254740993.0",
            "9007199254740992.0",
            "2.5e22",
            "2.5e23",
            "1.5e-22",
            "1.5e-23",
            "1e-400",
            "1.7976931348623157e308",
            "1.8e308",
            "3.4028234663852886e38",
            "1E+2",
            "1e+",
            "1.e5",
            "1.5e99999999999999999999",
            "0.000000000000000000000000000000000000000000001401298464324817",
        ] {
            let ours = Text::new(text).leaf(0);
            let theirs: Option<Value> = serde_json::from_str(text).ok();
            match ours {
                Some(v) => assert_eq!(Some(&v), theirs.as_ref(), "{text}"),
                None => assert!(theirs.is_none(), "{text}: not read, but JSON"),
            }
            // Numbers read in place give what those values give.
            if let Some(n) = Text::new(text).whole_number() {
                assert_eq!(theirs.as_ref().and_then(Value::as_i64), Some(n), "{text}");
            }
            if let Some(x) = Text::new(text).number_f64() {
                let theirs = theirs.as_ref().and_then(Value::as_f64).map(f64::to_bits);
                assert_eq!(theirs, Some(x.to_bits()), "{text}");
            }
        }
    }

    /// `Text::string` on `json` against `serde_json`: the same string and
    /// the same end where it reads one; where it does not, `serde_json`
    /// refuses the text too, or the text has an escape of half a
    /// surrogate pair (left to `serde_json`).
    fn string_reads_as_serde_json(json: &str) {
        let mut t = Text::new(json);
        let ours = t.string().map(Cow::into_owned);
        let mut stream = serde_json::Deserializer::from_str(json).into_iter::<String>();
        let theirs = stream.next().and_then(Result::ok);
        match ours {
            Some(s) => {
                assert_eq!(Some(&s), theirs.as_ref(), "{json}");
                assert_eq!(t.at, stream.byte_offset(), "{json}");
            }
            None => {
                assert_eq!(t.at, 0, "{json}: read in part");
                let surrogate = json.to_ascii_lowercase().contains("\\ud");
                assert!(theirs.is_none() || surrogate, "{json}: not read, but JSON");
            }
        }
    }

    #[test]
    fn strings_with_escapes_read_as_serde_json_reads_them() {
        for json in [
            r#""""#,
            r#""plain""#,
            r#""meshes\\clutter\\campfire01.nif""#,
            r#""line\nbreak\r\ttab \"quoted\" \/ \b\f""#,
            r#""\u00e9t\u00C9 \u20ac \u0000 \u001f""#,
            r#""caf\u00e9 caf""#,
            "\"caf\u{e9} \\\\ na\u{ef}ve\"",
            r#""\ud83d\ude00""#,
            r#""\ud83d""#,
            r#""\ude00""#,
            r#""\u12""#,
            r#""\u12g4""#,
            r#""\u+123""#,
            r#""\x41""#,
            r#""\""#,
            r#""unterminated\\"#,
            "\"raw\tcontrol\"",
            "\"raw\nline\"",
            r#""a\\""#,
        ] {
            string_reads_as_serde_json(json);
        }
    }

    /// `Text::number_f64` on `text` against `serde_json`, bit for bit.
    fn f64_reads_as_serde_json(text: &str) {
        let ours = Text::new(text).number_f64().map(f64::to_bits);
        let theirs = serde_json::from_str::<Value>(text)
            .ok()
            .and_then(|v| v.as_f64())
            .map(f64::to_bits);
        if ours.is_some() {
            assert_eq!(ours, theirs, "{text}");
        }
    }

    proptest::proptest! {
        /// Every f32 as the tree writes it reads as `serde_json` reads it.
        #[test]
        fn written_f32s_read_as_serde_json_reads_them(bits in proptest::num::u32::ANY) {
            let x = f32::from_bits(bits);
            if let Value::Number(n) = super::super::codec::f32_value(x) {
                let text = n.to_string();
                f64_reads_as_serde_json(&text);
                proptest::prop_assert!(Text::new(&text).number_f64().is_some(), "{}", text);
            }
        }

        /// Numbers of any shape read as `serde_json` reads them.
        #[test]
        fn numbers_of_any_shape_read_as_serde_json_reads_them(
            text in "-?(0|[1-9][0-9]{0,20})(\\.[0-9]{1,25})?([eE][-+]?[0-9]{1,3})?"
        ) {
            f64_reads_as_serde_json(&text);
        }

        /// Any string as `serde_json` writes it reads back as itself.
        #[test]
        fn written_strings_read_back(s in "\\PC*|[\\\\\"\\n\\t\\u{0}-\\u{1f}a-z\u{e9}\u{20ac}]*") {
            let json = serde_json::to_string(&s).expect("a string");
            string_reads_as_serde_json(&json);
            let read = Text::new(&json).string().map(Cow::into_owned);
            proptest::prop_assert_eq!(read, Some(s));
        }

        /// Text made of the characters strings and their escapes are made
        /// of reads as `serde_json` reads it, or not at all.
        #[test]
        fn escapes_read_as_serde_json_reads_them(body in "[\\\\\"/bfnrtu0-9a-fA-FxD\u{e9} \\t]{0,24}") {
            string_reads_as_serde_json(&format!("\"{body}"));
        }
    }
}
