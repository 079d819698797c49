//! Real records edited through the record model: a value changed, a list
//! item added and taken away. The file must change only where the edit
//! says, and an edit undone must give back the very bytes.

mod common;

use esscribe::json::form_ctx;
use esscribe::plugin::{parse_subrecords, Subrecord};
use esscribe::schema::types::{Member, Ty};
use esscribe::schema::Fields;
use esscribe::Plugin;
use serde_json::Value;
use std::collections::HashMap;

/// Records of each type edited per plugin.
const PER_TYPE: usize = 5;

/// The first integer value of a record's fields, depth first, with its
/// path: skipped where kept as bytes (`!SIG`, `_hex`, `_rest`).
fn first_integer(fields: &Fields, prefix: &str, v: &Value) -> Option<(String, i64)> {
    let at = |k: &str| {
        if prefix.is_empty() {
            k.to_string()
        } else {
            format!("{prefix}.{k}")
        }
    };
    match v {
        Value::Object(m) => m
            .iter()
            .filter(|(k, _)| !k.starts_with(['!', '_']))
            .find_map(|(k, v)| first_integer(fields, &at(k), v)),
        Value::Array(items) => items
            .iter()
            .enumerate()
            .find_map(|(i, v)| first_integer(fields, &at(&i.to_string()), v)),
        Value::Number(n) if n.is_i64() || n.is_u64() => {
            let field = fields.field(prefix).ok()?;
            match field.ty() {
                Some(Ty::Int(_)) => Some((prefix.to_string(), field.raw()?)),
                _ => None,
            }
        }
        _ => None,
    }
}

/// The integer `v` changed to another that its type holds.
fn other_value(fields: &Fields, path: &str, v: i64) -> i64 {
    match fields.field(path).unwrap().ty() {
        Some(Ty::Int(int)) if int.holds(v + 1) => v + 1,
        _ => v - 1,
    }
}

/// Where two byte strings of one length differ: the first and last
/// differing byte.
fn differing_span(a: &[u8], b: &[u8]) -> Option<(usize, usize)> {
    let first = a.iter().zip(b).position(|(x, y)| x != y)?;
    let last = a.iter().zip(b).rposition(|(x, y)| x != y)?;
    Some((first, last))
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn a_value_changed_through_the_model_changes_only_its_bytes() {
    for path in common::plugins() {
        let name = common::name(&path);
        let bytes = std::fs::read(&path).unwrap();
        let mut plugin = Plugin::parse(&bytes).unwrap();
        let game = plugin.game;
        let ctx = form_ctx(&plugin, &name);
        let catalog = esscribe::defs::catalog(game);
        // Each edited record's place among the records, the path changed,
        // its new value and the record's data before.
        let mut edits: HashMap<usize, (String, i64, Vec<u8>)> = HashMap::new();
        let mut seen: HashMap<[u8; 4], usize> = HashMap::new();
        for (at, record) in plugin.records().enumerate() {
            let n = seen.entry(record.header.sig.0).or_default();
            if *n == PER_TYPE {
                continue;
            }
            let Some(fields) = Fields::of(record, catalog, &ctx).unwrap() else {
                continue;
            };
            let map = Value::Object(fields.as_map().clone());
            let Some((field, old)) = first_integer(&fields, "", &map) else {
                continue;
            };
            *n += 1;
            let new = other_value(&fields, &field, old);
            let data = record.data(game).unwrap().into_owned();
            edits.insert(at, (field, new, data));
        }
        let mut at = 0;
        let mut failed = None;
        plugin.for_each_record_mut(|record| {
            if let (Some((field, new, _)), None) = (edits.get(&at), &failed) {
                let mut fields = Fields::of(record, catalog, &ctx).unwrap().unwrap();
                let done = fields
                    .set(field, *new)
                    .and_then(|_| fields.apply_to(record));
                if let Err(e) = done {
                    failed = Some(format!("{}: {field}: {e}", record.describe()));
                }
            }
            at += 1;
        });
        if let Some(failed) = failed {
            panic!("{name}: {failed}");
        }
        let written = plugin.to_bytes().unwrap();
        let back = Plugin::parse(&written).unwrap();
        let original = Plugin::parse(&bytes).unwrap();
        assert_eq!(back.records().count(), original.records().count(), "{name}");
        for (at, (was, now)) in original.records().zip(back.records()).enumerate() {
            let what = format!("{name}: {}", was.describe());
            let Some((field, new, data)) = edits.get(&at) else {
                assert!(was.body == now.body, "{what}: not edited, yet changed");
                assert_eq!(was.header, now.header, "{what}: not edited, yet changed");
                continue;
            };
            let after = now.data(game).unwrap();
            assert_eq!(after.len(), data.len(), "{what}: {field} changed its size");
            let (first, last) = differing_span(data, &after)
                .unwrap_or_else(|| panic!("{what}: {field} set to {new}, no byte changed"));
            // An integer is at most eight bytes: the change is one value's.
            assert!(last - first < 8, "{what}: {field} changed {first}..={last}");
            let fields = Fields::of(now, catalog, &ctx).unwrap().unwrap();
            assert_eq!(fields.int(field).unwrap(), *new, "{what}: {field}");
        }
    }
}

/// A list that a sibling counts, found in a record's fields.
struct Counted {
    /// The paths of the list and of its count.
    list: String,
    count: String,
    /// The members the two are declared among, and their names there.
    members: &'static [Member],
    list_name: &'static str,
    count_name: &'static str,
}

/// The counted lists of a record's fields: at the top level, and in the
/// groups the fields hold (once or as a list), at any depth.
fn counted_lists(members: &'static [Member], prefix: &str, fields: &Value, out: &mut Vec<Counted>) {
    let at = |k: &str| {
        if prefix.is_empty() {
            k.to_string()
        } else {
            format!("{prefix}.{k}")
        }
    };
    for m in members {
        match m {
            Member::Sub(s) => {
                if let Some(list) = s.counts {
                    out.push(Counted {
                        list: at(list),
                        count: at(s.name),
                        members,
                        list_name: list,
                        count_name: s.name,
                    });
                }
            }
            Member::Group(g) => match fields.get(g.name) {
                Some(one @ Value::Object(_)) => counted_lists(g.members, &at(g.name), one, out),
                Some(Value::Array(items)) => {
                    for (i, item) in items.iter().enumerate() {
                        let tree = g.tree.is_some();
                        nodes(g.members, &at(&format!("{}.{i}", g.name)), item, tree, out);
                    }
                }
                _ => {}
            },
            Member::Paired(_) => {}
        }
    }
}

/// The counted lists of one item of a repeating group and, in a tree,
/// of the nodes below it (held under `children`).
fn nodes(members: &'static [Member], at: &str, item: &Value, tree: bool, out: &mut Vec<Counted>) {
    counted_lists(members, at, item, out);
    if let (true, Some(Value::Array(children))) = (tree, item.get("children")) {
        for (j, child) in children.iter().enumerate() {
            nodes(members, &format!("{at}.children.{j}"), child, tree, out);
        }
    }
}

/// The subrecords of two versions of a record that differ, by type, once
/// the longest common start and end are set aside.
fn changed_sigs(a: &[Subrecord], b: &[Subrecord]) -> Vec<String> {
    let head = a.iter().zip(b).take_while(|(x, y)| x == y).count();
    let tail = a[head..]
        .iter()
        .rev()
        .zip(b[head..].iter().rev())
        .take_while(|(x, y)| x == y)
        .count();
    let mut sigs: Vec<String> = a[head..a.len() - tail]
        .iter()
        .chain(&b[head..b.len() - tail])
        .map(|s| s.sig.to_string())
        .collect();
    sigs.sort();
    sigs.dedup();
    sigs
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn a_counted_list_grows_and_shrinks_with_its_count() {
    // Lists grown in each plugin named here (the others get the checks
    // without a number). Campfire.esm: 310 recipes' and one container's
    // items, 189 keyword lists, the items of the 20 reference aliases of
    // its quest 0x02022598, and the conditions of one procedure of a
    // package's procedure tree. A raw scan of its subrecords (each count
    // followed by as many items) finds the same.
    let expected = [("Campfire.esm", 521)];
    for path in common::plugins() {
        let name = common::name(&path);
        let bytes = std::fs::read(&path).unwrap();
        let plugin = Plugin::parse(&bytes).unwrap();
        let game = plugin.game;
        let ctx = form_ctx(&plugin, &name);
        let catalog = esscribe::defs::catalog(game);
        let mut grown = 0;
        for record in plugin.records() {
            let Some(def) = catalog.find(record.header.sig) else {
                continue;
            };
            let data = record.data(game).unwrap().into_owned();
            let subs = parse_subrecords(&data, 0).unwrap();
            let Some(decoded) = Fields::of(record, catalog, &ctx).unwrap() else {
                continue;
            };
            let mut lists = Vec::new();
            counted_lists(
                def.members,
                "",
                &Value::Object(decoded.as_map().clone()),
                &mut lists,
            );
            for c in lists {
                let (list, count) = (c.list.as_str(), c.count.as_str());
                let mut fields = decoded.clone();
                let what = format!("{name}: {} {list}", record.describe());
                let len = match fields.get(list) {
                    Some(Value::Array(items)) if !items.is_empty() => items.len(),
                    _ => continue,
                };
                if fields.get(count).and_then(Value::as_u64) != Some(len as u64) {
                    continue;
                }
                let first = fields.get(&format!("{list}.0")).unwrap().clone();
                fields
                    .push(list, &first)
                    .unwrap_or_else(|e| panic!("{what}: {e}"));
                assert_eq!(fields.int(count).unwrap(), len as i64 + 1, "{what}");
                let grew = parse_subrecords(fields.changed_data().unwrap(), 0).unwrap();
                let list_sigs: Vec<String> = changed_sigs(&subs, &grew);
                let count_sig = c
                    .members
                    .iter()
                    .find_map(|m| match m {
                        Member::Sub(s) if s.name == c.count_name => Some(s.sig.to_string()),
                        _ => None,
                    })
                    .unwrap();
                assert!(
                    list_sigs.contains(&count_sig),
                    "{what}: the count is unchanged"
                );
                let mut allowed = def_sigs_of(c.members, c.list_name);
                allowed.push(count_sig);
                assert!(
                    list_sigs.iter().all(|s| allowed.contains(s)),
                    "{what}: {list_sigs:?} changed, where only {allowed:?} may"
                );
                assert!(fields.remove(&format!("{list}.{len}")).unwrap(), "{what}");
                assert!(
                    fields.changed_data().unwrap() == &data[..],
                    "{what}: taken away again, the bytes differ"
                );
                grown += 1;
            }
        }
        if let Some((_, n)) = expected.iter().find(|(n, _)| *n == name) {
            assert_eq!(grown, *n, "{name}");
        }
    }
}

/// The subrecord types of the member named `name`.
fn def_sigs_of(members: &'static [Member], name: &str) -> Vec<String> {
    fn sigs(m: &Member, out: &mut Vec<String>) {
        match m {
            Member::Sub(s) => out.push(s.sig.to_string()),
            Member::Group(g) => g.members.iter().for_each(|m| sigs(m, out)),
            Member::Paired(p) => {
                p.items.iter().for_each(|m| sigs(m, out));
                out.push(p.key.sig.to_string());
            }
        }
    }
    let mut out = Vec::new();
    for m in members {
        let n = match m {
            Member::Sub(s) => s.name,
            Member::Group(g) => g.name,
            Member::Paired(p) => p.name,
        };
        if n == name {
            sigs(m, &mut out);
        }
    }
    out.sort();
    out.dedup();
    out
}

/// The paths of the nodes of a tree that have children, depth first, with
/// how many.
fn parents(at: &str, node: &Value, out: &mut Vec<(String, usize)>) {
    if let Some(Value::Array(children)) = node.get("children") {
        out.push((at.to_string(), children.len()));
        for (j, child) in children.iter().enumerate() {
            parents(&format!("{at}.children.{j}"), child, out);
        }
    }
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn a_tree_node_s_children_grow_and_shrink_with_its_child_count() {
    // Nodes grown in the plugins named here: a raw scan of their packages
    // finds as many branches (PRCB) with a child count above zero.
    let expected = [
        ("Campfire.esm", 1),
        ("DawnOfTheSilverHand.esp", 3),
        ("UndeadTrinity_PACKonly.esp", 10),
    ];
    for path in common::plugins() {
        let name = common::name(&path);
        let bytes = std::fs::read(&path).unwrap();
        let plugin = Plugin::parse(&bytes).unwrap();
        let game = plugin.game;
        let ctx = form_ctx(&plugin, &name);
        let catalog = esscribe::defs::catalog(game);
        let mut grown = 0;
        for record in plugin.records() {
            let Some(def) = catalog.find(record.header.sig) else {
                continue;
            };
            let trees = def.members.iter().filter_map(|m| match m {
                Member::Group(g) => g.tree.map(|(sub, count)| (g.name, sub, count)),
                _ => None,
            });
            let data = record.data(game).unwrap().into_owned();
            let subs = parse_subrecords(&data, 0).unwrap();
            for (tree, sub, count) in trees {
                let Some(decoded) = Fields::of(record, catalog, &ctx).unwrap() else {
                    continue;
                };
                let mut nodes = Vec::new();
                if let Some(Value::Array(roots)) = decoded.get(tree) {
                    for (i, root) in roots.iter().enumerate() {
                        parents(&format!("{tree}.{i}"), root, &mut nodes);
                    }
                }
                for (node, len) in nodes {
                    let what = format!("{name}: {} {node}", record.describe());
                    let mut fields = decoded.clone();
                    let children = format!("{node}.children");
                    let first = fields.get(&format!("{children}.0")).unwrap().clone();
                    fields
                        .push(&children, &first)
                        .unwrap_or_else(|e| panic!("{what}: {e}"));
                    let child_count = format!("{node}.{sub}.{count}");
                    assert_eq!(fields.int(&child_count).unwrap(), len as i64 + 1, "{what}");
                    // Only the tree's subrecords change: the node's count
                    // and the child given again.
                    let grew = parse_subrecords(fields.changed_data().unwrap(), 0).unwrap();
                    let allowed = def_sigs_of(def.members, tree);
                    let changed = changed_sigs(&subs, &grew);
                    assert!(
                        changed.iter().all(|s| allowed.contains(s)) && !changed.is_empty(),
                        "{what}: {changed:?} changed, where only {allowed:?} may"
                    );
                    assert!(
                        fields.remove(&format!("{children}.{len}")).unwrap(),
                        "{what}"
                    );
                    assert_eq!(fields.int(&child_count).unwrap(), len as i64, "{what}");
                    assert!(
                        fields.changed_data().unwrap() == &data[..],
                        "{what}: taken away again, the bytes differ"
                    );
                    grown += 1;
                }
            }
        }
        if let Some((_, n)) = expected.iter().find(|(n, _)| *n == name) {
            assert_eq!(grown, *n, "{name}");
        }
    }
}
