//! The compact comparison of versions read from their typed view against
//! the JSON comparison it stands in for, on every load order of the real
//! corpus: each folder of plugins, its files grouped by game.

use super::*;
use crate::loadorder::PluginFiles;
use std::path::{Path, PathBuf};

/// The corpus folder (`ESSCRIBE_CORPUS`, or `../shared/corpus` beside the
/// project).
fn corpus_dir() -> PathBuf {
    match std::env::var_os("ESSCRIBE_CORPUS") {
        Some(dir) => PathBuf::from(dir),
        None => Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/corpus"),
    }
}

/// Every folder under `root` holding plugins, with its plugins grouped by
/// the game their headers say.
fn load_orders(root: &Path) -> Vec<(PathBuf, Vec<PathBuf>)> {
    let mut out = Vec::new();
    let mut stack = vec![root.to_path_buf()];
    while let Some(dir) = stack.pop() {
        let mut by_game: Vec<(crate::plugin::Game, Vec<PathBuf>)> = Vec::new();
        let mut entries: Vec<PathBuf> = std::fs::read_dir(&dir)
            .expect("read a corpus folder")
            .map(|e| e.expect("a folder entry").path())
            .collect();
        entries.sort();
        for p in entries {
            if p.is_dir() {
                stack.push(p);
                continue;
            }
            let plugin = p
                .extension()
                .and_then(|e| e.to_str())
                .is_some_and(|e| ["esm", "esp", "esl"].contains(&e.to_ascii_lowercase().as_str()));
            if !plugin {
                continue;
            }
            let bytes = std::fs::read(&p).expect("read a plugin");
            let Ok(game) = crate::plugin::detect_game(&bytes) else {
                continue;
            };
            match by_game.iter_mut().find(|(g, _)| *g == game) {
                Some((_, files)) => files.push(p),
                None => by_game.push((game, vec![p])),
            }
        }
        out.extend(by_game.into_iter().map(|(_, files)| (dir.clone(), files)));
    }
    out
}

/// How many versions of the load order the typed view read, and how many
/// took the JSON path; asserts that the two ways agree on every pair of
/// versions of every overridden record.
fn check_load_order(files: &[PathBuf]) -> (usize, usize) {
    let opened = PluginFiles::open(files);
    let order = LoadOrder::from_files(&opened);
    let (mut typed, mut json) = (0, 0);
    for id in order.overridden() {
        let chain = order.chain(id);
        let read: Vec<(Content, Value)> = chain
            .iter()
            .map(|f| {
                (
                    Content::quick(&order, f.plugin, f.record),
                    quick_comparable(&order, f.plugin, f.record),
                )
            })
            .collect();
        for (f, (content, value)) in chain.iter().zip(&read) {
            match &content.typed {
                Some(t) => {
                    typed += 1;
                    // The JSON way makes global any text that reads as a
                    // form ID the record holds; the typed way only form IDs.
                    let mut shown = t.to_json(&order, 0);
                    let ctx = order.plugin(f.plugin).form_ctx();
                    let catalog = crate::defs::catalog(order.game());
                    let forms = crate::schema::with_view(f.record, catalog, ctx, |v| {
                        comparable::held_form_ids(v)
                    });
                    let forms = forms.unwrap().unwrap();
                    order.globalize_forms(f.plugin, &mut shown, &forms);
                    assert_eq!(&shown, value, "{}", order.show_id(id));
                }
                None => json += 1,
            }
        }
        for (a, (ca, va)) in read.iter().enumerate() {
            for (cb, vb) in &read[a + 1..] {
                let paths: Vec<String> = diff_values(va, vb).into_iter().map(|c| c.path).collect();
                let what = format!("{} {paths:?}", order.show_id(id));
                assert_eq!(changed_paths(&order, ca, cb), paths, "{what}");
                for path in &paths {
                    let (x, y) = (at_path(va, path), at_path(vb, path));
                    assert_eq!(same_at(&order, Some(ca), Some(cb), path), x == y, "{what}");
                    let json_at = |v: Option<&Value>| v.cloned().unwrap_or(Value::Null);
                    assert_eq!(value_at(&order, Some(ca), path), json_at(x), "{what}");
                    assert_eq!(value_at(&order, Some(cb), path), json_at(y), "{what}");
                }
            }
        }
    }
    (typed, json)
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn typed_comparison_agrees_with_json_on_real_load_orders() {
    let root = corpus_dir();
    let orders = load_orders(&root);
    assert!(!orders.is_empty(), "no plugins under {}", root.display());
    for (dir, files) in orders {
        let (typed, json) = check_load_order(&files);
        eprintln!("{}: {typed} versions typed, {json} by JSON", dir.display());
        // The real load order of Requiem's patches is read the typed way
        // nearly throughout.
        if dir.ends_with("skyrim-loadorders/requiem-se") {
            assert!(
                typed >= 9 * (typed + json) / 10,
                "{typed} typed, {json} JSON"
            );
        }
    }
}

/// Versions the typed view cannot read (an unexpected subrecord at their
/// end) are compared by their JSON form, with each other and with versions
/// read the typed way, and the two ways agree: the real load orders read
/// every version the typed way, so these comparisons are made here.
#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn versions_read_both_ways_agree_with_json() {
    use crate::plugin::{Plugin, Subrecord};
    use crate::Sig;
    let master = std::fs::read(corpus_dir().join("skyrim-plugins/Campfire.esm"))
        .expect("Campfire.esm in the corpus");
    let dir = std::env::temp_dir().join(format!("esscribe-mixed-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut files = vec![dir.join("Campfire.esm")];
    std::fs::write(&files[0], &master).unwrap();
    // Two plugins overriding every record of Campfire.esm: copies of it
    // that name it as their third master, where its own records' form IDs
    // point. Some overrides gain a subrecord no declaration expects, and
    // some change their first byte of data.
    for (k, name) in ["MixedA.esp", "MixedB.esp"].into_iter().enumerate() {
        let mut plugin = Plugin::parse(&master).unwrap();
        let game = plugin.game;
        let mut header = plugin.header.subrecords(game).unwrap();
        let last_master = header.iter().rposition(|s| s.sig.0 == *b"DATA").unwrap();
        header.insert(
            last_master + 1,
            Subrecord::new(Sig(*b"MAST"), b"Campfire.esm\0".to_vec()),
        );
        header.insert(last_master + 2, Subrecord::new(Sig(*b"DATA"), vec![0; 8]));
        plugin.header.set_subrecords(header);
        plugin.header.header.flags &= !1;
        let mut n = 0usize;
        plugin.for_each_record_mut(|record| {
            n += 1;
            if record.header.is_compressed() {
                return;
            }
            let mut subs = record.subrecords(game).unwrap();
            if n.is_multiple_of(2 + k) {
                subs.push(Subrecord::new(Sig(*b"ZZZZ"), vec![1, 2, 3]));
            } else if n % 5 == k {
                if let Some(byte) = subs.last_mut().and_then(|s| s.data.first_mut()) {
                    *byte = byte.wrapping_add(1);
                }
            }
            record.set_subrecords(subs);
        });
        let path = dir.join(name);
        std::fs::write(&path, plugin.to_bytes().unwrap()).unwrap();
        files.push(path);
    }
    let (typed, json) = check_load_order(&files);
    std::fs::remove_dir_all(&dir).unwrap();
    assert!(typed > 1000 && json > 1000, "{typed} typed, {json} by JSON");
}
