//! Records both ways: a record's subrecords are matched, in order, against
//! its declaration; each matched subrecord decodes by its layout. What the
//! declaration does not expect where it stands is kept as bytes in place.
//!
//! [`view`] gives the typed record, borrowing its bytes. [`decode`] shows it
//! as JSON, and encodes that JSON again at once to compare it with the
//! original: a declaration that would not give back the same bytes leaves
//! the record raw, so decoding can never lose data.

use super::codec::{encode_field, encode_field_in, only_keys, Enc, FormCtx, Siblings};
use super::types::*;
use super::value::{chosen_by, Earlier, Node, Val, ValueSink};
use crate::io::{from_hex, to_hex, Sig};
use crate::plugin::{parse_subrecords, write_subrecord, SizeForm, Subrecord, SubrecordRef};
use serde_json::{Map, Value};
use std::borrow::Cow;

/// Counts of what a decode covered. Every subrecord is counted once:
/// `subrecords` = `decoded` + `opaque` + `raw`.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, serde::Serialize)]
pub struct Coverage {
    pub subrecords: u64,
    /// Subrecords decoded field by field.
    pub decoded: u64,
    /// Subrecords that are bytes by design ([`Field::Opaque`]: compiled
    /// scripts, texture hashes...), kept as bytes where they are declared.
    pub opaque: u64,
    /// Data bytes of the opaque subrecords.
    pub opaque_bytes: u64,
    /// Subrecords kept as bytes because they are not understood
    /// (unexpected, not fitting their layout, with bytes left over, or
    /// declared as bytes not decoded yet).
    pub raw: u64,
    /// Data bytes of the raw subrecords.
    pub raw_bytes: u64,
}

impl Coverage {
    /// Counts one subrecord kept as its bytes because it is not understood.
    pub fn add_raw(&mut self, data_len: usize) {
        self.subrecords += 1;
        self.raw += 1;
        self.raw_bytes += data_len as u64;
    }

    /// Counts one subrecord that is bytes by design.
    pub fn add_opaque(&mut self, data_len: usize) {
        self.subrecords += 1;
        self.opaque += 1;
        self.opaque_bytes += data_len as u64;
    }
}

impl std::ops::AddAssign for Coverage {
    fn add_assign(&mut self, o: Self) {
        self.subrecords += o.subrecords;
        self.decoded += o.decoded;
        self.opaque += o.opaque;
        self.opaque_bytes += o.opaque_bytes;
        self.raw += o.raw;
        self.raw_bytes += o.raw_bytes;
    }
}

/// A record decoded by its declaration.
#[derive(Debug, Clone, PartialEq)]
pub struct Decoded {
    /// Members in file order, by name; unexpected subrecords as `!SIG`.
    pub fields: Map<String, Value>,
    pub coverage: Coverage,
    /// What was kept raw, and where.
    pub warnings: Vec<String>,
    /// Of those, what points at damage (or at a declaration that does not
    /// match the file) rather than at what is not declared yet: subrecords
    /// that do not fit their layout or do not encode back to their bytes,
    /// and a record its declaration does not reproduce.
    pub faults: Vec<String>,
}

/// Whether a member can begin at a subrecord with this signature.
fn starts(m: &Member, sig: Sig) -> bool {
    match m {
        Member::Sub(s) => s.sig == sig,
        Member::Group(g) => g.members.first().is_some_and(|f| starts(f, sig)),
        Member::Paired(p) => p.key.sig == sig || p.items.first().is_some_and(|f| starts(f, sig)),
    }
}

fn member_name(m: &Member) -> &'static str {
    match m {
        Member::Sub(s) => s.name,
        Member::Group(g) => g.name,
        Member::Paired(p) => p.name,
    }
}

fn repeats(m: &Member) -> bool {
    match m {
        Member::Sub(s) => s.occurs == Occurs::Repeating,
        Member::Group(g) => g.occurs == Occurs::Repeating,
        Member::Paired(_) => false,
    }
}

/// Finds the member a JSON key names. Among members sharing a name, the
/// one whose [`When`] matches its siblings, else one without a `When`. A
/// key `name:SIG` names the member with that signature outright.
fn find_member<'m>(
    members: &'m [Member],
    key: &str,
    siblings: &Map<String, Value>,
) -> Option<&'m Member> {
    if let Some((name, sig)) = key.split_once(':') {
        let sig = Sig::parse(sig)?;
        return members
            .iter()
            .find(|m| member_name(m) == name && matches!(m, Member::Sub(s) if s.sig == sig));
    }
    let named = || members.iter().filter(move |m| member_name(m) == key);
    let when_matches = |m: &&Member| match m {
        Member::Sub(SubDef { when: Some(w), .. }) => siblings
            .get(w.sibling)
            .and_then(Value::as_str)
            .is_some_and(|v| w.any_of.contains(&v)),
        _ => false,
    };
    let unconditional = |m: &&Member| !matches!(m, Member::Sub(SubDef { when: Some(_), .. }));
    named()
        .find(when_matches)
        .or_else(|| named().find(unconditional))
        .or_else(|| named().next())
}

/// The key a subrecord member's value is stored under: its name, or
/// `name:SIG` when its name alone would lead back to another member.
fn key_for(members: &[Member], def: &SubDef, siblings: &Map<String, Value>) -> String {
    match find_member(members, def.name, siblings) {
        Some(Member::Sub(found)) if !std::ptr::eq(found, def) => {
            format!("{}:{}", def.name, def.sig)
        }
        _ => def.name.to_string(),
    }
}

/// Strips the `#n` that keeps repeated keys unique.
fn base_key(key: &str) -> &str {
    key.split_once('#').map(|(k, _)| k).unwrap_or(key)
}

/// Hands out the keys of one JSON object: a name, or `name#n` with the
/// first free `n` from 2 when the name is taken. The last `n` given per
/// name is remembered, so that a record of a hundred thousand unexpected
/// subrecords takes linear time, not quadratic.
#[derive(Default)]
struct Keys(std::collections::HashMap<String, u64>);

impl Keys {
    fn unique(&mut self, out: &Map<String, Value>, name: &str) -> String {
        if !out.contains_key(name) {
            return name.to_string();
        }
        if !self.0.contains_key(name) {
            self.0.insert(name.to_string(), 1);
        }
        let next = self.0.get_mut(name).expect("inserted above");
        loop {
            *next += 1;
            let key = format!("{name}#{next}");
            if !out.contains_key(&key) {
                return key;
            }
        }
    }
}

/// Adds a member's value: repeating members gather into a list while they
/// follow each other; a later run starts a new `name#n` key.
fn insert(
    out: &mut Map<String, Value>,
    keys: &mut Keys,
    name: &str,
    value: Value,
    repeating: bool,
) {
    if repeating {
        if let Some((last_key, Value::Array(list))) = out.iter_mut().next_back() {
            if base_key(last_key) == name {
                list.push(value);
                return;
            }
        }
        let key = keys.unique(out, name);
        out.insert(key, Value::Array(vec![value]));
    } else {
        let key = keys.unique(out, name);
        out.insert(key, value);
    }
}

fn raw_value(sub: &SubrecordRef<'_>) -> Value {
    match sub.size_form {
        SizeForm::Short => Value::from(to_hex(sub.data)),
        SizeForm::Extended { short_size } => {
            let mut m = Map::new();
            m.insert("hex".into(), Value::from(to_hex(sub.data)));
            m.insert("xxxx_short_size".into(), Value::from(short_size));
            Value::Object(m)
        }
    }
}

/// A subrecord matched to its declaration.
#[derive(Debug, Clone, Copy)]
pub struct SubValue<'a> {
    pub def: &'static SubDef,
    pub sub: SubrecordRef<'a>,
    /// Where its value is in the record's value tree; `None` when the data
    /// does not fit the declared layout (it is kept as bytes).
    value: Option<u32>,
    /// Bytes were left over after the declared fields (kept as `_rest`).
    left_over: bool,
}

/// One matched member of a record.
#[derive(Debug, Clone, Copy)]
pub enum ItemKind<'a> {
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
struct ItemNode<'a> {
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
    pub def: &'static RecordDef,
    items: Vec<ItemNode<'a>>,
    values: Vec<Node<'a>>,
    /// Scratch space, kept only to be used again.
    earlier: Earlier,
    coverage: Coverage,
}

/// A member of a record with its place in the record.
#[derive(Debug, Clone, Copy)]
pub struct ItemRef<'v, 'a> {
    view: &'v RecordView<'a>,
    at: usize,
}

impl<'v, 'a> ItemRef<'v, 'a> {
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
fn children<'i>(
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
    fn fate(&self) -> Fate {
        match self.value {
            None => Fate::Misfit,
            Some(_) if matches!(self.def.field, Field::Opaque) => Fate::Opaque,
            Some(_) if matches!(self.def.field, Field::Bytes) => Fate::Undecoded,
            Some(_) if self.left_over => Fate::LeftOver,
            Some(_) => Fate::Decoded,
        }
    }
}

/// A subrecord a declaration kept as bytes, and why.
#[derive(Debug, Clone, Copy)]
pub struct RawSub<'a> {
    pub sub: SubrecordRef<'a>,
    /// The member it was matched to; `None` when the declaration does not
    /// expect it where it stands.
    pub member: Option<&'static SubDef>,
    /// Its data does not fit the member's layout: damage, or a
    /// declaration that does not match the file.
    pub misfit: bool,
}

impl std::fmt::Display for RawSub<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let (sig, len) = (self.sub.sig, self.sub.data.len());
        match self.member {
            None => write!(
                f,
                "{sig} ({len} bytes) is not expected here by the declaration"
            ),
            Some(def) if self.misfit => {
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
            Some(def) => write!(
                f,
                "{sig} ({}, {len} bytes) has bytes left over after its declared fields",
                def.name
            ),
        }
    }
}

/// The size of a layout that always takes the same number of bytes.
fn fixed_size(field: &Field) -> Option<usize> {
    fn ty_size(ty: &Ty) -> Option<usize> {
        match ty {
            Ty::Int(i) | Ty::Enum(i, _) | Ty::Flags(i, _) | Ty::Bits(i, _) => Some(i.size()),
            Ty::F32 | Ty::FormId | Ty::FormIdOf(_) | Ty::Char4 => Some(4),
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

/// What became of one subrecord.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Fate {
    Decoded,
    /// Declared as bytes by design: kept, not decoded, not counted raw.
    Opaque,
    /// Declared as bytes not decoded yet.
    Undecoded,
    LeftOver,
    Misfit,
    Unexpected,
}

/// Counts one subrecord.
fn count(c: &mut Coverage, sub: &SubrecordRef<'_>, fate: Fate) {
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
struct Tally<'r> {
    coverage: Coverage,
    warnings: Vec<String>,
    /// Subrecords kept as bytes past the warnings' limit.
    unlisted: u64,
    faults: Vec<String>,
    record: Option<&'r dyn std::fmt::Display>,
}

/// Warnings listed per record at most; a record with more (damage, most
/// likely) ends its list with how many more there are.
const MAX_WARNINGS: usize = 1000;

impl<'r> Tally<'r> {
    fn new(record: Option<&'r dyn std::fmt::Display>) -> Self {
        Tally {
            coverage: Coverage::default(),
            warnings: Vec::new(),
            unlisted: 0,
            faults: Vec::new(),
            record,
        }
    }

    fn into_warnings(mut self) -> Vec<String> {
        if let (Some(record), n @ 1..) = (self.record, self.unlisted) {
            self.warnings
                .push(format!("{record}: and {n} more subrecords kept as bytes"));
        }
        self.warnings
    }

    fn add(&mut self, sub: &SubrecordRef<'_>, fate: Fate) {
        count(&mut self.coverage, sub, fate);
        let why = match fate {
            Fate::Decoded | Fate::Opaque => return,
            Fate::Undecoded => "declared as bytes, not decoded yet",
            Fate::LeftOver => "bytes left over after its declared fields",
            Fate::Misfit => "does not fit its declared layout",
            Fate::Unexpected => "not expected here by the declaration",
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
struct Level<'l> {
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
struct Matcher<'s, 'a> {
    subs: &'s [SubrecordRef<'a>],
    pos: usize,
    ctx: &'s FormCtx,
    items: Vec<ItemNode<'a>>,
    values: Vec<Node<'a>>,
    earlier: Earlier,
    coverage: Coverage,
    /// The last sibling looked up for a layout chosen by a sibling, so that
    /// looking again in the same group goes on from where it stopped.
    sibling_seen: Option<SiblingSeen>,
}

/// Where a look for a sibling found it, or how far it looked in vain.
#[derive(Clone, Copy)]
struct SiblingSeen {
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
        };
        let value = sink
            .decode_data(&def.field, sub.data, sibling)
            .map(|at| at as u32);
        let sv = SubValue {
            def,
            sub,
            value,
            left_over: sink.left_over,
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
}

impl Storage<'_> {
    /// Empties the vectors for the next record, keeping their memory.
    pub(crate) fn recycle(mut self) -> Storage<'static> {
        self.items.clear();
        self.values.clear();
        self.earlier.clear();
        Storage {
            items: super::reuse(self.items),
            values: super::reuse(self.values),
            earlier: self.earlier,
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
                    misfit: fate == Fate::Misfit,
                }),
            },
            ItemKind::Unexpected(sub) => Some(RawSub {
                sub,
                member: None,
                misfit: false,
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
        if self.coverage.raw == 0 {
            return (self.coverage, Vec::new());
        }
        let mut t = Tally::new(Some(record));
        for (sub, fate) in self.subs() {
            t.add(&sub, fate);
        }
        (t.coverage, t.into_warnings())
    }

    /// The value of the first top-level subrecord member with this name.
    pub fn get(&self, name: &str) -> Option<Val<'_, 'a>> {
        self.members().find_map(|item| match item.kind() {
            ItemKind::Sub(sv) if sv.def.name == name => self.value_of(&sv),
            _ => None,
        })
    }

    /// The record as JSON. With `verify_each`, a subrecord whose JSON does
    /// not encode back to its bytes is shown as its bytes.
    fn to_json(&self, ctx: &FormCtx, record: &dyn std::fmt::Display, verify_each: bool) -> Decoded {
        let mut j = JsonWriter {
            view: self,
            ctx,
            verify_each,
            tally: Tally::new(Some(record)),
        };
        let mut fields = Map::new();
        j.seq(self.def.members, self.members(), &mut fields);
        nest_trees(self.def.members, &mut fields);
        let faults = std::mem::take(&mut j.tally.faults);
        Decoded {
            fields,
            coverage: j.tally.coverage,
            warnings: j.tally.into_warnings(),
            faults,
        }
    }
}

struct JsonWriter<'v, 'a, 'r> {
    view: &'v RecordView<'a>,
    ctx: &'r FormCtx,
    verify_each: bool,
    tally: Tally<'r>,
}

impl<'v, 'a> JsonWriter<'v, 'a, '_> {
    fn sub(&mut self, sv: &SubValue<'a>, siblings: &Siblings) -> Value {
        let value = self
            .view
            .value_of(sv)
            .map(|v| v.to_json(self.ctx, siblings));
        // Each subrecord must encode back to its exact bytes, or it stays
        // bytes: one odd subrecord does not turn its whole record raw.
        let exact = value.as_ref().is_some_and(|v| {
            if !self.verify_each {
                return true;
            }
            let mut back = Vec::with_capacity(sv.sub.data.len());
            encode_field(&sv.def.field, v, siblings, &mut back).is_ok() && back == sv.sub.data
        });
        let fate = if exact { sv.fate() } else { Fate::Misfit };
        self.tally.add(&sv.sub, fate);
        match value {
            Some(v) if fate != Fate::Misfit => v,
            _ => {
                let mut m = Map::new();
                m.insert("_hex".into(), Value::from(to_hex(sv.sub.data)));
                Value::Object(m)
            }
        }
    }

    fn seq(
        &mut self,
        members: &[Member],
        items: impl Iterator<Item = ItemRef<'v, 'a>>,
        out: &mut Map<String, Value>,
    ) {
        let mut keys = Keys::default();
        for item in items {
            match item.kind() {
                ItemKind::Sub(sv) => {
                    let value = self.sub(&sv, out);
                    let key = key_for(members, sv.def, out);
                    insert(
                        out,
                        &mut keys,
                        &key,
                        value,
                        sv.def.occurs == Occurs::Repeating,
                    );
                }
                ItemKind::Group(g) => {
                    let mut m = Map::new();
                    self.seq(g.members, item.children(), &mut m);
                    let repeating = g.occurs == Occurs::Repeating;
                    insert(out, &mut keys, g.name, Value::Object(m), repeating);
                }
                ItemKind::Paired(def) => {
                    let value = self.paired(def, item);
                    insert(out, &mut keys, def.name, value, false);
                }
                ItemKind::PairedItem => {}
                ItemKind::Unexpected(sub) => {
                    self.tally.add(&sub, Fate::Unexpected);
                    let key = keys.unique(out, &format!("!{}", sub.sig));
                    out.insert(key, raw_value(&sub));
                }
            }
        }
    }

    fn paired(&mut self, p: &PairedDef, item: ItemRef<'v, 'a>) -> Value {
        let mut items: Vec<Map<String, Value>> = Vec::new();
        let mut keys: Vec<Value> = Vec::new();
        for child in item.children() {
            match child.kind() {
                ItemKind::PairedItem => {
                    let mut m = Map::new();
                    self.seq(p.items, child.children(), &mut m);
                    items.push(m);
                }
                ItemKind::Sub(sv) => keys.push(self.sub(&sv, &Map::new())),
                _ => {}
            }
        }
        if items.len() == keys.len() {
            let list = items
                .into_iter()
                .zip(keys)
                .map(|(item, key)| {
                    let mut m = Map::new();
                    m.insert(p.key_name.into(), key);
                    m.extend(item);
                    Value::Object(m)
                })
                .collect();
            Value::Array(list)
        } else {
            let mut m = Map::new();
            m.insert(
                "items".into(),
                Value::Array(items.into_iter().map(Value::Object).collect()),
            );
            m.insert("keys".into(), Value::Array(keys));
            Value::Object(m)
        }
    }
}

/// Decodes one record's subrecords by a declaration, as JSON. `record`
/// names the record in warnings; it is formatted only when one is made.
/// The result always encodes back to the same subrecords.
pub fn decode(
    def: &'static RecordDef,
    subs: &[SubrecordRef<'_>],
    ctx: &FormCtx,
    record: &dyn std::fmt::Display,
) -> Decoded {
    let view = view(def, subs, ctx);
    let original = encode_refs(subs);
    // The safety net: the declaration must give back exactly the input.
    let exact = |d: &Decoded| encode_data(def, &d.fields).is_ok_and(|back| back == original);
    // Most records come back whole at the first try; only a record that
    // does not is shown again checking each subrecord, so that one odd
    // subrecord stays bytes without turning its whole record raw.
    let fast = view.to_json(ctx, record, false);
    if exact(&fast) {
        return fast;
    }
    let careful = view.to_json(ctx, record, true);
    if exact(&careful) {
        careful
    } else {
        raw_record(subs, record)
    }
}

fn encode_refs(subs: &[SubrecordRef<'_>]) -> Vec<u8> {
    let mut out = Vec::new();
    for s in subs {
        write_subrecord(&mut out, s.sig, s.data, s.size_form);
    }
    out
}

/// Turns the preorder lists of tree members into nested nodes. A list
/// whose counts do not make a forest stays flat.
fn nest_trees(members: &[Member], fields: &mut Map<String, Value>) {
    for m in members {
        let Member::Group(GroupDef {
            name,
            tree: Some((sub, count)),
            ..
        }) = m
        else {
            continue;
        };
        let child_count = |node: &Value| {
            node.get(sub)
                .and_then(|s| s.get(count))
                .and_then(Value::as_u64)
                .unwrap_or(0)
        };
        for (key, v) in fields.iter_mut() {
            let Value::Array(flat) = v else { continue };
            if base_key(key) != *name || !is_forest(flat, &child_count) {
                continue;
            }
            let mut nodes = std::mem::take(flat).into_iter();
            while let Some(root) = nodes.next() {
                flat.push(build_node(root, &mut nodes, &child_count));
            }
        }
    }
}

/// Groups nest no deeper than real trees do; a count that would go deeper
/// leaves the list flat.
const MAX_TREE_DEPTH: usize = 64;

/// Whether child counts split a preorder list exactly into trees.
fn is_forest(flat: &[Value], child_count: &dyn Fn(&Value) -> u64) -> bool {
    fn end_of(flat: &[Value], i: usize, depth: usize, cc: &dyn Fn(&Value) -> u64) -> Option<usize> {
        if depth > MAX_TREE_DEPTH {
            return None;
        }
        let mut j = i + 1;
        for _ in 0..cc(&flat[i]) {
            if j >= flat.len() {
                return None;
            }
            j = end_of(flat, j, depth + 1, cc)?;
        }
        Some(j)
    }
    let mut i = 0;
    while i < flat.len() {
        match end_of(flat, i, 0, child_count) {
            Some(j) => i = j,
            None => return false,
        }
    }
    true
}

/// Builds one node and its subtree from a list already checked by
/// [`is_forest`].
fn build_node(
    mut node: Value,
    rest: &mut std::vec::IntoIter<Value>,
    child_count: &dyn Fn(&Value) -> u64,
) -> Value {
    let n = child_count(&node);
    if n > 0 {
        let children: Vec<Value> = (0..n)
            .filter_map(|_| rest.next().map(|c| build_node(c, rest, child_count)))
            .collect();
        if let Some(m) = node.as_object_mut() {
            m.insert("children".into(), Value::Array(children));
        }
    }
    node
}

/// Writes a node and its children back in preorder.
fn flatten_node(mut node: Value, out: &mut Vec<Value>) {
    let children = node
        .as_object_mut()
        .and_then(|m| m.shift_remove("children"))
        .and_then(|c| match c {
            Value::Array(list) => Some(list),
            _ => None,
        })
        .unwrap_or_default();
    out.push(node);
    for c in children {
        flatten_node(c, out);
    }
}

/// Every subrecord kept as bytes, in order.
pub fn raw_record(subs: &[SubrecordRef<'_>], record: &dyn std::fmt::Display) -> Decoded {
    let mut fields = Map::new();
    let mut coverage = Coverage::default();
    let mut keys = Keys::default();
    for sub in subs {
        coverage.add_raw(sub.data.len());
        let key = keys.unique(&fields, &format!("!{}", sub.sig));
        fields.insert(key, raw_value(sub));
    }
    let warning = format!(
        "{record}: its declaration does not reproduce its bytes; all {} subrecords kept as bytes",
        subs.len()
    );
    Decoded {
        fields,
        coverage,
        warnings: vec![warning.clone()],
        faults: vec![warning],
    }
}

fn raw_from_json(key: &str, v: &Value, out: &mut Vec<u8>) -> Result<(), String> {
    let sig_text = base_key(&key[1..]);
    let sig = Sig::parse(sig_text).ok_or_else(|| format!("{key}: not a subrecord signature"))?;
    let (hex, size_form) = match v {
        Value::String(s) => (s.as_str(), SizeForm::Short),
        Value::Object(m) => {
            only_keys(v, &["hex", "xxxx_short_size"]).map_err(|e| format!("{key}: {e}"))?;
            let short = m.get("xxxx_short_size").unwrap_or(&Value::Null);
            let short_size = short
                .as_u64()
                .and_then(|n| u16::try_from(n).ok())
                .ok_or_else(|| {
                    format!("{key}: xxxx_short_size: expected a number up to 65535, found {short}")
                })?;
            (
                m.get("hex").and_then(Value::as_str).ok_or_else(|| {
                    format!("{key}: expected \"hex\": the subrecord's bytes, found {v}")
                })?,
                SizeForm::Extended { short_size },
            )
        }
        _ => return Err(format!("{key}: expected hex bytes, found {v}")),
    };
    let data = from_hex(hex).ok_or_else(|| format!("{key}: expected hex bytes, found {v}"))?;
    write_subrecord(out, sig, &data, size_form);
    Ok(())
}

/// Writes one subrecord: its header, then its data encoded in place; the
/// size is filled in after (with an `XXXX` prefix if it outgrows a u16).
fn encode_sub(
    def: &SubDef,
    v: &Value,
    siblings: &Map<String, Value>,
    out: &mut Vec<u8>,
    cx: Enc<'_>,
) -> Result<(), String> {
    let start = out.len();
    out.extend_from_slice(&def.sig.0);
    out.extend_from_slice(&[0, 0]);
    let data_start = out.len();
    let written = match v.get("_hex") {
        Some(hex) => only_keys(v, &["_hex"]).and_then(|()| {
            hex.as_str()
                .and_then(from_hex)
                .map(|b| out.extend_from_slice(&b))
                .ok_or_else(|| format!("_hex: expected hex bytes, found {hex}"))
        }),
        None => encode_field_in(&def.field, v, siblings, out, cx),
    };
    if let Err(e) = written {
        out.truncate(start);
        return Err(e);
    }
    let len = out.len() - data_start;
    match u16::try_from(len) {
        Ok(n) => out[start + 4..data_start].copy_from_slice(&n.to_le_bytes()),
        Err(_) => {
            let data = out.split_off(data_start);
            out.truncate(start);
            write_subrecord(out, def.sig, &data, SizeForm::Short);
        }
    }
    Ok(())
}

fn encode_seq(
    members: &[Member],
    fields: &Map<String, Value>,
    out: &mut Vec<u8>,
    cx: Enc<'_>,
) -> Result<(), String> {
    for (key, v) in fields {
        if key.starts_with('!') {
            raw_from_json(key, v, out)?;
            continue;
        }
        let name = base_key(key);
        let member = find_member(members, name, fields).ok_or_else(|| {
            let names: Vec<_> = members.iter().map(member_name).collect();
            format!(
                "unknown member {key:?} (expected one of: {})",
                names.join(", ")
            )
        })?;
        if let Member::Paired(p) = member {
            encode_paired(p, v, out, cx).map_err(|e| format!("{key}: {e}"))?;
            continue;
        }
        let flattened;
        let items: Vec<&Value> = if repeats(member) {
            let list = v
                .as_array()
                .ok_or_else(|| format!("{key}: expected a list, found {v}"))?;
            if matches!(member, Member::Group(GroupDef { tree: Some(_), .. })) {
                let mut flat = Vec::new();
                for node in list {
                    flatten_node(node.clone(), &mut flat);
                }
                flattened = flat;
                flattened.iter().collect()
            } else {
                list.iter().collect()
            }
        } else {
            vec![v]
        };
        for (i, item) in items.into_iter().enumerate() {
            let at = |e: String| {
                if repeats(member) {
                    format!("{key}[{i}]: {e}")
                } else {
                    format!("{key}: {e}")
                }
            };
            match member {
                Member::Sub(def) => encode_sub(def, item, fields, out, cx).map_err(at)?,
                Member::Group(g) => {
                    let m = item
                        .as_object()
                        .ok_or_else(|| at(format!("expected an object, found {item}")))?;
                    encode_seq(g.members, m, out, cx).map_err(at)?;
                }
                Member::Paired(_) => unreachable!("handled above"),
            }
        }
    }
    Ok(())
}

fn encode_paired(p: &PairedDef, v: &Value, out: &mut Vec<u8>, cx: Enc<'_>) -> Result<(), String> {
    let no_siblings = Map::new();
    let (items, keys): (Vec<Map<String, Value>>, Vec<Value>) = match v {
        Value::Array(list) => {
            let mut items = Vec::with_capacity(list.len());
            let mut keys = Vec::with_capacity(list.len());
            for (i, entry) in list.iter().enumerate() {
                let mut m = entry
                    .as_object()
                    .cloned()
                    .ok_or_else(|| format!("[{i}]: expected an object, found {entry}"))?;
                let key = m
                    .shift_remove(p.key_name)
                    .ok_or_else(|| format!("[{i}]: missing \"{}\"", p.key_name))?;
                items.push(m);
                keys.push(key);
            }
            (items, keys)
        }
        Value::Object(m) => {
            let list = |k: &str| -> Result<Vec<Value>, String> {
                m.get(k)
                    .and_then(Value::as_array)
                    .cloned()
                    .ok_or_else(|| format!("expected \"{k}\": a list"))
            };
            let items = list("items")?
                .into_iter()
                .map(|i| {
                    i.as_object()
                        .cloned()
                        .ok_or_else(|| format!("items: expected objects, found {i}"))
                })
                .collect::<Result<_, _>>()?;
            (items, list("keys")?)
        }
        _ => return Err(format!("expected a list, found {v}")),
    };
    for (i, item) in items.iter().enumerate() {
        encode_seq(p.items, item, out, cx).map_err(|e| format!("[{i}]: {e}"))?;
    }
    for (i, key) in keys.iter().enumerate() {
        encode_sub(&p.key, key, &no_siblings, out, cx)
            .map_err(|e| format!("[{i}] {}: {e}", p.key_name))?;
    }
    Ok(())
}

/// Encodes decoded fields back into subrecords. Errors name the member and
/// field ("schedule: hour: expected an integer, found \"x\"").
pub fn encode(def: &RecordDef, fields: &Map<String, Value>) -> Result<Vec<Subrecord>, String> {
    let data = encode_data(def, fields)?;
    parse_subrecords(&data, 0).map_err(|e| e.to_string())
}

/// Encodes decoded fields straight into record data (the subrecords as
/// they are stored).
pub fn encode_data(def: &RecordDef, fields: &Map<String, Value>) -> Result<Vec<u8>, String> {
    encode_data_in(def, fields, Enc::default())
}

/// Like [`encode_data`], with the checks `cx` asks for (form IDs whose
/// note names another plugin than their number are refused).
pub fn encode_data_in(
    def: &RecordDef,
    fields: &Map<String, Value>,
    cx: Enc<'_>,
) -> Result<Vec<u8>, String> {
    let mut out = Vec::new();
    encode_seq(def.members, fields, &mut out, cx)?;
    Ok(out)
}
