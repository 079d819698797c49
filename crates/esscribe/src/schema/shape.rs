//! The shape of a record's fields in the JSON form, walked straight from
//! its typed view and handed to a [`ShapeSink`]: the pretty text
//! ([`super::text_out`]) is one sink, the comparable form of a record
//! version (`loadorder::comparable`) another. The rules for keys live here
//! once.
//!
//! The JSON form decides some things by looking at what it has built so
//! far, and this walk makes the same choices: repeating members gather
//! in a list while they follow each other, a name met again is keyed
//! `name#2`, members sharing a name are told apart by a sibling's text
//! (`When`), the record's tree groups are nested by their child counts,
//! paired lists are zipped with their keys, and a size-chosen layout is
//! shown through the JSON form to decide on `_size`. Where the JSON form
//! would key a member `name:SIG`, or where a subrecord is kept as bytes,
//! the walk gives up (`None`) and the caller takes the JSON path. It
//! never checks that the shape gives back the record's bytes.

use super::codec::FormCtx;
use super::members::{find_member_by, member_name};
use super::trees::counts_make_forest;
use super::types::*;
use super::value::{FieldValue, Val};
use super::view::{ItemKind, ItemRef, RecordView};
use crate::io::{decode_cp1252, FormId, Sig};
use crate::plugin::SizeForm;
use serde_json::{Map, Value};

/// A value with no parts, as the walk hands it to a sink.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Scalar<'s> {
    Null,
    Bool(bool),
    Signed(i64),
    Unsigned(u64),
    /// A finite f32, shown as its shortest decimal read as an f64.
    F32(f32),
    /// A finite f64.
    F64(f64),
    Str(&'s str),
    /// A form ID as the record's plugin numbers it.
    FormId(FormId),
    Sig(Sig),
    /// Bytes, shown as lowercase hex.
    Hex(&'s [u8]),
}

/// Where the walk puts the shape: objects and lists opened and closed,
/// keys and items started, scalars. `depth` is where the value stands,
/// for sinks that indent; `first` says whether an entry is its
/// container's first.
pub(crate) trait ShapeSink {
    /// Opens an object, or a list when `list`.
    fn open(&mut self, list: bool);
    /// Starts an object's entry `name`; `seen` is how many entries of the
    /// object had that name before (keyed `name#{seen + 1}` when any).
    fn key(&mut self, name: &'static str, seen: usize, first: bool, depth: usize);
    /// Starts a list's next item.
    fn item(&mut self, first: bool, depth: usize);
    /// Closes the innermost open object (or list, when `list`); `empty`
    /// when nothing was put in it.
    fn close(&mut self, list: bool, empty: bool, depth: usize);
    fn scalar(&mut self, value: Scalar<'_>, depth: usize);
    /// A value shown through its JSON form (a size-chosen layout).
    fn json(&mut self, value: &Value, depth: usize);
    /// The form IDs' context (for the sibling text that picks members).
    fn ctx(&self) -> &FormCtx;
}

/// Walks the record's fields object, standing at `depth`, into `sink`;
/// `None`, with the sink holding an unfinished shape, when the record's
/// shape needs the JSON path.
pub(crate) fn walk_fields<S: ShapeSink>(
    view: &RecordView<'_>,
    depth: usize,
    sink: &mut S,
) -> Option<()> {
    thread_local! {
        static USED: std::cell::Cell<Vec<&'static str>> = const { std::cell::Cell::new(Vec::new()) };
    }
    let mut w = Walker {
        sink,
        used: USED.take(),
    };
    w.used.clear();
    let done = w.seq(view, view.def.members, view.members(), depth, true);
    USED.set(w.used);
    done
}

struct Walker<'s, S> {
    sink: &'s mut S,
    /// The names given in the objects being walked, outermost first:
    /// one stack for every level, so that walking allocates nothing.
    used: Vec<&'static str>,
}

/// Whether two members of `members` share a name (members meant for
/// different values of a sibling, say): keys are then chosen as the
/// JSON form chooses them. Worked out once per list of members (in each
/// thread).
pub(super) fn shares_names(members: &'static [Member]) -> bool {
    use foldhash::HashMap;
    use std::cell::RefCell;
    thread_local! {
        static KNOWN: RefCell<HashMap<(usize, usize), bool>> = RefCell::default();
    }
    let key = (members.as_ptr() as usize, members.len());
    if let Some(shared) = KNOWN.with(|k| k.borrow().get(&key).copied()) {
        return shared;
    }
    let shared = members.iter().enumerate().any(|(i, m)| {
        let name = member_name(m);
        members[..i].iter().any(|o| member_name(o) == name)
    });
    KNOWN.with(|k| k.borrow_mut().insert(key, shared));
    shared
}

/// Whether the JSON form keys the subrecord member `def` by its name
/// alone: whether the key's name leads back to `def`, as `key_for`
/// decides among members sharing its name by their siblings' text.
pub(super) fn keyed_by_name<'t>(
    members: &[Member],
    def: &SubDef,
    sibling_text: impl Fn(&str) -> Option<std::borrow::Cow<'t, str>>,
) -> bool {
    match find_member_by(members, def.name, sibling_text) {
        Some(Member::Sub(found)) => std::ptr::eq(found, def),
        _ => true,
    }
}

/// The names flags show as: the names of the bits set, in declaration
/// order, then each bit without a name as hex (`0x40`).
pub(crate) fn flag_names(
    defs: &FlagsDef,
    v: u64,
) -> impl Iterator<Item = std::borrow::Cow<'static, str>> + '_ {
    let named = defs
        .bits
        .iter()
        .filter(move |(bit, _)| v & bit == *bit && *bit != 0);
    let covered = named.clone().fold(0u64, |acc, (bit, _)| acc | bit);
    let left = v & !covered;
    named
        .map(|(_, name)| std::borrow::Cow::Borrowed(*name))
        .chain(
            (0..64)
                .map(|i| 1u64 << i)
                .filter(move |bit| left & bit != 0)
                .map(|bit| std::borrow::Cow::Owned(format!("0x{bit:X}"))),
        )
}

/// Walks flags as the list [`flag_names`] gives, standing at `depth`.
pub(crate) fn walk_flags(defs: &FlagsDef, v: u64, depth: usize, sink: &mut impl ShapeSink) {
    sink.open(true);
    let mut first = true;
    for name in flag_names(defs, v) {
        sink.item(first, depth + 1);
        first = false;
        sink.scalar(Scalar::Str(&name), depth + 1);
    }
    sink.close(true, first, depth);
}

impl<S: ShapeSink> Walker<'_, S> {
    /// An object of the members `items`, standing at `depth`; `top` for
    /// the record's own members.
    fn seq<'v, 'a: 'v>(
        &mut self,
        view: &'v RecordView<'a>,
        members: &'static [Member],
        items: impl Iterator<Item = ItemRef<'v, 'a>>,
        depth: usize,
        top: bool,
    ) -> Option<()> {
        self.sink.open(false);
        let base = self.used.len();
        self.entries(view, members, items, depth, base, top)?;
        self.sink.close(false, self.used.len() == base, depth);
        self.used.truncate(base);
        Some(())
    }

    /// Starts the entry `name` of an object opened at `depth` whose keys
    /// so far are the names stack's top from `base` on.
    fn key(&mut self, name: &'static str, base: usize, depth: usize) {
        let first = self.used.len() == base;
        // A name met again in this object is keyed `name#2`, `name#3`...
        // (no declared name holds a `#`).
        let seen = self.used[base..].iter().filter(|u| **u == name).count();
        self.sink.key(name, seen, first, depth + 1);
        self.used.push(name);
    }

    /// The entries of the members `items` in an object opened at `depth`
    /// whose keys so far are the names stack's top from `base` on.
    fn entries<'v, 'a: 'v>(
        &mut self,
        view: &'v RecordView<'a>,
        members: &'static [Member],
        items: impl Iterator<Item = ItemRef<'v, 'a>>,
        depth: usize,
        base: usize,
        top: bool,
    ) -> Option<()> {
        let mut items = items.peekable();
        // Where members share names, the values walked so far by name,
        // for the keys' choice.
        let shared = shares_names(members);
        let mut written: Vec<(&'static str, Option<Val<'v, 'a>>)> = Vec::new();
        // The member whose list is the last entry, still open for more.
        let mut open_list: Option<&'static str> = None;
        while let Some(it) = items.next() {
            let (name, repeating) = match it.kind() {
                ItemKind::Sub(sv) => {
                    if sv.sub.size_form != SizeForm::Short {
                        return None;
                    }
                    (sv.def.name, sv.def.occurs == Occurs::Repeating)
                }
                ItemKind::Group(g) => (g.name, g.occurs == Occurs::Repeating),
                ItemKind::Paired(p) => (p.name, false),
                _ => return None,
            };
            if let (true, ItemKind::Sub(sv)) = (shared, it.kind()) {
                let ctx = self.sink.ctx();
                let sibling_text = |sibling: &str| {
                    let (_, v) = written.iter().find(|(n, _)| *n == sibling)?;
                    v.as_ref()?.json_text(ctx)
                };
                if !keyed_by_name(members, sv.def, sibling_text) {
                    return None;
                }
                if !written.iter().any(|(n, _)| *n == name) {
                    let single = (!repeating).then(|| view.value_of(&sv)).flatten();
                    written.push((name, single));
                }
            } else if shared && !written.iter().any(|(n, _)| *n == name) {
                written.push((name, None));
            }
            // The JSON form nests the trees of the record's own members:
            // a tree's nodes are the whole run of its group.
            let tree = match it.kind() {
                ItemKind::Group(g @ GroupDef { tree: Some(t), .. }) if top && repeating => {
                    Some((g, *t))
                }
                _ => None,
            };
            // A repeating member's items gather in one list while they
            // follow each other (by name, as the JSON form gathers them).
            let same_list = tree.is_none() && repeating && open_list.is_some_and(|l| l == name);
            if same_list {
                self.sink.item(false, depth + 2);
            } else {
                if open_list.take().is_some() {
                    self.sink.close(true, false, depth + 1);
                }
                self.key(name, base, depth);
                if repeating && tree.is_none() {
                    self.sink.open(true);
                    self.sink.item(true, depth + 2);
                    open_list = Some(name);
                }
            }
            if let Some((g, counted_by)) = tree {
                let mut run = vec![it];
                while let Some(next) =
                    items.next_if(|n| matches!(n.kind(), ItemKind::Group(h) if std::ptr::eq(g, h)))
                {
                    run.push(next);
                }
                self.tree(view, g, counted_by, &run, depth + 1)?;
                continue;
            }
            let at = if repeating { depth + 2 } else { depth + 1 };
            match it.kind() {
                ItemKind::Sub(sv) => self.value(view.value_of(&sv)?, at)?,
                ItemKind::Group(g) => self.seq(view, g.members, it.children(), at, false)?,
                ItemKind::Paired(p) => self.paired(view, p, it, at)?,
                // Only subrecords, groups and paired lists get here.
                _ => return None,
            }
        }
        if open_list.is_some() {
            self.sink.close(true, false, depth + 1);
        }
        Some(())
    }

    /// The nodes of a tree group, stored in preorder with their child
    /// counts, as a list standing at `depth`:
    /// nested under each node's `children` when the counts make a forest,
    /// else flat (as `trees::nest_trees` shows them).
    fn tree<'v, 'a: 'v>(
        &mut self,
        view: &'v RecordView<'a>,
        g: &'static GroupDef,
        (sub, count): (&'static str, &'static str),
        run: &[ItemRef<'v, 'a>],
        depth: usize,
    ) -> Option<()> {
        // A member called `children` would be overwritten by the nesting.
        if g.members.iter().any(|m| member_name(m) == "children") {
            return None;
        }
        // Each node's count as the JSON form reads it: its member `sub`
        // shown as JSON, and the whole number under `count` (a repeating
        // member shows as a list, which has none).
        let ctx = self.sink.ctx();
        let counts: Vec<u64> = run
            .iter()
            .map(|node| {
                node.children()
                    .find_map(|c| match c.kind() {
                        ItemKind::Sub(sv) if sv.def.name == sub => Some(
                            view.value_of(&sv)
                                .filter(|_| sv.def.occurs != Occurs::Repeating),
                        ),
                        _ => None,
                    })
                    .flatten()
                    .and_then(|v| v.to_json(ctx, &Map::new()).get(count)?.as_u64())
                    .unwrap_or(0)
            })
            .collect();
        let nested = counts_make_forest(counts.len(), &|i| counts[i]);
        self.sink.open(true);
        let mut at = 0;
        let mut first = true;
        while at < run.len() {
            self.sink.item(first, depth + 1);
            first = false;
            at = if nested {
                self.node(view, g, run, &counts, at, depth + 1)?
            } else {
                self.seq(view, g.members, run[at].children(), depth + 1, false)?;
                at + 1
            };
        }
        self.sink.close(true, false, depth);
        Some(())
    }

    /// One node of a nested tree and its subtree, standing at `depth`;
    /// gives back the index past its subtree.
    fn node<'v, 'a: 'v>(
        &mut self,
        view: &'v RecordView<'a>,
        g: &'static GroupDef,
        run: &[ItemRef<'v, 'a>],
        counts: &[u64],
        at: usize,
        depth: usize,
    ) -> Option<usize> {
        self.sink.open(false);
        let base = self.used.len();
        self.entries(view, g.members, run.get(at)?.children(), depth, base, false)?;
        let mut next = at + 1;
        if counts[at] > 0 {
            self.sink
                .key("children", 0, self.used.len() == base, depth + 1);
            self.sink.open(true);
            for i in 0..counts[at] {
                self.sink.item(i == 0, depth + 2);
                next = self.node(view, g, run, counts, next, depth + 2)?;
            }
            self.sink.close(true, false, depth + 1);
            self.used.push("children");
        }
        self.sink.close(false, self.used.len() == base, depth);
        self.used.truncate(base);
        Some(next)
    }

    /// A paired list standing at `depth`, as `JsonWriter::paired` shows
    /// it: one object per group with its key first, or the groups and the
    /// keys apart when their numbers differ.
    fn paired<'v, 'a: 'v>(
        &mut self,
        view: &'v RecordView<'a>,
        p: &'static PairedDef,
        it: ItemRef<'v, 'a>,
        depth: usize,
    ) -> Option<()> {
        let mut groups = Vec::new();
        let mut keys = Vec::new();
        for child in it.children() {
            match child.kind() {
                ItemKind::PairedItem => groups.push(child),
                ItemKind::Sub(sv) if sv.sub.size_form == SizeForm::Short => {
                    keys.push(view.value_of(&sv)?)
                }
                _ => return None,
            }
        }
        if groups.len() == keys.len() {
            // The key stands first; a member of the same name would take
            // its place.
            if p.items.iter().any(|m| member_name(m) == p.key_name) {
                return None;
            }
            self.sink.open(true);
            for (i, (group, k)) in groups.iter().zip(&keys).enumerate() {
                self.sink.item(i == 0, depth + 1);
                self.sink.open(false);
                let base = self.used.len();
                self.key(p.key_name, base, depth + 1);
                self.value(*k, depth + 2)?;
                self.entries(view, p.items, group.children(), depth + 1, base, false)?;
                self.sink.close(false, false, depth + 1);
                self.used.truncate(base);
            }
            self.sink.close(true, groups.is_empty(), depth);
        } else {
            self.sink.open(false);
            self.sink.key("items", 0, true, depth + 1);
            self.sink.open(true);
            for (i, group) in groups.iter().enumerate() {
                self.sink.item(i == 0, depth + 2);
                self.seq(view, p.items, group.children(), depth + 2, false)?;
            }
            self.sink.close(true, groups.is_empty(), depth + 1);
            self.sink.key("keys", 0, false, depth + 1);
            self.sink.open(true);
            for (i, k) in keys.iter().enumerate() {
                self.sink.item(i == 0, depth + 2);
                self.value(*k, depth + 2)?;
            }
            self.sink.close(true, keys.is_empty(), depth + 1);
            self.sink.close(false, false, depth);
        }
        Some(())
    }

    /// One value standing at `depth`, as [`Val::to_json`] shows it.
    fn value(&mut self, v: Val<'_, '_>, depth: usize) -> Option<()> {
        let sink = &mut *self.sink;
        match v.value() {
            FieldValue::Int(int, n) => sink.scalar(int_scalar(int, n), depth),
            FieldValue::F32(x) if x.is_finite() => sink.scalar(Scalar::F32(x), depth),
            FieldValue::F32(x) => {
                bits_object("f32_bits", &format!("0x{:08X}", x.to_bits()), depth, sink)
            }
            FieldValue::F64(x) if x.is_finite() => sink.scalar(Scalar::F64(x), depth),
            FieldValue::F64(x) => {
                bits_object("f64_bits", &format!("0x{:016X}", x.to_bits()), depth, sink)
            }
            FieldValue::FormId(id) | FieldValue::FormIdOf(id, _) => {
                sink.scalar(Scalar::FormId(id), depth)
            }
            FieldValue::Char4(sig) => sink.scalar(Scalar::Sig(sig), depth),
            FieldValue::Bytes(b) => sink.scalar(Scalar::Hex(b), depth),
            FieldValue::Enum(int, defs, n) => match defs.name_of(n) {
                Some(name) => sink.scalar(Scalar::Str(name), depth),
                None => sink.scalar(int_scalar(int, n), depth),
            },
            FieldValue::Flags(_, defs, n) => walk_flags(defs, n, depth, sink),
            FieldValue::Bits(Ty::Bits(_, fields), n) => bits(fields, n, depth, sink),
            FieldValue::Bits(_, n) => sink.scalar(Scalar::Unsigned(n), depth),
            FieldValue::Bool(0) => sink.scalar(Scalar::Bool(false), depth),
            FieldValue::Bool(1) => sink.scalar(Scalar::Bool(true), depth),
            FieldValue::Bool(n) => sink.scalar(Scalar::Unsigned(n as u64), depth),
            FieldValue::Text(b) => sink.scalar(Scalar::Str(&decode_cp1252(b)), depth),
            FieldValue::StringId(id) if sink.ctx().strings.is_none() => {
                sink.open(false);
                sink.key("string_id", 0, true, depth + 1);
                sink.scalar(Scalar::Unsigned(id as u64), depth + 1);
                sink.close(false, false, depth);
            }
            FieldValue::Struct(_) => {
                // A struct's fields have names of their own (a test holds
                // every declaration to that), so each is its own key.
                self.sink.open(false);
                let mut first = true;
                for c in v.children() {
                    self.sink.key(c.name(), 0, first, depth + 1);
                    first = false;
                    self.value(c, depth + 1)?;
                }
                self.sink.close(false, first, depth);
            }
            FieldValue::List(_) => {
                self.sink.open(true);
                let mut first = true;
                for c in v.children() {
                    self.sink.item(first, depth + 1);
                    first = false;
                    self.value(c, depth + 1)?;
                }
                self.sink.close(true, first, depth);
            }
            FieldValue::Empty => sink.scalar(Scalar::Null, depth),
            // Whether `_size` is shown depends on what the JSON would
            // encode to, and localized text on the string tables: shown
            // through the JSON form, for this value alone.
            FieldValue::Sized { layouts, .. } if super::select::chosen_by(layouts).is_none() => {
                let json = v.to_json(sink.ctx(), &Map::new());
                sink.json(&json, depth);
            }
            // A save's iref is named through the save's form ID array, which
            // the walk does not follow.
            FieldValue::StringId(_) | FieldValue::Sized { .. } | FieldValue::Iref(_) => {
                return None
            }
        }
        Some(())
    }
}

fn int_scalar(int: Int, n: i64) -> Scalar<'static> {
    if int == Int::U64 {
        Scalar::Unsigned(n as u64)
    } else {
        Scalar::Signed(n)
    }
}

fn bits_object(name: &'static str, bits: &str, depth: usize, sink: &mut impl ShapeSink) {
    sink.open(false);
    sink.key(name, 0, true, depth + 1);
    sink.scalar(Scalar::Str(bits), depth + 1);
    sink.close(false, false, depth);
}

fn bits(fields: &[BitField], v: u64, depth: usize, sink: &mut impl ShapeSink) {
    sink.open(false);
    let mut first = true;
    let mut covered = 0u64;
    for bf in fields {
        covered |= bf.mask;
        let part = (v & bf.mask) >> bf.mask.trailing_zeros();
        sink.key(bf.name, 0, first, depth + 1);
        first = false;
        match bf.kind {
            BitKind::Enum(e) => match e.name_of(part as i64) {
                Some(name) => sink.scalar(Scalar::Str(name), depth + 1),
                None => sink.scalar(Scalar::Unsigned(part), depth + 1),
            },
            BitKind::Flags(fl) => walk_flags(fl, part, depth + 1, sink),
        }
    }
    if v & !covered != 0 {
        sink.key("_other_bits", 0, first, depth + 1);
        first = false;
        sink.scalar(Scalar::Unsigned(v & !covered), depth + 1);
    }
    sink.close(false, first, depth);
}
