//! A plugin's masters changed with every form ID following its record.
//!
//! A form ID's top byte indexes the plugin's list of masters, the index
//! just past the last master meaning the plugin itself. Adding, removing,
//! reordering or compacting therefore changes what every form ID means,
//! unless each one is rewritten: in record headers, in every form ID field
//! the declarations know (struct fields, lists, script properties,
//! condition parameters, layouts chosen by another field), and in the
//! labels of world, cell and topic children groups.
//!
//! [`form_id_uses`] finds them all; [`rewrite_form_ids`] rewrites them in
//! place, four bytes at a time, so that a record whose form IDs do not
//! change keeps its stored bytes. [`set_masters`], [`rename_master`] and
//! [`unused_masters`] are built on them.
//!
//! A record whose type has no declaration, or with a subrecord kept as
//! bytes because it is not understood, may hold form IDs nobody can find.
//! Such records are named in [`FormIdUses::unread`]; changes that would
//! need them rewritten are refused unless the caller allows it.

use crate::defs;
use crate::io::{Error, FormId, Result, Sig};
use crate::plugin::{
    describe_record, Entry, Game, GroupKind, GroupLabel, Plugin, Record, Subrecords,
};
use crate::schema::{self, form_ref_places, form_refs, FormCtx};

/// One place a form ID stands in a plugin.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FormIdUse {
    /// The record it stands in (for a group label: the group's parent).
    pub record: Sig,
    /// That record's form ID, as stored.
    pub record_id: FormId,
    /// Where in the record: `form ID` for the record's own, `group label`
    /// for a children group's, otherwise the field's path
    /// (`items.2.item`).
    pub place: String,
    /// The form ID, as stored.
    pub form_id: FormId,
}

impl std::fmt::Display for FormIdUse {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} {} {}: {}",
            self.record, self.record_id, self.place, self.form_id
        )
    }
}

/// Every form ID of a plugin, null ones left out.
#[derive(Debug, Clone, Default)]
pub struct FormIdUses {
    /// Each use, in file order.
    pub uses: Vec<FormIdUse>,
    /// Records whose form ID fields could not all be found, each with why:
    /// their type has no declaration, or a subrecord is kept as bytes.
    pub unread: Vec<String>,
}

impl FormIdUses {
    /// Each use's form ID as the plugin it belongs to (lowercase: names
    /// compare ignoring case) and its object ID, in order: what a change
    /// of masters must leave as it was. `masters` are the plugin's masters
    /// and `own` its name.
    pub fn resolved(&self, masters: &[String], own: &str) -> Vec<(String, u32)> {
        self.uses
            .iter()
            .map(|u| {
                let owner = Plugin::form_id_owner(masters, u.form_id, own);
                (owner.to_lowercase(), u.form_id.object_index())
            })
            .collect()
    }

    /// The uses of form IDs whose top byte is `index`.
    pub fn of_index(&self, index: u8) -> impl Iterator<Item = &FormIdUse> {
        self.uses
            .iter()
            .filter(move |u| u.form_id.master_index() == index)
    }
}

/// Why a record's form IDs may not all be found, if they may not.
fn unread_reason(view: &schema::RecordView<'_>) -> Option<String> {
    let raw: Vec<String> = view.raw_subrecords().map(|r| r.to_string()).collect();
    (!raw.is_empty()).then(|| raw.join("; "))
}

/// The form IDs of one record's fields, and why some may be missing;
/// each with its path when `places` (the paths are text, and cost more
/// than the form IDs themselves).
fn record_uses(
    record: &Record<'_>,
    game: Game,
    ctx: &FormCtx,
    places: bool,
) -> Result<(Vec<schema::FormRef>, Option<String>)> {
    let catalog = defs::catalog(game);
    let found = schema::with_view(record, catalog, ctx, |view| {
        let refs = match places {
            true => form_refs(view),
            false => form_ref_places(view),
        };
        (refs, unread_reason(view))
    })?;
    Ok(found.unwrap_or_else(|| {
        (
            Vec::new(),
            Some(format!("{} records have no declaration", record.header.sig)),
        )
    }))
}

/// Where a form ID stands, as [`visit_form_ids`] hands it over.
enum Place {
    /// A record's own form ID.
    Header,
    /// A children group's label.
    GroupLabel,
    /// A field, by its path (empty unless places were asked for).
    Field(String),
}

/// Hands every form ID of the plugin to `f` (null ones left out), with
/// the record it stands in: record headers and declared fields in file
/// order, then children groups' labels. The `TES4` header's own fields
/// (its overridden references) count too. Records whose form IDs cannot
/// all be found go to `unread`. Fields' paths are built only with
/// `places`.
fn visit_form_ids(
    plugin: &Plugin<'_>,
    places: bool,
    unread: &mut Vec<String>,
    f: &mut dyn FnMut(Sig, FormId, Place, FormId),
) -> Result<()> {
    let ctx = FormCtx::of(plugin);
    let mut visit = |record: &Record<'_>| -> Result<()> {
        let (id, sig) = (record.header.form_id, record.header.sig);
        if id.0 != 0 {
            f(sig, id, Place::Header, id);
        }
        let (refs, why) = record_uses(record, plugin.game, &ctx, places)?;
        if let Some(why) = why {
            unread.push(format!("{}: {why}", describe_record(sig, id, None)));
        }
        for r in refs.into_iter().filter(|r| r.form_id.0 != 0) {
            f(sig, id, Place::Field(r.path), r.form_id);
        }
        Ok(())
    };
    visit(&plugin.header)?;
    fn walk(
        entries: &[Entry<'_>],
        visit: &mut dyn FnMut(&Record<'_>) -> Result<()>,
        labels: &mut Vec<(Sig, FormId)>,
    ) -> Result<()> {
        for e in entries {
            match e {
                Entry::Record(r) => visit(r)?,
                Entry::Group(g) => {
                    if let GroupLabel::Parent(id) = g.header.label() {
                        if id.0 != 0 {
                            labels.push((parent_sig(g.header.kind()), id));
                        }
                    }
                    walk(&g.children, visit, labels)?;
                }
            }
        }
        Ok(())
    }
    let mut labels = Vec::new();
    walk(&plugin.entries, &mut visit, &mut labels)?;
    for (sig, id) in labels {
        f(sig, id, Place::GroupLabel, id);
    }
    Ok(())
}

/// Every form ID in the plugin, each with where it stands: record headers
/// and declared fields in file order, then children groups' labels. The
/// `TES4` header's own fields (its overridden references) count too.
pub fn form_id_uses(plugin: &Plugin<'_>) -> Result<FormIdUses> {
    let mut out = FormIdUses::default();
    let mut uses = Vec::new();
    visit_form_ids(
        plugin,
        true,
        &mut out.unread,
        &mut |record, record_id, place, form_id| {
            let place = match place {
                Place::Header => "form ID".to_string(),
                Place::GroupLabel => "group label".to_string(),
                Place::Field(path) => path,
            };
            uses.push(FormIdUse {
                record,
                record_id,
                place,
                form_id,
            });
        },
    )?;
    out.uses = uses;
    Ok(out)
}

/// The form IDs of a plugin in the order of [`form_id_uses`], without
/// where each stands: what checks, counts and comparisons need, at four
/// bytes a form ID.
#[derive(Debug, Clone, Default)]
pub struct FormIdList {
    /// Each form ID, in order.
    pub ids: Vec<FormId>,
    /// As [`FormIdUses::unread`].
    pub unread: Vec<String>,
}

/// Every form ID of a plugin, as [`form_id_uses`] finds them, without
/// their places.
pub fn form_id_list(plugin: &Plugin<'_>) -> Result<FormIdList> {
    let mut out = FormIdList::default();
    let mut ids = Vec::new();
    visit_form_ids(plugin, false, &mut out.unread, &mut |_, _, _, id| {
        ids.push(id)
    })?;
    out.ids = ids;
    Ok(out)
}

impl FormIdList {
    /// Each form ID as the plugin it belongs to and its object index:
    /// what a change of masters must leave as it was. `masters` are the
    /// plugin's masters and `own` its name.
    pub fn resolved(&self, masters: &[String], own: &str) -> ResolvedIds {
        let mut owners: Vec<String> = Vec::new();
        // By a form ID's top byte: its owner's place in `owners`.
        let mut by_index: [Option<u32>; 256] = [None; 256];
        let ids = self
            .ids
            .iter()
            .map(|id| {
                let slot = &mut by_index[id.master_index() as usize];
                let owner = *slot.get_or_insert_with(|| {
                    let name = Plugin::form_id_owner(masters, *id, own).to_lowercase();
                    match owners.iter().position(|o| *o == name) {
                        Some(k) => k as u32,
                        None => {
                            owners.push(name);
                            owners.len() as u32 - 1
                        }
                    }
                });
                (owner, id.object_index())
            })
            .collect();
        ResolvedIds { owners, ids }
    }

    /// How many form IDs have each top byte.
    fn count_by_index(&self) -> [usize; 256] {
        let mut counts = [0; 256];
        for id in &self.ids {
            counts[id.master_index() as usize] += 1;
        }
        counts
    }
}

/// Form IDs as the plugin each belongs to (named in lower case) and its
/// object index, in order, each plugin's name held once. Two compare
/// equal when they name the same forms in the same order.
#[derive(Debug, Clone, Default)]
pub struct ResolvedIds {
    owners: Vec<String>,
    ids: Vec<(u32, u32)>,
}

impl ResolvedIds {
    /// Forms of a plugin renamed are the same forms under its new name.
    pub fn rename_owner(&mut self, old: &str, new: &str) {
        let (old, new) = (old.to_lowercase(), new.to_lowercase());
        for owner in &mut self.owners {
            if *owner == old {
                owner.clone_from(&new);
            }
        }
    }

    /// How many form IDs.
    pub fn len(&self) -> usize {
        self.ids.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.ids.is_empty()
    }
}

impl PartialEq for ResolvedIds {
    fn eq(&self, other: &Self) -> bool {
        // Each of this list's owners as the other's, by name.
        let to_other: Vec<Option<u32>> = self
            .owners
            .iter()
            .map(|name| {
                other
                    .owners
                    .iter()
                    .position(|o| o == name)
                    .map(|k| k as u32)
            })
            .collect();
        self.ids.len() == other.ids.len()
            && self
                .ids
                .iter()
                .zip(&other.ids)
                .all(|(&(a, object_a), &(b, object_b))| {
                    object_a == object_b && to_other[a as usize] == Some(b)
                })
    }
}

impl Eq for ResolvedIds {}

/// The record type a children group belongs to.
fn parent_sig(kind: GroupKind) -> Sig {
    match kind {
        GroupKind::WorldChildren => Sig(*b"WRLD"),
        GroupKind::TopicChildren => Sig(*b"DIAL"),
        _ => Sig(*b"CELL"),
    }
}

/// What [`rewrite_form_ids`] changed.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Rewritten {
    /// Form IDs given a new value (headers, fields and group labels).
    pub form_ids: usize,
    /// Records whose data was rewritten (their headers not counted).
    pub records: usize,
    /// Records whose form IDs may not all have been found (see
    /// [`FormIdUses::unread`]).
    pub unread: Vec<String>,
}

/// Rewrites every form ID of the plugin through `map`: record headers,
/// declared fields and children groups' labels; null form IDs stay null.
/// A record whose form IDs all map to themselves is left as stored, and
/// one that changes has only those four-byte fields changed (a compressed
/// one is compressed anew).
pub fn rewrite_form_ids(
    plugin: &mut Plugin<'_>,
    map: &dyn Fn(FormId) -> FormId,
) -> Result<Rewritten> {
    let ctx = FormCtx::of(plugin);
    let game = plugin.game;
    let mut out = Rewritten::default();
    let map = |id: FormId| if id.0 == 0 { id } else { map(id) };
    rewrite_record(&mut plugin.header, game, &ctx, &map, &mut out)?;
    fn walk(
        entries: &mut [Entry<'_>],
        game: Game,
        ctx: &FormCtx,
        map: &dyn Fn(FormId) -> FormId,
        out: &mut Rewritten,
    ) -> Result<()> {
        for e in entries {
            match e {
                Entry::Record(r) => rewrite_record(r, game, ctx, map, out)?,
                Entry::Group(g) => {
                    if let GroupLabel::Parent(id) = g.header.label() {
                        let new = map(id);
                        if new != id {
                            g.header.label = new.0.to_le_bytes();
                            out.form_ids += 1;
                        }
                    }
                    walk(&mut g.children, game, ctx, map, out)?;
                }
            }
        }
        Ok(())
    }
    walk(&mut plugin.entries, game, &ctx, &map, &mut out)?;
    plugin.reindex();
    Ok(out)
}

fn rewrite_record(
    record: &mut Record<'_>,
    game: Game,
    ctx: &FormCtx,
    map: &dyn Fn(FormId) -> FormId,
    out: &mut Rewritten,
) -> Result<()> {
    let (sig, id) = (record.header.sig, record.header.form_id);
    let new_id = map(id);
    let (refs, unread) = record_uses(record, game, ctx, false)?;
    if let Some(why) = unread {
        out.unread
            .push(format!("{}: {why}", describe_record(sig, id, None)));
    }
    // Each changed form ID: its subrecord, where in its data, new value.
    let changes: Vec<(u64, usize, FormId)> = refs
        .iter()
        .filter_map(|r| {
            let new = map(r.form_id);
            (new != r.form_id).then_some((r.subrecord, r.at, new))
        })
        .collect();
    if new_id != id {
        record.header.form_id = new_id;
        out.form_ids += 1;
    }
    if changes.is_empty() {
        return Ok(());
    }
    let mut data = record.data(game)?.into_owned();
    // Where each subrecord's data starts in the record's data, by the
    // subrecord's offset as read.
    let mut starts: Vec<(u64, usize, usize)> = Vec::new();
    for sub in Subrecords::new(&data, record.subrecord_base(game)) {
        let sub = sub.map_err(|e| e.within(record.describe()))?;
        let start = sub.data.as_ptr() as usize - data.as_ptr() as usize;
        starts.push((sub.offset, start, sub.data.len()));
    }
    for (at_sub, at, new) in &changes {
        let start = starts
            .iter()
            .find(|(offset, _, len)| offset == at_sub && at + 4 <= *len)
            .map(|&(_, start, _)| start + at)
            .ok_or_else(|| {
                Error::invalid(
                    *at_sub,
                    "a form ID field is not where its subrecord was read",
                )
                .in_record(sig, id)
            })?;
        data[start..start + 4].copy_from_slice(&new.0.to_le_bytes());
    }
    out.form_ids += changes.len();
    out.records += 1;
    record.set_data(game, data)
}

/// A plugin's own index: the number of its masters.
fn own_index(masters: usize) -> Result<u8> {
    u8::try_from(masters)
        .ok()
        .filter(|&i| i < 0xFE)
        .ok_or_else(|| {
            Error::value(
                "masters",
                format!("{masters} masters are more than a plugin can have (at most 253)"),
            )
        })
}

/// Whether two plugin names are the same file (names are compared as
/// Windows compares them, ignoring case).
fn same_name(a: &str, b: &str) -> bool {
    a.eq_ignore_ascii_case(b)
}

/// What a change of masters did.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct MastersChanged {
    /// The masters before.
    pub before: Vec<String>,
    /// The masters after.
    pub after: Vec<String>,
    /// The form IDs rewritten.
    pub rewritten: Rewritten,
}

/// Refuses a change that would need records rewritten whose form IDs
/// cannot all be found, unless `force`.
pub(crate) fn check_readable(unread: &[String], force: bool) -> Result<()> {
    if unread.is_empty() || force {
        return Ok(());
    }
    let shown: Vec<&str> = unread.iter().take(5).map(String::as_str).collect();
    Err(Error::value(
        "masters",
        format!(
            "{} records may hold form IDs that cannot be found, so they could not be remapped: {}{}",
            unread.len(),
            shown.join("; "),
            if unread.len() > 5 { "; …" } else { "" }
        ),
    ))
}

/// The places that use master `index`, as text for an error (at most five).
fn places(uses: &FormIdUses, index: u8) -> (usize, String) {
    let all: Vec<&FormIdUse> = uses.of_index(index).collect();
    let shown: Vec<String> = all.iter().take(5).map(|u| u.to_string()).collect();
    let more = if all.len() > 5 { ", …" } else { "" };
    (all.len(), format!("{}{more}", shown.join(", ")))
}

/// Gives the plugin the masters `new`, in that order, rewriting every form
/// ID so that it names the same record. Each current master must be in
/// `new` (names compare ignoring case) unless nothing uses it; masters new
/// to the list are added with a `DATA` of 0. Form IDs whose top byte is
/// past the plugin's own index are left as they are. `force` rewrites even
/// when some records' form IDs cannot all be found (see
/// [`FormIdUses::unread`]).
pub fn set_masters(plugin: &mut Plugin<'_>, new: &[String], force: bool) -> Result<MastersChanged> {
    let header = plugin.info()?;
    let before: Vec<String> = header.masters.iter().map(|m| m.name.clone()).collect();
    for (i, name) in new.iter().enumerate() {
        if new[..i].iter().any(|n| same_name(n, name)) {
            return Err(Error::value("masters", format!("{name} is listed twice")));
        }
        if same_name(name, plugin.name()) {
            return Err(Error::value(
                "masters",
                format!("{name} cannot be a master of itself"),
            ));
        }
    }
    let old_own = own_index(before.len())?;
    let new_own = own_index(new.len())?;
    let order_same = before.len() == new.len() && before.iter().zip(new).all(|(a, b)| a == b);
    if order_same {
        return Ok(MastersChanged {
            before: before.clone(),
            after: before,
            rewritten: Rewritten::default(),
        });
    }
    let list = form_id_list(plugin)?;
    let counts = list.count_by_index();
    // Where each current master goes; `None` when it is dropped.
    let mut to: Vec<Option<u8>> = Vec::with_capacity(before.len());
    for (i, name) in before.iter().enumerate() {
        let at = new.iter().position(|n| same_name(n, name));
        if at.is_none() && counts[i] > 0 {
            // Read again with places, only to say where.
            let (count, shown) = places(&form_id_uses(plugin)?, i as u8);
            return Err(Error::value(
                "masters",
                format!(
                    "{name} is still used by {count} form IDs, so it cannot be removed: {shown}"
                ),
            ));
        }
        to.push(at.map(|a| a as u8));
    }
    let moves = to.iter().enumerate().any(|(i, t)| *t != Some(i as u8)) || old_own != new_own;
    if moves {
        check_readable(&list.unread, force)?;
    }
    set_master_names(plugin, new, &header.masters)?;
    let rewritten = if moves {
        rewrite_form_ids(plugin, &|id| moved(id, &to, old_own, new_own))?
    } else {
        Rewritten::default()
    };
    Ok(MastersChanged {
        before,
        after: new.to_vec(),
        rewritten,
    })
}

/// Renames a master in the plugin's header; form IDs keep their meaning
/// (the master keeps its place), so nothing else changes.
pub fn rename_master(plugin: &mut Plugin<'_>, old: &str, new: &str) -> Result<MastersChanged> {
    let header = plugin.info()?;
    let before: Vec<String> = header.masters.iter().map(|m| m.name.clone()).collect();
    let Some(at) = before.iter().position(|n| same_name(n, old)) else {
        return Err(Error::not_found(format!(
            "{old} is not a master of this plugin (its masters: {})",
            before.join(", ")
        )));
    };
    if before
        .iter()
        .enumerate()
        .any(|(i, n)| i != at && same_name(n, new))
    {
        return Err(Error::value(
            "masters",
            format!("{new} is already a master"),
        ));
    }
    let mut after = before.clone();
    after[at] = new.to_string();
    // The renamed master keeps its DATA.
    let mut sizes = header.masters.clone();
    sizes[at].name = new.to_string();
    set_master_names(plugin, &after, &sizes)?;
    Ok(MastersChanged {
        before,
        after,
        rewritten: Rewritten::default(),
    })
}

/// The masters nothing in the plugin uses, in order.
pub fn unused_masters(plugin: &Plugin<'_>) -> Result<Vec<String>> {
    let masters = plugin.masters()?;
    let counts = form_id_list(plugin)?.count_by_index();
    Ok(masters
        .into_iter()
        .enumerate()
        .filter(|(i, _)| counts[*i] == 0)
        .map(|(_, m)| m)
        .collect())
}

/// How many form IDs use each master, in the masters' order.
pub fn master_use_counts(plugin: &Plugin<'_>) -> Result<Vec<(String, usize)>> {
    let masters = plugin.masters()?;
    let counts = form_id_list(plugin)?.count_by_index();
    Ok(masters
        .into_iter()
        .enumerate()
        .map(|(i, m)| (m, counts[i]))
        .collect())
}

/// Writes the master names into the `TES4` header through its
/// declaration, each with the `DATA` (file size) `sizes` gives under its
/// name (0 for a master new to the list). An unchanged master encodes to
/// the bytes it was read from.
fn set_master_names(
    plugin: &mut Plugin<'_>,
    names: &[String],
    sizes: &[crate::plugin::Master],
) -> Result<()> {
    let ctx = FormCtx::of(plugin);
    let mut fields = schema::Fields::of(&plugin.header, defs::catalog(plugin.game), &ctx)?
        .ok_or_else(|| Error::value("header", "the header record has no declaration"))?;
    let list: Vec<serde_json::Value> = names
        .iter()
        .map(|name| {
            let size = match sizes.iter().find(|m| m.name == *name) {
                Some(m) => m.data,
                None => Some(0),
            };
            match size {
                Some(size) => serde_json::json!({ "file": name, "file_size": size }),
                None => serde_json::json!({ "file": name }),
            }
        })
        .collect();
    if list.is_empty() {
        fields.remove("masters")?;
    } else {
        fields.insert("masters", list)?;
    }
    fields.apply_to(&mut plugin.header)
}

/// Rewrites form IDs numbered against the masters `old` (the plugin's own
/// records at index `old.len()`) for the masters the plugin's header now
/// lists: what a plugin built from text whose masters were edited needs.
/// A name in `old` the header no longer lists, or an empty one (a master
/// not known), may be used by no form ID.
pub fn renumber_from(plugin: &mut Plugin<'_>, old: &[String]) -> Result<Rewritten> {
    let new = plugin.masters()?;
    let old_own = own_index(old.len())?;
    let new_own = own_index(new.len())?;
    let to: Vec<Option<u8>> = old
        .iter()
        .map(|name| {
            new.iter()
                .position(|n| !name.is_empty() && same_name(n, name))
                .map(|at| at as u8)
        })
        .collect();
    let list = form_id_list(plugin)?;
    check_readable(&list.unread, false)?;
    let counts = list.count_by_index();
    for (i, name) in old.iter().enumerate().filter(|(i, _)| to[*i].is_none()) {
        if counts[i] == 0 {
            continue;
        }
        // Read again with places, only to say where.
        let (count, shown) = places(&form_id_uses(plugin)?, i as u8);
        let what = if name.is_empty() {
            format!(
                "{count} form IDs start with {i:02X}, but no form ID says which plugin that was"
            )
        } else {
            format!("{name} is no longer a master, but {count} form IDs use it (numbered {i:02X})")
        };
        return Err(Error::value("masters", format!("{what}: {shown}")));
    }
    rewrite_form_ids(plugin, &|id| moved(id, &to, old_own, new_own))
}

/// A form ID once its masters moved: master `i` to `to[i]` (`None`: left
/// as it is), the plugin's own records from `old_own` to `new_own`; top
/// bytes past the plugin's own are left as they are.
fn moved(id: FormId, to: &[Option<u8>], old_own: u8, new_own: u8) -> FormId {
    let new_index = match id.master_index() {
        i if i == old_own => new_own,
        i if i < old_own => match to[i as usize] {
            Some(t) => t,
            None => return id,
        },
        _ => return id,
    };
    FormId(((new_index as u32) << 24) | id.object_index())
}
