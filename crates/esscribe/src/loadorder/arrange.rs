//! Where each plugin goes when a load order is built one plugin at a time
//! from a list, and how masters are hoisted once all are in: the rules of
//! libloadorder, which LOOT uses, followed step for step so that the
//! orders agree.

use super::edition::trim_ghost;
use std::collections::{BTreeMap, HashSet};

/// How the rules moved a plugin from where its list put it.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
#[serde(tag = "moved", rename_all = "snake_case")]
pub enum Moved {
    /// A master: placed ahead of the non-masters before it.
    AheadOfNonMasters,
    /// Placed (or hoisted) just before a master that needs it.
    BeforeMaster {
        /// The master that needs it.
        master: String,
    },
}

/// A plugin as the placing rules see it.
#[derive(Debug, Clone)]
pub(crate) struct Node {
    pub name: String,
    pub master: bool,
    pub masters: Vec<String>,
}

/// Whether two plugin names are the same file's, as the games compare
/// them: in any case, a `.ghost` suffix left out.
pub(crate) fn same_name(a: &str, b: &str) -> bool {
    let (a, b) = (trim_ghost(a), trim_ghost(b));
    a.eq_ignore_ascii_case(b) || (!a.is_ascii() && a.to_lowercase() == b.to_lowercase())
}

/// A name as a key that [`same_name`] names match by.
fn key(name: &str) -> String {
    trim_ghost(name).to_lowercase()
}

/// A load order being built: indexes into `nodes`, in order.
pub(crate) struct Arranger<'n> {
    nodes: &'n [Node],
    early: Vec<String>,
    /// The names placed, as keys: counting the early loaders in is then
    /// quick, with Skyrim.ccc listing dozens.
    placed: HashSet<String>,
    /// The plugins placed, in load order.
    pub order: Vec<usize>,
    /// For each node, how the rules last moved it.
    pub moved: Vec<Option<Moved>>,
}

impl<'n> Arranger<'n> {
    /// An empty order of `nodes`, with the game's early loaders (in the
    /// order the game loads them).
    pub fn new(nodes: &'n [Node], early: Vec<String>) -> Self {
        Arranger {
            nodes,
            early,
            placed: HashSet::new(),
            order: Vec::with_capacity(nodes.len()),
            moved: vec![None; nodes.len()],
        }
    }

    fn position(&self, name: &str) -> Option<usize> {
        self.order
            .iter()
            .position(|&k| same_name(&self.nodes[k].name, name))
    }

    /// Places node `k`: an early loader after the early loaders before it
    /// that are in; any other plugin before the first master in that
    /// needs it; a master ahead of the first non-master; the rest last.
    pub fn insert(&mut self, k: usize) {
        if self.placed.is_empty() {
            self.placed = self
                .order
                .iter()
                .map(|&j| key(&self.nodes[j].name))
                .collect();
        }
        match self.insert_position(k) {
            Some(at) => self.order.insert(at, k),
            None => self.order.push(k),
        }
        self.placed.insert(key(&self.nodes[k].name));
    }

    fn insert_position(&mut self, k: usize) -> Option<usize> {
        if self.order.is_empty() {
            return None;
        }
        let node = &self.nodes[k];
        let mut before = 0;
        for early in &self.early {
            if same_name(&node.name, early) {
                return Some(before);
            }
            if self.placed.contains(&key(early)) {
                before += 1;
            }
        }
        let needed_by = self.order.iter().position(|&j| {
            let other = &self.nodes[j];
            other.master && other.masters.iter().any(|m| same_name(m, &node.name))
        });
        if let Some(at) = needed_by {
            let master = self.nodes[self.order[at]].name.clone();
            self.moved[k] = Some(Moved::BeforeMaster { master });
            return Some(at);
        }
        if node.master {
            let first_plain = self.order.iter().position(|&j| !self.nodes[j].master);
            if first_plain.is_some() {
                self.moved[k] = Some(Moved::AheadOfNonMasters);
            }
            return first_plain;
        }
        None
    }

    /// Moves each plugin that a master needs and that loads after it to
    /// just before the first such master, as the games do. One pass, as
    /// libloadorder makes it: a plugin moved up does not in turn move its
    /// own masters, so a master can still load after a plugin needing it
    /// (a warning when the load order is read).
    pub fn hoist(&mut self) {
        // From → to, by position; the first master needing a plugin wins,
        // and moving it there satisfies the later ones too.
        let mut moves: BTreeMap<usize, usize> = BTreeMap::new();
        for (at, &k) in self.order.iter().enumerate() {
            let node = &self.nodes[k];
            if !node.master {
                continue;
            }
            for master in &node.masters {
                let from = self.position(master).unwrap_or(0);
                if from > at {
                    moves.entry(from).or_insert(at);
                }
            }
        }
        for (&from, &to) in &moves {
            let master = self.nodes[self.order[to]].name.clone();
            self.moved[self.order[from]] = Some(Moved::BeforeMaster { master });
        }
        while let Some((from, to)) = moves.pop_first() {
            let k = self.order.remove(from);
            self.order.insert(to, k);
            // Moving shifts the places between `to` and `from` one on.
            for target in moves.values_mut() {
                if *target < from && *target > to {
                    *target += 1;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn node(name: &str, master: bool, masters: &[&str]) -> Node {
        Node {
            name: name.into(),
            master,
            masters: masters.iter().map(|m| m.to_string()).collect(),
        }
    }

    fn names(a: &Arranger<'_>, nodes: &[Node]) -> Vec<String> {
        a.order.iter().map(|&k| nodes[k].name.clone()).collect()
    }

    #[test]
    fn masters_go_ahead_and_hoist_what_they_need() {
        let nodes = [
            node("A.esp", false, &[]),
            node("Late.esp", false, &[]),
            node("Base.esm", true, &[]),
            node("Needs.esm", true, &["Late.esp", "Base.esm"]),
            node("Skyrim.esm", true, &[]),
        ];
        let mut a = Arranger::new(&nodes, vec!["Skyrim.esm".into()]);
        for k in 0..nodes.len() {
            a.insert(k);
        }
        assert_eq!(
            names(&a, &nodes),
            ["Skyrim.esm", "Base.esm", "Needs.esm", "A.esp", "Late.esp"]
        );
        assert_eq!(a.moved[2], Some(Moved::AheadOfNonMasters));
        a.hoist();
        assert_eq!(
            names(&a, &nodes),
            ["Skyrim.esm", "Base.esm", "Late.esp", "Needs.esm", "A.esp"]
        );
        assert_eq!(
            a.moved[1],
            Some(Moved::BeforeMaster {
                master: "Needs.esm".into()
            })
        );
        // A plugin listed after a master that needs it goes before it.
        let nodes = [
            node("Needs.esm", true, &["Plain.esp"]),
            node("Plain.esp", false, &[]),
        ];
        let mut a = Arranger::new(&nodes, Vec::new());
        a.insert(0);
        a.insert(1);
        assert_eq!(names(&a, &nodes), ["Plain.esp", "Needs.esm"]);
    }

    #[test]
    fn a_hoist_moves_once() {
        // Z.esm needs X.esm, which Y.esm needs: X moves before Y, then Z
        // moves to where X was, still after X.
        let nodes = [
            node("Y.esm", true, &["X.esm"]),
            node("X.esm", true, &["Z.esm"]),
            node("Z.esm", true, &[]),
        ];
        let mut a = Arranger::new(&nodes, Vec::new());
        a.order = vec![0, 1, 2];
        a.hoist();
        assert_eq!(names(&a, &nodes), ["X.esm", "Z.esm", "Y.esm"]);
    }
}
