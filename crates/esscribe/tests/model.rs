//! The library's front door on real plugins: records found by form ID and
//! editor ID, fields read as stored and as shown, changes that touch only
//! the bytes of the field changed, and errors that say what and where.

mod common;

use esscribe::io::ErrorKind;
use esscribe::{FormId, Plugin, RecordAt, Sig};

/// Where each PACK's schedule hour byte is in the file, for the plugin's
/// uncompressed PACK records with a schedule (the hour is the fourth byte
/// of PSDT in both games).
fn hour_offsets(data: &[u8]) -> Vec<(FormId, usize, i8)> {
    let plugin = Plugin::parse(data).unwrap();
    let mut out = Vec::new();
    for r in plugin.records().filter(|r| r.header.sig.0 == *b"PACK") {
        assert!(
            !r.header.is_compressed(),
            "{} is compressed: offsets need the inflated data",
            r.describe()
        );
        r.for_each_subrecord(plugin.game, |s| {
            if s.sig.0 == *b"PSDT" {
                let at = s.offset as usize + 6 + 3;
                out.push((r.header.form_id, at, data[at] as i8));
            }
        })
        .unwrap();
    }
    out
}

/// Packages with a schedule in some corpus plugins, as counted by hand.
const KNOWN: [(&str, usize); 4] = [
    ("Campfire.esm", 14),
    ("UndeadTrinity_PACKonly.esp", 7),
    ("OblivionOnline.esp", 12),
    ("OOArena.esp", 3),
];

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn setting_every_schedule_hour_to_itself_changes_no_byte() {
    let mut known = std::collections::BTreeSet::new();
    for path in common::plugins() {
        let name = common::name(&path);
        let data = std::fs::read(&path).unwrap();
        let hours = hour_offsets(&data);
        if let Some((_, n)) = KNOWN.iter().find(|(k, _)| *k == name) {
            assert_eq!(hours.len(), *n, "{name}: packages with a schedule");
            known.insert(name.clone());
        }
        let mut plugin = Plugin::parse(&data).unwrap();
        for &(id, _, hour) in &hours {
            let mut fields = plugin.record(id).unwrap().fields().unwrap();
            assert_eq!(fields.int("schedule.hour").unwrap(), hour as i64);
            fields.set("schedule.hour", hour).unwrap();
        }
        assert!(plugin.to_bytes().unwrap() == data, "{name} changed");
    }
    // A copy of a known plugin elsewhere in the corpus is checked again,
    // and counted once.
    assert_eq!(known.len(), KNOWN.len());
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn changing_every_schedule_hour_changes_exactly_those_bytes() {
    for path in common::plugins() {
        let name = common::name(&path);
        let data = std::fs::read(&path).unwrap();
        let hours = hour_offsets(&data);
        let mut plugin = Plugin::parse(&data).unwrap();
        let mut expected = Vec::new();
        for &(id, at, hour) in &hours {
            let new = if hour == 5 { 6 } else { 5 };
            plugin
                .record(id)
                .unwrap()
                .fields()
                .unwrap()
                .set("schedule.hour", new)
                .unwrap();
            expected.push((at, new as u8));
        }
        let bytes = plugin.to_bytes().unwrap();
        assert_eq!(bytes.len(), data.len(), "{name}");
        let changed: Vec<(usize, u8)> = (0..data.len())
            .filter(|&i| data[i] != bytes[i])
            .map(|i| (i, bytes[i]))
            .collect();
        expected.retain(|&(at, new)| data[at] != new);
        assert_eq!(changed, expected, "{name}");
    }
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn a_field_reads_as_stored_and_as_shown() {
    let mut plugin = Plugin::open(common::path("skyrim-plugins/Campfire.esm")).unwrap();
    assert_eq!(plugin.name(), "Campfire.esm");
    // Found by editor ID in any case, and by form ID given as text.
    let by_name = plugin.get("_camp_followersitcampfire").unwrap();
    assert_eq!(by_name.form_id(), FormId(0x02039578));
    assert_eq!(by_name.sig(), Sig(*b"PACK"));
    assert_eq!(by_name.masters(), ["Skyrim.esm", "Update.esm"]);
    assert_eq!(by_name.owner_of(FormId(0x02039578)), "Campfire.esm");
    let fields = plugin.get("0x02039578").unwrap().fields().unwrap();
    let hour = fields.field("schedule.hour").unwrap();
    assert_eq!((hour.raw(), hour.name()), (Some(-1), Some("any")));
    assert_eq!(fields.int("data_inputs.0.value.radius").unwrap(), 1500);

    let mut record = plugin
        .record("_Camp_FollowerSitCampfire")
        .unwrap()
        .fields()
        .unwrap();
    record.set("schedule.hour", 22).unwrap();
    let hour = record.field("schedule.hour").unwrap();
    assert_eq!((hour.raw(), hour.name()), (Some(22), None));
    // A name is as good as its number.
    record.set("schedule.hour", "any").unwrap();
    assert_eq!(record.int("schedule.hour").unwrap(), -1);
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn errors_say_what_and_where_as_values() {
    let mut plugin = Plugin::open(common::path("skyrim-plugins/Campfire.esm")).unwrap();
    let pack = RecordAt {
        sig: Sig(*b"PACK"),
        form_id: FormId(0x02039578),
    };

    let e = plugin.get(FormId(0x0200FFFF)).unwrap_err();
    assert_eq!(e.kind, ErrorKind::NotFound);
    let e = plugin.get("NoSuchEditorId").unwrap_err();
    assert_eq!(e.kind, ErrorKind::NotFound);

    let mut fields = plugin.record(pack.form_id).unwrap().fields().unwrap();
    let e = fields.set("schedule.hour", "noon").unwrap_err();
    assert_eq!(e.kind, ErrorKind::Value);
    assert_eq!(e.field.as_deref(), Some("schedule.hour"));
    assert_eq!(e.record, Some(pack));
    // Refused, and nothing changed.
    assert_eq!(fields.int("schedule.hour").unwrap(), -1);

    let e = fields.set("schedule.hour", 200).unwrap_err();
    assert_eq!(
        (e.kind, e.field.as_deref()),
        (ErrorKind::Value, Some("schedule.hour"))
    );

    let e = fields.set("schedule.minutes", 5).unwrap_err();
    assert_eq!(e.kind, ErrorKind::NotFound);
    assert_eq!(e.field.as_deref(), Some("schedule.minutes"));
    assert_eq!(e.record, Some(pack));

    let e = fields.fields().get_as::<u8>("editor_id").unwrap_err();
    assert_eq!(
        (e.kind, e.field.as_deref()),
        (ErrorKind::Value, Some("editor_id"))
    );

    let e = Plugin::open("/nonexistent/Campfire.esm").unwrap_err();
    assert_eq!(e.kind, ErrorKind::Io);
    let source = std::error::Error::source(&e).expect("the operating system's error");
    assert!(source.downcast_ref::<std::io::Error>().is_some());
}

/// Runs an example on a copy of `original` named `file`, alone in a
/// folder: the plugin after it ran. The example must succeed, and keep the
/// original as its backup.
fn run_example(example: &str, file: &str, original: &[u8], args: &[&str]) -> Vec<u8> {
    let dir = std::env::temp_dir().join(format!("esscribe-{example}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let target = dir.join(file);
    std::fs::write(&target, original).unwrap();
    let out = std::process::Command::new(common::example(example))
        .arg(&target)
        .args(args)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let written = std::fs::read(&target).unwrap();
    let backup = std::fs::read(dir.join(format!("{file}.bak"))).unwrap();
    assert!(backup == original, "the backup is not the original");
    std::fs::remove_dir_all(&dir).unwrap();
    written
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn the_package_schedule_example_changes_one_byte() {
    let original = common::file("skyrim-plugins/Campfire.esm");
    let written = run_example(
        "package_schedule",
        "Campfire.esm",
        &original,
        &["_Camp_FollowerSitCampfire", "21"],
    );
    let changed: Vec<usize> = (0..original.len())
        .filter(|&i| original[i] != written[i])
        .collect();
    assert_eq!(changed.len(), 1);
    assert_eq!(written[changed[0]], 21);
    let again = Plugin::parse(&written).unwrap();
    let record = again
        .find_by_editor_id("_Camp_FollowerSitCampfire")
        .unwrap();
    let catalog = esscribe::defs::catalog(again.game);
    let fields = esscribe::schema::Fields::of(record, catalog, &again.form_ctx())
        .unwrap()
        .unwrap();
    assert_eq!(fields.int("schedule.hour").unwrap(), 21);
}

/// The committed sample plugin, which every checkout has.
fn sample() -> Plugin<'static> {
    Plugin::open(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../samples/sample-skyrim.esp"
    ))
    .unwrap()
}

#[test]
fn the_index_follows_a_form_id_changed_through_the_record() {
    let mut plugin = sample();
    let lantern = FormId(0x01000802);
    assert_eq!(plugin.get("samplebrasslantern").unwrap().form_id(), lantern);
    plugin.record(lantern).unwrap().raw_mut().header.form_id = FormId(0x01000900);
    assert_eq!(
        plugin.get(lantern).unwrap_err().kind,
        ErrorKind::NotFound,
        "the old form ID names nothing"
    );
    assert_eq!(
        plugin.get("SampleBrassLantern").unwrap().form_id(),
        FormId(0x01000900)
    );
    // Entries changed behind the index's back are found after `reindex`.
    let copy = plugin.find_record(FormId(0x01000900)).unwrap().clone();
    let mut copy = copy;
    copy.header.form_id = FormId(0x01000901);
    plugin.entries.push(esscribe::plugin::Entry::Record(copy));
    plugin.reindex();
    assert_eq!(plugin.get(FormId(0x01000901)).unwrap().sig(), Sig(*b"MISC"));
}

#[test]
fn a_sample_package_changes_by_name_and_by_number() {
    let mut plugin = sample();
    let before = plugin.to_bytes().unwrap();
    let mut package = plugin
        .record("SampleLightLanternsAtDusk")
        .unwrap()
        .fields()
        .unwrap();
    package
        .set("schedule.minute", 30)
        .unwrap()
        .set("schedule.minute", "any")
        .unwrap();
    assert_eq!(
        plugin.to_bytes().unwrap(),
        before,
        "set back to what it was"
    );
    let mut package = plugin.record(FormId(0x01000803)).unwrap().fields().unwrap();
    let refused = package.set("general.type", "no_such_type").unwrap_err();
    assert_eq!(refused.field.as_deref(), Some("general.type"));
    package.set("schedule.hour", 7).unwrap();
    let after = plugin.to_bytes().unwrap();
    let changed: Vec<usize> = (0..before.len())
        .filter(|&i| before[i] != after[i])
        .collect();
    assert_eq!(changed.len(), 1);
    assert_eq!(after[changed[0]], 7);
}

/// The sample lantern's keyword list, as the file holds it: KSIZ's count,
/// then KWDA's form IDs.
fn lantern_keywords(bytes: &[u8]) -> (u32, Vec<u32>) {
    let plugin = Plugin::parse(bytes).unwrap();
    let lantern = plugin.find_record(FormId(0x01000802)).unwrap();
    let subs = lantern.subrecords(plugin.game).unwrap();
    let data = |sig: &[u8; 4]| subs.iter().find(|s| s.sig.0 == *sig).unwrap().data.clone();
    let count = u32::from_le_bytes(data(b"KSIZ")[..].try_into().unwrap());
    let ids = data(b"KWDA")
        .chunks(4)
        .map(|c| u32::from_le_bytes(c.try_into().unwrap()))
        .collect();
    (count, ids)
}

#[test]
fn a_keyword_added_and_taken_away_keeps_its_count_in_step() {
    let mut plugin = sample();
    let before = plugin.to_bytes().unwrap();
    assert_eq!(lantern_keywords(&before), (2, vec![0x01000800, 0x000914E9]));
    let mut lantern = plugin
        .record("SampleBrassLantern")
        .unwrap()
        .fields()
        .unwrap();
    lantern.push("keywords", "0x000914EE").unwrap();
    assert_eq!(lantern.int("keyword_count").unwrap(), 3);
    let grown = plugin.to_bytes().unwrap();
    assert_eq!(
        lantern_keywords(&grown),
        (3, vec![0x01000800, 0x000914E9, 0x000914EE])
    );
    // Four bytes more: the record's and its group's sizes, and KWDA's.
    assert_eq!(grown.len(), before.len() + 4);

    let mut lantern = plugin
        .record("SampleBrassLantern")
        .unwrap()
        .fields()
        .unwrap();
    assert!(!lantern.remove("keywords.3").unwrap(), "no fourth keyword");
    assert!(lantern.remove("keywords.2").unwrap());
    assert_eq!(plugin.to_bytes().unwrap(), before, "the very bytes again");

    let mut lantern = plugin
        .record("SampleBrassLantern")
        .unwrap()
        .fields()
        .unwrap();
    let e = lantern.push("name", "0x000914EE").unwrap_err();
    assert_eq!(
        (e.kind, e.field.as_deref()),
        (ErrorKind::Value, Some("name"))
    );
    let e = lantern.push("keywords", "Brass").unwrap_err();
    assert_eq!(e.kind, ErrorKind::Value);
    assert_eq!(
        plugin.to_bytes().unwrap(),
        before,
        "refused edits change nothing"
    );
}

/// A counted list removed whole takes its count with it, and a list new
/// to the record is given one: the record reads as the game expects.
#[test]
fn a_keyword_list_removed_and_given_again_takes_its_count_along() {
    let mut plugin = sample();
    let before = plugin.to_bytes().unwrap();
    let mut lantern = plugin
        .record("SampleBrassLantern")
        .unwrap()
        .fields()
        .unwrap();
    assert!(lantern.remove("keywords").unwrap());
    let keys: Vec<&String> = lantern.fields().as_map().keys().collect();
    assert_eq!(
        keys,
        ["editor_id", "object_bounds", "name", "model", "data"]
    );
    lantern
        .insert("keywords", ["0x01000800", "0x000914E9"])
        .unwrap();
    assert_eq!(lantern.int("keyword_count").unwrap(), 2);
    assert_eq!(plugin.to_bytes().unwrap(), before, "the very bytes again");
}

/// A count that did not hold its list's length is the file's to keep: an
/// edit does not make one up.
#[test]
fn a_count_out_of_step_is_left_as_it_was() {
    let mut plugin = sample();
    let mut lantern = plugin
        .record("SampleBrassLantern")
        .unwrap()
        .fields()
        .unwrap();
    lantern.set("keyword_count", 7).unwrap();
    lantern.push("keywords", "0x000914EE").unwrap();
    assert_eq!(lantern.int("keyword_count").unwrap(), 7);
}

#[test]
fn the_add_keyword_example_adds_one_keyword() {
    let original = sample().to_bytes().unwrap();
    let written = run_example(
        "add_keyword",
        "sample-skyrim.esp",
        &original,
        &["SampleBrassLantern", "0x000914EE"],
    );
    assert_eq!(
        lantern_keywords(&written),
        (3, vec![0x01000800, 0x000914E9, 0x000914EE])
    );
}
