//! Plugins whose one record is as costly to read as a record can be for
//! its size, and what a run of the binary holds at its peak: shared by the
//! memory tests and the memory benchmark.
#![allow(dead_code)]

use std::os::unix::process::CommandExt;
use std::process::{Command, Stdio};

/// A Skyrim plugin: its header, then a STAT group holding one STAT record
/// whose data is `size` bytes of empty `EDID` subrecords, stored as they
/// are or compressed.
pub fn plugin_of_empty_subrecords(size: usize, compressed: bool) -> Vec<u8> {
    fn record(sig: &[u8; 4], flags: u32, form_id: u32, data: &[u8]) -> Vec<u8> {
        let mut out = sig.to_vec();
        out.extend_from_slice(&(data.len() as u32).to_le_bytes());
        out.extend_from_slice(&flags.to_le_bytes());
        out.extend_from_slice(&form_id.to_le_bytes());
        out.extend_from_slice(&0u32.to_le_bytes()); // version control
        out.extend_from_slice(&44u16.to_le_bytes()); // form version
        out.extend_from_slice(&0u16.to_le_bytes());
        out.extend_from_slice(data);
        out
    }
    let mut hedr = b"HEDR".to_vec();
    hedr.extend_from_slice(&12u16.to_le_bytes());
    hedr.extend_from_slice(&1.7f32.to_le_bytes());
    hedr.extend_from_slice(&1u32.to_le_bytes());
    hedr.extend_from_slice(&0x801u32.to_le_bytes());
    let data = b"EDID\0\0".repeat(size / 6);
    let (flags, body) = if compressed {
        // Stored deflate blocks: the file is as large as the data, within
        // the inflation limits however they are set.
        let stored = esscribe::plugin::compress_record_data_at_level(&data, 0).unwrap();
        (0x0004_0000, stored)
    } else {
        (0, data)
    };
    let stat = record(b"STAT", flags, 0x800, &body);
    let mut out = record(b"TES4", 0, 0, &hedr);
    out.extend_from_slice(b"GRUP");
    out.extend_from_slice(&(24 + stat.len() as u32).to_le_bytes());
    out.extend_from_slice(b"STAT");
    out.extend_from_slice(&[0; 12]);
    out.extend_from_slice(&stat);
    out
}

/// Runs a command to the end, its output thrown away, and gives its exit
/// code and the most memory it held (resident, in bytes) as the kernel
/// counted it for that process alone.
pub fn peak_memory(cmd: &mut Command) -> (i32, u64) {
    // A spawn that shares the test's memory until exec (vfork, as the
    // standard library spawns when it can) hands the kernel the test
    // process's own peak as the child's: the child's peak starts from
    // what its memory held before exec. A real fork, which a `pre_exec`
    // step makes the standard library use, starts it from what the test
    // holds at that moment instead, which the tests keep small.
    // SAFETY: the step does nothing, so it is async-signal-safe.
    unsafe {
        cmd.pre_exec(|| Ok(()));
    }
    // Reaped by wait4 below, which gives the child's own usage.
    #[allow(clippy::zombie_processes)]
    let child = cmd
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let pid = child.id() as libc::pid_t;
    let mut status = 0;
    // SAFETY: a zeroed rusage is a valid out-parameter; wait4 reaps only
    // this child, which `Child` is never asked to wait for afterwards.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    let reaped = unsafe { libc::wait4(pid, &mut status, 0, &mut usage) };
    assert_eq!(reaped, pid, "wait4: {}", std::io::Error::last_os_error());
    assert!(
        libc::WIFEXITED(status),
        "{cmd:?} ended by a signal: {status}"
    );
    // Linux counts ru_maxrss in KiB.
    (libc::WEXITSTATUS(status), usage.ru_maxrss as u64 * 1024)
}
