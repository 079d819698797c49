//! Memory maps of files, watched for another program cutting the file
//! short while it is read.
//!
//! On Unix, once [`install_signal_handlers`](super::install_signal_handlers)
//! ran, a page lost that way reads as zeros instead of raising SIGBUS,
//! and the map is marked cut short. Whatever was read from it since may
//! be wrong: its owner reports the file as changed
//! ([`WatchedMap::intact`]), a write refuses to go on while such a map
//! is open, and [`changed_while_mapped`] tells a program at its end that
//! it happened at all.

use super::signals;
use crate::io::{Error, ErrorKind, Result};
use std::fs::File;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard};

/// The error for a file that changed while it was being read. `detail`
/// says how it was seen.
pub(crate) fn changed(path: &Path, detail: &str) -> Error {
    Error::new(
        ErrorKind::Changed,
        0,
        format!(
            "{}: the file changed while it was being read ({detail}); what was read from it cannot be trusted: read it again once the other program is done with it",
            path.display()
        ),
    )
}

/// Watched maps open now, by slot: which file each is of, and its length
/// when opened.
static OPEN: Mutex<Vec<(usize, PathBuf, u64)>> = Mutex::new(Vec::new());
/// The first map found cut short, open or closed since.
static FIRST_CUT: Mutex<Option<Error>> = Mutex::new(None);

/// A lock that a panic elsewhere does not make useless: the data are
/// plain lists, whole after any panic.
fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// What a file's length is now, in words, and whether it differs.
fn length_now(file: &File, len: u64) -> (String, bool) {
    match file.metadata() {
        Ok(m) => (
            format!("{len} bytes when opened, {} now", m.len()),
            m.len() != len,
        ),
        Err(e) => (format!("{len} bytes when opened; now: {e}"), false),
    }
}

/// A memory map of a file, watched while it is open. Its owner drops it
/// before unmapping the map.
#[derive(Debug)]
pub(crate) struct WatchedMap {
    slot: Option<signals::MapSlot>,
    file: File,
    path: PathBuf,
    len: u64,
}

impl WatchedMap {
    /// Watches the map `bytes` of `file`, opened from `path`.
    pub(crate) fn new(bytes: &[u8], file: File, path: &Path) -> WatchedMap {
        let slot = signals::MapSlot::register(bytes.as_ptr(), bytes.len());
        let len = bytes.len() as u64;
        if let Some(s) = &slot {
            lock(&OPEN).push((s.index(), path.to_path_buf(), len));
        }
        WatchedMap {
            slot,
            file,
            path: path.to_path_buf(),
            len,
        }
    }

    fn cut_short(&self) -> bool {
        self.slot.as_ref().is_some_and(signals::MapSlot::cut_short)
    }

    /// The file changed error when pages of the map were lost (read as
    /// zeros), or when the file's length is no longer what was mapped.
    pub(crate) fn intact(&self) -> Result<()> {
        let (detail, resized) = length_now(&self.file, self.len);
        if self.cut_short() {
            let e = changed(
                &self.path,
                &format!("{detail}: another program cut it short"),
            );
            lock(&FIRST_CUT).get_or_insert_with(|| e.clone());
            return Err(e);
        }
        if resized {
            return Err(changed(&self.path, &detail));
        }
        Ok(())
    }
}

impl Drop for WatchedMap {
    fn drop(&mut self) {
        if let Some(s) = &self.slot {
            // Kept past the map's life, for the program's end.
            let _ = self.intact();
            lock(&OPEN).retain(|(i, ..)| *i != s.index());
        }
    }
}

/// The file changed error of a watched map open now whose file was cut
/// short, if any: what a write checks before it replaces a file, since
/// what it writes may come from the pages lost.
pub(crate) fn open_map_cut_short() -> Option<Error> {
    let open = lock(&OPEN);
    let (_, path, len) = open.iter().find(|(i, ..)| signals::slot_cut_short(*i))?;
    let e = changed(
        path,
        &format!("{len} bytes when opened: another program cut it short"),
    );
    lock(&FIRST_CUT).get_or_insert_with(|| e.clone());
    Some(e)
}

/// The error of the first memory-mapped file that another program cut
/// short while this process read it, if that happened, even where the
/// map is closed since: for a program to check at its end, so that a
/// result made from the pages lost (which read as zeros) is not taken
/// for a good one. Maps made by [`MappedFile`](crate::plugin::MappedFile)
/// are watched, on Unix only; before
/// [`install_signal_handlers`](super::install_signal_handlers) ran, a
/// page lost ends the process (SIGBUS) rather than read as zeros.
pub fn changed_while_mapped() -> Option<Error> {
    if let Some(e) = open_map_cut_short() {
        return Some(e);
    }
    lock(&FIRST_CUT).clone()
}
