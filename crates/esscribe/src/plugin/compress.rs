//! Compressed records: a u32 decompressed size, then a zlib stream.

use crate::io::{Error, ErrorKind, Reader, Result};
use flate2::read::ZlibDecoder;
use flate2::write::ZlibEncoder;
use flate2::Compression;
use std::io::{Read, Write};

/// No real record comes near this; a larger stated size is refused before
/// anything is inflated.
pub const MAX_DECOMPRESSED_SIZE: usize = 256 << 20;

/// zlib cannot expand a stream by more than about 1032:1, so the capacity
/// reserved up front is bounded by the compressed size, not by the claim.
const MAX_ZLIB_RATIO: usize = 1032;

/// Inflates a compressed record's stored data. `offset` is the file offset
/// of the data, for errors. The stream must yield exactly the stated size.
pub fn decompress_record_data(stored: &[u8], offset: u64) -> Result<Vec<u8>> {
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
    let stream = r.rest();
    let capacity = stated.min(stream.len().saturating_mul(MAX_ZLIB_RATIO) + 64);
    let mut out = Vec::with_capacity(capacity);
    // Read one byte past the stated size so a stream that yields more is
    // caught without inflating all of it.
    let mut decoder = ZlibDecoder::new(stream).take(stated as u64 + 1);
    decoder.read_to_end(&mut out).map_err(|e| {
        Error::new(
            ErrorKind::Decompress,
            offset + 4,
            format!("zlib stream of compressed record is damaged: {e}"),
        )
    })?;
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
    Ok(out)
}

/// Compresses record data into the stored form (u32 size + zlib stream).
pub fn compress_record_data(data: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(data.len() / 2 + 16);
    out.extend_from_slice(&(data.len() as u32).to_le_bytes());
    let mut enc = ZlibEncoder::new(out, Compression::default());
    enc.write_all(data).expect("writing to a Vec cannot fail");
    enc.finish().expect("writing to a Vec cannot fail")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip() {
        let data: Vec<u8> = (0..10_000u32).map(|i| (i % 251) as u8).collect();
        let stored = compress_record_data(&data);
        assert_eq!(decompress_record_data(&stored, 0).unwrap(), data);
    }

    #[test]
    fn refuses_huge_claims_and_wrong_sizes() {
        let mut stored = compress_record_data(b"hello");
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
    fn zlib_bomb_stops_at_the_stated_size() {
        let zeros = vec![0u8; 50 << 20];
        let mut stored = compress_record_data(&zeros);
        stored[0..4].copy_from_slice(&1000u32.to_le_bytes());
        let err = decompress_record_data(&stored, 0).unwrap_err();
        assert!(err.message.contains("yields more"), "{err}");
    }
}
