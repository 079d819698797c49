//! A record's fields printed as pretty JSON straight from its typed view,
//! without building JSON values: the same text as [`decode`]'s fields
//! printed by [`super::pretty`], for the text tree and for a whole plugin's
//! JSON written as text.
//!
//! The JSON form decides some things by looking at what it has built so
//! far, and this writer makes the same choices: repeating members gather
//! in a list while they follow each other, a name met again is keyed
//! `name#2`, members sharing a name are told apart by a sibling's text
//! (`When`), the record's tree groups are nested by their child counts,
//! paired lists are zipped with their keys, and a size-chosen layout is
//! shown through the JSON form to decide on `_size`. Where the JSON form
//! would key a member `name:SIG`, or where a subrecord is kept as bytes,
//! this writer gives up (`None`) and the caller takes the JSON path. It
//! never checks that the text gives back the record's bytes: its caller
//! proves that.
//!
//! [`decode`]: super::decode

use super::codec::FormCtx;
use super::members::{find_member_by, member_name};
use super::pretty::{close, float, item, key, needs_escape, signed, string, unsigned};
use super::trees::counts_make_forest;
use super::types::*;
use super::value::{FieldValue, Val};
use super::view::{ItemKind, ItemRef, RecordView};
use crate::io::{decode_cp1252, FormId, Sig};
use crate::plugin::SizeForm;
use serde_json::Map;

/// Appends the record's `fields` object, standing at `depth`, to `out`;
/// `None`, with `out` in an unspecified state past its length on entry,
/// when the record's shape needs the JSON path.
pub(crate) fn write_fields(
    view: &RecordView<'_>,
    ctx: &FormCtx,
    depth: usize,
    out: &mut Vec<u8>,
) -> Option<()> {
    thread_local! {
        static USED: std::cell::Cell<Vec<&'static str>> = const { std::cell::Cell::new(Vec::new()) };
    }
    let mut w = Writer {
        ctx,
        out,
        used: USED.take(),
    };
    w.used.clear();
    let done = w.seq(view, view.def.members, view.members(), depth, true);
    USED.set(w.used);
    done
}

struct Writer<'c, 'o> {
    ctx: &'c FormCtx,
    out: &'o mut Vec<u8>,
    /// The names given in the objects being written, outermost first:
    /// one stack for every level, so that writing allocates nothing.
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
fn keyed_by_name<'t>(
    members: &[Member],
    def: &SubDef,
    sibling_text: impl Fn(&str) -> Option<std::borrow::Cow<'t, str>>,
) -> bool {
    match find_member_by(members, def.name, sibling_text) {
        Some(Member::Sub(found)) => std::ptr::eq(found, def),
        _ => true,
    }
}

impl Writer<'_, '_> {
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
        self.out.push(b'{');
        let base = self.used.len();
        self.entries(view, members, items, depth, base, top)?;
        close(b'}', self.used.len() == base, depth, self.out);
        self.used.truncate(base);
        Some(())
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
        // Where members share names, the values written so far by name,
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
                let ctx = self.ctx;
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
                item(false, depth + 2, self.out);
            } else {
                if open_list.take().is_some() {
                    close(b']', false, depth + 1, self.out);
                }
                // A name met again in this object is keyed `name#2`,
                // `name#3`... (no declared name holds a `#`).
                let first = self.used.len() == base;
                match self.used[base..].iter().filter(|u| **u == name).count() {
                    0 => key(name, first, depth + 1, self.out),
                    n => key(&format!("{name}#{}", n + 1), first, depth + 1, self.out),
                }
                self.used.push(name);
                if repeating && tree.is_none() {
                    self.out.push(b'[');
                    item(true, depth + 2, self.out);
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
                _ => unreachable!("only subrecords, groups and paired lists get here"),
            }
        }
        if open_list.is_some() {
            close(b']', false, depth + 1, self.out);
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
                    .and_then(|v| v.to_json(self.ctx, &Map::new()).get(count)?.as_u64())
                    .unwrap_or(0)
            })
            .collect();
        let nested = counts_make_forest(counts.len(), &|i| counts[i]);
        self.out.push(b'[');
        let mut at = 0;
        let mut first = true;
        while at < run.len() {
            item(first, depth + 1, self.out);
            first = false;
            at = if nested {
                self.node(view, g, run, &counts, at, depth + 1)?
            } else {
                self.seq(view, g.members, run[at].children(), depth + 1, false)?;
                at + 1
            };
        }
        close(b']', false, depth, self.out);
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
        self.out.push(b'{');
        let base = self.used.len();
        self.entries(view, g.members, run[at].children(), depth, base, false)?;
        let mut next = at + 1;
        if counts[at] > 0 {
            key("children", self.used.len() == base, depth + 1, self.out);
            self.out.push(b'[');
            for i in 0..counts[at] {
                item(i == 0, depth + 2, self.out);
                next = self.node(view, g, run, counts, next, depth + 2)?;
            }
            close(b']', false, depth + 1, self.out);
            self.used.push("children");
        }
        close(b'}', self.used.len() == base, depth, self.out);
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
            self.out.push(b'[');
            for (i, (group, k)) in groups.iter().zip(&keys).enumerate() {
                item(i == 0, depth + 1, self.out);
                self.out.push(b'{');
                let base = self.used.len();
                key(p.key_name, true, depth + 2, self.out);
                self.used.push(p.key_name);
                self.value(*k, depth + 2)?;
                self.entries(view, p.items, group.children(), depth + 1, base, false)?;
                close(b'}', false, depth + 1, self.out);
                self.used.truncate(base);
            }
            close(b']', groups.is_empty(), depth, self.out);
        } else {
            self.out.push(b'{');
            key("items", true, depth + 1, self.out);
            self.out.push(b'[');
            for (i, group) in groups.iter().enumerate() {
                item(i == 0, depth + 2, self.out);
                self.seq(view, p.items, group.children(), depth + 2, false)?;
            }
            close(b']', groups.is_empty(), depth + 1, self.out);
            key("keys", false, depth + 1, self.out);
            self.out.push(b'[');
            for (i, k) in keys.iter().enumerate() {
                item(i == 0, depth + 2, self.out);
                self.value(*k, depth + 2)?;
            }
            close(b']', keys.is_empty(), depth + 1, self.out);
            close(b'}', false, depth, self.out);
        }
        Some(())
    }

    /// One value standing at `depth`, as [`Val::to_json`] shows it.
    fn value(&mut self, v: Val<'_, '_>, depth: usize) -> Option<()> {
        let out = &mut *self.out;
        match v.value() {
            FieldValue::Int(int, n) => int_text(int, n, out),
            FieldValue::F32(x) if x.is_finite() => f32_text(x, out),
            FieldValue::F32(x) => {
                bits_object("f32_bits", &format!("0x{:08X}", x.to_bits()), depth, out)
            }
            FieldValue::F64(x) if x.is_finite() => float(x, out),
            FieldValue::F64(x) => {
                bits_object("f64_bits", &format!("0x{:016X}", x.to_bits()), depth, out)
            }
            FieldValue::FormId(id) | FieldValue::FormIdOf(id, _) => {
                form_id_shown(self.ctx, id, out)
            }
            FieldValue::Char4(sig) => sig_text(sig, out),
            FieldValue::Bytes(b) => hex_text(b, out),
            FieldValue::Enum(int, defs, n) => match defs.name_of(n) {
                Some(name) => string(name, out),
                None => int_text(int, n, out),
            },
            FieldValue::Flags(_, defs, n) => flags_text(defs, n, depth, out),
            FieldValue::Bits(Ty::Bits(_, fields), n) => bits_text(fields, n, depth, out),
            FieldValue::Bits(_, n) => unsigned(n, out),
            FieldValue::Bool(0) => out.extend_from_slice(b"false"),
            FieldValue::Bool(1) => out.extend_from_slice(b"true"),
            FieldValue::Bool(n) => unsigned(n as u64, out),
            FieldValue::Text(b) => string(&decode_cp1252(b), out),
            FieldValue::StringId(id) if self.ctx.strings.is_none() => {
                out.push(b'{');
                key("string_id", true, depth + 1, out);
                unsigned(id as u64, out);
                close(b'}', false, depth, out);
            }
            FieldValue::Struct(_) => {
                // A struct's fields have names of their own (a test holds
                // every declaration to that), so each is its own key.
                out.push(b'{');
                let mut first = true;
                for c in v.children() {
                    key(c.name(), first, depth + 1, self.out);
                    first = false;
                    self.value(c, depth + 1)?;
                }
                close(b'}', first, depth, self.out);
            }
            FieldValue::List(_) => {
                out.push(b'[');
                let mut first = true;
                for c in v.children() {
                    item(first, depth + 1, self.out);
                    first = false;
                    self.value(c, depth + 1)?;
                }
                close(b']', first, depth, self.out);
            }
            FieldValue::Empty => out.extend_from_slice(b"null"),
            // Whether `_size` is shown depends on what the JSON would
            // encode to, and localized text on the string tables: shown
            // through the JSON form, for this value alone.
            FieldValue::Sized { layouts, .. } if super::value::chosen_by(layouts).is_none() => {
                let json = v.to_json(self.ctx, &Map::new());
                super::pretty::value(&json, depth, out);
            }
            FieldValue::StringId(_) | FieldValue::Sized { .. } => return None,
        }
        Some(())
    }
}

fn int_text(int: Int, n: i64, out: &mut Vec<u8>) {
    if int == Int::U64 {
        unsigned(n as u64, out)
    } else {
        signed(n, out)
    }
}

/// An f32 as the JSON form shows it: the shortest decimal that gives the
/// f32 back, read as an f64 and printed as such.
fn f32_text(x: f32, out: &mut Vec<u8>) {
    // Whole numbers below 2^24, most floats in records, are their own
    // shortest decimal: digits and `.0`. (Above, the shortest decimal
    // may round: -2147483648 prints as -2147483600.)
    if x == x.trunc() && x.abs() < 16_777_216.0 && !(x == 0.0 && x.is_sign_negative()) {
        signed(x as i64, out);
        out.extend_from_slice(b".0");
        return;
    }
    // Rust's own shortest digits, which break ties as the JSON form's do
    // (a shortest-digits f32 formatter may break them otherwise).
    float(super::codec::f32_shown(x), out);
}

fn bits_object(name: &str, bits: &str, depth: usize, out: &mut Vec<u8>) {
    out.push(b'{');
    key(name, true, depth + 1, out);
    string(bits, out);
    close(b'}', false, depth, out);
}

/// A form ID as a bare number in quotes (`"0x0001ABCD"`).
pub(crate) fn form_id_text(id: FormId, out: &mut Vec<u8>) {
    out.push(b'"');
    out.extend_from_slice(&id.hex());
    out.push(b'"');
}

/// A form ID as [`FormCtx::show`] shows it (`"0x00001CB6 (Skyrim.esm)"`),
/// written without making the string.
pub(crate) fn form_id_shown(ctx: &FormCtx, id: FormId, out: &mut Vec<u8>) {
    let owner = match id.0 {
        0 => "",
        _ => crate::plugin::Plugin::form_id_owner(&ctx.masters, id, &ctx.own_name),
    };
    if owner.is_empty() {
        return form_id_text(id, out);
    }
    if needs_escape(owner) {
        return string(&format!("{id} ({owner})"), out);
    }
    out.push(b'"');
    out.extend_from_slice(&id.hex());
    out.extend_from_slice(b" (");
    out.extend_from_slice(owner.as_bytes());
    out.extend_from_slice(b")\"");
}

/// A signature in quotes, escaped as its `Display` is.
pub(crate) fn sig_text(sig: Sig, out: &mut Vec<u8>) {
    if sig
        .0
        .iter()
        .all(|&b| b.is_ascii_graphic() && b != b'\\' && b != b'"')
    {
        out.push(b'"');
        out.extend_from_slice(&sig.0);
        out.push(b'"');
    } else {
        string(&sig.to_string(), out);
    }
}

fn hex_text(bytes: &[u8], out: &mut Vec<u8>) {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    out.reserve(bytes.len() * 2 + 2);
    out.push(b'"');
    for &b in bytes {
        out.push(DIGITS[(b >> 4) as usize]);
        out.push(DIGITS[(b & 0xF) as usize]);
    }
    out.push(b'"');
}

/// Flags as the names of the bits set, in declaration order, then the
/// bits without a name as hex.
pub(crate) fn flags_text(defs: &FlagsDef, v: u64, depth: usize, out: &mut Vec<u8>) {
    out.push(b'[');
    let mut first = true;
    let mut left = v;
    for (bit, name) in defs.bits {
        if v & bit == *bit && *bit != 0 {
            item(first, depth + 1, out);
            first = false;
            string(name, out);
            left &= !bit;
        }
    }
    let mut bit = 1u64;
    while left != 0 {
        if left & bit != 0 {
            item(first, depth + 1, out);
            first = false;
            string(&format!("0x{bit:X}"), out);
            left &= !bit;
        }
        bit <<= 1;
    }
    close(b']', first, depth, out);
}

fn bits_text(fields: &[BitField], v: u64, depth: usize, out: &mut Vec<u8>) {
    out.push(b'{');
    let mut first = true;
    let mut covered = 0u64;
    for bf in fields {
        covered |= bf.mask;
        let part = (v & bf.mask) >> bf.mask.trailing_zeros();
        key(bf.name, first, depth + 1, out);
        first = false;
        match bf.kind {
            BitKind::Enum(e) => match e.name_of(part as i64) {
                Some(name) => string(name, out),
                None => unsigned(part, out),
            },
            BitKind::Flags(fl) => flags_text(fl, part, depth + 1, out),
        }
    }
    if v & !covered != 0 {
        key("_other_bits", first, depth + 1, out);
        first = false;
        unsigned(v & !covered, out);
    }
    close(b'}', first, depth, out);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::schema::codec::{f32_value, f64_value};

    fn through_json(v: &serde_json::Value) -> Vec<u8> {
        let mut out = Vec::new();
        super::super::pretty::value(v, 0, &mut out);
        out
    }

    /// Floats print as their JSON values do, for bit patterns spread
    /// over every exponent, whole numbers near 2^24 and the edges.
    #[test]
    fn floats_print_as_their_json_values() {
        let mut bits = 0x9E37_79B9_7F4A_7C15u64;
        let mut next = || {
            bits ^= bits << 13;
            bits ^= bits >> 7;
            bits ^= bits << 17;
            bits
        };
        let mut f32s: Vec<f32> = (0..200_000)
            .map(|_| f32::from_bits(next() as u32))
            .collect();
        f32s.extend((-70..70).map(|i| 16_777_216.0f32 + i as f32));
        f32s.extend((-70..70).map(|i| -16_777_216.0f32 + i as f32));
        f32s.extend([
            0.0,
            -0.0,
            1.0,
            -1.0,
            0.1,
            7533.5312,
            -2147483648.0,
            f32::MAX,
            f32::MIN,
            f32::MIN_POSITIVE,
            f32::from_bits(1),
        ]);
        for x in f32s.into_iter().filter(|x| x.is_finite()) {
            let mut out = Vec::new();
            f32_text(x, &mut out);
            assert_eq!(
                out,
                through_json(&f32_value(x)),
                "{x:?} ({:08X})",
                x.to_bits()
            );
        }
        for _ in 0..200_000 {
            let x = f64::from_bits(next());
            if x.is_finite() {
                let mut out = Vec::new();
                float(x, &mut out);
                assert_eq!(out, through_json(&f64_value(x)), "{x:?}");
            }
        }
    }
}
