//! The JSON form written as text (each declared record printed from its
//! typed values, and proven from them to give back its bytes) is byte for
//! byte the JSON values [`plugin_to_json`] makes, pretty printed: on the
//! corpus plugins as they are, and with their subrecords damaged, so that
//! records whose JSON does not give back their bytes (and are shown raw,
//! or subrecord by subrecord as bytes) are met too.

mod common;

use esscribe::json::{plugin_to_json, write_plugin_json};
use esscribe::plugin::{Entry, Plugin, Subrecord};

fn written(plugin: &Plugin<'_>, name: &str) -> Vec<u8> {
    let mut out = Vec::new();
    write_plugin_json(plugin, name, None, &mut out).unwrap();
    out
}

fn made(plugin: &Plugin<'_>, name: &str) -> Vec<u8> {
    serde_json::to_vec_pretty(&plugin_to_json(plugin, name).unwrap()).unwrap()
}

fn assert_same_text(written: &[u8], made: &[u8], what: &str) {
    if written != made {
        let at = written
            .iter()
            .zip(made)
            .position(|(a, b)| a != b)
            .unwrap_or(written.len().min(made.len()));
        let around = |t: &[u8]| {
            String::from_utf8_lossy(&t[at.saturating_sub(300)..(at + 300).min(t.len())])
                .into_owned()
        };
        panic!(
            "{what}: written JSON differs from the JSON values at byte {at}\nwritten: …{}…\nmade: …{}…",
            around(written),
            around(made)
        );
    }
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn written_text_is_the_json_values_printed() {
    for path in common::plugins() {
        let data = std::fs::read(&path).unwrap();
        let plugin = Plugin::parse(&data).unwrap();
        let name = common::name(&path);
        assert_same_text(&written(&plugin, &name), &made(&plugin, &name), &name);
    }
}

/// A small generator of numbers, the same on every run.
struct Dice(u64);

impl Dice {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// Damages one subrecord's data in one of the ways files are damaged or
/// odd: a byte changed, a float made NaN, a byte cut off or added, bytes
/// zeroed. (Subrecords are also swapped with the next: see
/// [`damage_entries`].)
fn damage(sub: &mut Subrecord, dice: &mut Dice) {
    let data = &mut sub.data;
    match dice.below(6) {
        0 if !data.is_empty() => {
            let at = dice.below(data.len());
            data[at] = dice.next() as u8;
        }
        1 if data.len() >= 4 => {
            let at = dice.below(data.len() - 3);
            data[at..at + 4].copy_from_slice(&[0x01, 0x00, 0xC0, 0x7F]);
        }
        2 if !data.is_empty() => {
            data.pop();
        }
        3 => data.push(dice.next() as u8),
        4 if !data.is_empty() => {
            let at = dice.below(data.len());
            let end = (at + 1 + dice.below(8)).min(data.len());
            data[at..end].fill(0);
        }
        _ if !data.is_empty() => {
            let at = dice.below(data.len());
            data[at] ^= 0x80;
        }
        _ => {}
    }
}

fn damage_entries(entries: &mut [Entry<'_>], game: esscribe::plugin::Game, dice: &mut Dice) {
    for e in entries {
        match e {
            Entry::Group(g) => damage_entries(&mut g.children, game, dice),
            Entry::Record(r) => {
                // One record in three is damaged, in one subrecord in
                // four (one in eight stands after the next).
                if dice.below(3) != 0 {
                    continue;
                }
                let Ok(mut subs) = r.subrecords(game) else {
                    continue;
                };
                for i in 0..subs.len() {
                    match dice.below(8) {
                        0 | 1 => damage(&mut subs[i], dice),
                        2 if i + 1 < subs.len() => subs.swap(i, i + 1),
                        _ => {}
                    }
                }
                r.set_subrecords(subs);
            }
        }
    }
}

#[test]
#[cfg_attr(not(corpus), ignore = "needs the real-file corpus in ../shared/corpus")]
fn written_text_is_the_json_values_printed_for_damaged_records() {
    let mut dice = Dice(0x9E37_79B9_7F4A_7C15);
    for path in common::plugins() {
        let data = std::fs::read(&path).unwrap();
        let name = common::name(&path);
        for round in 0..2 {
            let mut plugin = Plugin::parse(&data).unwrap();
            let game = plugin.game;
            damage_entries(&mut plugin.entries, game, &mut dice);
            let bytes = plugin.to_bytes().unwrap();
            let damaged = Plugin::parse(&bytes).unwrap();
            let what = format!("{name}, damaged ({round})");
            assert_same_text(&written(&damaged, &name), &made(&damaged, &name), &what);
        }
    }
}

/// A Skyrim plugin holding one game setting whose subrecords are `subs`.
fn plugin_with_game_setting(subs: &[(&[u8; 4], &[u8])]) -> Vec<u8> {
    let mut body = Vec::new();
    for (sig, data) in subs {
        common::push_subrecord(&mut body, sig, data);
    }
    let record = common::skyrim_record(b"GMST", 0, 0x0000_0800, &body);
    let mut out = common::header_only_plugin(esscribe::Game::Skyrim, 1.71, 0, &[]);
    out.extend_from_slice(b"GRUP");
    out.extend_from_slice(&(24 + record.len() as u32).to_le_bytes());
    out.extend_from_slice(b"GMST");
    out.extend_from_slice(&[0; 12]);
    out.extend_from_slice(&record);
    out
}

/// A game setting's value is read by the type its editor ID gives, when
/// the editor ID comes first. Where it comes after, the value is read as
/// bytes, but its JSON would be encoded back as the type the editor ID
/// gives: the record does not come back from its typed JSON, and is shown
/// as its subrecords' bytes, written as the JSON values show it.
#[test]
fn a_record_its_typed_json_would_not_give_back_is_written_as_bytes() {
    let in_order =
        plugin_with_game_setting(&[(b"EDID", b"fJumpHeight\0"), (b"DATA", &[0, 0, 0x80, 0x3F])]);
    let swapped =
        plugin_with_game_setting(&[(b"DATA", &[0, 0, 0x80, 0x3F]), (b"EDID", b"fJumpHeight\0")]);
    for (bytes, shown_raw) in [(in_order, false), (swapped, true)] {
        let plugin = Plugin::parse(&bytes).unwrap();
        let made_text = made(&plugin, "Settings.esp");
        assert_same_text(
            &written(&plugin, "Settings.esp"),
            &made_text,
            "Settings.esp",
        );
        let doc: serde_json::Value = serde_json::from_slice(&made_text).unwrap();
        let fields = &doc["entries"][0]["entries"][0]["fields"];
        assert_eq!(fields.get("!DATA").is_some(), shown_raw, "{fields}");
        if !shown_raw {
            assert_eq!(fields["value"], serde_json::json!(1.0), "{fields}");
        }
        assert_eq!(fields.as_object().unwrap().len(), 2, "{fields}");
    }
}
