//! Values read from the text: plain strings, numbers and keywords here,
//! anything else by `serde_json`.

use super::*;

impl<'t> Text<'t> {
    /// The next value, `depth` levels deep, as `serde_json` reads it:
    /// plain strings, whole numbers, and `true`, `false` and `null` are
    /// read here, everything else by `serde_json`.
    pub(super) fn leaf(&mut self, depth: usize) -> Option<Value> {
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
    pub(super) fn plain_string(&mut self) -> Option<&'t str> {
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
    pub(super) fn string(&mut self) -> Option<Cow<'t, str>> {
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
    pub(super) fn escaped_string(&mut self) -> Option<String> {
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
    pub(super) fn float(&mut self, at: usize, int: i64) -> Option<Value> {
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
    pub(super) fn fraction(&mut self, mut at: usize, int: i64) -> Option<f64> {
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
    pub(super) fn list(&mut self, depth: usize) -> Option<Value> {
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
    pub(super) fn object(&mut self, depth: usize) -> Option<Value> {
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
    pub(super) fn word(&mut self, word: &str, v: Value) -> Option<Value> {
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
    pub(super) fn number(&mut self) -> Option<Value> {
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
    pub(super) fn integer_part(&self) -> Option<(i64, usize)> {
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
    pub(super) fn negative_zero(&self) -> Option<(i64, usize)> {
        let end = self.at + 2;
        let fraction = matches!(self.bytes.get(end), Some(b'.' | b'e' | b'E'));
        (self.bytes.get(self.at..end) == Some(b"-0") && fraction).then_some((0, end))
    }

    /// A whole number next, read as [`number`](Self::number) reads it;
    /// `None`, with nothing read, for any other value.
    #[inline]
    pub(super) fn whole_number(&mut self) -> Option<i64> {
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
    pub(super) fn number_f64(&mut self) -> Option<f64> {
        let (n, end) = self.integer_part().or_else(|| self.negative_zero())?;
        if let Some(b'.' | b'e' | b'E') = self.bytes.get(end) {
            return self.fraction(end, n);
        }
        self.at = end;
        Some(n as f64)
    }

    /// After an entry or item: `true` when another follows, `false` at
    /// the `close`.
    pub(super) fn more(&mut self, close: u8) -> Option<bool> {
        if self.eat(b',') {
            Some(true)
        } else {
            self.eat(close).then_some(false)
        }
    }
}
