//! Declared records read as typed values (`schema::with_view`), on the real
//! plugins of the corpus: values that agree with the bytes read here
//! directly, and known fields of known records.

mod common;

use esscribe::defs::catalog;
use esscribe::json::form_ctx;
use esscribe::plugin::Plugin;
use esscribe::schema::{self, FieldValue, ItemKind};
use serde_json::{Map, Value};

/// Placed objects of both games: their base and their position.
const PLACED: [&[u8; 4]; 3] = [b"REFR", b"ACHR", b"ACRE"];

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn typed_values_agree_with_the_bytes_on_every_corpus_record() {
    for path in common::plugins() {
        let data = std::fs::read(&path).unwrap();
        let plugin = Plugin::parse(&data).unwrap();
        let name = common::name(&path);
        let ctx = form_ctx(&plugin, &name);
        let (mut editor_ids, mut positions) = (0, 0);
        for r in plugin.records() {
            let what = format!("{name}: {}", r.describe());
            // The subrecords, read here straight from the bytes.
            let subs = r.subrecords(plugin.game).unwrap();
            let first = |sig: &[u8; 4]| subs.iter().find(|s| s.sig.0 == *sig).map(|s| &s.data[..]);
            schema::with_view(r, catalog(plugin.game), &ctx, |view| {
                if let Some(edid) = first(b"EDID").filter(|d| d.is_ascii()) {
                    let text = view.get("editor_id").and_then(|v| v.text());
                    let raw = std::str::from_utf8(edid).unwrap().trim_end_matches('\0');
                    assert_eq!(text.as_deref(), Some(raw), "{what}");
                    editor_ids += 1;
                }
                if !PLACED.contains(&&r.header.sig.0) {
                    return;
                }
                if let Some(base) = first(b"NAME").filter(|d| d.len() == 4) {
                    let id = u32::from_le_bytes(base.try_into().unwrap());
                    let typed = view.get("base").and_then(|v| v.form_id());
                    assert_eq!(typed.map(|f| f.0), Some(id), "{what}: base");
                }
                let (Some(pos), Some(bytes)) = (
                    view.get("position_rotation"),
                    first(b"DATA").filter(|d| d.len() == 24),
                ) else {
                    return;
                };
                let axes = ["position_x", "position_y", "position_z"];
                let angles = ["rotation_x", "rotation_y", "rotation_z"];
                for (i, field) in axes.iter().chain(&angles).enumerate() {
                    let raw = f32::from_le_bytes(bytes[i * 4..i * 4 + 4].try_into().unwrap());
                    let typed = pos.get(field).and_then(|v| v.as_f64()).unwrap() as f32;
                    assert_eq!(typed.to_bits(), raw.to_bits(), "{what}: {field}");
                }
                positions += 1;
            })
            .unwrap();
        }
        // Known counts for two files keep the comparisons from being
        // skipped unnoticed.
        match name.as_str() {
            "Campfire.esm" => assert_eq!((editor_ids, positions), (1411, 435)),
            "OblivionOnline.esp" => assert_eq!((editor_ids, positions), (52, 91)),
            _ => {}
        }
    }
}

/// The value of a top-level member of a record, by editor ID.
fn with_record<R>(
    file: &str,
    sig: &[u8; 4],
    editor_id: &str,
    f: impl FnOnce(&schema::RecordView<'_>, &schema::FormCtx) -> R,
) -> R {
    let data = common::file(file);
    let plugin = Plugin::parse(&data).unwrap();
    let ctx = form_ctx(&plugin, file.rsplit('/').next().unwrap());
    let mut f = Some(f);
    let mut out = None;
    for r in plugin.records().filter(|r| r.header.sig.0 == *sig) {
        schema::with_view(r, catalog(plugin.game), &ctx, |view| {
            let edid = view.get("editor_id").and_then(|v| v.text());
            if edid.as_deref() == Some(editor_id) {
                out = f.take().map(|f| f(view, &ctx));
            }
        })
        .unwrap();
    }
    out.unwrap_or_else(|| panic!("no {editor_id} in {file}"))
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn a_skyrim_package_reads_typed() {
    with_record(
        "skyrim-plugins/Campfire.esm",
        b"PACK",
        "_Camp_TravelAndGuard",
        |view, ctx| {
            let general = view.get("general").unwrap();
            let FieldValue::Enum(_, names, kind) = general.get("type").unwrap().value() else {
                panic!("the package type is an enum");
            };
            assert_eq!(names.name_of(kind), Some("template"));
            assert_eq!(view.get("marker").and_then(|v| v.as_i64()), Some(11));
            assert_eq!(
                view.get("marker").unwrap().to_json(ctx, &Map::new()),
                Value::from(11)
            );
            assert_eq!(view.coverage().raw, 0);
        },
    );
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn an_oblivion_package_schedule_reads_typed() {
    with_record(
        "oblivion-plugins/OblivionOnline.esp",
        b"PACK",
        "1OOFollowPackage",
        |view, ctx| {
            let schedule = view.get("schedule").unwrap();
            let hour = schedule.get("hour").unwrap();
            assert_eq!(hour.to_json(ctx, &Map::new()), "any");
            let names: Vec<&str> = schedule.children().map(|c| c.name()).collect();
            assert_eq!(names[..2], ["month", "day_of_week"]);
        },
    );
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn members_out_of_declared_order_read_typed() {
    let data = common::file("skyrim-plugins/DawnOfTheSilverHand.esp");
    let plugin = Plugin::parse(&data).unwrap();
    let ctx = form_ctx(&plugin, "DawnOfTheSilverHand.esp");
    let refr = plugin.find_record(esscribe::FormId(0x0010_C7CF)).unwrap();
    schema::with_view(refr, catalog(plugin.game), &ctx, |view| {
        // XSCL stands after XLRL, which is declared after it.
        let scale = view.get("scale").unwrap();
        assert!(matches!(scale.value(), FieldValue::F32(x) if x == 1.41));
        let sigs: Vec<String> = view
            .members()
            .map(|m| match m.kind() {
                ItemKind::Sub(sv) => sv.sub.sig.to_string(),
                other => panic!("{other:?}"),
            })
            .collect();
        assert_eq!(sigs, ["NAME", "XLRL", "XSCL", "DATA"]);
        assert_eq!(view.coverage().raw, 0);
    })
    .unwrap();
}
