//! What the patch holds and did: its plugins, and per record what was
//! merged from whom.

use super::tags::Tag;

/// One plugin of the patch.
#[derive(Debug, Clone, serde::Serialize)]
pub struct PatchFile {
    /// Its file name.
    pub name: String,
    /// Its masters, in order.
    pub masters: Vec<String>,
    /// How many records it holds.
    pub records: usize,
    /// Whether it is flagged light.
    pub light: bool,
    /// The plugin's bytes.
    #[serde(skip)]
    pub bytes: Vec<u8>,
}

/// What a plugin gave a merged record.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Contribution {
    /// The plugin.
    pub plugin: String,
    /// What was taken from it: `entries added: ...`, `Names: name`.
    pub what: String,
}

/// One merged record.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct RecordReport {
    /// Its load-order form ID and defining file (`00106662 Skyrim.esm`).
    pub form_id: String,
    /// The record as people read it (editor ID, name, type, form ID).
    pub record: String,
    /// Its type (`LVLI`).
    pub signature: String,
    /// The plugin whose version the game would use without the patch.
    pub winner: String,
    /// The version the merge started from: the defining master's, or,
    /// when that is not loaded, the first loaded one.
    pub base: String,
    /// The defining master is not loaded: the merge is the union of the
    /// loaded versions.
    pub master_absent: bool,
    /// What was taken from whom, in load order.
    pub merged_from: Vec<Contribution>,
    /// What the winning version alone would have lost.
    pub winner_would_lose: Vec<String>,
}

/// What the patch did.
#[derive(Debug, Clone, Default, serde::Serialize)]
pub struct PatchReport {
    /// The plugins merged from, in load order, with their tags.
    pub sources: Vec<(String, Vec<Tag>)>,
    /// Each merged record, by global identity.
    pub records: Vec<RecordReport>,
    /// Records left out because a version could not be read or merged,
    /// each with why.
    pub left_out: Vec<String>,
    /// Tags in plugins' descriptions this patch does not know.
    pub unknown_tags: Vec<String>,
}

impl RecordReport {
    /// Notes the field `key` of `tag` taken from `plugin`: the winning
    /// version alone would lose it.
    pub(crate) fn took(&mut self, plugin: String, tag: Tag, key: &str) {
        self.merged_from.push(Contribution {
            plugin: plugin.clone(),
            what: format!("{tag}: {key}"),
        });
        self.winner_would_lose
            .push(format!("{key} as {plugin} has it"));
    }
}
