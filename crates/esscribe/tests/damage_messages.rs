//! Errors for damaged plugins point at the fault: a record whose size is
//! wrong is named, with where its data most likely ends; a header whose type
//! is not four characters from A-Z, 0-9 and _ is never taken for a record.

mod common;

use esscribe::plugin::{self, Plugin};
use esscribe::ErrorKind;

/// OblivionOnline.esp with the data size of SCPT 0x01000ED4 ("1OOBookScript",
/// at 0x2F2, 16,235 bytes of data) changed by `delta`.
fn with_script_size(delta: i64) -> Vec<u8> {
    let mut data = common::file("oblivion-plugins/OblivionOnline.esp");
    assert_eq!(&data[0x2F2..0x2F6], b"SCPT");
    assert_eq!(data[0x2FE..0x302], 0x0100_0ED4u32.to_le_bytes());
    let size = u32::from_le_bytes(data[0x2F6..0x2FA].try_into().unwrap());
    assert_eq!(size, 16_235);
    let new = (size as i64 + delta) as u32;
    data[0x2F6..0x2FA].copy_from_slice(&new.to_le_bytes());
    data
}

/// Parses, and checks that the header scan fails the same way.
fn parse_err(data: &[u8]) -> esscribe::Error {
    let e = Plugin::parse(data).unwrap_err();
    assert_eq!(plugin::scan(data, |_| {}).unwrap_err(), e);
    e
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn a_size_too_large_is_blamed_on_its_record_not_on_the_garbage_after_it() {
    let data = with_script_size(100);
    let e = parse_err(&data);
    assert_eq!(e.kind, ErrorKind::Invalid);
    // The size field of the record that claimed too much.
    assert_eq!(e.offset, 0x2F6);
    assert_eq!(
        e.to_string(),
        "at offset 0x2F6: SCPT 0x01000ED4 at 0x2F2 states 16335 bytes of data, but no record or group starts where they end, at 0x42D5 (\\x00 Xi is not a record type: four characters from A-Z, 0-9 and _); the next record or group header that holds together is at 0x4271 (SCPT 0x010015A9), 16235 bytes after the start of its data (in GRUP SCPT (top) at 0x2DE)"
    );
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn a_size_too_small_names_both_records_and_where_the_data_really_ends() {
    let data = with_script_size(-100);
    // 100 bytes early, the reader meets a subrecord (SCRV) that looks like
    // a record header claiming 5 MB.
    let e = parse_err(&data);
    assert_eq!(e.kind, ErrorKind::Truncated);
    assert_eq!(
        e.to_string(),
        "at offset 0x4221: record data: needs 5373956 bytes, only 12774 remain; or no record starts at 0x420D, and SCPT 0x01000ED4 at 0x2F2 before it states a wrong size (16135 bytes of data): the next record or group header that holds together is at 0x4271 (SCPT 0x010015A9), 16235 bytes after the start of SCPT's data (in GRUP SCPT (top) at 0x2DE → SCRV 0x00045652 at 0x420D)"
    );
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn a_size_past_the_end_of_the_group_says_where_the_data_really_ends() {
    let data = with_script_size(100_000);
    let e = parse_err(&data);
    assert_eq!(
        e.to_string(),
        "at offset 0x306: record data: needs 116235 bytes, only 28929 remain; the next record or group header that holds together is at 0x4271 (SCPT 0x010015A9), 16235 bytes after the start of its data (in GRUP SCPT (top) at 0x2DE → SCPT 0x01000ED4 at 0x2F2)"
    );
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn record_types_are_four_characters_from_a_to_z_0_to_9_and_underscore() {
    for sig in [b"TES4", b"NPC_", b"GRUP", b"A1_Z"] {
        assert!(plugin::is_record_sig(esscribe::Sig(*sig)));
    }
    for sig in [b"\x001OO", b"npc_", b"NPC ", b"PA-K"] {
        assert!(!plugin::is_record_sig(esscribe::Sig(*sig)));
    }
    // The first record of a group given a lowercase type.
    let mut data = common::file("oblivion-plugins/OblivionOnline.esp");
    data[0x2F2..0x2F6].copy_from_slice(b"scpt");
    let e = parse_err(&data);
    assert_eq!(e.offset, 0x2F2);
    assert!(
        e.message.starts_with(
            "no record or group starts here (scpt is not a record type: four characters from A-Z, 0-9 and _); the next record or group header that holds together is at 0x4271 (SCPT 0x010015A9)"
        ),
        "{e}"
    );
}
