//! Repeating groups stored as a tree in preorder (each node says how many
//! children follow it), nested for people and flattened again to be written.

use super::members::*;
use super::types::*;
use serde_json::{Map, Value};

/// Turns the preorder lists of tree members into nested nodes. A list
/// whose counts do not make a forest stays flat.
pub(super) fn nest_trees(members: &[Member], fields: &mut Map<String, Value>) {
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
pub(super) const MAX_TREE_DEPTH: usize = 64;

/// Whether child counts split a preorder list exactly into trees.
pub(super) fn is_forest(flat: &[Value], child_count: &dyn Fn(&Value) -> u64) -> bool {
    counts_make_forest(flat.len(), &|i| child_count(&flat[i]))
}

/// Whether the child counts of `len` nodes in preorder (`count(i)` for
/// the node at `i`) split them exactly into trees.
pub(super) fn counts_make_forest(len: usize, count: &dyn Fn(usize) -> u64) -> bool {
    fn end_of(len: usize, i: usize, depth: usize, count: &dyn Fn(usize) -> u64) -> Option<usize> {
        if depth > MAX_TREE_DEPTH {
            return None;
        }
        let mut j = i + 1;
        for _ in 0..count(i) {
            if j >= len {
                return None;
            }
            j = end_of(len, j, depth + 1, count)?;
        }
        Some(j)
    }
    let mut i = 0;
    while i < len {
        match end_of(len, i, 0, count) {
            Some(j) => i = j,
            None => return false,
        }
    }
    true
}

/// Builds one node and its subtree from a list already checked by
/// [`is_forest`].
pub(super) fn build_node(
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
pub(super) fn flatten_node(mut node: Value, out: &mut Vec<Value>) {
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
