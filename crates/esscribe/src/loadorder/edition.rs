//! Which game a load order is of, down to the edition where the rules
//! differ (Skyrim LE and SE), and the rules each game follows: which files
//! are plugins, which count as masters or light plugins, which load early
//! and which are active whatever the lists say.
//!
//! The rules are those of libloadorder, the library LOOT uses to read and
//! write load orders.

use crate::plugin::{extension_is, Game, FLAG_LIGHT, FLAG_MASTER};
use std::fmt;

/// A game whose load order esscribe reads, by the rules it follows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Edition {
    /// The Elder Scrolls IV: Oblivion: plugins.txt says what is active,
    /// the files' modification times give the order.
    Oblivion,
    /// Skyrim (2011, "Legendary Edition"): loadorder.txt gives the order,
    /// plugins.txt what is active; no light plugins.
    SkyrimLe,
    /// Skyrim Special Edition and Anniversary Edition: plugins.txt gives
    /// the order, `*` marks the active lines; `.esl` files and
    /// light-flagged plugins take the FE slots.
    SkyrimSe,
}

/// How a game orders its plugins.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Method {
    /// By the files' modification times (Oblivion).
    Timestamp,
    /// By loadorder.txt, or plugins.txt without it (Skyrim LE).
    Textfile,
    /// By plugins.txt, `*` marking the active lines (Skyrim SE).
    Asterisk,
}

/// What a plugin's header says that tells the game apart: read from each
/// plugin of a folder or a list.
#[derive(Debug, Clone)]
pub struct HeaderFacts {
    /// The plugin's file name.
    pub name: String,
    /// The container layout it was read with.
    pub game: Game,
    /// HEDR's version (Oblivion 1.0; Skyrim LE 0.94; SE 1.7 or 1.71).
    pub version: Option<f32>,
    /// The header record's form version (Skyrim: 43 LE, 44 SE).
    pub form_version: u16,
    /// The header record's flags.
    pub flags: u32,
}

impl Edition {
    /// The container layout of the game's files.
    pub fn game(self) -> Game {
        match self {
            Edition::Oblivion => Game::Oblivion,
            Edition::SkyrimLe | Edition::SkyrimSe => Game::Skyrim,
        }
    }

    /// The name for people: `Oblivion`, `Skyrim LE`, `Skyrim SE`.
    pub fn name(self) -> &'static str {
        match self {
            Edition::Oblivion => "Oblivion",
            Edition::SkyrimLe => "Skyrim LE",
            Edition::SkyrimSe => "Skyrim SE",
        }
    }

    /// How the game orders its plugins.
    pub fn method(self) -> Method {
        match self {
            Edition::Oblivion => Method::Timestamp,
            Edition::SkyrimLe => Method::Textfile,
            Edition::SkyrimSe => Method::Asterisk,
        }
    }

    /// Whether the game reads a file of this name as a plugin: `.esm` and
    /// `.esp`, and in Skyrim SE `.esl`, ghosted (`.ghost` after it) or not.
    pub fn takes_file(self, file_name: &str) -> bool {
        let name = trim_ghost(file_name);
        extension_is(name, "esm")
            || extension_is(name, "esp")
            || (self == Edition::SkyrimSe && extension_is(name, "esl"))
    }

    /// Whether a plugin loads as a master: its master flag, or in Skyrim
    /// SE the `.esm` or `.esl` extension whatever the flag says.
    pub fn is_master(self, flags: u32, name: &str) -> bool {
        let name = trim_ghost(name);
        flags & FLAG_MASTER != 0
            || (self == Edition::SkyrimSe
                && (extension_is(name, "esm") || extension_is(name, "esl")))
    }

    /// Whether a plugin takes a light slot (FE): in Skyrim SE only, by its
    /// light flag or the `.esl` extension.
    pub fn is_light(self, flags: u32, name: &str) -> bool {
        self == Edition::SkyrimSe
            && (flags & FLAG_LIGHT != 0 || extension_is(trim_ghost(name), "esl"))
    }

    /// Whether the game has light slots.
    pub fn has_light_slots(self) -> bool {
        self == Edition::SkyrimSe
    }

    /// The plugins the game itself loads first, in this order, when they
    /// are there (Skyrim SE adds the Creation Club plugins of `Skyrim.ccc`
    /// after these).
    pub fn early_loaders(self) -> &'static [&'static str] {
        match self {
            Edition::Oblivion => &[],
            Edition::SkyrimLe => &["Skyrim.esm"],
            Edition::SkyrimSe => &[
                "Skyrim.esm",
                "Update.esm",
                "Dawnguard.esm",
                "HearthFires.esm",
                "Dragonborn.esm",
            ],
        }
    }

    /// Plugins active whatever the lists say that do not load early:
    /// Skyrim LE's Update.esm, which loads where the order puts it.
    pub fn late_implicit(self) -> &'static [&'static str] {
        match self {
            Edition::SkyrimLe => &["Update.esm"],
            _ => &[],
        }
    }

    /// Tells the game from the headers of its plugins, and says how:
    ///
    /// - the game's own master decides: `Oblivion.esm`, or `Skyrim.esm`
    ///   whose header is version 0.94 in Skyrim LE and 1.7 or 1.71 in SE;
    /// - without it, the plugins' layout tells Oblivion from Skyrim, and a
    ///   Skyrim plugin only SE writes (light flag, `.esl`, form version 44,
    ///   header version 1.7 or later) tells SE; plugins all of version
    ///   0.94 tell LE;
    /// - with no plugin at all, Skyrim SE is assumed.
    pub fn detect(plugins: &[HeaderFacts]) -> (Edition, String) {
        let named = |n: &str| {
            plugins
                .iter()
                .find(|p| trim_ghost(&p.name).eq_ignore_ascii_case(n))
        };
        if let Some(p) = named("Oblivion.esm").filter(|p| p.game == Game::Oblivion) {
            return (Edition::Oblivion, format!("{} is there", p.name));
        }
        if let Some(p) = named("Skyrim.esm").filter(|p| p.game == Game::Skyrim) {
            let v = p.version.unwrap_or(0.0);
            let edition = if v < 1.0 {
                Edition::SkyrimLe
            } else {
                Edition::SkyrimSe
            };
            return (edition, format!("{}'s header is version {v:.2}", p.name));
        }
        let Some(first) = plugins.first() else {
            return (
                Edition::SkyrimSe,
                "no plugin to tell the game by: Skyrim SE assumed".into(),
            );
        };
        if first.game == Game::Oblivion {
            return (
                Edition::Oblivion,
                format!("{} has Oblivion's layout", first.name),
            );
        }
        let skyrim = plugins.iter().filter(|p| p.game == Game::Skyrim);
        for p in skyrim.clone() {
            let why = if extension_is(trim_ghost(&p.name), "esl") {
                Some("is an .esl file".to_string())
            } else if p.flags & FLAG_LIGHT != 0 {
                Some("is flagged light".to_string())
            } else if p.form_version >= 44 {
                Some(format!("has form version {}", p.form_version))
            } else if p.version.is_some_and(|v| v >= 1.0) {
                Some(format!(
                    "has header version {:.2}",
                    p.version.unwrap_or(0.0)
                ))
            } else {
                None
            };
            if let Some(why) = why {
                return (
                    Edition::SkyrimSe,
                    format!("no Skyrim.esm; {} {why}, as only Skyrim SE writes", p.name),
                );
            }
        }
        (
            Edition::SkyrimLe,
            "no Skyrim.esm; every plugin's header is version 0.94, as Skyrim LE writes".into(),
        )
    }
}

/// A file name without the `.ghost` a mod manager adds to hide a plugin
/// from the game (`Mod.esp.ghost` is `Mod.esp`).
pub fn trim_ghost(name: &str) -> &str {
    match name.len().checked_sub(6) {
        Some(at) if name.is_char_boundary(at) && name[at..].eq_ignore_ascii_case(".ghost") => {
            &name[..at]
        }
        _ => name,
    }
}

impl fmt::Display for Edition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for Edition {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        let key: String = s
            .chars()
            .filter(|c| c.is_ascii_alphanumeric())
            .map(|c| c.to_ascii_lowercase())
            .collect();
        match key.as_str() {
            "oblivion" | "tes4" => Ok(Edition::Oblivion),
            "skyrimle" | "le" | "skyrimlegendary" => Ok(Edition::SkyrimLe),
            "skyrimse" | "se" | "sse" | "skyrimae" | "ae" => Ok(Edition::SkyrimSe),
            _ => Err(format!(
                "unknown game {s:?} (oblivion, skyrim-le or skyrim-se)"
            )),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn facts(name: &str, game: Game, version: f32, form_version: u16, flags: u32) -> HeaderFacts {
        HeaderFacts {
            name: name.into(),
            game,
            version: Some(version),
            form_version,
            flags,
        }
    }

    #[test]
    fn the_main_master_tells_the_edition() {
        let le = [
            facts("Mod.esp", Game::Skyrim, 1.7, 44, 0),
            facts("skyrim.esm", Game::Skyrim, 0.94, 40, 1),
        ];
        assert_eq!(
            Edition::detect(&le),
            (
                Edition::SkyrimLe,
                "skyrim.esm's header is version 0.94".to_string()
            )
        );
        let se = [facts("Skyrim.esm", Game::Skyrim, 1.71, 44, 1)];
        assert_eq!(Edition::detect(&se).0, Edition::SkyrimSe);
        let ob = [facts("Oblivion.esm", Game::Oblivion, 1.0, 0, 1)];
        assert_eq!(Edition::detect(&ob).0, Edition::Oblivion);
        let plugins = [
            facts("A.esp", Game::Skyrim, 0.94, 43, 0),
            facts("B.esp", Game::Skyrim, 0.94, 43, 0x200),
        ];
        assert_eq!(
            Edition::detect(&plugins),
            (
                Edition::SkyrimSe,
                "no Skyrim.esm; B.esp is flagged light, as only Skyrim SE writes".to_string()
            )
        );
        assert_eq!(Edition::detect(&plugins[..1]).0, Edition::SkyrimLe);
        assert_eq!(Edition::detect(&[]).0, Edition::SkyrimSe);
    }

    #[test]
    fn rules_differ_by_edition() {
        assert!(Edition::SkyrimSe.is_master(0, "Flagless.esm"));
        assert!(!Edition::SkyrimLe.is_master(0, "Flagless.esm"));
        assert!(Edition::SkyrimSe.is_light(0, "Small.esl.ghost"));
        assert!(!Edition::SkyrimLe.is_light(FLAG_LIGHT, "Small.esp"));
        assert!(!Edition::SkyrimLe.takes_file("Small.esl"));
        assert!(Edition::Oblivion.takes_file("Mod.ESP.GHOST"));
        assert_eq!(trim_ghost("Mod.esp.Ghost"), "Mod.esp");
        assert_eq!(trim_ghost("é.ghost"), "é");
        assert_eq!("Skyrim-SE".parse(), Ok(Edition::SkyrimSe));
        assert!("skyrim".parse::<Edition>().is_err());
    }
}
