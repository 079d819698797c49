//! Text trees made hostile by bytes: the sample plugin unpacked, then
//! links (to a file, a folder and a named pipe outside the tree, to
//! `/dev/zero`, to nowhere), hard links to a file outside, named pipes,
//! stray files and removals at names the bytes choose, and names listed
//! in the tree's entries lists, a way out of the tree among them. Then
//! the tree is packed, and the plugin unpacked over it, and what must
//! hold is checked: nothing panics or waits (a named pipe is never
//! opened to wait on it), nothing outside the tree is written or removed,
//! no text outside it is packed, and a pack that succeeds gives a plugin,
//! the very plugin once an unpack succeeded. Shared by the `tree_hostile`
//! fuzz target and a test of the library with fixed inputs
//! (`crates/esscribe/tests/hostile_trees.rs`). Unix only: links and pipes
//! are what it is about.

use esscribe::tree::{self, DirTree, TreeSource};
use std::collections::BTreeMap;
use std::os::unix::fs::{symlink, MetadataExt};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU32, Ordering};

/// The plugin every tree starts from.
const SAMPLE: &[u8] = include_bytes!("../samples/sample-oblivion.esp");
/// In the editor ID of the record texts outside the tree: a packed plugin
/// holding it read them.
const MARKER: &str = "OutsideTheTree";

/// What one case did: for a test to see that its cases reach both ends.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Outcome {
    /// The hostile tree packed to a plugin.
    pub packed: bool,
    /// The sample unpacked over it.
    pub unpacked: bool,
}

/// What is at each path under a folder, links not followed: a regular
/// file's bytes, or the kind of anything else.
fn snapshot(dir: &Path) -> BTreeMap<PathBuf, String> {
    fn walk(dir: &Path, base: &Path, out: &mut BTreeMap<PathBuf, String>) {
        let Ok(entries) = std::fs::read_dir(dir) else {
            return;
        };
        for e in entries.flatten() {
            let path = e.path();
            let rel = path.strip_prefix(base).unwrap().to_path_buf();
            let m = std::fs::symlink_metadata(&path).unwrap();
            let t = m.file_type();
            if t.is_symlink() {
                let to = std::fs::read_link(&path).unwrap();
                out.insert(rel, format!("link to {}", to.display()));
            } else if t.is_dir() {
                out.insert(rel, "folder".into());
                walk(&path, base, out);
            } else if t.is_file() {
                let text = std::fs::read(&path).unwrap();
                out.insert(rel, String::from_utf8_lossy(&text).into_owned());
            } else {
                out.insert(rel, format!("special {:o}", m.mode()));
            }
        }
    }
    let mut out = BTreeMap::new();
    walk(dir, dir, &mut out);
    out
}

/// A regular file's bytes, read without following a link or opening a
/// pipe (which would wait); nothing for anything else.
fn read_if_file(path: &Path) -> Vec<u8> {
    match std::fs::symlink_metadata(path) {
        Ok(m) if m.is_file() => std::fs::read(path).unwrap_or_default(),
        _ => Vec::new(),
    }
}

/// The tree's paths, relative, links not followed: every file and folder
/// (with whether it is a real folder), the root's folder first.
fn tree_paths(tree: &Path) -> Vec<(String, bool)> {
    let mut out = vec![(String::new(), true)];
    let mut i = 0;
    while i < out.len() {
        let (dir, is_dir) = out[i].clone();
        i += 1;
        if !is_dir {
            continue;
        }
        let Ok(entries) = std::fs::read_dir(tree.join(&dir)) else {
            continue;
        };
        let mut names: Vec<_> = entries.flatten().collect();
        names.sort_by_key(|e| e.file_name());
        for e in names {
            let real_dir = e.file_type().is_ok_and(|t| t.is_dir());
            let name = e.file_name().to_string_lossy().into_owned();
            let path = if dir.is_empty() {
                name
            } else {
                format!("{dir}/{name}")
            };
            out.push((path, real_dir));
        }
    }
    out
}

fn mkfifo(path: &Path) {
    let c = std::ffi::CString::new(path.as_os_str().as_encoded_bytes()).unwrap();
    // SAFETY: a valid C string naming a path in a folder this case made.
    let made = unsafe { libc::mkfifo(c.as_ptr(), 0o600) };
    assert_eq!(made, 0, "mkfifo {}", path.display());
}

/// Removes what is at `path` (a link itself, never what it points to).
fn clear(path: &Path) {
    match std::fs::symlink_metadata(path) {
        Ok(m) if m.is_dir() => std::fs::remove_dir_all(path).unwrap(),
        Ok(_) => std::fs::remove_file(path).unwrap(),
        Err(_) => {}
    }
}

/// Names an entries list is given that are no plain name: ways out of
/// the tree, and names it may not list.
const HOSTILE_NAMES: [&str; 9] = [
    "..",
    "../outside",
    "/etc/passwd",
    "a/b.json",
    "",
    ".hidden.json",
    "x\\y.json",
    "C:x.json",
    "plugin.json",
];

/// New names beside existing ones.
const NEW_NAMES: [&str; 5] = [
    "New.0x00000001.json",
    "GLOB",
    "x.json",
    "_group.json",
    "plugin.json",
];

/// Adds `name` to the entries list of folder `dir` of the tree (in
/// `plugin.json` or its `_group.json`), when that is a regular file of
/// JSON with such a list.
fn list_name(tree: &Path, dir: &str, name: &str) {
    let file = match dir {
        "" => tree.join("plugin.json"),
        d => tree.join(d).join("_group.json"),
    };
    let Ok(mut doc) = esscribe::json_text::from_slice(&read_if_file(&file)) else {
        return;
    };
    let Some(list) = doc.get_mut("entries").and_then(|e| e.as_array_mut()) else {
        return;
    };
    list.push(name.into());
    std::fs::write(&file, serde_json::to_vec_pretty(&doc).unwrap()).unwrap();
}

/// Makes one change to the tree, as three bytes say.
fn apply(root: &Path, tree: &Path, [op, pick, arg]: [u8; 3]) {
    let outside = root.join("outside");
    let paths = tree_paths(tree);
    // Existing paths (not the root), and new names in real folders.
    let mut candidates: Vec<String> = paths[1..].iter().map(|(p, _)| p.clone()).collect();
    for (dir, _) in paths.iter().filter(|(_, d)| *d) {
        let new = NEW_NAMES[arg as usize % NEW_NAMES.len()];
        candidates.push(if dir.is_empty() {
            new.into()
        } else {
            format!("{dir}/{new}")
        });
    }
    let at = candidates[pick as usize % candidates.len()].clone();
    let full = tree.join(&at);
    let parent = at.rsplit_once('/').map_or("", |(d, _)| d).to_string();
    match op % 10 {
        0 => {
            clear(&full);
            symlink(outside.join("victim.json"), &full).unwrap();
        }
        1 => {
            clear(&full);
            symlink("/dev/zero", &full).unwrap();
        }
        2 => {
            clear(&full);
            symlink(outside.join("dir"), &full).unwrap();
        }
        3 => {
            clear(&full);
            symlink(outside.join("pipe"), &full).unwrap();
        }
        4 => {
            clear(&full);
            mkfifo(&full);
        }
        5 => {
            clear(&full);
            std::fs::hard_link(outside.join("hard.json"), &full).unwrap();
        }
        6 => {
            // A stray or cut file: the start of the header file's text.
            let text = read_if_file(&tree.join("plugin.json"));
            clear(&full);
            std::fs::write(&full, &text[..text.len().min(arg as usize * 4)]).unwrap();
        }
        7 => clear(&full),
        8 => {
            let name = if arg % 2 == 0 {
                at.rsplit('/').next().unwrap_or("").to_string()
            } else {
                HOSTILE_NAMES[(arg / 2) as usize % HOSTILE_NAMES.len()].to_string()
            };
            list_name(tree, &parent, &name);
        }
        _ => {
            clear(&full);
            symlink(root.join("nowhere"), &full).unwrap();
        }
    }
}

/// A record's text with [`MARKER`] for its editor ID.
fn marked_record(tree: &Path) -> Vec<u8> {
    let text = std::fs::read_to_string(tree.join("FACT/SampleLighthouseKeepers.0x01000800.json"))
        .expect("the sample has its faction");
    let marked = text.replacen("SampleLighthouseKeepers", MARKER, 1);
    assert_ne!(marked, text);
    marked.into_bytes()
}

static NEXT: AtomicU32 = AtomicU32::new(0);

/// Makes the tree `script` says (three bytes a change, at most 16
/// changes), packs it, unpacks the sample over it, and checks what must
/// hold; panics where it does not.
pub fn run(script: &[u8]) -> Outcome {
    let root = std::env::temp_dir().join(format!(
        "esscribe-hostile-{}-{}",
        std::process::id(),
        NEXT.fetch_add(1, Ordering::Relaxed)
    ));
    let _ = std::fs::remove_dir_all(&root);
    let tree = root.join("tree");
    let outside = root.join("outside");
    std::fs::create_dir_all(outside.join("dir")).unwrap();
    let sample = esscribe::Plugin::parse(SAMPLE).expect("the sample parses");
    tree::unpack(&sample, "Sample.esp", &mut DirTree::new(&tree)).expect("the sample unpacks");
    let marked = marked_record(&tree);
    std::fs::write(outside.join("victim.json"), &marked).unwrap();
    std::fs::write(outside.join("hard.json"), &marked).unwrap();
    std::fs::write(outside.join("dir/inner.json"), &marked).unwrap();
    let group = r#"{"group": "top", "label": "FACT", "stamp": 0, "entries": ["inner.json"]}"#;
    std::fs::write(outside.join("dir/_group.json"), group).unwrap();
    mkfifo(&outside.join("pipe"));
    let before = snapshot(&outside);

    let mut hard_linked = false;
    for change in script.chunks_exact(3).take(16) {
        hard_linked |= change[0] % 10 == 5;
        apply(&root, &tree, [change[0], change[1], change[2]]);
    }
    assert_eq!(
        snapshot(&outside),
        before,
        "making the tree left outside alone"
    );

    let source = DirTree::new(&tree);
    let _ = tree::file_count(&source);
    let _ = source.list("");
    let packed = tree::pack(&source);
    if let Ok(p) = &packed {
        // A hard link is a file of the tree, whatever else names it.
        let read_outside = p
            .bytes
            .windows(MARKER.len())
            .any(|w| w == MARKER.as_bytes());
        assert!(
            hard_linked || !read_outside,
            "packed text from outside the tree"
        );
        esscribe::Plugin::parse(&p.bytes).expect("a packed plugin parses");
    }

    let mut sink = DirTree::new(&tree);
    let earlier = sink.listed_files();
    let unpacked = tree::unpack(&sample, "Sample.esp", &mut sink)
        .and_then(|_| sink.remove_stale(&earlier))
        .is_ok();
    assert_eq!(
        snapshot(&outside),
        before,
        "nothing outside the tree changed"
    );
    assert!(
        !root.join("nowhere").exists(),
        "nothing made through a link to nowhere"
    );
    let mut at_root: Vec<_> = std::fs::read_dir(&root)
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    at_root.sort();
    assert_eq!(at_root, ["outside", "tree"], "nothing made beside the tree");
    if unpacked {
        // What an unpack that succeeded wrote packs back to the plugin.
        if let Ok(p) = tree::pack(&DirTree::new(&tree)) {
            assert!(p.bytes == SAMPLE, "an unpacked tree packs to its plugin");
        }
    }
    std::fs::remove_dir_all(&root).unwrap();
    Outcome {
        packed: packed.is_ok(),
        unpacked,
    }
}
