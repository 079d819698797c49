//! The workbench shows a localized plugin's text from the string tables
//! beside it, as the other commands do.

#[path = "../../esscribe/tests/common/mod.rs"]
mod common;
mod serve_support;

use common::{localized_chair, localized_chair_tables, LOCALIZED_CHAIR};
use esscribe::Plugin;
use serde_json::{json, Value};
use serve_support::Server;

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn a_localized_plugin_shows_its_text_from_the_tables_beside_it() {
    let bytes = localized_chair();
    let misc = Plugin::parse(&bytes)
        .unwrap()
        .records()
        .find(|r| r.header.sig.0 == *b"MISC")
        .unwrap()
        .header
        .form_id;
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("Data");
    std::fs::create_dir_all(data.join("Strings")).unwrap();
    let plugin = data.join(LOCALIZED_CHAIR);
    std::fs::write(&plugin, bytes).unwrap();
    let record = format!("/api/record/{LOCALIZED_CHAIR}/{:08X}", misc.0);

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

    for (kind, table) in localized_chair_tables() {
        let file = format!("CampfireTutorial_Chair_English.{}", kind.extension());
        std::fs::write(data.join("Strings").join(file), table).unwrap();
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
