//! Plugin commands: info, dump, verify.

use crate::loadorder_cmds::{self, name_value, LoadOrderOpt, Names};
use crate::util::{self, file_name, load, parse_plugin, thousands};
use crate::GameOpt;
use anyhow::{bail, Context as _, Result};
use esscribe::io::{decode_cp1252, to_hex};
use esscribe::plugin::{first_difference, Entry, Plugin, Record, SubrecordRef};
use esscribe::{FormId, Game, Sig};
use rayon::prelude::*;
use serde_json::{json, Value};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

struct Summary {
    by_type: BTreeMap<Sig, u64>,
    records: u64,
    compressed: u64,
    groups: u64,
}

fn summarise(plugin: &Plugin<'_>) -> Summary {
    let mut s = Summary {
        by_type: BTreeMap::new(),
        records: 1, // the TES4 header record
        compressed: 0,
        groups: plugin.groups().count() as u64,
    };
    for r in plugin.records() {
        s.records += 1;
        *s.by_type.entry(r.header.sig).or_default() += 1;
        s.compressed += r.header.is_compressed() as u64;
    }
    s
}

fn info_json(path: &Path, plugin: &Plugin<'_>) -> Result<Value> {
    let h = plugin.info()?;
    warn_header(path, &h);
    let s = summarise(plugin);
    let name = file_name(path);
    Ok(json!({
        "file": path.display().to_string(),
        "game": plugin.game,
        // The value as the game means it (1.7), not the nearest double to
        // its f32 bits (1.7000000476837158).
        "version": h.version.to_string().parse::<f64>().map(Value::from).unwrap_or(Value::Null),
        // The header's flags, and how the game loads the file: a Skyrim
        // `.esm` or `.esl` loads as a master whatever its flag.
        "master": h.is_master,
        "light": h.is_light,
        "loads_as_master": h.loads_as_master(plugin.game, &name),
        "loads_as_light": h.loads_as_light(plugin.game, &name),
        "author": h.author,
        "description": h.description,
        "masters": h.masters.iter().map(|m| &m.name).collect::<Vec<_>>(),
        "header_record_count": h.record_count,
        "next_object_id": format!("0x{:08X}", h.next_object_id),
        "records": s.records,
        "compressed_records": s.compressed,
        "groups": s.groups,
        "by_type": s.by_type.iter().map(|(k, v)| (k.to_string(), json!(v))).collect::<serde_json::Map<_, _>>(),
    }))
}

/// What of the header stayed as bytes, on standard error.
fn warn_header(path: &Path, h: &esscribe::plugin::PluginHeader) {
    for w in &h.warnings {
        eprintln!("warning: {}: {w}", path.display());
    }
}

pub fn info(files: &[PathBuf], as_json: bool, game: GameOpt) -> Result<ExitCode> {
    let mut all = Vec::new();
    let code = util::each_file(files, |path| {
        let data = load(path)?;
        let plugin = parse_plugin(&data, game.game, path)?;
        if as_json {
            all.push(info_json(path, &plugin)?);
            return Ok(());
        }
        let h = plugin.info()?;
        warn_header(path, &h);
        let s = summarise(&plugin);
        let mut flags = Vec::new();
        if h.is_master {
            flags.push("master");
        }
        if h.is_light {
            flags.push("light");
        }
        println!("{}", path.display());
        println!(
            "  game:         {} (HEDR version {:.2})",
            plugin.game.name(),
            h.version
        );
        println!(
            "  flags:        {}",
            if flags.is_empty() {
                "none".to_string()
            } else {
                flags.join(", ")
            }
        );
        let name = file_name(path);
        let loads_as = match (
            h.loads_as_master(plugin.game, &name),
            h.loads_as_light(plugin.game, &name),
        ) {
            (true, true) => "a light master",
            (true, false) => "a master",
            (false, true) => "a light plugin",
            (false, false) => "a plugin",
        };
        println!("  loads as:     {loads_as}");
        if let Some(a) = &h.author {
            println!("  author:       {}", util::terminal_safe(a));
        }
        if let Some(d) = &h.description {
            let one_line = d.replace("\r\n", " ").replace('\n', " ");
            println!("  description:  {}", util::terminal_safe(&one_line));
        }
        if h.masters.is_empty() {
            println!("  masters:      none");
        } else {
            for (i, m) in h.masters.iter().enumerate() {
                println!("  master {i:02X}:    {}", util::terminal_safe(&m.name));
            }
        }
        println!(
            "  records:      {} (TES4 header included; HEDR counts {} records and groups)",
            thousands(s.records),
            h.record_count
        );
        println!("  compressed:   {}", thousands(s.compressed));
        println!("  groups:       {}", thousands(s.groups));
        println!("  next object:  0x{:08X}", h.next_object_id);
        println!("  by type:");
        for (sig, n) in &s.by_type {
            println!("    {sig}  {}", thousands(*n));
        }
        Ok(())
    });
    if as_json {
        util::print_json(&if all.len() == 1 {
            all.pop().expect("one")
        } else {
            Value::Array(all)
        })?;
    }
    Ok(code)
}

/// Text for a subrecord's data: the string if it looks like one, then hex.
fn show_data(sub: &SubrecordRef<'_>) -> String {
    let d = sub.data;
    let printable = d.len() > 1
        && d.last() == Some(&0)
        && d[..d.len() - 1]
            .iter()
            .all(|&b| b >= 0x20 || b == b'\r' || b == b'\n' || b == b'\t');
    const MAX: usize = 64;
    let hex = if d.len() > MAX {
        format!("{}… ({} bytes)", to_hex(&d[..MAX]), d.len())
    } else {
        to_hex(d)
    };
    if printable {
        format!("{:?}", decode_cp1252(&d[..d.len() - 1]))
    } else {
        hex
    }
}

/// Record header flags for people: hex, then the names the record's type
/// gives its bits (`0x00000420 (deleted, persistent)`).
pub(crate) fn record_flags(game: Game, sig: Sig, flags: u32) -> String {
    let shown = esscribe::json::record_flags_json(game, sig, flags);
    let names: Vec<String> = shown
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|v| v.as_str())
        .filter(|n| !n.starts_with("0x"))
        .map(|n| n.replace('_', " "))
        .collect();
    if names.is_empty() {
        format!("0x{flags:08X}")
    } else {
        format!("0x{flags:08X} ({})", names.join(", "))
    }
}

struct DumpFilter {
    types: Vec<Sig>,
    form: Option<FormId>,
}

impl DumpFilter {
    fn is_empty(&self) -> bool {
        self.types.is_empty() && self.form.is_none()
    }
    fn keeps(&self, r: &Record<'_>) -> bool {
        (self.types.is_empty() || self.types.contains(&r.header.sig))
            && self.form.is_none_or(|f| f == r.header.form_id)
    }
}

fn dump_record(
    plugin: &Plugin<'_>,
    ctx: &esscribe::schema::FormCtx,
    r: &Record<'_>,
    indent: usize,
    names: Names<'_, '_>,
) -> Result<()> {
    let pad = "  ".repeat(indent);
    let h = &r.header;
    let mut extra = String::new();
    if h.is_compressed() {
        extra.push_str(" compressed");
    }
    println!(
        "{pad}{} {} flags {} at 0x{:X} ({} bytes{extra})",
        h.sig,
        h.form_id,
        record_flags(plugin.game, h.sig, h.flags),
        r.offset,
        h.data_size
    );
    if esscribe::defs::catalog(plugin.game).find(h.sig).is_some() {
        let mut rj = esscribe::json::record_to_json(r, plugin.game, ctx)?;
        if let Some(fields) = rj.value.get_mut("fields") {
            name_value(names, fields);
        }
        if let Some(fields) = rj.value.get("fields").and_then(Value::as_object) {
            let mut out = String::new();
            for (k, v) in fields {
                match k.strip_prefix('!') {
                    Some(sig) => util::show_field(
                        &mut out,
                        indent + 1,
                        &format!("{sig} (not declared here)"),
                        v,
                    ),
                    None => util::show_field(&mut out, indent + 1, k, v),
                }
            }
            print!("{out}");
            return Ok(());
        }
    }
    let result = r.for_each_subrecord(plugin.game, |s| {
        println!("{pad}  {} [{}] {}", s.sig, s.data.len(), show_data(&s));
    });
    if let Err(e) = result {
        println!("{pad}  (data does not split into subrecords: {e})");
    }
    Ok(())
}

fn dump_entries(
    plugin: &Plugin<'_>,
    ctx: &esscribe::schema::FormCtx,
    entries: &[Entry<'_>],
    indent: usize,
    filter: &DumpFilter,
    names: Names<'_, '_>,
) -> Result<()> {
    for e in entries {
        match e {
            Entry::Record(r) => {
                if filter.keeps(r) {
                    let indent = if filter.is_empty() { indent } else { 0 };
                    dump_record(plugin, ctx, r, indent, names)?;
                }
            }
            Entry::Group(g) => {
                if filter.is_empty() {
                    println!(
                        "{}GRUP {} ({}) at 0x{:X} ({} bytes)",
                        "  ".repeat(indent),
                        g.header.label(),
                        g.header.kind().name(),
                        g.offset,
                        g.header.size
                    );
                }
                dump_entries(plugin, ctx, &g.children, indent + 1, filter, names)?;
            }
        }
    }
    Ok(())
}

pub fn dump(
    files: &[PathBuf],
    order: &LoadOrderOpt,
    as_json: bool,
    types: &[String],
    form: Option<&str>,
    game: GameOpt,
    lang: &crate::strings_opt::LangOpt,
) -> Result<ExitCode> {
    let path = files.last().context("no plugin to show")?.as_path();
    if files.len() > 1 {
        let before: Vec<String> = files[..files.len() - 1]
            .iter()
            .map(|f| f.display().to_string())
            .collect();
        if as_json {
            bail!(
                "dump --json shows one plugin, as `build` takes it: give one file (given: {} and {})",
                before.join(", "),
                path.display()
            );
        }
        eprintln!(
            "note: showing {}; {} read as its load order, to name its references",
            path.display(),
            before.join(", ")
        );
    }
    let data = load(path)?;
    let plugin = parse_plugin(&data, game.game, path)?;
    let ctx = crate::strings_opt::plugin_ctx(&plugin, path, lang)?;
    let filter = DumpFilter {
        types: util::record_types(types, &plugin)?,
        form: form.map(|f| form_in(&plugin, f)).transpose()?,
    };
    // The load order is read only for the text form: JSON stays the
    // plugin's own, for `build`.
    let context = if as_json {
        None
    } else {
        loadorder_cmds::context_files(order, files)?
    };
    let context = loadorder_cmds::context(&context);
    let names = loadorder_cmds::names_for(context.as_ref(), path);
    if !filter.is_empty()
        && !filter.keeps(&plugin.header)
        && !plugin.records().any(|r| filter.keeps(r))
    {
        let types: Vec<String> = filter.types.iter().map(|t| t.to_string()).collect();
        let types = types.join(" or ");
        match filter.form {
            Some(f) if types.is_empty() => bail!("{}: no record {f}", path.display()),
            Some(f) => bail!("{}: no {types} record {f}", path.display()),
            None => bail!("{}: no {types} records", path.display()),
        }
    }
    if as_json {
        use std::io::Write;
        let keep = |sig: Sig, id: FormId| {
            (filter.types.is_empty() || filter.types.contains(&sig))
                && filter.form.is_none_or(|f| f == id)
        };
        let keep: Option<esscribe::json::RecordFilter<'_>> = (!filter.is_empty()).then_some(&keep);
        let mut out = util::stdout_writer();
        esscribe::json::write_plugin_json_in(&plugin, &ctx, keep, &mut out)?;
        writeln!(out)
            .and_then(|()| out.flush())
            .context("cannot write to stdout")?;
        return Ok(ExitCode::SUCCESS);
    }
    if filter.is_empty() || filter.keeps(&plugin.header) {
        dump_record(&plugin, &ctx, &plugin.header, 0, names)?;
    }
    dump_entries(&plugin, &ctx, &plugin.entries, 0, &filter, names)?;
    Ok(ExitCode::SUCCESS)
}

/// A record named on the command line: a form ID as the plugin writes
/// it, or an editor ID of one of its records (any case).
fn form_in(plugin: &Plugin<'_>, text: &str) -> Result<FormId> {
    if let Ok(id) = util::parse_form_id(text) {
        return Ok(id);
    }
    plugin
        .records()
        .find(|r| {
            esscribe::loadorder::editor_id_of(r, plugin.game)
                .is_some_and(|e| e.eq_ignore_ascii_case(text))
        })
        .map(|r| r.header.form_id)
        .with_context(|| {
            format!(
                "--form {text}: neither a form ID (like 0x0001CB6) nor an editor ID of this plugin"
            )
        })
}

/// Round-trips one file in memory: the first differing offset, if any,
/// and with `deep` what reading its records by their declarations found.
fn verify_one(
    path: &Path,
    deep: bool,
    game: GameOpt,
) -> Result<(Option<usize>, Option<esscribe::schema::DeepCheck>)> {
    let data = load(path)?;
    let plugin = parse_plugin(&data, game.game, path)?;
    let out = plugin.to_bytes()?;
    let check = deep.then(|| {
        let ctx = esscribe::json::form_ctx(&plugin, &file_name(path));
        esscribe::schema::check_plugin(&plugin, esscribe::defs::catalog(plugin.game), &ctx)
    });
    Ok((first_difference(&data, &out), check))
}

/// The lines `verify --deep` prints for a file whose records do not all
/// read by their declarations; `None` when they all do.
pub fn deep_report(check: &esscribe::schema::DeepCheck) -> Option<String> {
    if check.failing == 0 {
        return None;
    }
    let shown = 5;
    let mut why = Vec::new();
    if check.kept_raw > 0 {
        why.push(format!(
            "{} subrecords kept as bytes",
            thousands(check.kept_raw)
        ));
    }
    if check.damaged > 0 {
        why.push(format!(
            "{} damaged or not as declared",
            thousands(check.damaged as u64)
        ));
    }
    let mut text = format!(
        "{} of {} records do not read by their declarations ({}):",
        thousands(check.failing as u64),
        thousands(check.records as u64),
        why.join("; ")
    );
    for p in check.problems.iter().take(shown) {
        text.push_str(&format!("\n  {p}"));
    }
    if check.problems.len() > shown || check.failing > check.problems.len() {
        text.push_str("\n  ...");
    }
    Some(text)
}

pub fn verify(files: &[PathBuf], deep: bool, game: GameOpt) -> Result<ExitCode> {
    let results = util::for_files(files, "verifying", |p| verify_one(p, deep, game));
    let (mut same, mut differ, mut failed, mut undecoded) = (0, 0, 0, 0);
    for (path, result) in files.iter().zip(results) {
        match result {
            Ok((None, check)) => {
                same += 1;
                match check.as_ref().and_then(deep_report) {
                    None if deep => println!(
                        "{}: identical, and every record reads by its declaration",
                        path.display()
                    ),
                    None => println!("{}: identical", path.display()),
                    Some(report) => {
                        undecoded += 1;
                        println!("{}: identical, but {report}", path.display());
                    }
                }
            }
            Ok((Some(at), _)) => {
                differ += 1;
                println!("{}: differs at offset 0x{at:X}", path.display());
            }
            Err(e) => {
                failed += 1;
                println!("{}: error: {e:#}", path.display());
            }
        }
    }
    let deep_part = if deep {
        format!(", {undecoded} not reading by their declarations")
    } else {
        String::new()
    };
    println!(
        "{} files: {same} identical, {differ} different, {failed} unreadable{deep_part}",
        files.len()
    );
    Ok(if differ + failed + undecoded == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}

/// How far past the text given back `build` maps the text in ahead of the
/// reading: past what the reading has gone through but not yet built.
const PREFETCH_AHEAD: usize = 8 << 20;

pub fn build(json_path: &Path, output: &Path, force: bool) -> Result<ExitCode> {
    use anyhow::Context as _;
    if output.is_dir() {
        bail!(
            "{} is a folder; give the plugin to write, e.g. -o {}",
            output.display(),
            output.join("Mod.esp").display()
        );
    }
    // Mapped, not read: the text is read once front to back (twice when
    // the masters were edited), its pages given back as it goes, so that
    // what is held is the plugin being built, not its far larger text.
    let text = esscribe::plugin::MappedFile::map(json_path)
        .with_context(|| format!("cannot read {}", json_path.display()))?;
    match esscribe::fsio::kind_of(&text[..text.len().min(64)]) {
        Some(kind) if kind != "JSON" => bail!(
            "{} is {kind}, not a JSON dump: `build` makes a plugin from what `esscribe dump --json` prints",
            json_path.display()
        ),
        _ => {}
    }
    // A key given twice is refused: which one is meant is not known.
    let built = text.checked(esscribe::json::build_plugin_from_text(&text, &|range| {
        // What was read is given back; as much again, further on, is
        // mapped in ahead of the reading.
        let ahead = range.end + PREFETCH_AHEAD;
        text.prefetch(ahead..ahead + (range.end - range.start));
        text.release(range)
    }));
    // Text that is not UTF-8 is refused by the reading as JSON is; said
    // plainly, it is a file of something else. Only a refused text is read
    // for that, so that a good one is read once.
    if built.is_err() && !is_utf8_releasing(&text) {
        bail!("{} is not JSON text (not UTF-8)", json_path.display());
    }
    let built = built.with_context(|| format!("{}", json_path.display()))?;
    drop(text);
    let bytes = &built.bytes;
    if util::is_stdout(output) {
        // Checked as a written file would be, then sent as it is.
        built.check_written(bytes)?;
        util::write_stdout(bytes)?;
        eprintln!(
            "wrote {} bytes, {} records, to standard output",
            thousands(bytes.len() as u64),
            thousands(built.records)
        );
        return Ok(ExitCode::SUCCESS);
    }
    let lock = util::lock_for_writing(output)?;
    // What is written is read back from disk: as a plugin, and each record
    // by its declaration.
    let written = util::write_locked(&lock, output, bytes, force, |written| {
        built.check_written(written)
    })?;
    eprintln!(
        "{} ({} bytes, {} records){}",
        util::wrote(output, &written),
        thousands(bytes.len() as u64),
        thousands(built.records),
        util::backup_note(&written)
    );
    Ok(ExitCode::SUCCESS)
}

/// Whether `text` is UTF-8, read a piece at a time: the pages of a mapped
/// text are given back behind the reading.
fn is_utf8_releasing(text: &esscribe::plugin::MappedFile) -> bool {
    const PIECE: usize = 16 << 20;
    let mut start = 0;
    while start < text.len() {
        let end = (start + PIECE).min(text.len());
        let piece_end = match std::str::from_utf8(&text[start..end]) {
            Ok(_) => end,
            // A character cut by the piece's end: read with the next.
            Err(e) if e.error_len().is_none() && end < text.len() => start + e.valid_up_to(),
            Err(_) => return false,
        };
        text.release(start..piece_end);
        if piece_end == start {
            // A piece with nothing but the start of a character cannot be:
            // one character is at most four bytes.
            return false;
        }
        start = piece_end;
    }
    true
}

/// Per record type: how many records, and what their decoding covered.
type CoverageByType = BTreeMap<String, (u64, esscribe::schema::Coverage)>;

/// Coverage per record type, and (when asked for) the warnings of what
/// stayed raw.
pub fn coverage_of(
    plugin: &Plugin<'_>,
    name: &str,
    with_warnings: bool,
) -> Result<(CoverageByType, Vec<String>)> {
    /// Counts per record type, and warnings in file order.
    type Survey = (
        BTreeMap<Sig, (u64, esscribe::schema::Coverage)>,
        Vec<String>,
    );
    let ctx = esscribe::json::form_ctx(plugin, name);
    let add = |mut acc: Survey, r: &Record<'_>| -> esscribe::io::Result<Survey> {
        let catalog = esscribe::defs::catalog(plugin.game);
        let (coverage, found) = if with_warnings {
            esscribe::schema::record_coverage(r, catalog, &ctx)?
        } else {
            let counts = esscribe::schema::record_coverage_counts(r, catalog, &ctx)?;
            (counts, Vec::new())
        };
        let e = acc.0.entry(r.header.sig).or_default();
        e.0 += 1;
        e.1 += coverage;
        acc.1.extend(found);
        Ok(acc)
    };
    let merge = |mut a: Survey, b: Survey| -> esscribe::io::Result<Survey> {
        for (sig, (n, c)) in b.0 {
            let e = a.0.entry(sig).or_default();
            e.0 += n;
            e.1 += c;
        }
        a.1.extend(b.1);
        Ok(a)
    };
    let header = add(Survey::default(), &plugin.header)?;
    // Folded in parallel, in file order: nothing per record is kept.
    let records = plugin
        .par_records()
        .try_fold(Survey::default, add)
        .try_reduce(Survey::default, merge)?;
    let (by_sig, warnings) = merge(header, records)?;
    let by_type = by_sig
        .into_iter()
        .map(|(sig, counts)| (sig.to_string(), counts))
        .collect();
    Ok((by_type, warnings))
}

pub fn stats(
    files: &[PathBuf],
    as_json: bool,
    show_warnings: bool,
    game: GameOpt,
) -> Result<ExitCode> {
    let mut docs = Vec::new();
    let code = util::each_file(files, |path| {
        let data = load(path)?;
        let plugin = parse_plugin(&data, game.game, path)?;
        let (by_type, warnings) = coverage_of(&plugin, &file_name(path), show_warnings)?;
        if as_json {
            let map: serde_json::Map<String, Value> = by_type
                .iter()
                .map(|(k, (n, c))| {
                    (
                        k.clone(),
                        json!({
                            "records": n,
                            "declared": esscribe::defs::catalog(plugin.game).find(esscribe::Sig::parse(k).unwrap_or(Sig(*b"????"))).is_some(),
                            "subrecords": c.subrecords,
                            "decoded_subrecords": c.decoded,
                            "raw_subrecords": c.raw,
                            "raw_bytes": c.raw_bytes,
                            "opaque_subrecords": c.opaque,
                            "opaque_bytes": c.opaque_bytes,
                        }),
                    )
                })
                .collect();
            let mut doc = json!({"file": file_name(path), "by_type": map});
            if show_warnings {
                doc["warnings"] = json!(warnings);
            }
            docs.push(doc);
            return Ok(());
        }
        println!("{}", path.display());
        println!(
            "  {:<4} {:>8} {:>10} {:>8} {:>8} {:>12} {:>8} {:>10}",
            "type", "records", "subrecs", "decoded", "opaque", "opaque bytes", "raw", "raw bytes"
        );
        for (k, (n, c)) in &by_type {
            println!(
                "  {:<4} {:>8} {:>10} {:>8} {:>8} {:>12} {:>8} {:>10}",
                k,
                thousands(*n),
                thousands(c.subrecords),
                thousands(c.decoded),
                thousands(c.opaque),
                thousands(c.opaque_bytes),
                thousands(c.raw),
                thousands(c.raw_bytes)
            );
        }
        if show_warnings {
            for w in &warnings {
                println!("  warning: {w}");
            }
        }
        Ok(())
    });
    if as_json {
        util::print_json(&if docs.len() == 1 {
            docs.pop().expect("one")
        } else {
            Value::Array(docs)
        })?;
    }
    Ok(code)
}
