//! Compressed records: a u32 decompressed size, then a zlib stream.

use crate::io::{Error, ErrorKind, Reader, Result};
use flate2::write::ZlibEncoder;
use flate2::{Compression, Decompress, FlushDecompress, Status};
use std::cell::RefCell;
use std::io::Write;

/// No real record comes near this (the largest are a few MiB); a larger
/// stated size is refused before anything is inflated.
pub const MAX_DECOMPRESSED_SIZE: usize = 64 << 20;

/// A compressed record may state any size up to this...
pub const MAX_DECOMPRESSED_ANY_RATIO: usize = 1 << 20;

/// ...and above it, at most this many times its stored size. Real records
/// inflate to a few times their stored size; small ones that are mostly
/// zeros go higher (60 times, for a 4 KiB LAND record of the test corpus),
/// large ones do not.
pub const MAX_DECOMPRESSION_RATIO: usize = 32;

/// What the compressed records of one file may state in all: this...
pub const MAX_FILE_INFLATION_BASE: u64 = 64 << 20;

/// ...plus this many times the file's size. Real plugins inflate to a few
/// times their size at most.
pub const MAX_FILE_INFLATION_RATIO: u64 = 16;

/// The most a compressed record whose stored data (size field included)
/// is `stored_len` bytes may state it inflates to.
pub fn max_inflated_size(stored_len: usize) -> usize {
    MAX_DECOMPRESSED_ANY_RATIO
        .max(stored_len.saturating_mul(MAX_DECOMPRESSION_RATIO))
        .min(MAX_DECOMPRESSED_SIZE)
}

/// The size a compressed record's stored data says it inflates to, when
/// that is within what [`max_inflated_size`] allows.
pub(crate) fn allowed_stated_size(stored: &[u8]) -> Option<usize> {
    let stated = u32::from_le_bytes(stored.get(..4)?.try_into().ok()?) as usize;
    (stated <= max_inflated_size(stored.len())).then_some(stated)
}

/// zlib cannot expand a stream by more than about 1032:1, so the capacity
/// reserved up front is bounded by the compressed size, not by the claim.
const MAX_ZLIB_RATIO: usize = 1032;

thread_local! {
    // An inflater keeps a 32 KiB window and its tables; making one per
    // record costs more than inflating a typical record, so each thread
    // keeps one and resets it.
    static INFLATER: RefCell<Decompress> = RefCell::new(Decompress::new(true));
}

/// Inflates a compressed record's stored data. `offset` is the file offset
/// of the data, for errors. The stream must yield exactly the stated size.
pub fn decompress_record_data(stored: &[u8], offset: u64) -> Result<Vec<u8>> {
    let mut out = Vec::new();
    decompress_record_data_into(stored, offset, &mut out)?;
    Ok(out)
}

/// Like [`decompress_record_data`], into `out` (cleared first), so a
/// caller can reuse one buffer for many records.
pub fn decompress_record_data_into(stored: &[u8], offset: u64, out: &mut Vec<u8>) -> Result<()> {
    out.clear();
    let mut r = Reader::new(stored, offset);
    let stated = r.u32("decompressed size of compressed record")? as usize;
    if stated > MAX_DECOMPRESSED_SIZE {
        return Err(Error::new(
            ErrorKind::Decompress,
            offset,
            format!(
                "compressed record claims {stated} bytes, more than the {MAX_DECOMPRESSED_SIZE}-byte limit"
            ),
        ));
    }
    let limit = max_inflated_size(stored.len());
    if stated > limit {
        return Err(Error::new(
            ErrorKind::Decompress,
            offset,
            format!(
                "compressed record states {stated} decompressed bytes from {} stored bytes, more than a record may inflate to ({limit} bytes: {MAX_DECOMPRESSION_RATIO} times its stored size, or {MAX_DECOMPRESSED_ANY_RATIO} bytes)",
                stored.len()
            ),
        ));
    }
    let stream = r.rest();
    INFLATER.with(|cell| match cell.try_borrow_mut() {
        Ok(mut d) => inflate(&mut d, stream, stated, offset, out),
        // Only reachable if inflating re-entered itself; a fresh inflater
        // keeps that correct.
        Err(_) => inflate(&mut Decompress::new(true), stream, stated, offset, out),
    })
}

/// Inflates a bare zlib stream (no size in front) that must yield exactly
/// `stated` bytes; memory grows with what the stream really yields.
pub(crate) fn inflate_exact(stream: &[u8], stated: usize, offset: u64) -> Result<Vec<u8>> {
    let mut out = Vec::new();
    // `inflate` reports positions past a record's 4-byte size field.
    inflate(
        &mut Decompress::new(true),
        stream,
        stated,
        offset.saturating_sub(4),
        &mut out,
    )?;
    Ok(out)
}

fn inflate(
    d: &mut Decompress,
    stream: &[u8],
    stated: usize,
    offset: u64,
    out: &mut Vec<u8>,
) -> Result<()> {
    d.reset(true);
    // One byte past the stated size, so a stream that yields more is caught
    // without inflating all of it.
    let limit = stated + 1;
    // The claim is the file's word; the ratio bound is not: reserve no more
    // than the stream could possibly yield, and grow only as it does.
    out.reserve_exact(limit.min(stream.len().saturating_mul(MAX_ZLIB_RATIO) + 64));
    let damaged = |what: String| {
        Error::new(
            ErrorKind::Decompress,
            offset + 4,
            format!("zlib stream of compressed record is damaged: {what}"),
        )
    };
    loop {
        if out.len() == out.capacity() {
            if out.len() >= limit {
                break;
            }
            let grow = (limit - out.len()).min(out.len().max(64 << 10));
            out.reserve_exact(grow);
        }
        let (in_before, out_before) = (d.total_in(), out.len());
        // The inflater fills spare capacity only. A reused buffer may hold
        // more than `limit`, so a lying stream can inflate up to what the
        // buffer already held, never more.
        let status = d
            .decompress_vec(&stream[in_before as usize..], out, FlushDecompress::Finish)
            .map_err(|e| damaged(e.to_string()))?;
        if out.len() > limit {
            out.truncate(limit);
            break;
        }
        match status {
            Status::StreamEnd => break,
            Status::Ok | Status::BufError => {
                let progressed = d.total_in() != in_before || out.len() != out_before;
                if !progressed && out.len() < out.capacity() {
                    return Err(damaged(format!(
                        "the stream ends after {} decompressed bytes, {stated} stated",
                        out.len()
                    )));
                }
            }
        }
    }
    if out.len() != stated {
        // Past the stated size the stream was not inflated further, so
        // only "more" is known.
        let yields = if out.len() > stated {
            "more".to_owned()
        } else {
            out.len().to_string()
        };
        return Err(Error::new(
            ErrorKind::Decompress,
            offset,
            format!(
                "compressed record states {stated} decompressed bytes, the stream yields {yields}"
            ),
        ));
    }
    Ok(())
}

/// Compresses record data into the stored form (u32 size + zlib stream).
/// Data of 4 GiB or more has no stored form: its size does not fit.
pub fn compress_record_data(data: &[u8]) -> Result<Vec<u8>> {
    compress_record_data_at(data, Compression::default())
}

/// Compresses record data as [`compress_record_data`] does, at zlib
/// `level` (0 to 9).
pub fn compress_record_data_at_level(data: &[u8], level: u32) -> Result<Vec<u8>> {
    compress_record_data_at(data, Compression::new(level.min(9)))
}

/// A zlib compressor and level: what made a record's stored data.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Compressor {
    /// Stock zlib (what the game's tools and xEdit use) at a level.
    Stock(u32),
    /// The compressor esscribe writes with by default, at a level.
    Default(u32),
}

impl Compressor {
    /// Compresses record data into the stored form (u32 size + zlib
    /// stream).
    pub fn compress(self, data: &[u8]) -> Result<Vec<u8>> {
        match self {
            Compressor::Default(level) => compress_record_data_at_level(data, level),
            Compressor::Stock(level) => stock_zlib(data, level),
        }
    }

    /// How each game's own tools compress: stock zlib at its default level
    /// for Oblivion, at its best for Skyrim.
    pub fn for_game(game: super::Game) -> Compressor {
        match game {
            super::Game::Oblivion => Compressor::Stock(6),
            _ => Compressor::Stock(9),
        }
    }

    /// The compressor that made `stored` from `inflated`, byte for byte,
    /// if one of those known does; the stream's header narrows the levels
    /// tried.
    pub fn that_made(stored: &[u8], inflated: &[u8]) -> Option<Compressor> {
        Compressor::candidates(stored)
            .find(|c| c.compress(inflated).is_ok_and(|again| again == stored))
    }

    /// What compresses data as `stored` was compressed: the compressor
    /// that made it if known, else stock zlib at the level its header
    /// names.
    pub fn like(stored: &[u8], inflated: &[u8]) -> Compressor {
        Compressor::that_made(stored, inflated)
            .or_else(|| Compressor::candidates(stored).next())
            .unwrap_or(Compressor::Default(6))
    }

    fn candidates(stored: &[u8]) -> impl Iterator<Item = Compressor> {
        // FLEVEL, the top bits of the zlib header's second byte.
        let levels: &[u32] = match stored.get(5).map(|b| b >> 6) {
            Some(0) => &[1, 0],
            Some(1) => &[2, 3, 4, 5],
            Some(2) => &[6],
            Some(_) => &[9, 7, 8],
            None => &[],
        };
        levels
            .iter()
            .map(|&l| Compressor::Stock(l))
            .chain(levels.iter().map(|&l| Compressor::Default(l)))
    }
}

/// Record data compressed by stock zlib's `compress2` at `level`.
fn stock_zlib(data: &[u8], level: u32) -> Result<Vec<u8>> {
    use libz_sys::{compress2, compressBound, uLong, Z_OK};
    let size = u32::try_from(data.len())
        .ok()
        .zip(uLong::try_from(data.len()).ok());
    let Some((size, len)) = size else {
        return compress_record_data(data);
    };
    // SAFETY: compressBound only computes a size.
    let mut out_len = unsafe { compressBound(len) };
    let mut out = vec![0u8; 4 + usize::try_from(out_len).unwrap_or(usize::MAX - 4)];
    out[..4].copy_from_slice(&size.to_le_bytes());
    // SAFETY: `out` has `out_len` bytes after the size and `data` has
    // `len`; compress2 writes at most `out_len` bytes and sets it to the
    // number written.
    let rc = unsafe {
        compress2(
            out[4..].as_mut_ptr(),
            &mut out_len,
            data.as_ptr(),
            len,
            level.min(9) as i32,
        )
    };
    if rc != Z_OK {
        return Err(Error::invalid(
            0,
            format!("zlib could not compress record data (code {rc})"),
        ));
    }
    out.truncate(4 + out_len as usize);
    Ok(out)
}

fn compress_record_data_at(data: &[u8], level: Compression) -> Result<Vec<u8>> {
    let size = u32::try_from(data.len()).map_err(|_| {
        Error::invalid(
            0,
            format!(
                "record data of {} bytes is too large to compress (at most 4 GiB)",
                data.len()
            ),
        )
    })?;
    let mut out = Vec::with_capacity(data.len() / 2 + 16);
    out.extend_from_slice(&size.to_le_bytes());
    let mut enc = ZlibEncoder::new(out, level);
    enc.write_all(data).expect("writing to a Vec cannot fail");
    Ok(enc.finish().expect("writing to a Vec cannot fail"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip() {
        let data: Vec<u8> = (0..10_000u32).map(|i| (i % 251) as u8).collect();
        let stored = compress_record_data(&data).unwrap();
        assert_eq!(decompress_record_data(&stored, 0).unwrap(), data);
    }

    #[test]
    fn refuses_huge_claims_and_wrong_sizes() {
        let mut stored = compress_record_data(b"hello").unwrap();
        stored[0..4].copy_from_slice(&u32::MAX.to_le_bytes());
        let err = decompress_record_data(&stored, 0x30).unwrap_err();
        assert_eq!(err.kind, ErrorKind::Decompress);
        assert_eq!(err.offset, 0x30);

        stored[0..4].copy_from_slice(&4u32.to_le_bytes());
        assert!(decompress_record_data(&stored, 0).is_err());
        stored[0..4].copy_from_slice(&6u32.to_le_bytes());
        assert!(decompress_record_data(&stored, 0).is_err());
    }

    #[test]
    fn cut_stream_is_damaged_not_short() {
        let data: Vec<u8> = (0..100_000u32).map(|i| (i * 7 % 253) as u8).collect();
        let stored = compress_record_data(&data).unwrap();
        let cut = &stored[..stored.len() / 2];
        let err = decompress_record_data(cut, 0x10).unwrap_err();
        assert_eq!((err.kind, err.offset), (ErrorKind::Decompress, 0x14));
        assert!(err.message.contains("the stream ends after"), "{err}");
        // Garbage instead of a stream.
        let err = decompress_record_data(&[5, 0, 0, 0, 0xFF, 0xFF], 0).unwrap_err();
        assert!(err.message.contains("damaged"), "{err}");
    }

    #[test]
    fn one_buffer_serves_many_records() {
        let mut buf = Vec::new();
        for len in [70_000usize, 10, 0, 300_000] {
            let data: Vec<u8> = (0..len).map(|i| (i % 13) as u8).collect();
            decompress_record_data_into(&compress_record_data(&data).unwrap(), 0, &mut buf)
                .unwrap();
            assert_eq!(buf, data);
        }
    }

    #[test]
    fn a_record_may_inflate_so_far_relative_to_its_stored_size() {
        assert_eq!(max_inflated_size(100), 1 << 20);
        assert_eq!(max_inflated_size(100_000), 3_200_000);
        assert_eq!(max_inflated_size(10 << 20), MAX_DECOMPRESSED_SIZE);
        // 8 MiB of zeros deflate to about 8 KiB: stating its true size is
        // more than 32 times what is stored.
        let stored = compress_record_data(&vec![0u8; 8 << 20]).unwrap();
        let err = decompress_record_data(&stored, 0x40).unwrap_err();
        assert_eq!((err.kind, err.offset), (ErrorKind::Decompress, 0x40));
        assert!(
            err.message.starts_with(&format!(
                "compressed record states 8388608 decompressed bytes from {} stored bytes, more than a record may inflate to (1048576 bytes",
                stored.len()
            )),
            "{err}"
        );
        // 1 MiB of zeros may inflate, whatever the ratio.
        let stored = compress_record_data(&vec![0u8; 1 << 20]).unwrap();
        assert_eq!(decompress_record_data(&stored, 0).unwrap().len(), 1 << 20);
    }

    #[test]
    fn zlib_bomb_stops_at_the_stated_size() {
        let zeros = vec![0u8; 50 << 20];
        let mut stored = compress_record_data(&zeros).unwrap();
        stored[0..4].copy_from_slice(&1000u32.to_le_bytes());
        let err = decompress_record_data(&stored, 0).unwrap_err();
        assert!(err.message.contains("yields more"), "{err}");
    }
}
