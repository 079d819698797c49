//! Load orders on the command line: conflicts, refs, and the load order
//! that names the references other commands show.

use crate::strings_opt::LangOpt;
use crate::util::{self, style};
use anyhow::{bail, Context as _, Result};
use esscribe::loadorder::{
    Category, ConflictFilter, ConflictReport, DataDirOrder, Edition, LoadOrder, PluginFiles,
    Problem,
};
use serde_json::{json, Value};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Where a load order comes from: plugin files in order, a `Data` folder,
/// or both (the listed files load after the folder's).
#[derive(clap::Args, Clone, Default)]
pub struct LoadOrderOpt {
    /// A game's Data folder: its active plugins, in the order the game
    /// loads them (plugins.txt / loadorder.txt in the folder or its parent;
    /// Oblivion orders by modification time; see `esscribe load-order`).
    #[arg(long, value_name = "DIR")]
    pub data: Option<PathBuf>,
}

/// Opens the files of a load order: the active plugins of `--data` in the
/// game's order, then `files`, placed among them by the game's rules. The
/// folder's problems are the load order's first.
pub fn open_files(opt: &LoadOrderOpt, files: &[PathBuf]) -> Result<PluginFiles> {
    for f in files {
        if let Some(why) = util::unreadable(f) {
            bail!("{why}");
        }
    }
    match &opt.data {
        Some(dir) => {
            let order = data_order(dir, None)?;
            if order.paths.is_empty() && files.is_empty() {
                bail!("no active plugin in {}", dir.display());
            }
            Ok(PluginFiles::from_order(&order, files))
        }
        None if files.is_empty() => {
            bail!("no plugins: give plugin files in load order, or --data DIR")
        }
        None => Ok(PluginFiles::open(files)),
    }
}

/// Reads the load order of a `Data` folder, saying on standard error how
/// it was found.
pub fn data_order(dir: &Path, edition: Option<Edition>) -> Result<DataDirOrder> {
    if !dir.is_dir() {
        bail!("--data {}: not a folder", dir.display());
    }
    let order = esscribe::loadorder::data_dir_order(dir, edition)
        .with_context(|| format!("cannot read the load order of {}", dir.display()))?;
    eprintln!(
        "esscribe: load order of {}: {}",
        dir.display(),
        util::terminal_safe(&order.rule)
    );
    Ok(order)
}

pub fn warn(p: &Problem) {
    eprintln!(
        "{} {}",
        util::paint(true, style::YELLOW, "warning:"),
        util::terminal_safe(&p.to_string())
    );
}

/// A load order's problems with each missing master told once: the
/// master, the plugins that need it, and the other problems as they are.
pub fn grouped_problems<'o>(
    order: &'o LoadOrder<'_>,
) -> (Vec<(&'o str, Vec<&'o str>)>, Vec<&'o Problem>) {
    let mut needed_by: Vec<(&str, Vec<&str>)> = Vec::new();
    let mut others = Vec::new();
    for p in order.problems() {
        match p {
            Problem::MissingMaster { plugin, master } => {
                match needed_by.iter_mut().find(|(m, _)| m == master) {
                    Some((_, list)) => list.push(plugin),
                    None => needed_by.push((master, vec![plugin])),
                }
            }
            other => others.push(other),
        }
    }
    (needed_by, others)
}

/// Reports what went wrong loading, on standard error.
/// A master missing for many plugins (the game's own files, often) is
/// reported once, naming the first plugins that need it.
pub fn report_problems(order: &LoadOrder<'_>) {
    // A plugin given alone names its own records; that its masters are
    // not given is no news.
    let alone = order.plugins().len() == 1;
    let (mut needed_by, others) = grouped_problems(order);
    others.into_iter().for_each(warn);
    if alone {
        needed_by.clear();
    }
    for (master, plugins) in needed_by {
        let text = format!(
            "master {master} is not in the load order, needed by {}: records and references of it are named as {master}, absent",
            util::some_names(&plugins)
        );
        eprintln!(
            "{} {}",
            util::paint(true, style::YELLOW, "warning:"),
            util::terminal_safe(&text)
        );
    }
}

/// The load order as JSON: each plugin with its slot and masters.
fn order_json(order: &LoadOrder<'_>) -> Value {
    Value::Array(
        order
            .plugins()
            .iter()
            .map(|p| {
                json!({"plugin": p.name, "slot": p.slot, "master": p.is_master,
                       "light": p.is_light, "masters": p.masters()})
            })
            .collect(),
    )
}

fn category_colour(c: Category) -> &'static str {
    match c {
        Category::Conflict | Category::DeletedReference => style::RED,
        Category::IdenticalToMaster => style::YELLOW,
        Category::Override => style::GREEN,
        Category::OnlyOne => style::BOLD,
    }
}

/// A value for reading: references named from the load order.
fn show_value(order: &LoadOrder<'_>, v: &Value) -> String {
    match v {
        Value::String(s) => match order.parse_shown_id(s) {
            Some(id) => order.describe(id),
            None => util::scalar(v),
        },
        Value::Array(_) | Value::Object(_) => {
            let mut v = v.clone();
            name_shown(order, &mut v);
            v.to_string()
        }
        other => util::scalar(other),
    }
}

fn name_shown(order: &LoadOrder<'_>, v: &mut Value) {
    match v {
        Value::String(s) => {
            if let Some(id) = order.parse_shown_id(s) {
                *s = order.describe(id);
            }
        }
        Value::Array(a) => a.iter_mut().for_each(|x| name_shown(order, x)),
        Value::Object(m) => m.values_mut().for_each(|x| name_shown(order, x)),
        _ => {}
    }
}

fn print_report(order: &LoadOrder<'_>, report: &ConflictReport) {
    let mut out = String::new();
    let mut counts = std::collections::BTreeMap::new();
    for r in &report.records {
        *counts.entry(r.category).or_insert(0u64) += 1;
        // A record only one loaded plugin holds is counted, not listed: a
        // plugin whose masters are absent has many.
        if r.category == Category::OnlyOne {
            continue;
        }
        out.push_str(&format!(
            "{} {}\n",
            util::paint(false, category_colour(r.category), r.category.label()),
            order.describe(r.id)
        ));
        let chain: Vec<String> = r
            .chain
            .iter()
            .map(|v| {
                let mut s = v.plugin.clone();
                if !v.loaded {
                    s.push_str(" (absent)");
                }
                if v.identical_to_master {
                    s.push_str(" (ITM)");
                }
                if v.deleted {
                    s.push_str(" (deleted)");
                }
                s
            })
            .collect();
        out.push_str(&format!("    {}  ⇒ {} wins\n", chain.join(" → "), r.winner));
        for l in &r.lost {
            out.push_str(&format!(
                "    {} {}: {} from {} (winner: {}){}\n",
                util::paint(false, style::RED, "lost"),
                l.path.strip_prefix("fields.").unwrap_or(&l.path),
                show_value(order, &l.value),
                l.plugin,
                show_value(order, &l.winner_value),
                if l.deliberate {
                    " — the winner has it as a master"
                } else {
                    ""
                }
            ));
        }
    }
    if !report.pairs.is_empty() {
        out.push_str("\nPlugin pairs: records both touch, and conflicts (both change a field, to different values)\n");
        for p in &report.pairs {
            out.push_str(&format!(
                "    {} × {}: {} shared, {} conflicting\n",
                p.first,
                p.second,
                util::thousands(p.shared),
                util::thousands(p.conflicts)
            ));
        }
    }
    print!("{out}");
    let summary: Vec<String> = counts
        .iter()
        .map(|(c, n)| format!("{} {}", util::thousands(*n), c.label()))
        .collect();
    eprintln!(
        "{} touched by more than one plugin in {}{}{}",
        util::plural(report.records.len() as u64, "record", "records"),
        util::plural(order.len() as u64, "plugin", "plugins"),
        if summary.is_empty() { "" } else { ": " },
        summary.join(", ")
    );
}

/// `esscribe conflicts`: override chains, categories, lost changes and the
/// per-pair summary.
pub fn conflicts(
    (files, opt, lang): (&[PathBuf], &LoadOrderOpt, &LangOpt),
    types: &[String],
    plugin: Option<&str>,
    as_json: bool,
) -> Result<ExitCode> {
    let opened = open_files(opt, files)?;
    let order = load_order_in(&opened, &lang.language);
    if order.is_empty() {
        bail!("no plugin of the load order could be read");
    }
    let types = types
        .iter()
        .map(|t| util::parse_sig(t))
        .collect::<Result<Vec<_>>>()?;
    if let Some(name) = plugin {
        if order.position(name).is_none() {
            let names: Vec<String> = order.plugins().iter().map(|p| p.name.clone()).collect();
            bail!(
                "--plugin {name}: not in the load order (nearest: {})",
                util::nearest_first(name, &names, 3)
            );
        }
    }
    let report = order.conflicts(&ConflictFilter {
        types,
        plugin: plugin.map(str::to_string),
    });
    if as_json {
        util::print_json(&json!({
            "load_order": order_json(&order),
            "problems": order.problems(),
            "records": report.records,
            "pairs": report.pairs,
        }))?;
    } else {
        print_report(&order, &report);
    }
    Ok(ExitCode::SUCCESS)
}

/// Finds a record named on the command line, or says why not.
pub fn find(order: &LoadOrder<'_>, form: &str) -> Result<esscribe::loadorder::GlobalId> {
    match order.lookup(form) {
        Some(id) if !order.chain(id).is_empty() || !order.is_loaded(id.file) => Ok(id),
        _ => bail!(
            "--form {form}: no such record in the load order (give a load-order form ID like 0x0002EE72, Plugin.esp:02EE72, or an editor ID)"
        ),
    }
}

/// `esscribe refs`: what refers to a record, across the load order.
pub fn refs(
    (files, opt, lang): (&[PathBuf], &LoadOrderOpt, &LangOpt),
    form: &str,
    as_json: bool,
) -> Result<ExitCode> {
    let opened = open_files(opt, files)?;
    let order = load_order_in(&opened, &lang.language);
    let id = find(&order, form)?;
    let mut refs = order.referenced_by(id);
    refs.sort_by(|a, b| {
        (order.position(&a.plugin), &a.form_id).cmp(&(order.position(&b.plugin), &b.form_id))
    });
    if as_json {
        util::print_json(&json!({
            "record": order.describe(id),
            "form_id": order.show_id(id),
            "referenced_by": refs,
        }))?;
    } else {
        let mut out = String::new();
        for r in &refs {
            out.push_str(&format!(
                "{}: {}  ({})\n",
                r.plugin,
                r.record,
                r.paths
                    .iter()
                    .map(|p| p.strip_prefix("fields.").unwrap_or(p))
                    .collect::<Vec<_>>()
                    .join(", ")
            ));
        }
        print!("{out}");
        eprintln!(
            "{} is referred to by {}",
            order.describe(id),
            util::plural(refs.len() as u64, "record", "records")
        );
    }
    Ok(ExitCode::SUCCESS)
}

/// The load order that names the references of commands reading plugins:
/// `--data`'s plugins, then the plugins given that it does not hold; or,
/// without `--data`, the plugins given when there are several. `None` when
/// there is none.
pub fn context_files(opt: &LoadOrderOpt, plugins: &[PathBuf]) -> Result<Option<PluginFiles>> {
    if plugins.is_empty() && opt.data.is_none() {
        return Ok(None);
    }
    let mut extra = Vec::new();
    for p in plugins {
        let name = util::file_name(p);
        let in_data = opt.data.as_ref().is_some_and(|d| d.join(&name).is_file());
        if !in_data {
            extra.push(p.clone());
        }
    }
    open_files(opt, &extra).map(Some)
}

/// The load order of `files`, its problems reported on standard error.
pub fn context(files: &Option<PluginFiles>) -> Option<LoadOrder<'_>> {
    Some(load_order(files.as_ref()?))
}

/// The load order of the files opened, localized plugins named from their
/// English string tables where those are beside them (loose or in
/// archives); its problems are
/// reported on standard error.
pub fn load_order(files: &PluginFiles) -> LoadOrder<'_> {
    load_order_in(files, "english")
}

/// The load order of the files opened, localized plugins named from their
/// string tables in `language`.
pub fn load_order_in<'a>(files: &'a PluginFiles, language: &str) -> LoadOrder<'a> {
    let mut order = LoadOrder::from_files(files);
    for problem in order.load_strings(files, language) {
        eprintln!("warning: {problem}");
    }
    report_problems(&order);
    order
}

/// A load order and the place in it of the plugin a command shows.
pub type Names<'o, 'a> = Option<(&'o LoadOrder<'a>, usize)>;

/// The plugin at `path` in the load order, to name its references.
pub fn names_for<'o, 'a>(order: Option<&'o LoadOrder<'a>>, path: &Path) -> Names<'o, 'a> {
    let order = order?;
    Some((order, order.position(&util::file_name(path))?))
}

/// Text with form IDs (`0x0101A0AF (Oblivion.esm)`) named from the load
/// order, when there is one.
pub fn name_text(names: Names<'_, '_>, text: &str) -> String {
    match names {
        Some((order, i)) => order.name_refs_in_text(i, text),
        None => text.to_string(),
    }
}

/// A record's JSON with form IDs named from the load order, when there is one.
pub fn name_value(names: Names<'_, '_>, v: &mut Value) {
    if let Some((order, i)) = names {
        order.name_refs(i, v);
    }
}

/// The file named `name` (in any case) in the folder `dir`.
fn file_in(dir: &Path, name: &str) -> Result<Option<PathBuf>> {
    let entries =
        std::fs::read_dir(dir).with_context(|| format!("cannot read {}", dir.display()))?;
    for entry in entries {
        let entry = entry.with_context(|| format!("cannot read {}", dir.display()))?;
        if entry
            .file_name()
            .to_string_lossy()
            .eq_ignore_ascii_case(name)
        {
            return Ok(Some(entry.path()));
        }
    }
    Ok(None)
}

/// `esscribe clean`: removes identical-to-master records and undeletes
/// deleted references of a plugin, its masters given as files or found in
/// a Data folder.
pub fn clean(
    file: &Path,
    masters: &[PathBuf],
    data: Option<&Path>,
    dry_run: bool,
    output: Option<&Path>,
    as_json: bool,
    force: bool,
) -> Result<ExitCode> {
    if let Some(why) = util::unreadable(file) {
        bail!("{why}");
    }
    // Held from before the plugin is read until the cleaned one is in
    // place, as every write holds it; taken even when nothing turns out
    // to need writing, so that a lock file a killed write left is
    // cleared.
    let destination = output.unwrap_or(file);
    let lock = match dry_run || util::is_stdout(destination) {
        true => None,
        false => Some(util::lock_for_writing(destination)?),
    };
    let target = PluginFiles::open([file]);
    let own = LoadOrder::from_files(&target);
    // Its masters are not loaded yet: only a file that does not read stops here.
    if let Some(problem) = own
        .problems()
        .iter()
        .find(|p| !matches!(p, Problem::MissingMaster { .. }))
    {
        bail!("{problem}");
    }
    let needed: Vec<String> = own.plugin(0).masters().to_vec();
    drop(own);
    let mut paths: Vec<PathBuf> = Vec::new();
    for master in &needed {
        let given = masters
            .iter()
            .find(|m| util::file_name(m).eq_ignore_ascii_case(master));
        let found = match (given, data) {
            (Some(m), _) => Some(m.clone()),
            (None, Some(dir)) => file_in(dir, master)?,
            (None, None) => None,
        };
        match found {
            Some(p) => paths.push(p),
            None => match data {
                Some(dir) => bail!(
                    "master {master} of {} is not in {}",
                    util::file_name(file),
                    dir.display()
                ),
                None => bail!(
                    "master {master} of {} is not given: list its masters after it ({}), or give --data DIR",
                    util::file_name(file),
                    needed.join(", ")
                ),
            },
        }
    }
    for m in masters {
        if !paths.contains(m) {
            eprintln!(
                "{} {} is not a master of {}: not used",
                util::paint(true, style::YELLOW, "warning:"),
                m.display(),
                util::file_name(file)
            );
        }
    }
    for p in &paths {
        if let Some(why) = util::unreadable(p) {
            bail!("{why}");
        }
    }
    paths.push(file.to_path_buf());
    let opened = PluginFiles::open(&paths);
    let order = LoadOrder::from_files(&opened);
    if let Some(problem) = order.problems().iter().find(|p| {
        !matches!(p, Problem::MissingMaster { plugin, .. } if !plugin.eq_ignore_ascii_case(&util::file_name(file)))
    }) {
        bail!("{problem}");
    }
    report_problems(&order);
    let at = order
        .position(&util::file_name(file))
        .with_context(|| format!("{} did not load", file.display()))?;
    let plan = order
        .plan_clean(at)
        .with_context(|| format!("cannot clean {}", file.display()))?;
    let written = if dry_run || (plan.changes_nothing() && output.is_none()) {
        None
    } else {
        let bytes = plan
            .apply(&order)
            .with_context(|| format!("cannot clean {}", file.display()))?;
        let game = order.game();
        let check = |b: &[u8]| esscribe::Plugin::parse_as(b, game).map(|_| ());
        match &lock {
            None => {
                check(&bytes)?;
                util::write_stdout(&bytes)?;
                Some((bytes.len(), esscribe::fsio::Written::default()))
            }
            Some(lock) => {
                let w = util::write_locked(lock, destination, &bytes, force, check)?;
                Some((bytes.len(), w))
            }
        }
    };
    use esscribe::loadorder::CleanKind;
    let kinds = [
        CleanKind::IdenticalToMaster,
        CleanKind::UndeletedReference,
        CleanKind::StillDeleted,
        CleanKind::Skipped,
    ];
    if as_json {
        util::print_json(&json!({
            "plugin": plan.plugin,
            "dry_run": dry_run,
            "written": written.as_ref().map(|_| destination.display().to_string()),
            "removed": plan.count(CleanKind::IdenticalToMaster),
            "undeleted": plan.count(CleanKind::UndeletedReference),
            "still_deleted": plan.count(CleanKind::StillDeleted),
            "skipped": plan.count(CleanKind::Skipped),
            "groups_removed": plan.groups_removed,
            "actions": plan.actions,
        }))?;
    } else {
        let mut out = format!("{}:\n", plan.plugin);
        for kind in kinds {
            out.push_str(&format!("    {}: {}\n", kind.label(), plan.count(kind)));
        }
        out.push_str(&format!(
            "    empty groups removed: {}\n",
            plan.groups_removed
        ));
        for a in &plan.actions {
            out.push_str(&format!(
                "{}: {} {} [{}]",
                a.kind.label(),
                a.sig,
                a.form_id,
                a.record
            ));
            if let Some(e) = &a.editor_id {
                out.push_str(&format!(" {e}"));
            }
            if let Some(r) = &a.reason {
                out.push_str(&format!(": {r}"));
            }
            out.push('\n');
        }
        if util::is_stdout(destination) && written.is_some() {
            eprint!("{out}");
        } else {
            print!("{out}");
        }
    }
    match &written {
        None if dry_run => eprintln!("dry run: nothing written"),
        None => eprintln!("nothing to clean: {} left as it is", file.display()),
        Some((_, _)) if util::is_stdout(destination) => {
            eprintln!("wrote the cleaned plugin to standard output")
        }
        Some((len, w)) => eprintln!(
            "{} ({} bytes){}",
            util::wrote(destination, w),
            util::thousands(*len as u64),
            util::backup_note(w)
        ),
    }
    Ok(ExitCode::SUCCESS)
}

/// The archives a game ini lists to load first: the values of
/// `sResourceArchiveList`, `sResourceArchiveList2` (Skyrim) and
/// `SArchiveList` (Oblivion), comma-separated, in that order.
fn ini_archives(ini: &Path) -> Result<Vec<String>> {
    let bytes = std::fs::read(ini).with_context(|| format!("cannot read {}", ini.display()))?;
    let text = String::from_utf8_lossy(&bytes);
    let mut out = Vec::new();
    for key in [
        "sresourcearchivelist",
        "sresourcearchivelist2",
        "sarchivelist",
    ] {
        for line in text.lines() {
            let Some((k, v)) = line.split_once('=') else {
                continue;
            };
            if k.trim().eq_ignore_ascii_case(key) {
                out.extend(
                    v.split(',')
                        .map(str::trim)
                        .filter(|n| !n.is_empty())
                        .map(String::from),
                );
            }
        }
    }
    Ok(out)
}

/// `esscribe assets`: each asset path of a Data folder with the file the
/// game reads and the files it hides.
pub fn assets(dir: &Path, ini: Option<&Path>, conflicts: bool, as_json: bool) -> Result<ExitCode> {
    let order = data_order(dir, None)?;
    for p in &order.problems {
        warn(p);
    }
    let listed = match ini {
        Some(ini) => ini_archives(ini)?,
        None => Vec::new(),
    };
    let found = esscribe::loadorder::assets::assets_of_data_dir(dir, &order, &listed)
        .with_context(|| format!("cannot list the assets of {}", dir.display()))?;
    let shown: Vec<&esscribe::loadorder::assets::AssetProviders> = if conflicts {
        found.conflicts().collect()
    } else {
        found.assets.iter().collect()
    };
    if as_json {
        util::print_json(&json!({
            "archives": found.archives,
            "assets": shown,
        }))?;
        return Ok(ExitCode::SUCCESS);
    }
    let mut out = String::new();
    for a in shown {
        out.push_str(&util::terminal_safe(&format!("{}  {}", a.path, a.winner)));
        if !a.hidden.is_empty() {
            out.push_str(&util::terminal_safe(&format!(
                "  (hides {})",
                a.hidden.join(", ")
            )));
        }
        out.push('\n');
    }
    print!("{out}");
    Ok(ExitCode::SUCCESS)
}

/// `esscribe load-order`: every plugin of a Data folder in the game's
/// order, with its slot, whether it is active, and why.
pub fn show_order(dir: &Path, edition: Option<Edition>, as_json: bool) -> Result<ExitCode> {
    let order = data_order(dir, edition)?;
    for p in &order.problems {
        warn(p);
    }
    if as_json {
        let plugins: Vec<Value> = order
            .plugins
            .iter()
            .enumerate()
            .map(|(i, p)| {
                let mut v = serde_json::to_value(p).unwrap_or(Value::Null);
                v["index"] = json!(i);
                v["slot"] = p.slot.map_or(Value::Null, |s| json!(s.label()));
                v["why"] = json!(p.why());
                v
            })
            .collect();
        util::print_json(&json!({
            "game": order.edition,
            "game_name": order.edition.name(),
            "game_told_by": order.edition_reason,
            "rule": order.rule,
            "plugins": plugins,
            "problems": order.problems,
        }))?;
        return Ok(ExitCode::SUCCESS);
    }
    let width = order
        .plugins
        .iter()
        .map(|p| p.name.chars().count())
        .max()
        .unwrap_or(0)
        .min(48);
    let mut out = String::new();
    for p in &order.plugins {
        let state = if p.active { "active" } else { "inactive" };
        out.push_str(&format!(
            "{:<6}  {:<8}  {:<width$}  {}\n",
            p.slot_label(),
            state,
            util::terminal_safe(&p.name),
            util::terminal_safe(&p.why())
        ));
    }
    print!("{out}");
    let active = order.plugins.iter().filter(|p| p.active).count();
    let light = order.plugins.iter().filter(|p| p.active && p.light).count();
    eprintln!(
        "{}, {} active ({} full, {} light)",
        util::plural(order.plugins.len() as u64, "plugin", "plugins"),
        util::thousands(active as u64),
        util::thousands((active - light) as u64),
        util::thousands(light as u64)
    );
    Ok(ExitCode::SUCCESS)
}
