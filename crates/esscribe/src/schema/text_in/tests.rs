use super::*;

/// `encode_struct` takes each key as the next field of that name: a
/// struct declaring one name twice would be read otherwise by
/// `codec::encode_fields`, which looks every field up by name.
#[test]
fn short_strings_compare_as_slices_do() {
    let text: Vec<u8> = (0..40u8).map(|i| b'a' + i % 26).collect();
    for n in 0..text.len() {
        let a = &text[..n];
        assert!(same_short(a, a));
        assert!(!same_short(a, &text[..n + 1]));
        for at in 0..n {
            let mut b = a.to_vec();
            b[at] ^= 0x20;
            assert!(!same_short(a, &b), "{n} bytes, differing at {at}");
        }
    }
}

#[test]
fn a_key_given_twice_is_never_read_here() {
    for text in [
        r#"{"a": 1, "a": 2}"#,
        r#"{"a": 1, "b": {"c": "\u00e9", "c": 2}}"#,
        r#"[{"x": [1], "x": []}]"#,
    ] {
        assert_eq!(Text::new(text).leaf(0), None, "{text}");
    }
    assert_eq!(Text::new(r#"{"a": 1, "a": 2}"#).entries(0), None);
    assert!(Text::new(r#"{"a": 1, "b": 2}"#).leaf(0).is_some());
}

#[test]
fn form_ids_read_in_place_as_their_digits_say() {
    let read = |s: &str| Text::new(s).hex_form_id();
    assert_eq!(read("\"0x0001ABcd\""), Some(0x0001_ABCD));
    assert_eq!(read("\"0xFFFFFFFF\", 1"), Some(u32::MAX));
    for other in [
        "\"0x0001ABCG\"",
        "\"0X0001ABCD\"",
        "\"0x0001ABC\"",
        "\"0x0001ABCDE\"",
        "0x0001ABCD",
    ] {
        assert_eq!(read(other), None, "{other}");
    }
}

#[test]
fn noted_form_ids_read_in_place_where_the_note_names_their_plugin() {
    let ctx = FormCtx {
        masters: vec!["Skyrim.esm".into(), "Update.esm".into()],
        own_name: "My Mod (1).esp".into(),
        ..FormCtx::default()
    };
    fn read<'s>(s: &'s str, forms: Option<&FormCtx>) -> Option<(u32, &'s str)> {
        let mut t = Text::new(s);
        t.noted_form_id(forms).map(|id| (id, &s[t.at..]))
    }
    assert_eq!(
        read("\"0x00012EB7 (Skyrim.esm)\", 1", Some(&ctx)),
        Some((0x0001_2EB7, ", 1"))
    );
    assert_eq!(
        read("\"0x01000800 (update.ESM)\"", Some(&ctx)),
        Some((0x0100_0800, ""))
    );
    // Another plugin than the top byte names is left to parsing, which
    // refuses it; with no masters to check against, any is taken.
    assert_eq!(read("\"0x01000800 (Skyrim.esm)\"", Some(&ctx)), None);
    assert_eq!(
        read("\"0x01000800 (Skyrim.esm)\"", None),
        Some((0x0100_0800, ""))
    );
    for other in [
        // A bracket in the plugin's name, spaces, escapes, other digits.
        "\"0x02000800 (My Mod (1).esp)\"",
        "\"0x00012EB7  (Skyrim.esm)\"",
        "\"0x00012EB7 (Skyrim.esm) \"",
        "\"0x00012EB7 (Sky\\u0072im.esm)\"",
        "\"0x0012EB7 (Skyrim.esm)\"",
        "\"0X00012EB7 (Skyrim.esm)\"",
        "\"0x00012EB7\"",
    ] {
        assert_eq!(read(other, Some(&ctx)), None, "{other}");
    }
}

#[test]
fn numbers_read_as_serde_json_reads_them() {
    for text in [
        "0",
        "7",
        "-7",
        "123456789012345678",
        "1.5",
        "-0.25",
        "1e5",
        "2.5E-3",
        "3.4028235e38",
        "1e400",
        "01",
        "-0",
        "-0.0",
        "1.",
        ".5",
        "1e",
        "12345678901234567890",
        "0.1",
        "4.9406564584124654e-324",
        "-9223372036854775808",
        "-0.5",
        "-0.25e1",
        "-0e5",
        "-0",
        "-01.5",
        "0.30000000000000004",
        "123456789012345678.5",
        "12345678901234567.25",
        "9007199254740993.0",
        "9007199254740992.0",
        "2.5e22",
        "2.5e23",
        "1.5e-22",
        "1.5e-23",
        "1e-400",
        "1.7976931348623157e308",
        "1.8e308",
        "3.4028234663852886e38",
        "1E+2",
        "1e+",
        "1.e5",
        "1.5e99999999999999999999",
        "0.000000000000000000000000000000000000000000001401298464324817",
    ] {
        let ours = Text::new(text).leaf(0);
        let theirs: Option<Value> = serde_json::from_str(text).ok();
        match ours {
            Some(v) => assert_eq!(Some(&v), theirs.as_ref(), "{text}"),
            None => assert!(theirs.is_none(), "{text}: not read, but JSON"),
        }
        // Numbers read in place give what those values give.
        if let Some(n) = Text::new(text).whole_number() {
            assert_eq!(theirs.as_ref().and_then(Value::as_i64), Some(n), "{text}");
        }
        if let Some(x) = Text::new(text).number_f64() {
            let theirs = theirs.as_ref().and_then(Value::as_f64).map(f64::to_bits);
            assert_eq!(theirs, Some(x.to_bits()), "{text}");
        }
    }
}

/// `Text::string` on `json` against `serde_json`: the same string and
/// the same end where it reads one; where it does not, `serde_json`
/// refuses the text too, or the text has an escape of half a
/// surrogate pair (left to `serde_json`).
fn string_reads_as_serde_json(json: &str) {
    let mut t = Text::new(json);
    let ours = t.string().map(Cow::into_owned);
    let mut stream = serde_json::Deserializer::from_str(json).into_iter::<String>();
    let theirs = stream.next().and_then(Result::ok);
    match ours {
        Some(s) => {
            assert_eq!(Some(&s), theirs.as_ref(), "{json}");
            assert_eq!(t.at, stream.byte_offset(), "{json}");
        }
        None => {
            assert_eq!(t.at, 0, "{json}: read in part");
            let surrogate = json.to_ascii_lowercase().contains("\\ud");
            assert!(theirs.is_none() || surrogate, "{json}: not read, but JSON");
        }
    }
}

#[test]
fn strings_with_escapes_read_as_serde_json_reads_them() {
    for json in [
        r#""""#,
        r#""plain""#,
        r#""meshes\\clutter\\campfire01.nif""#,
        r#""line\nbreak\r\ttab \"quoted\" \/ \b\f""#,
        r#""\u00e9t\u00C9 \u20ac \u0000 \u001f""#,
        r#""caf\u00e9 caf""#,
        "\"caf\u{e9} \\\\ na\u{ef}ve\"",
        r#""\ud83d\ude00""#,
        r#""\ud83d""#,
        r#""\ude00""#,
        r#""\u12""#,
        r#""\u12g4""#,
        r#""\u+123""#,
        r#""\x41""#,
        r#""\""#,
        r#""unterminated\\"#,
        "\"raw\tcontrol\"",
        "\"raw\nline\"",
        r#""a\\""#,
    ] {
        string_reads_as_serde_json(json);
    }
}

/// `Text::number_f64` on `text` against `serde_json`, bit for bit.
fn f64_reads_as_serde_json(text: &str) {
    let ours = Text::new(text).number_f64().map(f64::to_bits);
    let theirs = serde_json::from_str::<Value>(text)
        .ok()
        .and_then(|v| v.as_f64())
        .map(f64::to_bits);
    if ours.is_some() {
        assert_eq!(ours, theirs, "{text}");
    }
}

proptest::proptest! {
    /// Every f32 as the tree writes it reads as `serde_json` reads it.
    #[test]
    fn written_f32s_read_as_serde_json_reads_them(bits in proptest::num::u32::ANY) {
        let x = f32::from_bits(bits);
        if let Value::Number(n) = super::super::codec::f32_value(x) {
            let text = n.to_string();
            f64_reads_as_serde_json(&text);
            proptest::prop_assert!(Text::new(&text).number_f64().is_some(), "{}", text);
        }
    }

    /// Numbers of any shape read as `serde_json` reads them.
    #[test]
    fn numbers_of_any_shape_read_as_serde_json_reads_them(
        text in "-?(0|[1-9][0-9]{0,20})(\\.[0-9]{1,25})?([eE][-+]?[0-9]{1,3})?"
    ) {
        f64_reads_as_serde_json(&text);
    }

    /// Any string as `serde_json` writes it reads back as itself.
    #[test]
    fn written_strings_read_back(s in "\\PC*|[\\\\\"\\n\\t\\u{0}-\\u{1f}a-z\u{e9}\u{20ac}]*") {
        let json = serde_json::to_string(&s).expect("a string");
        string_reads_as_serde_json(&json);
        let read = Text::new(&json).string().map(Cow::into_owned);
        proptest::prop_assert_eq!(read, Some(s));
    }

    /// Text made of the characters strings and their escapes are made
    /// of reads as `serde_json` reads it, or not at all.
    #[test]
    fn escapes_read_as_serde_json_reads_them(body in "[\\\\\"/bfnrtu0-9a-fA-FxD\u{e9} \\t]{0,24}") {
        string_reads_as_serde_json(&format!("\"{body}"));
    }
}
