//! A catalogue of record declarations: the engine is handed one and looks
//! record types up in it; which declarations it holds is not the engine's
//! business.

use super::types::RecordDef;
use crate::io::Sig;
use crate::plugin::Game;
use std::sync::OnceLock;

/// The record declarations of one game, found by signature.
pub struct Catalog {
    game: Game,
    defs: &'static [&'static RecordDef],
    /// `defs` sorted by signature, made on the first look-up: looked up
    /// once per record, searched in halves.
    sorted: OnceLock<Vec<&'static RecordDef>>,
}

impl Catalog {
    /// A catalogue of `defs`, the declarations of `game`, in any order.
    pub const fn new(game: Game, defs: &'static [&'static RecordDef]) -> Catalog {
        Catalog {
            game,
            defs,
            sorted: OnceLock::new(),
        }
    }

    /// The game whose records these are.
    pub fn game(&self) -> Game {
        self.game
    }

    fn sorted(&self) -> &[&'static RecordDef] {
        self.sorted.get_or_init(|| {
            let mut v = self.defs.to_vec();
            v.sort_by_key(|d| order(d.sig));
            v
        })
    }

    /// The declaration of a record type, if there is one (the first given,
    /// should a type be declared twice).
    pub fn find(&self, sig: Sig) -> Option<&'static RecordDef> {
        let sorted = self.sorted();
        let key = order(sig);
        let at = sorted.partition_point(|d| order(d.sig) < key);
        sorted.get(at).filter(|d| d.sig == sig).copied()
    }

    /// Every declaration, by signature.
    pub fn iter(&self) -> impl Iterator<Item = &'static RecordDef> + '_ {
        self.sorted().iter().copied()
    }

    /// How many declarations the catalogue holds.
    pub fn len(&self) -> usize {
        self.defs.len()
    }

    /// Whether the catalogue holds no declaration.
    pub fn is_empty(&self) -> bool {
        self.defs.is_empty()
    }
}

/// A signature as one number that sorts as its bytes do: compared in one
/// step, where comparing the bytes as a slice takes a loop.
fn order(sig: Sig) -> u32 {
    u32::from_be_bytes(sig.0)
}

impl std::fmt::Debug for Catalog {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Catalog")
            .field("game", &self.game)
            .field("records", &self.defs.len())
            .finish()
    }
}
