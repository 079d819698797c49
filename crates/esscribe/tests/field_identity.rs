//! Every decoded field of real records, set to its own value through the
//! library, encodes back to the very bytes; every form ID field gives its
//! form ID.

mod common;

use esscribe::json::form_ctx;
use esscribe::schema::types::Ty;
use esscribe::schema::Fields;
use esscribe::{FormId, Plugin};
use serde_json::Value;
use std::collections::HashMap;

/// Records of each type looked at per plugin.
const PER_TYPE: usize = 3;
/// List items looked at per list.
const PER_LIST: usize = 3;

/// The paths of a decoded record's values, each container before what it
/// holds: every key, and the first items of each list. What is kept as
/// bytes (`!SIG`, `_hex`, `_rest`) is left out: it is no field.
fn paths(prefix: &str, v: &Value, out: &mut Vec<String>) {
    let child = |key: &str| {
        if prefix.is_empty() {
            key.to_string()
        } else {
            format!("{prefix}.{key}")
        }
    };
    match v {
        Value::Object(m) => {
            for (k, v) in m.iter().filter(|(k, _)| !k.starts_with(['!', '_'])) {
                let path = child(k);
                out.push(path.clone());
                paths(&path, v, out);
            }
        }
        Value::Array(items) => {
            for (i, v) in items.iter().enumerate().take(PER_LIST) {
                let path = child(&i.to_string());
                out.push(path.clone());
                paths(&path, v, out);
            }
        }
        _ => {}
    }
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn every_field_set_to_its_own_value_gives_the_very_bytes() {
    for path in common::plugins() {
        let name = common::name(&path);
        let bytes = std::fs::read(&path).unwrap();
        let plugin = Plugin::parse(&bytes).unwrap();
        let ctx = form_ctx(&plugin, &name);
        let catalog = esscribe::defs::catalog(plugin.game);
        let mut seen: HashMap<[u8; 4], usize> = HashMap::new();
        let mut set = 0;
        for record in std::iter::once(&plugin.header).chain(plugin.records()) {
            let n = seen.entry(record.header.sig.0).or_default();
            if *n == PER_TYPE {
                continue;
            }
            *n += 1;
            let Some(mut fields) = Fields::of(record, catalog, &ctx).unwrap() else {
                continue;
            };
            let data = record.data(plugin.game).unwrap().into_owned();
            let mut all = Vec::new();
            paths("", &Value::Object(fields.as_map().clone()), &mut all);
            let at = |p: &str| format!("{}: {} {p}", path.display(), record.describe());
            for p in &all {
                let field = fields.field(p).unwrap_or_else(|e| panic!("{}: {e}", at(p)));
                // Form IDs are shown as text; a layout chosen by another field may
                // hold a number here instead.
                let one_value = field.json().is_string();
                if let (Some(Ty::FormId | Ty::FormIdOf(_)), true) = (field.ty(), one_value) {
                    let raw = field
                        .raw()
                        .unwrap_or_else(|| panic!("{}: no number", at(p)));
                    assert_eq!(field.form_id(), Some(FormId(raw as u32)), "{}", at(p));
                }
                let own = field.json().clone();
                fields
                    .set(p, &own)
                    .unwrap_or_else(|e| panic!("{}: set to {own}: {e}", at(p)));
                set += 1;
            }
            if let Some(changed) = fields.changed_data() {
                assert!(
                    changed == &data[..],
                    "{}: {}: fields set to their own values give other bytes",
                    path.display(),
                    record.describe()
                );
            }
        }
        assert!(set > 0, "{}: no field set", path.display());
    }
}

/// A form ID field declared with the types it may point to gives its form
/// ID, as one declared without them does.
#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn form_id_fields_with_target_types_give_their_form_ids() {
    let plugin = Plugin::open(common::path("skyrim-plugins/Campfire.esm")).unwrap();
    let fields = plugin.get(FormId(0x02049D36)).unwrap().fields().unwrap();
    let keyword = fields.field("workbench_keyword").unwrap();
    assert!(matches!(keyword.ty(), Some(Ty::FormIdOf(_))));
    assert_eq!(keyword.form_id(), Some(FormId(0x00088105)));
    let created = fields.field("created_object").unwrap();
    assert_eq!(created.form_id(), Some(FormId(0x0002F2F4)));
    let item = fields.field("items.1.entry.item").unwrap();
    assert_eq!(item.form_id(), Some(FormId(0x0202E68E)));
}
