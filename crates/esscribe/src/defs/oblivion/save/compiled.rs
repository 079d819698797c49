//! Conditions compiled, when the tables are built, into a few bit tests:
//! a table's conditions are asked for every step of every record of a
//! save, and a walk of nested conditions there costs more than reading
//! the parts.

use super::{Facts, When};

/// Fact bits above the 32 flag bits.
const ACTOR: u64 = 1 << 32;
const PLAYER: u64 = 1 << 33;
/// A bit no record has: a term needing it never holds.
const IMPOSSIBLE: u64 = 1 << 63;
/// Bytes left, when a term does not ask.
const ANY_LENGTH: usize = usize::MAX;

/// One conjunction of tests: every bit of `all`, at least one of `any`
/// (when it has any), none of `none`, exactly `bytes_left` bytes left
/// (unless any length), and every bit of `created` in the created part's
/// flags.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Term {
    all: u64,
    any: u64,
    none: u64,
    bytes_left: usize,
    created: u32,
}

const TRUE: Term = Term {
    all: 0,
    any: 0,
    none: 0,
    bytes_left: ANY_LENGTH,
    created: 0,
};
const NEVER: Term = Term {
    all: IMPOSSIBLE,
    ..TRUE
};

/// Most terms a compiled condition may have.
const MAX_TERMS: usize = 4;

/// A condition with no term: it never holds.
const NOTHING: Compiled = Compiled {
    terms: [NEVER; MAX_TERMS],
    len: 0,
    dynamic: false,
};

/// A condition as bit tests: it holds when any of its terms does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Compiled {
    terms: [Term; MAX_TERMS],
    /// How many of `terms` are in use, from the first.
    len: u8,
    /// Some term asks what changes as parts are read.
    dynamic: bool,
}

/// The fact bits of a record's flags and kind, as [`Compiled::may_hold`]
/// takes them.
#[inline(always)]
pub fn fact_bits(f: &Facts) -> u64 {
    f.flags as u64 | (f.actor as u64) << 32 | (f.player as u64) << 33
}

impl Term {
    const fn with_bits(bits: u64) -> Term {
        if bits.count_ones() == 1 {
            Term { all: bits, ..TRUE }
        } else {
            Term { any: bits, ..TRUE }
        }
    }

    /// Both terms at once. Two tests of "any of several bits" cannot be
    /// one term: a table asking that is refused when it is built.
    const fn and(self, o: Term) -> Term {
        if self.any != 0 && o.any != 0 && self.any != o.any {
            panic!("a condition may ask for any of several bits once only");
        }
        let bytes_left = match (self.bytes_left, o.bytes_left) {
            (ANY_LENGTH, n) | (n, ANY_LENGTH) => n,
            (a, b) if a == b => a,
            _ => return NEVER,
        };
        Term {
            all: self.all | o.all,
            any: self.any | o.any,
            none: self.none | o.none,
            bytes_left,
            created: self.created | o.created,
        }
    }

    /// The tests of the record's flags and kind alone, without a branch.
    #[inline(always)]
    fn may_hold(&self, bits: u64) -> bool {
        (bits & self.all == self.all)
            & ((bits & self.any != 0) | (self.any == 0))
            & (bits & self.none == 0)
    }

    /// Whether the term asks what changes as parts are read.
    const fn is_dynamic(&self) -> bool {
        self.bytes_left != ANY_LENGTH || self.created != 0
    }

    /// Tests in the order most likely to fail first: most steps of a
    /// record are left out for want of a flag bit.
    #[inline(always)]
    fn holds(&self, bits: u64, f: &Facts) -> bool {
        bits & self.all == self.all
            && (self.any == 0 || bits & self.any != 0)
            && bits & self.none == 0
            && (self.bytes_left == ANY_LENGTH || self.bytes_left == f.bytes_left)
            && f.created_flags.unwrap_or(0) & self.created == self.created
    }
}

impl Compiled {
    const fn of_terms(list: &[Term]) -> Compiled {
        if list.len() > MAX_TERMS {
            panic!("a condition compiles to too many terms");
        }
        let mut terms = [NEVER; MAX_TERMS];
        let mut i = 0;
        while i < list.len() {
            terms[i] = list[i];
            i += 1;
        }
        let mut dynamic = false;
        let mut i = 0;
        while i < list.len() {
            dynamic |= list[i].is_dynamic();
            i += 1;
        }
        Compiled {
            terms,
            len: list.len() as u8,
            dynamic,
        }
    }

    const fn one(t: Term) -> Compiled {
        Compiled::of_terms(&[t])
    }

    /// Either condition.
    const fn or(self, o: Compiled) -> Compiled {
        let mut terms = self.terms;
        let mut n = self.len as usize;
        let mut i = 0;
        while i < o.len as usize {
            if !is_never(&o.terms[i]) {
                if n == MAX_TERMS {
                    panic!("a condition compiles to too many terms");
                }
                terms[n] = o.terms[i];
                n += 1;
            }
            i += 1;
        }
        Compiled {
            terms,
            len: n as u8,
            dynamic: self.dynamic | o.dynamic,
        }
    }

    /// Both conditions: every pair of terms.
    const fn and(self, o: Compiled) -> Compiled {
        let mut out = NOTHING;
        let mut i = 0;
        while i < self.len as usize {
            let mut j = 0;
            while j < o.len as usize {
                out = out.or(Compiled::one(self.terms[i].and(o.terms[j])));
                j += 1;
            }
            i += 1;
        }
        out
    }

    /// Compiles a condition.
    pub const fn of(w: &When) -> Compiled {
        match *w {
            When::Always => Compiled::one(TRUE),
            When::Any(bits) => Compiled::one(Term::with_bits(bits as u64)),
            When::Without { bit, without } => Compiled::one(Term {
                all: bit as u64,
                none: without as u64,
                ..TRUE
            }),
            When::Actor => Compiled::one(Term { all: ACTOR, ..TRUE }),
            When::NotActor => Compiled::one(Term {
                none: ACTOR,
                ..TRUE
            }),
            When::Player => Compiled::one(Term {
                all: PLAYER,
                ..TRUE
            }),
            When::BytesLeft(n) => Compiled::one(Term {
                bytes_left: n,
                ..TRUE
            }),
            When::CreatedFlag(bit) => Compiled::one(Term {
                created: bit,
                ..TRUE
            }),
            When::All(list) => {
                let mut out = Compiled::one(TRUE);
                let mut i = 0;
                while i < list.len() {
                    out = out.and(Compiled::of(&list[i]));
                    i += 1;
                }
                out
            }
            When::Either(list) => {
                let mut out = NOTHING;
                let mut i = 0;
                while i < list.len() {
                    out = out.or(Compiled::of(&list[i]));
                    i += 1;
                }
                out
            }
        }
    }

    /// Whether the condition holds: the same answer as
    /// [`When::holds`], in a few bit operations.
    #[inline(always)]
    pub fn holds(&self, f: &Facts) -> bool {
        let bits = fact_bits(f);
        let terms = &self.terms[..(self.len as usize).min(MAX_TERMS)];
        terms.iter().any(|t| t.holds(bits, f))
    }

    /// Whether the condition can hold for a record of these fact bits
    /// (see [`fact_bits`]): it does, unless [`is_dynamic`](Self::is_dynamic),
    /// when what is read first decides. Answered without a branch per
    /// term, so that a table's steps are sorted out at once.
    #[inline(always)]
    pub fn may_hold(&self, bits: u64) -> bool {
        let terms = &self.terms[..(self.len as usize).min(MAX_TERMS)];
        terms.iter().fold(false, |any, t| any | t.may_hold(bits))
    }

    /// Whether the condition asks the bytes left or the created part's
    /// flags, which change as the record is read.
    pub const fn is_dynamic(&self) -> bool {
        self.dynamic
    }
}

const fn is_never(t: &Term) -> bool {
    t.all & IMPOSSIBLE != 0
}
