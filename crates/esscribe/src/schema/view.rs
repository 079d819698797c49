//! The typed record: a record's subrecords matched, in order, against its
//! declaration, each matched one decoded by its layout into values that
//! borrow the record's bytes. What the declaration does not expect where
//! it stands is kept as bytes in place.

use super::codec::FormCtx;
use super::members::*;
use super::record::*;
use super::types::*;
use super::value::{chosen_by, Earlier, FormIdSites, Node, Val, ValueSink};
use crate::io::Sig;
use crate::plugin::SubrecordRef;
use std::borrow::Cow;

/// A subrecord matched to its declaration.
#[derive(Debug, Clone, Copy)]
pub struct SubValue<'a> {
    /// The member declaration it was matched to.
    pub def: &'static SubDef,
    /// The subrecord as read.
    pub sub: SubrecordRef<'a>,
    /// Where its value is in the record's value tree; `None` when the data
    /// does not fit the declared layout (it is kept as bytes).
    value: Option<u32>,
    /// Bytes were left over after the declared fields (kept as `_rest`).
    left_over: bool,
    /// Its data was kept as bytes by design ([`Field::Opaque`], declared
    /// or chosen among a [`Field::ByFit`]'s layouts).
    opaque: bool,
    /// Its data was kept as bytes not decoded yet ([`Field::Bytes`],
    /// declared or chosen).
    undecoded: bool,
}

/// One matched member of a record.
#[derive(Debug, Clone, Copy)]
pub enum ItemKind<'a> {
    /// A subrecord matched to its member.
    Sub(SubValue<'a>),
    /// One occurrence of a group; its members follow.
    Group(&'static GroupDef),
    /// Groups and the keys that follow them: its children are the
    /// [`ItemKind::PairedItem`]s, then the keys.
    Paired(&'static PairedDef),
    /// One group of a paired list; its members follow.
    PairedItem,
    /// A subrecord the declaration does not expect where it stands.
    Unexpected(SubrecordRef<'a>),
}

/// A matched member in the record's member tree, stored in preorder.
#[derive(Debug, Clone, Copy)]
pub(super) struct ItemNode<'a> {
    kind: ItemKind<'a>,
    /// Index just past this item's subtree.
    end: u32,
}

/// A record read by its declaration: every subrecord in file order,
/// matched to its member and decoded into typed values that borrow the
/// record's bytes. Nothing is lost: a subrecord that does not fit its
/// layout, or that the declaration does not expect, is kept as bytes.
#[derive(Debug, Clone)]
pub struct RecordView<'a> {
    /// The record type's declaration it was read by.
    pub def: &'static RecordDef,
    items: Vec<ItemNode<'a>>,
    values: Vec<Node<'a>>,
    /// Scratch space, kept only to be used again.
    earlier: Earlier,
    /// Where each form ID's bytes are.
    form_id_sites: FormIdSites,
    coverage: Coverage,
}

/// A member of a record with its place in the record.
#[derive(Debug, Clone, Copy)]
pub struct ItemRef<'v, 'a> {
    view: &'v RecordView<'a>,
    at: usize,
}

impl<'v, 'a> ItemRef<'v, 'a> {
    /// What this member is.
    pub fn kind(&self) -> ItemKind<'a> {
        self.view.items[self.at].kind
    }

    /// The members of a group, or the groups and keys of a paired list.
    pub fn children(self) -> impl Iterator<Item = ItemRef<'v, 'a>> {
        children(
            &self.view.items,
            self.at + 1,
            self.view.items[self.at].end as usize,
        )
        .map(move |at| ItemRef {
            view: self.view,
            at,
        })
    }

    /// A subrecord's value; `None` for groups and for subrecords kept as
    /// bytes.
    pub fn value(&self) -> Option<Val<'v, 'a>> {
        match self.kind() {
            ItemKind::Sub(sv) => self.view.value_of(&sv),
            _ => None,
        }
    }
}

/// Indexes of the direct children in `start..end` of a preorder tree.
pub(super) fn children<'i>(
    items: &'i [ItemNode<'_>],
    start: usize,
    end: usize,
) -> impl Iterator<Item = usize> + 'i {
    let mut next = start;
    std::iter::from_fn(move || {
        (next < end).then(|| {
            let at = next;
            next = items[at].end as usize;
            at
        })
    })
}

impl SubValue<'_> {
    pub(super) fn fate(&self) -> Fate {
        match self.value {
            None => Fate::Misfit,
            Some(_) if self.opaque => Fate::Opaque,
            Some(_) if self.undecoded => Fate::Undecoded,
            Some(_) if self.left_over => Fate::LeftOver,
            Some(_) => Fate::Decoded,
        }
    }
}

/// A subrecord a declaration kept as bytes, and why.
#[derive(Debug, Clone, Copy)]
pub struct RawSub<'a> {
    /// The subrecord as read.
    pub sub: SubrecordRef<'a>,
    /// The member it was matched to; `None` when the declaration does not
    /// expect it where it stands.
    pub member: Option<&'static SubDef>,
    /// Why it was kept as bytes: never [`Fate::Decoded`] or
    /// [`Fate::Opaque`].
    pub fate: Fate,
}

impl std::fmt::Display for RawSub<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let (sig, len) = (self.sub.sig, self.sub.data.len());
        match self.member {
            None => write!(
                f,
                "{sig} ({len} bytes) is not expected here by the declaration"
            ),
            Some(def) if self.fate == Fate::Misfit => {
                write!(
                    f,
                    "{sig} ({}, {len} bytes) does not fit its declared layout",
                    def.name
                )?;
                match fixed_size(&def.field) {
                    Some(n) => write!(f, " of {n} bytes"),
                    None => Ok(()),
                }
            }
            Some(def) if self.fate == Fate::Undecoded => write!(
                f,
                "{sig} ({}, {len} bytes) is declared as bytes, not decoded yet",
                def.name
            ),
            Some(def) => write!(
                f,
                "{sig} ({}, {len} bytes) has bytes left over after its declared fields",
                def.name
            ),
        }
    }
}

/// The size of a layout that always takes the same number of bytes.
pub(super) fn fixed_size(field: &Field) -> Option<usize> {
    fn ty_size(ty: &Ty) -> Option<usize> {
        match ty {
            Ty::Int(i) | Ty::Enum(i, _) | Ty::Flags(i, _) | Ty::Bits(i, _) => Some(i.size()),
            Ty::F32 | Ty::FormId | Ty::FormIdOf(_) | Ty::Char4 | Ty::Iref => Some(4),
            Ty::F64 => Some(8),
            Ty::Bool => Some(1),
            Ty::Bytes(n) => Some(*n),
            _ => None,
        }
    }
    match field {
        Field::Value(ty) => ty_size(ty),
        Field::Empty => Some(0),
        _ => None,
    }
}

/// What became of one subrecord read by a declaration.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Fate {
    /// Read by its member's layout.
    Decoded,
    /// Kept as bytes by design: not decoded, not counted raw.
    Opaque,
    /// Kept as bytes not decoded yet, as its layout says: given back as
    /// given, whatever its size.
    Undecoded,
    /// Read, with bytes left over past its declared fields.
    LeftOver,
    /// Kept as bytes: its data does not fit its member's layout (damage,
    /// or a declaration that does not match the file).
    Misfit,
    /// Kept as bytes: the declaration does not expect it where it stands.
    Unexpected,
}

impl Fate {
    /// Why a subrecord of this fate is kept as bytes; `None` when it is
    /// not counted raw.
    pub fn why_raw(self) -> Option<&'static str> {
        match self {
            Fate::Decoded | Fate::Opaque => None,
            Fate::Undecoded => Some("declared as bytes, not decoded yet"),
            Fate::LeftOver => Some("bytes left over after its declared fields"),
            Fate::Misfit => Some("does not fit its declared layout"),
            Fate::Unexpected => Some("not expected here by the declaration"),
        }
    }
}

/// Counts one subrecord.
pub(super) fn count(c: &mut Coverage, sub: &SubrecordRef<'_>, fate: Fate) {
    match fate {
        Fate::Decoded => {
            c.subrecords += 1;
            c.decoded += 1;
        }
        Fate::Opaque => c.add_opaque(sub.data.len()),
        _ => c.add_raw(sub.data.len()),
    }
}

/// Coverage counts, and warnings for what was kept raw when a record name
/// is given for them.
pub(super) struct Tally<'r> {
    pub(super) coverage: Coverage,
    warnings: Vec<String>,
    /// Subrecords kept as bytes past the warnings' limit.
    unlisted: u64,
    pub(super) faults: Vec<String>,
    record: Option<&'r dyn std::fmt::Display>,
}

/// Warnings listed per record at most; a record with more (damage, most
/// likely) ends its list with how many more there are.
pub(super) const MAX_WARNINGS: usize = 1000;

impl<'r> Tally<'r> {
    pub(super) fn new(record: Option<&'r dyn std::fmt::Display>) -> Self {
        Tally {
            coverage: Coverage::default(),
            warnings: Vec::new(),
            unlisted: 0,
            faults: Vec::new(),
            record,
        }
    }

    pub(super) fn into_warnings(mut self) -> Vec<String> {
        if let (Some(record), n @ 1..) = (self.record, self.unlisted) {
            self.warnings
                .push(format!("{record}: and {n} more subrecords kept as bytes"));
        }
        self.warnings
    }

    pub(super) fn add(&mut self, sub: &SubrecordRef<'_>, fate: Fate) {
        count(&mut self.coverage, sub, fate);
        let Some(why) = fate.why_raw() else {
            return;
        };
        if self.warnings.len() >= MAX_WARNINGS {
            self.unlisted += 1;
        } else if let Some(record) = self.record {
            let warning = format!(
                "{record}: {} at 0x{:X} ({} bytes) kept as bytes: {why}",
                sub.sig,
                sub.offset,
                sub.data.len()
            );
            if fate == Fate::Misfit {
                self.faults.push(warning.clone());
            }
            self.warnings.push(warning);
        }
    }
}

/// The members being matched at one level of the declaration (the record,
/// or a group inside it), and the levels around it, innermost first.
pub(super) struct Level<'l> {
    members: &'static [Member],
    /// The first member the next subrecord can match in declared order.
    cursor: usize,
    outer: Option<&'l Level<'l>>,
}

impl Level<'_> {
    /// Whether this level or one around it takes a subrecord with this
    /// signature in declared order.
    fn takes_in_order(&self, sig: Sig) -> bool {
        self.members
            .iter()
            .skip(self.cursor)
            .any(|m| starts(m, sig))
            || self.outer.is_some_and(|o| o.takes_in_order(sig))
    }
}

/// Matches subrecords to members, decoding each matched one. A subrecord
/// is matched in declared order when any level can take it so; only when
/// none can is it matched to a member it stands out of order for, at the
/// innermost level that has one; when none has, it is kept unexpected.
/// Each subrecord costs at most a look over the declaration's members,
/// whatever the record holds.
pub(super) struct Matcher<'s, 'a> {
    subs: &'s [SubrecordRef<'a>],
    pos: usize,
    ctx: &'s FormCtx,
    items: Vec<ItemNode<'a>>,
    values: Vec<Node<'a>>,
    earlier: Earlier,
    form_id_sites: FormIdSites,
    coverage: Coverage,
    /// The last sibling looked up for a layout chosen by a sibling, so that
    /// looking again in the same group goes on from where it stopped.
    sibling_seen: Option<SiblingSeen>,
}

/// Where a look for a sibling found it, or how far it looked in vain.
#[derive(Clone, Copy)]
pub(super) struct SiblingSeen {
    group_start: usize,
    name: &'static str,
    found: Option<usize>,
    looked_to: usize,
}

impl<'a> Matcher<'_, 'a> {
    fn open(&mut self, kind: ItemKind<'a>) -> usize {
        self.items.push(ItemNode { kind, end: 0 });
        self.items.len() - 1
    }

    fn close(&mut self, at: usize) {
        self.items[at].end = self.items.len() as u32;
    }

    /// The text of the first earlier member of the group whose members
    /// begin at `group_start`, as JSON shows it, for layouts chosen by a
    /// sibling.
    fn sibling_text(&mut self, group_start: usize, name: &'static str) -> Option<Cow<'a, str>> {
        // The group's members so far are closed subtrees: a look that
        // found nothing goes on from where it stopped, so that many
        // members looking for an absent sibling do not look again and
        // again over the whole group.
        let (found, from) = match self.sibling_seen {
            Some(s) if s.group_start == group_start && s.name == name => (s.found, s.looked_to),
            _ => (None, group_start),
        };
        let found = found.or_else(|| {
            children(&self.items, from, self.items.len())
                .find(|&at| matches!(self.items[at].kind, ItemKind::Sub(sv) if sv.def.name == name))
        });
        self.sibling_seen = Some(SiblingSeen {
            group_start,
            name,
            found,
            looked_to: self.items.len(),
        });
        let ItemKind::Sub(sv) = self.items[found?].kind else {
            return None;
        };
        if sv.def.occurs == Occurs::Repeating {
            return None;
        }
        Val::new(&self.values, sv.value? as usize).json_text(self.ctx)
    }

    /// Decodes the next subrecord as `def`; `group_start` is where the
    /// members of its group begin.
    fn sub(&mut self, def: &'static SubDef, group_start: usize) {
        let sub = self.subs[self.pos];
        self.pos += 1;
        // A layout chosen by a sibling looks the sibling up first.
        let chooser = chosen_by(&def.field);
        let text = chooser.and_then(|name| self.sibling_text(group_start, name));
        let sibling = chooser.zip(text.as_deref());
        let mut sink = ValueSink {
            nodes: &mut self.values,
            earlier: &mut self.earlier,
            localized: self.ctx.localized,
            left_over: false,
            cut_short: false,
            opaque: false,
            undecoded: false,
            form_id_sites: Some(&mut self.form_id_sites),
        };
        let value = sink
            .decode_data(&def.field, sub.data, sibling)
            .map(|at| at as u32);
        let sv = SubValue {
            def,
            sub,
            value,
            left_over: sink.left_over,
            opaque: sink.opaque,
            undecoded: sink.undecoded,
        };
        count(&mut self.coverage, &sub, sv.fate());
        let end = self.items.len() as u32 + 1;
        self.items.push(ItemNode {
            kind: ItemKind::Sub(sv),
            end,
        });
    }

    /// One occurrence of a group; `level` is the level the group belongs
    /// to, with its cursor where matching goes on after the group.
    fn group(&mut self, g: &'static GroupDef, level: &Level<'_>) {
        let at = self.open(ItemKind::Group(g));
        self.seq(g.members, &mut 0, at + 1, Some(level));
        self.close(at);
    }

    /// Matches a member the next subrecord stands out of declared order
    /// for; `level` is the level the member belongs to, its cursor left
    /// where it was.
    #[cold]
    #[inline(never)]
    fn out_of_order(&mut self, member: &'static Member, group_start: usize, level: &Level<'_>) {
        match member {
            Member::Sub(def) => self.sub(def, group_start),
            Member::Group(g) => self.group(g, level),
            Member::Paired(p) => self.paired(p, level),
        }
    }

    fn paired(&mut self, def: &'static PairedDef, level: &Level<'_>) {
        let at = self.open(ItemKind::Paired(def));
        while let Some(sub) = self.subs.get(self.pos) {
            if !def.items.first().is_some_and(|f| starts(f, sub.sig)) {
                break;
            }
            let item = self.open(ItemKind::PairedItem);
            self.seq(def.items, &mut 0, item + 1, Some(level));
            self.close(item);
        }
        while self
            .subs
            .get(self.pos)
            .is_some_and(|s| s.sig == def.key.sig)
        {
            let start = self.items.len();
            self.sub(&def.key, start);
        }
        self.close(at);
    }

    /// Matches members from `*cursor` on while the next subrecord begins
    /// one of them, or, when no level takes it in order, one of this
    /// level's earlier members; the level's members begin at
    /// `group_start`. `outer` is the level around this one (`None` at the
    /// record's top level).
    fn seq(
        &mut self,
        members: &'static [Member],
        cursor: &mut usize,
        group_start: usize,
        outer: Option<&Level<'_>>,
    ) {
        while let Some(sub) = self.subs.get(self.pos) {
            let sig = sub.sig;
            if let Some(j) = (*cursor..members.len()).find(|&j| starts(&members[j], sig)) {
                let member = &members[j];
                match member {
                    Member::Sub(def) => self.sub(def, group_start),
                    // Inside the group, this level goes on after it, or at
                    // it when it repeats.
                    Member::Group(g) => self.group(
                        g,
                        &Level {
                            members,
                            cursor: if repeats(member) { j } else { j + 1 },
                            outer,
                        },
                    ),
                    // Its items and keys come at it.
                    Member::Paired(p) => self.paired(
                        p,
                        &Level {
                            members,
                            cursor: j,
                            outer,
                        },
                    ),
                }
                *cursor = if repeats(member) { j } else { j + 1 };
                continue;
            }
            // Out of declared order, when this level has an earlier member
            // for it (in a group, the signature of its first member begins
            // the next occurrence, not a member of this one) and no level
            // takes it in order. Looked at in that order: most subrecords
            // that end a group are its parent's, and the group is small.
            let first = usize::from(outer.is_some());
            let Some(j) = (first..*cursor).rev().find(|&j| starts(&members[j], sig)) else {
                break;
            };
            if outer.is_some_and(|o| o.takes_in_order(sig)) {
                break;
            }
            self.out_of_order(
                &members[j],
                group_start,
                &Level {
                    members,
                    cursor: *cursor,
                    outer,
                },
            );
        }
    }
}

/// Reads a record's subrecords by its declaration.
pub fn view<'a>(
    def: &'static RecordDef,
    subs: &[SubrecordRef<'a>],
    ctx: &FormCtx,
) -> RecordView<'a> {
    view_in(def, subs, ctx, Storage::default())
}

/// The vectors a view is built in, kept between records by callers that
/// read many (see [`crate::schema::with_view`]).
#[derive(Default)]
pub(crate) struct Storage<'a> {
    items: Vec<ItemNode<'a>>,
    values: Vec<Node<'a>>,
    earlier: Earlier,
    form_id_sites: FormIdSites,
}

impl Storage<'_> {
    /// Empties the vectors for the next record, keeping their memory.
    pub(crate) fn recycle(mut self) -> Storage<'static> {
        self.items.clear();
        self.values.clear();
        self.earlier.clear();
        self.form_id_sites.clear();
        Storage {
            items: super::reuse(self.items),
            values: super::reuse(self.values),
            earlier: self.earlier,
            form_id_sites: self.form_id_sites,
        }
    }
}

pub(crate) fn view_in<'a>(
    def: &'static RecordDef,
    subs: &[SubrecordRef<'a>],
    ctx: &FormCtx,
    storage: Storage<'a>,
) -> RecordView<'a> {
    let Storage {
        mut items,
        mut values,
        earlier,
        form_id_sites,
    } = storage;
    items.reserve(subs.len() + 4);
    if values.capacity() == 0 {
        // About one value for every few bytes: enough for most records
        // at once.
        let data_len: usize = subs.iter().map(|s| s.data.len()).sum();
        values.reserve((data_len / 6 + 8).min(1 << 11));
    }
    let mut m = Matcher {
        subs,
        pos: 0,
        ctx,
        items,
        values,
        earlier,
        form_id_sites,
        coverage: Coverage::default(),
        sibling_seen: None,
    };
    let mut cursor = 0;
    loop {
        m.seq(def.members, &mut cursor, 0, None);
        let Some(sub) = subs.get(m.pos).copied() else {
            break;
        };
        m.pos += 1;
        count(&mut m.coverage, &sub, Fate::Unexpected);
        let end = m.items.len() as u32 + 1;
        m.items.push(ItemNode {
            kind: ItemKind::Unexpected(sub),
            end,
        });
    }
    RecordView {
        def,
        items: m.items,
        values: m.values,
        earlier: m.earlier,
        form_id_sites: m.form_id_sites,
        coverage: m.coverage,
    }
}

impl<'a> RecordView<'a> {
    /// Gives back the view's memory for the next record.
    pub(crate) fn into_storage(self) -> Storage<'a> {
        Storage {
            items: self.items,
            values: self.values,
            earlier: self.earlier,
            form_id_sites: self.form_id_sites,
        }
    }

    /// The record's members at the top level, in file order.
    pub fn members(&self) -> impl Iterator<Item = ItemRef<'_, 'a>> {
        children(&self.items, 0, self.items.len()).map(move |at| ItemRef { view: self, at })
    }

    /// Every matched subrecord, in file order, with its fate.
    fn subs(&self) -> impl Iterator<Item = (SubrecordRef<'a>, Fate)> + '_ {
        self.items.iter().filter_map(move |item| match item.kind {
            ItemKind::Sub(sv) => Some((sv.sub, sv.fate())),
            ItemKind::Unexpected(sub) => Some((sub, Fate::Unexpected)),
            _ => None,
        })
    }

    /// Where the four bytes of a form ID value of this view are: their
    /// offset in the data of `sub`, the subrecord the value was read from.
    pub(crate) fn form_id_offset(
        &self,
        value: &Val<'_, 'a>,
        sub: &SubrecordRef<'a>,
    ) -> Option<usize> {
        let at = u32::try_from(value.index()).ok()?;
        let i = self
            .form_id_sites
            .binary_search_by_key(&at, |&(n, _)| n)
            .ok()?;
        let addr = self.form_id_sites[i].1;
        addr.checked_sub(sub.data.as_ptr() as usize)
            .filter(|&off| off + 4 <= sub.data.len())
    }

    /// A subrecord's value, if it fits its layout.
    pub fn value_of(&self, sv: &SubValue<'a>) -> Option<Val<'_, 'a>> {
        sv.value.map(|at| Val::new(&self.values, at as usize))
    }

    /// What the declaration covered.
    pub fn coverage(&self) -> Coverage {
        self.coverage
    }

    /// The subrecords kept as bytes, in file order, with why.
    pub fn raw_subrecords(&self) -> impl Iterator<Item = RawSub<'a>> + '_ {
        self.items.iter().filter_map(|item| match item.kind {
            ItemKind::Sub(sv) => match sv.fate() {
                Fate::Decoded | Fate::Opaque | Fate::Unexpected => None,
                fate => Some(RawSub {
                    sub: sv.sub,
                    member: Some(sv.def),
                    fate,
                }),
            },
            ItemKind::Unexpected(sub) => Some(RawSub {
                sub,
                member: None,
                fate: Fate::Unexpected,
            }),
            _ => None,
        })
    }

    /// What the declaration covered, with a warning naming `record` for
    /// each subrecord kept as bytes.
    pub fn coverage_with_warnings(
        &self,
        record: &dyn std::fmt::Display,
    ) -> (Coverage, Vec<String>) {
        let (coverage, warnings, _) = self.tally(record);
        (coverage, warnings)
    }

    /// What the declaration covered, with the warnings and faults naming
    /// `record` that showing it as JSON member by member tells, in the
    /// same order.
    pub(super) fn tally(
        &self,
        record: &dyn std::fmt::Display,
    ) -> (Coverage, Vec<String>, Vec<String>) {
        if self.coverage.raw == 0 {
            return (self.coverage, Vec::new(), Vec::new());
        }
        let mut t = Tally::new(Some(record));
        for (sub, fate) in self.subs() {
            t.add(&sub, fate);
        }
        let faults = std::mem::take(&mut t.faults);
        (t.coverage, t.into_warnings(), faults)
    }

    /// The value of the first top-level subrecord member with this name.
    pub fn get(&self, name: &str) -> Option<Val<'_, 'a>> {
        self.members().find_map(|item| match item.kind() {
            ItemKind::Sub(sv) if sv.def.name == name => self.value_of(&sv),
            _ => None,
        })
    }
}
