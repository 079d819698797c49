//! Unpacking a plugin whose file may change while it is read.

use super::{unpack, TreeSink, Unpacked, HEADER_FILE};
use crate::io::Result;
use crate::plugin::{MappedFile, Plugin};

/// A sink that counts the files written, and checks that the plugin's
/// file is whole before the header file goes: a tree without it is no
/// tree, rather than one that looks whole and is not.
struct Guarded<'s, 'f> {
    sink: &'s mut dyn TreeSink,
    file: &'f MappedFile,
    written: u64,
    header_written: bool,
}

impl TreeSink for Guarded<'_, '_> {
    fn folder(&mut self, path: &str) -> Result<()> {
        self.sink.folder(path)
    }

    fn file(&mut self, path: &str, text: &[u8]) -> Result<()> {
        if path == HEADER_FILE {
            self.file.intact()?;
        }
        self.sink.file(path, text)?;
        self.written += 1;
        self.header_written |= path == HEADER_FILE;
        Ok(())
    }

    fn files(&mut self, files: Vec<(String, Vec<u8>)>) -> Result<()> {
        let n = files.len() as u64;
        self.sink.files(files)?;
        self.written += n;
        Ok(())
    }
}

/// [`unpack`] of a plugin parsed from `file`, which checks before it
/// writes the header file (last) that the file did not change while it
/// was read (see [`MappedFile::intact`]). If it did, the error is that
/// change, whatever else went wrong, and says how many of the tree's
/// files were written before it was seen: those may hold what was read
/// from the lost part of the file, and the header file was not written.
pub fn unpack_checked(
    file: &MappedFile,
    plugin: &Plugin<'_>,
    file_name: &str,
    sink: &mut dyn TreeSink,
) -> Result<Unpacked> {
    let mut guarded = Guarded {
        sink,
        file,
        written: 0,
        header_written: false,
    };
    let result = unpack(plugin, file_name, &mut guarded);
    // The file was whole when the header file went, and nothing is read
    // after it: a later change is none of this tree's.
    if guarded.header_written {
        return result;
    }
    match file.intact() {
        Ok(()) => result,
        Err(mut e) => {
            let note = match guarded.written {
                0 => format!("; no file of the tree was written, nor {HEADER_FILE}"),
                1 => format!(
                    "; 1 file of the tree was written before this was seen, but not {HEADER_FILE}"
                ),
                n => format!(
                    "; {n} files of the tree were written before this was seen, but not {HEADER_FILE}"
                ),
            };
            e.message.push_str(&note);
            Err(e)
        }
    }
}
