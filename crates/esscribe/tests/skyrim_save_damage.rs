//! Damaged and hostile Skyrim saves: cut short anywhere, sizes and counts
//! that lie, versions not known. Each is refused with an error that says
//! where, never a panic, and memory stays bounded by what is there.

mod common;

use esscribe::save::skyrim::SkyrimSave;
use esscribe::ErrorKind;

fn first_skyrim_saves() -> Vec<(String, Vec<u8>)> {
    common::saves_of(esscribe::plugin::Game::Skyrim)
        .into_iter()
        .map(|p| (p.display().to_string(), std::fs::read(&p).unwrap()))
        .collect()
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn a_save_cut_short_anywhere_is_refused() {
    for (name, data) in first_skyrim_saves() {
        let step = (data.len() / 97).max(1);
        for cut in (0..data.len()).step_by(step).chain([data.len() - 1]) {
            let e = SkyrimSave::parse(&data[..cut]).expect_err(&format!("{name} cut at {cut}"));
            assert!(
                matches!(
                    e.kind,
                    ErrorKind::Truncated | ErrorKind::Invalid | ErrorKind::Decompress
                ),
                "{name} cut at {cut}: {e}"
            );
        }
    }
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn lying_sizes_and_versions_are_named() {
    for (name, data) in first_skyrim_saves() {
        let save = SkyrimSave::parse(&data).unwrap();
        // The header size is right after the 13-byte magic; the version
        // right after it.
        let mut v = data.clone();
        v[17..21].copy_from_slice(&13u32.to_le_bytes());
        let e = SkyrimSave::parse(&v).unwrap_err();
        assert!(e.to_string().contains("version 13"), "{name}: {e}");

        let header_end = 17 + u32::from_le_bytes(data[13..17].try_into().unwrap()) as usize;
        let body_at = header_end + save.screenshot.len();
        let compressed = matches!(
            save.header.compression,
            Some(
                esscribe::save::skyrim::Compression::Lz4
                    | esscribe::save::skyrim::Compression::Zlib
            )
        );
        if compressed {
            // The stated uncompressed size: one more than the body gives,
            // and a size of 4 GiB; both refused before anything is made.
            for stated in [
                u32::from_le_bytes(data[body_at..body_at + 4].try_into().unwrap()) + 1,
                u32::MAX,
            ] {
                let mut lie = data.clone();
                lie[body_at..body_at + 4].copy_from_slice(&stated.to_le_bytes());
                let e = SkyrimSave::parse(&lie).unwrap_err();
                assert_eq!(e.kind, ErrorKind::Decompress, "{name}: {e}");
                assert!(e.to_string().contains("save body"), "{name}: {e}");
            }
            // Compressed bytes that are not what the header says.
            let mut junk = data.clone();
            for b in &mut junk[body_at + 8..body_at + 4096] {
                *b = 0xFF;
            }
            let e = SkyrimSave::parse(&junk).unwrap_err();
            assert!(e.to_string().contains("save body"), "{name}: {e}");
        } else {
            // The change form count, stated 2^32 - 1: refused by what the
            // bytes could hold, not allocated.
            let plugins_at = body_at + 1;
            let info =
                u32::from_le_bytes(data[plugins_at..plugins_at + 4].try_into().unwrap()) as usize;
            let table = plugins_at + 4 + info;
            let mut lie = data.clone();
            lie[table + 36..table + 40].copy_from_slice(&u32::MAX.to_le_bytes());
            let e = SkyrimSave::parse(&lie).unwrap_err();
            assert!(e.to_string().contains("change forms"), "{name}: {e}");
        }
    }
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn a_change_form_that_does_not_inflate_is_named_by_check() {
    for (name, data) in first_skyrim_saves() {
        let mut save = SkyrimSave::parse(&data).unwrap();
        let Some(i) = save.change_forms.iter().position(|c| c.is_compressed()) else {
            continue;
        };
        save.change_forms[i].stored.truncate(3);
        let problems = save.check();
        assert_eq!(problems.len(), 1, "{name}: {problems:?}");
        assert!(
            problems[0].starts_with(&format!("change form {i} (")),
            "{name}: {problems:?}"
        );
    }
}

/// Bytes changed at random places of real saves: each damaged save is
/// refused with an error, or reads, checks and writes back as it reads.
#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn random_damage_never_panics() {
    let mut x = 0x2545_F491_4F6C_DD1Du64;
    let mut next = move || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x
    };
    for (name, data) in first_skyrim_saves() {
        for round in 0..60 {
            let mut damaged = data.clone();
            for _ in 0..1 + round % 4 {
                let at = (next() % damaged.len() as u64) as usize;
                damaged[at] = next() as u8;
            }
            if let Ok(save) = SkyrimSave::parse(&damaged) {
                let _ = save.check();
                let _ = esscribe::save::skyrim::clean::find(&save, None);
                let back = save
                    .to_bytes()
                    .unwrap_or_else(|e| panic!("{name} round {round}: {e}"));
                assert!(back == damaged, "{name} round {round}: write-back differs");
            }
        }
    }
}
