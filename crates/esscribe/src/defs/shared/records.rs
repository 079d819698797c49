//! The record types both games declare, by signature and the title both
//! give them. A game's declaration takes its type from here and adds its
//! own members.

use crate::schema::types::RecordDef;

/// Placed NPC (ACHR).
pub const ACHR: RecordDef = RecordDef::named(b"ACHR", "Placed NPC");
/// Activator (ACTI).
pub const ACTI: RecordDef = RecordDef::named(b"ACTI", "Activator");
/// Potion (ALCH).
pub const ALCH: RecordDef = RecordDef::named(b"ALCH", "Potion");
/// Ammunition (AMMO).
pub const AMMO: RecordDef = RecordDef::named(b"AMMO", "Ammunition");
/// Animated object (ANIO).
pub const ANIO: RecordDef = RecordDef::named(b"ANIO", "Animated object");
/// Alchemical apparatus (APPA).
pub const APPA: RecordDef = RecordDef::named(b"APPA", "Alchemical apparatus");
/// Armor (ARMO).
pub const ARMO: RecordDef = RecordDef::named(b"ARMO", "Armor");
/// Book (BOOK).
pub const BOOK: RecordDef = RecordDef::named(b"BOOK", "Book");
/// Cell (CELL).
pub const CELL: RecordDef = RecordDef::named(b"CELL", "Cell");
/// Class (CLAS).
pub const CLAS: RecordDef = RecordDef::named(b"CLAS", "Class");
/// Climate (CLMT).
pub const CLMT: RecordDef = RecordDef::named(b"CLMT", "Climate");
/// Container (CONT).
pub const CONT: RecordDef = RecordDef::named(b"CONT", "Container");
/// Combat style (CSTY).
pub const CSTY: RecordDef = RecordDef::named(b"CSTY", "Combat style");
/// Dialogue topic (DIAL).
pub const DIAL: RecordDef = RecordDef::named(b"DIAL", "Dialogue topic");
/// Door (DOOR).
pub const DOOR: RecordDef = RecordDef::named(b"DOOR", "Door");
/// Effect shader (EFSH).
pub const EFSH: RecordDef = RecordDef::named(b"EFSH", "Effect shader");
/// Enchantment (ENCH).
pub const ENCH: RecordDef = RecordDef::named(b"ENCH", "Enchantment");
/// Eyes (EYES).
pub const EYES: RecordDef = RecordDef::named(b"EYES", "Eyes");
/// Faction (FACT).
pub const FACT: RecordDef = RecordDef::named(b"FACT", "Faction");
/// Flora (FLOR).
pub const FLOR: RecordDef = RecordDef::named(b"FLOR", "Flora");
/// Furniture (FURN).
pub const FURN: RecordDef = RecordDef::named(b"FURN", "Furniture");
/// Global variable (GLOB).
pub const GLOB: RecordDef = RecordDef::named(b"GLOB", "Global variable");
/// Game setting (GMST).
pub const GMST: RecordDef = RecordDef::named(b"GMST", "Game setting");
/// Grass (GRAS).
pub const GRAS: RecordDef = RecordDef::named(b"GRAS", "Grass");
/// Idle animation (IDLE).
pub const IDLE: RecordDef = RecordDef::named(b"IDLE", "Idle animation");
/// Dialogue response (INFO).
pub const INFO: RecordDef = RecordDef::named(b"INFO", "Dialogue response");
/// Ingredient (INGR).
pub const INGR: RecordDef = RecordDef::named(b"INGR", "Ingredient");
/// Key (KEYM).
pub const KEYM: RecordDef = RecordDef::named(b"KEYM", "Key");
/// Landscape (LAND).
pub const LAND: RecordDef = RecordDef::named(b"LAND", "Landscape");
/// Light (LIGH).
pub const LIGH: RecordDef = RecordDef::named(b"LIGH", "Light");
/// Load screen (LSCR).
pub const LSCR: RecordDef = RecordDef::named(b"LSCR", "Load screen");
/// Landscape texture (LTEX).
pub const LTEX: RecordDef = RecordDef::named(b"LTEX", "Landscape texture");
/// Leveled item (LVLI).
pub const LVLI: RecordDef = RecordDef::named(b"LVLI", "Leveled item");
/// Leveled spell (LVSP).
pub const LVSP: RecordDef = RecordDef::named(b"LVSP", "Leveled spell");
/// Magic effect (MGEF).
pub const MGEF: RecordDef = RecordDef::named(b"MGEF", "Magic effect");
/// Miscellaneous item (MISC).
pub const MISC: RecordDef = RecordDef::named(b"MISC", "Miscellaneous item");
/// Non-player character (NPC_).
pub const NPC_: RecordDef = RecordDef::named(b"NPC_", "Non-player character");
/// AI package (PACK).
pub const PACK: RecordDef = RecordDef::named(b"PACK", "AI package");
/// Quest (QUST).
pub const QUST: RecordDef = RecordDef::named(b"QUST", "Quest");
/// Race (RACE).
pub const RACE: RecordDef = RecordDef::named(b"RACE", "Race");
/// Placed object (REFR).
pub const REFR: RecordDef = RecordDef::named(b"REFR", "Placed object");
/// Region (REGN).
pub const REGN: RecordDef = RecordDef::named(b"REGN", "Region");
/// Soul gem (SLGM).
pub const SLGM: RecordDef = RecordDef::named(b"SLGM", "Soul gem");
/// Spell (SPEL).
pub const SPEL: RecordDef = RecordDef::named(b"SPEL", "Spell");
/// Static (STAT).
pub const STAT: RecordDef = RecordDef::named(b"STAT", "Static");
/// Plugin header (TES4).
pub const TES4: RecordDef = RecordDef::named(b"TES4", "Plugin header");
/// Tree (TREE).
pub const TREE: RecordDef = RecordDef::named(b"TREE", "Tree");
/// Water (WATR).
pub const WATR: RecordDef = RecordDef::named(b"WATR", "Water");
/// Weapon (WEAP).
pub const WEAP: RecordDef = RecordDef::named(b"WEAP", "Weapon");
/// Worldspace (WRLD).
pub const WRLD: RecordDef = RecordDef::named(b"WRLD", "Worldspace");
/// Weather (WTHR).
pub const WTHR: RecordDef = RecordDef::named(b"WTHR", "Weather");
