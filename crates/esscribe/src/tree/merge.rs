//! Three-way merge of plugins, record by record and field by field.
//!
//! Records are matched by form ID. A record changed on one side only is
//! taken from that side; one changed on both sides is merged field by
//! field through its JSON form; the same field changed differently, a
//! record deleted on one side and changed on the other, and different
//! records added on both sides under the same form ID are conflicts.
//! Records that share a form ID in one plugin (a defect of some real
//! ones) merge only where their side left them alone. Unchanged records
//! keep their bytes (compressed payload included).

use crate::io::{Error, FormId, Result};
use crate::json;
use crate::plugin::{Entry, Game, Group, Plugin, Record};
use crate::schema::FormCtx;
use serde_json::{Map, Value};
use std::collections::{HashMap, HashSet};

/// One side of a merge: a plugin, and the form context its records are
/// compared in (that of the text tree, [`super::tree_ctx`]).
pub struct Side<'p, 'a> {
    /// The plugin.
    pub plugin: &'p Plugin<'a>,
    ctx: FormCtx,
}

impl<'p, 'a> Side<'p, 'a> {
    /// A plugin as one side of a merge.
    pub fn new(plugin: &'p Plugin<'a>) -> Self {
        Side {
            plugin,
            ctx: super::tree_ctx(plugin),
        }
    }
}

/// What kind of disagreement a conflict is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ConflictKind {
    /// The same field changed to different values on the two sides.
    Field,
    /// Deleted on one side, changed on the other.
    DeletedAndChanged,
    /// Added on both sides, differently, under the same form ID.
    AddedTwice,
}

/// A conflict: where, and the three values (`None` where a side lacks it).
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct Conflict {
    /// What kind of conflict.
    pub kind: ConflictKind,
    /// The record, for people: `NPC_ 0x01000ABC "Name"`.
    pub record: String,
    /// The record's form ID.
    pub form_id: FormId,
    /// The field's path in the record's JSON form (`fields.data.health`);
    /// empty for the whole record.
    pub path: String,
    /// The value in the common ancestor.
    pub base: Option<Value>,
    /// Our value.
    pub ours: Option<Value>,
    /// Their value.
    pub theirs: Option<Value>,
}

impl std::fmt::Display for Conflict {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let show = |v: &Option<Value>| match v {
            None => "(none)".to_string(),
            Some(v) => {
                let s = v.to_string();
                if s.chars().count() > 200 {
                    format!("{}…", s.chars().take(200).collect::<String>())
                } else {
                    s
                }
            }
        };
        match self.kind {
            ConflictKind::Field => write!(
                f,
                "{}: {} changed on both sides: base {}, ours {}, theirs {}",
                self.record,
                self.path,
                show(&self.base),
                show(&self.ours),
                show(&self.theirs)
            ),
            ConflictKind::DeletedAndChanged => write!(
                f,
                "{}: {} on our side, {} on theirs",
                self.record,
                if self.ours.is_none() {
                    "deleted"
                } else {
                    "changed"
                },
                if self.theirs.is_none() {
                    "deleted"
                } else {
                    "changed"
                },
            ),
            ConflictKind::AddedTwice => {
                write!(f, "{}: added on both sides, differently", self.record)
            }
        }
    }
}

/// A conflicted record's two versions, as JSON: each with every change
/// that merged, and its own side's values where the sides disagree
/// (`None`: deleted on that side).
#[derive(Debug, Clone)]
pub struct ConflictSides {
    /// Our version.
    pub ours: Option<Value>,
    /// Their version.
    pub theirs: Option<Value>,
}

/// The outcome of a merge.
#[derive(Debug)]
pub struct Merged {
    /// The merged plugin. Where the sides conflict it holds our values,
    /// and a record deleted on one side and changed on the other is kept
    /// as changed, so that the conflict can be shown in its place.
    pub plugin: Plugin<'static>,
    /// Every conflict, in the order of the records.
    pub conflicts: Vec<Conflict>,
    /// The two versions of each conflicted record.
    pub sides: HashMap<FormId, ConflictSides>,
    /// Records taken from their side (added or changed there only).
    pub taken_from_theirs: usize,
    /// Records merged field by field.
    pub merged_fields: usize,
}

fn record_bytes(r: &Record<'_>, game: Game) -> Result<Vec<u8>> {
    let mut out = Vec::new();
    r.write(&mut out, game)?;
    Ok(out)
}

/// Records are matched by form ID, so where a side gives one form ID to
/// more than one record (a defect some real plugins have), the merge
/// cannot tell which of them changed. Ours are kept when theirs are as in
/// the base or as ours; any other change of theirs to such records is
/// refused, never dropped.
fn refuse_changed_duplicates(
    base: &Plugin<'_>,
    ours: &Plugin<'_>,
    theirs: &Plugin<'_>,
) -> Result<()> {
    let mut twice: Vec<FormId> = [base, ours, theirs]
        .iter()
        .flat_map(|p| json::duplicate_form_ids(p))
        .collect();
    twice.sort_unstable();
    twice.dedup();
    for id in twice {
        let all = |p: &Plugin<'_>| -> Result<Vec<Vec<u8>>> {
            p.records()
                .filter(|r| r.header.form_id == id)
                .map(|r| record_bytes(r, p.game))
                .collect()
        };
        let (b, o, t) = (all(base)?, all(ours)?, all(theirs)?);
        if t != b && t != o {
            return Err(Error::json(format!(
                "form ID {id} is the form ID of more than one record, and their side changed \
                 them: a merge matches records by form ID, so these records must be merged \
                 by hand"
            )));
        }
    }
    Ok(())
}

/// Every record of a plugin by form ID (the first, where a form ID is
/// used twice).
fn index<'p, 'a>(p: &'p Plugin<'a>) -> HashMap<FormId, &'p Record<'a>> {
    let mut m = HashMap::new();
    for r in p.records() {
        m.entry(r.header.form_id).or_insert(r);
    }
    m
}

/// A record's JSON form without the stored compressed payload, which
/// tells nothing a merge can use and differs whenever the data does.
fn comparable_json(r: &Record<'_>, side: &Side<'_, '_>) -> Result<Value> {
    let mut v = json::record_to_json(r, side.plugin.game, &side.ctx)?.value;
    if let Some(m) = v.as_object_mut() {
        m.shift_remove("zlib_original");
    }
    Ok(v)
}

/// A field's conflict as found: its path, and the base's, our and their
/// values.
type FieldConflict = (String, Option<Value>, Option<Value>, Option<Value>);

#[derive(Clone, Copy, PartialEq)]
enum Prefer {
    Ours,
    Theirs,
}

/// Merges three versions of a value; where both sides changed it
/// differently, takes the preferred side and notes the conflict's path.
fn merge_value(
    base: Option<&Value>,
    ours: Option<&Value>,
    theirs: Option<&Value>,
    path: &str,
    prefer: Prefer,
    conflicts: &mut Vec<FieldConflict>,
) -> Option<Value> {
    if ours == theirs {
        return ours.cloned();
    }
    if base == ours {
        return theirs.cloned();
    }
    if base == theirs {
        return ours.cloned();
    }
    let join = |k: &str| {
        if path.is_empty() {
            k.to_string()
        } else {
            format!("{path}.{k}")
        }
    };
    match (base, ours, theirs) {
        (Some(Value::Object(b)), Some(Value::Object(o)), Some(Value::Object(t))) => {
            let mut out = Map::new();
            let keys = o
                .keys()
                .chain(t.keys().filter(|k| !o.contains_key(*k)))
                .cloned()
                .collect::<Vec<_>>();
            for k in keys {
                if let Some(v) = merge_value(
                    b.get(&k),
                    o.get(&k),
                    t.get(&k),
                    &join(&k),
                    prefer,
                    conflicts,
                ) {
                    out.insert(k, v);
                }
            }
            return Some(Value::Object(out));
        }
        (Some(Value::Array(b)), Some(Value::Array(o)), Some(Value::Array(t)))
            if b.len() == o.len() && o.len() == t.len() =>
        {
            let out = (0..o.len())
                .map(|i| {
                    merge_value(
                        b.get(i),
                        o.get(i),
                        t.get(i),
                        &join(&i.to_string()),
                        prefer,
                        conflicts,
                    )
                    .unwrap_or(Value::Null)
                })
                .collect();
            return Some(Value::Array(out));
        }
        _ => {}
    }
    conflicts.push((
        path.to_string(),
        base.cloned(),
        ours.cloned(),
        theirs.cloned(),
    ));
    match prefer {
        Prefer::Ours => ours.cloned(),
        Prefer::Theirs => theirs.cloned(),
    }
}

/// What becomes of one record.
enum Outcome {
    /// Kept as our side has it.
    Ours,
    /// Their version, in place of ours (or added).
    Theirs,
    /// Removed.
    Delete,
    /// Built anew from merged fields.
    Built(Record<'static>),
}

/// The header's record count follows the merged entries, and the next
/// object ID is the higher of the two: neither is a conflict.
fn settle_header(base: &mut Value, ours: &mut Value, theirs: &mut Value) {
    let get = |v: &Value, k: &str| v.pointer(&format!("/fields/header/{k}")).cloned();
    if let Some(count) = get(base, "record_count") {
        for v in [&mut *ours, &mut *theirs] {
            if let Some(c) = v.pointer_mut("/fields/header/record_count") {
                *c = count.clone();
            }
        }
    }
    let next = [get(ours, "next_object_id"), get(theirs, "next_object_id")]
        .into_iter()
        .flatten()
        .max_by_key(|v| v.as_u64().unwrap_or(0));
    if let Some(next) = next {
        for v in [&mut *ours, &mut *theirs] {
            if let Some(c) = v.pointer_mut("/fields/header/next_object_id") {
                *c = next.clone();
            }
        }
    }
}

struct Merger<'m, 'p, 'a> {
    base: &'m Side<'p, 'a>,
    ours: &'m Side<'p, 'a>,
    theirs: &'m Side<'p, 'a>,
    game: Game,
    conflicts: Vec<Conflict>,
    sides: HashMap<FormId, ConflictSides>,
    taken_from_theirs: usize,
    merged_fields: usize,
}

impl Merger<'_, '_, '_> {
    fn name(&self, r: &Record<'_>) -> String {
        let mut edid = None;
        let _ = r.for_each_subrecord(self.game, |s| {
            if edid.is_none() && s.sig.0 == *b"EDID" {
                edid = Some(
                    crate::io::decode_cp1252(s.data.strip_suffix(&[0]).unwrap_or(s.data))
                        .into_owned(),
                );
            }
        });
        crate::plugin::describe_record(r.header.sig, r.header.form_id, edid.as_deref())
    }

    fn conflict_whole(
        &mut self,
        kind: ConflictKind,
        b: Option<&Record<'_>>,
        o: Option<&Record<'_>>,
        t: Option<&Record<'_>>,
    ) -> Result<()> {
        let any = o.or(t).or(b).expect("a conflict has a record");
        let form_id = any.header.form_id;
        let ours = o.map(|r| comparable_json(r, self.ours)).transpose()?;
        let theirs = t.map(|r| comparable_json(r, self.theirs)).transpose()?;
        let base = b.map(|r| comparable_json(r, self.base)).transpose()?;
        self.conflicts.push(Conflict {
            kind,
            record: self.name(any),
            form_id,
            path: String::new(),
            base,
            ours: ours.clone(),
            theirs: theirs.clone(),
        });
        self.sides.insert(form_id, ConflictSides { ours, theirs });
        Ok(())
    }

    /// Decides one record present on at least one side.
    fn decide(
        &mut self,
        b: Option<&Record<'_>>,
        o: Option<&Record<'_>>,
        t: Option<&Record<'_>>,
    ) -> Result<Outcome> {
        let game = self.game;
        let bytes = |r: Option<&Record<'_>>| r.map(|r| record_bytes(r, game)).transpose();
        let (bb, ob, tb) = (bytes(b)?, bytes(o)?, bytes(t)?);
        if ob == tb || bb == tb {
            return Ok(if o.is_some() {
                Outcome::Ours
            } else {
                Outcome::Delete
            });
        }
        if bb == ob {
            self.taken_from_theirs += 1;
            return Ok(if t.is_some() {
                Outcome::Theirs
            } else {
                Outcome::Delete
            });
        }
        let (Some(b), Some(o), Some(t)) = (b, o, t) else {
            let kind = if b.is_none() {
                ConflictKind::AddedTwice
            } else {
                ConflictKind::DeletedAndChanged
            };
            self.conflict_whole(kind, b, o, t)?;
            // Kept as changed, so that the conflict shows in its place.
            return Ok(if o.is_some() {
                Outcome::Ours
            } else {
                Outcome::Theirs
            });
        };
        let is_header = o.header.sig.0 == *b"TES4";
        let mut bv = comparable_json(b, self.base)?;
        let mut ov = comparable_json(o, self.ours)?;
        let mut tv = comparable_json(t, self.theirs)?;
        if is_header {
            settle_header(&mut bv, &mut ov, &mut tv);
        }
        let mut found = Vec::new();
        let merged = merge_value(
            Some(&bv),
            Some(&ov),
            Some(&tv),
            "",
            Prefer::Ours,
            &mut found,
        )
        .unwrap_or(Value::Null);
        if !found.is_empty() {
            let theirs_side = merge_value(
                Some(&bv),
                Some(&ov),
                Some(&tv),
                "",
                Prefer::Theirs,
                &mut Vec::new(),
            );
            let record = self.name(o);
            for (path, base, ours, theirs) in found {
                self.conflicts.push(Conflict {
                    kind: ConflictKind::Field,
                    record: record.clone(),
                    form_id: o.header.form_id,
                    path,
                    base,
                    ours,
                    theirs,
                });
            }
            self.sides.insert(
                o.header.form_id,
                ConflictSides {
                    ours: Some(merged.clone()),
                    theirs: theirs_side,
                },
            );
        }
        if merged == ov && !is_header {
            return Ok(Outcome::Ours);
        }
        self.merged_fields += 1;
        let path = format!("merged {}", self.name(o));
        let rec = json::record_from_json(&merged, game, &path)?;
        Ok(Outcome::Built(rec))
    }
}

type Key = (i32, [u8; 4]);

fn group_key(g: &Group<'_>) -> Key {
    (g.header.group_type, g.header.label)
}

/// Applies the outcomes to our tree (owned), dropping deleted records.
fn apply(
    entries: &[Entry<'_>],
    outcomes: &mut HashMap<FormId, Outcome>,
    theirs: &HashMap<FormId, &Record<'_>>,
) -> Vec<Entry<'static>> {
    let mut out = Vec::with_capacity(entries.len());
    for e in entries {
        match e {
            Entry::Record(r) => match outcomes.remove(&r.header.form_id) {
                None | Some(Outcome::Ours) => out.push(Entry::Record(r.clone().into_owned())),
                Some(Outcome::Theirs) => {
                    let t = theirs[&r.header.form_id];
                    out.push(Entry::Record(t.clone().into_owned()));
                }
                Some(Outcome::Delete) => {}
                Some(Outcome::Built(rec)) => out.push(Entry::Record(rec)),
            },
            Entry::Group(g) => out.push(Entry::Group(Group {
                header: g.header,
                offset: g.offset,
                children: apply(&g.children, outcomes, theirs),
            })),
        }
    }
    out
}

/// Adds their records that our tree lacks, each after the entry that
/// comes before it on their side (or first, when none does), making the
/// groups that lead to it where ours has none.
fn add_theirs(
    result: &mut Vec<Entry<'static>>,
    theirs: &[Entry<'_>],
    add: &HashSet<FormId>,
    ours_only: &HashSet<FormId>,
) {
    // After the records we added there too: both sides' additions then
    // stand in the order ours, theirs.
    let skip_ours = |result: &Vec<Entry<'static>>, mut at: usize| {
        while matches!(result.get(at), Some(Entry::Record(r)) if ours_only.contains(&r.header.form_id))
        {
            at += 1;
        }
        at
    };
    let position_of = |result: &Vec<Entry<'static>>, e: &Entry<'_>| {
        result.iter().position(|x| match (x, e) {
            (Entry::Record(a), Entry::Record(b)) => a.header.form_id == b.header.form_id,
            (Entry::Group(a), Entry::Group(b)) => group_key(a) == group_key(b),
            _ => false,
        })
    };
    let mut after: Option<usize> = None;
    for e in theirs {
        match e {
            Entry::Record(r) if add.contains(&r.header.form_id) => {
                let at = skip_ours(result, after.map_or(0, |i| i + 1));
                result.insert(at, Entry::Record(r.clone().into_owned()));
                after = Some(at);
            }
            Entry::Record(_) => {
                if let Some(i) = position_of(result, e) {
                    after = Some(i);
                }
            }
            Entry::Group(g) => {
                let at = match position_of(result, e) {
                    Some(i) => i,
                    None => {
                        if !holds_any(&g.children, add) {
                            continue;
                        }
                        let at = after.map_or(0, |i| i + 1);
                        result.insert(
                            at,
                            Entry::Group(Group {
                                header: g.header,
                                offset: 0,
                                children: Vec::new(),
                            }),
                        );
                        at
                    }
                };
                if let Entry::Group(mine) = &mut result[at] {
                    add_theirs(&mut mine.children, &g.children, add, ours_only);
                }
                after = Some(at);
            }
        }
    }
}

fn holds_any(entries: &[Entry<'_>], add: &HashSet<FormId>) -> bool {
    entries.iter().any(|e| match e {
        Entry::Record(r) => add.contains(&r.header.form_id),
        Entry::Group(g) => holds_any(&g.children, add),
    })
}

/// Gives the three sides of a merge one list of masters when theirs
/// differ, each side's form IDs rewritten to name the same records as
/// before (see [`crate::masters::set_masters`]), so that records compare
/// by what they are. The order is ours where we changed it, else theirs;
/// masters only one side has are added after. Gives the masters one side
/// removed: [`drop_removed_masters`] takes them out of the merged plugin
/// where nothing there uses them any more.
pub fn align_masters(
    base: &mut Plugin<'_>,
    ours: &mut Plugin<'_>,
    theirs: &mut Plugin<'_>,
) -> Result<Vec<String>> {
    let (b, o, t) = (base.masters()?, ours.masters()?, theirs.masters()?);
    if b == o && b == t {
        return Ok(Vec::new());
    }
    let has = |list: &[String], name: &str| list.iter().any(|m| m.eq_ignore_ascii_case(name));
    let (first, second) = if o != b { (&o, &t) } else { (&t, &o) };
    let mut all = first.clone();
    for name in second.iter().chain(&b) {
        if !has(&all, name) {
            all.push(name.clone());
        }
    }
    crate::masters::set_masters(base, &all, false)?;
    crate::masters::set_masters(ours, &all, false)?;
    crate::masters::set_masters(theirs, &all, false)?;
    Ok(b.into_iter()
        .filter(|m| !has(&o, m) || !has(&t, m))
        .collect())
}

/// Takes out of the merged plugin the masters one side removed
/// ([`align_masters`]) that nothing in it uses any more.
pub fn drop_removed_masters(merged: &mut Plugin<'_>, removed: &[String]) -> Result<()> {
    if removed.is_empty() {
        return Ok(());
    }
    let unused = crate::masters::unused_masters(merged)?;
    let keep: Vec<String> = merged
        .masters()?
        .into_iter()
        .filter(|m| {
            !(removed.iter().any(|r| r.eq_ignore_ascii_case(m))
                && unused.iter().any(|u| u.eq_ignore_ascii_case(m)))
        })
        .collect();
    crate::masters::set_masters(merged, &keep, false)?;
    Ok(())
}

/// Merges `ours` and `theirs`, two descendants of `base`. Conflicts are
/// reported in [`Merged::conflicts`], never resolved silently.
pub fn merge(base: &Side<'_, '_>, ours: &Side<'_, '_>, theirs: &Side<'_, '_>) -> Result<Merged> {
    let game = ours.plugin.game;
    if base.plugin.game != game || theirs.plugin.game != game {
        return Err(Error::json(
            "the three plugins of a merge must be of one game".to_string(),
        ));
    }
    refuse_changed_duplicates(base.plugin, ours.plugin, theirs.plugin)?;
    let (bi, oi, ti) = (index(base.plugin), index(ours.plugin), index(theirs.plugin));
    let mut m = Merger {
        base,
        ours,
        theirs,
        game,
        conflicts: Vec::new(),
        sides: HashMap::new(),
        taken_from_theirs: 0,
        merged_fields: 0,
    };
    let header = match m.decide(
        Some(&base.plugin.header),
        Some(&ours.plugin.header),
        Some(&theirs.plugin.header),
    )? {
        Outcome::Ours | Outcome::Delete => ours.plugin.header.clone().into_owned(),
        Outcome::Theirs => theirs.plugin.header.clone().into_owned(),
        Outcome::Built(h) => h,
    };
    // The count is made again from the base's, by the entries added or
    // removed on both sides.
    let count = |h: &Record<'_>| {
        crate::plugin::PluginHeader::from_record(h, game).map(|i| i.record_count as i64)
    };
    let header = crate::plugin::header_with_count_moved(
        &header,
        game,
        count(&base.plugin.header)? - count(&header)?,
    )?;
    // Our records, in our order, then theirs that we lack.
    let mut outcomes = HashMap::new();
    for r in ours.plugin.records() {
        let id = r.header.form_id;
        if outcomes.contains_key(&id) {
            continue;
        }
        let outcome = m.decide(bi.get(&id).copied(), Some(r), ti.get(&id).copied())?;
        outcomes.insert(id, outcome);
    }
    let mut add = HashSet::new();
    for r in theirs.plugin.records() {
        let id = r.header.form_id;
        if oi.contains_key(&id) || add.contains(&id) {
            continue;
        }
        if let Outcome::Theirs = m.decide(bi.get(&id).copied(), None, Some(r))? {
            add.insert(id);
        }
    }
    let mut entries = apply(&ours.plugin.entries, &mut outcomes, &ti);
    let ours_only: HashSet<FormId> = oi
        .keys()
        .filter(|id| !bi.contains_key(id) && !ti.contains_key(id))
        .copied()
        .collect();
    add_theirs(&mut entries, &theirs.plugin.entries, &add, &ours_only);
    let plugin = Plugin::from_parts(game, header, entries, Some(base.plugin.count_entries()));
    Ok(Merged {
        plugin,
        conflicts: m.conflicts,
        sides: m.sides,
        taken_from_theirs: m.taken_from_theirs,
        merged_fields: m.merged_fields,
    })
}

/// A conflicted record's text for a person to resolve: the lines both
/// versions share, and between `<<<<<<< ours`, `=======` and `>>>>>>>
/// theirs` the lines where they differ (as git marks a conflict).
pub fn conflict_text(sides: &ConflictSides) -> Vec<u8> {
    let text = |v: &Option<Value>| match v {
        Some(v) => String::from_utf8(super::to_text(v)).expect("JSON text is UTF-8"),
        None => String::new(),
    };
    let (o, t) = (text(&sides.ours), text(&sides.theirs));
    let ol: Vec<&str> = o.lines().collect();
    let tl: Vec<&str> = t.lines().collect();
    let head = ol.iter().zip(&tl).take_while(|(a, b)| a == b).count();
    let tail = ol[head..]
        .iter()
        .rev()
        .zip(tl[head..].iter().rev())
        .take_while(|(a, b)| a == b)
        .count();
    let mut out = String::new();
    for l in &ol[..head] {
        out.push_str(l);
        out.push('\n');
    }
    out.push_str(if sides.ours.is_none() {
        "<<<<<<< ours (deleted)\n"
    } else {
        "<<<<<<< ours\n"
    });
    for l in &ol[head..ol.len() - tail] {
        out.push_str(l);
        out.push('\n');
    }
    out.push_str("=======\n");
    for l in &tl[head..tl.len() - tail] {
        out.push_str(l);
        out.push('\n');
    }
    out.push_str(if sides.theirs.is_none() {
        ">>>>>>> theirs (deleted)\n"
    } else {
        ">>>>>>> theirs\n"
    });
    for l in &ol[ol.len() - tail..] {
        out.push_str(l);
        out.push('\n');
    }
    out.into_bytes()
}
