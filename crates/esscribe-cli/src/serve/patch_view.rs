//! The merged patch of the served load order, as the page shows it: what
//! `esscribe patch` would write, and per record what came from whom.

use super::api::Answer;
use super::served::Served;
use esscribe::patch::{build_patch, PatchOptions};
use serde_json::json;

/// The patch's name, as Wrye Bash names it.
const PATCH_NAME: &str = "Bashed Patch, 0.esp";

/// The report of the patch the served load order would get; nothing is
/// written.
pub fn patch(s: &Served) -> Answer {
    match build_patch(&s.order, &PatchOptions::new(PATCH_NAME)) {
        Ok(p) => Answer::Json(json!({
            "files": p.files,
            "report": p.report,
        })),
        Err(e) => Answer::Failed(format!("the merged patch: {e}")),
    }
}
