//! The vocabulary of declarations: what a record holds, subrecord by
//! subrecord, and what each subrecord holds, field by field.

use crate::io::Sig;
use std::cell::RefCell;

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
    /// One subrecord.
    Sub(SubDef),
    /// Subrecords that belong together, once or repeated.
    Group(GroupDef),
    /// Groups followed by the key subrecords that name them.
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

    /// Marks a subrecord member as the number of items of the sibling list
    /// `list` (see [`SubDef::counts`]).
    pub const fn counts(self, list: &'static str) -> Member {
        match self {
            Member::Sub(mut s) => {
                s.counts = Some(list);
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
    /// The name the list gets in JSON and code.
    pub name: &'static str,
    /// The members of each group.
    pub items: &'static [Member],
    /// The key subrecord, one per group.
    pub key: SubDef,
    /// The name the key gets inside each item.
    pub key_name: &'static str,
}

/// A subrecord: its signature, the name it gets in JSON and code, and the
/// layout of its data.
#[derive(Debug, Clone, Copy)]
pub struct SubDef {
    /// The subrecord type.
    pub sig: Sig,
    /// The name in JSON and code (snake_case).
    pub name: &'static str,
    /// The layout of the data.
    pub field: Field,
    /// How often it may occur.
    pub occurs: Occurs,
    /// For members that share a name in one group (a value whose
    /// subrecord depends on a type given by a sibling): when this one is
    /// the one meant.
    pub when: Option<When>,
    /// The list this subrecord holds the number of items of (KSIZ counts
    /// `keywords`): a sibling member's name. Edits that add or remove an
    /// item keep the count in step.
    pub counts: Option<&'static str>,
}

/// "This member, when sibling `sibling` is one of `any_of`."
#[derive(Debug, Clone, Copy)]
pub struct When {
    /// The name of the sibling member whose value decides.
    pub sibling: &'static str,
    /// The values (as text) for which this member is the one meant.
    pub any_of: &'static [&'static str],
}

/// Subrecords that belong together (Wrye Bash's MelGroup/MelGroups): the
/// group starts at its first member's signature.
#[derive(Debug, Clone, Copy)]
pub struct GroupDef {
    /// The name in JSON and code.
    pub name: &'static str,
    /// The members, the first one starting the group.
    pub members: &'static [Member],
    /// Whether the group occurs once at most or repeats.
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
    /// A layout chosen by the data itself: the first of these that reads
    /// it whole (no bytes left over, no list short of the count read for
    /// it), for data whose layout changed over the format's versions when
    /// each version's shape tells it apart. Their JSON forms differ in
    /// kind (an object, a list, hex), so a value builds by the layout it
    /// was read by.
    ByFit(&'static [Field]),
    /// A layout chosen by the value of an earlier member of the same group
    /// (matched as text, or by its beginning when the case ends in `*`;
    /// `default` otherwise).
    BySibling {
        /// The name of the earlier member whose value decides.
        sibling: &'static str,
        /// Text values (or prefixes ending in `*`) and the layout each one
        /// means.
        cases: &'static [(&'static str, Field)],
        /// The layout for any other value.
        default: &'static Field,
    },
}

/// A named field of a struct.
#[derive(Debug, Clone, Copy)]
pub struct FieldDef {
    /// The name in JSON and code.
    pub name: &'static str,
    /// The stored type.
    pub ty: Ty,
    /// Used when building from JSON that leaves the field out.
    pub default: Default,
}

/// A field's default value.
#[derive(Debug, Clone, Copy)]
pub enum Default {
    /// Zero in the type's terms: 0, zero bytes, no flags set.
    Zero,
    /// A float value.
    Float(f64),
    /// An integer value.
    Int(i64),
}

/// Integer storage types.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Int {
    /// Unsigned, 1 byte.
    U8,
    /// Signed, 1 byte.
    I8,
    /// Unsigned, 2 bytes.
    U16,
    /// Signed, 2 bytes.
    I16,
    /// Unsigned, 4 bytes.
    U32,
    /// Signed, 4 bytes.
    I32,
    /// Unsigned, 8 bytes.
    U64,
}

impl Int {
    /// Size in bytes.
    pub fn size(self) -> usize {
        match self {
            Int::U8 | Int::I8 => 1,
            Int::U16 | Int::I16 => 2,
            Int::U32 | Int::I32 => 4,
            Int::U64 => 8,
        }
    }

    /// Whether `v` is in the type's range (a u64 takes any `i64`, as its
    /// bits).
    pub fn holds(self, v: i64) -> bool {
        match self {
            Int::U8 => (0..=u8::MAX as i64).contains(&v),
            Int::I8 => (i8::MIN as i64..=i8::MAX as i64).contains(&v),
            Int::U16 => (0..=u16::MAX as i64).contains(&v),
            Int::I16 => (i16::MIN as i64..=i16::MAX as i64).contains(&v),
            Int::U32 => (0..=u32::MAX as i64).contains(&v),
            Int::I32 => (i32::MIN as i64..=i32::MAX as i64).contains(&v),
            Int::U64 => true,
        }
    }
}

/// A primitive field type.
#[derive(Debug, Clone, Copy)]
pub enum Ty {
    /// A little-endian integer.
    Int(Int),
    /// A 32-bit float, kept bit for bit.
    F32,
    /// A 64-bit float, kept bit for bit.
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
    /// Windows-1252 text with a u8 length before it (a save's names).
    BString,
    /// Bytes after their length, stored as the given integer, shown as
    /// hex (a save's blocks of physics and animation data).
    Block(Int),
    /// A save's reference to a form (an iref): a u32 index into the save's
    /// form ID array, or with top byte 0xFF a form created in the save,
    /// shown as the form ID it names where the array is known.
    Iref,
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
    /// The earlier field whose raw integer value is tested.
    pub field: &'static str,
    /// The test.
    pub test: Match,
    /// The field's type when the test passes.
    pub ty: Ty,
}

/// Names for values.
#[derive(Debug, Clone, Copy)]
pub struct EnumDef {
    /// Values and their names, in declaration order.
    pub values: &'static [(i64, &'static str)],
}

impl EnumDef {
    /// The name of a value; `None` when it has none.
    pub fn name_of(&self, v: i64) -> Option<&'static str> {
        self.values.iter().find(|(k, _)| *k == v).map(|(_, n)| *n)
    }
    /// The value of a name; `None` when no value has it (the first
    /// given, should two values share a name).
    pub fn value_of(&self, name: &str) -> Option<i64> {
        if self.values.len() > LINEAR_NAMES {
            return self.indexed_value_of(name);
        }
        let first = name.as_bytes().first();
        self.values
            .iter()
            .find(|(_, n)| n.len() == name.len() && n.as_bytes().first() == first && *n == name)
            .map(|(k, _)| *k)
    }

    /// [`value_of`](Self::value_of) for an enum of many names (condition
    /// functions name hundreds): by an index of its names, made once per
    /// thread.
    fn indexed_value_of(&self, name: &str) -> Option<i64> {
        type Index = foldhash::HashMap<&'static str, i64>;
        thread_local! {
            static INDEXES: RefCell<foldhash::HashMap<(usize, usize), Index>> =
                RefCell::default();
        }
        let key = (self.values.as_ptr() as usize, self.values.len());
        INDEXES.with_borrow_mut(|indexes| {
            let index = indexes.entry(key).or_insert_with(|| {
                let mut index = Index::default();
                for &(v, n) in self.values {
                    index.entry(n).or_insert(v);
                }
                index
            });
            index.get(name).copied()
        })
    }
}

/// The most names an enum's names are looked through one by one: past
/// that, by an index.
const LINEAR_NAMES: usize = 32;

/// Names for bits.
#[derive(Debug, Clone, Copy)]
pub struct FlagsDef {
    /// Bit masks and their names, in declaration order.
    pub bits: &'static [(u64, &'static str)],
}

/// A named range of bits in an integer: an enum or flags of its own.
#[derive(Debug, Clone, Copy)]
pub struct BitField {
    /// The name in JSON and code.
    pub name: &'static str,
    /// The bits it takes, in place (not shifted).
    pub mask: u64,
    /// How the bits are named.
    pub kind: BitKind,
}

/// How a [`BitField`]'s bits are named.
#[derive(Debug, Clone, Copy)]
pub enum BitKind {
    /// One value, named, after shifting down by the mask's lowest bit.
    Enum(&'static EnumDef),
    /// Each bit named.
    Flags(&'static FlagsDef),
}

/// A type decided by an earlier field of the same struct.
#[derive(Debug, Clone, Copy)]
pub struct SelectDef {
    /// The earlier field whose raw integer value decides.
    pub field: &'static str,
    /// Tests on the deciding field's value, in order, and the type of the
    /// first that passes.
    pub cases: &'static [(Match, Ty)],
    /// The type when no test passes.
    pub default: Ty,
}

/// A test on the raw value of the deciding field.
#[derive(Debug, Clone, Copy)]
pub enum Match {
    /// One of these values.
    OneOf(&'static [i64]),
    /// Any of these bits set.
    AnyBit(u64),
    /// At least this value.
    AtLeast(i64),
    /// This value (a case of a table built at compile time, one value
    /// each).
    Is(i64),
}

impl Match {
    /// Whether raw value `v` passes the test.
    pub fn matches(&self, v: i64) -> bool {
        match self {
            Match::OneOf(vals) => vals.contains(&v),
            Match::AnyBit(bits) => (v as u64) & bits != 0,
            Match::AtLeast(min) => v >= *min,
            Match::Is(want) => v == *want,
        }
    }
}

/// One record type's declaration.
#[derive(Debug)]
pub struct RecordDef {
    /// The record type.
    pub sig: Sig,
    /// What the record is, for people.
    pub title: &'static str,
    /// The record's members, in the order they are stored.
    pub members: &'static [Member],
}

impl RecordDef {
    /// A record type with no members yet: its signature and title, for a
    /// type both games declare; each game adds its members with
    /// [`RecordDef::with`].
    pub const fn named(sig: &[u8; 4], title: &'static str) -> RecordDef {
        RecordDef {
            sig: Sig(*sig),
            title,
            members: &[],
        }
    }

    /// This record type with `members`.
    pub const fn with(self, members: &'static [Member]) -> RecordDef {
        RecordDef { members, ..self }
    }
}

// Constructors that keep declarations reading like tables.

/// A required subrecord.
pub const fn sub(sig: &[u8; 4], name: &'static str, field: Field) -> Member {
    Member::Sub(SubDef {
        sig: Sig(*sig),
        name,
        field,
        occurs: Occurs::Required,
        when: None,
        counts: None,
    })
}

/// An optional subrecord, at most once.
pub const fn opt(sig: &[u8; 4], name: &'static str, field: Field) -> Member {
    Member::Sub(SubDef {
        sig: Sig(*sig),
        name,
        field,
        occurs: Occurs::Optional,
        when: None,
        counts: None,
    })
}

/// A subrecord that may repeat, shown as a list.
pub const fn rep(sig: &[u8; 4], name: &'static str, field: Field) -> Member {
    Member::Sub(SubDef {
        sig: Sig(*sig),
        name,
        field,
        occurs: Occurs::Repeating,
        when: None,
        counts: None,
    })
}

/// An optional group of subrecords.
pub const fn group(name: &'static str, members: &'static [Member]) -> Member {
    Member::Group(GroupDef {
        name,
        members,
        occurs: Occurs::Optional,
        tree: None,
    })
}

/// A group of subrecords that may repeat, shown as a list.
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
            counts: None,
        },
        key_name,
    })
}

/// A field whose default is zero.
pub const fn f(name: &'static str, ty: Ty) -> FieldDef {
    FieldDef {
        name,
        ty,
        default: Default::Zero,
    }
}

/// A field with its default for JSON that leaves it out.
pub const fn f_default(name: &'static str, ty: Ty, default: Default) -> FieldDef {
    FieldDef { name, ty, default }
}

/// A form ID that may point only to records of these types.
pub const fn fid(targets: Targets) -> Ty {
    Ty::FormIdOf(targets)
}

/// Unsigned 1-byte integer.
pub const U8: Ty = Ty::Int(Int::U8);
/// Signed 1-byte integer.
pub const I8: Ty = Ty::Int(Int::I8);
/// Unsigned 2-byte integer.
pub const U16: Ty = Ty::Int(Int::U16);
/// Signed 2-byte integer.
pub const I16: Ty = Ty::Int(Int::I16);
/// Unsigned 4-byte integer.
pub const U32: Ty = Ty::Int(Int::U32);
/// Signed 4-byte integer.
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
