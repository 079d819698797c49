//! The merged patch ("Bashed Patch"): a plugin loaded last that holds the
//! merged version of each record several plugins change, where the game
//! would keep only the last plugin's.
//!
//! - Leveled lists: every entry a plugin adds (to its masters' version)
//!   is kept; `Delev` plugins' removals and `Relev` plugins' changes of
//!   level and count are taken; chance none and flags come from the last
//!   plugin that changed them. When the master defining a list is not
//!   loaded, the merge starts from the first loaded version, the union
//!   of the loaded versions results, and the report says so.
//! - Bash Tags ([`Tags`], from plugins' descriptions and a tags file)
//!   take fields from the last tagged plugin that changed them, over the
//!   winning version; their fields per record type are declared once in
//!   `tags::TAG_FIELDS`. `Invent` merges inventories as lists.
//! - Only records whose merge differs from the winning version go in; the
//!   patch's masters are the files its records need; past
//!   [`MAX_PATCH_MASTERS`] it is split into several plugins.
//!
//! ```no_run
//! use esscribe::loadorder::{LoadOrder, PluginFiles};
//! use esscribe::patch::{build_patch, PatchOptions};
//! let files = PluginFiles::open(["Skyrim.esm", "A.esp", "B.esp"]);
//! let order = LoadOrder::from_files(&files);
//! let patch = build_patch(&order, &PatchOptions::new("Bashed Patch, 0.esp"))?;
//! for record in &patch.report.records {
//!     println!("{}: {} changes merged", record.record, record.merged_from.len());
//! }
//! # Ok::<(), esscribe::Error>(())
//! ```

mod imports;
mod lists;
mod merge;
mod numbering;
mod report;
mod tags;
mod versions;
mod write;

pub use report::{Contribution, PatchFile, PatchReport, RecordReport};
pub use tags::{Tag, Tags};
pub use write::{part_name, MAX_PATCH_MASTERS};

use crate::io::Result;
use crate::loadorder::{Found, GlobalId, LoadOrder};
use rayon::prelude::*;
use std::path::Path;

/// How to build the patch.
#[derive(Debug, Clone)]
pub struct PatchOptions {
    /// The patch plugin's file name (`Bashed Patch, 0.esp`); further
    /// plugins of a split patch are numbered on from it ([`part_name`]).
    pub name: String,
    /// Tags given besides those plugins' descriptions carry (a tags
    /// file's, say), applied after them.
    pub tags: Tags,
    /// Whether the tags in plugins' descriptions are read.
    pub description_tags: bool,
    /// The most masters one patch plugin is given.
    pub max_masters: usize,
}

impl PatchOptions {
    /// Options for a patch named `name`, with the plugins' own tags.
    pub fn new(name: impl Into<String>) -> PatchOptions {
        PatchOptions {
            name: name.into(),
            tags: Tags::new(),
            description_tags: true,
            max_masters: MAX_PATCH_MASTERS,
        }
    }
}

/// A built patch: its plugins and what it did.
#[derive(Debug, Clone)]
pub struct Patch {
    /// The patch plugins, the first named as asked; empty when nothing
    /// needed merging.
    pub files: Vec<PatchFile>,
    /// What was merged.
    pub report: PatchReport,
}

/// The tags of each plugin of the order, from their descriptions, then
/// `extra`; with the names in descriptions that are not known tags.
fn gather_tags(order: &LoadOrder<'_>, options: &PatchOptions) -> (Tags, Vec<String>) {
    let mut tags = Tags::new();
    let mut unknown = Vec::new();
    if options.description_tags {
        for p in order.plugins() {
            if let Some(d) = &p.header.description {
                for u in tags.add_from_description(&p.name, d) {
                    unknown.push(format!("{}: {u}", p.name));
                }
            }
        }
    }
    for p in order.plugins() {
        for t in options.tags.of(&p.name) {
            tags.add(&p.name, t);
        }
    }
    // A tags file's `-Tag` takes away a description's tag.
    tags.subtract_removed(&options.tags);
    (tags, unknown)
}

/// Builds the merged patch of a load order.
pub fn build_patch(order: &LoadOrder<'_>, options: &PatchOptions) -> Result<Patch> {
    let game = order.game();
    let (tags, unknown_tags) = gather_tags(order, options);
    let outputs: Vec<String> = (0..order.len().max(1) + 1)
        .map(|k| part_name(&options.name, k).to_ascii_lowercase())
        .collect();
    // A patch already in the order is not merged from.
    let sources: Vec<bool> = order
        .plugins()
        .iter()
        .map(|p| !outputs.contains(&p.name.to_ascii_lowercase()))
        .collect();
    let mut candidates: Vec<GlobalId> = order
        .plugins()
        .par_iter()
        .enumerate()
        .filter(|(i, _)| sources[*i])
        .flat_map_iter(|(i, p)| {
            let plugin_tags = tags.of(&p.name);
            order
                .records_of(i)
                .filter(move |(id, r)| {
                    id.file != i as u32 && merge::concerns(game, r.header.sig, &plugin_tags)
                })
                .map(|(id, _)| id)
                .collect::<Vec<_>>()
        })
        .collect();
    candidates.par_sort_unstable();
    candidates.dedup();
    let chains = chains_of(order, &candidates, &sources);
    let results: Vec<_> = candidates
        .par_iter()
        .zip(&chains)
        .map(|(id, chain)| merge::merge_record(order, *id, chain, &tags))
        .collect();
    let mut merged = Vec::new();
    let mut left_out = Vec::new();
    for (id, r) in candidates.iter().zip(results) {
        match r {
            Ok(Some(m)) => merged.push(m),
            Ok(None) => {}
            Err(why) => left_out.push(format!("{}: {why}", order.describe(*id))),
        }
    }
    let files = if merged.is_empty() {
        Vec::new()
    } else {
        write::write_parts(order, &merged, &options.name, options.max_masters)?
    };
    let report = PatchReport {
        sources: order
            .plugins()
            .iter()
            .zip(&sources)
            .filter(|(_, s)| **s)
            .map(|(p, _)| (p.name.clone(), tags.of(&p.name)))
            .collect(),
        records: merged.into_iter().map(|m| m.report).collect(),
        left_out,
        unknown_tags,
    };
    Ok(Patch { files, report })
}

/// Every version of each of `ids` (sorted) in the plugins `sources` says
/// to read, in load order: each plugin's records, sorted by identity,
/// walked once beside the list.
fn chains_of<'o, 'a>(
    order: &'o LoadOrder<'a>,
    ids: &[GlobalId],
    sources: &[bool],
) -> Vec<Vec<Found<'o, 'a>>> {
    let found: Vec<Vec<(usize, &'o crate::plugin::Record<'a>)>> = (0..order.len())
        .into_par_iter()
        .map(|p| {
            let mut out = Vec::new();
            if !sources[p] {
                return out;
            }
            let mut at = 0;
            for (id, record) in order.records_of(p) {
                while at < ids.len() && ids[at] < id {
                    at += 1;
                }
                if at == ids.len() {
                    break;
                }
                if ids[at] == id {
                    out.push((at, record));
                }
            }
            out
        })
        .collect();
    let mut chains: Vec<Vec<Found<'o, 'a>>> = ids.iter().map(|_| Vec::new()).collect();
    for (plugin, list) in found.into_iter().enumerate() {
        for (at, record) in list {
            chains[at].push(Found { plugin, record });
        }
    }
    chains
}

/// Writes the patch's plugins into `dir`, each through the safe-write
/// path (lock, temporary file read back, backup, rename).
pub fn save_patch(patch: &Patch, dir: &Path) -> Result<Vec<crate::fsio::Written>> {
    patch
        .files
        .iter()
        .map(|f| {
            let path = dir.join(&f.name);
            crate::fsio::WriteLock::acquire(&path)?.write(&f.bytes, |written| {
                crate::plugin::Plugin::parse(written).map(|_| ())
            })
        })
        .collect()
}
