//! Localized plugins with their string tables: a corpus plugin made
//! localized, beside hand-built `.STRINGS`, `.DLSTRINGS` and `.ILSTRINGS`
//! files.

mod common;

use esscribe::json::{form_ctx, plugin_from_json, record_to_json};
use esscribe::plugin::strings::{StringKind, StringTables};
use esscribe::Plugin;
use serde_json::{json, Value};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use common::{json_records, localized_chair, LOCALIZED_CHAIR};

/// A fresh folder holding `Data/<plugin>` and, when `tables` says so,
/// `Data/Strings/` with the tables.
fn data_folder(test: &str, tables: &[(StringKind, Vec<u8>)]) -> PathBuf {
    let root = std::env::temp_dir().join(format!("esscribe-{test}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&root);
    let data = root.join("Data");
    std::fs::create_dir_all(&data).unwrap();
    std::fs::write(data.join(LOCALIZED_CHAIR), localized_chair()).unwrap();
    if !tables.is_empty() {
        // Names in another case than the plugin's, as on a copied install.
        let strings = data.join("strings");
        std::fs::create_dir_all(&strings).unwrap();
        for (kind, bytes) in tables {
            let file = format!("campfiretutorial_chair_ENGLISH.{}", kind.extension());
            std::fs::write(strings.join(file.to_lowercase()), bytes).unwrap();
        }
    }
    data.join(LOCALIZED_CHAIR)
}

fn fields_of(plugin: &Plugin<'_>, ctx: &esscribe::schema::FormCtx, sig: &[u8; 4]) -> Value {
    let r = plugin.records().find(|r| r.header.sig.0 == *sig).unwrap();
    let rj = record_to_json(r, plugin.game, ctx).unwrap();
    assert_eq!(rj.coverage.raw, 0, "{:?}", rj.warnings);
    rj.value["fields"].clone()
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn localized_text_shows_beside_its_id_and_builds_back_identical() {
    let path = data_folder("shows", &common::localized_chair_tables());
    let bytes = std::fs::read(&path).unwrap();
    let plugin = Plugin::parse(&bytes).unwrap();
    let tables = StringTables::load(&path, "English").unwrap();
    assert!(tables.warnings().is_empty(), "{:?}", tables.warnings());
    let mut ctx = form_ctx(&plugin, LOCALIZED_CHAIR);
    ctx.strings = Some(Arc::new(tables));

    let misc = fields_of(&plugin, &ctx, b"MISC");
    assert_eq!(
        misc["name"],
        json!({"string_id": 4660, "text": "Iron Sword"})
    );
    // Found in another table than the field's own.
    let furn = fields_of(&plugin, &ctx, b"FURN");
    assert_eq!(furn["name"], json!({"string_id": 77, "text": "Chaise là"}));

    // The typed view gives the text too.
    let r = plugin
        .records()
        .find(|r| r.header.sig.0 == *b"MISC")
        .unwrap();
    esscribe::schema::with_view(r, esscribe::defs::catalog(plugin.game), &ctx, |view| {
        let name = view.get("name").unwrap();
        assert_eq!(name.as_i64(), Some(4660));
        assert_eq!(name.localized_text(&ctx).unwrap(), "Iron Sword");
    })
    .unwrap();

    // JSON with the text builds back the same bytes; the text is not
    // written, even when edited.
    let mut out = Vec::new();
    esscribe::json::write_plugin_json_in(&plugin, &ctx, None, &mut out).unwrap();
    let mut doc: Value = serde_json::from_slice(&out).unwrap();
    assert_eq!(plugin_from_json(&doc).unwrap().to_bytes().unwrap(), bytes);
    let mut recs = Vec::new();
    json_records(&mut doc["entries"], "MISC", &mut recs);
    recs[0]["fields"]["name"]["text"] = Value::from("Steel Sword");
    assert_eq!(plugin_from_json(&doc).unwrap().to_bytes().unwrap(), bytes);
    let _ = std::fs::remove_dir_all(path.parent().unwrap().parent().unwrap());
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn missing_tables_are_warnings() {
    // No Strings folder at all.
    let path = data_folder("none", &[]);
    let tables = StringTables::load(&path, "english").unwrap();
    assert_eq!(tables.warnings().len(), 1);
    assert!(tables.warnings()[0].contains("no Strings folder"));

    // Only the STRINGS table: its text shows, the other two are warnings.
    let path = data_folder("some", &common::localized_chair_tables()[..1]);
    let tables = StringTables::load(&path, "english").unwrap();
    assert_eq!(tables.warnings().len(), 2, "{:?}", tables.warnings());
    assert!(tables.warnings()[0].contains("DLSTRINGS"));
    let bytes = std::fs::read(&path).unwrap();
    let plugin = Plugin::parse(&bytes).unwrap();
    let mut ctx = form_ctx(&plugin, LOCALIZED_CHAIR);
    ctx.strings = Some(Arc::new(tables));
    assert_eq!(
        fields_of(&plugin, &ctx, b"MISC")["name"]["text"],
        "Iron Sword"
    );
    assert_eq!(
        fields_of(&plugin, &ctx, b"FURN")["name"],
        json!({"string_id": 77})
    );

    // Another language: nothing found, three warnings.
    let tables = StringTables::load(&path, "french").unwrap();
    assert_eq!(tables.warnings().len(), 3);
    for p in [path, data_folder("none", &[])] {
        let _ = std::fs::remove_dir_all(p.parent().unwrap().parent().unwrap());
    }
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn damaged_table_is_an_error_naming_file_and_offset() {
    let mut tables = common::localized_chair_tables();
    // The DLSTRINGS entry's length runs past the file.
    let dl = &mut tables[1].1;
    let at = 8 + 8;
    dl[at..at + 4].copy_from_slice(&999u32.to_le_bytes());
    let path = data_folder("damaged", &tables);
    let e = StringTables::load(&path, "english").unwrap_err();
    let text = e.to_string();
    assert!(text.contains("at offset 0x10"), "{text}");
    assert!(
        text.to_lowercase()
            .contains("campfiretutorial_chair_english.dlstrings"),
        "{text}"
    );
    let _ = std::fs::remove_dir_all(Path::new(&path).parent().unwrap().parent().unwrap());
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn a_load_order_names_a_localized_plugins_records_by_their_text() {
    use esscribe::loadorder::{LoadOrder, PluginFiles};
    let path = data_folder("loadorder", &common::localized_chair_tables());
    let files = PluginFiles::open([&path]);
    let mut order = LoadOrder::from_files(&files);
    let misc = order
        .records_of(0)
        .find(|(_, r)| r.header.sig.0 == *b"MISC")
        .map(|(id, _)| id)
        .unwrap();
    // Without the tables, the editor ID alone.
    let bare = order.describe(misc);
    assert!(!bare.contains('"'), "{bare}");
    assert!(order.load_strings(&files, "english").is_empty());
    let named = order.describe(misc);
    assert_eq!(named, bare.replacen(" [", " \"Iron Sword\" [", 1));
    let _ = std::fs::remove_dir_all(path.parent().unwrap().parent().unwrap());
}
