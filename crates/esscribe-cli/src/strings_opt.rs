//! The string tables of localized plugins, found beside the plugin
//! (loose or in archives).

use anyhow::Result;
use esscribe::plugin::strings::StringTables;
use esscribe::schema::FormCtx;
use esscribe::Plugin;
use std::path::Path;
use std::sync::Arc;

/// The language option of commands that show a plugin's text.
#[derive(clap::Args, Clone)]
pub struct LangOpt {
    /// Language of the string tables of a localized plugin
    /// (Strings/<Plugin>_<language>.STRINGS beside it or in its parent
    /// folder, else in its archives or Skyrim - Interface.bsa beside it).
    #[arg(long, value_name = "LANGUAGE", default_value = "english")]
    pub language: String,
}

/// The form context of the plugin at `path`: for a localized plugin, with
/// its string tables when they are found (what is missing is a warning on
/// standard error; a damaged table is an error).
pub fn plugin_ctx(plugin: &Plugin<'_>, path: &Path, lang: &LangOpt) -> Result<FormCtx> {
    let mut ctx = esscribe::json::form_ctx(plugin, &crate::util::file_name(path));
    if ctx.localized {
        let tables = StringTables::load(path, &lang.language)?;
        for w in tables.warnings() {
            eprintln!("warning: {w}");
        }
        ctx.strings = Some(Arc::new(tables));
    }
    Ok(ctx)
}
