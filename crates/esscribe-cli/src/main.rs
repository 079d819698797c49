//! `esscribe`: inspect, dump, verify, build and edit The Elder Scrolls IV and
//! V plugin files and save games.

mod archive_cmds;
mod esl_cmds;
mod loadorder_cmds;
mod masters_cmds;
mod package_cmds;
mod patch_cmds;
mod plugin_cmds;
mod query_cmds;
mod save;
mod serve;
mod set_cmd;
mod strings_opt;
mod tree_cmds;
mod util;

use clap::{CommandFactory, Parser, Subcommand};
use std::path::PathBuf;
use std::process::ExitCode;

#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

const EXAMPLES: &str = "\
Examples:
  esscribe info Campfire.esm
  esscribe dump Campfire.esm --type PACK
  esscribe dump OblivionOnline.esp --json > dump.json
  esscribe build dump.json -o Rebuilt.esp
  esscribe verify *.esp *.esm
  esscribe stats Campfire.esm --json
  esscribe packages Campfire.esm
  esscribe lint Campfire.esm
  esscribe diff Mod-old.esp Mod.esp
  esscribe unpack Mod.esp mod/
  esscribe pack mod/ -o Mod.esp
  esscribe merge base.esp ours.esp theirs.esp -o Mod.esp
  esscribe query Campfire.esm --type PACK --where general.type=template
  esscribe conflicts Skyrim.esm Mod.esp Patch.esp
  esscribe patch --data Data --dry-run
  esscribe refs --data Data --form IronSword
  esscribe load-order --data Data
  esscribe save info save002.ess
  esscribe save inventory save002.ess
  esscribe serve Campfire.esm save002.ess
  esscribe archive list \"Skyrim - Interface.bsa\"
  esscribe completions bash
  esscribe manpage";

#[derive(Parser)]
#[command(
    name = "esscribe",
    version,
    about = "Read, explain, edit and write Oblivion and Skyrim plugins and saves, losslessly",
    after_help = EXAMPLES
)]
struct Cli {
    /// When to colour output: auto (on a terminal, unless NO_COLOR is set),
    /// always or never.
    #[arg(long, global = true, value_name = "WHEN", default_value = "auto")]
    color: clap::ColorChoice,
    #[command(subcommand)]
    command: Command,
}

/// Options shared by every command that reads plugins.
#[derive(clap::Args, Clone, Copy)]
pub struct GameOpt {
    /// Read as this game's layout (oblivion or skyrim) instead of telling
    /// it from the file.
    #[arg(long, value_name = "GAME")]
    pub game: Option<esscribe::Game>,
}

#[derive(Subcommand)]
enum Command {
    /// Summarise plugins: game, version, flags, author, masters, record counts.
    #[command(after_help = "Example:\n  esscribe info Campfire.esm\n  esscribe info --json *.esp")]
    Info {
        /// The plugins to read (.esm, .esp, .esl).
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// Print JSON on standard output.
        #[arg(long)]
        json: bool,
        #[command(flatten)]
        game: GameOpt,
    },
    /// Show groups, records and subrecords, as text or as JSON.
    #[command(
        after_help = "Examples:\n  esscribe dump Campfire.esm --type PACK\n  esscribe dump Campfire.esm --form 0x0203A5C7\n  esscribe dump --data Data Mod.esp --form MyEditorId\n  esscribe dump OblivionOnline.esp --json > dump.json"
    )]
    Dump {
        /// The plugin to show, last; plugins before it are its load order,
        /// which names the references shown (in the text form).
        #[arg(required = true, value_name = "FILE")]
        files: Vec<PathBuf>,
        #[command(flatten)]
        order: loadorder_cmds::LoadOrderOpt,
        /// Print the whole plugin as JSON (input for `esscribe build`).
        #[arg(long)]
        json: bool,
        /// Only records of this type, in any case (repeatable).
        #[arg(long = "type", value_name = "SIG")]
        types: Vec<String>,
        /// Only the record with this form ID (8 hex digits, as the plugin
        /// writes it) or editor ID.
        #[arg(long, value_name = "ID")]
        form: Option<String>,
        #[command(flatten)]
        game: GameOpt,
        #[command(flatten)]
        lang: strings_opt::LangOpt,
    },
    /// Build a plugin from a JSON dump (edited or not).
    #[command(
        after_help = "Example:\n  esscribe dump Mod.esp --json > mod.json\n  (edit mod.json)\n  esscribe build mod.json -o Mod.esp"
    )]
    Build {
        /// The JSON written by `esscribe dump --json`.
        json: PathBuf,
        /// The plugin to write (replaced safely; a new backup, FILE.bak or
        /// FILE.N.bak, keeps the old one); `-` for standard output.
        #[arg(short, long, value_name = "FILE")]
        output: PathBuf,
        #[command(flatten)]
        force: util::ForceOpt,
    },
    /// Per record type: records, subrecords, decoded, opaque (bytes by design)
    /// and raw (not understood) subrecords.
    #[command(
        after_help = "Example:\n  esscribe stats Campfire.esm\n  esscribe stats --json OblivionOnline.esp"
    )]
    Stats {
        /// The plugins to read (.esm, .esp, .esl).
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// Print JSON on standard output.
        #[arg(long)]
        json: bool,
        /// List every subrecord kept raw, and where.
        #[arg(long)]
        warnings: bool,
        #[command(flatten)]
        game: GameOpt,
    },
    /// One line per AI package: schedule in words, location, target, template.
    #[command(
        after_help = "Example:\n  esscribe packages Campfire.esm\n  esscribe packages --json Campfire.esm"
    )]
    Packages {
        /// The plugins to read (.esm, .esp, .esl); given several, they are a
        /// load order that names the references shown.
        #[arg(required = true)]
        files: Vec<PathBuf>,
        #[command(flatten)]
        order: loadorder_cmds::LoadOrderOpt,
        /// Print JSON on standard output.
        #[arg(long)]
        json: bool,
        #[command(flatten)]
        game: GameOpt,
        #[command(flatten)]
        lang: strings_opt::LangOpt,
    },
    /// Report packages whose parts disagree (input counts, activity IDs,
    /// XNAM, template and tree, condition counts), and references to
    /// records of a type their field does not allow, where the record
    /// pointed to is in one of the files given.
    #[command(after_help = "Example:\n  esscribe lint Campfire.esm")]
    Lint {
        /// The plugins to read (.esm, .esp, .esl); given several, they are a
        /// load order that names the references shown.
        #[arg(required = true)]
        files: Vec<PathBuf>,
        #[command(flatten)]
        order: loadorder_cmds::LoadOrderOpt,
        /// Print JSON on standard output.
        #[arg(long)]
        json: bool,
        #[command(flatten)]
        game: GameOpt,
    },
    /// Show the records that differ between two plugins, field by field.
    /// Exit status 1 when they differ.
    #[command(after_help = "Example:\n  esscribe diff Mod-old.esp Mod.esp")]
    Diff {
        /// The plugin as it was.
        old: PathBuf,
        /// The plugin as it is now.
        new: PathBuf,
        #[command(flatten)]
        order: loadorder_cmds::LoadOrderOpt,
        /// Print JSON on standard output.
        #[arg(long)]
        json: bool,
        #[command(flatten)]
        game: GameOpt,
    },
    /// Find records by type and field values, and show chosen fields.
    #[command(
        after_help = "Examples:\n  esscribe query Campfire.esm --type PACK --where general.type=template\n  esscribe query *.esp --type PACK --where editor_id~guard \\\n      --show schedule.hour --show counter.template"
    )]
    Query {
        /// The plugins to search (.esm, .esp, .esl).
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// Only records of this type, in any case (repeatable).
        #[arg(long = "type", value_name = "SIG")]
        types: Vec<String>,
        /// PATH=VALUE (equal) or PATH~TEXT (contains, any case); repeatable,
        /// all must hold. Paths are dotted: schedule.hour, data_inputs.0.type.
        #[arg(long = "where", value_name = "COND")]
        wheres: Vec<String>,
        /// Fields to show (repeatable; default editor_id).
        #[arg(long = "show", value_name = "PATH")]
        shows: Vec<String>,
        /// Print JSON on standard output.
        #[arg(long)]
        json: bool,
        #[command(flatten)]
        game: GameOpt,
        #[command(flatten)]
        lang: strings_opt::LangOpt,
    },
    /// Records that more than one plugin of a load order defines or
    /// overrides: the chain of plugins, the winner, and a category
    /// (identical to master, override, conflict naming the values the
    /// winner drops, deleted reference), then a summary per plugin pair.
    #[command(
        after_help = "Examples:\n  esscribe conflicts Campfire.esm Tutorial_A.esp Tutorial_B.esp\n  esscribe conflicts --data Data --type NPC_ --plugin MyPatch.esp\n  esscribe conflicts --data Data --json > conflicts.json"
    )]
    Conflicts {
        /// Plugins in load order (after those of --data); master-flagged
        /// files load first.
        files: Vec<PathBuf>,
        #[command(flatten)]
        order: loadorder_cmds::LoadOrderOpt,
        /// Only records of this type, in any case (repeatable).
        #[arg(long = "type", value_name = "SIG")]
        types: Vec<String>,
        /// Only records this plugin holds a version of.
        #[arg(long, value_name = "NAME")]
        plugin: Option<String>,
        /// Print JSON on standard output: every record, every version.
        #[arg(long)]
        json: bool,
        #[command(flatten)]
        lang: strings_opt::LangOpt,
    },
    /// Build the merged patch ("Bashed Patch") of a load order: leveled
    /// lists merged entry by entry, and the fields of tagged plugins (Bash
    /// Tags in their descriptions or in --tags) taken over the winning
    /// versions; only records whose merge differs from the winner go in.
    #[command(
        after_help = "Examples:\n  esscribe patch --data Data\n  esscribe patch Skyrim.esm A.esp B.esp -o \"Bashed Patch, 0.esp\" --tags tags.txt\n  esscribe patch --data Data --dry-run --json > patch.json\n\nA tags file gives one plugin a line: `Plugin.esp: Relev, Delev, -Names`."
    )]
    Patch {
        /// Plugins in load order (after those of --data); master-flagged
        /// files load first.
        files: Vec<PathBuf>,
        #[command(flatten)]
        order: loadorder_cmds::LoadOrderOpt,
        /// The patch plugin to write (default `Bashed Patch, 0.esp`, in
        /// the --data folder when one is given); a patch needing more
        /// masters than one plugin may have continues in `…, 1.esp`.
        #[arg(short, long, value_name = "FILE")]
        output: Option<PathBuf>,
        /// A tags file: lines `Plugin.esp: Tag1, -Tag2`, added to (or,
        /// with `-`, taken from) the tags in plugins' descriptions.
        #[arg(long, value_name = "FILE")]
        tags: Option<PathBuf>,
        /// Report what would be merged; write nothing.
        #[arg(long)]
        dry_run: bool,
        /// Print the report as JSON on standard output.
        #[arg(long)]
        json: bool,
    },
    /// Clean a plugin as xEdit's quick auto-clean does: remove overrides
    /// identical to their master's version (ITM), undelete and disable
    /// deleted references (UDR). Records that do not read fully by their
    /// declarations are left and reported.
    #[command(
        after_help = "Examples:\n  esscribe clean MyMod.esp --data Data --dry-run\n  esscribe clean MyMod.esp Skyrim.esm Update.esm\n  esscribe clean MyMod.esp --data Data -o MyMod-clean.esp"
    )]
    Clean {
        /// The plugin to clean.
        file: PathBuf,
        /// Its masters, as files (or found in --data).
        masters: Vec<PathBuf>,
        /// A game's Data folder holding the plugin's masters.
        #[arg(long, value_name = "DIR")]
        data: Option<PathBuf>,
        /// Report what cleaning would do; write nothing.
        #[arg(long)]
        dry_run: bool,
        /// Write the cleaned plugin here instead of in place (`-` for
        /// standard output).
        #[arg(short, long, value_name = "OUT")]
        output: Option<PathBuf>,
        /// Print JSON on standard output.
        #[arg(long)]
        json: bool,
        #[command(flatten)]
        force: util::ForceOpt,
    },
    /// Which loose file or archive provides each asset path of a Data
    /// folder, and which it hides: archives in the order of their plugins
    /// (those the game's ini lists first), loose files over every archive.
    #[command(
        after_help = "Examples:\n  esscribe assets --data Data --conflicts\n  esscribe assets --data Data --ini Skyrim.ini --json"
    )]
    Assets {
        /// The game's Data folder (its load order is read as `load-order`
        /// reads it).
        #[arg(long, value_name = "DIR")]
        data: PathBuf,
        /// The game's ini (Skyrim.ini, Oblivion.ini): the archives its
        /// sResourceArchiveList, sResourceArchiveList2 or SArchiveList
        /// names load first.
        #[arg(long, value_name = "FILE")]
        ini: Option<PathBuf>,
        /// Only the asset paths more than one file provides.
        #[arg(long)]
        conflicts: bool,
        /// Print JSON on standard output: the archives in order, and each
        /// asset with its winner and the providers it hides.
        #[arg(long)]
        json: bool,
    },
    /// The load order the game itself makes of a Data folder: every plugin
    /// with its slot (00, FE 001 for a light plugin), whether it is active,
    /// and why it stands there, by the game's rules (those of libloadorder,
    /// which LOOT uses).
    #[command(
        after_help = "Examples:\n  esscribe load-order --data Data\n  esscribe load-order --data Data --game skyrim-le\n  esscribe load-order --data Data --json"
    )]
    LoadOrder {
        /// The game's Data folder; plugins.txt, loadorder.txt and
        /// Skyrim.ccc are looked for in it, then in its parent.
        #[arg(long, value_name = "DIR")]
        data: PathBuf,
        /// Read by this game's rules: oblivion, skyrim-le or skyrim-se
        /// (without it, the game is told from the files: the main master's
        /// header version, or the plugins').
        #[arg(long, value_name = "GAME")]
        game: Option<esscribe::loadorder::Edition>,
        /// Print JSON on standard output: each plugin with its slot,
        /// place and activation, and why.
        #[arg(long)]
        json: bool,
    },
    /// Records that refer to a record, across a load order.
    #[command(
        after_help = "Examples:\n  esscribe refs Skyrim.esm Mod.esp --form IronSword\n  esscribe refs --data Data --form 0x0002EE72"
    )]
    Refs {
        /// Plugins in load order (after those of --data).
        files: Vec<PathBuf>,
        #[command(flatten)]
        order: loadorder_cmds::LoadOrderOpt,
        /// The record: a load-order form ID (0x0002EE72), Plugin.esp:02EE72,
        /// or an editor ID.
        #[arg(long, value_name = "ID")]
        form: String,
        /// Print JSON on standard output.
        #[arg(long)]
        json: bool,
        #[command(flatten)]
        lang: strings_opt::LangOpt,
    },
    /// Write a plugin as a tree of small text files, one per record, for
    /// version control (`esscribe pack` gives the plugin back).
    #[command(
        after_help = "Example:\n  esscribe unpack Mod.esp mod/\n  (edit, commit)\n  esscribe pack mod/ -o Mod.esp"
    )]
    Unpack {
        /// The plugin to unpack (.esm, .esp, .esl).
        file: PathBuf,
        /// The folder to write: new, empty, or one a plugin was unpacked
        /// to (files of records no longer there are removed).
        dir: PathBuf,
        #[command(flatten)]
        game: GameOpt,
    },
    /// Build a plugin from a tree written by `esscribe unpack` (edited or
    /// not); an unedited tree gives back the very bytes.
    #[command(after_help = "Example:\n  esscribe pack mod/ -o Mod.esp")]
    Pack {
        /// The tree's folder (holding plugin.json).
        dir: PathBuf,
        /// The plugin to write (replaced safely; a new backup, FILE.bak or
        /// FILE.N.bak, keeps the old one); `-` for standard output.
        #[arg(short, long, value_name = "FILE")]
        output: PathBuf,
        #[command(flatten)]
        force: util::ForceOpt,
    },
    /// Print a plugin or a save as text, for `git diff` (a textconv
    /// filter): every record under the name of its file in the tree.
    #[command(
        after_help = "Example:\n  git config diff.esscribe.textconv 'esscribe textconv'\n  echo '*.esp diff=esscribe' >> .gitattributes"
    )]
    Textconv {
        /// The plugin (.esm, .esp, .esl) or Oblivion save (.ess).
        file: PathBuf,
        /// The plugin's own name in form IDs (by default the file's name,
        /// without the prefix of git's temporary copies).
        #[arg(long, value_name = "NAME")]
        name: Option<String>,
        #[command(flatten)]
        game: GameOpt,
    },
    /// Three-way merge of plugins (or trees), record by record and field by
    /// field; usable as a git merge driver. Exit status 1 on conflicts,
    /// which are listed and marked in a text tree for a person to resolve.
    #[command(
        after_help = "Examples:\n  esscribe merge base.esp ours.esp theirs.esp -o Mod.esp\n  git config merge.esscribe.driver 'esscribe merge %O %A %B -o %A --name %P'"
    )]
    Merge {
        /// The common ancestor.
        base: PathBuf,
        /// Our version.
        ours: PathBuf,
        /// Their version.
        theirs: PathBuf,
        /// The merged plugin to write, when nothing conflicts; `-` for
        /// standard output.
        #[arg(short, long, value_name = "FILE")]
        output: PathBuf,
        /// The plugin's path in the working tree (git's %P): names it in
        /// form IDs, and the conflict tree goes to PATH.merge.
        #[arg(long, value_name = "PATH")]
        name: Option<PathBuf>,
        /// Where to write the text tree with the conflicts marked (by
        /// default OUTPUT.merge, or PATH.merge with --name).
        #[arg(long, value_name = "DIR")]
        tree: Option<PathBuf>,
        #[command(flatten)]
        game: GameOpt,
        #[command(flatten)]
        force: util::ForceOpt,
    },
    /// List, add, remove, sort and rename a plugin's masters, rewriting
    /// every form ID so that it names the same record as before. Without
    /// a change, lists the masters and how many form IDs use each.
    #[command(after_help = masters_cmds::EXAMPLES)]
    Masters {
        /// The plugin (.esm, .esp, .esl).
        file: PathBuf,
        #[command(flatten)]
        changes: masters_cmds::MasterChanges,
        /// Write the changed plugin here instead of over FILE.
        #[arg(short, long, value_name = "FILE")]
        output: Option<PathBuf>,
        /// Write even where esscribe would refuse: change the masters when
        /// some records may hold form IDs that cannot be found (undeclared
        /// types, subrecords kept as bytes; those are left as they are),
        /// and replace the file written where it is read-only (it stays
        /// read-only, a backup is kept, and a warning says so).
        #[arg(long)]
        force: bool,
        /// With no change: print the list as JSON.
        #[arg(long)]
        json: bool,
    },
    /// Change one record's fields in place: each change is checked against
    /// the record's declaration, only what it falls in is encoded again,
    /// and the plugin is written safely (lock, read-back, backup). In an
    /// Oblivion save, a change record's parts are changed the same way.
    #[command(
        after_help = "Examples:\n  esscribe set Campfire.esm _Camp_FollowerSitCampfire schedule.hour=21\n  esscribe set Campfire.esm _Camp_Enchanting_MISC --push keywords=0x000914EE\n  esscribe set Mod.esp 0x01000802 --remove keywords.1 -o Changed.esp\n  esscribe set save002.ess 0x00000014:ACHR moved.position.z=120 -o moved.ess"
    )]
    Set {
        /// The plugin (.esm, .esp, .esl), or an Oblivion save (.ess).
        file: PathBuf,
        /// The record: an editor ID (any case) or a form ID as the plugin
        /// numbers it (0x01000802); in a save, a form ID, with the record's
        /// type where the form has several (0x00000014:ACHR).
        record: String,
        #[command(flatten)]
        changes: set_cmd::Changes,
        /// Write the changed plugin here instead of over FILE.
        #[arg(short, long, value_name = "FILE")]
        output: Option<PathBuf>,
        #[command(flatten)]
        force: util::ForceOpt,
    },
    /// Light plugins (ESL): whether a Skyrim plugin can be flagged light.
    Esl {
        #[command(subcommand)]
        cmd: esl_cmds::EslCommand,
    },
    /// Save games (.ess) of Oblivion and Skyrim (LE and SE): info,
    /// player, screenshot, records, masters, stats, verify, diff, uses,
    /// clean; and for Oblivion saves inventory and edit.
    Save {
        /// The code page of a Skyrim save's text, which the save does not
        /// state (windows-1252 by default; windows-1251 for a Russian
        /// game, for instance).
        #[arg(long, global = true, value_name = "NAME")]
        encoding: Option<String>,
        #[command(subcommand)]
        cmd: save::SaveCommand,
    },
    /// BSA archives (Oblivion, Skyrim, Skyrim Special Edition): info,
    /// list, extract.
    Archive {
        #[command(subcommand)]
        cmd: archive_cmds::ArchiveCommand,
    },
    /// A local web workbench, read-only: the load order, a record browser,
    /// conflicts side by side, AI packages and saves, in the browser.
    /// Serves on 127.0.0.1 only and prints its address.
    #[command(
        after_help = "Examples:\n  esscribe serve Campfire.esm\n  esscribe serve --data Data save002.ess --port 8765\n  esscribe serve DawnOfTheSilverHand.esp Requiem_DawnOfTheSilverHand.esp"
    )]
    Serve {
        /// Plugins in load order (after those of --data), and Oblivion
        /// saves (.ess).
        files: Vec<PathBuf>,
        #[command(flatten)]
        order: loadorder_cmds::LoadOrderOpt,
        /// The port on 127.0.0.1; 0 picks a free one.
        #[arg(long, default_value_t = 8765)]
        port: u16,
        #[command(flatten)]
        lang: strings_opt::LangOpt,
    },
    /// Print a shell completion script on standard output.
    #[command(
        after_help = "Examples:\n  esscribe completions bash > ~/.local/share/bash-completion/completions/esscribe\n  esscribe completions zsh > ~/.zfunc/_esscribe\n  esscribe completions fish > ~/.config/fish/completions/esscribe.fish"
    )]
    Completions {
        /// The shell: bash, zsh, fish, powershell or elvish.
        shell: clap_complete::Shell,
    },
    /// Print the manual page (roff) on standard output.
    #[command(after_help = "Example:\n  esscribe manpage > esscribe.1 && man ./esscribe.1")]
    Manpage,
    /// Read each file, write it back in memory and compare the bytes.
    #[command(
        after_help = "Examples:\n  esscribe verify Data/*.esp Data/*.esm\n  esscribe verify --deep Mod.esp"
    )]
    Verify {
        /// The plugins to read (.esm, .esp, .esl).
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// Also read every record by its declaration and encode it back:
        /// records whose data does not inflate or split into subrecords, or
        /// does not fit or come back from its declaration, are reported,
        /// and so is every subrecord kept as bytes (as `stats` counts it).
        #[arg(long)]
        deep: bool,
        #[command(flatten)]
        game: GameOpt,
    },
}

fn main() -> ExitCode {
    // Piped into `head` and the like, stop quietly when the reader goes
    // away instead of failing on every later line.
    #[cfg(unix)]
    // SAFETY: restoring the default action of a signal before any thread
    // starts has no other effect.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
    // An interrupted write removes its temporary files; a file cut short
    // under a memory map reads as zeros and is reported as changed, not a
    // crash.
    esscribe::fsio::install_signal_handlers();
    // Output to a closed standard output would vanish: say so and fail,
    // rather than succeed having shown nothing.
    if util::stdout_was_closed() {
        eprintln!("esscribe: standard output is closed: give it a place (> FILE, or | less)");
        return ExitCode::from(2);
    }
    let cli = Cli::parse();
    util::set_color(cli.color);
    let result = match cli.command {
        Command::Completions { shell } => {
            let mut cmd = Cli::command();
            clap_complete::generate(shell, &mut cmd, "esscribe", &mut std::io::stdout());
            Ok(ExitCode::SUCCESS)
        }
        Command::Manpage => manpage(),
        Command::Serve {
            files,
            order,
            port,
            lang,
        } => serve::run(&files, (&order, &lang), port),
        Command::Info { files, json, game } => plugin_cmds::info(&files, json, game),
        Command::Dump {
            files,
            order,
            json,
            types,
            form,
            game,
            lang,
        } => plugin_cmds::dump(&files, &order, json, &types, form.as_deref(), game, &lang),
        Command::Verify { files, deep, game } => plugin_cmds::verify(&files, deep, game),
        Command::Save { encoding, cmd } => {
            save::set_encoding(encoding.as_deref()).and_then(|()| save::run(cmd))
        }
        Command::Esl { cmd } => esl_cmds::run(cmd),
        Command::Archive { cmd } => archive_cmds::run(cmd),
        Command::Masters {
            file,
            changes,
            output,
            force,
            json,
        } => masters_cmds::run(&file, &changes, output.as_deref(), force, json),
        Command::Set {
            file,
            record,
            changes,
            output,
            force,
        } => set_cmd::run(&file, &record, &changes, output.as_deref(), force.force),
        Command::Unpack { file, dir, game } => tree_cmds::unpack(&file, &dir, game),
        Command::Pack { dir, output, force } => tree_cmds::pack(&dir, &output, force.force),
        Command::Textconv { file, name, game } => tree_cmds::textconv(&file, name.as_deref(), game),
        Command::Merge {
            base,
            ours,
            theirs,
            output,
            name,
            tree,
            game,
            force,
        } => tree_cmds::merge(
            [&base, &ours, &theirs],
            &output,
            force.force,
            name.as_deref(),
            tree.as_deref(),
            game,
        ),
        Command::Build {
            json,
            output,
            force,
        } => plugin_cmds::build(&json, &output, force.force),
        Command::Packages {
            files,
            order,
            json,
            game,
            lang,
        } => package_cmds::packages(&files, &order, json, game, &lang),
        Command::Lint {
            files,
            order,
            json,
            game,
        } => package_cmds::lint(&files, &order, json, game),
        Command::Diff {
            old,
            new,
            order,
            json,
            game,
        } => query_cmds::diff(&old, &new, &order, json, game),
        Command::Query {
            files,
            types,
            wheres,
            shows,
            json,
            game,
            lang,
        } => query_cmds::query(&files, &types, &wheres, &shows, json, game, &lang),
        Command::Conflicts {
            files,
            order,
            types,
            plugin,
            json,
            lang,
        } => loadorder_cmds::conflicts((&files, &order, &lang), &types, plugin.as_deref(), json),
        Command::Patch {
            files,
            order,
            output,
            tags,
            dry_run,
            json,
        } => patch_cmds::patch(
            &files,
            &order,
            output.as_deref(),
            tags.as_deref(),
            dry_run,
            json,
        ),
        Command::Clean {
            file,
            masters,
            data,
            dry_run,
            output,
            json,
            force,
        } => loadorder_cmds::clean(
            &file,
            &masters,
            data.as_deref(),
            dry_run,
            output.as_deref(),
            json,
            force.force,
        ),
        Command::Refs {
            files,
            order,
            form,
            json,
            lang,
        } => loadorder_cmds::refs((&files, &order, &lang), &form, json),
        Command::LoadOrder { data, game, json } => loadorder_cmds::show_order(&data, game, json),
        Command::Assets {
            data,
            ini,
            conflicts,
            json,
        } => loadorder_cmds::assets(&data, ini.as_deref(), conflicts, json),
        Command::Stats {
            files,
            json,
            warnings,
            game,
        } => plugin_cmds::stats(&files, json, warnings, game),
    };
    // A file cut short under its map read as zeros from there on: the
    // command's result, good or not, came partly from them, and the
    // change is the error to report (unless the command reported it).
    let result = match esscribe::fsio::changed_while_mapped() {
        Some(changed) if !result.as_ref().is_err_and(util::is_changed) => {
            Err(anyhow::Error::new(changed))
        }
        _ => result,
    };
    match result {
        Ok(code) => code,
        Err(e) => {
            report_error(&e);
            ExitCode::FAILURE
        }
    }
}

/// Prints an error on standard error, after the one prefix every message
/// of the command carries.
pub fn report_error(e: &anyhow::Error) {
    // An error may quote a name from a file: shown escaped.
    eprintln!(
        "{} {}",
        util::paint(true, util::style::BOLD_RED, "esscribe:"),
        util::terminal_safe(&format!("{e:#}"))
    );
}

/// The manual page, made from the command's definition.
fn manpage() -> anyhow::Result<ExitCode> {
    let mut page = Vec::new();
    clap_mangen::Man::new(Cli::command()).render(&mut page)?;
    util::write_stdout(&page)?;
    Ok(ExitCode::SUCCESS)
}
