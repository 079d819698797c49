//! Builds from edited real dumps, as the `json_edit` fuzz target makes
//! them, with fixed edit scripts: every build is refused with an error, or
//! gives a plugin that reads back by its declarations and dumps and builds
//! again to the same bytes.

mod common;

#[path = "../../../fuzz/json_edits.rs"]
mod json_edits;

use json_edits::Outcome;

/// Tiny fixed-seed generator so every run makes the same edits.
struct XorShift(u64);

impl XorShift {
    fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        self.0 = x;
        x
    }
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn edited_dumps_build_or_are_refused() {
    let data = common::file("oblivion-plugins/OblivionOnline.esp");
    let plugin = esscribe::Plugin::parse(&data).unwrap();
    let dump = esscribe::json::plugin_to_json(&plugin, "OblivionOnline.esp").unwrap();
    let mut rng = XorShift(0x5DEE_CE66_D1CE_4E5B);
    let (mut built, mut refused) = (0, 0);
    for case in 0..400 {
        // One to three edits.
        let edits = 1 + (rng.next() % 3) as usize;
        let script: Vec<u8> = (0..edits * 4).map(|_| rng.next() as u8).collect();
        let mut doc = dump.clone();
        json_edits::apply(&mut doc, &script);
        let outcome = std::panic::catch_unwind(|| json_edits::check(&doc))
            .unwrap_or_else(|_| panic!("case {case}: edit script {script:02x?} (message above)"));
        match outcome {
            Outcome::Built => built += 1,
            Outcome::Refused => refused += 1,
        }
    }
    eprintln!("edited dumps: {built} built, {refused} refused");
    // Edits that change a value within its field build; most others do not.
    assert!(
        built > 100 && refused > 150,
        "{built} built, {refused} refused"
    );
}
