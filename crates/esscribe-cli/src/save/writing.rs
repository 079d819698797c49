//! Writing an edited save, whatever its game: under the lock, checked
//! once read back.

use crate::util;
use anyhow::Result;
use std::path::Path;
use std::process::ExitCode;

/// The steps every save edit takes, whatever the game: lock the target,
/// `read` the save, `change` it, `encode` it, and write it where the
/// bytes `check` against the edited save once read back.
pub(super) fn edit_and_write<S>(
    path: &Path,
    (output, force): (Option<&Path>, bool),
    read: impl FnOnce(&Path) -> Result<S>,
    change: impl FnOnce(&mut S) -> Result<Option<String>>,
    encode: impl Fn(&S) -> esscribe::Result<Vec<u8>>,
    check: impl Fn(&S, &[u8]) -> esscribe::Result<()>,
) -> Result<ExitCode> {
    let target = output.unwrap_or(path);
    // Held from before the save is read until the edited one is in place:
    // a second edit of the same file waits, then starts from this one.
    // Standard output needs none.
    let lock = match util::is_stdout(target) {
        true => None,
        false => Some(util::lock_for_writing(target)?),
    };
    let mut save = read(path)?;
    let Some(summary) = change(&mut save)? else {
        return Ok(ExitCode::SUCCESS);
    };
    let bytes = encode(&save)?;
    let check = |b: &[u8]| check(&save, b);
    let Some(lock) = lock else {
        check(&bytes)?;
        util::write_stdout(&bytes)?;
        eprintln!("{summary}; wrote standard output");
        return Ok(ExitCode::SUCCESS);
    };
    let written = util::write_locked(&lock, target, &bytes, force, check)?;
    eprintln!(
        "{summary}; {}{}",
        util::wrote(target, &written),
        util::backup_note(&written)
    );
    Ok(ExitCode::SUCCESS)
}
