//! The names of the files and folders in one folder of a tree.

/// The names used in one folder, told apart without regard to case (as
/// on Windows and macOS): a name met again gets `~2`, `~3`...
#[derive(Default)]
pub(super) struct Names {
    /// Every name given, in lower case.
    taken: foldhash::HashSet<String>,
    /// The `~n` to try next for a stem and extension (in lower case) met
    /// before: every lower `n` is taken already, so a name is found in a
    /// probe or two however many share its stem, and the names are those
    /// that trying `~2`, `~3`... from the start would give.
    next: foldhash::HashMap<(String, String), u64>,
    /// Names tried, for tests.
    #[cfg(test)]
    probes: u64,
}

impl Names {
    /// A name for `stem` + `ext` not given yet in this folder.
    pub(super) fn take(&mut self, stem: &str, ext: &str) -> String {
        let mut name = String::with_capacity(stem.len() + ext.len());
        name.push_str(stem);
        name.push_str(ext);
        if self.try_name(&name) {
            return name;
        }
        let base = (stem.to_ascii_lowercase(), ext.to_ascii_lowercase());
        let mut n = self.next.get(&base).copied().unwrap_or(2);
        loop {
            let name = format!("{stem}~{n}{ext}");
            n += 1;
            if self.try_name(&name) {
                self.next.insert(base, n);
                return name;
            }
        }
    }

    /// Takes `name` if it is free.
    fn try_name(&mut self, name: &str) -> bool {
        #[cfg(test)]
        {
            self.probes += 1;
        }
        self.taken.insert(name.to_ascii_lowercase())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The names trying `~2`, `~3`... from the start gives.
    fn probed_from_the_start(
        taken: &mut foldhash::HashSet<String>,
        stem: &str,
        ext: &str,
    ) -> String {
        let mut n = 1;
        loop {
            let name = if n == 1 {
                format!("{stem}{ext}")
            } else {
                format!("{stem}~{n}{ext}")
            };
            if taken.insert(name.to_ascii_lowercase()) {
                return name;
            }
            n += 1;
        }
    }

    #[test]
    fn names_are_those_of_probing_from_the_start() {
        let asked = [
            ("GLOB", ""),
            ("glob", ""),
            ("Glob~2", ""),
            ("GLOB", ""),
            ("GLOB", ".json"),
            ("glob~3", ".json"),
            ("GLOB", ".json"),
            ("GLOB", ".json"),
            ("GLOB~2", ""),
            ("GLOB", ""),
            ("Sword.0x00000801", ".json"),
            ("SWORD.0x00000801", ".json"),
        ];
        let (mut ours, mut theirs) = (Names::default(), foldhash::HashSet::default());
        for (stem, ext) in asked {
            assert_eq!(
                ours.take(stem, ext),
                probed_from_the_start(&mut theirs, stem, ext),
                "{stem}{ext}"
            );
        }
    }

    #[test]
    fn many_names_of_one_stem_take_a_probe_each() {
        let mut names = Names::default();
        let n = 20_000;
        for i in 1..=n {
            let name = names.take("GRUP", "");
            if i == 1 {
                assert_eq!(name, "GRUP");
            } else {
                assert_eq!(name, format!("GRUP~{i}"));
            }
        }
        // One probe for the name itself, one for its `~n`.
        assert!(names.probes <= 2 * n, "{} probes", names.probes);
    }
}
