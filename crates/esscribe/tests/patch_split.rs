//! The merged patch past the masters one plugin may have: synthetic
//! Skyrim SE plugins, each master defining a leveled list that two
//! plugins add to, so that the patch needs every master.

use esscribe::loadorder::LoadOrder;
use esscribe::patch::{build_patch, PatchOptions, Tag, Tags, MAX_PATCH_MASTERS};

mod common;

use common::{push_subrecord as sub, skyrim_record as record};

fn group(label: &[u8; 4], children: &[u8]) -> Vec<u8> {
    let mut out = b"GRUP".to_vec();
    out.extend_from_slice(&((24 + children.len()) as u32).to_le_bytes());
    out.extend_from_slice(label);
    // Group type 0 (top), stamp, unknown.
    out.extend_from_slice(&[0; 12]);
    out.extend_from_slice(children);
    out
}

/// A light-flagged plugin (master-flagged too when `master`) with
/// `masters`, holding one leveled item list `form_id` whose entries name
/// the objects `references` of its first master (or of itself).
fn plugin(masters: &[&str], master: bool, form_id: u32, references: &[u32]) -> Vec<u8> {
    let mut header = Vec::new();
    let mut hedr = 1.71f32.to_le_bytes().to_vec();
    hedr.extend_from_slice(&2i32.to_le_bytes());
    hedr.extend_from_slice(&0x900u32.to_le_bytes());
    sub(&mut header, b"HEDR", &hedr);
    for m in masters {
        let mut name = m.as_bytes().to_vec();
        name.push(0);
        sub(&mut header, b"MAST", &name);
        sub(&mut header, b"DATA", &[0; 8]);
    }
    let flags = 0x200 | u32::from(master);
    let mut body = Vec::new();
    sub(&mut body, b"EDID", b"TestList\0");
    sub(&mut body, b"OBND", &[0; 12]);
    sub(&mut body, b"LVLD", &[0]);
    sub(&mut body, b"LVLF", &[1]);
    sub(&mut body, b"LLCT", &[references.len() as u8]);
    for (k, r) in references.iter().enumerate() {
        let mut lvlo = (k as u16 + 1).to_le_bytes().to_vec();
        lvlo.extend_from_slice(&[0, 0]);
        lvlo.extend_from_slice(&r.to_le_bytes());
        lvlo.extend_from_slice(&1u16.to_le_bytes());
        lvlo.extend_from_slice(&[0, 0]);
        sub(&mut body, b"LVLO", &lvlo);
    }
    let mut out = record(b"TES4", flags, 0, &header);
    out.extend(group(b"LVLI", &record(b"LVLI", 0, form_id, &body)));
    out
}

#[test]
fn a_patch_needing_more_masters_than_a_plugin_may_have_is_split() {
    const LISTS: usize = 300;
    let mut sources: Vec<(String, Vec<u8>)> = Vec::new();
    for k in 0..LISTS {
        let master = format!("M{k:03}.esm");
        // The master's list names its objects 801 and 802; two plugins
        // each add one more of its objects.
        sources.push((master.clone(), plugin(&[], true, 0x800, &[0x801, 0x802])));
        sources.push((
            format!("A{k:03}.esp"),
            plugin(&[&master], false, 0x800, &[0x801, 0x802, 0x803]),
        ));
        sources.push((
            format!("B{k:03}.esp"),
            plugin(&[&master], false, 0x800, &[0x801, 0x802, 0x804]),
        ));
    }
    let order = LoadOrder::from_bytes(
        sources.iter().map(|(n, b)| (n.clone(), &b[..])).collect(),
        Vec::new(),
    );
    assert_eq!(order.len(), 3 * LISTS, "{:?}", order.problems().first());
    let mut options = PatchOptions::new("Bashed Patch, 0.esp");
    // Tags change nothing here: only additions are merged.
    let mut tags = Tags::new();
    tags.add("A000.esp", Tag::Relev);
    options.tags = tags;
    let patch = build_patch(&order, &options).unwrap();
    assert!(
        patch.report.left_out.is_empty(),
        "{:?}",
        patch.report.left_out
    );
    assert_eq!(patch.report.records.len(), LISTS);
    let names: Vec<&str> = patch.files.iter().map(|f| f.name.as_str()).collect();
    assert_eq!(names, ["Bashed Patch, 0.esp", "Bashed Patch, 1.esp"]);
    let sizes: Vec<(usize, usize)> = patch
        .files
        .iter()
        .map(|f| (f.masters.len(), f.records))
        .collect();
    assert_eq!(
        sizes,
        [
            (MAX_PATCH_MASTERS, MAX_PATCH_MASTERS),
            (LISTS - MAX_PATCH_MASTERS, LISTS - MAX_PATCH_MASTERS)
        ]
    );
    assert_eq!(patch.files[0].masters[0], "M000.esm");
    assert_eq!(
        patch.files[1].masters[0],
        format!("M{MAX_PATCH_MASTERS:03}.esm")
    );
    for f in &patch.files {
        assert!(
            f.light,
            "{}: only overrides, so it fits a light plugin",
            f.name
        );
        let plugin = esscribe::Plugin::parse(&f.bytes).unwrap();
        assert_eq!(plugin.masters().unwrap(), f.masters);
        for r in plugin.records() {
            // Each list: its master's two entries and both additions,
            // numbered by the patch's masters.
            let top = r.header.form_id.master_index() as u32;
            let mut refs = Vec::new();
            r.for_each_subrecord(plugin.game, |s| {
                if s.sig.0 == *b"LVLO" {
                    refs.push(u32::from_le_bytes(s.data[4..8].try_into().unwrap()));
                }
            })
            .unwrap();
            let own = |o: u32| (top << 24) | o;
            assert_eq!(refs, [own(0x801), own(0x802), own(0x803), own(0x804)]);
        }
    }
}

#[test]
fn a_version_that_does_not_read_by_its_declaration_is_named_and_left_out() {
    let master = plugin(&[], true, 0x800, &[0x801]);
    let added = plugin(&["M.esm"], false, 0x800, &[0x801, 0x802]);
    // The same list with a subrecord no declaration knows, at its end.
    let mut odd = plugin(&["M.esm"], false, 0x800, &[0x801, 0x803]);
    let extra = b"ZZZZ\x02\x00\x01\x02";
    odd.extend_from_slice(extra);
    // Grow the group's and the record's sizes by the subrecord's length.
    let header_len = 24 + u32::from_le_bytes(odd[4..8].try_into().unwrap()) as usize;
    let group_size = u32::from_le_bytes(odd[header_len + 4..header_len + 8].try_into().unwrap());
    odd[header_len + 4..header_len + 8]
        .copy_from_slice(&(group_size + extra.len() as u32).to_le_bytes());
    let record_at = header_len + 24;
    let record_size = u32::from_le_bytes(odd[record_at + 4..record_at + 8].try_into().unwrap());
    odd[record_at + 4..record_at + 8]
        .copy_from_slice(&(record_size + extra.len() as u32).to_le_bytes());
    let order = LoadOrder::from_bytes(
        vec![
            ("M.esm".into(), &master[..]),
            ("A.esp".into(), &added[..]),
            ("Odd.esp".into(), &odd[..]),
        ],
        Vec::new(),
    );
    assert!(order.problems().is_empty(), "{:?}", order.problems());
    let patch = build_patch(&order, &PatchOptions::new("Bashed Patch, 0.esp")).unwrap();
    assert!(patch.files.is_empty());
    assert_eq!(patch.report.left_out.len(), 1);
    assert_eq!(
        patch.report.left_out[0],
        "TestList [LVLI:FE000800 M.esm]: LVLI 0x00000800 at 0x5C in Odd.esp: \
         does not read by its declaration: ZZZZ (2 bytes) is not expected here by the declaration"
    );
}
