//! Where each record of a plugin is, by form ID and by editor ID, so that
//! finding one record does not walk the whole tree.
//!
//! The index is built on first use and kept with the plugin. The tree's
//! fields are public and may be changed behind the index's back, so every
//! answer is checked against the tree before it is given: a stale entry
//! makes the index be built again, never a wrong answer.

use super::{Entry, Game, Record};
use crate::io::FormId;
use std::collections::HashMap;
use std::sync::OnceLock;

/// A record's place in the tree: the index of each entry on the way down.
type Path = Box<[u32]>;

/// Form ID and editor ID to place in the tree.
#[derive(Default)]
pub(crate) struct RecordIndex {
    by_form_id: HashMap<FormId, Path>,
    /// Editor IDs as stored (Windows-1252), lowercased: the games compare
    /// them without regard to case.
    by_editor_id: OnceLock<HashMap<Box<[u8]>, FormId>>,
}

/// The index a plugin keeps: not part of its value (two plugins with the
/// same tree are equal whether or not either has been indexed).
#[derive(Default)]
pub(crate) struct IndexCell(OnceLock<RecordIndex>);

impl Clone for IndexCell {
    fn clone(&self) -> Self {
        IndexCell::default()
    }
}

impl PartialEq for IndexCell {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl std::fmt::Debug for IndexCell {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(if self.0.get().is_some() {
            "indexed"
        } else {
            "not indexed"
        })
    }
}

impl IndexCell {
    pub(crate) fn get_or_build(&self, entries: &[Entry<'_>]) -> &RecordIndex {
        self.0.get_or_init(|| RecordIndex::build(entries))
    }

    pub(crate) fn clear(&mut self) {
        self.0 = OnceLock::new();
    }
}

impl RecordIndex {
    fn build(entries: &[Entry<'_>]) -> RecordIndex {
        let mut by_form_id = HashMap::new();
        let mut path = Vec::new();
        walk(entries, &mut path, &mut |path, r| {
            // The first record with a form ID is the one found, as a walk
            // in file order would find it.
            by_form_id
                .entry(r.header.form_id)
                .or_insert_with(|| path.into());
        });
        RecordIndex {
            by_form_id,
            by_editor_id: OnceLock::new(),
        }
    }

    pub(crate) fn path_of(&self, form_id: FormId) -> Option<&[u32]> {
        self.by_form_id.get(&form_id).map(|p| &p[..])
    }

    /// The form ID of the record with this editor ID (any case). Records
    /// whose data cannot be read are left out.
    pub(crate) fn form_id_of(
        &self,
        entries: &[Entry<'_>],
        game: Game,
        editor_id: &[u8],
    ) -> Option<FormId> {
        let map = self.by_editor_id.get_or_init(|| {
            let mut map = HashMap::new();
            walk(entries, &mut Vec::new(), &mut |_, r| {
                let mut found = None;
                // A damaged record simply has no editor ID to be found by.
                let _ = r.for_each_subrecord(game, |s| {
                    if found.is_none() && s.sig.0 == *b"EDID" {
                        found = Some(lower(trim_nul(s.data)));
                    }
                });
                if let Some(edid) = found.filter(|e| !e.is_empty()) {
                    map.entry(edid).or_insert(r.header.form_id);
                }
            });
            map
        });
        map.get(&lower(trim_nul(editor_id))[..]).copied()
    }
}

fn trim_nul(bytes: &[u8]) -> &[u8] {
    bytes.strip_suffix(&[0]).unwrap_or(bytes)
}

fn lower(bytes: &[u8]) -> Box<[u8]> {
    bytes.to_ascii_lowercase().into_boxed_slice()
}

fn walk<'e, 'a>(
    entries: &'e [Entry<'a>],
    path: &mut Vec<u32>,
    f: &mut impl FnMut(&[u32], &'e Record<'a>),
) {
    for (i, e) in entries.iter().enumerate() {
        // A tree too wide for u32 indices cannot come from a file (each
        // entry takes at least 20 bytes of a size held in a u32).
        let Ok(i) = u32::try_from(i) else { return };
        path.push(i);
        match e {
            Entry::Record(r) => f(path, r),
            Entry::Group(g) => walk(&g.children, path, f),
        }
        path.pop();
    }
}

/// The record at a place in the tree, if there is one there.
pub(crate) fn record_at<'e, 'a>(entries: &'e [Entry<'a>], path: &[u32]) -> Option<&'e Record<'a>> {
    let (last, way) = path.split_last()?;
    let mut list = entries;
    for &i in way {
        match list.get(i as usize)? {
            Entry::Group(g) => list = &g.children,
            Entry::Record(_) => return None,
        }
    }
    match list.get(*last as usize)? {
        Entry::Record(r) => Some(r),
        Entry::Group(_) => None,
    }
}

/// [`record_at`], to change it.
pub(crate) fn record_at_mut<'e, 'a>(
    entries: &'e mut [Entry<'a>],
    path: &[u32],
) -> Option<&'e mut Record<'a>> {
    let (last, way) = path.split_last()?;
    let mut list = entries;
    for &i in way {
        match list.get_mut(i as usize)? {
            Entry::Group(g) => list = &mut g.children,
            Entry::Record(_) => return None,
        }
    }
    match list.get_mut(*last as usize)? {
        Entry::Record(r) => Some(r),
        Entry::Group(_) => None,
    }
}
