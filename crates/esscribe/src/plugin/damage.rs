//! Saying where a damaged plugin went wrong. A record whose size field is
//! wrong sends the reader to a place where no record starts, or past the
//! end of its group: the error then names the record whose size led there,
//! and where the next record or group header that holds together starts
//! (which is where that record's data most likely ends).

use super::describe_group;
use super::header::{is_record_sig, Game, GroupHeader, RecordHeader, GRUP};
use crate::io::{Error, ErrorKind, Reader, Sig};

/// The entry read before the one that failed, in the same list.
#[derive(Debug, Clone, Copy)]
pub(super) enum Before {
    Record(RecordHeader, u64),
    Group(GroupHeader, u64),
}

/// Searching for the next header that holds together stops this far on:
/// an error message must not take long to make.
const SEARCH_LIMIT: usize = 64 << 20;

/// The length of the record or group whose header is at `at`, if one that
/// fits in `list` is there: a record type or `GRUP`, a group size no
/// smaller than its header and a known group type.
fn entry_len_at(list: &[u8], at: usize, game: Game) -> Option<usize> {
    let hl = game.header_len();
    let h = list.get(at..at.checked_add(hl)?)?;
    let u32_at = |i: usize| u32::from_le_bytes([h[i], h[i + 1], h[i + 2], h[i + 3]]) as usize;
    let sig = Sig([h[0], h[1], h[2], h[3]]);
    let len = if sig == GRUP {
        let group_type = u32_at(12) as i32;
        if u32_at(4) < hl || !(0..=10).contains(&group_type) {
            return None;
        }
        u32_at(4)
    } else if is_record_sig(sig) {
        hl + u32_at(4)
    } else {
        return None;
    };
    (len <= list.len() - at).then_some(len)
}

/// Whether a header that fits is at `at`, and what follows it is another
/// or the end of the list.
fn holds_together(list: &[u8], at: usize, game: Game) -> bool {
    match entry_len_at(list, at, game) {
        Some(len) => at + len == list.len() || entry_len_at(list, at + len, game).is_some(),
        None => false,
    }
}

/// The entry whose header is at `at`, for messages.
fn describe_at(list: &[u8], at: usize, base: u64, game: Game) -> String {
    let mut r = Reader::new(&list[at..], base + at as u64);
    if list[at..].starts_with(&GRUP.0) {
        let _ = r.sig("group signature");
        match GroupHeader::read_after_sig(&mut r, game) {
            Ok(h) => describe_group(&h, base + at as u64),
            Err(_) => "GRUP".into(),
        }
    } else {
        match RecordHeader::read(&mut r, game) {
            Ok(h) => format!("{} {}", h.sig, h.form_id),
            Err(_) => "a record".into(),
        }
    }
}

/// Where the next header that holds together starts, from `from` on.
fn next_header(list: &[u8], from: usize, game: Game) -> Option<usize> {
    let end = list.len().min(from.saturating_add(SEARCH_LIMIT));
    (from..end).find(|&q| holds_together(list, q, game))
}

/// Turns the error of reading the entry at `at` of the list `r` reads into
/// one that points at the fault, when it is a record header where none can
/// be (the entry before it states a wrong size) or a record whose data runs
/// past the end of its list. Other errors are returned as they are.
#[cold]
pub(super) fn explain(
    mut e: Error,
    r: &Reader<'_>,
    at: usize,
    before: Option<Before>,
    game: Game,
) -> Error {
    let (list, base) = (r.whole(), r.base());
    let hl = game.header_len();
    let Some(head) = list.get(at..at + 4) else {
        return e;
    };
    let sig = Sig([head[0], head[1], head[2], head[3]]);
    // Where the data of `whose`, starting at `from`, most likely ends.
    let found = |from: usize, whose: &str| {
        match next_header(list, from, game) {
        Some(q) => format!(
            "the next record or group header that holds together is at 0x{:X} ({}), {} bytes after the start of {whose} data",
            base + q as u64,
            describe_at(list, q, base, game),
            q - from
        ),
        None => "no record or group header that holds together follows".into(),
    }
    };
    if sig != GRUP && !is_record_sig(sig) {
        let here = base + at as u64;
        return match before {
            Some(Before::Record(h, offset)) if offset >= base => {
                let data_start = (offset - base) as usize + hl;
                let mut out = Error::invalid(
                    offset + 4,
                    format!(
                        "{} {} at 0x{offset:X} states {} bytes of data, but no record or group starts where they end, at 0x{here:X} ({sig} is not a record type: four characters from A-Z, 0-9 and _); {}",
                        h.sig,
                        h.form_id,
                        h.data_size,
                        found(data_start, "its")
                    ),
                );
                out.context = std::mem::take(&mut e.context);
                out
            }
            _ => {
                let mut out = Error::invalid(
                    here,
                    format!(
                        "no record or group starts here ({sig} is not a record type: four characters from A-Z, 0-9 and _){}; {}",
                        match before {
                            Some(Before::Group(h, offset)) => format!(
                                ", after {} of {} bytes",
                                describe_group(&h, offset),
                                h.size
                            ),
                            _ => String::new(),
                        },
                        found(at + 1, "this")
                    ),
                );
                out.context = std::mem::take(&mut e.context);
                out
            }
        };
    }
    if sig != GRUP && e.kind == ErrorKind::Truncated && list.len() - at >= hl {
        // A record whose stated size runs past the end of its list, or a
        // place inside the data of the record before it that only looks
        // like a record header.
        let mut e = e;
        e.message = match before {
            Some(Before::Record(h, offset)) if offset >= base => {
                let data_start = (offset - base) as usize + hl;
                format!(
                    "{}; or no record starts at 0x{:X}, and {} {} at 0x{offset:X} before it states a wrong size ({} bytes of data): {}",
                    e.message,
                    base + at as u64,
                    h.sig,
                    h.form_id,
                    h.data_size,
                    found(data_start, &format!("{}'s", h.sig))
                )
            }
            _ => format!("{}; {}", e.message, found(at + hl, "its")),
        };
        return e;
    }
    e
}
