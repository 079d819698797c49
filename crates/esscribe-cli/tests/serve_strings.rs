//! The workbench shows a localized plugin's text from the string tables
//! beside it, as the other commands do.

#[path = "../../esscribe/tests/common/mod.rs"]
mod common;
mod serve_support;

use esscribe::json::{plugin_from_json, plugin_to_json};
use esscribe::plugin::strings::{build_table, StringKind};
use esscribe::Plugin;
use serde_json::{json, Value};
use serve_support::Server;

const NAME: &str = "CampfireTutorial_Chair.esp";

/// The corpus plugin made localized, its MISC named by string 4660 and
/// its FURN by string 77; and the MISC's form ID.
fn localized_plugin() -> (Vec<u8>, String) {
    let data = common::file(&format!("skyrim-plugins/{NAME}"));
    let plugin = Plugin::parse(&data).unwrap();
    let mut doc = plugin_to_json(&plugin, NAME).unwrap();
    doc["header"]["flags"] = Value::from("0x00000080");
    let mut misc = String::new();
    for (sig, string) in [("MISC", 4660), ("FURN", 77)] {
        let group = doc["entries"]
            .as_array_mut()
            .unwrap()
            .iter_mut()
            .find(|g| g["label"] == sig)
            .unwrap();
        let record = &mut group["entries"][0];
        record["fields"]["name"] = json!({ "string_id": string });
        if sig == "MISC" {
            misc = record["form_id"].as_str().unwrap()[2..10].to_string();
        }
    }
    let bytes = plugin_from_json(&doc).unwrap().to_bytes().unwrap();
    (bytes, misc)
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn a_localized_plugin_shows_its_text_from_the_tables_beside_it() {
    let (bytes, id) = localized_plugin();
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("Data");
    std::fs::create_dir_all(data.join("Strings")).unwrap();
    let plugin = data.join(NAME);
    std::fs::write(&plugin, bytes).unwrap();
    let record = format!("/api/record/{NAME}/{id}");

    // Without the tables: the string's number alone.
    let server = Server::start(&[&plugin]);
    let (status, body) = server.get(&record);
    let body = String::from_utf8_lossy(&body).into_owned();
    assert_eq!(status, 200, "{body}");
    assert!(
        body.contains("4660") && !body.contains("Iron Sword"),
        "{body}"
    );
    drop(server);

    for (kind, entries) in [
        (StringKind::Strings, &[(4660, &b"Iron Sword"[..])][..]),
        (StringKind::DlStrings, &[(77, &b"Chaise l\xe0"[..])][..]),
        (StringKind::IlStrings, &[]),
    ] {
        let file = format!("CampfireTutorial_Chair_English.{}", kind.extension());
        std::fs::write(data.join("Strings").join(file), build_table(kind, entries)).unwrap();
    }
    let server = Server::start(&[&plugin]);
    let (status, body) = server.get(&record);
    assert_eq!(status, 200, "{}", String::from_utf8_lossy(&body));
    let shown: Value = serde_json::from_slice(&body).unwrap();
    assert_eq!(
        shown["record"]["fields"]["name"],
        json!({"string_id": 4660, "text": "Iron Sword"})
    );
    let described = shown["described"].as_str().unwrap();
    assert!(described.contains("\"Iron Sword\""), "{described}");
}
