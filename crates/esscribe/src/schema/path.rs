//! Field paths (`schedule.hour`, `data_inputs.0.value`) followed through a
//! declaration to the type they name, so that a value can be read as what
//! it is stored as: an enum's name and its number both.

use super::members::{base_key, member_name, repeats};
use super::types::*;

/// The declared type of the field at `path` in a record of `def`, where
/// the path ends at a single value. Where a layout is chosen by size or
/// by another field, the first layout with a field of that name answers.
pub fn field_type(def: &RecordDef, path: &str) -> Option<&'static Ty> {
    let parts: Vec<&str> = path.split('.').collect();
    in_members(def.members, &parts)
}

fn is_index(part: &str) -> bool {
    !part.is_empty() && part.bytes().all(|b| b.is_ascii_digit())
}

/// Skips a list index, when the path has one.
fn past_index<'p>(parts: &'p [&'p str]) -> &'p [&'p str] {
    match parts.split_first() {
        Some((first, rest)) if is_index(first) => rest,
        _ => parts,
    }
}

fn in_members(members: &'static [Member], parts: &[&str]) -> Option<&'static Ty> {
    let (first, rest) = parts.split_first()?;
    // `name#2` is a member met again out of its declared place.
    let name = base_key(first);
    let name = name.split_once(':').map_or(name, |(n, _)| n);
    members
        .iter()
        .filter(|m| member_name(m) == name)
        .find_map(|m| in_member(m, rest))
}

fn in_member(member: &'static Member, parts: &[&str]) -> Option<&'static Ty> {
    let parts = if repeats(member) {
        past_index(parts)
    } else {
        parts
    };
    match member {
        Member::Sub(s) => in_field(&s.field, parts),
        Member::Group(g) => {
            // A tree's nodes nest their children under `children`.
            let mut parts = parts;
            while g.tree.is_some() && parts.first() == Some(&"children") {
                parts = past_index(&parts[1..]);
            }
            in_members(g.members, parts)
        }
        Member::Paired(p) => {
            let parts = past_index(parts);
            match parts.split_first() {
                Some((first, rest)) if *first == p.key_name => in_field(&p.key.field, rest),
                _ => in_members(p.items, parts),
            }
        }
    }
}

fn in_field(field: &'static Field, parts: &[&str]) -> Option<&'static Ty> {
    match field {
        Field::Value(ty) => in_ty(ty, parts),
        Field::Struct(fields) => in_fields(fields, parts),
        Field::Array(fields) => in_items(fields, past_index(parts)),
        Field::BySize(cases) => cases.iter().find_map(|(_, f)| in_field(f, parts)),
        Field::ByFit(cases) => cases.iter().find_map(|f| in_field(f, parts)),
        Field::BySibling { cases, default, .. } => cases
            .iter()
            .map(|(_, f)| f)
            .chain(std::iter::once(*default))
            .find_map(|f| in_field(f, parts)),
        _ => None,
    }
}

fn in_fields(fields: &'static [FieldDef], parts: &[&str]) -> Option<&'static Ty> {
    let (first, rest) = parts.split_first()?;
    let field = fields.iter().find(|f| f.name == *first)?;
    in_ty(&field.ty, rest)
}

/// Inside a list item: a plain value when the item has one field.
fn in_items(fields: &'static [FieldDef], parts: &[&str]) -> Option<&'static Ty> {
    match fields {
        [single] => in_ty(&single.ty, parts),
        _ => in_fields(fields, parts),
    }
}

fn in_ty(ty: &'static Ty, parts: &[&str]) -> Option<&'static Ty> {
    match ty {
        Ty::If(cond) => in_ty(&cond.ty, parts),
        Ty::Select(select) => select
            .cases
            .iter()
            .map(|(_, t)| t)
            .chain(std::iter::once(&select.default))
            .find_map(|t| in_ty(t, parts)),
        _ if parts.is_empty() => Some(ty),
        Ty::Struct(fields) => in_fields(fields, parts),
        Ty::List(_, fields) | Ty::ListBy(_, fields) | Ty::Rest(fields) => {
            in_items(fields, past_index(parts))
        }
        _ => None,
    }
}
