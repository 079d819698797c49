//! The SE body's compression: one LZ4 block or one zlib stream, stated
//! sizes checked against what the stored bytes can really give before
//! anything is allocated.

use super::header::Compression;
use crate::io::{Error, ErrorKind, Result};

/// The exact size an LZ4 block inflates to, found by walking its
/// sequences without writing them, so a lying stated size costs nothing.
fn lz4_block_len(block: &[u8], offset: u64) -> Result<usize> {
    let damaged = |at: usize, what: &str| {
        Error::new(
            ErrorKind::Decompress,
            offset + at as u64,
            format!("the save's LZ4 body is damaged: {what}"),
        )
        .within("save body")
    };
    let mut at = 0usize;
    let mut len = 0usize;
    let extend = |at: &mut usize, mut n: usize| -> Option<usize> {
        loop {
            let b = *block.get(*at)?;
            *at += 1;
            n = n.checked_add(b as usize)?;
            if b != 255 {
                return Some(n);
            }
        }
    };
    while at < block.len() {
        let token = block[at];
        at += 1;
        let mut literals = (token >> 4) as usize;
        if literals == 15 {
            literals = extend(&mut at, literals)
                .ok_or_else(|| damaged(at, "a literal length runs past the end"))?;
        }
        at = at
            .checked_add(literals)
            .filter(|&end| end <= block.len())
            .ok_or_else(|| damaged(at, "literals run past the end"))?;
        len = len
            .checked_add(literals)
            .ok_or_else(|| damaged(at, "too long"))?;
        if at == block.len() {
            return Ok(len);
        }
        let distance = block
            .get(at..at + 2)
            .map(|b| u16::from_le_bytes([b[0], b[1]]) as usize)
            .ok_or_else(|| damaged(at, "a match offset runs past the end"))?;
        if distance == 0 || distance > len {
            return Err(damaged(at, "a match reaches before the start"));
        }
        at += 2;
        let mut matched = (token & 15) as usize;
        if matched == 15 {
            matched = extend(&mut at, matched)
                .ok_or_else(|| damaged(at, "a match length runs past the end"))?;
        }
        len = len
            .checked_add(matched + 4)
            .ok_or_else(|| damaged(at, "too long"))?;
    }
    Err(damaged(at, "it ends with a match, not with literals"))
}

/// Inflates the stored body to the size it states.
pub(super) fn decompress(
    compression: Compression,
    stored: &[u8],
    stated: usize,
    offset: u64,
) -> Result<Vec<u8>> {
    let wrong_size = |found: String| {
        Error::new(
            ErrorKind::Decompress,
            offset,
            format!(
                "the save's body states {stated} bytes uncompressed, its stored data gives {found}"
            ),
        )
        .within("save body")
    };
    match compression {
        Compression::None => Ok(stored.to_vec()),
        Compression::Lz4 => {
            let real = lz4_block_len(stored, offset)?;
            if real != stated {
                return Err(wrong_size(real.to_string()));
            }
            let mut out = vec![0; real];
            let n = lz4_flex::block::decompress_into(stored, &mut out).map_err(|e| {
                Error::new(
                    ErrorKind::Decompress,
                    offset,
                    format!("the save's LZ4 body does not inflate: {e}"),
                )
                .within("save body")
            })?;
            if n != real {
                return Err(wrong_size(n.to_string()));
            }
            Ok(out)
        }
        Compression::Zlib => {
            use std::io::Read;
            // zlib expands at most about 1032:1: reserve no more than that,
            // and read one byte past the stated size to catch a longer stream.
            let mut out = Vec::with_capacity(stated.min(stored.len().saturating_mul(1032)));
            flate2::read::ZlibDecoder::new(stored)
                .take(stated as u64 + 1)
                .read_to_end(&mut out)
                .map_err(|e| {
                    Error::new(
                        ErrorKind::Decompress,
                        offset,
                        format!("the save's zlib body does not inflate: {e}"),
                    )
                    .within("save body")
                })?;
            if out.len() != stated {
                let found = if out.len() > stated {
                    "more".to_string()
                } else {
                    out.len().to_string()
                };
                return Err(wrong_size(found));
            }
            Ok(out)
        }
    }
}

/// Compresses a changed body as the game reads it.
pub(super) fn compress(compression: Compression, body: &[u8]) -> Result<Vec<u8>> {
    match compression {
        Compression::None => Ok(body.to_vec()),
        Compression::Lz4 => Ok(lz4_flex::block::compress(body)),
        Compression::Zlib => {
            use std::io::Write;
            let mut e = flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::default());
            e.write_all(body).and_then(|_| e.finish()).map_err(|err| {
                Error::new(
                    ErrorKind::Decompress,
                    0,
                    format!("compressing the save's body: {err}"),
                )
            })
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lz4_length_is_what_the_block_inflates_to() {
        for data in [
            b"".to_vec(),
            b"abc".to_vec(),
            vec![7u8; 100_000],
            (0..50_000u32)
                .flat_map(|i| (i % 251).to_le_bytes())
                .collect(),
        ] {
            let block = lz4_flex::block::compress(&data);
            assert_eq!(lz4_block_len(&block, 0).unwrap(), data.len());
            assert_eq!(
                decompress(Compression::Lz4, &block, data.len(), 0).unwrap(),
                data
            );
            assert!(decompress(Compression::Lz4, &block, data.len() + 1, 0).is_err());
        }
    }

    #[test]
    fn lying_blocks_are_refused_before_allocating() {
        // A match before the start, a literal run past the end, a block
        // ending in a match.
        for block in [
            &[0x0F, 1, 0][..],
            &[0xF0, 255, 255][..],
            &[0x10, b'a', 1, 0][..],
        ] {
            let e = decompress(Compression::Lz4, block, usize::MAX, 0x40).unwrap_err();
            assert_eq!(e.kind, ErrorKind::Decompress, "{e}");
        }
    }
}
