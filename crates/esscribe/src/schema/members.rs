//! Finding a declaration's members: by the signature a subrecord starts
//! with, and by the key a decoded value is stored under.

use super::types::*;
use crate::io::Sig;
use serde_json::{Map, Value};

/// Whether a member can begin at a subrecord with this signature.
pub(super) fn starts(m: &Member, sig: Sig) -> bool {
    match m {
        Member::Sub(s) => s.sig == sig,
        Member::Group(g) => g.members.first().is_some_and(|f| starts(f, sig)),
        Member::Paired(p) => p.key.sig == sig || p.items.first().is_some_and(|f| starts(f, sig)),
    }
}

pub(crate) fn member_name(m: &Member) -> &'static str {
    match m {
        Member::Sub(s) => s.name,
        Member::Group(g) => g.name,
        Member::Paired(p) => p.name,
    }
}

pub(crate) fn repeats(m: &Member) -> bool {
    match m {
        Member::Sub(s) => s.occurs == Occurs::Repeating,
        Member::Group(g) => g.occurs == Occurs::Repeating,
        Member::Paired(_) => false,
    }
}

/// Finds the member a JSON key names. Among members sharing a name, the
/// one whose [`When`] matches its siblings, else one without a `When`. A
/// key `name:SIG` names the member with that signature outright.
pub(super) fn find_member<'m>(
    members: &'m [Member],
    key: &str,
    siblings: &Map<String, Value>,
) -> Option<&'m Member> {
    find_member_by(members, key, |name| {
        siblings.get(name).and_then(Value::as_str).map(Into::into)
    })
}

/// Like [`find_member`], with the text of a sibling (what JSON shows as
/// a string) given by `sibling_text`.
pub(super) fn find_member_by<'m, 't>(
    members: &'m [Member],
    key: &str,
    sibling_text: impl Fn(&str) -> Option<std::borrow::Cow<'t, str>>,
) -> Option<&'m Member> {
    if let Some((name, sig)) = key.split_once(':') {
        let sig = Sig::parse(sig)?;
        return members
            .iter()
            .find(|m| member_name(m) == name && matches!(m, Member::Sub(s) if s.sig == sig));
    }
    let named = || members.iter().filter(move |m| member_name(m) == key);
    let when_matches = |m: &&Member| match m {
        Member::Sub(SubDef { when: Some(w), .. }) => {
            sibling_text(w.sibling).is_some_and(|v| w.any_of.contains(&v.as_ref()))
        }
        _ => false,
    };
    let unconditional = |m: &&Member| !matches!(m, Member::Sub(SubDef { when: Some(_), .. }));
    named()
        .find(when_matches)
        .or_else(|| named().find(unconditional))
        .or_else(|| named().next())
}

/// The key a subrecord member's value is stored under: its name, or
/// `name:SIG` when its name alone would lead back to another member.
pub(super) fn key_for(members: &[Member], def: &SubDef, siblings: &Map<String, Value>) -> String {
    match find_member(members, def.name, siblings) {
        Some(Member::Sub(found)) if !std::ptr::eq(found, def) => {
            format!("{}:{}", def.name, def.sig)
        }
        _ => def.name.to_string(),
    }
}

/// Strips the `#n` that keeps repeated keys unique.
pub(crate) fn base_key(key: &str) -> &str {
    // Keys are short: looked through in place.
    match key.bytes().position(|b| b == b'#') {
        Some(at) => &key[..at],
        None => key,
    }
}
