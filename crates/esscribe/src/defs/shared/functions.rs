//! The condition functions both games have, under the same index and
//! name, and which of them take a form ID (by the parameter's type), a
//! float or an axis. Each game's table adds its own ([`crate::defs::oblivion::functions`],
//! [`crate::defs::skyrim::functions`]).

use crate::schema::types::{fid, Match, Targets, Ty};

/// Condition function names by index, in both games.
pub static FUNCTIONS: [(i64, &str); 138] = [
    (1, "GetDistance"),
    (5, "GetLocked"),
    (6, "GetPos"),
    (8, "GetAngle"),
    (10, "GetStartingPos"),
    (11, "GetStartingAngle"),
    (12, "GetSecondsPassed"),
    (14, "GetActorValue"),
    (18, "GetCurrentTime"),
    (24, "GetScale"),
    (27, "GetLineOfSight"),
    (32, "GetInSameCell"),
    (35, "GetDisabled"),
    (36, "MenuMode"),
    (39, "GetDisease"),
    (41, "GetClothingValue"),
    (42, "SameFaction"),
    (43, "SameRace"),
    (44, "SameSex"),
    (45, "GetDetected"),
    (46, "GetDead"),
    (47, "GetItemCount"),
    (48, "GetGold"),
    (49, "GetSleeping"),
    (50, "GetTalkedToPC"),
    (53, "GetScriptVariable"),
    (56, "GetQuestRunning"),
    (58, "GetStage"),
    (59, "GetStageDone"),
    (60, "GetFactionRankDifference"),
    (61, "GetAlarmed"),
    (62, "IsRaining"),
    (63, "GetAttacked"),
    (64, "GetIsCreature"),
    (65, "GetLockLevel"),
    (66, "GetShouldAttack"),
    (67, "GetInCell"),
    (68, "GetIsClass"),
    (69, "GetIsRace"),
    (70, "GetIsSex"),
    (71, "GetInFaction"),
    (72, "GetIsID"),
    (73, "GetFactionRank"),
    (74, "GetGlobalValue"),
    (75, "IsSnowing"),
    (77, "GetRandomPercent"),
    (79, "GetQuestVariable"),
    (80, "GetLevel"),
    (84, "GetDeadCount"),
    (91, "GetIsAlerted"),
    (98, "GetPlayerControlsDisabled"),
    (99, "GetHeadingAngle"),
    (102, "IsTorchOut"),
    (103, "IsShieldOut"),
    (106, "IsFacingUp"),
    (107, "GetKnockedState"),
    (108, "GetWeaponAnimType"),
    (110, "GetCurrentAIPackage"),
    (111, "IsWaiting"),
    (112, "IsIdlePlaying"),
    (122, "GetCrime"),
    (125, "IsGuard"),
    (129, "GetPCIsClass"),
    (130, "GetPCIsRace"),
    (131, "GetPCIsSex"),
    (132, "GetPCInFaction"),
    (133, "SameFactionAsPC"),
    (134, "SameRaceAsPC"),
    (135, "SameSexAsPC"),
    (136, "GetIsReference"),
    (141, "IsTalking"),
    (142, "GetWalkSpeed"),
    (143, "GetCurrentAIProcedure"),
    (144, "GetTrespassWarningLevel"),
    (145, "IsTrespassing"),
    (146, "IsInMyOwnedCell"),
    (147, "GetWindSpeed"),
    (148, "GetCurrentWeatherPercent"),
    (149, "GetIsCurrentWeather"),
    (150, "IsContinuingPackagePCNear"),
    (153, "CanHaveFlames"),
    (154, "HasFlames"),
    (157, "GetOpenState"),
    (159, "GetSitting"),
    (161, "GetIsCurrentPackage"),
    (162, "IsCurrentFurnitureRef"),
    (163, "IsCurrentFurnitureObj"),
    (170, "GetDayOfWeek"),
    (172, "GetTalkedToPCParam"),
    (175, "IsPCSleeping"),
    (176, "IsPCAMurderer"),
    (182, "GetEquipped"),
    (185, "IsSwimming"),
    (190, "GetAmountSoldStolen"),
    (193, "GetPCExpelled"),
    (195, "GetPCFactionMurder"),
    (199, "GetPCFactionAttack"),
    (203, "GetDestroyed"),
    (214, "HasMagicEffect"),
    (223, "IsSpellTarget"),
    (225, "GetPersuasionNumber"),
    (228, "GetIsClassDefault"),
    (229, "GetClassDefaultMatch"),
    (230, "GetInCellParam"),
    (237, "GetIsGhost"),
    (242, "GetUnconscious"),
    (244, "GetRestrained"),
    (246, "GetIsUsedItem"),
    (247, "GetIsUsedItemType"),
    (254, "GetIsPlayableRace"),
    (255, "GetOffersServicesNow"),
    (265, "IsTimePassing"),
    (266, "IsPleasant"),
    (267, "IsCloudy"),
    (277, "GetBaseActorValue"),
    (278, "IsOwner"),
    (280, "IsCellOwner"),
    (282, "IsHorseStolen"),
    (285, "IsLeftUp"),
    (286, "IsSneaking"),
    (287, "IsRunning"),
    (288, "GetFriendHit"),
    (289, "IsInCombat"),
    (300, "IsInInterior"),
    (306, "IsActorUsingATorch"),
    (309, "IsXBox"),
    (310, "GetInWorldspace"),
    (312, "GetPCMiscStat"),
    (314, "IsActorAVictim"),
    (315, "GetTotalPersuasionNumber"),
    (318, "GetIdleDoneOnce"),
    (320, "GetNoRumors"),
    (332, "IsInDangerousWater"),
    (338, "GetIgnoreFriendlyHits"),
    (353, "IsActor"),
    (354, "IsEssential"),
    (358, "IsPlayerMovingIntoNewSpace"),
    (361, "GetTimeDead"),
];

// Which functions take a form ID, by the type of the parameter: one list
// of function indexes per parameter type, the `_1` lists for parameter 1
// and the `_2` lists for parameter 2. Each game's table gives every
// parameter type the record types it may name; the lists here hold the
// functions both games read with the same parameter type.

/// Parameter 1 is an item that can be carried.
pub static INVENTORY_OBJECT_1: [i64; 2] = [47, 182];
/// Parameter 1 is a quest.
pub static QUEST_1: [i64; 4] = [56, 58, 59, 79];
/// Parameter 1 is a faction.
pub static FACTION_1: [i64; 8] = [60, 71, 73, 132, 193, 195, 197, 199];
/// Parameter 1 is a cell.
pub static CELL_1: [i64; 3] = [67, 230, 280];
/// Parameter 1 is a class.
pub static CLASS_1: [i64; 3] = [68, 129, 228];
/// Parameter 1 is a race.
pub static RACE_1: [i64; 2] = [69, 130];
/// Parameter 1 is a base object: anything that can be placed or used.
pub static BASE_OBJECT_1: [i64; 2] = [72, 246];
/// Parameter 1 is a global variable.
pub static GLOBAL_1: [i64; 1] = [74];
/// Parameter 1 is an actor's base record.
pub static ACTOR_BASE_1: [i64; 1] = [84];
/// Parameter 1 is a weather.
pub static WEATHER_1: [i64; 1] = [149];
/// Parameter 1 is a package.
pub static PACKAGE_1: [i64; 1] = [161];
/// Parameter 1 is a furniture.
pub static FURNITURE_1: [i64; 1] = [163];
/// Parameter 1 is a magic effect.
pub static MAGIC_EFFECT_1: [i64; 1] = [214];
/// Parameter 1 is an owner: a faction or an actor's base record.
pub static OWNER_1: [i64; 1] = [278];
/// Parameter 1 is a worldspace.
pub static WORLDSPACE_1: [i64; 1] = [310];
/// Parameter 1 is a placed actor.
pub static ACTOR_1: [i64; 7] = [42, 43, 44, 45, 66, 122, 172];
/// Parameter 1 is a placed object.
pub static REFERENCE_1: [i64; 7] = [1, 27, 32, 53, 99, 136, 162];

/// Functions of both games whose parameter 1 values name an axis.
pub static AXIS_PARAMETER_1: [i64; 4] = [6, 8, 10, 11];

/// Parameter 2 is a placed actor.
pub static ACTOR_2: [i64; 1] = [60];
/// Parameter 2 is a placed object.
pub static REFERENCE_2: [i64; 1] = [230];
/// Parameter 2 is an owner: a faction or an actor's base record.
pub static OWNER_2: [i64; 1] = [280];

// The record types a parameter type may name, where both games agree.

/// A quest.
pub const QUEST: Targets = &[b"QUST"];
/// A faction.
pub const FACTION: Targets = &[b"FACT"];
/// A cell.
pub const CELL: Targets = &[b"CELL"];
/// A class.
pub const CLASS: Targets = &[b"CLAS"];
/// A race.
pub const RACE: Targets = &[b"RACE"];
/// A global variable.
pub const GLOBAL: Targets = &[b"GLOB"];
/// A weather.
pub const WEATHER: Targets = &[b"WTHR"];
/// A package.
pub const PACKAGE: Targets = &[b"PACK"];
/// A magic effect.
pub const MAGIC_EFFECT: Targets = &[b"MGEF"];
/// A faction or an actor's base record: who owns something.
pub const OWNER: Targets = &[b"FACT", b"NPC_"];

/// What a game gives the parameter 1 cases both games have: its own
/// target lists, and its own function lists where it has more functions.
pub struct GameParameters {
    /// What an inventory object may be.
    pub inventory_object: Targets,
    /// The functions whose parameter 1 is a quest.
    pub quest_1: &'static [i64],
    /// The functions whose parameter 1 is a faction.
    pub faction_1: &'static [i64],
    /// What a base object may be.
    pub base_object: Targets,
    /// What an actor base may be.
    pub actor_base: Targets,
    /// What a furniture parameter may name.
    pub furniture: Targets,
    /// What a worldspace parameter may name.
    pub worldspace: Targets,
}

/// The parameter 1 cases both games have, one per parameter type: the
/// functions and the record types they may name. Cases never share a
/// function, so their order does not matter.
pub const fn parameter_1_cases(g: GameParameters) -> [(Match, Ty); 14] {
    [
        (Match::OneOf(&INVENTORY_OBJECT_1), fid(g.inventory_object)),
        (Match::OneOf(g.quest_1), fid(QUEST)),
        (Match::OneOf(g.faction_1), fid(FACTION)),
        (Match::OneOf(&CELL_1), fid(CELL)),
        (Match::OneOf(&CLASS_1), fid(CLASS)),
        (Match::OneOf(&RACE_1), fid(RACE)),
        (Match::OneOf(&BASE_OBJECT_1), fid(g.base_object)),
        (Match::OneOf(&GLOBAL_1), fid(GLOBAL)),
        (Match::OneOf(&ACTOR_BASE_1), fid(g.actor_base)),
        (Match::OneOf(&WEATHER_1), fid(WEATHER)),
        (Match::OneOf(&FURNITURE_1), fid(g.furniture)),
        (Match::OneOf(&MAGIC_EFFECT_1), fid(MAGIC_EFFECT)),
        (Match::OneOf(&OWNER_1), fid(OWNER)),
        (Match::OneOf(&WORLDSPACE_1), fid(g.worldspace)),
    ]
}
