//! Three-way merges of real plugins: changes on one side, the same record
//! changed in different fields, the same field changed (a conflict),
//! records added on both sides, and a record deleted on one side and
//! changed on the other.

mod common;

use esscribe::plugin::{Entry, Plugin};
use esscribe::schema::Fields;
use esscribe::tree::merge::{self, ConflictKind, Merged, Side};
use esscribe::FormId;
use serde_json::{json, Value};

const NAME: &str = "Campfire.esm";
const SIT: u32 = 0x02039578;
const MORTAR: u32 = 0x02038689;

fn with_plugin(bytes: &[u8], edit: impl FnOnce(&mut Plugin<'_>)) -> Vec<u8> {
    let mut p = Plugin::parse(bytes).unwrap();
    edit(&mut p);
    p.to_bytes().unwrap()
}

fn set(bytes: &[u8], id: u32, path: &str, value: Value) -> Vec<u8> {
    with_plugin(bytes, |p| {
        let ctx = esscribe::json::form_ctx(p, NAME);
        let catalog = esscribe::defs::catalog(p.game);
        let rec = p.find_record_mut(FormId(id)).unwrap();
        let mut f = Fields::of(rec, catalog, &ctx).unwrap().unwrap();
        f.set(path, value).unwrap();
        f.apply_to(rec).unwrap();
    })
}

fn get(bytes: &[u8], id: u32, path: &str) -> Value {
    let p = Plugin::parse(bytes).unwrap();
    let ctx = esscribe::json::form_ctx(&p, NAME);
    let f = Fields::of(
        p.find_record(FormId(id)).unwrap(),
        esscribe::defs::catalog(p.game),
        &ctx,
    )
    .unwrap()
    .unwrap();
    f.get(path).unwrap().clone()
}

fn add(bytes: &[u8], from: u32, id: u32, edid: &str) -> Vec<u8> {
    with_plugin(bytes, |p| {
        let ctx = esscribe::json::form_ctx(p, NAME);
        let catalog = esscribe::defs::catalog(p.game);
        let mut rec = p.find_record(FormId(from)).unwrap().clone().into_owned();
        rec.header.form_id = FormId(id);
        let mut f = Fields::of(&rec, catalog, &ctx).unwrap().unwrap();
        f.set("editor_id", edid).unwrap();
        f.apply_to(&mut rec).unwrap();
        let Some(Entry::Group(g)) = p
            .entries
            .iter_mut()
            .find(|e| matches!(e, Entry::Group(g) if g.header.label == rec.header.sig.0))
        else {
            panic!("no group for {}", rec.header.sig)
        };
        g.children.push(Entry::Record(rec));
    })
}

fn delete(bytes: &[u8], id: u32) -> Vec<u8> {
    with_plugin(bytes, |p| {
        for e in &mut p.entries {
            if let Entry::Group(g) = e {
                g.children
                    .retain(|c| !matches!(c, Entry::Record(r) if r.header.form_id == FormId(id)));
            }
        }
    })
}

fn merge3(base: &[u8], ours: &[u8], theirs: &[u8]) -> Merged {
    let (b, o, t) = (
        Plugin::parse(base).unwrap(),
        Plugin::parse(ours).unwrap(),
        Plugin::parse(theirs).unwrap(),
    );
    merge::merge(&Side::new(&b), &Side::new(&o), &Side::new(&t)).unwrap()
}

fn ids(bytes: &[u8]) -> Vec<u32> {
    Plugin::parse(bytes)
        .unwrap()
        .records()
        .map(|r| r.header.form_id.0)
        .collect()
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn changes_on_one_side_are_taken_whole() {
    let base = common::file("skyrim-plugins/Campfire.esm");
    let theirs = set(&base, SIT, "schedule.hour", json!(5));
    let m = merge3(&base, &base, &theirs);
    assert!(m.conflicts.is_empty());
    assert_eq!(m.taken_from_theirs, 1);
    assert!(m.plugin.to_bytes().unwrap() == theirs);
    // And the other way round, with a deletion on our side.
    let ours = delete(&base, MORTAR);
    let m = merge3(&base, &ours, &theirs);
    assert!(m.conflicts.is_empty());
    let merged = m.plugin.to_bytes().unwrap();
    assert!(merged == delete(&theirs, MORTAR));
    assert!(!ids(&merged).contains(&MORTAR));
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn one_record_changed_in_different_fields_merges_field_by_field() {
    let base = common::file("skyrim-plugins/Campfire.esm");
    let ours = set(&base, SIT, "schedule.hour", json!(5));
    let theirs = set(&base, SIT, "schedule.minute", json!(30));
    let m = merge3(&base, &ours, &theirs);
    assert!(m.conflicts.is_empty(), "{:?}", m.conflicts);
    assert_eq!(m.merged_fields, 1);
    let merged = m.plugin.to_bytes().unwrap();
    assert_eq!(get(&merged, SIT, "schedule.hour"), json!(5));
    assert_eq!(get(&merged, SIT, "schedule.minute"), json!(30));
    assert!(merged == set(&ours, SIT, "schedule.minute", json!(30)));
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn the_same_field_changed_differently_is_a_conflict_with_both_values() {
    let base = common::file("skyrim-plugins/Campfire.esm");
    let ours = set(&base, SIT, "schedule.hour", json!(5));
    let theirs = set(
        &set(&base, SIT, "schedule.hour", json!(7)),
        SIT,
        "schedule.minute",
        json!(30),
    );
    let m = merge3(&base, &ours, &theirs);
    assert_eq!(m.conflicts.len(), 1, "{:?}", m.conflicts);
    let c = &m.conflicts[0];
    assert_eq!(c.kind, ConflictKind::Field);
    assert_eq!(c.form_id, FormId(SIT));
    assert_eq!(c.path, "fields.schedule.hour");
    assert_eq!(
        (c.base.clone(), c.ours.clone(), c.theirs.clone()),
        (Some(json!("any")), Some(json!(5)), Some(json!(7)))
    );
    assert_eq!(
        c.to_string(),
        "PACK 0x02039578 \"_Camp_FollowerSitCampfire\": fields.schedule.hour changed on both sides: base \"any\", ours 5, theirs 7"
    );
    // The text for a person: what merged, and the two values marked.
    let text = String::from_utf8(merge::conflict_text(&m.sides[&FormId(SIT)])).unwrap();
    assert!(text.contains(
        "<<<<<<< ours\n      \"hour\": 5,\n=======\n      \"hour\": 7,\n>>>>>>> theirs\n      \"minute\": 30,\n"
    ));
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn records_added_on_both_sides_are_all_kept_and_the_header_counts_them() {
    let base = common::file("skyrim-plugins/Campfire.esm");
    let ours = add(&base, SIT, 0x0207CECA, "_Camp_OursPackage");
    let theirs = add(&base, SIT, 0x0207CECB, "_Camp_TheirsPackage");
    let m = merge3(&base, &ours, &theirs);
    assert!(m.conflicts.is_empty(), "{:?}", m.conflicts);
    let merged = m.plugin.to_bytes().unwrap();
    let all = ids(&merged);
    assert!(all.contains(&0x0207CECA) && all.contains(&0x0207CECB));
    assert_eq!(all.len(), ids(&base).len() + 2);
    // Theirs comes after ours, at the end of the PACK group, as both had it.
    let at = |id| all.iter().position(|x| *x == id).unwrap();
    assert_eq!(at(0x0207CECB), at(0x0207CECA) + 1);
    let count = |b: &[u8]| Plugin::parse(b).unwrap().info().unwrap().record_count;
    assert_eq!(count(&merged), count(&base) + 2);
    assert!(merged == add(&ours, SIT, 0x0207CECB, "_Camp_TheirsPackage"));
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn the_same_form_id_added_on_both_sides_is_a_conflict_never_an_overwrite() {
    let base = common::file("skyrim-plugins/Campfire.esm");
    let ours = add(&base, SIT, 0x0207CECA, "_Camp_OursPackage");
    let theirs = add(&base, SIT, 0x0207CECA, "_Camp_TheirsPackage");
    let m = merge3(&base, &ours, &theirs);
    assert_eq!(m.conflicts.len(), 1);
    let c = &m.conflicts[0];
    assert_eq!(c.kind, ConflictKind::AddedTwice);
    assert_eq!(c.form_id, FormId(0x0207CECA));
    assert_eq!(c.base, None);
    assert_eq!(
        c.ours.as_ref().unwrap()["fields"]["editor_id"],
        json!("_Camp_OursPackage")
    );
    assert_eq!(
        c.theirs.as_ref().unwrap()["fields"]["editor_id"],
        json!("_Camp_TheirsPackage")
    );
    let text = String::from_utf8(merge::conflict_text(&m.sides[&FormId(0x0207CECA)])).unwrap();
    assert!(text.contains(
        "<<<<<<< ours\n    \"editor_id\": \"_Camp_OursPackage\",\n=======\n    \"editor_id\": \"_Camp_TheirsPackage\",\n>>>>>>> theirs\n"
    ));
    // The same record added on both sides is no conflict.
    let m = merge3(&base, &ours, &ours);
    assert!(m.conflicts.is_empty());
    assert!(m.plugin.to_bytes().unwrap() == ours);
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn a_record_deleted_on_one_side_and_changed_on_the_other_is_a_conflict() {
    let base = common::file("skyrim-plugins/Campfire.esm");
    let ours = delete(&base, SIT);
    let theirs = set(&base, SIT, "schedule.hour", json!(5));
    let m = merge3(&base, &ours, &theirs);
    assert_eq!(m.conflicts.len(), 1);
    assert_eq!(m.conflicts[0].kind, ConflictKind::DeletedAndChanged);
    assert_eq!(
        m.conflicts[0].to_string(),
        "PACK 0x02039578 \"_Camp_FollowerSitCampfire\": deleted on our side, changed on theirs"
    );
    // Kept, changed, in its place, for the conflict to show there.
    let merged = m.plugin.to_bytes().unwrap();
    assert_eq!(ids(&merged), ids(&base));
    let text = String::from_utf8(merge::conflict_text(&m.sides[&FormId(SIT)])).unwrap();
    assert!(
        text.starts_with("<<<<<<< ours (deleted)\n=======\n{\n"),
        "{text}"
    );
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn an_oblivion_plugin_merges_changes_to_cells_and_their_references() {
    let base = common::file("oblivion-plugins/OOArena.esp");
    let p = Plugin::parse(&base).unwrap();
    let refs: Vec<u32> = p
        .records()
        .filter(|r| &r.header.sig.0 == b"REFR")
        .map(|r| r.header.form_id.0)
        .take(2)
        .collect();
    let scale = |b: &[u8], id| {
        with_plugin(b, |p| {
            let rec = p.find_record_mut(FormId(id)).unwrap();
            // Flag bits of the record header: a change outside the fields.
            rec.header.flags ^= 0x0000_0400;
        })
    };
    let ours = scale(&base, refs[0]);
    let theirs = scale(&base, refs[1]);
    let m = merge3(&base, &ours, &theirs);
    assert!(m.conflicts.is_empty());
    let merged = m.plugin.to_bytes().unwrap();
    assert!(merged == scale(&ours, refs[1]));
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn sides_with_their_masters_reordered_merge_by_what_records_are() {
    let base = common::file("skyrim-plugins/Campfire.esm");
    let ours = set(&base, SIT, "schedule.hour", json!(5));
    // Theirs put Update.esm first: every Skyrim.esm form ID moved from 00
    // to 01, and they changed the minute.
    let theirs = with_plugin(&set(&base, SIT, "schedule.minute", json!(30)), |p| {
        p.set_name(NAME);
        let reversed = ["Update.esm".to_string(), "Skyrim.esm".to_string()];
        esscribe::masters::set_masters(p, &reversed, false).unwrap();
    });
    let parse = |bytes: &[u8]| {
        let mut p = Plugin::parse(bytes).unwrap().into_owned();
        p.set_name(NAME);
        p
    };
    let (mut b, mut o, mut t) = (parse(&base), parse(&ours), parse(&theirs));
    // Compared as they are, every record theirs holds with a Skyrim.esm
    // form ID in it differs from ours.
    let unaligned = merge::merge(&Side::new(&b), &Side::new(&o), &Side::new(&t)).unwrap();
    assert!(
        unaligned.taken_from_theirs > 100,
        "{}",
        unaligned.taken_from_theirs
    );
    let removed = merge::align_masters(&mut b, &mut o, &mut t).unwrap();
    assert!(removed.is_empty());
    let mut m = merge::merge(&Side::new(&b), &Side::new(&o), &Side::new(&t)).unwrap();
    merge::drop_removed_masters(&mut m.plugin, &removed).unwrap();
    assert!(m.conflicts.is_empty(), "{:?}", m.conflicts);
    assert_eq!(m.merged_fields, 1);
    assert_eq!(m.plugin.masters().unwrap(), ["Update.esm", "Skyrim.esm"]);
    let merged = m.plugin.to_bytes().unwrap();
    assert_eq!(get(&merged, SIT, "schedule.hour"), json!(5));
    assert_eq!(get(&merged, SIT, "schedule.minute"), json!(30));
    // Every other record is theirs as it is.
    let expected = with_plugin(&set(&theirs, SIT, "schedule.hour", json!(5)), |_| {});
    assert!(merged == expected);
}

/// A plugin giving `id` to a second record, a copy of the first, placed
/// after it.
fn duplicate(bytes: &[u8], id: u32) -> Vec<u8> {
    with_plugin(bytes, |p| {
        for e in &mut p.entries {
            if let Entry::Group(g) = e {
                let at = g
                    .children
                    .iter()
                    .position(|c| matches!(c, Entry::Record(r) if r.header.form_id == FormId(id)));
                if let Some(at) = at {
                    let copy = g.children[at].clone();
                    g.children.insert(at + 1, copy);
                    return;
                }
            }
        }
        panic!("no record {id:#010X} at the top of a group");
    })
}

/// Records are matched by form ID: where one form ID is given to two
/// records, their side's change to them cannot be placed, and is refused
/// rather than dropped; changes elsewhere merge as ever.
#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn records_sharing_a_form_id_merge_only_when_their_side_left_them_alone() {
    let base = duplicate(&common::file("skyrim-plugins/Campfire.esm"), SIT);
    assert_eq!(ids(&base).iter().filter(|&&id| id == SIT).count(), 2);
    let ours = set(&base, SIT, "schedule.hour", json!(5));
    let theirs = delete(&base, MORTAR);
    let m = merge3(&base, &ours, &theirs);
    assert!(m.conflicts.is_empty());
    assert!(m.plugin.to_bytes().unwrap() == delete(&ours, MORTAR));
    // The same change on both sides.
    let m = merge3(&base, &ours, &ours);
    assert!(m.plugin.to_bytes().unwrap() == ours);

    let (b, o, t) = (
        Plugin::parse(&base).unwrap(),
        Plugin::parse(&theirs).unwrap(),
        Plugin::parse(&ours).unwrap(),
    );
    let e = merge::merge(&Side::new(&b), &Side::new(&o), &Side::new(&t))
        .map(|_| ())
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("form ID 0x02039578 is the form ID of more than one record, and their side changed them"),
        "{e}"
    );
}
