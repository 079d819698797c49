//! The versions of one record the merge reads: each renumbered alike
//! (see `numbering`), as subrecords, with which of them are a version's
//! masters' versions.

use crate::loadorder::LoadOrder;
use crate::plugin::{Record, Subrecord};

/// One version of the record, renumbered, as subrecords.
pub(crate) struct Version {
    pub plugin: usize,
    pub record: Record<'static>,
    pub subs: Vec<Subrecord>,
}

/// The versions of the masters of the version at `k` (their places in
/// `versions`), in load order.
pub(crate) fn masters_of(order: &LoadOrder<'_>, versions: &[Version], k: usize) -> Vec<usize> {
    let masters = order.plugin(versions[k].plugin).master_files();
    (0..k)
        .filter(|&j| masters.contains(&(versions[j].plugin as u32)))
        .collect()
}
