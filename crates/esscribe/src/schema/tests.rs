//! The engine on made-up declarations: every kind of field both ways,
//! unexpected subrecords kept in place, and property tests that decoding
//! then encoding gives back any bytes.

use super::codec::{encode_field, f32_value, json_f32, FormCtx, Siblings};
use super::record::{decode, encode, Coverage, ItemKind};
use super::types::*;
use super::value::decode_field;
use crate::io::Sig;
use crate::plugin::{encode_subrecords, parse_subrecords, Subrecord, SubrecordRef, Subrecords};
use proptest::prelude::*;
use serde_json::{json, Map, Value};

static COLORS: EnumDef = EnumDef {
    values: &[(0, "red"), (1, "green")],
};
static BITS: FlagsDef = FlagsDef {
    bits: &[(1, "a"), (4, "c")],
};
static CHOICE: SelectDef = SelectDef {
    field: "kind",
    cases: &[(Match::OneOf(&[1]), Ty::FormId)],
    default: Ty::F32,
};
static ITEM: [FieldDef; 2] = [f("n", U16), f("s", Ty::WString)];
static HAS_EXTRA: IfDef = IfDef {
    field: "kind",
    test: Match::AnyBit(2),
    ty: U8,
};
static STRUCT: [FieldDef; 7] = [
    f("kind", Ty::Enum(Int::U8, &COLORS)),
    f("flags", Ty::Flags(Int::U16, &BITS)),
    f("value", Ty::Select(&CHOICE)),
    f("extra", Ty::If(&HAS_EXTRA)),
    f("items", Ty::List(Int::U8, &ITEM)),
    f("pad", Ty::Bytes(2)),
    f("tail", I32),
];

static STRUCT_FIELD: Field = Field::Struct(&STRUCT);

static TEST: RecordDef = RecordDef {
    sig: Sig(*b"TEST"),
    title: "test",
    members: &[
        opt(b"EDID", "editor_id", Field::ZString),
        opt(b"DATA", "data", Field::Struct(&STRUCT)),
        rep(b"LIST", "list", Field::Value(I8)),
        groups(
            "entries",
            &[
                sub(b"ENAM", "name", Field::ZString),
                opt(b"EVAL", "value", Field::Value(Ty::F32)),
            ],
        ),
    ],
};

fn raw(sig: &[u8; 4], data: &[u8]) -> Subrecord {
    Subrecord::new(Sig(*sig), data.to_vec())
}

fn round_trip(subs: &[Subrecord]) -> Map<String, Value> {
    let bytes = encode_subrecords(subs);
    let refs: Vec<SubrecordRef<'_>> = Subrecords::new(&bytes, 0).map(Result::unwrap).collect();
    let d = decode(&TEST, &refs, &FormCtx::default(), &"TEST");
    let back = encode(&TEST, &d.fields).unwrap();
    assert_eq!(encode_subrecords(&back), bytes);
    d.fields
}

#[test]
fn every_field_kind_decodes_and_encodes() {
    let mut data = vec![1u8, 5, 0x80, 0xCD, 0xAB, 0x34, 0x12];
    data.extend([
        2, 7, 0, 2, 0, b'h', b'i', 9, 0, 0, 0, 0xEE, 0xFF, 0xFE, 0xFF, 0xFF, 0xFF,
    ]);
    let fields = round_trip(&[raw(b"EDID", b"Name\0"), raw(b"DATA", &data)]);
    assert_eq!(fields["editor_id"], "Name");
    let d = &fields["data"];
    assert_eq!(d["kind"], "green");
    assert_eq!(d["flags"], json!(["a", "c", "0x8000"]));
    assert_eq!(d["value"], "0x1234ABCD");
    assert!(d.get("extra").is_none());
    assert_eq!(d["items"], json!([{"n": 7, "s": "hi"}, {"n": 9, "s": ""}]));
    assert_eq!(d["pad"], "eeff");
    assert_eq!(d["tail"], -2);
}

#[test]
fn a_struct_that_ends_early_leaves_later_fields_out() {
    let fields = round_trip(&[raw(b"DATA", &[0, 0, 0, 0, 0, 0x80, 0x3F])]);
    assert_eq!(
        fields["data"],
        json!({"kind": "red", "flags": [], "value": 1.0})
    );
}

#[test]
fn leftover_bytes_are_kept_as_rest() {
    let mut data = vec![0u8, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 3, 4];
    data.extend([0xAA, 0xBB]);
    let fields = round_trip(&[raw(b"DATA", &data)]);
    assert_eq!(fields["data"]["_rest"], "aabb");
}

#[test]
fn unexpected_subrecords_stay_in_place() {
    let fields = round_trip(&[
        raw(b"LIST", &[1]),
        raw(b"XXYY", &[9, 9]),
        raw(b"LIST", &[2]),
    ]);
    let keys: Vec<&str> = fields.keys().map(String::as_str).collect();
    assert_eq!(keys, ["list", "!XXYY", "list#2"]);
    assert_eq!(fields["!XXYY"], "0909");
    assert_eq!(fields["list#2"], json!([2]));
}

/// Decodes hand-made subrecords by a declaration: the JSON, which must
/// encode back to the same bytes, and the coverage.
fn decode_made(def: &'static RecordDef, subs: &[Subrecord]) -> (Map<String, Value>, Coverage) {
    let bytes = encode_subrecords(subs);
    let refs: Vec<SubrecordRef<'_>> = Subrecords::new(&bytes, 0).map(Result::unwrap).collect();
    let d = decode(def, &refs, &FormCtx::default(), &"TEST");
    assert_eq!(encode_subrecords(&encode(def, &d.fields).unwrap()), bytes);
    (d.fields, d.coverage)
}

fn keys(fields: &Map<String, Value>) -> Vec<&str> {
    fields.keys().map(String::as_str).collect()
}

#[test]
fn out_of_order_subrecords_decode_where_they_stand() {
    let subs = [
        raw(b"LIST", &[1]),
        raw(b"EDID", b"Late\0"),
        raw(b"ENAM", b"a\0"),
        raw(b"EVAL", &1.5f32.to_le_bytes()),
        raw(b"DATA", &[1, 0, 0]),
        raw(b"LIST", &[2]),
    ];
    let (fields, coverage) = decode_made(&TEST, &subs);
    assert_eq!(
        keys(&fields),
        ["list", "editor_id", "entries", "data", "list#2"]
    );
    assert_eq!(fields["editor_id"], "Late");
    assert_eq!(fields["entries"], json!([{"name": "a", "value": 1.5}]));
    assert_eq!(fields["data"], json!({"kind": "green", "flags": []}));
    assert_eq!(fields["list#2"], json!([2]));
    assert_eq!(coverage.decoded, 6);
    assert_eq!(coverage.raw, 0);

    // The typed view finds them too, in file order.
    let bytes = encode_subrecords(&subs);
    let refs: Vec<SubrecordRef<'_>> = Subrecords::new(&bytes, 0).map(Result::unwrap).collect();
    let view = super::record::view(&TEST, &refs, &FormCtx::default());
    assert_eq!(
        view.get("editor_id").and_then(|v| v.text()).as_deref(),
        Some("Late")
    );
    assert!(view.get("data").is_some());
    let sigs: Vec<String> = view
        .members()
        .map(|m| match m.kind() {
            ItemKind::Sub(sv) => sv.sub.sig.to_string(),
            ItemKind::Group(g) => g.name.to_string(),
            other => panic!("{other:?}"),
        })
        .collect();
    assert_eq!(sigs, ["LIST", "EDID", "entries", "DATA", "LIST"]);
}

static GROUPED: RecordDef = RecordDef {
    sig: Sig(*b"TEST"),
    title: "test",
    members: &[
        opt(b"EDID", "editor_id", Field::ZString),
        groups(
            "parts",
            &[
                sub(b"PNAM", "name", Field::ZString),
                opt(b"DATA", "data", Field::Value(U8)),
                opt(b"PVAL", "value", Field::Value(U16)),
                opt(b"PFLG", "flags", Field::Value(U8)),
            ],
        ),
        opt(b"DATA", "tail", Field::Value(U32)),
    ],
};

#[test]
fn a_member_out_of_order_stays_in_its_group() {
    let (fields, coverage) = decode_made(
        &GROUPED,
        &[
            raw(b"PNAM", b"a\0"),
            raw(b"PFLG", &[1]),
            raw(b"PVAL", &[7, 0]),
            raw(b"PNAM", b"b\0"),
            raw(b"PVAL", &[8, 0]),
        ],
    );
    assert_eq!(
        fields["parts"],
        json!([{"name": "a", "flags": 1, "value": 7}, {"name": "b", "value": 8}])
    );
    assert_eq!(coverage.raw, 0);
}

#[test]
fn the_in_order_match_wins_over_an_out_of_order_one() {
    // After the group's DATA, a second DATA is the record's own, taken in
    // order, not a second DATA of the group out of order.
    let (fields, _) = decode_made(
        &GROUPED,
        &[
            raw(b"PNAM", b"a\0"),
            raw(b"DATA", &[1]),
            raw(b"DATA", &[2, 0, 0, 0]),
        ],
    );
    assert_eq!(keys(&fields), ["parts", "tail"]);
    assert_eq!(fields["parts"], json!([{"name": "a", "data": 1}]));
    assert_eq!(fields["tail"], 2);
    // Before any group, DATA is the record's own too; a group after it
    // stands out of order and starts its own occurrence.
    let (fields, _) = decode_made(
        &GROUPED,
        &[
            raw(b"DATA", &[3, 0, 0, 0]),
            raw(b"PNAM", b"a\0"),
            raw(b"EDID", b"e\0"),
            raw(b"PNAM", b"b\0"),
        ],
    );
    assert_eq!(keys(&fields), ["tail", "parts", "editor_id", "parts#2"]);
    assert_eq!(fields["parts#2"], json!([{"name": "b"}]));
}

#[test]
fn many_subrecords_out_of_order_all_decode() {
    // Each one looks over the declaration, not over the record.
    let mut subs = vec![raw(b"DATA", &[3, 0, 0, 0])];
    for i in 0..20_000u16 {
        subs.push(raw(b"PVAL", &i.to_le_bytes()));
        subs.push(raw(b"EDID", b"e\0"));
    }
    let (fields, coverage) = decode_made(&GROUPED, &subs);
    assert_eq!(coverage.raw, 20_000, "PVAL outside any group is unexpected");
    assert_eq!(coverage.decoded, 20_001);
    assert_eq!(fields["editor_id#20000"], "e");
}

static OPAQUE: RecordDef = RecordDef {
    sig: Sig(*b"TEST"),
    title: "test",
    members: &[
        opt(b"SCDA", "compiled", Field::Opaque),
        opt(b"UNKN", "unknown", Field::Bytes),
    ],
};

#[test]
fn an_opaque_field_counts_as_opaque_not_raw() {
    let bytes = encode_subrecords(&[raw(b"SCDA", &[1, 2, 3]), raw(b"UNKN", &[4, 5])]);
    let refs: Vec<_> = Subrecords::new(&bytes, 0x40).map(Result::unwrap).collect();
    let d = decode(&OPAQUE, &refs, &FormCtx::default(), &"TEST 0x00000001");
    assert_eq!(d.fields["compiled"], "010203");
    assert_eq!(d.fields["unknown"], "0405");
    assert_eq!(
        (
            d.coverage.subrecords,
            d.coverage.decoded,
            d.coverage.opaque,
            d.coverage.raw
        ),
        (2, 0, 1, 1)
    );
    assert_eq!((d.coverage.opaque_bytes, d.coverage.raw_bytes), (3, 2));
    // Only what is not understood is warned of.
    assert_eq!(d.warnings.len(), 1, "{:?}", d.warnings);
    assert!(d.warnings[0].contains("UNKN at 0x49"), "{:?}", d.warnings);
    assert_eq!(
        encode_subrecords(&encode(&OPAQUE, &d.fields).unwrap()),
        bytes
    );
    let view = super::record::view(&OPAQUE, &refs, &FormCtx::default());
    assert_eq!(view.coverage(), d.coverage);
}

#[test]
fn repeating_groups_start_at_their_first_member() {
    let fields = round_trip(&[
        raw(b"ENAM", b"a\0"),
        raw(b"EVAL", &1.5f32.to_le_bytes()),
        raw(b"ENAM", b"b\0"),
    ]);
    assert_eq!(
        fields["entries"],
        json!([{"name": "a", "value": 1.5}, {"name": "b"}])
    );
}

#[test]
fn a_subrecord_that_does_not_fit_stays_bytes_and_counts_raw() {
    let bytes = encode_subrecords(&[raw(b"EDID", b"no terminator"), raw(b"LIST", &[1, 2])]);
    let refs: Vec<_> = Subrecords::new(&bytes, 0x100).map(Result::unwrap).collect();
    let d = decode(&TEST, &refs, &FormCtx::default(), &"TEST 0x00000001");
    assert_eq!(d.coverage.subrecords, 2);
    assert_eq!(d.coverage.raw, 2);
    assert_eq!(d.coverage.raw_bytes, 15);
    assert!(d.warnings[0].contains("EDID at 0x100"), "{:?}", d.warnings);
    assert_eq!(encode_subrecords(&encode(&TEST, &d.fields).unwrap()), bytes);
}

#[test]
fn json_errors_name_the_member_and_the_field() {
    let fields = json!({"data": {"kind": "blue"}});
    let err = encode(&TEST, fields.as_object().unwrap()).unwrap_err();
    assert_eq!(err.kind, crate::ErrorKind::Value);
    assert_eq!(err.field.as_deref(), Some("data.kind"));
    assert!(
        err.to_string().starts_with(
            "data.kind: \"blue\" is not a value of this enum; its values are red, green"
        ),
        "{err}"
    );
    let err = encode(&TEST, json!({"nope": 1}).as_object().unwrap()).unwrap_err();
    assert_eq!(err.kind, crate::ErrorKind::NotFound);
    assert_eq!(err.field.as_deref(), Some("nope"));
}

#[test]
fn defaults_fill_fields_left_out_before_the_last_one_given() {
    let mut out = Vec::new();
    encode_field(
        &STRUCT_FIELD,
        &json!({"kind": "red", "value": 2.0}),
        &Siblings::new(),
        &mut out,
    )
    .unwrap();
    assert_eq!(out, [0, 0, 0, 0, 0, 0x00, 0x40]);
}

#[test]
fn same_fields_at_two_widths_keep_their_size() {
    static WIDTHS: Field = Field::BySize(&[
        (4, Field::Struct(&[f("n", U32)])),
        (2, Field::Struct(&[f("n", U16)])),
    ]);
    let ctx = FormCtx::default();
    for data in [vec![5u8, 0, 0, 0], vec![5, 0]] {
        let v = decode_field(&WIDTHS, &data, &ctx, &Siblings::new()).unwrap();
        assert_eq!(v.get("_size").is_some(), data.len() == 2, "{v}");
        let mut out = Vec::new();
        encode_field(&WIDTHS, &v, &Siblings::new(), &mut out).unwrap();
        assert_eq!(out, data);
    }
}

/// A count and its items, or bare items, or else bytes: the first layout
/// that reads the data whole.
static FITS: RecordDef = RecordDef {
    sig: Sig(*b"TEST"),
    title: "test",
    members: &[rep(
        b"FITS",
        "fits",
        Field::ByFit(&[
            Field::Struct(&[
                f("count", U8),
                f("items", Ty::ListBy("count", &[f("n", U16)])),
            ]),
            Field::Array(&[f("n", U16)]),
            Field::Opaque,
        ]),
    )],
};

fn fits_field() -> &'static Field {
    match &FITS.members[0] {
        Member::Sub(s) => &s.field,
        _ => unreachable!(),
    }
}

#[test]
fn the_first_layout_that_reads_the_data_whole_is_chosen() {
    let subs = [
        // A count that covers every byte: the first layout.
        raw(b"FITS", &[2, 1, 0, 2, 0]),
        // A count past the bytes, and an even size: the second.
        raw(b"FITS", &[9, 0, 7, 0]),
        // Bytes left over by the first, an odd size: kept as bytes.
        raw(b"FITS", &[1, 1, 0, 5, 6]),
        // Nothing: the first reads it whole, ending before its fields.
        raw(b"FITS", &[]),
        // A count whose items are not there, an odd size: bytes.
        raw(b"FITS", &[3]),
    ];
    let bytes = encode_subrecords(&subs);
    let refs: Vec<_> = Subrecords::new(&bytes, 0).map(Result::unwrap).collect();
    let d = decode(&FITS, &refs, &FormCtx::default(), &"TEST");
    assert_eq!(
        d.fields["fits"],
        json!([
            {"count": 2, "items": [1, 2]},
            [9, 7],
            "0101000506",
            {},
            "03"
        ])
    );
    // The bytes kept whole are opaque, not raw; nothing is left over.
    assert_eq!(
        (d.coverage.decoded, d.coverage.opaque, d.coverage.raw),
        (3, 2, 0)
    );
    assert_eq!((d.coverage.opaque_bytes, d.coverage.raw_bytes), (6, 0));
    assert!(d.warnings.is_empty(), "{:?}", d.warnings);
    assert_eq!(encode_subrecords(&encode(&FITS, &d.fields).unwrap()), bytes);
    let view = super::record::view(&FITS, &refs, &FormCtx::default());
    assert_eq!(view.coverage(), d.coverage);
    assert_eq!(view.raw_subrecords().count(), 0);

    // A value none of the layouts takes names the error of the one that
    // got furthest.
    let err = encode_field(
        fits_field(),
        &json!({"count": 1, "items": ["x"]}),
        &Siblings::new(),
        &mut Vec::new(),
    )
    .unwrap_err();
    assert!(err.to_string().contains("items"), "{err}");
}

#[test]
fn a_rest_list_fills_the_subrecord() {
    static ITEMS: [FieldDef; 2] = [f("a", I16), f("b", U8)];
    static REST: Field = Field::Struct(&[f("head", U8), f("items", Ty::Rest(&ITEMS))]);
    let ctx = FormCtx::default();
    let data = [7u8, 1, 0, 2, 0xFF, 0xFF, 3];
    let v = decode_field(&REST, &data, &ctx, &Siblings::new()).unwrap();
    assert_eq!(
        v,
        json!({"head": 7, "items": [{"a": 1, "b": 2}, {"a": -1, "b": 3}]})
    );
    let mut out = Vec::new();
    encode_field(&REST, &v, &Siblings::new(), &mut out).unwrap();
    assert_eq!(out, data);
    // Bytes that end inside an item do not fit: kept as left over.
    assert_eq!(
        decode_field(&REST, &data[..6], &ctx, &Siblings::new()).unwrap(),
        json!({"head": 7, "_rest": "010002ffff"})
    );
}

#[test]
fn a_rest_list_of_items_that_take_no_bytes_ends() {
    static NEVER: IfDef = IfDef {
        field: "kind",
        test: Match::AnyBit(2),
        ty: U8,
    };
    static ITEMS: [FieldDef; 1] = [f("x", Ty::If(&NEVER))];
    static REST: Field = Field::Struct(&[f("kind", U8), f("items", Ty::Rest(&ITEMS))]);
    let ctx = FormCtx::default();
    // Items that take nothing would never reach the end: the list does
    // not fit, and its bytes are kept as left over.
    assert_eq!(
        decode_field(&REST, &[0, 5], &ctx, &Siblings::new()).unwrap(),
        json!({"kind": 0, "_rest": "05"})
    );
}

#[test]
fn parse_of_encoded_subrecords_is_identity() {
    let subs = vec![raw(b"EDID", b"x\0"), raw(b"LIST", &[3])];
    assert_eq!(
        parse_subrecords(&encode_subrecords(&subs), 0).unwrap(),
        subs
    );
}

#[test]
fn long_enums_find_names_as_short_ones_do() {
    static NAMES: [&str; 40] = [
        "a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l", "m", "n", "o", "p", "q", "r",
        "s", "t", "u", "v", "w", "x", "y", "z", "aa", "bb", "cc", "dd", "ee", "ff", "gg", "hh",
        "ii", "jj", "kk", "ll", "a", "zz",
    ];
    static VALUES: std::sync::LazyLock<Vec<(i64, &str)>> =
        std::sync::LazyLock::new(|| (0..).zip(NAMES).map(|(v, n)| (v * 3, n)).collect());
    let long = EnumDef { values: &VALUES };
    for name in NAMES.iter().chain(&["", "b_", "A", "zzz"]) {
        let first = VALUES.iter().find(|(_, n)| n == name).map(|(v, _)| *v);
        assert_eq!(long.value_of(name), first, "{name}");
    }
    // A name given twice is the first value's.
    assert_eq!(long.value_of("a"), Some(0));
}

/// Whether an f32 shows as the f64 that Rust's own shortest digits for it
/// read as.
fn shows_as_displayed(x: f32) {
    if x.is_finite() {
        let read: f64 = x.to_string().parse().unwrap();
        assert_eq!(super::codec::f32_shown(x).to_bits(), read.to_bits(), "{x}");
    }
}

#[test]
fn floats_halfway_between_two_shortest_decimals_show_as_displayed() {
    // Ties: Ryu breaks them to the even digit, Rust's formatting up.
    for bits in [
        0x3980_0000,
        0x3B20_0000,
        0x3C88_0000,
        0x4A00_0001,
        0x4A00_0025,
    ] {
        shows_as_displayed(f32::from_bits(bits));
        shows_as_displayed(-f32::from_bits(bits));
    }
    assert_eq!(
        super::codec::f32_shown(f32::from_bits(0x4A00_0001)),
        2097152.3
    );
}

/// Every f32 (four billion: about twenty minutes of a release build on
/// two cores):
/// `cargo test --release -p esscribe --lib every_f32 -- --ignored`.
#[test]
#[ignore]
fn every_f32_shows_as_displayed() {
    use rayon::prelude::*;
    (0..=u32::MAX)
        .into_par_iter()
        .for_each(|bits| shows_as_displayed(f32::from_bits(bits)));
}

proptest! {
    #[test]
    fn floats_survive_json_exactly(bits in any::<u32>()) {
        let x = f32::from_bits(bits);
        let text = serde_json::to_string(&f32_value(x)).unwrap();
        let back: Value = serde_json::from_str(&text).unwrap();
        prop_assert_eq!(json_f32(&back).unwrap().to_bits(), bits);
    }

    /// An f32 shows as the f64 Rust's own shortest digits for it read as.
    #[test]
    fn floats_show_as_their_shortest_digits_read(bits in any::<u32>()) {
        shows_as_displayed(f32::from_bits(bits));
    }

    /// So do f32s of few binary digits after the point, among which lie
    /// the ties (2097152.25 between 2097152.2 and 2097152.3).
    #[test]
    fn floats_with_few_fraction_bits_show_as_their_shortest_digits_read(
        m in 0u32..1 << 24,
        shift in 0i32..30,
    ) {
        shows_as_displayed(m as f32 / (1u64 << shift) as f32);
        shows_as_displayed(-(m as f32) * (1u64 << shift.min(20)) as f32);
    }

    #[test]
    fn any_struct_bytes_decode_and_encode_back(data in proptest::collection::vec(any::<u8>(), 0..48)) {
        if let Some(v) = decode_field(&STRUCT_FIELD, &data, &FormCtx::default(), &Siblings::new()) {
            let mut out = Vec::new();
            encode_field(&STRUCT_FIELD, &v, &Siblings::new(), &mut out).unwrap();
            prop_assert_eq!(out, data);
        }
    }

    /// Whichever layout reads them, any bytes build back.
    #[test]
    fn any_bytes_read_by_their_first_fit_encode_back(data in proptest::collection::vec(any::<u8>(), 0..24)) {
        let v = decode_field(fits_field(), &data, &FormCtx::default(), &Siblings::new()).unwrap();
        let mut out = Vec::new();
        encode_field(fits_field(), &v, &Siblings::new(), &mut out).unwrap();
        prop_assert_eq!(out, data);
    }

    #[test]
    fn any_record_bytes_survive_decode_and_encode(
        subs in proptest::collection::vec(
            (prop_oneof![Just(*b"EDID"), Just(*b"DATA"), Just(*b"LIST"), Just(*b"ENAM"), Just(*b"EVAL"), Just(*b"ZZZZ")],
             proptest::collection::vec(any::<u8>(), 0..24)),
            0..12),
    ) {
        let subs: Vec<Subrecord> = subs.into_iter().map(|(s, d)| raw(&s, &d)).collect();
        let bytes = encode_subrecords(&subs);
        let refs: Vec<_> = Subrecords::new(&bytes, 0).map(Result::unwrap).collect();
        let d = decode(&TEST, &refs, &FormCtx::default(), &"TEST");
        let text = serde_json::to_string(&Value::Object(d.fields)).unwrap();
        let back: Value = serde_json::from_str(&text).unwrap();
        let encoded = encode(&TEST, back.as_object().unwrap()).unwrap();
        prop_assert_eq!(encode_subrecords(&encoded), bytes);
    }
}

#[test]
fn a_value_node_takes_32_bytes() {
    // Every field of every record read becomes one node: their size is
    // most of the memory traffic of declared decoding.
    assert_eq!(std::mem::size_of::<super::value::Node<'_>>(), 32);
}

static AIMED_CHOICE: SelectDef = SelectDef {
    field: "kind",
    cases: &[(Match::OneOf(&[1]), fid(&[b"NPC_"]))],
    default: Ty::F32,
};

static AIMED: RecordDef = RecordDef {
    sig: Sig(*b"TEST"),
    title: "test",
    members: &[
        opt(b"CNAM", "style", Field::Value(fid(&[b"CSTY"]))),
        opt(b"ANYF", "anything", Field::Value(Ty::FormId)),
        rep(
            b"LIST",
            "list",
            Field::Array(&[f("item", fid(&[b"ARMO", b"WEAP"]))]),
        ),
        opt(
            b"DATA",
            "data",
            Field::Struct(&[f("kind", U8), f("value", Ty::Select(&AIMED_CHOICE))]),
        ),
    ],
};

#[test]
fn form_ids_with_targets_read_write_and_show_as_any_form_id_and_are_walked() {
    use super::refs::form_refs;
    let subs = [
        raw(b"CNAM", &0x0100_0ABCu32.to_le_bytes()),
        raw(b"ANYF", &7u32.to_le_bytes()),
        raw(b"LIST", &[1, 0, 0, 0, 2, 0, 0, 0]),
        raw(b"DATA", &[1, 0x14, 0, 0, 0]),
    ];
    let bytes = encode_subrecords(&subs);
    let refs: Vec<SubrecordRef<'_>> = Subrecords::new(&bytes, 0).map(Result::unwrap).collect();
    let d = decode(&AIMED, &refs, &FormCtx::default(), &"TEST");
    assert_eq!(
        Value::Object(d.fields.clone()),
        json!({
            "style": "0x01000ABC",
            "anything": "0x00000007",
            "list": [["0x00000001", "0x00000002"]],
            "data": {"kind": 1, "value": "0x00000014"},
        })
    );
    assert_eq!(
        encode_subrecords(&encode(&AIMED, &d.fields).unwrap()),
        bytes
    );
    let view = super::record::view(&AIMED, &refs, &FormCtx::default());
    let walked: Vec<(String, u32, Vec<&str>)> = form_refs(&view)
        .into_iter()
        .map(|r| {
            let targets = r
                .targets
                .iter()
                .map(|t| std::str::from_utf8(&t[..]).unwrap());
            (r.path, r.form_id.0, targets.collect())
        })
        .collect();
    assert_eq!(
        walked,
        [
            ("style".to_string(), 0x0100_0ABC, vec!["CSTY"]),
            ("anything".to_string(), 7, vec![]),
            ("list.0.0".to_string(), 1, vec!["ARMO", "WEAP"]),
            ("list.0.1".to_string(), 2, vec!["ARMO", "WEAP"]),
            ("data.value".to_string(), 0x14, vec!["NPC_"]),
        ]
    );
    assert_eq!(
        view.get("style").and_then(|v| v.form_id()),
        Some(crate::io::FormId(0x0100_0ABC))
    );
    assert_eq!(
        view.get("style").and_then(|v| v.targets()),
        Some(&[b"CSTY"][..])
    );
}

static SETTING_TYPES: [(&str, Field); 2] =
    [("f*", Field::Value(Ty::F32)), ("i*", Field::Value(I32))];

/// A game setting as both games declare it: the editor ID's first letter
/// gives the value's type.
static SETTING: RecordDef = RecordDef {
    sig: Sig(*b"GMST"),
    title: "setting",
    members: &[
        opt(b"EDID", "editor_id", Field::ZString),
        opt(
            b"DATA",
            "value",
            Field::BySibling {
                sibling: "editor_id",
                cases: &SETTING_TYPES,
                default: &Field::Bytes,
            },
        ),
    ],
};

/// Record data of the subrecords given, in order.
fn record_data(subs: &[(&[u8; 4], &[u8])]) -> Vec<u8> {
    let subs: Vec<Subrecord> = subs
        .iter()
        .map(|(sig, data)| Subrecord::new(Sig(**sig), data.to_vec()))
        .collect();
    encode_subrecords(&subs)
}

/// Whether the proof from typed values takes the record data `bytes` of
/// `def`; where it does, the JSON form must give the bytes back.
fn proven_from_values(def: &'static RecordDef, bytes: &[u8]) -> bool {
    let ctx = FormCtx::default();
    let refs: Vec<SubrecordRef<'_>> = Subrecords::new(bytes, 0).map(Result::unwrap).collect();
    let view = super::record::view(def, &refs, &ctx);
    let proven = super::exact::json_gives_back(&view, bytes, &ctx);
    if proven {
        let d = decode(def, &refs, &ctx, &def.sig);
        let back = encode_subrecords(&encode(def, &d.fields).unwrap());
        assert_eq!(back, bytes, "proven, yet its JSON form gives other bytes");
    }
    proven
}

/// A layout chosen by a sibling read before it is proven from the typed
/// values; one whose sibling comes after it is left to the JSON path,
/// whose encoder would choose by that later sibling.
#[test]
fn a_layout_a_sibling_chose_is_proven_when_the_sibling_came_first() {
    let float = record_data(&[
        (b"EDID", b"fJumpHeight\0"),
        (b"DATA", &1.5f32.to_le_bytes()),
    ]);
    let int = record_data(&[(b"EDID", b"iLevelCap\0"), (b"DATA", &81i32.to_le_bytes())]);
    let other = record_data(&[(b"EDID", b"sName\0"), (b"DATA", b"Ysolda\0")]);
    let late = record_data(&[
        (b"DATA", &1.5f32.to_le_bytes()),
        (b"EDID", b"fJumpHeight\0"),
    ]);
    let twice = record_data(&[
        (b"EDID", b"fA\0"),
        (b"DATA", &1.5f32.to_le_bytes()),
        (b"EDID", b"iB\0"),
    ]);
    for (bytes, expected) in [(&float, true), (&int, true), (&other, true), (&late, false)] {
        assert_eq!(
            proven_from_values(&SETTING, bytes),
            expected,
            "{bytes:02x?}"
        );
    }
    proven_from_values(&SETTING, &twice);
}

/// A value whose subrecord its type names, as an AI package's data input
/// holds one: two members named `value`, told apart by `type`.
static INPUT: RecordDef = RecordDef {
    sig: Sig(*b"TEST"),
    title: "input",
    members: &[
        opt(b"ANAM", "type", Field::ZString),
        opt(b"CNAM", "value", Field::Value(I32)).when("type", &["Int"]),
        opt(b"PLDT", "value", Field::Struct(&[f("x", U8), f("y", U8)])).when("type", &["Location"]),
    ],
};

/// Members sharing a name are proven from the typed values where the
/// sibling that tells them apart came first and names the member read;
/// otherwise the JSON key would lead the encoder to the other member.
#[test]
fn members_sharing_a_name_are_proven_when_their_key_leads_back() {
    let int = record_data(&[(b"ANAM", b"Int\0"), (b"CNAM", &7i32.to_le_bytes())]);
    let place = record_data(&[(b"ANAM", b"Location\0"), (b"PLDT", &[1, 2])]);
    let mismatched = record_data(&[(b"ANAM", b"Int\0"), (b"PLDT", &[1, 2])]);
    let late = record_data(&[(b"CNAM", &7i32.to_le_bytes()), (b"ANAM", b"Int\0")]);
    for (bytes, expected) in [
        (&int, true),
        (&place, true),
        (&mismatched, false),
        (&late, false),
    ] {
        assert_eq!(proven_from_values(&INPUT, bytes), expected, "{bytes:02x?}");
    }
}

static NAME_AND_BLOCK: [FieldDef; 2] = [f("name", Ty::BString), f("block", Ty::Block(Int::U16))];
static NAME_AND_BLOCK_FIELD: Field = Field::Struct(&NAME_AND_BLOCK);

#[test]
fn short_text_and_length_prefixed_bytes_read_and_write() {
    let bytes = [3, b'C', b'a', b'f', 2, 0, 0xAB, 0xCD];
    let ctx = FormCtx::default();
    let none = Siblings::new();
    let v = decode_field(&NAME_AND_BLOCK_FIELD, &bytes, &ctx, &none).unwrap();
    assert_eq!(v, json!({"name": "Caf", "block": "abcd"}));
    let mut back = Vec::new();
    encode_field(&NAME_AND_BLOCK_FIELD, &v, &none, &mut back).unwrap();
    assert_eq!(back, bytes);
    // Windows-1252 text, and lengths the bytes do not hold, refused.
    let mut out = Vec::new();
    let e = encode_field(
        &NAME_AND_BLOCK_FIELD,
        &json!({"name": "x".repeat(256), "block": ""}),
        &none,
        &mut out,
    )
    .unwrap_err();
    assert!(e.to_string().contains("at most 255"), "{e}");
    let v = decode_field(&NAME_AND_BLOCK_FIELD, &[9, b'a'], &ctx, &none);
    assert_ne!(v, Some(json!({"name": "a"})));
    let caf = decode_field(
        &NAME_AND_BLOCK_FIELD,
        &[4, b'C', b'a', b'f', 0xE9, 0, 0],
        &ctx,
        &none,
    );
    assert_eq!(caf, Some(json!({"name": "Café", "block": ""})));
}
