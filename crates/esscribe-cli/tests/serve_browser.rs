//! The workbench in a real browser: `esscribe serve` on corpus files, and
//! headless Chromium loading each view's address as the page's links do.
//! Each view's rendered page is checked for what it shows, and saved as a
//! screenshot and as HTML under `target/tmp/serve-screenshots/`.
//!
//! Where Chromium is not installed these tests are ignored, except with
//! `CI` set, where they fail (CI installs it).

#[path = "../../esscribe/tests/common/mod.rs"]
mod common;
mod serve_support;

use serve_support::Server;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The Chromium command: the build found one on the PATH (or runs under
/// CI, which installs it), so its absence now is a failure.
fn chromium() -> &'static str {
    ["chromium", "chromium-browser"]
        .into_iter()
        .find(|name| {
            Command::new(name)
                .arg("--version")
                .output()
                .is_ok_and(|o| o.status.success())
        })
        .expect("chromium is not installed (apt-get install chromium), and these tests need it")
}

/// Where Chromium is not on the PATH the browser tests are ignored; one
/// installed since the build was made is noticed here rather than left
/// ignored.
#[test]
#[cfg(not(chromium))]
fn chromium_installed_since_the_build_is_noticed() {
    for name in ["chromium", "chromium-browser"] {
        let found = Command::new(name).arg("--version").output().is_ok();
        assert!(
            !found,
            "{name} is installed but this build did not see it: `cargo clean -p esscribe-cli`, then test again"
        );
    }
}

fn artifacts() -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("serve-screenshots");
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Headless Chromium on `url`: the DOM once the page's scripts and
/// fetches are done, and a screenshot saved as `name.png`.
fn browse(browser: &str, url: &str, name: &str) -> String {
    let profile = tempfile::tempdir().unwrap();
    let run = |extra: &[String]| {
        let out = Command::new(browser)
            .args([
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-quic",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--disable-dev-shm-usage",
                "--hide-scrollbars",
                "--virtual-time-budget=10000",
                "--window-size=1280,900",
            ])
            .arg(format!("--user-data-dir={}", profile.path().display()))
            .args(extra)
            .arg(url)
            .output()
            .expect("chromium runs");
        assert!(
            out.status.success(),
            "chromium failed on {url}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8_lossy(&out.stdout).into_owned()
    };
    let shot = artifacts().join(format!("{name}.png"));
    run(&[format!("--screenshot={}", shot.display())]);
    assert!(shot.is_file(), "no screenshot at {}", shot.display());
    let dom = run(&["--dump-dom".to_string()]);
    std::fs::write(artifacts().join(format!("{name}.html")), &dom).unwrap();
    assert!(
        dom.contains("data-ready=\"1\""),
        "the page did not finish loading {url}:\n{dom}"
    );
    assert!(
        !dom.contains("class=\"error\""),
        "{url} shows an error:\n{dom}"
    );
    dom
}

fn corpus(rel: &str) -> PathBuf {
    common::path(rel)
}

fn skyrim_order() -> Vec<PathBuf> {
    vec![
        corpus("skyrim-plugins/Campfire.esm"),
        corpus("skyrim-plugins/DawnOfTheSilverHand.esp"),
        corpus("skyrim-plugins/Requiem_DawnOfTheSilverHand.esp"),
    ]
}

fn start(files: &[PathBuf]) -> Server {
    let refs: Vec<&Path> = files.iter().map(PathBuf::as_path).collect();
    Server::start(&refs)
}

#[test]
#[cfg_attr(
    not(all(chromium, corpus)),
    ignore = "needs Chromium (apt-get install chromium) and the real-file corpus in ../shared/corpus"
)]
fn the_load_order_shows_plugins_masters_flags_and_counts() {
    let browser = chromium();
    let mut files = skyrim_order();
    files.push(corpus("skyrim-plugins/Scribe.esp"));
    files.push(corpus("oblivion-saves/save045.ess"));
    let server = start(&files);
    let dom = browse(browser, &server.url, "serve-load-order");
    assert!(dom.contains("Load order <span class=\"muted\">(Skyrim, 4 plugins)</span>"));
    // Campfire is a master in slot 00, and every plugin's record count.
    assert!(dom.contains("<a href=\"#/plugin/Campfire.esm\">Campfire.esm</a></td><td><span class=\"tag master\">master</span></td>"));
    assert!(dom.contains("<td class=\"num\">1,626</td>"));
    assert!(dom.contains("<td class=\"num\">4,850</td>"));
    assert!(dom.contains("<td class=\"num\">66</td>"));
    // A light-flagged .esp takes the first FE slot.
    assert!(dom.contains("<td class=\"mono\">FE 000</td>\n      <td><a href=\"#/plugin/Scribe.esp\">Scribe.esp</a></td><td><span class=\"tag light\">light</span></td>"), "{dom}");
    // The patch's masters: one present, one missing.
    assert!(dom.contains("DawnOfTheSilverHand.esp, <span class=\"missing\""));
    assert!(dom.contains("Requiem.esp (missing)</span>"));
    assert!(dom.contains("<li>master Skyrim.esm is not in the load order, needed by Campfire.esm, DawnOfTheSilverHand.esp, Requiem_DawnOfTheSilverHand.esp, Scribe.esp: its records are named, not shown</li>"), "{dom}");
    assert!(dom.contains("<li>master Requiem.esp is not in the load order, needed by Requiem_DawnOfTheSilverHand.esp: its records are named, not shown</li>"));
    assert!(dom.contains("<a href=\"#/save/0\">save045.ess</a>"));
    assert!(dom.contains("Read-only: editing from the page is not available yet."));
}

#[test]
#[cfg_attr(
    not(all(chromium, corpus)),
    ignore = "needs Chromium (apt-get install chromium) and the real-file corpus in ../shared/corpus"
)]
fn the_record_browser_lists_filters_and_shows_a_package_with_its_schedule_and_tree() {
    let browser = chromium();
    let server = start(&skyrim_order());
    let list = browse(
        browser,
        &format!("{}#/plugin/Campfire.esm?type=PACK", server.url),
        "serve-records",
    );
    assert!(list.contains("<span>1–14 of 14</span>"), "{list}");
    assert!(list.contains("<a href=\"#/record/Campfire.esm/0202AFC8\">0202AFC8</a></td>\n      <td>_Camp_TravelAndGuard</td>"));
    // The groups as a tree: Campfire's top groups, PACK among them.
    assert!(list.contains(">PACK</a>\n    <span class=\"muted\">14</span>"));
    // A cell's children, opened in the tree down from the CELL group and
    // named after the cell.
    let cell = browse(
        browser,
        &format!("{}#/plugin/Campfire.esm?node=24.0.0.0", server.url),
        "serve-cell-group",
    );
    assert!(cell.contains("<span>1–100 of 218</span>"), "{cell}");
    assert!(
        cell.contains(
            "<a class=\"on\" title=\"_Camp_CampfireTentCell &quot;Campfire Tent Staging Cell&quot;"
        ),
        "{cell}"
    );
    assert!(cell.contains(
        "href=\"#/plugin/Campfire.esm?node=24.0.0.0\">_Camp_CampfireTentCell \"Campfire Tent Staging Cell\" [CELL:00021FCC Campfire.esm] (cell children)</a>"
    ));
    assert!(cell.contains(">block 1 (interior cell sub-block)</a>"));
    let search = browse(
        browser,
        &format!("{}#/plugin/Campfire.esm?q=sleep", server.url),
        "serve-search",
    );
    assert!(search.contains("_Camp_SpouseSleep"));
    assert!(search.contains("_Camp_AnimalSleepTent"));
    assert!(!search.contains("_Camp_TravelAndGuard"));

    let pack = browse(
        browser,
        &format!("{}#/record/Campfire.esm/0x0202AFC8", server.url),
        "serve-package",
    );
    assert!(pack.contains("<h1>_Camp_TravelAndGuard [PACK:0002AFC8 Campfire.esm]</h1>"));
    assert!(pack.contains("<dd id=\"schedule\">any day, any time</dd>"));
    assert!(pack.contains("<dd>near linked reference, radius 512</dd>"));
    assert!(pack.contains("<dd>own tree</dd>"));
    // The procedure tree: a Simultaneous branch over two procedures.
    assert!(pack.contains(
        "<li><span class=\"branch\">Simultaneous</span> <ul><li><span class=\"branch\">Procedure</span> <span class=\"branch\">Guard</span> · if GetTrespassWarningLevel &lt;= 1 · activities 8, 9</li><li><span class=\"branch\">Procedure</span> <span class=\"branch\">Travel</span> · success completes package · activities 0, 2, 10</li></ul></li>"
    ), "{pack}");

    // A package using a template: the reference to Campfire's quest is a
    // link, one to the absent Skyrim.esm is named but not linked.
    let guard = browse(
        browser,
        &format!("{}#/record/Campfire.esm/0203A5C7", server.url),
        "serve-record",
    );
    assert!(guard.contains("<dd id=\"schedule\">any day, any time</dd>"));
    assert!(guard.contains("<a class=\"ref\" href=\"#/record/Campfire.esm/0202AFC7\">_Camp_CampingCrimeTracking [QUST:0002AFC7 Campfire.esm]</a>"));
    assert!(guard.contains("<span class=\"ref\">[??01CCB6 Skyrim.esm]</span>"));
    assert!(guard.contains("<dt>preferred_speed</dt><dd>run</dd>"));
    // Referenced by: the scene that runs the package.
    assert!(guard.contains("<a href=\"#/record/Campfire.esm/0203A061\">_Camp_CampingCrimeTrackingGuardScene [SCEN:0003A061 Campfire.esm]</a>"), "{guard}");
    assert!(guard.contains("<td class=\"mono\">actions.10.packages.0</td>"));
}

#[test]
#[cfg_attr(
    not(all(chromium, corpus)),
    ignore = "needs Chromium (apt-get install chromium) and the real-file corpus in ../shared/corpus"
)]
fn conflicts_between_the_mod_and_its_patch_are_shown_side_by_side() {
    let browser = chromium();
    let server = start(&skyrim_order());
    let list = browse(
        browser,
        &format!("{}#/conflicts/Requiem_DawnOfTheSilverHand.esp", server.url),
        "serve-conflicts",
    );
    assert!(list.contains(
        "66 records that other plugins touch too: 9 identical to master (ITM), 57 override, no conflict."
    ), "{list}");
    assert!(list.contains("<a href=\"#/conflict/Requiem_DawnOfTheSilverHand.esp/01009DDE\">DSilHand_TemperedSilverGreatsword \"Tempered Silver Greatsword\" [WEAP:01009DDE DawnOfTheSilverHand.esp]</a>"));

    // An identical override is marked ITM; an absent master's version is
    // marked missing.
    assert!(list.contains("<a href=\"#/conflict/Requiem_DawnOfTheSilverHand.esp/01073735\">DSilHand_ShamanHircineStaff \"Hircine's Shaman Staff\" [WEAP:01073735 DawnOfTheSilverHand.esp]</a></td>\n      <td><span class=\"tag identical_to_master\">identical to master (ITM)</span></td>\n      <td>DawnOfTheSilverHand.esp → Requiem_DawnOfTheSilverHand.esp (ITM)</td>"));
    assert!(list.contains("<td><span class=\"missing\" title=\"not in the load order\">Skyrim.esm (missing)</span> → Campfire.esm → DawnOfTheSilverHand.esp (ITM) → Requiem_DawnOfTheSilverHand.esp</td>"));
    let side = browse(
        browser,
        &format!(
            "{}#/conflict/Requiem_DawnOfTheSilverHand.esp/01009DDE",
            server.url
        ),
        "serve-conflict",
    );
    // Two columns, the patch marked as the winner.
    assert!(side.contains(">DawnOfTheSilverHand.esp</a></th>"));
    assert!(side.contains(">Requiem_DawnOfTheSilverHand.esp</a> ★ winner</th>"));
    assert!(
        side.contains("2 versions, 7 differing fields highlighted"),
        "{side}"
    );
    // A field both have alike is not highlighted; one they differ in is.
    assert!(side.contains("<tr class=\"\"><td class=\"path\">name</td><td class=\"\">Tempered Silver Greatsword</td><td class=\"winner\">Tempered Silver Greatsword</td></tr>"));
    assert!(side.contains("<tr class=\"differs\"><td class=\"path\">keywords.0</td><td class=\"\">[??08F958 Skyrim.esm]</td><td class=\"winner\">[??06D931 Skyrim.esm]</td></tr>"), "{side}");
    // Only the differing fields, as the page's link shows them.
    let only = browse(
        browser,
        &format!(
            "{}#/conflict/Requiem_DawnOfTheSilverHand.esp/01009DDE?only=differing",
            server.url
        ),
        "serve-conflict-differing",
    );
    assert_eq!(only.matches("<tr class=\"differs\">").count(), 7, "{only}");
    assert!(!only.contains("<td class=\"path\">name</td>"));
    assert!(only.contains("<tr class=\"differs\"><td class=\"path\">data.damage</td><td class=\"\">22</td><td class=\"winner\">132</td></tr>"));
    assert!(only.contains("<tr class=\"differs\"><td class=\"path\">data.value</td><td class=\"\">1400</td><td class=\"winner\">3900</td></tr>"));
    assert!(only.contains(
        "<a href=\"#/conflict/Requiem_DawnOfTheSilverHand.esp/01009DDE\">Show every field</a>"
    ));
}

#[test]
#[cfg_attr(
    not(all(chromium, corpus)),
    ignore = "needs Chromium (apt-get install chromium) and the real-file corpus in ../shared/corpus"
)]
fn a_save_shows_its_player_inventory_and_screenshot() {
    let browser = chromium();
    let server = start(&[corpus("oblivion-saves/save045.ess")]);
    let dom = browse(browser, &format!("{}#/save/0", server.url), "serve-save");
    assert!(dom.contains("<dd id=\"player\">Onkel Morph, level 15</dd>"));
    assert!(dom.contains("<dt>place</dt><dd>Cheydinhal</dd>"));
    assert!(dom.contains("22 Frostfall 3E 433, 07:23"));
    assert!(dom.contains("Oblivion.esm, Enhanced Water v2.0 HD.esp, Real Lava 1.3.esp"));
    assert!(dom.contains("<tr><td>REFR</td><td class=\"num\">12,669</td></tr>"));
    assert!(dom.contains("(the player's changes: 121 entries)"));
    assert!(dom.contains("<td class=\"mono\">0x000229C1</td><td>Oblivion.esm</td>\n      <td class=\"num\">94</td><td></td><td class=\"muted\">equipped, affected-count 94</td>"), "{dom}");
    // The screenshot, shown at its size.
    assert!(dom.contains("data-shown=\"256x144\""), "{dom}");
    let (status, png) = server.get("/api/save/0/screenshot.png");
    assert_eq!(status, 200);
    assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
    assert_eq!(&png[16..24], &[0, 0, 1, 0, 0, 0, 0, 144]);
}

#[test]
#[cfg_attr(
    not(all(chromium, corpus)),
    ignore = "needs Chromium (apt-get install chromium) and the real-file corpus in ../shared/corpus"
)]
fn a_skyrim_save_shows_its_player_plugins_and_screenshot() {
    let browser = chromium();
    let server = start(&[corpus("skyrim-saves/enderal-lightly-modded-2.ess")]);
    let dom = browse(
        browser,
        &format!("{}#/save/0", server.url),
        "serve-skyrim-save",
    );
    assert!(
        dom.contains("enderal-lightly-modded-2.ess <span class=\"muted\">(Skyrim LE)</span>"),
        "{dom}"
    );
    assert!(dom.contains("<dd id=\"player\">"), "{dom}");
    assert!(
        dom.contains("<dt>place</dt><dd>Old Dothûlgrad, Depths</dd>"),
        "{dom}"
    );
    assert!(
        dom.contains("<dt>game date</dt><dd>030.53.56</dd>"),
        "{dom}"
    );
    assert!(
        dom.contains("<dd id=\"plugins\">Skyrim.esm, Update.esm"),
        "{dom}"
    );
    assert!(
        dom.contains("<dd id=\"light-plugins\"><span class=\"muted\">none</span></dd>"),
        "{dom}"
    );
    assert!(dom.contains("script instances of"), "{dom}");
    assert!(dom.contains("id=\"inventory-note\""), "{dom}");
    let (status, png) = server.get("/api/save/0/screenshot.png");
    assert_eq!(status, 200);
    let width = u32::from_be_bytes(png[16..20].try_into().unwrap());
    let height = u32::from_be_bytes(png[20..24].try_into().unwrap());
    assert!(
        dom.contains(&format!("data-shown=\"{width}x{height}\"")),
        "{dom}"
    );
}

#[test]
#[cfg_attr(
    not(all(chromium, corpus)),
    ignore = "needs Chromium (apt-get install chromium) and the real-file corpus in ../shared/corpus"
)]
fn the_merged_patch_shows_what_it_takes_from_whom() {
    let browser = chromium();
    let server = start(&[
        corpus("skyrim-loadorders/requiem-se/Common Clothes and Armors.esp"),
        corpus("skyrim-loadorders/requiem-se/Requiem - Common Clothes and Armors.esp"),
    ]);
    let dom = browse(browser, &format!("{}#/patch", server.url), "serve-patch");
    assert!(
        dom.contains("Merged patch <span class=\"muted\">(4 records)</span>"),
        "{dom}"
    );
    assert!(
        dom.contains("esscribe patch would write Bashed Patch, 0.esp"),
        "{dom}"
    );
    // Skyrim.esm is not loaded: the lists are the union of their versions.
    assert!(dom.contains("LItemClothesAll [LVLI:??106662 Skyrim.esm] <span class=\"muted\">(its master is not loaded: the union of the loaded versions)</span>"), "{dom}");
    assert!(
        dom.contains("<td>Requiem - Common Clothes and Armors.esp</td>"),
        "{dom}"
    );
    assert!(dom.contains("<li>Common Clothes and Armors.esp: "), "{dom}");
}
