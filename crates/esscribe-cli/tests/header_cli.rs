//! `info` on hand-made headers whose subrecords do not fit their layout.

use assert_cmd::Command;
use predicates::prelude::*;

/// A Skyrim plugin of only a TES4 record with these subrecords.
fn plugin_with(subs: &[(&[u8; 4], &[u8])]) -> Vec<u8> {
    let mut body = Vec::new();
    for (sig, data) in subs {
        body.extend_from_slice(*sig);
        body.extend_from_slice(&(data.len() as u16).to_le_bytes());
        body.extend_from_slice(data);
    }
    let mut out = b"TES4".to_vec();
    out.extend_from_slice(&(body.len() as u32).to_le_bytes());
    out.extend_from_slice(&[0; 16]);
    out.extend_from_slice(&body);
    out
}

#[test]
fn info_reads_a_damaged_header_and_warns() {
    let mut hedr = 1.7f32.to_le_bytes().to_vec();
    hedr.extend_from_slice(&3i32.to_le_bytes());
    hedr.extend_from_slice(&[0, 8]);
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("Short.esp");
    std::fs::write(
        &path,
        plugin_with(&[
            (b"HEDR", &hedr),
            (b"CNAM", b"Someone\0"),
            (b"MAST", b"Skyrim.esm\0"),
            (b"INTV", &[1, 0]),
        ]),
    )
    .unwrap();
    for json in [false, true] {
        let mut cmd = Command::cargo_bin("esscribe").unwrap();
        cmd.arg("info").arg(&path);
        if json {
            cmd.arg("--json");
        }
        cmd.assert()
            .success()
            .stdout(predicate::str::contains("Someone").and(predicate::str::contains("Skyrim.esm")))
            .stderr(
                predicate::str::contains("warning")
                    .and(predicate::str::contains(
                        "HEDR at 0x18 (10 bytes) kept as bytes",
                    ))
                    .and(predicate::str::contains("INTV")),
            );
    }
}
