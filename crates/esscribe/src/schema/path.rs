//! Field paths (`schedule.hour`, `data_inputs.0.value`) followed through a
//! declaration to the type they name, so that a value can be read as what
//! it is stored as: an enum's name and its number both.

use super::members::{base_key, member_name, repeats};
use super::types::*;

/// The declared types the field at `path` in a record of `def` may have,
/// where the path ends at a single value: one, or where a layout is
/// chosen by size or by another field, each layout's with a field of that
/// name, in declared order.
pub fn field_types(def: &RecordDef, path: &str) -> Vec<&'static Ty> {
    let parts: Vec<&str> = path.split('.').collect();
    let mut out = Vec::new();
    in_members(def.members, &parts, &mut out);
    out
}

/// The types `path` may name inside one layout (`""` for the layout's
/// own value).
pub fn field_types_in(field: &'static Field, path: &str) -> Vec<&'static Ty> {
    let parts: Vec<&str> = path.split('.').filter(|p| !p.is_empty()).collect();
    let mut out = Vec::new();
    in_field(field, &parts, &mut out);
    out
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

type Found = Vec<&'static Ty>;

fn in_members(members: &'static [Member], parts: &[&str], out: &mut Found) {
    let Some((first, rest)) = parts.split_first() else {
        return;
    };
    // `name#2` is a member met again out of its declared place.
    let name = base_key(first);
    let name = name.split_once(':').map_or(name, |(n, _)| n);
    for m in members.iter().filter(|m| member_name(m) == name) {
        in_member(m, rest, out);
    }
}

fn in_member(member: &'static Member, parts: &[&str], out: &mut Found) {
    let parts = if repeats(member) {
        past_index(parts)
    } else {
        parts
    };
    match member {
        Member::Sub(s) => in_field(&s.field, parts, out),
        Member::Group(g) => {
            // A tree's nodes nest their children under `children`.
            let mut parts = parts;
            while g.tree.is_some() && parts.first() == Some(&"children") {
                parts = past_index(&parts[1..]);
            }
            in_members(g.members, parts, out)
        }
        Member::Paired(p) => {
            let parts = past_index(parts);
            match parts.split_first() {
                Some((first, rest)) if *first == p.key_name => in_field(&p.key.field, rest, out),
                _ => in_members(p.items, parts, out),
            }
        }
    }
}

fn in_field(field: &'static Field, parts: &[&str], out: &mut Found) {
    match field {
        Field::Value(ty) => in_ty(ty, parts, out),
        Field::Struct(fields) => in_fields(fields, parts, out),
        Field::Array(fields) => in_items(fields, past_index(parts), out),
        Field::BySize(cases) => cases.iter().for_each(|(_, f)| in_field(f, parts, out)),
        Field::ByFit(cases) => cases.iter().for_each(|f| in_field(f, parts, out)),
        Field::BySibling { cases, default, .. } => cases
            .iter()
            .map(|(_, f)| f)
            .chain(std::iter::once(*default))
            .for_each(|f| in_field(f, parts, out)),
        _ => {}
    }
}

fn in_fields(fields: &'static [FieldDef], parts: &[&str], out: &mut Found) {
    let Some((first, rest)) = parts.split_first() else {
        return;
    };
    if let Some(field) = fields.iter().find(|f| f.name == *first) {
        in_ty(&field.ty, rest, out);
    }
}

/// Inside a list item: a plain value when the item has one field.
fn in_items(fields: &'static [FieldDef], parts: &[&str], out: &mut Found) {
    match fields {
        [single] => in_ty(&single.ty, parts, out),
        _ => in_fields(fields, parts, out),
    }
}

fn in_ty(ty: &'static Ty, parts: &[&str], out: &mut Found) {
    match ty {
        Ty::If(cond) => in_ty(&cond.ty, parts, out),
        Ty::Select(select) => select
            .cases
            .iter()
            .map(|(_, t)| t)
            .chain(std::iter::once(&select.default))
            .for_each(|t| in_ty(t, parts, out)),
        _ if parts.is_empty() => out.push(ty),
        Ty::Struct(fields) => in_fields(fields, parts, out),
        Ty::List(_, fields) | Ty::ListBy(_, fields) | Ty::Rest(fields) => {
            in_items(fields, past_index(parts), out)
        }
        _ => {}
    }
}
