//! The catalogues against the declarations in the source and against the
//! record types each game has (as xEdit's definitions list them).

use super::catalog;
use crate::plugin::Game;
use std::collections::BTreeSet;

/// Oblivion's record types: the top groups in xEdit's group order, then
/// the records that live inside groups of other records.
const OBLIVION_TYPES: &[&str] = &[
    "GMST", "GLOB", "CLAS", "FACT", "HAIR", "EYES", "RACE", "SOUN", "SKIL", "MGEF", "SCPT", "LTEX",
    "ENCH", "SPEL", "BSGN", "ACTI", "APPA", "ARMO", "BOOK", "CLOT", "CONT", "DOOR", "INGR", "LIGH",
    "MISC", "STAT", "GRAS", "TREE", "FLOR", "FURN", "WEAP", "AMMO", "NPC_", "PLYR", "CREA", "LVLC",
    "SLGM", "KEYM", "ALCH", "SBSP", "SGST", "LVLI", "WTHR", "CLMT", "REGN", "CELL", "WRLD", "DIAL",
    "QUST", "IDLE", "PACK", "CSTY", "LSCR", "LVSP", "ANIO", "WATR", "EFSH", // top groups
    "TES4", "REFR", "ACHR", "ACRE", "PGRD", "LAND", "ROAD", "INFO",
];

/// Oblivion record types xEdit knows that are not declared: PLYR is the
/// editor's own placeholder for the player, never in a plugin.
const OBLIVION_NOT_DECLARED: &[&str] = &["PLYR"];

/// Skyrim's record types (LE and SE): the top groups in xEdit's group
/// order (VOLI and LENS are SE only), then the records inside groups of
/// other records.
const SKYRIM_TYPES: &[&str] = &[
    "GMST", "KYWD", "LCRT", "AACT", "TXST", "GLOB", "CLAS", "FACT", "HDPT", "HAIR", "EYES", "RACE",
    "SOUN", "ASPC", "MGEF", "SCPT", "LTEX", "ENCH", "SPEL", "SCRL", "ACTI", "TACT", "ARMO", "BOOK",
    "CONT", "DOOR", "INGR", "LIGH", "MISC", "APPA", "STAT", "SCOL", "MSTT", "PWAT", "GRAS", "TREE",
    "CLDC", "FLOR", "FURN", "WEAP", "AMMO", "NPC_", "PLYR", "LVLN", "KEYM", "ALCH", "IDLM", "COBJ",
    "PROJ", "HAZD", "SLGM", "LVLI", "WTHR", "CLMT", "SPGD", "RFCT", "REGN", "NAVI", "CELL", "WRLD",
    "DIAL", "QUST", "IDLE", "PACK", "CSTY", "LSCR", "LVSP", "ANIO", "WATR", "EFSH", "EXPL", "DEBR",
    "IMGS", "IMAD", "FLST", "PERK", "BPTD", "ADDN", "AVIF", "CAMS", "CPTH", "VTYP", "MATT", "IPCT",
    "IPDS", "ARMA", "ECZN", "LCTN", "MESG", "RGDL", "DOBJ", "LGTM", "MUSC", "FSTP", "FSTS", "SMBN",
    "SMQN", "SMEN", "DLBR", "MUST", "DLVW", "WOOP", "SHOU", "EQUP", "RELA", "SCEN", "ASTP", "OTFT",
    "ARTO", "MATO", "VOLI", "MOVT", "SNDR", "DUAL", "SNCT", "SOPM", "COLL", "CLFM", "REVB",
    "LENS", // top groups
    "TES4", "REFR", "ACHR", "PARW", "PBAR", "PBEA", "PCON", "PFLA", "PGRE", "PHZD", "PMIS", "NAVM",
    "LAND", "INFO",
];

/// Skyrim record types xEdit knows that are not declared: PLYR, as in
/// Oblivion.
const SKYRIM_NOT_DECLARED: &[&str] = &["PLYR"];

/// The names of the record declarations in a game's source folder: every
/// `static NAME: RecordDef`, and every call `m!(NAME, …)` of a macro whose
/// body declares `static $name: RecordDef`.
fn declared_in_source(folder: &str) -> Vec<String> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("src/defs")
        .join(folder);
    let mut names = Vec::new();
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        // Subfolders declare other things than records (the save tables).
        if path.is_dir() {
            continue;
        }
        let text = std::fs::read_to_string(path).unwrap();
        let mut macros = Vec::new();
        let mut last_macro = None;
        for line in text.lines() {
            let line = line.trim();
            if let Some(rest) = line.strip_prefix("macro_rules! ") {
                last_macro = rest
                    .split(|c: char| !c.is_alphanumeric() && c != '_')
                    .next();
            }
            let Some((before, after)) = line.split_once(": RecordDef") else {
                continue;
            };
            if !(after.is_empty() || after.starts_with(' ') || after.starts_with(';')) {
                continue;
            }
            let Some(name) = before
                .rsplit(' ')
                .next()
                .filter(|_| before.contains("static "))
            else {
                continue;
            };
            if name.starts_with('$') {
                macros.extend(last_macro);
            } else {
                names.push(name.to_string());
            }
        }
        for m in macros {
            let call = format!("{m}!(");
            for line in text.lines() {
                if let Some(rest) = line.trim().strip_prefix(&call) {
                    names.push(rest.split(',').next().unwrap().trim().to_string());
                }
            }
        }
    }
    names
}

fn check(game: Game, folder: &str, types: &[&str], not_declared: &[&str]) {
    let catalog = catalog(game);
    assert_eq!(catalog.game(), game);
    let sigs: Vec<String> = catalog.iter().map(|d| d.sig.to_string()).collect();
    let unique: BTreeSet<&String> = sigs.iter().collect();
    assert_eq!(
        unique.len(),
        sigs.len(),
        "{game:?}: a type is in the catalogue twice: {sigs:?}"
    );
    for def in catalog.iter() {
        assert!(
            std::ptr::eq(catalog.find(def.sig).unwrap(), def),
            "{game:?}: {} is not found as itself",
            def.sig
        );
    }

    // Every declaration in the source, named by its signature, is in the
    // catalogue, and the catalogue holds nothing else.
    let mut in_source = declared_in_source(folder);
    in_source.sort();
    let mut listed: Vec<String> = sigs.clone();
    listed.sort();
    assert_eq!(
        in_source, listed,
        "{game:?}: the declarations in src/defs/{folder} and the catalogue differ"
    );

    // The catalogue against the game's record types.
    let known: BTreeSet<&str> = types.iter().copied().collect();
    assert_eq!(known.len(), types.len(), "{game:?}: a type listed twice");
    let unknown: Vec<&String> = sigs
        .iter()
        .filter(|s| !known.contains(s.as_str()))
        .collect();
    assert!(
        unknown.is_empty(),
        "{game:?}: declared but not a record type of the game: {unknown:?}"
    );
    let missing: Vec<&str> = types
        .iter()
        .copied()
        .filter(|t| !unique.contains(&t.to_string()))
        .collect();
    assert_eq!(missing, not_declared, "{game:?}: record types not declared");
}

#[test]
fn oblivion_catalogue_holds_every_declaration_once() {
    check(
        Game::Oblivion,
        "oblivion",
        OBLIVION_TYPES,
        OBLIVION_NOT_DECLARED,
    );
}

#[test]
fn skyrim_catalogue_holds_every_declaration_once() {
    check(Game::Skyrim, "skyrim", SKYRIM_TYPES, SKYRIM_NOT_DECLARED);
}

#[test]
fn find_misses_undeclared_types() {
    use crate::io::Sig;
    for game in [Game::Oblivion, Game::Skyrim] {
        assert!(catalog(game).find(Sig(*b"PLYR")).is_none());
        assert!(catalog(game).find(Sig(*b"\0\0\0\0")).is_none());
        assert!(catalog(game).find(Sig(*b"ZZZZ")).is_none());
        assert!(catalog(game).find(Sig(*b"PACK")).is_some());
    }
}

/// The form ID fields of a game's declarations: (record, field, targets),
/// targets empty where any record type will do.
fn form_id_fields(game: Game) -> Vec<(String, String, Vec<String>)> {
    use crate::schema::types::{Field, FieldDef, Match, Member, Ty};
    fn ty(t: &Ty, at: &str, out: &mut Vec<(String, Vec<String>)>) {
        match t {
            Ty::FormId => out.push((at.to_string(), Vec::new())),
            Ty::FormIdOf(targets) => out.push((
                at.to_string(),
                targets
                    .iter()
                    .map(|s| String::from_utf8_lossy(&s[..]).into_owned())
                    .collect(),
            )),
            Ty::Select(s) => {
                for (test, case) in s.cases {
                    // Cases of one field apart: which functions a
                    // condition parameter's case holds, say.
                    let at = match test {
                        Match::OneOf(values) => format!("{at} ({} {values:?})", s.field),
                        _ => at.to_string(),
                    };
                    ty(case, &at, out);
                }
                ty(&s.default, at, out);
            }
            Ty::If(i) => ty(&i.ty, at, out),
            Ty::Struct(fs) | Ty::List(_, fs) | Ty::ListBy(_, fs) | Ty::Rest(fs) => {
                fields(fs, at, out)
            }
            _ => {}
        }
    }
    fn fields(fs: &[FieldDef], at: &str, out: &mut Vec<(String, Vec<String>)>) {
        for fd in fs {
            ty(&fd.ty, &format!("{at}.{}", fd.name), out);
        }
    }
    fn field(fl: &Field, at: &str, out: &mut Vec<(String, Vec<String>)>) {
        match fl {
            Field::Value(t) => ty(t, at, out),
            Field::Struct(fs) | Field::Array(fs) => fields(fs, at, out),
            Field::BySize(cases) => cases.iter().for_each(|(_, c)| field(c, at, out)),
            Field::ByFit(cases) => cases.iter().for_each(|c| field(c, at, out)),
            Field::BySibling { cases, default, .. } => {
                cases.iter().for_each(|(_, c)| field(c, at, out));
                field(default, at, out);
            }
            _ => {}
        }
    }
    fn members(ms: &[Member], out: &mut Vec<(String, Vec<String>)>) {
        for m in ms {
            match m {
                Member::Sub(s) => field(&s.field, s.name, out),
                Member::Group(g) => members(g.members, out),
                Member::Paired(p) => {
                    members(p.items, out);
                    field(&p.key.field, p.key.name, out);
                }
            }
        }
    }
    let mut out = Vec::new();
    for def in catalog(game).iter() {
        let mut found = Vec::new();
        members(def.members, &mut found);
        out.extend(
            found
                .into_iter()
                .map(|(at, targets)| (def.sig.to_string(), at, targets)),
        );
    }
    out
}

fn check_targets(game: Game, types: &[&str]) -> (usize, usize) {
    let declared: BTreeSet<String> = catalog(game).iter().map(|d| d.sig.to_string()).collect();
    let fields = form_id_fields(game);
    for (record, at, targets) in &fields {
        for t in targets {
            assert!(
                declared.contains(t) && types.contains(&t.as_str()),
                "{record} {at} names {t}, which is not a declared {game:?} record type"
            );
        }
    }
    let targeted = fields.iter().filter(|(_, _, t)| !t.is_empty()).count();
    (targeted, fields.len() - targeted)
}

#[test]
fn oblivion_form_id_targets_are_declared_record_types() {
    let (targeted, any) = check_targets(Game::Oblivion, OBLIVION_TYPES);
    assert!(targeted > 90, "{targeted} targeted, {any} not");
}

#[test]
fn skyrim_form_id_targets_are_declared_record_types() {
    let (targeted, any) = check_targets(Game::Skyrim, SKYRIM_TYPES);
    assert!(targeted > 380, "{targeted} targeted, {any} not");
}

/// Form ID fields that may point to a record of any type by design, as
/// (record type or "" for any, the end of the field's path, why).
const ANY_BY_DESIGN: &[(&str, &str, &str)] = &[
    (
        "",
        "properties.value.form_id",
        "a script property holds any form",
    ),
    (
        "",
        "properties.value.object.form_id",
        "a script property holds any form",
    ),
    (
        "",
        "aliases.object.form_id",
        "a script's object is any form",
    ),
    (
        "",
        "parameter_2 (function [576])",
        "event data is any form, by the event",
    ),
    ("FLST", "forms", "a form list lists any forms"),
    ("DOBJ", "objects.object", "a default object is any form"),
    ("INFO", "objects", "a script names any form"),
    ("QUST", "objects", "a script names any form"),
    ("SCPT", "objects", "a script names any form"),
    ("", "unused_references", "a script names any form"),
    ("SCEN", "references", "a script names any form"),
    ("INFO", "form", "a script's leftover names any form"),
];

/// Why a form ID field without targets may point to any type, if by
/// design.
/// The path is matched as given, then without its cases' notes.
fn any_by_design(record: &str, at: &str) -> Option<&'static str> {
    let mut plain = String::new();
    let mut depth = 0;
    for c in at.chars() {
        match c {
            '(' => {
                if depth == 0 && plain.ends_with(' ') {
                    plain.pop();
                }
                depth += 1
            }
            ')' => depth -= 1,
            _ if depth == 0 => plain.push(c),
            _ => {}
        }
    }
    ANY_BY_DESIGN
        .iter()
        .find(|(sig, end, _)| {
            (sig.is_empty() || *sig == record) && (at.ends_with(end) || plain.ends_with(end))
        })
        .map(|(_, _, why)| *why)
}

/// Form ID fields as (record type, field).
type Fields = Vec<(String, String)>;

/// The form ID fields without targets of a game: those that may point to
/// any type by design, and the others.
fn untargeted(game: Game) -> (Fields, Fields) {
    form_id_fields(game)
        .into_iter()
        .filter(|(_, _, t)| t.is_empty())
        .map(|(record, at, _)| (record, at))
        .partition(|(record, at)| any_by_design(record, at).is_some())
}

/// How many form ID fields of each game have no targets, though they could
/// have: kept from growing (and lowered as targets are declared).
#[test]
fn untargeted_form_id_fields_are_counted() {
    for (game, any, without) in [(Game::Oblivion, 3, 0), (Game::Skyrim, 177, 8)] {
        let (by_design, rest) = untargeted(game);
        assert_eq!(
            (by_design.len(), rest.len()),
            (any, without),
            "{game:?}: {rest:?}"
        );
    }
}

/// Prints how many form ID fields name their targets, per game, and the
/// ones that do not: apart, those that may point to any type by design
/// (`cargo test -p esscribe --lib form_id_target_counts -- --ignored
/// --nocapture`).
#[test]
#[ignore = "a report, not a check"]
fn form_id_target_counts() {
    for game in [Game::Oblivion, Game::Skyrim] {
        let fields = form_id_fields(game);
        let (by_design, rest) = untargeted(game);
        println!(
            "{game:?}: {} form ID fields, {} with targets, {} any type by design, {} without",
            fields.len(),
            fields.len() - by_design.len() - rest.len(),
            by_design.len(),
            rest.len()
        );
        for (record, at) in rest {
            println!("  {record} {at}");
        }
        println!("  any type by design:");
        for (record, at) in by_design {
            println!(
                "    {record} {at}: {}",
                any_by_design(&record, &at).unwrap()
            );
        }
    }
}

/// Every name a declaration gives (members, fields, bit ranges) is a
/// plain word of letters, digits and `_`: JSON keys are printed without
/// looking for characters to escape, and names are typed in code. No
/// struct names two fields alike: its fields are printed as its keys
/// without looking for one met before, and read back by name.
#[test]
fn declared_names_are_plain_words_and_a_structs_own() {
    use crate::schema::types::{Field, FieldDef, Member, Ty};
    fn plain(name: &str, names: &mut usize) {
        *names += 1;
        assert!(
            !name.is_empty() && name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_'),
            "{name:?} is not a plain word"
        );
    }
    fn ty(t: &Ty, names: &mut usize) {
        match t {
            Ty::Bits(_, bits) => bits.iter().for_each(|b| plain(b.name, names)),
            Ty::Select(s) => {
                s.cases.iter().for_each(|(_, case)| ty(case, names));
                ty(&s.default, names);
            }
            Ty::If(i) => ty(&i.ty, names),
            Ty::Struct(fs) | Ty::List(_, fs) | Ty::ListBy(_, fs) | Ty::Rest(fs) => {
                fields(fs, names)
            }
            _ => {}
        }
    }
    fn fields(fs: &[FieldDef], names: &mut usize) {
        for (i, fd) in fs.iter().enumerate() {
            plain(fd.name, names);
            assert!(
                !fs[..i].iter().any(|other| other.name == fd.name),
                "{:?} names two fields of one struct",
                fd.name
            );
            ty(&fd.ty, names);
        }
    }
    fn field(fl: &Field, names: &mut usize) {
        match fl {
            Field::Value(t) => ty(t, names),
            Field::Struct(fs) | Field::Array(fs) => fields(fs, names),
            Field::BySize(cases) => cases.iter().for_each(|(_, c)| field(c, names)),
            Field::ByFit(cases) => cases.iter().for_each(|c| field(c, names)),
            Field::BySibling { cases, default, .. } => {
                cases.iter().for_each(|(_, c)| field(c, names));
                field(default, names);
            }
            _ => {}
        }
    }
    fn members(ms: &[Member], names: &mut usize) {
        for m in ms {
            match m {
                Member::Sub(s) => {
                    plain(s.name, names);
                    field(&s.field, names);
                }
                Member::Group(g) => {
                    plain(g.name, names);
                    members(g.members, names);
                }
                Member::Paired(p) => {
                    plain(p.name, names);
                    plain(p.key_name, names);
                    plain(p.key.name, names);
                    members(p.items, names);
                    field(&p.key.field, names);
                }
            }
        }
    }
    for game in [Game::Oblivion, Game::Skyrim] {
        let mut names = 0;
        for def in catalog(game).iter() {
            members(def.members, &mut names);
        }
        assert!(names > 1500, "{game:?}: only {names} names");
    }
}

/// Every count a declaration marks as a list's count is a number, and
/// names a list among its own siblings: edits keep the two in step.
#[test]
fn every_declared_count_names_a_sibling_list() {
    use crate::schema::types::{Field, Member, Occurs, Ty};
    fn walk(sig: &str, members: &'static [Member], found: &mut usize) {
        for m in members {
            match m {
                Member::Sub(s) => {
                    let Some(list) = s.counts else { continue };
                    assert!(
                        matches!(s.field, Field::Value(Ty::Int(_))),
                        "{sig} {}: a count that is not an integer",
                        s.name
                    );
                    let lists = members.iter().any(|o| match o {
                        Member::Sub(l) => {
                            l.name == list
                                && (l.occurs == Occurs::Repeating
                                    || matches!(l.field, Field::Array(_)))
                        }
                        Member::Group(g) => g.name == list && g.occurs == Occurs::Repeating,
                        Member::Paired(p) => p.name == list,
                    });
                    assert!(
                        lists,
                        "{sig} {}: counts {list:?}, no such list beside it",
                        s.name
                    );
                    *found += 1;
                }
                Member::Group(g) => walk(sig, g.members, found),
                Member::Paired(p) => walk(sig, p.items, found),
            }
        }
    }
    for game in [Game::Oblivion, Game::Skyrim] {
        let mut found = 0;
        for def in catalog(game).iter() {
            walk(&def.sig.to_string(), def.members, &mut found);
        }
        if game == Game::Skyrim {
            // KSIZ, COCT, CITC, SPCT, PRKZ, LLCT, LFSP, QNAM and IDLC, in
            // every declaration that holds them.
            assert!(found > 40, "{found} counts declared");
        }
    }
}
