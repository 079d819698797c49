//! The front of a Skyrim save: magic, the header (player, place, time), and
//! the screenshot. Everything after it is the body, compressed in SE saves.

use crate::io::{Error, Reader, Result, WriteLe};
use encoding_rs::Encoding;

/// Text as a Skyrim save stores it: a u16 length, then that many bytes in
/// the code page of the game that wrote it. The bytes are kept; decoding
/// is for people.
#[derive(Debug, Clone, PartialEq, Eq, Default, Hash, PartialOrd, Ord)]
pub struct WString(pub Vec<u8>);

impl WString {
    /// Reads a u16 length and that many bytes.
    pub fn read(r: &mut Reader<'_>, what: &str) -> Result<Self> {
        let n = r.u16(what)? as usize;
        Ok(WString(r.bytes(n, what)?.to_vec()))
    }

    /// Writes the u16 length and the bytes.
    pub fn write(&self, out: &mut Vec<u8>) {
        // Text longer than a u16 can say never comes from a read; setters
        // refuse it.
        out.put_u16(self.0.len() as u16);
        out.put(&self.0);
    }

    /// The text decoded from `encoding`.
    pub fn text(&self, encoding: &'static Encoding) -> String {
        encoding.decode_without_bom_handling(&self.0).0.into_owned()
    }

    /// Text encoded into `encoding`; `None` when a character has no byte
    /// there or the text is longer than a u16 length allows.
    pub fn encode(text: &str, encoding: &'static Encoding) -> Option<Self> {
        let (bytes, _, unmappable) = encoding.encode(text);
        (!unmappable && bytes.len() <= u16::MAX as usize).then(|| WString(bytes.into_owned()))
    }
}

/// The save format versions esscribe reads: Skyrim LE writes 7 to 9,
/// Skyrim SE 12.
pub const SUPPORTED_VERSIONS: &[u32] = &[7, 8, 9, 12];

/// How an SE save's body is stored.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Compression {
    /// Stored as is.
    None,
    /// A zlib stream.
    Zlib,
    /// One LZ4 block.
    Lz4,
}

impl Compression {
    fn from_code(code: u16, offset: u64) -> Result<Self> {
        match code {
            0 => Ok(Compression::None),
            1 => Ok(Compression::Zlib),
            2 => Ok(Compression::Lz4),
            _ => Err(Error::invalid(
                offset,
                format!("compression type {code} is none a Skyrim save uses"),
            )
            .expected_found("0 (none), 1 (zlib) or 2 (LZ4)", code.to_string())),
        }
    }

    fn code(self) -> u16 {
        match self {
            Compression::None => 0,
            Compression::Zlib => 1,
            Compression::Lz4 => 2,
        }
    }
}

/// The save header. Its stored size is recomputed on write.
#[derive(Debug, Clone, PartialEq)]
pub struct SkyrimHeader {
    /// The save format version (7–9 LE, 12 SE).
    pub version: u32,
    /// The save's number, as the game counts saves.
    pub save_number: u32,
    /// The player's name.
    pub player_name: WString,
    /// The player's level.
    pub level: u32,
    /// Where the player is, as the load menu names it.
    pub location: WString,
    /// The in-game time played, as the load menu shows it (`days.hours.minutes`).
    pub game_date: WString,
    /// The editor ID of the player's race.
    pub race: WString,
    /// The player's sex: 0 male, 1 female.
    pub sex: u16,
    /// Experience toward the next level.
    pub current_xp: f32,
    /// Experience the next level needs.
    pub level_up_xp: f32,
    /// When the save was written, as a Windows FILETIME (100 ns since 1601).
    pub file_time: u64,
    /// The screenshot's width in pixels.
    pub shot_width: u32,
    /// The screenshot's height in pixels.
    pub shot_height: u32,
    /// How the body is stored (SE only; LE bodies are stored as is).
    pub compression: Option<Compression>,
}

impl SkyrimHeader {
    /// Reads the header after the magic; its stored size must match.
    pub fn read(r: &mut Reader<'_>) -> Result<Self> {
        let size_at = r.offset();
        let size = r.u32("header size")? as usize;
        let start = r.position();
        let version = r.u32("save version")?;
        if !SUPPORTED_VERSIONS.contains(&version) {
            return Err(Error::invalid(
                size_at + 4,
                format!("Skyrim save version {version} is not one esscribe reads"),
            )
            .expected_found(
                "7, 8 or 9 (Skyrim LE) or 12 (Skyrim SE)",
                version.to_string(),
            ));
        }
        let save_number = r.u32("save number")?;
        let player_name = WString::read(r, "player name")?;
        let level = r.u32("player level")?;
        let location = WString::read(r, "player location")?;
        let game_date = WString::read(r, "game date")?;
        let race = WString::read(r, "player race")?;
        let sex = r.u16("player sex")?;
        let current_xp = r.f32("current experience")?;
        let level_up_xp = r.f32("experience to level up")?;
        let file_time = r.u64("file time")?;
        let shot_width = r.u32("screenshot width")?;
        let shot_height = r.u32("screenshot height")?;
        let compression = if version >= 12 {
            let at = r.offset();
            Some(Compression::from_code(r.u16("compression type")?, at)?)
        } else {
            None
        };
        let read = r.position() - start;
        if read != size {
            return Err(Error::invalid(
                size_at,
                format!("the header states {size} bytes, its fields take {read}"),
            ));
        }
        Ok(SkyrimHeader {
            version,
            save_number,
            player_name,
            level,
            location,
            game_date,
            race,
            sex,
            current_xp,
            level_up_xp,
            file_time,
            shot_width,
            shot_height,
            compression,
        })
    }

    /// Bytes per screenshot pixel: RGB in LE saves, RGBA in SE saves.
    pub fn bytes_per_pixel(&self) -> usize {
        if self.version >= 12 {
            4
        } else {
            3
        }
    }

    /// The screenshot's size in bytes, or `None` when it overflows.
    pub fn screenshot_len(&self) -> Option<usize> {
        (self.shot_width as usize)
            .checked_mul(self.shot_height as usize)?
            .checked_mul(self.bytes_per_pixel())
    }

    /// Writes the header with its size.
    pub fn write(&self, out: &mut Vec<u8>) {
        let size_at = out.len();
        out.put_u32(0);
        out.put_u32(self.version);
        out.put_u32(self.save_number);
        self.player_name.write(out);
        out.put_u32(self.level);
        self.location.write(out);
        self.game_date.write(out);
        self.race.write(out);
        out.put_u16(self.sex);
        out.put_f32(self.current_xp);
        out.put_f32(self.level_up_xp);
        out.put(&self.file_time.to_le_bytes());
        out.put_u32(self.shot_width);
        out.put_u32(self.shot_height);
        if let Some(c) = self.compression {
            out.put_u16(c.code());
        }
        let size = (out.len() - size_at - 4) as u32;
        out[size_at..size_at + 4].copy_from_slice(&size.to_le_bytes());
    }

    /// The save's time as seconds since 1970 (UTC), when the stored time is
    /// after that.
    pub fn saved_unix_seconds(&self) -> Option<u64> {
        const FILETIME_1970: u64 = 116_444_736_000_000_000;
        self.file_time
            .checked_sub(FILETIME_1970)
            .map(|t| t / 10_000_000)
    }
}

/// A Windows FILETIME as UTC text, `YYYY-MM-DD HH:MM:SS`.
pub fn filetime_text(file_time: u64) -> String {
    const FILETIME_TO_UNIX_DAYS: i64 = 134_774; // days from 1601-01-01 to 1970-01-01
    let secs = (file_time / 10_000_000) as i64;
    let (days, rest) = (
        secs.div_euclid(86_400) - FILETIME_TO_UNIX_DAYS,
        secs.rem_euclid(86_400),
    );
    // Days since 1970 to a civil date (proleptic Gregorian calendar).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!(
        "{year:04}-{month:02}-{day:02} {:02}:{:02}:{:02}",
        rest / 3600,
        rest / 60 % 60,
        rest % 60
    )
}
