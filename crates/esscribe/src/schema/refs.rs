//! The form IDs a record holds, each with where it stands and the record
//! types its declaration lets it point to: what checks of references and
//! changes to masters work from.

use super::codec::FormCtx;
use super::record::{ItemKind, ItemRef, RecordView};
use super::types::{Occurs, Targets};
use super::value::{FieldValue, Val};
use super::Catalog;
use crate::io::{FormId, Result, Sig};
use crate::plugin::{Record, SubrecordRef};

/// One form ID field of a decoded record.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FormRef {
    /// Where it stands, by the names JSON gives: `items.2.item`,
    /// `location.location`; repeated members are numbered in file order
    /// (the nodes of a tree too, in preorder).
    pub path: String,
    /// The form ID, as stored.
    pub form_id: FormId,
    /// The record types it may point to; empty when any type will do.
    pub targets: Targets,
    /// Where its subrecord is, counted as [`SubrecordRef::offset`] counts
    /// (a file offset, or an offset in a compressed record's inflated
    /// data).
    pub subrecord: u64,
    /// Where its four bytes start in that subrecord's data.
    pub at: usize,
}

impl FormRef {
    /// Whether a record of type `sig` is an allowed target.
    pub fn allows(&self, sig: Sig) -> bool {
        self.targets.is_empty() || self.targets.iter().any(|t| **t == sig.0)
    }

    /// The allowed types as text, `CSTY, NPC_` (empty when any will do).
    pub fn targets_text(&self) -> String {
        let names: Vec<String> = self.targets.iter().map(|t| Sig(**t).to_string()).collect();
        names.join(", ")
    }
}

/// Every form ID field of a record read by its declaration, in file order,
/// null form IDs included. Subrecords kept as bytes hold none.
pub fn form_refs(view: &RecordView<'_>) -> Vec<FormRef> {
    let mut out = Vec::new();
    members(view, view.members(), "", true, &mut out);
    out
}

/// [`form_refs`] without their paths (left empty): where a record's form
/// IDs stand, found quickly, for rewriting them.
pub fn form_ref_places(view: &RecordView<'_>) -> Vec<FormRef> {
    let mut out = Vec::new();
    members(view, view.members(), "", false, &mut out);
    out
}

/// [`form_refs`] of a plugin record; `Ok(None)` for a record type without
/// a declaration in `catalog`.
pub fn record_form_refs(
    record: &Record<'_>,
    catalog: &Catalog,
    ctx: &FormCtx,
) -> Result<Option<Vec<FormRef>>> {
    super::with_view(record, catalog, ctx, form_refs)
}

fn join(prefix: &str, name: &str) -> String {
    if prefix.is_empty() {
        name.to_string()
    } else {
        format!("{prefix}.{name}")
    }
}

/// The members of one level; repeating ones are numbered as JSON lists
/// them.
fn members<'v, 'a: 'v>(
    view: &'v RecordView<'a>,
    items: impl Iterator<Item = ItemRef<'v, 'a>>,
    prefix: &str,
    named: bool,
    out: &mut Vec<FormRef>,
) {
    let mut seen: Vec<(&'static str, usize)> = Vec::new();
    let mut place = |name: &'static str, repeating: bool| {
        if !named {
            return String::new();
        }
        let at = match seen.iter_mut().find(|(n, _)| *n == name) {
            Some((_, count)) => {
                *count += 1;
                *count - 1
            }
            None => {
                seen.push((name, 1));
                0
            }
        };
        if repeating {
            format!("{}.{at}", join(prefix, name))
        } else {
            join(prefix, name)
        }
    };
    let mut paired_items = 0;
    for item in items {
        match item.kind() {
            ItemKind::Sub(sv) => {
                let path = place(sv.def.name, sv.def.occurs == Occurs::Repeating);
                if let Some(v) = item.value() {
                    let site = Site { view, sub: &sv.sub };
                    value(&site, v, path, named, out);
                }
            }
            ItemKind::Group(g) => {
                let path = place(g.name, g.occurs == Occurs::Repeating);
                members(view, item.children(), &path, named, out);
            }
            ItemKind::Paired(p) => {
                let path = place(p.name, false);
                members(view, item.children(), &path, named, out);
            }
            ItemKind::PairedItem => {
                let path = if named {
                    format!("{prefix}.{}", paired_items)
                } else {
                    String::new()
                };
                paired_items += 1;
                members(view, item.children(), &path, named, out);
            }
            ItemKind::Unexpected(_) => {}
        }
    }
}

/// The subrecord a value was read from, and the view that knows where
/// its form IDs stand.
struct Site<'s, 'v, 'a> {
    view: &'v RecordView<'a>,
    sub: &'s SubrecordRef<'a>,
}

fn value<'v, 'a>(
    site: &Site<'_, 'v, 'a>,
    v: Val<'v, 'a>,
    path: String,
    named: bool,
    out: &mut Vec<FormRef>,
) {
    let (form_id, targets) = match v.value() {
        FieldValue::FormId(form_id) => (form_id, &[][..]),
        FieldValue::FormIdOf(form_id, targets) => (form_id, targets),
        FieldValue::Struct(_) => {
            for c in v.children() {
                let path = if named {
                    join(&path, c.name())
                } else {
                    String::new()
                };
                value(site, c, path, named, out);
            }
            return;
        }
        FieldValue::List(_) => {
            for (i, c) in v.children().enumerate() {
                let path = if named {
                    format!("{path}.{i}")
                } else {
                    String::new()
                };
                value(site, c, path, named, out);
            }
            return;
        }
        FieldValue::Sized { .. } => {
            let inner = v.inner();
            if !matches!(inner.value(), FieldValue::Sized { .. }) {
                value(site, inner, path, named, out);
            }
            return;
        }
        _ => return,
    };
    // Every form ID value was read from its subrecord's bytes.
    let at = site.view.form_id_offset(&v, site.sub).unwrap_or(usize::MAX);
    out.push(FormRef {
        path,
        form_id,
        targets,
        subrecord: site.sub.offset,
        at,
    });
}
