//! The vocabulary of declarations: what a record holds, subrecord by
//! subrecord, and what each subrecord holds, field by field.

use crate::io::Sig;

/// How often a member may occur where it is declared.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Occurs {
    /// Zero or one time.
    Optional,
    /// Should be there; a record that lacks it still reads and writes back.
    Required,
    /// Zero or more times in a row; shown as a list.
    Repeating,
}

/// One declared item of a record: a subrecord, or a group of them.
#[derive(Debug, Clone, Copy)]
pub enum Member {
    Sub(SubDef),
    Group(GroupDef),
    Paired(PairedDef),
}

impl Member {
    /// Marks a subrecord member as the one meant when a sibling has one of
    /// the given values (see [`SubDef::when`]).
    pub const fn when(self, sibling: &'static str, any_of: &'static [&'static str]) -> Member {
        match self {
            Member::Sub(mut s) => {
                s.when = Some(When { sibling, any_of });
                Member::Sub(s)
            }
            other => other,
        }
    }
}

/// A run of groups followed by a run of subrecords that name them, the
/// k-th key naming the k-th group (Skyrim's package data inputs and their
/// UNAM IDs). Shown as one list of groups, each with its key; when the
/// counts differ, as the two lists side by side.
#[derive(Debug, Clone, Copy)]
pub struct PairedDef {
    pub name: &'static str,
    pub items: &'static [Member],
    pub key: SubDef,
    /// The name the key gets inside each item.
    pub key_name: &'static str,
}

/// A subrecord: its signature, the name it gets in JSON and code, and the
/// layout of its data.
#[derive(Debug, Clone, Copy)]
pub struct SubDef {
    pub sig: Sig,
    pub name: &'static str,
    pub field: Field,
    pub occurs: Occurs,
    /// For members that share a name in one group (a value whose
    /// subrecord depends on a type given by a sibling): when this one is
    /// the one meant.
    pub when: Option<When>,
}

/// "This member, when sibling `sibling` is one of `any_of`."
#[derive(Debug, Clone, Copy)]
pub struct When {
    pub sibling: &'static str,
    pub any_of: &'static [&'static str],
}

/// Subrecords that belong together (Wrye Bash's MelGroup/MelGroups): the
/// group starts at its first member's signature.
#[derive(Debug, Clone, Copy)]
pub struct GroupDef {
    pub name: &'static str,
    pub members: &'static [Member],
    pub occurs: Occurs,
    /// For repeating groups stored as a tree in preorder: the member and
    /// field that give each node's child count. Shown nested, with each
    /// node's `children`.
    pub tree: Option<(&'static str, &'static str)>,
}

/// The layout of a subrecord's data.
#[derive(Debug, Clone, Copy)]
pub enum Field {
    /// A zero-terminated Windows-1252 string.
    ZString,
    /// A translatable string: a zero-terminated string, or in a localized
    /// plugin (Skyrim header flag 0x80) a u32 ID into the strings files,
    /// shown as `{"string_id": n}`.
    LString,
    /// Bytes shown as hex: data not decoded yet. Counted raw.
    Bytes,
    /// Bytes shown as hex by design: data nobody has documented, or that
    /// only the game's own code reads (compiled script bytecode, texture
    /// hashes, occlusion and height-map data). Counted as opaque, not raw.
    Opaque,
    /// No data (a marker subrecord).
    Empty,
    /// Windows-1252 text without a terminating zero (script source).
    Text,
    /// One value filling the whole subrecord.
    Value(Ty),
    /// Fields in order. Data that ends early at a field boundary leaves the
    /// later fields out; bytes left over are kept as `_rest`.
    Struct(&'static [FieldDef]),
    /// The same struct repeated to fill the subrecord (a flat list when the
    /// struct has one field).
    Array(&'static [FieldDef]),
    /// A layout chosen by the subrecord's size.
    BySize(&'static [(usize, Field)]),
    /// A layout chosen by the value of an earlier member of the same group
    /// (matched as text, or by its beginning when the case ends in `*`;
    /// `default` otherwise).
    BySibling {
        sibling: &'static str,
        cases: &'static [(&'static str, Field)],
        default: &'static Field,
    },
}

/// A named field of a struct.
#[derive(Debug, Clone, Copy)]
pub struct FieldDef {
    pub name: &'static str,
    pub ty: Ty,
    /// Used when building from JSON that leaves the field out.
    pub default: Default,
}

/// A field's default value.
#[derive(Debug, Clone, Copy)]
pub enum Default {
    Zero,
    Float(f64),
    Int(i64),
}

/// Integer storage types.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Int {
    U8,
    I8,
    U16,
    I16,
    U32,
    I32,
    U64,
}

impl Int {
    pub fn size(self) -> usize {
        match self {
            Int::U8 | Int::I8 => 1,
            Int::U16 | Int::I16 => 2,
            Int::U32 | Int::I32 => 4,
            Int::U64 => 8,
        }
    }
}

/// A primitive field type.
#[derive(Debug, Clone, Copy)]
pub enum Ty {
    Int(Int),
    F32,
    F64,
    /// A form ID of any record type, shown with the plugin it belongs to.
    FormId,
    /// A form ID that may point only to records of the given types
    /// (signatures); read, written and shown like [`Ty::FormId`].
    FormIdOf(Targets),
    /// Four characters (a signature or a subtype code).
    Char4,
    /// Fixed bytes shown as hex (padding, unused, unknown).
    Bytes(usize),
    /// An integer with names for some values; others stay numbers.
    Enum(Int, &'static EnumDef),
    /// An integer whose bits have names; unknown bits stay as hex.
    Flags(Int, &'static FlagsDef),
    /// An integer split into named bit ranges.
    Bits(Int, &'static [BitField]),
    /// A type chosen by an earlier field (of this struct or an enclosing
    /// one).
    Select(&'static SelectDef),
    /// A byte 0 or 1 shown as false or true (other values stay numbers).
    Bool,
    /// Windows-1252 text with a u16 length before it.
    WString,
    /// Windows-1252 text with a u32 length before it.
    String32,
    /// Windows-1252 text ending in a zero byte, inside a larger layout
    /// (lists of names packed into one subrecord).
    ZString,
    /// Fields nested under one name.
    Struct(&'static [FieldDef]),
    /// A list whose item count comes first, stored as the given integer.
    List(Int, &'static [FieldDef]),
    /// A list whose item count is an earlier field.
    ListBy(&'static str, &'static [FieldDef]),
    /// A list of items filling the rest of the subrecord (the last field
    /// of a struct).
    Rest(&'static [FieldDef]),
    /// Present only when an earlier field passes a test.
    If(&'static IfDef),
}

/// The record types a form ID may point to, by signature.
pub type Targets = &'static [&'static [u8; 4]];

/// A field present only when an earlier field's raw value passes a test.
#[derive(Debug, Clone, Copy)]
pub struct IfDef {
    pub field: &'static str,
    pub test: Match,
    pub ty: Ty,
}

/// Names for values.
#[derive(Debug, Clone, Copy)]
pub struct EnumDef {
    pub values: &'static [(i64, &'static str)],
}

impl EnumDef {
    pub fn name_of(&self, v: i64) -> Option<&'static str> {
        self.values.iter().find(|(k, _)| *k == v).map(|(_, n)| *n)
    }
    pub fn value_of(&self, name: &str) -> Option<i64> {
        self.values
            .iter()
            .find(|(_, n)| *n == name)
            .map(|(k, _)| *k)
    }
}

/// Names for bits.
#[derive(Debug, Clone, Copy)]
pub struct FlagsDef {
    pub bits: &'static [(u64, &'static str)],
}

/// A named range of bits in an integer: an enum or flags of its own.
#[derive(Debug, Clone, Copy)]
pub struct BitField {
    pub name: &'static str,
    pub mask: u64,
    pub kind: BitKind,
}

#[derive(Debug, Clone, Copy)]
pub enum BitKind {
    Enum(&'static EnumDef),
    Flags(&'static FlagsDef),
}

/// A type decided by an earlier field of the same struct.
#[derive(Debug, Clone, Copy)]
pub struct SelectDef {
    /// The earlier field whose raw integer value decides.
    pub field: &'static str,
    pub cases: &'static [(Match, Ty)],
    pub default: Ty,
}

/// A test on the raw value of the deciding field.
#[derive(Debug, Clone, Copy)]
pub enum Match {
    OneOf(&'static [i64]),
    /// Any of these bits set.
    AnyBit(u64),
    /// At least this value.
    AtLeast(i64),
}

impl Match {
    pub fn matches(&self, v: i64) -> bool {
        match self {
            Match::OneOf(vals) => vals.contains(&v),
            Match::AnyBit(bits) => (v as u64) & bits != 0,
            Match::AtLeast(min) => v >= *min,
        }
    }
}

/// One record type's declaration.
#[derive(Debug)]
pub struct RecordDef {
    pub sig: Sig,
    /// What the record is, for people.
    pub title: &'static str,
    pub members: &'static [Member],
}

// Constructors that keep declarations reading like tables.

pub const fn sub(sig: &[u8; 4], name: &'static str, field: Field) -> Member {
    Member::Sub(SubDef {
        sig: Sig(*sig),
        name,
        field,
        occurs: Occurs::Required,
        when: None,
    })
}

pub const fn opt(sig: &[u8; 4], name: &'static str, field: Field) -> Member {
    Member::Sub(SubDef {
        sig: Sig(*sig),
        name,
        field,
        occurs: Occurs::Optional,
        when: None,
    })
}

pub const fn rep(sig: &[u8; 4], name: &'static str, field: Field) -> Member {
    Member::Sub(SubDef {
        sig: Sig(*sig),
        name,
        field,
        occurs: Occurs::Repeating,
        when: None,
    })
}

pub const fn group(name: &'static str, members: &'static [Member]) -> Member {
    Member::Group(GroupDef {
        name,
        members,
        occurs: Occurs::Optional,
        tree: None,
    })
}

pub const fn groups(name: &'static str, members: &'static [Member]) -> Member {
    Member::Group(GroupDef {
        name,
        members,
        occurs: Occurs::Repeating,
        tree: None,
    })
}

/// Repeating groups that are the nodes of a tree, in preorder; `count`
/// names the member and field holding each node's number of children.
pub const fn tree(
    name: &'static str,
    members: &'static [Member],
    count: (&'static str, &'static str),
) -> Member {
    Member::Group(GroupDef {
        name,
        members,
        occurs: Occurs::Repeating,
        tree: Some(count),
    })
}

/// Groups paired with the key subrecords that follow them.
pub const fn paired(
    name: &'static str,
    items: &'static [Member],
    key_sig: &[u8; 4],
    key_name: &'static str,
    key: Field,
) -> Member {
    Member::Paired(PairedDef {
        name,
        items,
        key: SubDef {
            sig: Sig(*key_sig),
            name: key_name,
            field: key,
            occurs: Occurs::Repeating,
            when: None,
        },
        key_name,
    })
}

pub const fn f(name: &'static str, ty: Ty) -> FieldDef {
    FieldDef {
        name,
        ty,
        default: Default::Zero,
    }
}

pub const fn f_default(name: &'static str, ty: Ty, default: Default) -> FieldDef {
    FieldDef { name, ty, default }
}

/// A form ID that may point only to records of these types.
pub const fn fid(targets: Targets) -> Ty {
    Ty::FormIdOf(targets)
}

pub const U8: Ty = Ty::Int(Int::U8);
pub const I8: Ty = Ty::Int(Int::I8);
pub const U16: Ty = Ty::Int(Int::U16);
pub const I16: Ty = Ty::Int(Int::I16);
pub const U32: Ty = Ty::Int(Int::U32);
pub const I32: Ty = Ty::Int(Int::I32);

/// The parts of a declaration joined into one table: a game's table made
/// of the layout it shares with the other game and what it has of its own.
/// `N` must be the sum of the parts' lengths.
pub const fn join<T: Copy, const N: usize>(parts: &[&[T]]) -> [T; N] {
    let mut first = 0;
    while parts[first].is_empty() {
        first += 1;
    }
    let mut out = [parts[first][0]; N];
    let (mut at, mut p) = (0, 0);
    while p < parts.len() {
        let mut i = 0;
        while i < parts[p].len() {
            out[at] = parts[p][i];
            at += 1;
            i += 1;
        }
        p += 1;
    }
    assert!(at == N, "join: N is not the sum of the parts' lengths");
    out
}
