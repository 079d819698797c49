//! A record version's comparable content (its flags and fields, form IDs
//! by global identity) held compactly: the shape of its JSON form, walked
//! from the typed view ([`crate::schema::shape`]) into one flat list of
//! nodes, with form IDs kept as numbers. Form IDs are made global from
//! their declared type: a text field is text, whatever it looks like; only
//! a value shown through its JSON form (a layout chosen by size) holds its
//! form IDs as the text `FormCtx::show` writes. It gives the JSON of a part
//! where a report shows it; comparing versions this way builds no JSON
//! maps.

use super::{form_id_text, GlobalId, LoadOrder};
use crate::io::FormId;
use crate::schema::codec::f32_shown;
use crate::schema::shape::{walk_fields, Scalar, ShapeSink};
use crate::schema::view::RecordView;
use crate::schema::FormCtx;
use serde_json::{Map, Value};

/// A version's content as a preorder list of nodes; the first is the root.
#[derive(Debug, Clone, Default)]
pub(super) struct Comparable {
    nodes: Vec<Node>,
    /// The text of string values and of keys that are not declared names.
    text: String,
}

#[derive(Debug, Clone, Copy)]
struct Node {
    key: Key,
    kind: Kind,
    /// The index past this node's subtree.
    end: u32,
}

/// How a node is named in its parent.
#[derive(Debug, Clone, Copy)]
enum Key {
    /// A list item (named by its place) or the root.
    Item,
    /// A declared name, and how many earlier entries of the object had
    /// it: keyed `name#{seen + 1}` when any.
    Name(&'static str, u32),
    /// Another key, held in the text.
    Text(u32, u32),
}

/// What a node holds; numbers are told apart as JSON numbers are.
#[derive(Debug, Clone, Copy)]
enum Kind {
    Object,
    List,
    Null,
    Bool(bool),
    /// A whole number from zero up.
    Whole(u64),
    /// A whole number below zero.
    Negative(i64),
    Float(f64),
    /// A finite f32, shown as its shortest decimal read as an f64
    /// ([`f32_shown`]): as that is one to one, two compare as the f32s.
    F32(f32),
    /// A string, held in the text.
    Str(u32, u32),
    /// A form ID, by its global identity (shown by `show_id`).
    Form(GlobalId),
}

impl Comparable {
    /// The content of a version read through its typed view: the record
    /// flags (`flags_shown`, as hex) and the fields, with form IDs as the
    /// plugin at `plugin` numbers them made global. `None` where the
    /// fields' shape needs the JSON path.
    pub(super) fn from_view(
        order: &LoadOrder<'_>,
        plugin: usize,
        flags: u32,
        view: &RecordView<'_>,
    ) -> Option<Comparable> {
        let mut b = Builder {
            order,
            plugin,
            ctx: order.plugin(plugin).form_ctx(),
            view,
            forms: None,
            // Room for a usual record, grown for a larger one.
            tree: Comparable {
                nodes: Vec::with_capacity(64),
                text: String::with_capacity(256),
            },
            open: Vec::with_capacity(8),
            key: Key::Item,
        };
        b.open(false);
        b.key("flags", 0, true, 1);
        b.scalar(Scalar::Str(&format!("0x{flags:08X}")), 1);
        b.key("fields", 0, false, 1);
        walk_fields(view, 1, &mut b)?;
        b.close(false, false, 0);
        Some(b.tree)
    }

    fn key_text(&self, key: Key) -> std::borrow::Cow<'_, str> {
        use std::borrow::Cow;
        match key {
            Key::Item => Cow::Borrowed(""),
            Key::Name(name, 0) => Cow::Borrowed(name),
            Key::Name(name, seen) => Cow::Owned(format!("{name}#{}", seen + 1)),
            Key::Text(at, len) => Cow::Borrowed(self.slice(at, len)),
        }
    }

    /// Appends a key's text to `out`, as [`key_text`](Self::key_text)
    /// gives it.
    fn push_key(&self, key: Key, out: &mut String) {
        use std::fmt::Write;
        match key {
            Key::Item => {}
            Key::Name(name, 0) => out.push_str(name),
            Key::Name(name, seen) => {
                let _ = write!(out, "{name}#{}", seen + 1);
            }
            Key::Text(at, len) => out.push_str(self.slice(at, len)),
        }
    }

    /// Whether a key's text is `text`.
    fn key_is(&self, key: Key, text: &str) -> bool {
        match key {
            Key::Name(name, 0) => name == text,
            Key::Name(name, seen) => text
                .strip_prefix(name)
                .and_then(|rest| rest.strip_prefix('#'))
                .is_some_and(|n| {
                    // Digits only, as they are written: no sign, no zero
                    // in front.
                    n.bytes().all(|b| b.is_ascii_digit())
                        && !n.starts_with('0')
                        && n.parse::<u64>().ok() == Some(u64::from(seen) + 1)
                }),
            _ => self.key_text(key) == text,
        }
    }

    fn slice(&self, at: u32, len: u32) -> &str {
        self.text
            .get(at as usize..(at + len) as usize)
            .unwrap_or_default()
    }

    /// The direct children of the node at `at`.
    fn children(&self, at: usize) -> impl Iterator<Item = usize> + '_ {
        let end = self.nodes.get(at).map_or(at, |n| n.end as usize);
        let mut next = at + 1;
        std::iter::from_fn(move || {
            (next < end).then(|| {
                let child = next;
                next = self.nodes[child].end as usize;
                child
            })
        })
    }

    /// The child of the object at `at` keyed as `key` of `other` is,
    /// looked for at `hint` first (where entries stand in the same order
    /// on both sides, the one after the last found).
    fn child_keyed(&self, at: usize, hint: usize, other: &Comparable, key: Key) -> Option<usize> {
        let end = self.nodes.get(at).map_or(at, |n| n.end as usize);
        if hint > at && hint < end && same_key(self, self.nodes[hint].key, other, key) {
            return Some(hint);
        }
        self.children(at)
            .find(|&c| same_key(self, self.nodes[c].key, other, key))
    }

    /// The node at a dotted path (`fields.DATA.value`, `fields.items.2`),
    /// found as in the JSON form.
    pub(super) fn at_path(&self, path: &str) -> Option<usize> {
        if self.nodes.is_empty() {
            return None;
        }
        if path.is_empty() {
            return Some(0);
        }
        let mut cur = 0;
        for part in path.split('.') {
            cur = match self.nodes[cur].kind {
                Kind::Object => self
                    .children(cur)
                    .find(|&c| self.key_is(self.nodes[c].key, part))?,
                Kind::List => self.children(cur).nth(part.parse::<usize>().ok()?)?,
                _ => return None,
            };
        }
        Some(cur)
    }

    /// The JSON form of the node at `at`, form IDs shown as `show_id`
    /// shows them.
    pub(super) fn to_json(&self, order: &LoadOrder<'_>, at: usize) -> Value {
        let Some(node) = self.nodes.get(at) else {
            return Value::Null;
        };
        match node.kind {
            Kind::Object => {
                let mut m = Map::new();
                for c in self.children(at) {
                    let key = self.key_text(self.nodes[c].key).into_owned();
                    m.insert(key, self.to_json(order, c));
                }
                Value::Object(m)
            }
            Kind::List => Value::Array(self.children(at).map(|c| self.to_json(order, c)).collect()),
            Kind::Null => Value::Null,
            Kind::Bool(b) => Value::Bool(b),
            Kind::Whole(n) => Value::from(n),
            Kind::Negative(n) => Value::from(n),
            Kind::Float(x) => Value::from(x),
            Kind::F32(x) => Value::from(f32_shown(x)),
            Kind::Str(s, len) => Value::from(self.slice(s, len)),
            Kind::Form(id) => Value::from(order.show_id(id)),
        }
    }
}

/// Whether two keys name the same entry.
fn same_key(a: &Comparable, ka: Key, b: &Comparable, kb: Key) -> bool {
    match (ka, kb) {
        // Declared names mostly come from one declaration: the same
        // pointer, no need to compare their text.
        (Key::Name(x, i), Key::Name(y, j)) => i == j && (std::ptr::eq(x, y) || x == y),
        (Key::Item, Key::Item) => true,
        _ => a.key_text(ka) == b.key_text(kb),
    }
}

/// Whether two nodes hold equal values, as JSON values compare (an
/// object's entries in any order).
pub(super) fn same_value(
    order: &LoadOrder<'_>,
    a: &Comparable,
    ia: usize,
    b: &Comparable,
    ib: usize,
) -> bool {
    let (Some(na), Some(nb)) = (a.nodes.get(ia), b.nodes.get(ib)) else {
        return false;
    };
    match (na.kind, nb.kind) {
        (Kind::Object, Kind::Object) => {
            let mut hint = ib + 1;
            a.children(ia).count() == b.children(ib).count()
                && a.children(ia).all(|ca| {
                    let found = b.child_keyed(ib, hint, a, a.nodes[ca].key);
                    if let Some(cb) = found {
                        hint = b.nodes[cb].end as usize;
                    }
                    found.is_some_and(|cb| same_value(order, a, ca, b, cb))
                })
        }
        (Kind::List, Kind::List) => {
            a.children(ia).count() == b.children(ib).count()
                && a.children(ia)
                    .zip(b.children(ib))
                    .all(|(ca, cb)| same_value(order, a, ca, b, cb))
        }
        (Kind::Null, Kind::Null) => true,
        (Kind::Bool(x), Kind::Bool(y)) => x == y,
        (Kind::Whole(x), Kind::Whole(y)) => x == y,
        (Kind::Negative(x), Kind::Negative(y)) => x == y,
        (Kind::Float(x), Kind::Float(y)) => x == y,
        (Kind::F32(x), Kind::F32(y)) => x == y,
        (Kind::F32(x), Kind::Float(y)) | (Kind::Float(y), Kind::F32(x)) => f32_shown(x) == y,
        (Kind::Str(s, n), Kind::Str(t, m)) => a.slice(s, n) == b.slice(t, m),
        (Kind::Form(x), Kind::Form(y)) => same_shown(order, x, y),
        (Kind::Form(id), Kind::Str(s, n)) => order.show_id(id) == b.slice(s, n),
        (Kind::Str(s, n), Kind::Form(id)) => a.slice(s, n) == order.show_id(id),
        _ => false,
    }
}

/// Whether two global identities are shown alike by `show_id`: the same
/// file name, and the same load-order form ID (or object, for a file
/// without one).
fn same_shown(order: &LoadOrder<'_>, a: GlobalId, b: GlobalId) -> bool {
    if a == b {
        return true;
    }
    if a.file != b.file && order.file_name(a.file) != order.file_name(b.file) {
        return false;
    }
    match (order.load_order_id(a), order.load_order_id(b)) {
        (Some(x), Some(y)) => x == y,
        (None, None) => a.object == b.object,
        _ => false,
    }
}

/// The dotted paths at which two versions differ, in the order
/// [`crate::json::diff_values`] finds them in their JSON forms.
pub(super) fn diff(order: &LoadOrder<'_>, old: &Comparable, new: &Comparable) -> Vec<String> {
    let mut out = Vec::new();
    let mut walk = Diff {
        order,
        old,
        new,
        path: String::new(),
        out: &mut out,
    };
    let root = |c: &Comparable| (!c.nodes.is_empty()).then_some(0);
    walk.walk(root(old), root(new));
    out
}

/// One step down a path: an object's entry (keyed as in that side) or
/// a list's item.
enum Step<'c> {
    Key(&'c Comparable, Key),
    Index(usize),
}

struct Diff<'d, 'o> {
    order: &'d LoadOrder<'o>,
    old: &'d Comparable,
    new: &'d Comparable,
    /// The path of the nodes being compared: one buffer for the whole
    /// walk, copied out only where they differ.
    path: String,
    out: &'d mut Vec<String>,
}

impl Diff<'_, '_> {
    fn walk(&mut self, a: Option<usize>, b: Option<usize>) {
        let kind =
            |c: &Comparable, at: Option<usize>| at.and_then(|i| c.nodes.get(i)).map(|n| n.kind);
        match (kind(self.old, a), kind(self.new, b), a, b) {
            (Some(Kind::Object), Some(Kind::Object), Some(a), Some(b)) => {
                // Entries mostly stand in the same order on both sides:
                // the next one of `b` is tried first.
                let (old, new) = (self.old, self.new);
                let mut next_b = b + 1;
                let mut matched = 0;
                for ca in old.children(a) {
                    let key = old.nodes[ca].key;
                    let cb = new.child_keyed(b, next_b, old, key);
                    if let Some(cb) = cb {
                        next_b = new.nodes[cb].end as usize;
                        matched += 1;
                    }
                    self.step(Step::Key(old, key), Some(ca), cb);
                }
                // Keys are unique in an object: where every entry of `b`
                // was matched, none is new.
                if matched < new.children(b).count() {
                    let mut next_a = a + 1;
                    for cb in new.children(b) {
                        let key = new.nodes[cb].key;
                        match old.child_keyed(a, next_a, new, key) {
                            Some(ca) => next_a = old.nodes[ca].end as usize,
                            None => self.step(Step::Key(new, key), None, Some(cb)),
                        }
                    }
                }
            }
            (Some(Kind::List), Some(Kind::List), Some(a), Some(b)) => {
                let mut xs = self.old.children(a);
                let mut ys = self.new.children(b);
                let mut i = 0usize;
                loop {
                    let (x, y) = (xs.next(), ys.next());
                    if x.is_none() && y.is_none() {
                        break;
                    }
                    self.step(Step::Index(i), x, y);
                    i += 1;
                }
            }
            _ => {
                let same = match (a, b) {
                    (Some(a), Some(b)) => same_value(self.order, self.old, a, self.new, b),
                    (None, None) => true,
                    _ => false,
                };
                if !same {
                    self.out.push(self.path.clone());
                }
            }
        }
    }

    fn step(&mut self, step: Step<'_>, a: Option<usize>, b: Option<usize>) {
        let len = self.path.len();
        if len > 0 {
            self.path.push('.');
        }
        match step {
            Step::Key(side, key) => side.push_key(key, &mut self.path),
            Step::Index(i) => {
                use std::fmt::Write;
                let _ = write!(self.path, "{i}");
            }
        }
        self.walk(a, b);
        self.path.truncate(len);
    }
}

/// Builds a [`Comparable`] from the shape the walk hands it.
struct Builder<'b, 'o, 'v> {
    order: &'b LoadOrder<'o>,
    plugin: usize,
    ctx: &'b FormCtx,
    view: &'b RecordView<'v>,
    /// The form IDs the record holds, as stored, found by its declaration
    /// once a value shown through JSON needs them.
    forms: Option<std::collections::HashSet<u32>>,
    tree: Comparable,
    /// The objects and lists open, innermost last.
    open: Vec<usize>,
    /// The key of the next node.
    key: Key,
}

impl Builder<'_, '_, '_> {
    fn push(&mut self, kind: Kind) -> usize {
        let at = self.tree.nodes.len();
        self.tree.nodes.push(Node {
            key: std::mem::replace(&mut self.key, Key::Item),
            kind,
            end: at as u32 + 1,
        });
        at
    }

    /// Puts text in the text store: where it is and how long.
    fn store(&mut self, s: &str) -> (u32, u32) {
        let at = self.tree.text.len() as u32;
        self.tree.text.push_str(s);
        (at, s.len() as u32)
    }

    /// A string value: text, compared as text, whatever it looks like
    /// (a name that reads `0x0101A0AF (Oblivion.esm)` is no form ID).
    fn string(&mut self, s: &str) {
        let kind = self.str_kind(s);
        self.push(kind);
    }

    /// A string of a value shown through its JSON form, where form IDs
    /// are text as `FormCtx::show` writes them: made global where the
    /// record holds that form ID, as `LoadOrder::globalize_forms` does.
    fn shown_string(&mut self, s: &str) {
        let view = self.view;
        let forms = self.forms.get_or_insert_with(|| held_form_ids(view));
        let kind = match form_id_text(s).filter(|id| forms.contains(&id.0)) {
            Some(id) if id.0 != 0 => Kind::Form(self.order.resolve(self.plugin, id)),
            Some(id) => self.str_kind(&id.to_string()),
            None => self.str_kind(s),
        };
        self.push(kind);
    }

    fn str_kind(&mut self, s: &str) -> Kind {
        let (at, len) = self.store(s);
        Kind::Str(at, len)
    }

    /// A form ID as the JSON form shows it (`FormCtx::show`), made global.
    fn form_id(&mut self, id: FormId) {
        let owner = match id.0 {
            0 => "",
            _ => crate::plugin::Plugin::form_id_owner(&self.ctx.masters, id, &self.ctx.own_name),
        };
        let kind = if owner.is_empty() {
            // Shown bare, and left so by `globalize`.
            let hex = id.hex();
            self.str_kind(std::str::from_utf8(&hex).unwrap_or_default())
        } else {
            Kind::Form(self.order.resolve(self.plugin, id))
        };
        self.push(kind);
    }

    fn number(&mut self, n: &serde_json::Number) {
        let kind = match (n.as_u64(), n.as_i64(), n.as_f64()) {
            (Some(u), _, _) => Kind::Whole(u),
            (None, Some(i), _) => Kind::Negative(i),
            (None, None, Some(x)) => Kind::Float(x),
            (None, None, None) => Kind::Null,
        };
        self.push(kind);
    }
}

/// The form IDs a record holds, as stored, found by its declaration.
pub(super) fn held_form_ids(view: &RecordView<'_>) -> std::collections::HashSet<u32> {
    crate::schema::form_refs(view)
        .iter()
        .map(|r| r.form_id.0)
        .collect()
}

impl ShapeSink for Builder<'_, '_, '_> {
    fn open(&mut self, list: bool) {
        let at = self.push(if list { Kind::List } else { Kind::Object });
        self.open.push(at);
    }

    fn key(&mut self, name: &'static str, seen: usize, _first: bool, _depth: usize) {
        self.key = Key::Name(name, seen as u32);
    }

    fn item(&mut self, _first: bool, _depth: usize) {
        self.key = Key::Item;
    }

    fn close(&mut self, _list: bool, _empty: bool, _depth: usize) {
        let end = self.tree.nodes.len() as u32;
        if let Some(at) = self.open.pop() {
            self.tree.nodes[at].end = end;
        }
    }

    fn scalar(&mut self, value: Scalar<'_>, _depth: usize) {
        let kind = match value {
            Scalar::Null => Kind::Null,
            Scalar::Bool(b) => Kind::Bool(b),
            Scalar::Signed(n) if n >= 0 => Kind::Whole(n as u64),
            Scalar::Signed(n) => Kind::Negative(n),
            Scalar::Unsigned(n) => Kind::Whole(n),
            Scalar::F32(x) => Kind::F32(x),
            Scalar::F64(x) => Kind::Float(x),
            Scalar::Str(s) => return self.string(s),
            Scalar::FormId(id) => return self.form_id(id),
            Scalar::Sig(sig) => self.str_kind(&sig.to_string()),
            Scalar::Hex(bytes) => {
                const DIGITS: &[u8; 16] = b"0123456789abcdef";
                let at = self.tree.text.len() as u32;
                for &b in bytes {
                    self.tree.text.push(DIGITS[(b >> 4) as usize] as char);
                    self.tree.text.push(DIGITS[(b & 0xF) as usize] as char);
                }
                Kind::Str(at, 2 * bytes.len() as u32)
            }
        };
        self.push(kind);
    }

    fn json(&mut self, value: &Value, depth: usize) {
        match value {
            Value::Null => self.scalar(Scalar::Null, depth),
            Value::Bool(b) => self.scalar(Scalar::Bool(*b), depth),
            Value::Number(n) => self.number(n),
            Value::String(s) => self.shown_string(s),
            Value::Array(list) => {
                self.open(true);
                for v in list {
                    self.key = Key::Item;
                    self.json(v, depth + 1);
                }
                self.close(true, list.is_empty(), depth);
            }
            Value::Object(m) => {
                self.open(false);
                for (k, v) in m {
                    let (at, len) = self.store(k);
                    self.key = Key::Text(at, len);
                    self.json(v, depth + 1);
                }
                self.close(false, m.is_empty(), depth);
            }
        }
    }

    fn ctx(&self) -> &FormCtx {
        self.ctx
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A path's part finds a repeated name's entry only as its key is
    /// written.
    #[test]
    fn a_key_is_its_text_exactly() {
        let c = Comparable::default();
        assert!(c.key_is(Key::Name("CNTO", 0), "CNTO"));
        assert!(c.key_is(Key::Name("CNTO", 1), "CNTO#2"));
        for other in [
            "CNTO", "CNTO#", "CNTO#02", "CNTO#+2", "CNTO#3", "CNTO2", "CNTO#2 ",
        ] {
            assert!(!c.key_is(Key::Name("CNTO", 1), other), "{other}");
        }
        assert!(!c.key_is(Key::Name("CNTO", 0), "CNTO#1"));
    }
}
