//! Form IDs that more than one record of a plugin claims.

use super::*;

/// The form IDs more than one record of `plugin` has, in order: a defect
/// of some real plugins (the game takes the last), kept so that such a
/// plugin is written back as it was.
pub(crate) fn duplicate_form_ids(plugin: &Plugin<'_>) -> Vec<FormId> {
    let mut ids: Vec<u32> = plugin.records().map(|r| r.header.form_id.0).collect();
    ids.sort_unstable();
    let mut out: Vec<FormId> = ids
        .windows(2)
        .filter(|w| w[0] == w[1])
        .map(|w| FormId(w[0]))
        .collect();
    out.dedup();
    out
}

/// The list [`DUPLICATE_FORM_IDS`] holds for `plugin`, its form IDs shown
/// in `ctx`; `None` where no form ID is given twice, and the key is left
/// out.
pub(crate) fn duplicate_form_ids_shown(plugin: &Plugin<'_>, ctx: &FormCtx) -> Option<Value> {
    let ids = duplicate_form_ids(plugin);
    (!ids.is_empty()).then(|| ids.into_iter().map(|id| ctx.show(id)).collect())
}

/// The form IDs met so far, with the path of the record each is the form
/// ID of.
#[derive(Default)]
pub(super) struct Seen {
    /// Where the path of each form ID's record is.
    at: foldhash::HashMap<FormId, PathAt>,
    /// The paths' last steps, one after another: one string rather than
    /// one for each of a large plugin's records.
    steps: String,
    /// The paths but for their last step (`document → entries[3] (GRUP
    /// GMST)`), each once: the records of a group share one.
    lists: Vec<String>,
    /// Those the document lists as more than one record's
    /// ([`DUPLICATE_FORM_IDS`]).
    pub(super) may_repeat: foldhash::HashSet<FormId>,
}

/// Where a record's path is kept in [`Seen`]: its list, and its last step.
#[derive(Clone, Copy)]
struct PathAt {
    start: usize,
    list: u32,
    len: u32,
}

/// Where a path's last step starts.
const STEP: &str = " → ";

impl Seen {
    /// Notes that `form_id` is the form ID of the record at `path`; one
    /// met before is refused, unless the document lists it as given twice.
    pub(super) fn claim(&mut self, form_id: FormId, path: &str) -> Result<()> {
        if let Some(&first) = self.at.get(&form_id) {
            if self.may_repeat.contains(&form_id) {
                return Ok(());
            }
            let first = self.path(first);
            return Err(bad(
                path,
                format!(
                    "form ID {form_id} is already the form ID of {first} (a plugin that \
                     really gives two records one form ID lists it in \"{DUPLICATE_FORM_IDS}\")"
                ),
            ));
        }
        let (list, step) = match path.rfind(STEP) {
            Some(i) => (&path[..i], &path[i..]),
            None => ("", path),
        };
        if self.lists.last().is_none_or(|last| last != list) {
            self.lists.push(list.to_string());
        }
        let at = PathAt {
            start: self.steps.len(),
            list: u32::try_from(self.lists.len() - 1).unwrap_or(u32::MAX),
            len: u32::try_from(step.len()).unwrap_or(u32::MAX),
        };
        self.steps.push_str(step);
        self.at.insert(form_id, at);
        Ok(())
    }

    fn path(&self, at: PathAt) -> String {
        let list = self.lists.get(at.list as usize).map_or("", String::as_str);
        let end = at.start.saturating_add(at.len as usize);
        let step = self.steps.get(at.start..end).unwrap_or_default();
        format!("{list}{step}")
    }
}

/// The form IDs listed as more than one record's ([`DUPLICATE_FORM_IDS`])
/// in the object `m` (at `path`, for messages), read as `ctx` numbers
/// them.
pub(crate) fn listed_duplicates(
    m: &Map<String, Value>,
    ctx: &FormCtx,
    path: &str,
) -> Result<foldhash::HashSet<FormId>> {
    let Some(v) = m.get(DUPLICATE_FORM_IDS) else {
        return Ok(Default::default());
    };
    let fail = |what: String| bad(path, format!("\"{DUPLICATE_FORM_IDS}\": {what}"));
    let list = v
        .as_array()
        .ok_or_else(|| fail(format!("expected a list of form IDs, found {v}")))?;
    list.iter()
        .map(|id| {
            let text = id.as_str().ok_or_else(|| {
                fail(format!("expected a form ID like \"0x0001CB6\", found {id}"))
            })?;
            schema::parse_form_id(text, Some(ctx)).map_err(|e| fail(e.to_string()))
        })
        .collect()
}
