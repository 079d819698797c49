//! Skyrim's condition functions: index, name, and what kind of value
//! each of the two parameters holds. Indexes of 1024 and up belong to
//! script-extender functions.

use crate::defs::shared::functions as shared;
use crate::schema::types::{fid, join, EnumDef, Match, SelectDef, Targets, Ty, I32};

/// Condition function names by index.
pub static FUNCTIONS: EnumDef = EnumDef {
    values: &join::<_, 402>(&[
        &shared::FUNCTIONS,
        &[
            (0, "GetWantBlocking"),
            (25, "IsMoving"),
            (26, "IsTurning"),
            (81, "IsRotating"),
            (101, "IsWeaponMagicOut"),
            (109, "IsWeaponSkillType"),
            (116, "IsIntimidatedbyPlayer"),
            (117, "IsPlayerInRegion"),
            (118, "GetActorAggroRadiusViolated"),
            (123, "IsGreetingPlayer"),
            (127, "HasBeenEaten"),
            (128, "GetStaminaPercentage"),
            (152, "GetIsCrimeFaction"),
            (180, "HasSameEditorLocAsRef"),
            (181, "HasSameEditorLocAsRefAlias"),
            (192, "GetIgnoreCrime"),
            (197, "GetPCEnemyofFaction"),
            (215, "GetDefaultOpen"),
            (219, "GetAnimAction"),
            (224, "GetVATSMode"),
            (226, "GetVampireFeed"),
            (227, "GetCannibal"),
            (235, "GetVatsTargetHeight"),
            (248, "IsScenePlaying"),
            (249, "IsInDialogueWithPlayer"),
            (250, "GetLocationCleared"),
            (258, "HasAssociationType"),
            (259, "HasFamilyRelationship"),
            (261, "HasParentRelationship"),
            (262, "IsWarningAbout"),
            (263, "IsWeaponOut"),
            (264, "HasSpell"),
            (274, "IsSmallBump"),
            (304, "IsWaterObject"),
            (305, "GetPlayerAction"),
            (313, "GetPairedAnimation"),
            (323, "GetCombatState"),
            (325, "GetWithinPackageLocation"),
            (327, "IsRidingMount"),
            (329, "IsFleeing"),
            (339, "IsPlayersLastRiddenMount"),
            (359, "GetInCurrentLoc"),
            (360, "GetInCurrentLocAlias"),
            (362, "HasLinkedRef"),
            (365, "IsChild"),
            (366, "GetStolenItemValueNoCrime"),
            (367, "GetLastPlayerAction"),
            (368, "IsPlayerActionActive"),
            (370, "IsTalkingActivatorActor"),
            (372, "IsInList"),
            (373, "GetStolenItemValue"),
            (375, "GetCrimeGoldViolent"),
            (376, "GetCrimeGoldNonviolent"),
            (378, "HasShout"),
            (381, "GetHasNote"),
            (390, "GetHitLocation"),
            (391, "IsPC1stPerson"),
            (396, "GetCauseofDeath"),
            (397, "IsLimbGone"),
            (398, "IsWeaponInList"),
            (402, "IsBribedbyPlayer"),
            (403, "GetRelationshipRank"),
            (407, "GetVATSValue"),
            (408, "IsKiller"),
            (409, "IsKillerObject"),
            (410, "GetFactionCombatReaction"),
            (414, "Exists"),
            (415, "GetGroupMemberCount"),
            (416, "GetGroupTargetCount"),
            (426, "GetIsVoiceType"),
            (427, "GetPlantedExplosive"),
            (429, "IsScenePackageRunning"),
            (430, "GetHealthPercentage"),
            (432, "GetIsObjectType"),
            (434, "GetDialogueEmotion"),
            (435, "GetDialogueEmotionValue"),
            (437, "GetIsCreatureType"),
            (444, "GetInCurrentLocFormList"),
            (445, "GetInZone"),
            (446, "GetVelocity"),
            (447, "GetGraphVariableFloat"),
            (448, "HasPerk"),
            (449, "GetFactionRelation"),
            (450, "IsLastIdlePlayed"),
            (453, "GetPlayerTeammate"),
            (454, "GetPlayerTeammateCount"),
            (458, "GetActorCrimePlayerEnemy"),
            (459, "GetCrimeGold"),
            (463, "IsPlayerGrabbedRef"),
            (465, "GetKeywordItemCount"),
            (470, "GetDestructionStage"),
            (473, "GetIsAlignment"),
            (476, "IsProtected"),
            (477, "GetThreatRatio"),
            (479, "GetIsUsedItemEquipType"),
            (487, "IsCarryable"),
            (488, "GetConcussed"),
            (491, "GetMapMarkerVisible"),
            (493, "PlayerKnows"),
            (494, "GetPermanentActorValue"),
            (495, "GetKillingBlowLimb"),
            (497, "CanPayCrimeGold"),
            (499, "GetDaysInJail"),
            (500, "EPAlchemyGetMakingPoison"),
            (501, "EPAlchemyEffectHasKeyword"),
            (503, "GetAllowWorldInteractions"),
            (508, "GetLastHitCritical"),
            (513, "IsCombatTarget"),
            (515, "GetVATSRightAreaFree"),
            (516, "GetVATSLeftAreaFree"),
            (517, "GetVATSBackAreaFree"),
            (518, "GetVATSFrontAreaFree"),
            (519, "GetLockIsBroken"),
            (520, "IsPS3"),
            (521, "IsWin32"),
            (522, "GetVATSRightTargetVisible"),
            (523, "GetVATSLeftTargetVisible"),
            (524, "GetVATSBackTargetVisible"),
            (525, "GetVATSFrontTargetVisible"),
            (528, "IsInCriticalStage"),
            (530, "GetXPForNextLevel"),
            (533, "GetInfamy"),
            (534, "GetInfamyViolent"),
            (535, "GetInfamyNonViolent"),
            (543, "GetQuestCompleted"),
            (547, "IsGoreDisabled"),
            (550, "IsSceneActionComplete"),
            (552, "GetSpellUsageNum"),
            (554, "GetActorsInHigh"),
            (555, "HasLoaded3D"),
            (560, "HasKeyword"),
            (561, "HasRefType"),
            (562, "LocationHasKeyword"),
            (563, "LocationHasRefType"),
            (565, "GetIsEditorLocation"),
            (566, "GetIsAliasRef"),
            (567, "GetIsEditorLocAlias"),
            (568, "IsSprinting"),
            (569, "IsBlocking"),
            (570, "HasEquippedSpell"),
            (571, "GetCurrentCastingType"),
            (572, "GetCurrentDeliveryType"),
            (574, "GetAttackState"),
            (576, "GetEventData"),
            (577, "IsCloserToAThanB"),
            (579, "GetEquippedShout"),
            (580, "IsBleedingOut"),
            (584, "GetRelativeAngle"),
            (589, "GetMovementDirection"),
            (590, "IsInScene"),
            (591, "GetRefTypeDeadCount"),
            (592, "GetRefTypeAliveCount"),
            (594, "GetIsFlying"),
            (595, "IsCurrentSpell"),
            (596, "SpellHasKeyword"),
            (597, "GetEquippedItemType"),
            (598, "GetLocationAliasCleared"),
            (600, "GetLocAliasRefTypeDeadCount"),
            (601, "GetLocAliasRefTypeAliveCount"),
            (602, "IsWardState"),
            (603, "IsInSameCurrentLocAsRef"),
            (604, "IsInSameCurrentLocAsRefAlias"),
            (605, "LocAliasIsLocation"),
            (606, "GetKeywordDataForLocation"),
            (608, "GetKeywordDataForAlias"),
            (610, "LocAliasHasKeyword"),
            (611, "IsNullPackageData"),
            (612, "GetNumericPackageData"),
            (613, "IsFurnitureAnimType"),
            (614, "IsFurnitureEntryType"),
            (615, "GetHighestRelationshipRank"),
            (616, "GetLowestRelationshipRank"),
            (617, "HasAssociationTypeAny"),
            (618, "HasFamilyRelationshipAny"),
            (619, "GetPathingTargetOffset"),
            (620, "GetPathingTargetAngleOffset"),
            (621, "GetPathingTargetSpeed"),
            (622, "GetPathingTargetSpeedAngle"),
            (623, "GetMovementSpeed"),
            (624, "GetInContainer"),
            (625, "IsLocationLoaded"),
            (626, "IsLocAliasLoaded"),
            (627, "IsDualCasting"),
            (629, "GetVMQuestVariable"),
            (630, "GetVMScriptVariable"),
            (631, "IsEnteringInteractionQuick"),
            (632, "IsCasting"),
            (633, "GetFlyingState"),
            (635, "IsInFavorState"),
            (636, "HasTwoHandedWeaponEquipped"),
            (637, "IsExitingInstant"),
            (638, "IsInFriendStateWithPlayer"),
            (639, "GetWithinDistance"),
            (640, "GetActorValuePercent"),
            (641, "IsUnique"),
            (642, "GetLastBumpDirection"),
            (644, "IsInFurnitureState"),
            (645, "GetIsInjured"),
            (646, "GetIsCrashLandRequest"),
            (647, "GetIsHastyLandRequest"),
            (650, "IsLinkedTo"),
            (651, "GetKeywordDataForCurrentLocation"),
            (652, "GetInSharedCrimeFaction"),
            (654, "GetBribeSuccess"),
            (655, "GetIntimidateSuccess"),
            (656, "GetArrestedState"),
            (657, "GetArrestingActor"),
            (659, "EPTemperingItemIsEnchanted"),
            (660, "EPTemperingItemHasKeyword"),
            (664, "GetReplacedItemType"),
            (672, "IsAttacking"),
            (673, "IsPowerAttacking"),
            (674, "IsLastHostileActor"),
            (675, "GetGraphVariableInt"),
            (676, "GetCurrentShoutVariation"),
            (678, "ShouldAttackKill"),
            (680, "GetActivatorHeight"),
            (681, "EPMagic_IsAdvanceSkill"),
            (682, "WornHasKeyword"),
            (683, "GetPathingCurrentSpeed"),
            (684, "GetPathingCurrentSpeedAngle"),
            (691, "EPModSkillUsage_AdvanceObjectHasKeyword"),
            (692, "EPModSkillUsage_IsAdvanceAction"),
            (693, "EPMagic_SpellHasKeyword"),
            (694, "GetNoBleedoutRecovery"),
            (696, "EPMagic_SpellHasSkill"),
            (697, "IsAttackType"),
            (698, "IsAllowedToFly"),
            (699, "HasMagicEffectKeyword"),
            (700, "IsCommandedActor"),
            (701, "IsStaggered"),
            (702, "IsRecoiling"),
            (703, "IsExitingInteractionQuick"),
            (704, "IsPathing"),
            (705, "GetShouldHelp"),
            (706, "HasBoundWeaponEquipped"),
            (707, "GetCombatTargetHasKeyword"),
            (709, "GetCombatGroupMemberCount"),
            (710, "IsIgnoringCombat"),
            (711, "GetLightLevel"),
            (713, "SpellHasCastingPerk"),
            (714, "IsBeingRidden"),
            (715, "IsUndead"),
            (716, "GetRealHoursPassed"),
            (718, "IsUnlockedDoor"),
            (719, "IsHostileToActor"),
            (720, "GetTargetHeight"),
            (721, "IsPoison"),
            (722, "WornApparelHasKeywordCount"),
            (723, "GetItemHealthPercent"),
            (724, "EffectWasDualCast"),
            (725, "GetKnockedStateEnum"),
            (726, "DoesNotExist"),
            (730, "IsOnFlyingMount"),
            (731, "CanFlyHere"),
            (732, "IsFlyingMountPatrolQueud"),
            (733, "IsFlyingMountFastTravelling"),
            (734, "IsOverEncumbered"),
            (735, "GetActorWarmth"),
            (1024, "GetSKSEVersion"),
            (1025, "GetSKSEVersionMinor"),
            (1026, "GetSKSEVersionBeta"),
            (1027, "GetSKSERelease"),
            (1028, "ClearInvalidRegistrations"),
        ],
    ]),
};

// The record types each parameter type may name, in Skyrim.

/// An item that can be carried, or a list of them.
const INVENTORY_OBJECT: Targets = &[
    b"ALCH", b"AMMO", b"ARMO", b"BOOK", b"COBJ", b"FLST", b"INGR", b"KEYM", b"LIGH", b"LVLI",
    b"MISC", b"SCRL", b"SLGM", b"WEAP",
];
/// A base object: anything that can be placed or used, or a list of them.
const BASE_OBJECT: Targets = &[
    b"ACTI", b"ALCH", b"AMMO", b"ARMA", b"ARMO", b"ASPC", b"BOOK", b"CONT", b"DOOR", b"ENCH",
    b"FLOR", b"FLST", b"FURN", b"GRAS", b"IDLM", b"KEYM", b"LIGH", b"LVLI", b"LVSP", b"MISC",
    b"MSTT", b"NPC_", b"PROJ", b"SCRL", b"SHOU", b"SLGM", b"SOUN", b"SPEL", b"STAT", b"TACT",
    b"TREE", b"WEAP",
];
/// An actor's base record.
const ACTOR_BASE: Targets = &[b"NPC_"];
/// A furniture, or a list of them.
const FURNITURE: Targets = &[b"FURN", b"FLST"];
/// A worldspace, or a list of them.
const WORLDSPACE: Targets = &[b"WRLD", b"FLST"];
/// Something that casts or applies effects.
const EFFECT_ITEM: Targets = &[b"SPEL", b"ENCH", b"ALCH", b"INGR", b"SCRL"];
/// A region.
const REGION: Targets = &[b"REGN"];
/// A scene.
const SCENE: Targets = &[b"SCEN"];
/// A location.
const LOCATION: Targets = &[b"LCTN"];
/// A form list.
const FORM_LIST: Targets = &[b"FLST"];
/// A keyword.
const KEYWORD: Targets = &[b"KYWD"];
/// A shout.
const SHOUT: Targets = &[b"SHOU"];
/// A voice type, or a list of them.
const VOICE_TYPE: Targets = &[b"VTYP", b"FLST"];
/// An encounter zone.
const ENCOUNTER_ZONE: Targets = &[b"ECZN"];
/// A perk.
const PERK: Targets = &[b"PERK"];
/// An idle animation.
const IDLE: Targets = &[b"IDLE"];
/// An equip slot.
const EQUIP_TYPE: Targets = &[b"EQUP"];
/// Something the player can learn: an enchantment, a magic effect, a word
/// of power.
const KNOWABLE: Targets = &[b"ENCH", b"MGEF", b"WOOP"];
/// A location reference type.
const LOCATION_REF_TYPE: Targets = &[b"LCRT"];
/// An association type.
const ASSOCIATION_TYPE: Targets = &[b"ASTP"];
/// A placed actor.
const ACTOR: Targets = &[b"ACHR", b"REFR"];
/// A placed object.
const REFERENCE: Targets = &[
    b"ACHR", b"REFR", b"PGRE", b"PHZD", b"PMIS", b"PARW", b"PBAR", b"PBEA", b"PCON", b"PFLA",
];

/// Parameter 1 is a quest.
static QUEST_1: &[i64] = &join::<_, 6>(&[&shared::QUEST_1, &[543, 629]]);
/// Parameter 1 is a faction.
static FACTION_1: &[i64] = &join::<_, 18>(&[
    &shared::FACTION_1,
    &[152, 366, 373, 375, 376, 410, 459, 533, 534, 535],
]);
/// Parameter 1 is a spell or other effect item.
static EFFECT_ITEM_1: &[i64] = &[223, 264, 552, 595];
/// Parameter 1 is a region.
static REGION_1: &[i64] = &[117];
/// Parameter 1 is a scene.
static SCENE_1: &[i64] = &[248, 550];
/// Parameter 1 is a location.
static LOCATION_1: &[i64] = &[250, 359, 565, 591, 592, 606, 625];
/// Parameter 1 is a form list.
static FORM_LIST_1: &[i64] = &[262, 372, 398, 409, 444];
/// Parameter 1 is a keyword.
static KEYWORD_1: &[i64] = &[
    362, 465, 501, 560, 562, 651, 660, 682, 691, 693, 697, 699, 707, 722,
];
/// Parameter 1 is a shout.
static SHOUT_1: &[i64] = &[378, 579];
/// Parameter 1 is a voice type.
static VOICE_TYPE_1: &[i64] = &[426];
/// Parameter 1 is an encounter zone.
static ENCOUNTER_ZONE_1: &[i64] = &[445];
/// Parameter 1 is a perk.
static PERK_1: &[i64] = &[448, 713];
/// Parameter 1 is an idle animation.
static IDLE_1: &[i64] = &[450];
/// Parameter 1 is an equip slot.
static EQUIP_TYPE_1: &[i64] = &[479];
/// Parameter 1 is something the player can learn.
static KNOWABLE_1: &[i64] = &[493];
/// Parameter 1 is a location reference type.
static LOCATION_REF_TYPE_1: &[i64] = &[561, 563];
/// Parameter 1 is an association type.
static ASSOCIATION_TYPE_1: &[i64] = &[617];

/// Functions whose parameter 1 values hold a form ID, one case per
/// parameter type: the functions and the record types they may name.
pub static FORM_PARAMETER_1: [(Match, Ty); 29] = join(&[
    &shared::parameter_1_cases(shared::GameParameters {
        inventory_object: INVENTORY_OBJECT,
        quest_1: QUEST_1,
        faction_1: FACTION_1,
        base_object: BASE_OBJECT,
        actor_base: ACTOR_BASE,
        furniture: FURNITURE,
        worldspace: WORLDSPACE,
    }),
    &[
        (Match::OneOf(EFFECT_ITEM_1), fid(EFFECT_ITEM)),
        (Match::OneOf(REGION_1), fid(REGION)),
        (Match::OneOf(SCENE_1), fid(SCENE)),
        (Match::OneOf(LOCATION_1), fid(LOCATION)),
        (Match::OneOf(FORM_LIST_1), fid(FORM_LIST)),
        (Match::OneOf(KEYWORD_1), fid(KEYWORD)),
        (Match::OneOf(SHOUT_1), fid(SHOUT)),
        (Match::OneOf(VOICE_TYPE_1), fid(VOICE_TYPE)),
        (Match::OneOf(ENCOUNTER_ZONE_1), fid(ENCOUNTER_ZONE)),
        (Match::OneOf(PERK_1), fid(PERK)),
        (Match::OneOf(IDLE_1), fid(IDLE)),
        (Match::OneOf(EQUIP_TYPE_1), fid(EQUIP_TYPE)),
        (Match::OneOf(KNOWABLE_1), fid(KNOWABLE)),
        (Match::OneOf(LOCATION_REF_TYPE_1), fid(LOCATION_REF_TYPE)),
        (Match::OneOf(ASSOCIATION_TYPE_1), fid(ASSOCIATION_TYPE)),
    ],
]);

/// Parameter 1 is a placed actor.
static ACTOR_1: &[i64] = &join::<_, 18>(&[
    &shared::ACTOR_1,
    &[258, 259, 261, 370, 408, 449, 477, 513, 678, 705, 719],
]);
/// Parameter 1 is a placed object.
static REFERENCE_1: &[i64] = &join::<_, 28>(&[
    &shared::REFERENCE_1,
    &[
        180, 403, 414, 463, 515, 516, 517, 518, 522, 523, 524, 525, 577, 584, 603, 624, 630, 639,
        650, 652, 720,
    ],
]);

/// A reference parameter holds a quest alias or package data index instead
/// when the condition says so; the reference, of the types given,
/// otherwise.
const fn or_index(references: Targets) -> SelectDef {
    SelectDef {
        field: "type",
        cases: &[(Match::AnyBit(0x02 | 0x08), I32)],
        default: fid(references),
    }
}

static ACTOR_OR_INDEX: SelectDef = or_index(ACTOR);
static REFERENCE_OR_INDEX: SelectDef = or_index(REFERENCE);
static PACKAGE_OR_INDEX: SelectDef = or_index(shared::PACKAGE);

/// Functions whose parameter 1 values hold a reference (or, with the alias
/// or package-data flag, an index), one case per parameter type.
pub static REF_PARAMETER_1: [(Match, Ty); 3] = [
    (Match::OneOf(ACTOR_1), Ty::Select(&ACTOR_OR_INDEX)),
    (Match::OneOf(REFERENCE_1), Ty::Select(&REFERENCE_OR_INDEX)),
    (
        Match::OneOf(&shared::PACKAGE_1),
        Ty::Select(&PACKAGE_OR_INDEX),
    ),
];

/// Functions whose parameter 1 values hold a float.
pub static FLOAT_PARAMETER_1: &[i64] = &[];

/// Functions whose parameter 1 values name an axis.
pub static AXIS_PARAMETER_1: &[i64] =
    &join::<_, 9>(&[&shared::AXIS_PARAMETER_1, &[446, 619, 620, 622, 684]]);

/// Parameter 2 is a keyword.
static KEYWORD_2: &[i64] = &[180, 181, 596, 603, 604, 606, 608, 610, 650];
/// Parameter 2 is an association type.
static ASSOCIATION_TYPE_2: &[i64] = &[258];
/// Parameter 2 is a faction.
static FACTION_2: &[i64] = &[410];
/// Parameter 2 is a location reference type.
static LOCATION_REF_TYPE_2: &[i64] = &[591, 592, 600, 601];
/// Parameter 2 is a location.
static LOCATION_2: &[i64] = &[605];
/// Parameter 2 is the data of the event that started a quest: what it is
/// depends on the event, so any record type will do.
pub static EVENT_DATA_2: &[i64] = &[576];

/// Functions whose parameter 2 values hold a form ID, one case per
/// parameter type.
pub static FORM_PARAMETER_2: [(Match, Ty); 7] = [
    (Match::OneOf(&shared::OWNER_2), fid(shared::OWNER)),
    (Match::OneOf(KEYWORD_2), fid(KEYWORD)),
    (Match::OneOf(ASSOCIATION_TYPE_2), fid(ASSOCIATION_TYPE)),
    (Match::OneOf(FACTION_2), fid(shared::FACTION)),
    (Match::OneOf(LOCATION_REF_TYPE_2), fid(LOCATION_REF_TYPE)),
    (Match::OneOf(LOCATION_2), fid(LOCATION)),
    (Match::OneOf(EVENT_DATA_2), Ty::FormId),
];

/// Parameter 2 is a placed object.
static REFERENCE_2: &[i64] = &join::<_, 2>(&[&shared::REFERENCE_2, &[577]]);

/// Functions whose parameter 2 values hold a reference (or, with the alias
/// or package-data flag, an index), one case per parameter type.
pub static REF_PARAMETER_2: [(Match, Ty); 2] = [
    (Match::OneOf(&shared::ACTOR_2), Ty::Select(&ACTOR_OR_INDEX)),
    (Match::OneOf(REFERENCE_2), Ty::Select(&REFERENCE_OR_INDEX)),
];

/// Functions whose parameter 2 values hold a float.
pub static FLOAT_PARAMETER_2: &[i64] = &[639];

/// Functions whose parameter 2 values name an axis.
pub static AXIS_PARAMETER_2: &[i64] = &[584];
