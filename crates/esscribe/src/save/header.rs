//! The fixed front of a save: the file header (magic, format version, time
//! stamp of the game executable) and the save header (player, place and
//! time of the save, screenshot), then the plugin list.

use crate::io::{decode_cp1252, Error, Reader, Result, WriteLe};
use crate::plugin::Game;
use serde::Serialize;

/// The first 12 bytes of every Oblivion save.
pub const MAGIC: &[u8; 12] = b"TES4SAVEGAME";

/// The first 13 bytes of every Skyrim save, LE and SE.
pub const SKYRIM_MAGIC: &[u8; 13] = b"TESV_SAVEGAME";

/// The game that wrote a save, told from its magic; `None` for a file
/// that starts as no save does.
pub fn game_of_save(data: &[u8]) -> Option<Game> {
    if data.starts_with(MAGIC) {
        Some(Game::Oblivion)
    } else if data.starts_with(SKYRIM_MAGIC) {
        Some(Game::Skyrim)
    } else {
        None
    }
}

/// Text as stored: the exact bytes (Windows-1252, with a trailing NUL where
/// the format has one), so writing gives back the same bytes; shown decoded.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct BString(pub Vec<u8>);

impl BString {
    /// The text for people: decoded, without the trailing NUL.
    pub fn text(&self) -> String {
        let b = self.0.strip_suffix(&[0]).unwrap_or(&self.0);
        decode_cp1252(b).into_owned()
    }

    /// Reads a u8 length and that many bytes.
    pub fn read_u8(r: &mut Reader<'_>, what: &str) -> Result<Self> {
        let n = r.u8(what)? as usize;
        Ok(BString(r.bytes(n, what)?.to_vec()))
    }

    /// Writes the u8 length and the bytes.
    pub fn write_u8(&self, out: &mut Vec<u8>) {
        out.put_u8(self.0.len() as u8);
        out.put(&self.0);
    }
}

impl Serialize for BString {
    fn serialize<S: serde::Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
        s.serialize_str(&self.text())
    }
}

/// A Windows SYSTEMTIME: year, month, day of week, day, hour, minute,
/// second, millisecond.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize)]
pub struct SystemTime(pub [u16; 8]);

impl SystemTime {
    /// Reads the eight u16 fields.
    pub fn read(r: &mut Reader<'_>, what: &str) -> Result<Self> {
        let mut v = [0u16; 8];
        for x in &mut v {
            *x = r.u16(what)?;
        }
        Ok(SystemTime(v))
    }

    /// Writes the eight u16 fields.
    pub fn write(&self, out: &mut Vec<u8>) {
        for x in self.0 {
            out.put_u16(x);
        }
    }
}

impl std::fmt::Display for SystemTime {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let [y, mo, _, d, h, mi, s, _] = self.0;
        write!(f, "{y:04}-{mo:02}-{d:02} {h:02}:{mi:02}:{s:02}")
    }
}

/// The file header.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct FileHeader {
    /// Major format version.
    pub major: u8,
    /// Minor format version.
    pub minor: u8,
    /// Time stamp of the game executable that wrote the save.
    pub exe_time: SystemTime,
}

impl FileHeader {
    /// Reads and checks the magic, then the versions and time stamp.
    pub fn read(r: &mut Reader<'_>) -> Result<Self> {
        let at = r.offset();
        let magic = r.bytes(12, "file magic")?;
        if magic != MAGIC {
            let message = if magic == &SKYRIM_MAGIC[..12] {
                "a Skyrim save (TESV_SAVEGAME): only Oblivion saves are read"
            } else {
                "not an Oblivion save (no TES4SAVEGAME magic)"
            };
            return Err(Error::invalid(at, message));
        }
        Ok(FileHeader {
            major: r.u8("major version")?,
            minor: r.u8("minor version")?,
            exe_time: SystemTime::read(r, "executable time")?,
        })
    }

    /// Writes the file header.
    pub fn write(&self, out: &mut Vec<u8>) {
        out.put(MAGIC);
        out.put_u8(self.major);
        out.put_u8(self.minor);
        self.exe_time.write(out);
    }
}

/// The screenshot: top-down rows of RGB, 3 bytes a pixel.
#[derive(Debug, Clone, PartialEq)]
pub struct Screenshot {
    /// Width in pixels.
    pub width: u32,
    /// Height in pixels.
    pub height: u32,
    /// The pixels: `width * height * 3` bytes of RGB, top row first.
    pub rgb: Vec<u8>,
}

/// The save header. Its stored size and the screenshot's stored size are
/// recomputed on write.
#[derive(Debug, Clone, PartialEq)]
pub struct SaveHeader {
    /// Save header version.
    pub version: u32,
    /// The save's number, as the game counts saves.
    pub save_number: u32,
    /// Player name (with its trailing NUL).
    pub player_name: BString,
    /// The player's level.
    pub level: u16,
    /// Location name (with its trailing NUL).
    pub location: BString,
    /// Days passed in game.
    pub game_days: f32,
    /// Milliseconds of play.
    pub game_ticks: u32,
    /// Real-world time of the save.
    pub game_time: SystemTime,
    /// The screenshot shown with the save.
    pub screenshot: Screenshot,
}

impl SaveHeader {
    /// Reads the save header; its stored size must match its fields.
    pub fn read(r: &mut Reader<'_>) -> Result<Self> {
        let version = r.u32("save header version")?;
        let size_at = r.offset();
        let size = r.u32("save header size")? as usize;
        let start = r.position();
        let save_number = r.u32("save number")?;
        let player_name = BString::read_u8(r, "player name")?;
        let level = r.u16("player level")?;
        let location = BString::read_u8(r, "location")?;
        let game_days = r.f32("game days")?;
        let game_ticks = r.u32("game ticks")?;
        let game_time = SystemTime::read(r, "game time")?;
        let shot_at = r.offset();
        let shot_size = r.u32("screenshot size")? as usize;
        if shot_size < 8 {
            return Err(Error::invalid(
                shot_at,
                format!("screenshot size {shot_size} is below the 8 bytes of its dimensions"),
            ));
        }
        let width = r.u32("screenshot width")?;
        let height = r.u32("screenshot height")?;
        let rgb = r.bytes(shot_size - 8, "screenshot pixels")?.to_vec();
        let read = r.position() - start;
        if read != size {
            return Err(Error::invalid(
                size_at,
                format!("save header size says {size} bytes, its fields take {read}"),
            ));
        }
        Ok(SaveHeader {
            version,
            save_number,
            player_name,
            level,
            location,
            game_days,
            game_ticks,
            game_time,
            screenshot: Screenshot { width, height, rgb },
        })
    }

    /// Writes the save header with both sizes recomputed.
    pub fn write(&self, out: &mut Vec<u8>) {
        let mut body = Vec::new();
        body.put_u32(self.save_number);
        self.player_name.write_u8(&mut body);
        body.put_u16(self.level);
        self.location.write_u8(&mut body);
        body.put_f32(self.game_days);
        body.put_u32(self.game_ticks);
        self.game_time.write(&mut body);
        body.put_u32(self.screenshot.rgb.len() as u32 + 8);
        body.put_u32(self.screenshot.width);
        body.put_u32(self.screenshot.height);
        body.put(&self.screenshot.rgb);
        out.put_u32(self.version);
        out.put_u32(body.len() as u32);
        out.put(&body);
    }
}
