//! Bash Tags: what each plugin asks the merged patch to take from it, read
//! from its description (`{{BASH:Names,Stats}}`) and from a tags file, and
//! the fields each tag covers, per record type, declared once in
//! [`TAG_FIELDS`].

use crate::io::{Error, Result};
use std::collections::{BTreeMap, BTreeSet};

/// A Bash Tag the merged patch understands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize)]
pub enum Tag {
    /// Changed level and count of leveled list entries it keeps, taken.
    Relev,
    /// Leveled list entries it removes (from its masters' version), removed.
    Delev,
    /// Names (FULL).
    Names,
    /// Value, weight, damage and the other numbers of items.
    Stats,
    /// Models and icons.
    Graphics,
    /// Sounds.
    Sound,
    /// Container and actor inventories, merged as leveled lists are.
    Invent,
    /// Keywords.
    Keywords,
    /// An actor's factions.
    Factions,
    /// An actor's AI packages.
    ActorsAiPackages,
    /// An actor's spells.
    ActorsSpells,
    /// An actor's class.
    NpcClass,
    /// Attached scripts.
    Scripts,
}

impl Tag {
    /// Every tag, in the order reports list them.
    pub const ALL: [Tag; 13] = [
        Tag::Relev,
        Tag::Delev,
        Tag::Names,
        Tag::Stats,
        Tag::Graphics,
        Tag::Sound,
        Tag::Invent,
        Tag::Keywords,
        Tag::Factions,
        Tag::ActorsAiPackages,
        Tag::ActorsSpells,
        Tag::NpcClass,
        Tag::Scripts,
    ];

    /// The tag's name as plugins and tags files write it (`Actors.Spells`).
    pub fn name(self) -> &'static str {
        match self {
            Tag::Relev => "Relev",
            Tag::Delev => "Delev",
            Tag::Names => "Names",
            Tag::Stats => "Stats",
            Tag::Graphics => "Graphics",
            Tag::Sound => "Sound",
            Tag::Invent => "Invent",
            Tag::Keywords => "Keywords",
            Tag::Factions => "Factions",
            Tag::ActorsAiPackages => "Actors.AIPackages",
            Tag::ActorsSpells => "Actors.Spells",
            Tag::NpcClass => "NPC.Class",
            Tag::Scripts => "Scripts",
        }
    }

    /// The tag a name stands for, in any case.
    pub fn parse(name: &str) -> Option<Tag> {
        Tag::ALL
            .into_iter()
            .find(|t| t.name().eq_ignore_ascii_case(name.trim()))
    }
}

impl std::fmt::Display for Tag {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// Which games a row of [`TAG_FIELDS`] is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Games {
    Oblivion,
    Skyrim,
    Both,
}

/// The fields a tag imports in records of one type: top-level fields by
/// their JSON names, whole (a subrecord or a group of them).
pub(crate) struct TagFields {
    pub tag: Tag,
    pub games: Games,
    pub sigs: &'static [&'static [u8; 4]],
    pub fields: &'static [&'static str],
}

const fn row(
    tag: Tag,
    games: Games,
    sigs: &'static [&'static [u8; 4]],
    fields: &'static [&'static str],
) -> TagFields {
    TagFields {
        tag,
        games,
        sigs,
        fields,
    }
}

use Games::{Both, Oblivion, Skyrim};

/// Record types and fields of each tag (after Wrye Bash's importers; a
/// whole subrecord stands for the numbers kept in it). Inventories and
/// leveled lists are merged entry by entry instead (see `merge`).
pub(crate) static TAG_FIELDS: &[TagFields] = &[
    row(
        Tag::Names,
        Both,
        &[
            b"ALCH", b"AMMO", b"APPA", b"ARMO", b"BOOK", b"CLAS", b"CONT", b"DOOR", b"EYES",
            b"FACT", b"FLOR", b"FURN", b"INGR", b"KEYM", b"LIGH", b"MGEF", b"MISC", b"NPC_",
            b"RACE", b"SLGM", b"SPEL", b"WEAP", b"ACTI", b"ENCH", b"QUST",
        ],
        &["name"],
    ),
    row(
        Tag::Names,
        Oblivion,
        &[b"CLOT", b"CREA", b"SGST", b"HAIR"],
        &["name"],
    ),
    row(
        Tag::Names,
        Skyrim,
        &[
            b"SCRL", b"SHOU", b"TACT", b"MESG", b"PERK", b"LCTN", b"HAZD", b"EXPL",
        ],
        &["name"],
    ),
    row(Tag::Stats, Skyrim, &[b"ALCH"], &["weight", "data"]),
    row(Tag::Stats, Skyrim, &[b"AMMO"], &["data"]),
    row(
        Tag::Stats,
        Skyrim,
        &[
            b"APPA", b"BOOK", b"INGR", b"KEYM", b"MISC", b"SLGM", b"LIGH",
        ],
        &["data"],
    ),
    row(Tag::Stats, Skyrim, &[b"ARMO"], &["data", "armor_rating"]),
    row(
        Tag::Stats,
        Skyrim,
        &[b"WEAP"],
        &["data", "data_2", "critical_data"],
    ),
    row(
        Tag::Stats,
        Oblivion,
        &[
            b"ALCH", b"AMMO", b"APPA", b"ARMO", b"BOOK", b"CLOT", b"INGR", b"KEYM", b"LIGH",
            b"MISC", b"SGST", b"SLGM", b"WEAP",
        ],
        &["data"],
    ),
    row(
        Tag::Graphics,
        Skyrim,
        &[
            b"ACTI", b"ALCH", b"AMMO", b"APPA", b"BOOK", b"CONT", b"DOOR", b"FLOR", b"FURN",
            b"INGR", b"KEYM", b"LIGH", b"MISC", b"SLGM", b"STAT", b"TREE", b"WEAP",
        ],
        &["model"],
    ),
    row(
        Tag::Graphics,
        Oblivion,
        &[
            b"ACTI", b"CONT", b"DOOR", b"FLOR", b"FURN", b"STAT", b"TREE",
        ],
        &["model"],
    ),
    row(
        Tag::Graphics,
        Oblivion,
        &[
            b"ALCH", b"AMMO", b"APPA", b"BOOK", b"INGR", b"KEYM", b"LIGH", b"MISC", b"SGST",
            b"SLGM", b"WEAP",
        ],
        &["model", "icon"],
    ),
    row(
        Tag::Sound,
        Skyrim,
        &[
            b"ALCH", b"AMMO", b"APPA", b"ARMO", b"BOOK", b"INGR", b"KEYM", b"MISC", b"SLGM",
            b"WEAP",
        ],
        &["pickup_sound", "drop_sound"],
    ),
    row(Tag::Sound, Both, &[b"CONT"], &["open_sound", "close_sound"]),
    row(
        Tag::Sound,
        Skyrim,
        &[b"ACTI"],
        &["looping_sound", "activation_sound"],
    ),
    row(Tag::Sound, Oblivion, &[b"ACTI"], &["sound"]),
    row(
        Tag::Keywords,
        Skyrim,
        &[
            b"ALCH", b"AMMO", b"ARMO", b"BOOK", b"INGR", b"KEYM", b"MISC", b"NPC_", b"SLGM",
            b"WEAP", b"ACTI", b"FLOR", b"FURN", b"RACE", b"SPEL", b"SCRL", b"MGEF", b"LCTN",
        ],
        &["keyword_count", "keywords"],
    ),
    row(Tag::Factions, Skyrim, &[b"NPC_"], &["factions"]),
    row(Tag::Factions, Oblivion, &[b"NPC_", b"CREA"], &["factions"]),
    row(Tag::ActorsAiPackages, Skyrim, &[b"NPC_"], &["packages"]),
    row(
        Tag::ActorsAiPackages,
        Oblivion,
        &[b"NPC_", b"CREA"],
        &["packages"],
    ),
    row(
        Tag::ActorsSpells,
        Skyrim,
        &[b"NPC_"],
        &["spell_count", "spells"],
    ),
    row(
        Tag::ActorsSpells,
        Oblivion,
        &[b"NPC_", b"CREA"],
        &["spells"],
    ),
    row(Tag::NpcClass, Both, &[b"NPC_"], &["class"]),
    row(
        Tag::Scripts,
        Skyrim,
        &[
            b"ACTI", b"APPA", b"ARMO", b"BOOK", b"CONT", b"DOOR", b"FLOR", b"FURN", b"INGR",
            b"KEYM", b"LIGH", b"MISC", b"NPC_", b"WEAP",
        ],
        &["scripts"],
    ),
    row(
        Tag::Scripts,
        Oblivion,
        &[
            b"ACTI", b"ALCH", b"APPA", b"ARMO", b"BOOK", b"CLOT", b"CONT", b"CREA", b"DOOR",
            b"FLOR", b"FURN", b"INGR", b"KEYM", b"LIGH", b"MISC", b"NPC_", b"SGST", b"SLGM",
            b"WEAP",
        ],
        &["script"],
    ),
];

/// The tags of each plugin, by lowercase file name.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Tags {
    by_plugin: BTreeMap<String, BTreeSet<Tag>>,
    /// Tags taken away (`-Tag` in a tags file), to take from the tags
    /// plugins' descriptions give.
    removed: BTreeMap<String, BTreeSet<Tag>>,
}

impl Tags {
    /// No tags.
    pub fn new() -> Tags {
        Tags::default()
    }

    /// Whether `plugin` carries `tag`.
    pub fn has(&self, plugin: &str, tag: Tag) -> bool {
        self.by_plugin
            .get(&plugin.to_ascii_lowercase())
            .is_some_and(|t| t.contains(&tag))
    }

    /// The tags of `plugin`, in order.
    pub fn of(&self, plugin: &str) -> Vec<Tag> {
        self.by_plugin
            .get(&plugin.to_ascii_lowercase())
            .map(|t| t.iter().copied().collect())
            .unwrap_or_default()
    }

    /// Gives `plugin` the tag.
    pub fn add(&mut self, plugin: &str, tag: Tag) {
        let key = plugin.to_ascii_lowercase();
        if let Some(t) = self.removed.get_mut(&key) {
            t.remove(&tag);
        }
        self.by_plugin.entry(key).or_default().insert(tag);
    }

    /// Takes the tag from `plugin`, and remembers it was taken, for
    /// [`Tags::subtract_removed`].
    pub fn remove(&mut self, plugin: &str, tag: Tag) {
        let key = plugin.to_ascii_lowercase();
        if let Some(t) = self.by_plugin.get_mut(&key) {
            t.remove(&tag);
        }
        self.removed.entry(key).or_default().insert(tag);
    }

    /// Takes away every tag `other` took away.
    pub fn subtract_removed(&mut self, other: &Tags) {
        for (plugin, tags) in &other.removed {
            if let Some(t) = self.by_plugin.get_mut(plugin) {
                t.retain(|tag| !tags.contains(tag));
            }
        }
    }

    /// Adds the tags a plugin's description names in `{{BASH:Tag1,Tag2}}`;
    /// names of tags this patch does not know are returned, not kept.
    pub fn add_from_description(&mut self, plugin: &str, description: &str) -> Vec<String> {
        let mut unknown = Vec::new();
        let mut rest = description;
        while let Some(at) = rest.find("{{BASH:") {
            let after = &rest[at + 7..];
            let Some(end) = after.find("}}") else {
                break;
            };
            for name in after[..end].split(',').map(str::trim) {
                match Tag::parse(name) {
                    Some(tag) => self.add(plugin, tag),
                    None if name.is_empty() => {}
                    None => unknown.push(name.to_string()),
                }
            }
            rest = &after[end + 2..];
        }
        unknown
    }

    /// Applies a tags file: one plugin a line, `Plugin.esp: Tag1, -Tag2`
    /// (a tag with `-` is taken away); blank lines and lines starting with
    /// `#` are skipped. A tag not known is an error naming its line.
    pub fn apply_file(&mut self, text: &str, source: &str) -> Result<()> {
        for (k, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let at = |message: String| {
                Error::value("tags", format!("{source} line {}: {message}", k + 1))
            };
            let Some((plugin, tags)) = line.rsplit_once(':') else {
                return Err(at(format!(
                    "expected `Plugin.esp: Tag1, -Tag2`, found {line:?}"
                )));
            };
            let plugin = plugin.trim();
            if plugin.is_empty() {
                return Err(at("no plugin named before the colon".into()));
            }
            for word in tags.split(',').map(str::trim).filter(|w| !w.is_empty()) {
                let (remove, name) = match word.strip_prefix('-') {
                    Some(n) => (true, n.trim()),
                    None => (false, word.strip_prefix('+').unwrap_or(word).trim()),
                };
                let tag = Tag::parse(name).ok_or_else(|| {
                    let known: Vec<&str> = Tag::ALL.iter().map(|t| t.name()).collect();
                    at(format!(
                        "unknown tag {name:?} (known: {})",
                        known.join(", ")
                    ))
                })?;
                if remove {
                    self.remove(plugin, tag);
                } else {
                    self.add(plugin, tag);
                }
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::defs::catalog;
    use crate::io::Sig;
    use crate::plugin::Game;
    use crate::schema::types::Member;

    #[test]
    fn every_field_of_the_table_is_declared() {
        let mut missing = Vec::new();
        for row in TAG_FIELDS {
            let games: &[Game] = match row.games {
                Games::Oblivion => &[Game::Oblivion],
                Games::Skyrim => &[Game::Skyrim],
                Games::Both => &[Game::Oblivion, Game::Skyrim],
            };
            for game in games {
                for sig in row.sigs {
                    let Some(def) = catalog(*game).find(Sig(**sig)) else {
                        missing.push(format!("{game:?} declares no {}", Sig(**sig)));
                        continue;
                    };
                    for field in row.fields {
                        let found = def.members.iter().any(|m| match m {
                            Member::Sub(s) => s.name == *field,
                            Member::Group(g) => g.name == *field,
                            Member::Paired(p) => p.name == *field,
                        });
                        if !found {
                            missing.push(format!(
                                "{} {game:?} {}: no field {field:?}",
                                row.tag,
                                Sig(**sig)
                            ));
                        }
                    }
                }
            }
        }
        assert!(missing.is_empty(), "{missing:#?}");
    }

    #[test]
    fn description_tags_are_read() {
        let mut tags = Tags::new();
        let unknown =
            tags.add_from_description("A.esp", "A mod.\n{{BASH:Names, Stats,Bogus}} more");
        assert_eq!(unknown, ["Bogus"]);
        assert_eq!(tags.of("a.ESP"), [Tag::Names, Tag::Stats]);
    }

    #[test]
    fn tags_file_adds_removes_and_names_the_bad_line() {
        let mut tags = Tags::new();
        tags.add("B.esp", Tag::Delev);
        tags.apply_file(
            "# comment\nA.esp: Relev, Actors.Spells\n\nB.esp: -Delev, Invent\n",
            "tags.txt",
        )
        .unwrap();
        assert_eq!(tags.of("A.esp"), [Tag::Relev, Tag::ActorsSpells]);
        assert_eq!(tags.of("B.esp"), [Tag::Invent]);
        let e = tags
            .apply_file("A.esp: Names\nC.esp: Names, Nmaes\n", "tags.txt")
            .unwrap_err();
        assert!(
            e.to_string()
                .contains("tags.txt line 2: unknown tag \"Nmaes\""),
            "{e}"
        );
        let e = tags.apply_file("just words\n", "t").unwrap_err();
        assert!(e.to_string().contains("t line 1"), "{e}");
    }
}
