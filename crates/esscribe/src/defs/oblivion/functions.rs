//! Oblivion's condition functions: index, name, and what kind of value
//! each of the two parameters holds. Indexes of 1024 and up belong to
//! script-extender functions.

use crate::defs::shared::functions as shared;
use crate::schema::types::{join, EnumDef};

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

/// Functions whose parameter 1 values hold a form ID.
pub static FORM_PARAMETER_1: &[i64] = &join::<_, 75>(&[
    &shared::FORM_PARAMETER_1,
    &[
        1, 27, 32, 42, 43, 44, 45, 53, 66, 76, 99, 122, 136, 161, 162, 172, 180, 197, 201, 224,
        288, 1122, 1884, 2213, 2214, 2215, 2216, 2217, 2218, 2219, 2220, 2221, 2222, 2223, 2224,
        2225, 2226, 2227, 2228, 2229, 2230, 2231, 2232, 2233,
    ],
]);

/// Functions whose parameter 1 values hold a float.
pub static FLOAT_PARAMETER_1: &[i64] = &[];

/// Functions whose parameter 1 values name an axis.
pub static AXIS_PARAMETER_1: &[i64] = &shared::AXIS_PARAMETER_1;

/// Functions whose parameter 2 values hold a form ID.
pub static FORM_PARAMETER_2: &[i64] = &join::<_, 4>(&[&shared::FORM_PARAMETER_2, &[60, 230, 1124]]);

/// Functions whose parameter 2 values hold a float.
pub static FLOAT_PARAMETER_2: &[i64] = &[];

/// Functions whose parameter 2 values name an axis.
pub static AXIS_PARAMETER_2: &[i64] = &[];
