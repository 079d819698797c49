//! Bytes in, bytes out: a bounds-checked little-endian reader that knows its
//! file offset, the error type every layer shares, and the small value types
//! (signatures, form IDs, Windows-1252 text) that all formats use.

use std::borrow::Cow;
use std::fmt;

/// What went wrong, in a shape callers can match on. More kinds may come:
/// a `match` on it keeps a catch-all arm.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum ErrorKind {
    /// The input ended before a field that had to be there.
    Truncated,
    /// A field holds a value the format does not allow here.
    Invalid,
    /// A zlib stream could not be inflated, or inflated to the wrong size.
    Decompress,
    /// A JSON document did not describe valid data.
    Json,
    /// The operating system refused a read or write (`source()`
    /// gives its error).
    Io,
    /// What was asked for is not there: a record by form ID or editor ID,
    /// a field by path.
    NotFound,
    /// A value does not fit its field's declaration (a number out of
    /// range, an unknown enum name, text where a number belongs).
    Value,
    /// Well-formed input that would take more memory to work on than
    /// esscribe allows for its size (a record of very many tiny
    /// subrecords, read field by field).
    Limit,
    /// A file changed while it was being read: another program wrote to
    /// it or cut it short meanwhile, so what was read from it (and any
    /// other error met reading it) cannot be trusted.
    Changed,
    /// What was asked cannot be done to this input, though nothing is
    /// wrong with it: an item added to a save whose form ID array is full,
    /// a plugin list longer than the format can state, a path given twice.
    Refused,
}

/// The record an error was found in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RecordAt {
    /// The record's signature.
    pub sig: Sig,
    /// The record's form ID as stored.
    pub form_id: FormId,
}

/// An error with the absolute file offset where it was found and a path of
/// context ("GRUP PACK at 0x1A2 → PACK 0x0001CB6 → PLDT at 0x1F2A") built
/// up as it rises through the layers. Where they are known, the record,
/// subrecord and field are also given as values to match on, and what was
/// expected and found: its parts are those of [`ErrorData`], read as
/// `error.kind`, `error.field`.
///
/// Kept behind one pointer, so that the results of the many small reads
/// that succeed stay small.
#[derive(Clone, PartialEq, Eq)]
pub struct Error(Box<ErrorData>);

impl std::ops::Deref for Error {
    type Target = ErrorData;
    fn deref(&self) -> &ErrorData {
        &self.0
    }
}

impl std::ops::DerefMut for Error {
    fn deref_mut(&mut self) -> &mut ErrorData {
        &mut self.0
    }
}

impl fmt::Debug for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

/// What an [`Error`] says.
#[derive(Debug, Clone)]
pub struct ErrorData {
    /// What went wrong.
    pub kind: ErrorKind,
    /// Absolute offset in the file (or document) being read.
    pub offset: u64,
    /// What went wrong, for people.
    pub message: String,
    /// Enclosing structures, outermost first.
    pub context: Vec<String>,
    /// The record it concerns.
    pub record: Option<RecordAt>,
    /// The subrecord it concerns.
    pub subrecord: Option<Sig>,
    /// The field's path in the record (`schedule.hour`).
    pub field: Option<String>,
    /// What the format or declaration allows there.
    pub expected: Option<String>,
    /// What was there instead.
    pub found: Option<String>,
    /// The operating system's error, for [`ErrorKind::Io`].
    io_source: Option<std::sync::Arc<std::io::Error>>,
}

impl PartialEq for ErrorData {
    /// Equal when every part but the operating system's error is equal
    /// (whose kinds are compared instead: it has no equality of its own).
    fn eq(&self, other: &Self) -> bool {
        self.kind == other.kind
            && self.offset == other.offset
            && self.message == other.message
            && self.context == other.context
            && self.record == other.record
            && self.subrecord == other.subrecord
            && self.field == other.field
            && self.expected == other.expected
            && self.found == other.found
            && self.io_source.as_ref().map(|e| e.kind())
                == other.io_source.as_ref().map(|e| e.kind())
    }
}

impl Eq for ErrorData {}

impl Error {
    /// An error of `kind` at file offset `offset`.
    pub fn new(kind: ErrorKind, offset: u64, message: impl Into<String>) -> Self {
        Error(Box::new(ErrorData {
            kind,
            offset,
            message: message.into(),
            context: Vec::new(),
            record: None,
            subrecord: None,
            field: None,
            expected: None,
            found: None,
            io_source: None,
        }))
    }

    /// A value the format does not allow, at `offset`.
    pub fn invalid(offset: u64, message: impl Into<String>) -> Self {
        Self::new(ErrorKind::Invalid, offset, message)
    }

    /// Input that ends too early, at `offset`.
    pub fn truncated(offset: u64, message: impl Into<String>) -> Self {
        Self::new(ErrorKind::Truncated, offset, message)
    }

    /// A JSON document that does not describe valid data.
    pub fn json(message: impl Into<String>) -> Self {
        Self::new(ErrorKind::Json, 0, message)
    }

    /// The operating system's error on `path`, kept as the source.
    pub fn io(path: &std::path::Path, err: &std::io::Error) -> Self {
        let mut e = Self::new(ErrorKind::Io, 0, format!("{}: {err}", path.display()));
        // `std::io::Error` is not `Clone`: the source keeps its kind and
        // text, which is all a caller can look at.
        e.io_source = Some(std::sync::Arc::new(std::io::Error::new(
            err.kind(),
            err.to_string(),
        )));
        e
    }

    /// Something asked for that is not there.
    pub fn not_found(what: impl Into<String>) -> Self {
        Self::new(ErrorKind::NotFound, 0, what)
    }

    /// A request the input cannot take, though the input is sound: the
    /// message says what was asked and what stands in the way.
    pub fn refused(why: impl Into<String>) -> Self {
        Self::new(ErrorKind::Refused, 0, why)
    }

    /// A value that does not fit the field at `field` (a path in the
    /// record, empty where the caller adds it with
    /// [`at_field`](Self::at_field) as the error rises): `problem` says why.
    pub fn value(field: impl Into<String>, problem: impl Into<String>) -> Self {
        let field = field.into();
        let mut e = Self::new(ErrorKind::Value, 0, problem);
        e.field = (!field.is_empty()).then_some(field);
        e
    }

    /// Puts the error's field inside `outer` (a member, a struct field, a
    /// list index): `hour` in `schedule` becomes `schedule.hour`.
    pub fn at_field(mut self, outer: &str) -> Self {
        self.field = Some(match self.field.take() {
            Some(inner) => format!("{outer}.{inner}"),
            None => outer.to_string(),
        });
        self
    }

    /// Names the record the error concerns.
    pub fn in_record(mut self, sig: Sig, form_id: FormId) -> Self {
        self.record = Some(RecordAt { sig, form_id });
        self
    }

    /// Names the subrecord the error concerns.
    pub fn in_subrecord(mut self, sig: Sig) -> Self {
        self.subrecord = Some(sig);
        self
    }

    /// Says what was expected and what was found instead.
    pub fn expected_found(mut self, expected: impl Into<String>, found: impl Into<String>) -> Self {
        self.expected = Some(expected.into());
        self.found = Some(found.into());
        self
    }

    /// Adds an enclosing structure to the context path.
    pub fn within(mut self, what: impl Into<String>) -> Self {
        self.context.insert(0, what.into());
        self
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (&self.kind, &self.field) {
            (ErrorKind::Value, Some(field)) => write!(f, "{field}: {}", self.message)?,
            (
                ErrorKind::Json
                | ErrorKind::Io
                | ErrorKind::NotFound
                | ErrorKind::Value
                | ErrorKind::Changed
                | ErrorKind::Refused,
                _,
            ) => write!(f, "{}", self.message)?,
            _ => write!(f, "at offset 0x{:X}: {}", self.offset, self.message)?,
        }
        if !self.context.is_empty() {
            write!(f, " (in {})", self.context.join(" → "))?;
        }
        Ok(())
    }
}

impl std::error::Error for Error {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        self.io_source
            .as_deref()
            .map(|e| e as &(dyn std::error::Error + 'static))
    }
}

/// This crate's result type, with [`Error`] by default.
pub type Result<T, E = Error> = std::result::Result<T, E>;

/// Adds context to the error of a `Result` as it rises.
pub trait Context<T> {
    /// Adds `what()` as the innermost enclosing structure of the error,
    /// built only when there is an error.
    fn within(self, what: impl FnOnce() -> String) -> Result<T>;
}

impl<T> Context<T> for Result<T> {
    #[inline]
    fn within(self, what: impl FnOnce() -> String) -> Result<T> {
        self.map_err(|e| e.within(what()))
    }
}

/// A cursor over a byte slice that never reads past its end and reports
/// every failure with the absolute file offset.
#[derive(Debug, Clone)]
pub struct Reader<'a> {
    data: &'a [u8],
    pos: usize,
    base: u64,
}

impl<'a> Reader<'a> {
    /// `base` is the file offset of `data[0]`.
    pub fn new(data: &'a [u8], base: u64) -> Self {
        Reader { data, pos: 0, base }
    }

    /// All the bytes this reader reads, from the first.
    pub fn whole(&self) -> &'a [u8] {
        self.data
    }

    /// Absolute file offset of the first byte.
    pub fn base(&self) -> u64 {
        self.base
    }

    /// Absolute file offset of the next byte.
    pub fn offset(&self) -> u64 {
        self.base + self.pos as u64
    }

    /// Bytes read so far: the index of the next byte in the slice.
    pub fn position(&self) -> usize {
        self.pos
    }

    /// Bytes left to read.
    pub fn remaining(&self) -> usize {
        self.data.len() - self.pos
    }

    /// Whether every byte has been read.
    pub fn is_empty(&self) -> bool {
        self.pos >= self.data.len()
    }

    /// The bytes not read yet, without consuming them.
    pub fn peek_rest(&self) -> &'a [u8] {
        &self.data[self.pos..]
    }

    /// Takes `len` bytes, failing (before anything is allocated) when fewer
    /// remain. `what` names the field for the error message.
    #[inline]
    pub fn bytes(&mut self, len: usize, what: &str) -> Result<&'a [u8]> {
        self.bytes_named(len, || what.to_owned())
    }

    /// Like [`bytes`](Self::bytes), but builds the field's name only when
    /// the read fails, so hot loops do not format a name per call.
    #[inline(always)]
    pub fn bytes_named(&mut self, len: usize, what: impl FnOnce() -> String) -> Result<&'a [u8]> {
        if len > self.remaining() {
            return Err(self.overrun(len, &what()));
        }
        let out = &self.data[self.pos..self.pos + len];
        self.pos += len;
        Ok(out)
    }

    #[cold]
    fn overrun(&self, len: usize, what: &str) -> Error {
        Error::truncated(
            self.offset(),
            format!(
                "{what}: needs {len} bytes, only {} remain",
                self.remaining()
            ),
        )
    }

    /// Takes everything that is left.
    pub fn rest(&mut self) -> &'a [u8] {
        let out = &self.data[self.pos..];
        self.pos = self.data.len();
        out
    }

    /// Takes `N` bytes as an array; fails without consuming anything when
    /// fewer remain. `what` names the field for the error message.
    #[inline]
    pub fn array<const N: usize>(&mut self, what: &str) -> Result<[u8; N]> {
        match self.data.get(self.pos..self.pos + N) {
            Some(b) => {
                self.pos += N;
                Ok(b.try_into().expect("slice of length N"))
            }
            None => Err(self.overrun(N, what)),
        }
    }

    /// Reads a `u8`; `what` names the field for the error message.
    #[inline]
    pub fn u8(&mut self, what: &str) -> Result<u8> {
        Ok(self.array::<1>(what)?[0])
    }

    /// Reads an `i8`.
    #[inline]
    pub fn i8(&mut self, what: &str) -> Result<i8> {
        Ok(self.u8(what)? as i8)
    }

    /// Reads a little-endian `u16`.
    #[inline]
    pub fn u16(&mut self, what: &str) -> Result<u16> {
        Ok(u16::from_le_bytes(self.array(what)?))
    }

    /// Reads a little-endian `i16`.
    #[inline]
    pub fn i16(&mut self, what: &str) -> Result<i16> {
        Ok(i16::from_le_bytes(self.array(what)?))
    }

    /// Reads a little-endian `u32`.
    #[inline]
    pub fn u32(&mut self, what: &str) -> Result<u32> {
        Ok(u32::from_le_bytes(self.array(what)?))
    }

    /// Reads a little-endian `i32`.
    #[inline]
    pub fn i32(&mut self, what: &str) -> Result<i32> {
        Ok(i32::from_le_bytes(self.array(what)?))
    }

    /// Reads a little-endian `u64`.
    #[inline]
    pub fn u64(&mut self, what: &str) -> Result<u64> {
        Ok(u64::from_le_bytes(self.array(what)?))
    }

    /// Reads a little-endian `f32`, bit for bit (NaNs keep their payload).
    #[inline]
    pub fn f32(&mut self, what: &str) -> Result<f32> {
        Ok(f32::from_le_bytes(self.array(what)?))
    }

    /// Reads a little-endian `f64`, bit for bit.
    #[inline]
    pub fn f64(&mut self, what: &str) -> Result<f64> {
        Ok(f64::from_le_bytes(self.array(what)?))
    }

    /// Reads a four-byte signature.
    #[inline]
    pub fn sig(&mut self, what: &str) -> Result<Sig> {
        Ok(Sig(self.array(what)?))
    }

    /// Reads a form ID (a little-endian `u32`) as stored, not resolved
    /// against any load order.
    #[inline]
    pub fn form_id(&mut self, what: &str) -> Result<FormId> {
        Ok(FormId(self.u32(what)?))
    }

    /// A u32 count, then that many form IDs (as saves store their form ID
    /// arrays).
    pub fn form_id_list(&mut self, what: &str) -> Result<Vec<FormId>> {
        let n = self.u32(&format!("{what} count"))? as usize;
        self.check_count(n, 4, what)?;
        (0..n).map(|_| self.form_id(what)).collect()
    }

    /// Checks that a count of `count` items of at least `min_item_size`
    /// bytes each can fit in what remains, so a count read from the file
    /// never drives an allocation or a long loop on its own.
    pub fn check_count(&self, count: usize, min_item_size: usize, what: &str) -> Result<()> {
        let need = count.saturating_mul(min_item_size.max(1));
        if need > self.remaining() {
            return Err(Error::invalid(
                self.offset(),
                format!(
                    "{what}: count {count} needs at least {need} bytes, only {} remain",
                    self.remaining()
                ),
            ));
        }
        Ok(())
    }

    /// Fails unless every byte has been read.
    pub fn expect_end(&self, what: &str) -> Result<()> {
        if !self.is_empty() {
            return Err(Error::invalid(
                self.offset(),
                format!("{what}: {} unexpected bytes left over", self.remaining()),
            ));
        }
        Ok(())
    }
}

/// Little-endian writing onto a byte vector.
pub trait WriteLe {
    /// Appends a byte.
    fn put_u8(&mut self, v: u8);
    /// Appends a little-endian `u16`.
    fn put_u16(&mut self, v: u16);
    /// Appends a little-endian `u32`.
    fn put_u32(&mut self, v: u32);
    /// Appends a little-endian `i32`.
    fn put_i32(&mut self, v: i32);
    /// Appends a little-endian `f32`.
    fn put_f32(&mut self, v: f32);
    /// Appends bytes as they are.
    fn put(&mut self, bytes: &[u8]);
}

impl WriteLe for Vec<u8> {
    fn put_u8(&mut self, v: u8) {
        self.push(v);
    }
    fn put_u16(&mut self, v: u16) {
        self.extend_from_slice(&v.to_le_bytes());
    }
    fn put_u32(&mut self, v: u32) {
        self.extend_from_slice(&v.to_le_bytes());
    }
    fn put_i32(&mut self, v: i32) {
        self.extend_from_slice(&v.to_le_bytes());
    }
    fn put_f32(&mut self, v: f32) {
        self.extend_from_slice(&v.to_le_bytes());
    }
    fn put(&mut self, bytes: &[u8]) {
        self.extend_from_slice(bytes);
    }
}

/// A four-character code: record, group and subrecord types.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Sig(pub [u8; 4]);

impl Sig {
    /// A signature from its four bytes; usable in `const` and `static`
    /// items.
    pub const fn new(code: &[u8; 4]) -> Self {
        Sig(*code)
    }

    /// The four bytes as stored.
    pub fn as_bytes(&self) -> &[u8; 4] {
        &self.0
    }

    /// Parses the form [`Display`](fmt::Display) prints: four characters,
    /// with `\xNN` for bytes that are not printable ASCII.
    pub fn parse(text: &str) -> Option<Sig> {
        let mut out = Vec::with_capacity(4);
        let mut chars = text.chars();
        while let Some(c) = chars.next() {
            if c == '\\' {
                if chars.next()? != 'x' {
                    return None;
                }
                let hex: String = chars.by_ref().take(2).collect();
                out.push(u8::from_str_radix(&hex, 16).ok()?);
            } else if c.is_ascii() {
                out.push(c as u8);
            } else {
                return None;
            }
        }
        Some(Sig(out.try_into().ok()?))
    }
}

impl fmt::Display for Sig {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Nearly every signature is four plain letters: written at once.
        if self.0.iter().all(|&b| b.is_ascii_graphic() && b != b'\\') {
            return f.write_str(std::str::from_utf8(&self.0).expect("ASCII"));
        }
        for &b in &self.0 {
            if b.is_ascii_graphic() || b == b' ' {
                if b == b'\\' {
                    write!(f, "\\x5C")?;
                } else {
                    write!(f, "{}", b as char)?;
                }
            } else {
                write!(f, "\\x{b:02X}")?;
            }
        }
        Ok(())
    }
}

impl fmt::Debug for Sig {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Sig({self})")
    }
}

impl serde::Serialize for Sig {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> serde::Deserialize<'de> for Sig {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = String::deserialize(d)?;
        Sig::parse(&text).ok_or_else(|| {
            serde::de::Error::custom(format!("not a 4-character signature: {text:?}"))
        })
    }
}

/// A form ID as stored: the top byte indexes the file's masters list (the
/// file itself when it is past the end of that list).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct FormId(pub u32);

impl FormId {
    /// The top byte: an index into the file's masters, or the file itself
    /// when it is at or past the number of masters.
    pub fn master_index(self) -> u8 {
        (self.0 >> 24) as u8
    }

    /// The low 24 bits: the object's index within the file that defines it.
    pub fn object_index(self) -> u32 {
        self.0 & 0x00FF_FFFF
    }

    /// Reads a form ID written as its `Display` writes it (`0x` and eight
    /// hex digits, in either case) and nothing else; how a tree and the
    /// JSON form write every form ID, so read first.
    pub fn from_hex(text: &[u8]) -> Option<FormId> {
        let digits = text.strip_prefix(b"0x").filter(|d| d.len() == 8)?;
        let mut id = 0u32;
        for &c in digits {
            id = id << 4 | u32::from(hex_digit(c)?);
        }
        Some(FormId(id))
    }

    /// Parses `0x0001CB6`, `0001CB6` or `0x0001CB6 (Skyrim.esm)`.
    pub fn parse(text: &str) -> Option<FormId> {
        let hex = text.split_whitespace().next()?;
        let hex = hex
            .strip_prefix("0x")
            .or_else(|| hex.strip_prefix("0X"))
            .unwrap_or(hex);
        u32::from_str_radix(hex, 16).ok().map(FormId)
    }
}

impl FormId {
    /// The text its `Display` writes (`0x` and eight upper-case hex
    /// digits), without the formatting machinery: printed for every form
    /// ID a record's text shows.
    pub fn hex(self) -> [u8; 10] {
        const DIGITS: &[u8; 16] = b"0123456789ABCDEF";
        let mut text = *b"0x00000000";
        for (i, digit) in text[2..].iter_mut().enumerate() {
            *digit = DIGITS[(self.0 >> (28 - 4 * i) & 0xF) as usize];
        }
        text
    }
}

impl fmt::Display for FormId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "0x{:08X}", self.0)
    }
}

impl fmt::Debug for FormId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "FormId({self})")
    }
}

impl serde::Serialize for FormId {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> serde::Deserialize<'de> for FormId {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = String::deserialize(d)?;
        FormId::parse(&text)
            .ok_or_else(|| serde::de::Error::custom(format!("not a hex form ID: {text:?}")))
    }
}

/// Decodes Windows-1252 bytes for people. Every byte maps to a character
/// and back, so [`encode_cp1252`] restores the exact bytes.
pub fn decode_cp1252(bytes: &[u8]) -> Cow<'_, str> {
    encoding_rs::WINDOWS_1252
        .decode_without_bom_handling(bytes)
        .0
}

/// Encodes text as Windows-1252; `None` if a character has no byte there.
pub fn encode_cp1252(text: &str) -> Option<Vec<u8>> {
    let (bytes, _, had_errors) = encoding_rs::WINDOWS_1252.encode(text);
    if had_errors {
        None
    } else {
        Some(bytes.into_owned())
    }
}

/// Formats bytes as lowercase hex for people and JSON.
pub fn to_hex(bytes: &[u8]) -> String {
    let mut out = Vec::with_capacity(bytes.len() * 2);
    push_hex(bytes, &mut out);
    String::from_utf8(out).expect("hex digits are ASCII")
}

/// Appends bytes as lower-case hex digits, as [`to_hex`] writes them.
pub fn push_hex(bytes: &[u8], out: &mut Vec<u8>) {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    out.reserve(bytes.len() * 2);
    for &b in bytes {
        out.push(DIGITS[(b >> 4) as usize]);
        out.push(DIGITS[(b & 0xF) as usize]);
    }
}

/// The value of a hex digit, either case.
pub(crate) fn hex_digit(c: u8) -> Option<u8> {
    match c {
        b'0'..=b'9' => Some(c - b'0'),
        b'a'..=b'f' => Some(c - b'a' + 10),
        b'A'..=b'F' => Some(c - b'A' + 10),
        _ => None,
    }
}

/// Parses hex written by [`to_hex`] (white space allowed between bytes).
pub fn from_hex(text: &str) -> Option<Vec<u8>> {
    let mut out = Vec::with_capacity(text.len() / 2);
    append_hex(text, &mut out)?;
    Some(out)
}

/// Appends the bytes of hex written by [`to_hex`] to `out`; `None` (with
/// `out` left part written) when `text` is not such hex.
pub fn append_hex(text: &str, out: &mut Vec<u8>) -> Option<()> {
    let mut high = None;
    for c in text.bytes().filter(|c| !c.is_ascii_whitespace()) {
        let d = hex_digit(c)?;
        match high.take() {
            None => high = Some(d),
            Some(h) => out.push(h << 4 | d),
        }
    }
    high.is_none().then_some(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reader_reports_offsets_and_refuses_to_overrun() {
        let data = [1u8, 0, 2, 0, 0, 0];
        let mut r = Reader::new(&data, 0x100);
        assert_eq!(r.u16("a").unwrap(), 1);
        assert_eq!(r.offset(), 0x102);
        let err = r.bytes(10, "payload").unwrap_err();
        assert_eq!(err.kind, ErrorKind::Truncated);
        assert_eq!(err.offset, 0x102);
        assert!(err
            .to_string()
            .contains("payload: needs 10 bytes, only 4 remain"));
        assert_eq!(r.u32("b").unwrap(), 2);
    }

    #[test]
    fn counts_are_checked_against_remaining_bytes() {
        let data = [0u8; 10];
        let r = Reader::new(&data, 0);
        assert!(r.check_count(65535, 12, "items").is_err());
        assert!(r.check_count(0, 12, "items").is_ok());
        assert!(r.check_count(usize::MAX, 12, "items").is_err());
    }

    #[test]
    fn context_path_reads_outermost_first() {
        let e = Error::invalid(0x1F2A, "bad size")
            .within("PLDT at 0x1F2A")
            .within("PACK 0x00001CB6");
        assert_eq!(
            e.to_string(),
            "at offset 0x1F2A: bad size (in PACK 0x00001CB6 → PLDT at 0x1F2A)"
        );
    }

    #[test]
    fn form_ids_written_as_shown_read_at_once_as_parsing_reads_them() {
        for text in ["0x0001ABCD", "0x0001abcd", "0xFFFFFFFF", "0x00000000"] {
            assert_eq!(
                FormId::from_hex(text.as_bytes()),
                FormId::parse(text),
                "{text}"
            );
            assert_eq!(
                FormId::from_hex(&FormId::parse(text).unwrap().hex()),
                FormId::parse(text)
            );
        }
        // Anything else is left to parsing.
        for text in [
            "0X0001ABCD",
            "0x001ABCD",
            "0x0001ABCDE",
            "0x+001ABCD",
            "0x0001ABCG",
            "0001ABCD",
        ] {
            assert_eq!(FormId::from_hex(text.as_bytes()), None, "{text}");
        }
    }

    #[test]
    fn every_cp1252_byte_round_trips() {
        let all: Vec<u8> = (1..=255).collect();
        let text = decode_cp1252(&all);
        assert_eq!(encode_cp1252(&text).unwrap(), all);
        assert_eq!(decode_cp1252(b"M\xfcller"), "Müller");
    }

    #[test]
    fn signatures_print_and_parse() {
        for sig in [Sig(*b"PACK"), Sig([0, 0xFF, b'\\', b'A'])] {
            assert_eq!(Sig::parse(&sig.to_string()), Some(sig));
        }
        assert_eq!(
            FormId::parse("0x0001CB6 (Skyrim.esm)"),
            Some(FormId(0x1CB6))
        );
    }

    #[test]
    fn hex_round_trips() {
        assert_eq!(
            from_hex(&to_hex(&[0, 0xAB, 0xFF])).unwrap(),
            vec![0, 0xAB, 0xFF]
        );
        assert_eq!(from_hex("0"), None);
    }
}
