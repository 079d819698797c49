//! Oblivion's condition functions: index, name, and what kind of value
//! each of the two parameters holds. Indexes of 1024 and up belong to
//! script-extender functions.

use crate::defs::shared::functions as shared;
use crate::schema::types::{fid, join, EnumDef, Match, Targets, Ty};

/// Condition function names by index.
pub static FUNCTIONS: EnumDef = EnumDef {
    values: &join::<_, 197>(&[
        &shared::FUNCTIONS,
        &[
            (40, "GetVampire"),
            (76, "GetDisposition"),
            (81, "GetArmorRating"),
            (101, "IsWeaponOut"),
            (104, "IsYielding"),
            (109, "GetWeaponSkillType"),
            (116, "GetCrimeGold"),
            (127, "CanPayCrimeGold"),
            (128, "GetFatiguePercentage"),
            (160, "GetFurnitureMarkerID"),
            (171, "IsPlayerInJail"),
            (180, "GetDetectionLevel"),
            (197, "GetPCFactionSteal"),
            (201, "GetPCFactionSubmitAuthority"),
            (215, "GetDoorDefaultOpen"),
            (224, "GetIsPlayerBirthsign"),
            (227, "HasVampireFed"),
            (249, "GetPCFame"),
            (251, "GetPCInfamy"),
            (258, "GetUsedItemLevel"),
            (259, "GetUsedItemActivate"),
            (264, "GetBarterGold"),
            (274, "GetArmorRatingUpperBody"),
            (305, "GetInvestmentGold"),
            (313, "IsActorEvil"),
            (323, "WhichServiceMenu"),
            (327, "IsRidingHorse"),
            (329, "IsTurnArrest"),
            (339, "IsPlayersLastRiddenHorse"),
            (362, "GetPlayerHasLastRiddenHorse"),
            (365, "GetPlayerInSEWorld"),
            (1107, "IsAmmo"),
            (1122, "HasSpell"),
            (1124, "IsClassSkill"),
            (1884, "GetPCTrainingSessionsUsed"),
            (2213, "GetPackageOffersServices"),
            (2214, "GetPackageMustReachLocation"),
            (2215, "GetPackageMustComplete"),
            (2216, "GetPackageLockDoorsAtStart"),
            (2217, "GetPackageLockDoorsAtEnd"),
            (2218, "GetPackageLockDoorsAtLocation"),
            (2219, "GetPackageUnlockDoorsAtStart"),
            (2220, "GetPackageUnlockDoorsAtEnd"),
            (2221, "GetPackageUnlockDoorsAtLocation"),
            (2222, "GetPackageContinueIfPCNear"),
            (2223, "GetPackageOncePerDay"),
            (2224, "GetPackageSkipFalloutBehavior"),
            (2225, "GetPackageAlwaysRun"),
            (2226, "GetPackageAlwaysSneak"),
            (2227, "GetPackageAllowSwimming"),
            (2228, "GetPackageAllowFalls"),
            (2229, "GetPackageArmorUnequipped"),
            (2230, "GetPackageWeaponsUnequipped"),
            (2231, "GetPackageDefensiveCombat"),
            (2232, "GetPackageUseHorse"),
            (2233, "GetPackageNoIdleAnims"),
            (2571, "GetBaseAV3"),
            (2573, "IsNaked"),
            (2578, "IsDiseased"),
        ],
    ]),
};

// The record types each parameter type may name, in Oblivion.

/// An item that can be carried.
const INVENTORY_OBJECT: Targets = &[
    b"ALCH", b"AMMO", b"APPA", b"ARMO", b"BOOK", b"CLOT", b"INGR", b"KEYM", b"LIGH", b"MISC",
    b"SGST", b"SLGM", b"WEAP",
];
/// A base object: anything that can be placed or used.
const BASE_OBJECT: Targets = &[
    b"ACTI", b"ALCH", b"AMMO", b"APPA", b"ARMO", b"BOOK", b"CLOT", b"CONT", b"CREA", b"DOOR",
    b"FLOR", b"FURN", b"GRAS", b"INGR", b"KEYM", b"LIGH", b"LVLC", b"MISC", b"NPC_", b"SBSP",
    b"SGST", b"SLGM", b"SOUN", b"STAT", b"TREE", b"WEAP",
];
/// An actor's base record.
const ACTOR_BASE: Targets = &[b"CREA", b"NPC_"];
/// A furniture.
const FURNITURE: Targets = &[b"FURN"];
/// A spell.
const SPELL: Targets = &[b"SPEL"];
/// A birthsign.
const BIRTHSIGN: Targets = &[b"BSGN"];
/// A worldspace.
const WORLDSPACE: Targets = &[b"WRLD"];
/// A placed actor.
const ACTOR: Targets = &[b"ACHR", b"ACRE"];
/// A placed object.
const REFERENCE: Targets = &[b"ACHR", b"ACRE", b"REFR"];

/// Parameter 1 is a faction.
static FACTION_1: &[i64] = &join::<_, 9>(&[&shared::FACTION_1, &[201]]);
/// Parameter 1 is a package.
static PACKAGE_1: &[i64] = &join::<_, 23>(&[
    &shared::PACKAGE_1,
    &[
        1884, 2213, 2214, 2215, 2216, 2217, 2218, 2219, 2220, 2221, 2222, 2223, 2224, 2225, 2226,
        2227, 2228, 2229, 2230, 2231, 2232, 2233,
    ],
]);
/// Parameter 1 is a spell.
static SPELL_1: &[i64] = &[223, 1122];
/// Parameter 1 is a birthsign.
static BIRTHSIGN_1: &[i64] = &[224];
/// Parameter 1 is a placed actor.
static ACTOR_1: &[i64] = &join::<_, 10>(&[&shared::ACTOR_1, &[76, 180, 288]]);

/// Functions whose parameter 1 values hold a form ID, one case per
/// parameter type: the functions and the record types they may name.
pub static FORM_PARAMETER_1: [(Match, Ty); 19] = join(&[
    &shared::parameter_1_cases(shared::GameParameters {
        inventory_object: INVENTORY_OBJECT,
        quest_1: &shared::QUEST_1,
        faction_1: FACTION_1,
        base_object: BASE_OBJECT,
        actor_base: ACTOR_BASE,
        furniture: FURNITURE,
        worldspace: WORLDSPACE,
    }),
    &[
        (Match::OneOf(PACKAGE_1), fid(shared::PACKAGE)),
        (Match::OneOf(SPELL_1), fid(SPELL)),
        (Match::OneOf(BIRTHSIGN_1), fid(BIRTHSIGN)),
        (Match::OneOf(ACTOR_1), fid(ACTOR)),
        (Match::OneOf(&shared::REFERENCE_1), fid(REFERENCE)),
    ],
]);

/// Functions whose parameter 1 values hold a float.
pub static FLOAT_PARAMETER_1: &[i64] = &[];

/// Functions whose parameter 1 values name an axis.
pub static AXIS_PARAMETER_1: &[i64] = &shared::AXIS_PARAMETER_1;

/// Parameter 2 is a class.
static CLASS_2: &[i64] = &[1124];

/// Functions whose parameter 2 values hold a form ID, one case per
/// parameter type.
pub static FORM_PARAMETER_2: [(Match, Ty); 4] = [
    (Match::OneOf(&shared::ACTOR_2), fid(ACTOR)),
    (Match::OneOf(&shared::REFERENCE_2), fid(REFERENCE)),
    (Match::OneOf(&shared::OWNER_2), fid(shared::OWNER)),
    (Match::OneOf(CLASS_2), fid(shared::CLASS)),
];

/// Functions whose parameter 2 values hold a float.
pub static FLOAT_PARAMETER_2: &[i64] = &[];

/// Functions whose parameter 2 values name an axis.
pub static AXIS_PARAMETER_2: &[i64] = &[];
