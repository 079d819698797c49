//! AI packages for people: one-line summaries (schedule in words, location,
//! target, template) and checks that a package's parts agree. Both work on
//! the declared (decoded) form of PACK records, in either game.

use crate::io::Result;
use crate::json::{form_ctx, record_to_json};
use crate::plugin::{Game, Plugin};
use crate::schema::FormCtx;
use serde::Serialize;
use serde_json::Value;

/// What a package is and does, in a few words per part.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PackageSummary {
    /// The package's form ID, with the plugin it belongs to.
    pub form_id: String,
    /// The editor ID; empty when the package has none.
    pub editor_id: String,
    /// Oblivion: the package type (travel, sleep...); Skyrim: "package" or
    /// "template".
    pub kind: String,
    /// When the package runs, in words.
    pub schedule: String,
    /// Where it runs, in words; `None` when the package has no location.
    pub location: Option<String>,
    /// What it targets, in words; `None` when it has no target.
    pub target: Option<String>,
    /// Skyrim: the template the package uses, "own tree", or none.
    pub template: Option<String>,
    /// Number of conditions (Oblivion: CTDA and the older CTDT together).
    pub conditions: usize,
}

/// A disagreement between the parts of one package.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct LintFinding {
    /// The package's form ID, with the plugin it belongs to.
    pub form_id: String,
    /// The editor ID; empty when the package has none.
    pub editor_id: String,
    /// What disagrees, in words.
    pub problem: String,
}

fn text(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

fn words(name: &str) -> String {
    name.replace('_', " ")
}

fn is_any(v: &Value) -> bool {
    v.as_str() == Some("any") || v.is_null()
}

fn time_of_day(hour: &Value, minute: Option<&Value>) -> Option<String> {
    let h = hour.as_i64()?;
    let m = minute.and_then(Value::as_i64).unwrap_or(0);
    Some(format!("{h:02}:{m:02}"))
}

fn duration(minutes: i64) -> String {
    match (minutes / 60, minutes % 60) {
        (h, 0) => format!("{h} h"),
        (0, m) => format!("{m} min"),
        (h, m) => format!("{h} h {m} min"),
    }
}

/// "any day, 22:00 for 8 h"; month and date are named when set.
fn schedule_words(s: &Value, game: Game) -> String {
    if s.is_null() {
        return "no schedule".into();
    }
    let mut parts = Vec::new();
    let day = &s["day_of_week"];
    parts.push(if is_any(day) {
        "any day".to_string()
    } else {
        words(&text(day))
    });
    if !is_any(&s["month"]) {
        parts.push(format!("month {}", text(&s["month"])));
    }
    if !is_any(&s["date"]) {
        parts.push(format!("day {} of the month", text(&s["date"])));
    }
    let minutes = match game {
        Game::Oblivion => s["duration_hours"].as_i64().map(|h| h * 60),
        Game::Skyrim => s["duration_minutes"].as_i64(),
    };
    let start = match game {
        Game::Oblivion => time_of_day(&s["hour"], None),
        Game::Skyrim => time_of_day(&s["hour"], s.get("minute")),
    };
    let mut when = start.unwrap_or_else(|| "any time".into());
    if let Some(m) = minutes.filter(|&m| m > 0) {
        when.push_str(&format!(" for {}", duration(m)));
    }
    parts.push(when);
    parts.join(", ")
}

/// The type of a location or target, then its value where it has one: a
/// form ID, an object type, or an alias index.
fn kind_and_value(kind: &Value, value: &Value) -> String {
    let mut out = words(&text(kind));
    let is_alias = kind.as_str().is_some_and(|k| k.ends_with("alias"));
    let shown = match value {
        Value::String(s) => s != "0x00000000",
        Value::Number(_) => is_alias || kind.is_number(),
        _ => false,
    };
    if shown {
        out.push(' ');
        let value = text(value);
        // Form IDs name their plugin, which keeps its underscores.
        out.push_str(&if value.starts_with("0x") {
            value
        } else {
            words(&value)
        });
    }
    out
}

/// "near reference 0x0001ABCD (Skyrim.esm), radius 600".
fn location_words(l: &Value) -> String {
    let mut out = kind_and_value(&l["type"], &l["location"]);
    if let Some(r) = l["radius"].as_i64() {
        out.push_str(&format!(", radius {r}"));
    }
    out
}

fn target_words(t: &Value) -> String {
    let mut out = kind_and_value(&t["type"], &t["target"]);
    if let Some(c) = t["count"].as_i64().filter(|&c| c != 0) {
        out.push_str(&format!(", count {c}"));
    }
    out
}

fn list_len(v: &Value) -> usize {
    v.as_array().map_or(0, Vec::len)
}

/// The decoded fields of every package, with its form ID.
fn packages(plugin: &Plugin<'_>, file_name: &str) -> Result<Vec<(String, Value)>> {
    packages_in(plugin, &form_ctx(plugin, file_name))
}

fn packages_in(plugin: &Plugin<'_>, ctx: &FormCtx) -> Result<Vec<(String, Value)>> {
    let mut out = Vec::new();
    for r in plugin.records().filter(|r| r.header.sig.0 == *b"PACK") {
        let rj = record_to_json(r, plugin.game, ctx)?;
        out.push((text(&rj.value["form_id"]), rj.value["fields"].clone()));
    }
    Ok(out)
}

/// Data inputs as a list of objects, paired with their IDs or not.
fn inputs(fields: &Value) -> Vec<&Value> {
    match &fields["data_inputs"] {
        Value::Array(list) => list.iter().collect(),
        Value::Object(m) => m
            .get("items")
            .and_then(Value::as_array)
            .map(|l| l.iter().collect())
            .unwrap_or_default(),
        _ => Vec::new(),
    }
}

fn summarise(form_id: String, f: &Value, game: Game) -> PackageSummary {
    let editor_id = f["editor_id"].as_str().unwrap_or("").to_string();
    let conditions = list_len(&f["conditions"]);
    match game {
        Game::Oblivion => PackageSummary {
            form_id,
            editor_id,
            kind: text(&f["general"]["type"]),
            schedule: schedule_words(&f["schedule"], game),
            location: f.get("location").map(location_words),
            target: f.get("target").map(target_words),
            template: None,
            conditions: conditions + list_len(&f["conditions_old"]),
        },
        Game::Skyrim => {
            let inputs = inputs(f);
            let by_type = |types: &[&str]| {
                inputs
                    .iter()
                    .find(|i| i["type"].as_str().is_some_and(|t| types.contains(&t)))
                    .map(|i| &i["value"])
            };
            let template = &f["counter"]["template"];
            let template = if template.is_string() && template != "0x00000000" {
                Some(text(template))
            } else if list_len(&f["procedure_tree"]) > 0 {
                Some("own tree".into())
            } else {
                None
            };
            PackageSummary {
                form_id,
                editor_id,
                kind: text(&f["general"]["type"]),
                schedule: schedule_words(&f["schedule"], game),
                location: by_type(&["Location"]).map(location_words),
                target: by_type(&["SingleRef", "TargetSelector"]).map(target_words),
                template,
                conditions,
            }
        }
    }
}

/// One summary per package, in file order.
pub fn summaries(plugin: &Plugin<'_>, file_name: &str) -> Result<Vec<PackageSummary>> {
    summaries_in(plugin, &form_ctx(plugin, file_name))
}

/// [`summaries`] with a form context made by the caller (one carrying a
/// localized plugin's string tables, say).
pub fn summaries_in(plugin: &Plugin<'_>, ctx: &FormCtx) -> Result<Vec<PackageSummary>> {
    Ok(packages_in(plugin, ctx)?
        .into_iter()
        .map(|(id, f)| summarise(id, &f, plugin.game))
        .collect())
}

/// The summary of one PACK record, read with its plugin's form context;
/// `None` for a record of another type.
pub fn summary_of(
    record: &crate::plugin::Record<'_>,
    game: Game,
    ctx: &FormCtx,
) -> Result<Option<PackageSummary>> {
    if record.header.sig.0 != *b"PACK" {
        return Ok(None);
    }
    let rj = record_to_json(record, game, ctx)?;
    Ok(Some(summarise(
        text(&rj.value["form_id"]),
        &rj.value["fields"],
        game,
    )))
}

/// Every node of a procedure tree, in preorder, whether the tree is shown
/// nested or flat.
fn tree_nodes(tree: &Value) -> Vec<&Value> {
    fn walk<'v>(nodes: &'v Value, out: &mut Vec<&'v Value>) {
        for n in nodes.as_array().into_iter().flatten() {
            out.push(n);
            walk(&n["children"], out);
        }
    }
    let mut out = Vec::new();
    walk(tree, &mut out);
    out
}

fn ids(values: &Value) -> Vec<i64> {
    values
        .as_array()
        .map(|l| l.iter().filter_map(Value::as_i64).collect())
        .unwrap_or_default()
}

/// Checks one Skyrim package's parts against each other.
fn lint_fields(f: &Value) -> Vec<String> {
    let mut problems = Vec::new();
    let inputs = inputs(f);
    let input_ids: Vec<i64> = match &f["data_inputs"] {
        Value::Array(list) => list.iter().filter_map(|i| i["id"].as_i64()).collect(),
        Value::Object(m) => {
            let keys = m.get("keys").cloned().unwrap_or(Value::Null);
            problems.push(format!(
                "the package has {} data inputs but {} IDs for them (UNAM); each input needs one",
                inputs.len(),
                list_len(&keys)
            ));
            ids(&keys)
        }
        _ => Vec::new(),
    };
    if let Some(count) = f["counter"]["data_input_count"].as_i64() {
        if count != inputs.len() as i64 {
            problems.push(format!(
                "the package says it has {count} data inputs (PKCU) but has {}",
                inputs.len()
            ));
        }
    }
    let tree = tree_nodes(&f["procedure_tree"]);
    let tree_ids: Vec<i64> = tree
        .iter()
        .flat_map(|b| ids(&b["activity_ids"]))
        // 0xFF stands for no data input.
        .filter(|&i| i != 0xFF)
        .collect();
    let data_ids: Vec<i64> = f["procedure_data"]
        .as_array()
        .map(|l| l.iter().filter_map(|d| d["id"].as_i64()).collect())
        .unwrap_or_default();
    let template = &f["counter"]["template"];
    let uses_template = template.is_string() && template != "0x00000000";
    let highest = input_ids
        .iter()
        .chain(&tree_ids)
        .chain(&data_ids)
        .copied()
        .max();
    if let (Some(marker), Some(highest)) = (f["marker"].as_i64(), highest) {
        // A package that uses a template counts the template's activities
        // too, which live in another record: only a lower bound is known.
        if uses_template && marker <= highest {
            problems.push(format!(
                "the package's next activity ID (XNAM) is {marker}, but its parts already use IDs up to {highest}; it must be higher, or new activities get IDs that are taken"
            ));
        } else if !uses_template && marker != highest + 1 {
            problems.push(format!(
                "the package's next activity ID (XNAM) is {marker}, but its highest activity ID is {highest}: it should be {}",
                highest + 1
            ));
        }
    }
    let mut unnamed: Vec<i64> = tree_ids
        .iter()
        .copied()
        .filter(|i| !input_ids.contains(i))
        .collect();
    unnamed.sort_unstable();
    unnamed.dedup();
    if !unnamed.is_empty() {
        problems.push(format!(
            "the procedure tree uses activity IDs that no data input has: {unnamed:?}"
        ));
    }
    if !tree.is_empty() && uses_template {
        problems.push(format!(
            "the package has its own procedure tree and a template too ({}); only one of them should be set",
            text(template)
        ));
    }
    for (i, branch) in tree.iter().enumerate() {
        if let Some(n) = branch["condition_count"].as_i64() {
            let actual = list_len(&branch["conditions"]) as i64;
            if n != actual {
                problems.push(format!(
                    "procedure tree node {i} ({}) says it has {n} condition{} (CITC) but has {actual}",
                    text(&branch["branch_type"]),
                    if n == 1 { "" } else { "s" }
                ));
            }
        }
    }
    problems
}

/// Packages whose parts disagree (Skyrim; Oblivion packages have no such
/// parts, so they never show here).
pub fn lint(plugin: &Plugin<'_>, file_name: &str) -> Result<Vec<LintFinding>> {
    if plugin.game != Game::Skyrim {
        return Ok(Vec::new());
    }
    let mut out = Vec::new();
    for (form_id, f) in packages(plugin, file_name)? {
        for problem in lint_fields(&f) {
            out.push(LintFinding {
                form_id: form_id.clone(),
                editor_id: f["editor_id"].as_str().unwrap_or("").to_string(),
                problem,
            });
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn one_package_is_summarised_as_the_whole_plugin_summarises_it() {
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../samples/sample-skyrim.esp"
        );
        let plugin = Plugin::open(path).unwrap();
        let ctx = plugin.form_ctx();
        let record = plugin.find_record(crate::FormId(0x0100_0803)).unwrap();
        let one = summary_of(record, plugin.game, &ctx).unwrap().unwrap();
        assert_eq!(one.editor_id, "SampleLightLanternsAtDusk");
        assert_eq!(one.schedule, "any day, 20:00 for 2 h");
        assert_eq!(summaries_in(&plugin, &ctx).unwrap(), vec![one]);
        let other = plugin
            .records()
            .find(|r| r.header.sig.0 != *b"PACK")
            .unwrap();
        assert_eq!(summary_of(other, plugin.game, &ctx).unwrap(), None);
    }

    #[test]
    fn schedules_read_as_words() {
        let s = json!({"month": "any", "day_of_week": "any", "date": "any", "hour": 22,
                       "minute": 0, "duration_minutes": 480});
        assert_eq!(schedule_words(&s, Game::Skyrim), "any day, 22:00 for 8 h");
        let s = json!({"month": 3, "day_of_week": "weekends", "date": "any", "hour": "any",
                       "minute": "any", "duration_minutes": 90});
        assert_eq!(
            schedule_words(&s, Game::Skyrim),
            "weekends, month 3, any time for 1 h 30 min"
        );
        let s = json!({"month": "any", "day_of_week": "morndas_to_fredas", "date": "any",
                       "hour": 8, "duration_hours": 12});
        assert_eq!(
            schedule_words(&s, Game::Oblivion),
            "morndas to fredas, 08:00 for 12 h"
        );
    }

    #[test]
    fn xnam_of_a_package_with_its_own_tree_is_the_highest_id_plus_one() {
        let f = json!({
            "counter": {"data_input_count": 1, "template": "0x00000000"},
            "data_inputs": [{"id": 0, "type": "Bool", "value": true}],
            "marker": 5,
            "procedure_tree": [{"branch_type": "Procedure", "condition_count": 0,
                                "activity_ids": [0]}],
            "procedure_data": [{"id": 3}],
        });
        assert_eq!(
            lint_fields(&f),
            ["the package's next activity ID (XNAM) is 5, but its highest activity ID is 3: it should be 4"]
        );
    }

    #[test]
    fn lint_finds_disagreeing_parts() {
        let f = json!({
            "counter": {"data_input_count": 3, "template": "0x0001ABCD (Skyrim.esm)"},
            "data_inputs": [{"id": 0, "type": "Bool", "value": true}],
            "marker": 7,
            "procedure_tree": [{"branch_type": "Sequence", "branch": {"child_count": 1},
                                "children": [{"branch_type": "Procedure", "condition_count": 1,
                                              "activity_ids": [0, 7, 255]}]}],
        });
        let problems = lint_fields(&f);
        assert_eq!(problems.len(), 5, "{problems:#?}");
        assert!(problems[0].contains("says it has 3 data inputs (PKCU) but has 1"));
        assert!(problems[1].contains("(XNAM) is 7, but its parts already use IDs up to 7"));
        assert!(problems[2].contains("[7]"));
        assert!(problems[3].contains("and a template too"));
        assert!(problems[4].contains("says it has 1 condition (CITC) but has 0"));
    }
}
