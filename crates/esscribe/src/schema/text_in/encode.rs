//! A record's members encoded straight from their text, by the declaration.

use super::*;

/// Whether a layout depends on a sibling's value.
pub(super) fn reads_siblings(field: &Field) -> bool {
    match field {
        Field::BySibling { .. } => true,
        Field::BySize(cases) => cases.iter().any(|(_, f)| reads_siblings(f)),
        Field::ByFit(cases) => cases.iter().any(reads_siblings),
        _ => false,
    }
}

/// Encodes the members of a record or group from the object next in `t`
/// (`depth` levels deep), as `encode_seq` does.
pub(super) fn encode_members(
    members: &'static [Member],
    t: &mut Text<'_>,
    depth: usize,
    out: &mut Vec<u8>,
    cx: Enc<'_>,
) -> Option<()> {
    t.skip_space();
    let mut object = Object {
        text: t.text,
        start: t.at,
        depth,
        siblings: None,
    };
    if !t.eat(b'{') {
        return None;
    }
    if t.eat(b'}') {
        return Some(());
    }
    // The keys met, by the member each names: a key given twice names
    // the same member, so only those are compared. Most objects have few
    // keys: those are kept on the stack.
    let mut few: [(*const Member, &str); 24] = [(std::ptr::null(), ""); 24];
    let mut more: Vec<(*const Member, &str)> = Vec::new();
    let mut count = 0;
    loop {
        let key = t.key()?;
        if key.starts_with('!') {
            return None;
        }
        let name = base_key(key);
        let member = match plain_member(members, name) {
            Some(Some(member)) => member,
            Some(None) => return None,
            None => find_member(members, name, object.siblings()?)?,
        };
        let at: *const Member = member;
        let met = |&(m, k): &(*const Member, &str)| std::ptr::eq(m, at) && k == key;
        if few[..count.min(few.len())].iter().any(met) || more.iter().any(met) {
            return None;
        }
        match few.get_mut(count) {
            Some(slot) => *slot = (at, key),
            None => more.push((at, key)),
        }
        count += 1;
        if matches!(
            member,
            Member::Paired(_) | Member::Group(GroupDef { tree: Some(_), .. })
        ) {
            // Rare, and reshaped before they are written (paired lists
            // split, trees flattened): read as JSON and encoded by
            // `json_in` itself.
            let v = t.leaf(depth + 1)?;
            encode_entry(members, key, &v, object.siblings()?, out, cx).ok()?;
        } else if repeats(member) {
            if !t.eat(b'[') {
                return None;
            }
            if !t.eat(b']') {
                loop {
                    encode_item(member, t, &mut object, depth + 2, out, cx)?;
                    if !t.more(b']')? {
                        break;
                    }
                }
            }
        } else {
            encode_item(member, t, &mut object, depth + 1, out, cx)?;
        }
        if !t.more(b'}')? {
            return Some(());
        }
    }
}

/// The member a key (without `#n`) names, as `find_member` finds it,
/// where that does not depend on siblings: `Some(None)` when no member
/// has the name, `None` when a sibling must choose.
pub(super) fn plain_member(
    members: &'static [Member],
    name: &str,
) -> Option<Option<&'static Member>> {
    let mut first = None;
    for m in members {
        let n = member_name(m);
        // Most names differ in length or first letter.
        if n.len() == name.len()
            && n.as_bytes().first() == name.as_bytes().first()
            && same_short(n.as_bytes(), name.as_bytes())
        {
            if matches!(m, Member::Sub(SubDef { when: Some(_), .. })) {
                return None;
            }
            first = first.or(Some(m));
        }
    }
    // Declared names are plain words: `name:SIG` is none of them.
    if first.is_none() && name.contains(':') {
        return Some(find_member(members, name, &Map::new()));
    }
    Some(first)
}

/// Encodes one occurrence of a member: a subrecord, or a group's members.
pub(super) fn encode_item(
    member: &'static Member,
    t: &mut Text<'_>,
    object: &mut Object<'_>,
    depth: usize,
    out: &mut Vec<u8>,
    cx: Enc<'_>,
) -> Option<()> {
    match member {
        Member::Sub(def) => encode_sub(def, t, object, depth, out, cx),
        Member::Group(g) => encode_members(g.members, t, depth, out, cx),
        Member::Paired(_) => None,
    }
}

/// Writes one subrecord, as `json_in::encode_sub` does.
pub(super) fn encode_sub(
    def: &'static SubDef,
    t: &mut Text<'_>,
    object: &mut Object<'_>,
    depth: usize,
    out: &mut Vec<u8>,
    cx: Enc<'_>,
) -> Option<()> {
    let start = start_subrecord(out, def.sig);
    let mut earlier = std::mem::take(&mut t.earlier);
    earlier.clear();
    match (&def.field, t.peek()) {
        (Field::Value(ty), _) => {
            encode_ty_text(ty, t, &mut earlier, depth, out, cx)?;
        }
        (Field::ZString | Field::Text | Field::LString, Some(b'"'))
            if !(matches!(def.field, Field::LString) && cx.forms.is_some_and(|f| f.localized)) =>
        {
            // A plain string is its text, in Windows-1252; a zero ends
            // all but script source.
            let start = t.at;
            match t.string() {
                Some(text) if text.is_ascii() => {
                    // Windows-1252 keeps ASCII as it is.
                    out.extend_from_slice(text.as_bytes());
                    if !matches!(def.field, Field::Text) {
                        out.push(0);
                    }
                }
                Some(text) => {
                    out.extend_from_slice(&encode_cp1252(&text)?);
                    if !matches!(def.field, Field::Text) {
                        out.push(0);
                    }
                }
                None => {
                    t.at = start;
                    let v = t.leaf(depth)?;
                    encode_field_in(&def.field, &v, &Map::new(), out, cx).ok()?;
                }
            }
        }
        (Field::Struct(fields), Some(b'{')) => {
            encode_struct(t, fields, &mut earlier, true, depth, out, cx)?;
        }
        (Field::Array(fields), Some(b'[')) => {
            encode_items(fields, t, &mut earlier, depth, out, cx)?;
        }
        _ => {
            let v = t.leaf(depth)?;
            if v.get("_hex").is_some() {
                return None;
            }
            let empty;
            let siblings = if reads_siblings(&def.field) {
                object.siblings()?
            } else {
                empty = Map::new();
                &empty
            };
            encode_field_in(&def.field, &v, siblings, out, cx).ok()?;
        }
    }
    t.earlier = earlier;
    finish_subrecord(out, def.sig, start);
    Some(())
}

/// Encodes a struct's fields from an object whose keys follow the
/// declaration's order, as `codec::encode_fields` does: a field left out
/// must be conditional (it stays out), or come after the last one given
/// when the struct may end early; bytes past the fields (`_rest`) come
/// last. Anything else (a default to fill in, a key out of order) leaves
/// the fast path.
pub(super) fn encode_struct(
    t: &mut Text<'_>,
    fields: &'static [FieldDef],
    earlier: &mut Earlier,
    may_end_early: bool,
    depth: usize,
    out: &mut Vec<u8>,
    cx: Enc<'_>,
) -> Option<()> {
    let mark = earlier.len();
    let mut next = 0;
    let conditional = |fd: &FieldDef| matches!(fd.ty, Ty::If(_));
    if !t.eat(b'{') {
        return None;
    }
    if !t.eat(b'}') {
        loop {
            // Keys come in declared order: the next field's is looked for
            // first.
            let found = match fields.get(next) {
                Some(fd) if t.expected_key(fd.name) => next,
                _ => {
                    let key = t.key()?;
                    let declared = fields[next..].iter().position(|fd| {
                        fd.name.len() == key.len()
                            && fd.name.as_bytes().first() == key.as_bytes().first()
                            && fd.name == key
                    });
                    match declared {
                        Some(i) => next + i,
                        None if key == "_rest" => {
                            left_over(t, &fields[next..], may_end_early, out)?;
                            break;
                        }
                        None => return None,
                    }
                }
            };
            let key = fields[found].name;
            if key == "_rest" || !fields[next..found].iter().all(conditional) {
                return None;
            }
            let fd = &fields[found];
            if let Some(raw) = encode_ty_text(&fd.ty, t, earlier, depth + 1, out, cx)? {
                earlier.push((fd.name, raw));
            }
            next = found + 1;
            if !t.more(b'}')? {
                break;
            }
        }
    }
    if !may_end_early && !fields[next..].iter().all(conditional) {
        return None;
    }
    earlier.truncate(mark);
    Some(())
}

/// The bytes a struct's data held past its declared fields (`"_rest"`,
/// whose key is behind), as `codec::encode_fields` adds them: after the
/// fields, so only as the last key, and only when the fields `after` the
/// last one read take no bytes (the struct ended early, or each is
/// conditional and absent; one given its default is left to parsing).
pub(super) fn left_over(
    t: &mut Text<'_>,
    after: &[FieldDef],
    may_end_early: bool,
    out: &mut Vec<u8>,
) -> Option<()> {
    if !may_end_early && !after.iter().all(|fd| matches!(fd.ty, Ty::If(_))) {
        return None;
    }
    if t.peek()? != b'"' {
        return None;
    }
    append_hex(t.plain_string()?, out)?;
    t.left_over += 1;
    (!t.more(b'}')?).then_some(())
}

/// Encodes one value of type `ty`, as `codec::encode_ty` does, giving
/// back its integer for later fields: structs and lists are walked here,
/// everything else is read by `serde_json` and encoded by `encode_ty`.
pub(super) fn encode_ty_text(
    ty: &'static Ty,
    t: &mut Text<'_>,
    earlier: &mut Earlier,
    depth: usize,
    out: &mut Vec<u8>,
    cx: Enc<'_>,
) -> Option<Option<i64>> {
    match (ty, t.peek()?) {
        // Numbers and booleans, the most common values, read in place;
        // anything else these read (a fraction for an integer, a number
        // out of range) is read as a value below, for the same outcome.
        (Ty::Int(int), b'-' | b'0'..=b'9') => match t.whole_number() {
            // No negative number reads as a u64.
            Some(n) if *int == Int::U64 && n < 0 => None,
            Some(n) => {
                write_int(*int, n, out).ok()?;
                Some(Some(n))
            }
            None => {
                let v = t.leaf(depth)?;
                encode_ty(ty, &v, earlier, out, cx).ok()
            }
        },
        (Ty::F32, b'-' | b'0'..=b'9') => {
            let x = match t.number_f64() {
                Some(x) => x as f32,
                None => json_f32(&t.leaf(depth)?)?,
            };
            if !x.is_finite() {
                return None;
            }
            out.extend_from_slice(&x.to_le_bytes());
            Some(None)
        }
        (Ty::Bool, b't' | b'f') => {
            let b = if t.bytes[t.at..].starts_with(b"true") {
                t.at += 4;
                1
            } else if t.bytes[t.at..].starts_with(b"false") {
                t.at += 5;
                0
            } else {
                return None;
            };
            out.push(b);
            Some(Some(b as i64))
        }
        (Ty::FormId | Ty::FormIdOf(_), b'"') => {
            // How the tree writes every form ID: `0x` and eight digits;
            // one with its plugin noted is checked as parsing checks it.
            if let Some(id) = t.hex_form_id().or_else(|| t.noted_form_id(cx.forms)) {
                out.extend_from_slice(&id.to_le_bytes());
                return Some(Some(id as i64));
            }
            let v = t.leaf(depth)?;
            encode_ty(ty, &v, earlier, out, cx).ok()
        }
        (Ty::Enum(int, names), b'"') => {
            let start = t.at;
            match t.plain_string() {
                Some(name) => {
                    let n = names.value_of(name)?;
                    write_int(*int, n, out).ok()?;
                    Some(Some(n))
                }
                None => {
                    t.at = start;
                    let v = t.leaf(depth)?;
                    encode_ty(ty, &v, earlier, out, cx).ok()
                }
            }
        }
        (Ty::WString | Ty::String32 | Ty::ZString | Ty::Bytes(_) | Ty::Char4, b'"') => {
            let start = t.at;
            // Hex and signatures have no escapes.
            let text = match ty {
                Ty::Bytes(_) | Ty::Char4 => t.plain_string().map(Cow::Borrowed),
                _ => t.string(),
            };
            match text {
                Some(text) => {
                    encode_plain(ty, &text, out)?;
                    Some(None)
                }
                None => {
                    t.at = start;
                    let v = t.leaf(depth)?;
                    encode_ty(ty, &v, earlier, out, cx).ok()
                }
            }
        }
        (Ty::Flags(int, names), b'[') => {
            let n = flag_list(t, names)?;
            write_int(*int, signed(*int, n), out).ok()?;
            Some(Some(n as i64))
        }
        (Ty::Bits(int, fields), b'{') => {
            let n = bit_fields(t, fields)?;
            write_int(*int, signed(*int, n), out).ok()?;
            Some(Some(n as i64))
        }
        (Ty::Select(sel), _) => encode_ty_text(select(sel, earlier), t, earlier, depth, out, cx),
        (Ty::If(cond), _) => encode_ty_text(&cond.ty, t, earlier, depth, out, cx),
        (Ty::Struct(fields), b'{') => {
            encode_struct(t, fields, earlier, false, depth, out, cx)?;
            Some(None)
        }
        (Ty::List(int, fields), b'[') => {
            let at = out.len();
            out.resize(at + int.size(), 0);
            let count = encode_items(fields, t, earlier, depth, out, cx)?;
            let mut stored = Vec::with_capacity(8);
            write_int(*int, count as i64, &mut stored).ok()?;
            out[at..at + int.size()].copy_from_slice(&stored);
            Some(None)
        }
        (Ty::Rest(fields), b'[') => {
            encode_items(fields, t, earlier, depth, out, cx)?;
            Some(None)
        }
        (Ty::ListBy(field, fields), b'[') => {
            let expected = lookup(earlier, field);
            let count = encode_items(fields, t, earlier, depth, out, cx)?;
            (expected == Some(count as i64)).then_some(None)
        }
        _ => {
            let v = t.leaf(depth)?;
            encode_ty(ty, &v, earlier, out, cx).ok()
        }
    }
}

/// A list of flag names and hex bits next, as `codec::json_flags` reads
/// it.
pub(super) fn flag_list(t: &mut Text<'_>, names: &FlagsDef) -> Option<u64> {
    if !t.eat(b'[') {
        return None;
    }
    let mut n = 0u64;
    if t.eat(b']') {
        return Some(n);
    }
    loop {
        if t.peek()? != b'"' {
            return None;
        }
        let name = t.plain_string()?;
        n |= match names.bits.iter().find(|(_, known)| *known == name) {
            Some((bit, _)) => *bit,
            None => u64::from_str_radix(name.strip_prefix("0x")?, 16).ok()?,
        };
        if !t.more(b']')? {
            return Some(n);
        }
    }
}

/// An object of bit fields next, as `codec::encode_ty` reads one: each
/// field by name (an enum's by its name or number, flags as a list or a
/// number), and `_other_bits`. A key given twice leaves the fast path.
pub(super) fn bit_fields(t: &mut Text<'_>, fields: &[BitField]) -> Option<u64> {
    const OTHER: &str = "_other_bits";
    if !t.eat(b'{') || fields.len() >= 64 {
        return None;
    }
    // Which fields (and, as the last bit, `_other_bits`) were given.
    let mut given = 0u64;
    let mut n = 0u64;
    if t.eat(b'}') {
        return Some(n);
    }
    loop {
        let key = t.key()?;
        let (index, part) = if key == OTHER {
            (
                fields.len(),
                t.whole_number().and_then(|v| u64::try_from(v).ok())?,
            )
        } else {
            let index = fields.iter().position(|bf| bf.name == key)?;
            let bf = &fields[index];
            let raw = match (bf.kind, t.peek()?) {
                (BitKind::Enum(e), b'"') => e.value_of(t.plain_string()?)? as u64,
                (BitKind::Flags(fl), b'[') => flag_list(t, fl)?,
                _ => u64::try_from(t.whole_number()?).ok()?,
            };
            (index, (raw << bf.mask.trailing_zeros()) & bf.mask)
        };
        if given & 1 << index != 0 {
            return None;
        }
        given |= 1 << index;
        n |= part;
        if !t.more(b'}')? {
            return Some(n);
        }
    }
}

/// Encodes a string of a text type, hex bytes or four characters, as
/// `encode_ty` does.
pub(super) fn encode_plain(ty: &Ty, text: &str, out: &mut Vec<u8>) -> Option<()> {
    match ty {
        Ty::Bytes(n) => {
            let at = out.len();
            append_hex(text, out)?;
            return (out.len() - at == *n).then_some(());
        }
        Ty::Char4 => {
            out.extend_from_slice(&Sig::parse(text)?.0);
            return Some(());
        }
        _ => {}
    }
    let owned;
    let bytes = if text.is_ascii() {
        // Windows-1252 keeps ASCII as it is.
        text.as_bytes()
    } else {
        owned = encode_cp1252(text)?;
        &owned
    };
    match ty {
        Ty::WString => out.extend_from_slice(&u16::try_from(bytes.len()).ok()?.to_le_bytes()),
        Ty::String32 => out.extend_from_slice(&u32::try_from(bytes.len()).ok()?.to_le_bytes()),
        _ if bytes.contains(&0) => return None,
        _ => {}
    }
    out.extend_from_slice(bytes);
    if matches!(ty, Ty::ZString) {
        out.push(0);
    }
    Some(())
}

/// Encodes the items of a list of structs (or of single values, for a
/// struct of one field), as `codec::encode_items` does; gives back how
/// many there were.
pub(super) fn encode_items(
    fields: &'static [FieldDef],
    t: &mut Text<'_>,
    earlier: &mut Earlier,
    depth: usize,
    out: &mut Vec<u8>,
    cx: Enc<'_>,
) -> Option<usize> {
    if !t.eat(b'[') {
        return None;
    }
    let mut count = 0;
    if t.eat(b']') {
        return Some(count);
    }
    loop {
        let mark = earlier.len();
        if let [single] = fields {
            encode_ty_text(&single.ty, t, earlier, depth + 1, out, cx)?;
        } else {
            encode_struct(t, fields, earlier, false, depth + 1, out, cx)?;
        }
        earlier.truncate(mark);
        count += 1;
        if !t.more(b']')? {
            return Some(count);
        }
    }
}
