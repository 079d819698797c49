//! Declared records read as typed values (`schema::with_view`), on the real
//! plugins of the corpus: the same coverage and the same values as the
//! JSON form, and known fields read straight from the bytes.

mod common;

use esscribe::json::{form_ctx, record_to_json};
use esscribe::plugin::Plugin;
use esscribe::schema::{self, FieldValue, ItemKind, Occurs};
use serde_json::{Map, Value};

#[test]
fn typed_view_agrees_with_json_on_every_corpus_record() {
    let mut compared = 0;
    for path in common::plugins() {
        let data = std::fs::read(&path).unwrap();
        let plugin = Plugin::parse(&data).unwrap();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let ctx = form_ctx(&plugin, &name);
        for r in std::iter::once(&plugin.header).chain(plugin.records()) {
            let rj = record_to_json(r, plugin.game, &ctx).unwrap();
            let (coverage, warnings) = schema::record_coverage(r, plugin.game, &ctx).unwrap();
            let what = format!("{name}: {}", r.describe());
            assert_eq!(coverage, rj.coverage, "{what}");
            if schema::find(plugin.game, r.header.sig).is_some() {
                assert_eq!(warnings, rj.warnings, "{what}");
            }
            schema::with_view(r, plugin.game, &ctx, |view| {
                let fields = &rj.value["fields"];
                for item in view.members() {
                    let ItemKind::Sub(sv) = item.kind() else {
                        continue;
                    };
                    // Members that repeat are lists in JSON; compare the
                    // ones shown under their own name.
                    let (Some(value), Some(shown)) = (item.value(), fields.get(sv.def.name)) else {
                        continue;
                    };
                    if sv.def.occurs == Occurs::Repeating {
                        continue;
                    }
                    let mut typed = value.to_json(&ctx, fields.as_object().unwrap());
                    if let (Some(t), Some(s)) = (typed.as_object_mut(), shown.as_object()) {
                        // Only JSON needs to say which size was stored.
                        if !s.contains_key("_size") {
                            t.remove("_size");
                        }
                    }
                    assert_eq!(&typed, shown, "{what}: {}", sv.def.name);
                    compared += 1;
                }
            })
            .unwrap();
        }
    }
    if common::corpus_dir().is_some() {
        assert!(compared > 9_000, "only {compared} values compared");
    }
}

/// The value of a top-level member of a record, by editor ID.
fn with_record<R>(
    file: &str,
    sig: &[u8; 4],
    editor_id: &str,
    f: impl FnOnce(&schema::RecordView<'_>, &schema::FormCtx) -> R,
) -> Option<R> {
    let data = common::file(file)?;
    let plugin = Plugin::parse(&data).unwrap();
    let ctx = form_ctx(&plugin, file.rsplit('/').next().unwrap());
    let mut f = Some(f);
    let mut out = None;
    for r in plugin.records().filter(|r| r.header.sig.0 == *sig) {
        schema::with_view(r, plugin.game, &ctx, |view| {
            let edid = view.get("editor_id").and_then(|v| v.text());
            if edid.as_deref() == Some(editor_id) {
                out = f.take().map(|f| f(view, &ctx));
            }
        })
        .unwrap();
    }
    Some(out.unwrap_or_else(|| panic!("no {editor_id} in {file}")))
}

#[test]
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
fn members_out_of_declared_order_read_typed() {
    let rel = "skyrim-plugins/DawnOfTheSilverHand.esp";
    let Some(data) = common::file(rel) else {
        return;
    };
    let plugin = Plugin::parse(&data).unwrap();
    let ctx = form_ctx(&plugin, "DawnOfTheSilverHand.esp");
    let refr = plugin.find_record(esscribe::FormId(0x0010_C7CF)).unwrap();
    schema::with_view(refr, plugin.game, &ctx, |view| {
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
