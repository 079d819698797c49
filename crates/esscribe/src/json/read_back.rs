//! What a plugin built from JSON must read back as, once written: its
//! records counted, its header and, where they were not read back as they
//! were built, each record read by its declaration.

use super::*;

/// Per record of a plugin built from JSON (the header first, then in file
/// order): what reading it back must give.
pub(super) struct ReadBackChecks {
    pub(super) game: Game,
    pub(super) checks: Vec<RecordCheck>,
    pub(super) ctx: FormCtx,
}

/// A record built from JSON, as its JSON named it, and what reading it
/// back must give. Where it stood in the JSON is told from where it stands
/// in the plugin, for a message only: one entry was written for each.
#[derive(Clone, Copy)]
pub(super) struct RecordCheck {
    pub(super) sig: Sig,
    pub(super) form_id: FormId,
    pub(super) expect: ReadBack,
}

impl RecordCheck {
    fn place(&self, path: &str) -> String {
        format!("{path} ({} {})", self.sig, self.form_id)
    }
}

impl ReadBackChecks {
    /// Checks the bytes written: they parse, hold the records the JSON
    /// held, and every declared record reads back by its declaration as
    /// its JSON said. Records are read back in parallel; the first that
    /// does not read back as meant is told.
    pub(super) fn check(&self, bytes: &[u8]) -> Result<()> {
        self.check_with(bytes, true)
    }

    /// [`check`](Self::check), reading each record back only where
    /// `each_record` says: the header is read back and the records counted
    /// either way.
    pub(super) fn check_with(&self, bytes: &[u8], each_record: bool) -> Result<()> {
        let game = self.game;
        let Some((header_check, checks)) = self.checks.split_first() else {
            return Err(Error::json("no records were built"));
        };
        if !each_record {
            // The plugin's groups and record headers are checked as
            // parsing checks them, and counted, without building its tree.
            let mut count = 0;
            crate::plugin::scan(bytes, |item| {
                count += matches!(item, crate::plugin::ScanItem::Record { .. }) as usize
            })?;
            let header = Plugin::parse_header(bytes, game)?;
            check_read_back(&header, game, &self.ctx, header_check.expect)
                .map_err(|e| bad(&header_check.place("header"), e))?;
            return self.check_count(count, checks);
        }
        let parsed = Plugin::parse_as(bytes, game)?;
        check_read_back(&parsed.header, game, &self.ctx, header_check.expect)
            .map_err(|e| bad(&header_check.place("header"), e))?;
        self.check_count(parsed.records().count(), checks)?;
        let failed = parsed
            .par_records()
            .zip(checks.par_iter())
            .enumerate()
            .find_map_first(|(k, (record, c))| {
                check_read_back(record, game, &self.ctx, c.expect)
                    .err()
                    .map(|e| (k, e))
            });
        match failed {
            None => Ok(()),
            Some((k, e)) => {
                let path = record_path(&parsed.entries, "document", &mut { k })
                    .unwrap_or_else(|| "document".to_string());
                Err(bad(&checks[k].place(&path), e))
            }
        }
    }

    /// Refuses a written file holding `count` records besides the header
    /// where the JSON held those `checks` name.
    fn check_count(&self, count: usize, checks: &[RecordCheck]) -> Result<()> {
        if count != checks.len() {
            let shown = checks.get(count).map_or_else(
                || "document".to_string(),
                |c| c.place(&format!("record {}", count + 1)),
            );
            return Err(bad(
                &shown,
                format!(
                    "the written file holds {count} records besides the header, the JSON {}",
                    checks.len()
                ),
            ));
        }
        Ok(())
    }
}

/// The JSON path of the record `k` records further on in `entries` (the
/// list at `path`), counting down `k` as records are passed.
fn record_path(entries: &[Entry<'_>], path: &str, k: &mut usize) -> Option<String> {
    for (i, e) in entries.iter().enumerate() {
        match e {
            Entry::Record(_) if *k == 0 => return Some(format!("{path} → entries[{i}]")),
            Entry::Record(_) => *k -= 1,
            Entry::Group(g) => {
                let inner = format!("{path} → entries[{i}] (GRUP {})", g.header.label());
                if let Some(found) = record_path(&g.children, &inner, k) {
                    return Some(found);
                }
            }
        }
    }
    None
}
