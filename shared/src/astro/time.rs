//! Civil time to the instant the ephemeris needs.
//!
//! Birth times arrive as local civil time plus a time zone. The zone is an
//! IANA name resolved with the tz database for the historical date (old
//! offsets, local mean time before standard time, DST), or a fixed offset.
//!
//! The tz database is embedded: `shared/tzdata/zoneinfo.bin`, packed by
//! `shared/tzdata/build.py` from a zoneinfo tree compiled WITH the tz
//! `backzone` file, so zones that agree since 1970 (Europe/Oslo and
//! Europe/Berlin, say) keep their own pre-1970 history. The rules are read
//! with jiff from the TZif bytes; nothing depends on the host's zoneinfo.

use std::sync::OnceLock;

use chrono::format::{Item, StrftimeItems};
use chrono::{DateTime, Datelike, FixedOffset, LocalResult, NaiveDate, NaiveDateTime, TimeZone, Timelike, Utc};
use jiff::tz::AmbiguousOffset;

/// Julian day of the Unix epoch (1970-01-01T00:00:00 UT).
const UNIX_EPOCH_JD: f64 = 2_440_587.5;
const SECONDS_PER_DAY: f64 = 86_400.0;

#[derive(Debug, Clone, Copy, PartialEq)]
pub enum TimeZoneSpec {
    Named(NamedZone),
    Fixed(FixedOffset),
}

/// The packed tz database (format documented in `shared/tzdata/build.py`).
static ZONEINFO: &[u8] = include_bytes!("../../tzdata/zoneinfo.bin");
const ZONEINFO_MAGIC: &[u8; 8] = b"TZPACK01";

/// One zone of the embedded database; its TZif bytes are parsed on first use.
struct ZoneEntry {
    name: &'static str,
    tzif: &'static [u8],
    zone: OnceLock<Option<jiff::tz::TimeZone>>,
}

impl ZoneEntry {
    fn zone(&self) -> Option<&jiff::tz::TimeZone> {
        self.zone.get_or_init(|| jiff::tz::TimeZone::tzif(self.name, self.tzif).ok()).as_ref()
    }
}

struct ZoneTable {
    version: &'static str,
    /// Sorted by name (bytewise), for binary search.
    zones: Box<[ZoneEntry]>,
}

fn zone_table() -> &'static ZoneTable {
    static TABLE: OnceLock<ZoneTable> = OnceLock::new();
    TABLE.get_or_init(|| read_zone_table(ZONEINFO).unwrap_or(ZoneTable { version: "", zones: Box::default() }))
}

/// Reads the index of a packed database; `None` if it is malformed.
fn read_zone_table(bytes: &'static [u8]) -> Option<ZoneTable> {
    struct Reader {
        bytes: &'static [u8],
        at: usize,
    }
    impl Reader {
        fn take(&mut self, len: usize) -> Option<&'static [u8]> {
            let slice = self.bytes.get(self.at..self.at.checked_add(len)?)?;
            self.at += len;
            Some(slice)
        }
        fn u16(&mut self) -> Option<usize> {
            Some(usize::from(u16::from_le_bytes(self.take(2)?.try_into().ok()?)))
        }
        fn u32(&mut self) -> Option<usize> {
            usize::try_from(u32::from_le_bytes(self.take(4)?.try_into().ok()?)).ok()
        }
        fn text(&mut self) -> Option<&'static str> {
            let len = self.u16()?;
            std::str::from_utf8(self.take(len)?).ok()
        }
    }
    let mut reader = Reader { bytes, at: 0 };
    if reader.take(ZONEINFO_MAGIC.len())? != ZONEINFO_MAGIC {
        return None;
    }
    let version = reader.text()?;
    let count = reader.u32()?;
    let mut index = Vec::with_capacity(count.min(4096));
    for _ in 0..count {
        let name = reader.text()?;
        let (offset, len) = (reader.u32()?, reader.u32()?);
        index.push((name, offset, len));
    }
    let data = &bytes[reader.at..];
    let mut zones = index
        .into_iter()
        .map(|(name, offset, len)| Some(ZoneEntry { name, tzif: data.get(offset..offset.checked_add(len)?)?, zone: OnceLock::new() }))
        .collect::<Option<Vec<_>>>()?;
    zones.sort_unstable_by(|a, b| a.name.cmp(b.name));
    Some(ZoneTable { version, zones: zones.into_boxed_slice() })
}

/// The tz database release embedded in the binary (e.g.
/// `debian tzdata 2025b-0+deb12u2; upstream tz 2025b; with backzone`).
pub fn tzdata_version() -> &'static str {
    zone_table().version
}

/// An IANA time zone of the embedded tz database. A cheap `Copy` handle:
/// the parsed rules live for the whole process.
#[derive(Clone, Copy)]
pub struct NamedZone(&'static ZoneEntry);

impl NamedZone {
    /// The zone named exactly `name` (IANA names are case-sensitive).
    pub fn lookup(name: &str) -> Option<Self> {
        let zones = &zone_table().zones;
        let entry = &zones[zones.binary_search_by(|entry| entry.name.cmp(name)).ok()?];
        entry.zone()?;
        Some(Self(entry))
    }

    pub fn name(&self) -> &'static str {
        self.0.name
    }

    fn rules(&self) -> &'static jiff::tz::TimeZone {
        // `lookup` only hands out zones whose rules parsed.
        self.0.zone().expect("a looked-up zone has parsed rules")
    }

    /// The UTC offset in force at `instant`.
    fn offset_at(&self, instant: DateTime<Utc>) -> FixedOffset {
        let nanos = i32::try_from(instant.timestamp_subsec_nanos().min(999_999_999)).unwrap_or(0);
        let timestamp = jiff::Timestamp::new(instant.timestamp(), nanos).unwrap_or(if instant.timestamp() < 0 {
            jiff::Timestamp::MIN
        } else {
            jiff::Timestamp::MAX
        });
        fixed(self.rules().to_offset(timestamp))
    }

    /// The offsets `local` can have: one, two (clocks fell back; the
    /// earlier instant's offset first) or none (clocks skipped it).
    fn offsets_for(&self, local: &NaiveDateTime) -> LocalResult<FixedOffset> {
        let Some(civil) = civil(local) else { return LocalResult::None };
        match self.rules().to_ambiguous_timestamp(civil).offset() {
            AmbiguousOffset::Unambiguous { offset } => LocalResult::Single(fixed(offset)),
            // The offset before the fold is the larger: it names the earlier instant.
            AmbiguousOffset::Fold { before, after } => LocalResult::Ambiguous(fixed(before), fixed(after)),
            AmbiguousOffset::Gap { .. } => LocalResult::None,
        }
    }

    /// `local` in this zone as instants with their offsets.
    fn instants_for(&self, local: &NaiveDateTime) -> LocalResult<DateTime<FixedOffset>> {
        let at = |offset: FixedOffset| offset.from_local_datetime(local).single();
        match self.offsets_for(local) {
            LocalResult::Single(offset) => at(offset).map_or(LocalResult::None, LocalResult::Single),
            LocalResult::Ambiguous(earlier, later) => match (at(earlier), at(later)) {
                (Some(earlier), Some(later)) => LocalResult::Ambiguous(earlier, later),
                _ => LocalResult::None,
            },
            LocalResult::None => LocalResult::None,
        }
    }
}

impl PartialEq for NamedZone {
    fn eq(&self, other: &Self) -> bool {
        std::ptr::eq(self.0, other.0)
    }
}

impl std::fmt::Debug for NamedZone {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_tuple("NamedZone").field(&self.0.name).finish()
    }
}

fn fixed(offset: jiff::tz::Offset) -> FixedOffset {
    FixedOffset::east_opt(offset.seconds()).unwrap_or(FixedOffset::east_opt(0).expect("zero offset"))
}

fn civil(local: &NaiveDateTime) -> Option<jiff::civil::DateTime> {
    let small = |n: u32| i8::try_from(n).ok();
    jiff::civil::DateTime::new(
        i16::try_from(local.year()).ok()?,
        small(local.month())?,
        small(local.day())?,
        small(local.hour())?,
        small(local.minute())?,
        small(local.second())?,
        i32::try_from(local.nanosecond()).ok()?,
    )
    .ok()
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TimeError {
    #[error("expected a date-time as YYYY-MM-DDTHH:MM[:SS[.fff]] with an optional Z or ±HH:MM offset")]
    MalformedDateTime,
    #[error("expected a date as YYYY-MM-DD")]
    MalformedDate,
    #[error("expected a time of day as HH:MM, HH:MM:SS or HH:MM:SS.fff (24-hour clock)")]
    MalformedTime,
    #[error("unknown time zone; expected an IANA name such as Europe/Rome, UTC, or an offset such as +05:30")]
    UnknownTimeZone,
    #[error("this local time does not exist in {zone}: the clocks skipped it (daylight-saving gap)")]
    NonexistentLocalTime { zone: String },
}

impl TimeZoneSpec {
    pub fn parse(text: &str) -> Result<Self, TimeError> {
        let text = text.trim();
        if let Some(offset) = parse_offset(text) {
            return Ok(Self::Fixed(offset));
        }
        NamedZone::lookup(text).map(Self::Named).ok_or(TimeError::UnknownTimeZone)
    }

    pub fn name(&self) -> String {
        match self {
            Self::Named(zone) => zone.name().to_owned(),
            Self::Fixed(offset) => offset.to_string(),
        }
    }

    /// The UTC offset in force at `instant` in this zone.
    pub fn offset_at(&self, instant: DateTime<Utc>) -> FixedOffset {
        match self {
            Self::Named(zone) => zone.offset_at(instant),
            Self::Fixed(offset) => *offset,
        }
    }
}

/// `±HH:MM`, `±HHMM`, `±HH`, or `Z`/`UTC`/`GMT` as a fixed offset.
fn parse_offset(text: &str) -> Option<FixedOffset> {
    if matches!(text, "Z" | "UTC" | "GMT" | "Etc/UTC") {
        return FixedOffset::east_opt(0);
    }
    let (sign, rest) = match text.as_bytes().first()? {
        b'+' => (1, &text[1..]),
        b'-' => (-1, &text[1..]),
        _ => return None,
    };
    let digits: String = rest.chars().filter(|c| *c != ':').collect();
    if !digits.chars().all(|c| c.is_ascii_digit()) || !matches!(digits.len(), 2 | 4) {
        return None;
    }
    if rest.contains(':') && rest.len() != 5 {
        return None;
    }
    let hours: i32 = digits[..2].parse().ok()?;
    let minutes: i32 = if digits.len() == 4 { digits[2..].parse().ok()? } else { 0 };
    if hours > 14 || minutes > 59 {
        return None;
    }
    FixedOffset::east_opt(sign * (hours * 3600 + minutes * 60))
}

/// A civil date-time as written by the client, possibly with its own offset.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CivilDateTime {
    pub local: NaiveDateTime,
    pub explicit_offset: Option<FixedOffset>,
}

impl CivilDateTime {
    pub fn parse(text: &str) -> Result<Self, TimeError> {
        let text = text.trim();
        // The grammar is strict on purpose: a date-time that chrono would
        // guess at (a space separator, a missing minute) is a client bug.
        let (body, offset) = split_offset(text)?;
        let local = parse_local(body)?;
        Ok(Self { local, explicit_offset: offset })
    }

    /// The instant this civil time names in `zone`. An explicit offset in the
    /// text wins over the zone. An ambiguous local time (the repeated hour
    /// when clocks fall back) resolves to the earlier instant and reports it.
    pub fn resolve(&self, zone: &TimeZoneSpec) -> Result<ResolvedInstant, TimeError> {
        if let Some(offset) = self.explicit_offset {
            let instant = offset.from_local_datetime(&self.local).single().ok_or(TimeError::MalformedDateTime)?.with_timezone(&Utc);
            return Ok(ResolvedInstant { utc: instant, offset, ambiguity: None });
        }
        match zone {
            TimeZoneSpec::Fixed(offset) => {
                let instant = offset.from_local_datetime(&self.local).single().ok_or(TimeError::MalformedDateTime)?.with_timezone(&Utc);
                Ok(ResolvedInstant { utc: instant, offset: *offset, ambiguity: None })
            }
            TimeZoneSpec::Named(zone) => match zone.instants_for(&self.local) {
                LocalResult::Single(dt) => Ok(ResolvedInstant { utc: dt.with_timezone(&Utc), offset: *dt.offset(), ambiguity: None }),
                LocalResult::Ambiguous(earlier, later) => Ok(ResolvedInstant {
                    utc: earlier.with_timezone(&Utc),
                    offset: *earlier.offset(),
                    ambiguity: Some(Ambiguity { chosen_offset: *earlier.offset(), other_offset: *later.offset() }),
                }),
                LocalResult::None => Err(TimeError::NonexistentLocalTime { zone: zone.name().to_owned() }),
            },
        }
    }
}

fn split_offset(text: &str) -> Result<(&str, Option<FixedOffset>), TimeError> {
    if let Some(body) = text.strip_suffix('Z') {
        return Ok((body, FixedOffset::east_opt(0)));
    }
    // An offset can only follow the time part: look after the 'T'.
    let Some(t_index) = text.find('T') else { return Ok((text, None)) };
    let time_part = &text[t_index..];
    if let Some(pos) = time_part.rfind(['+', '-']) {
        let offset_text = &time_part[pos..];
        let offset = parse_offset(offset_text).ok_or(TimeError::MalformedDateTime)?;
        return Ok((&text[..t_index + pos], Some(offset)));
    }
    Ok((text, None))
}

fn parse_local(body: &str) -> Result<NaiveDateTime, TimeError> {
    let (date, time) = body.split_once('T').ok_or(TimeError::MalformedDateTime)?;
    let date = parse_date(date).map_err(|_| TimeError::MalformedDateTime)?;
    let time = parse_time(time).map_err(|_| TimeError::MalformedDateTime)?;
    Ok(date.and_time(time))
}

/// A time of day `HH:MM`, `HH:MM:SS` or `HH:MM:SS.f` (up to nine fraction
/// digits): the time part of a date-time, on its own.
pub fn parse_time(text: &str) -> Result<chrono::NaiveTime, TimeError> {
    let bytes = text.as_bytes();
    let well_formed = match bytes.len() {
        5 => bytes[2] == b':',
        8 => bytes[2] == b':' && bytes[5] == b':',
        n if n > 9 => bytes[2] == b':' && bytes[5] == b':' && bytes[8] == b'.' && n <= 18,
        _ => false,
    };
    // Digits everywhere else: chrono alone would let a sign or a space through.
    let digits = bytes.iter().enumerate().all(|(i, b)| matches!(i, 2 | 5 | 8) || b.is_ascii_digit());
    if !well_formed || !digits {
        return Err(TimeError::MalformedTime);
    }
    let format = match bytes.len() {
        5 => "%H:%M",
        8 => "%H:%M:%S",
        _ => "%H:%M:%S%.f",
    };
    chrono::NaiveTime::parse_from_str(text, format).map_err(|_| TimeError::MalformedTime)
}

/// A calendar date `YYYY-MM-DD` (exactly ten characters, a real date).
pub fn parse_date(text: &str) -> Result<NaiveDate, TimeError> {
    let bytes = text.as_bytes();
    let shape_ok = bytes.len() == 10
        && bytes[4] == b'-'
        && bytes[7] == b'-'
        && bytes.iter().enumerate().all(|(i, b)| i == 4 || i == 7 || b.is_ascii_digit());
    if !shape_ok {
        return Err(TimeError::MalformedDate);
    }
    NaiveDate::parse_from_str(text, "%Y-%m-%d").map_err(|_| TimeError::MalformedDate)
}

/// Which instant a local time the clocks repeat (fall back) stands for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Repeated {
    Earlier,
    Later,
}

/// The instant `time` on `date` names in `zone`. When the clocks skip that
/// time (a daylight-saving gap, or a zone moving its clocks at midnight) it
/// is the first minute after the gap that exists; a repeated time takes the
/// instant `repeated` says. `None` only if no minute of two days exists.
pub fn local_time_on(date: NaiveDate, time: chrono::NaiveTime, zone: &TimeZoneSpec, repeated: Repeated) -> Option<ResolvedInstant> {
    let start = date.and_time(time);
    // Gaps last hours at most (Pacific/Apia skipped a whole day in 2011).
    for minute in 0..(48 * 60) {
        let local = start + chrono::Duration::minutes(minute);
        let found = match zone {
            TimeZoneSpec::Fixed(offset) => offset.from_local_datetime(&local).single().map(|t| (t, None)),
            TimeZoneSpec::Named(zone) => match zone.instants_for(&local) {
                LocalResult::Single(t) => Some((t, None)),
                LocalResult::Ambiguous(earlier, later) => {
                    let ambiguity = Ambiguity { chosen_offset: *earlier.offset(), other_offset: *later.offset() };
                    match repeated {
                        Repeated::Earlier => Some((earlier, Some(ambiguity))),
                        Repeated::Later => {
                            Some((later, Some(Ambiguity { chosen_offset: ambiguity.other_offset, other_offset: ambiguity.chosen_offset })))
                        }
                    }
                }
                LocalResult::None => None,
            },
        };
        if let Some((instant, ambiguity)) = found {
            return Some(ResolvedInstant { utc: instant.with_timezone(&Utc), offset: *instant.offset(), ambiguity });
        }
    }
    None
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Ambiguity {
    pub chosen_offset: FixedOffset,
    pub other_offset: FixedOffset,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ResolvedInstant {
    pub utc: DateTime<Utc>,
    /// The offset in force at the instant (what the response shows).
    pub offset: FixedOffset,
    pub ambiguity: Option<Ambiguity>,
}

impl ResolvedInstant {
    pub fn local(&self) -> DateTime<FixedOffset> {
        self.utc.with_timezone(&self.offset)
    }

    pub fn julian_day_ut(&self) -> JulianDay {
        JulianDay::from_utc(self.utc)
    }
}

/// A Julian day number on the UT time scale (what `swe_calc_ut` takes).
#[derive(Debug, Clone, Copy, PartialEq, PartialOrd)]
pub struct JulianDay(pub f64);

impl JulianDay {
    pub fn from_utc(instant: DateTime<Utc>) -> Self {
        let seconds = instant.timestamp() as f64 + f64::from(instant.timestamp_subsec_nanos()) * 1e-9;
        Self(UNIX_EPOCH_JD + seconds / SECONDS_PER_DAY)
    }

    /// The UTC instant, rounded to the millisecond.
    pub fn to_utc(self) -> Option<DateTime<Utc>> {
        let millis = ((self.0 - UNIX_EPOCH_JD) * SECONDS_PER_DAY * 1000.0).round();
        if !millis.is_finite() || millis.abs() > 8.0e15 {
            return None;
        }
        DateTime::from_timestamp_millis(millis as i64)
    }
}

/// Formats an instant as ISO 8601 with its local offset, seconds precision
/// (`1990-05-11T14:30:00+02:00`).
pub fn format_local(instant: DateTime<FixedOffset>) -> String {
    // Local mean times have offsets with seconds (Amsterdam +01:19:32 until
    // 1937); rounding them to minutes would misstate the instant.
    if instant.offset().local_minus_utc() % 60 == 0 {
        static MINUTES: OnceLock<Vec<Item<'static>>> = OnceLock::new();
        instant.format_with_items(strftime_items(&MINUTES, "%Y-%m-%dT%H:%M:%S%:z").iter()).to_string()
    } else {
        static SECONDS: OnceLock<Vec<Item<'static>>> = OnceLock::new();
        instant.format_with_items(strftime_items(&SECONDS, "%Y-%m-%dT%H:%M:%S%::z").iter()).to_string()
    }
}

pub fn format_utc(instant: DateTime<Utc>) -> String {
    static UTC: OnceLock<Vec<Item<'static>>> = OnceLock::new();
    instant.format_with_items(strftime_items(&UTC, "%Y-%m-%dT%H:%M:%SZ").iter()).to_string()
}

/// A format string parsed once: `format` parses it again on every call,
/// about 2 % of a natal request under load (perf).
fn strftime_items<'a>(cell: &'a OnceLock<Vec<Item<'static>>>, format: &'static str) -> &'a [Item<'static>] {
    cell.get_or_init(|| StrftimeItems::new(format).parse_to_owned().expect("a valid format string"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rome() -> TimeZoneSpec {
        TimeZoneSpec::parse("Europe/Rome").unwrap()
    }

    #[test]
    fn parses_the_documented_shapes() {
        for text in [
            "1990-05-11T14:30",
            "1990-05-11T14:30:15",
            "1990-05-11T14:30:15.250",
            "1990-05-11T14:30:00Z",
            "1990-05-11T14:30:00+02:00",
            "1990-05-11T14:30-03:30",
        ] {
            assert!(CivilDateTime::parse(text).is_ok(), "{text}");
        }
        for text in [
            "1990-05-11",
            "1990-05-11 14:30",
            "1990-5-11T14:30",
            "1990-02-30T10:00",
            "1990-05-11T25:00",
            "1990-05-11T14:3",
            "",
            "1990-05-11T14:30+2",
        ] {
            assert_eq!(CivilDateTime::parse(text), Err(TimeError::MalformedDateTime), "{text}");
        }
    }

    #[test]
    fn times_of_day_have_one_grammar() {
        for text in ["00:00", "14:30", "14:30:15", "23:59:59.5", "14:30:15.123456789"] {
            assert!(parse_time(text).is_ok(), "{text}");
        }
        for text in ["", "9:30", "09:3", "24:00", "14:60", "14:30:61", "14h30", "+1:30", " 9:30", "14:30:15.", "14:30:15,5", "14:30Z"] {
            assert_eq!(parse_time(text), Err(TimeError::MalformedTime), "{text}");
        }
    }

    #[test]
    fn historical_offsets_come_from_the_tz_database() {
        // Rome kept summer time (CEST, +02:00) in May 1990.
        let resolved = CivilDateTime::parse("1990-05-11T14:30").unwrap().resolve(&rome()).unwrap();
        assert_eq!(format_local(resolved.local()), "1990-05-11T14:30:00+02:00");
        assert_eq!(format_utc(resolved.utc), "1990-05-11T12:30:00Z");
        // Before 1893 Italy used Rome mean time, +00:49:56.
        let resolved = CivilDateTime::parse("1880-01-01T12:00").unwrap().resolve(&rome()).unwrap();
        assert_eq!(resolved.offset.local_minus_utc(), 49 * 60 + 56);
    }

    #[test]
    fn spring_forward_gap_is_an_error_and_fall_back_takes_the_earlier_instant() {
        let gap = CivilDateTime::parse("2024-03-31T02:30").unwrap().resolve(&rome());
        assert!(matches!(gap, Err(TimeError::NonexistentLocalTime { .. })));
        let overlap = CivilDateTime::parse("2024-10-27T02:30").unwrap().resolve(&rome()).unwrap();
        assert_eq!(format_utc(overlap.utc), "2024-10-27T00:30:00Z");
        assert_eq!(overlap.offset.local_minus_utc(), 7200);
        assert!(overlap.ambiguity.is_some());
    }

    #[test]
    fn explicit_offset_wins_over_the_zone() {
        let resolved = CivilDateTime::parse("2024-03-31T02:30:00+05:30").unwrap().resolve(&rome()).unwrap();
        assert_eq!(format_utc(resolved.utc), "2024-03-30T21:00:00Z");
    }

    #[test]
    fn fixed_offsets_and_unknown_zones() {
        assert_eq!(TimeZoneSpec::parse("+05:30").unwrap(), TimeZoneSpec::Fixed(FixedOffset::east_opt(19800).unwrap()));
        assert_eq!(TimeZoneSpec::parse("-0300").unwrap(), TimeZoneSpec::Fixed(FixedOffset::west_opt(10800).unwrap()));
        assert_eq!(TimeZoneSpec::parse("UTC").unwrap(), TimeZoneSpec::Fixed(FixedOffset::east_opt(0).unwrap()));
        assert_eq!(TimeZoneSpec::parse("Mars/Olympus"), Err(TimeError::UnknownTimeZone));
        assert_eq!(TimeZoneSpec::parse("+25:00"), Err(TimeError::UnknownTimeZone));
    }

    #[test]
    fn julian_day_of_j2000() {
        let instant = DateTime::parse_from_rfc3339("2000-01-01T12:00:00Z").unwrap().with_timezone(&Utc);
        assert_eq!(JulianDay::from_utc(instant).0, 2_451_545.0);
        assert_eq!(JulianDay(2_451_545.0).to_utc().unwrap(), instant);
    }

    #[test]
    fn local_times_step_over_gaps_and_choose_in_overlaps() {
        let midnight = chrono::NaiveTime::MIN;
        // Sao Paulo moved its clocks at midnight: 2018-11-04 began at 01:00.
        let sao_paulo = TimeZoneSpec::parse("America/Sao_Paulo").unwrap();
        let day = NaiveDate::from_ymd_opt(2018, 11, 4).unwrap();
        let start = local_time_on(day, midnight, &sao_paulo, Repeated::Earlier).unwrap();
        assert_eq!(format_local(start.local()), "2018-11-04T01:00:00-02:00");
        // ... and on 2018-02-17 lived 23:00-24:00 twice (back from midnight to 23:00).
        let day = NaiveDate::from_ymd_opt(2018, 2, 17).unwrap();
        let half_past = chrono::NaiveTime::from_hms_opt(23, 30, 0).unwrap();
        let earlier = local_time_on(day, half_past, &sao_paulo, Repeated::Earlier).unwrap();
        let later = local_time_on(day, half_past, &sao_paulo, Repeated::Later).unwrap();
        assert!(earlier.ambiguity.is_some() && later.ambiguity.is_some());
        assert_eq!((later.utc - earlier.utc).num_hours(), 1);
        let rome = TimeZoneSpec::parse("Europe/Rome").unwrap();
        let noon = chrono::NaiveTime::from_hms_opt(12, 0, 0).unwrap();
        let plain = local_time_on(NaiveDate::from_ymd_opt(2026, 11, 22).unwrap(), noon, &rome, Repeated::Earlier).unwrap();
        assert_eq!(format_utc(plain.utc), "2026-11-22T11:00:00Z");
    }

    fn offset_of(zone: &str, local: &str) -> String {
        let zone = TimeZoneSpec::parse(zone).unwrap();
        let resolved = CivilDateTime::parse(local).unwrap().resolve(&zone).unwrap();
        // chrono's `%:z` (format_local) rounds to the minute: spell out the seconds.
        let seconds = resolved.offset.local_minus_utc();
        let (sign, abs) = (if seconds < 0 { '-' } else { '+' }, seconds.abs());
        let text = format!("{sign}{:02}:{:02}", abs / 3600, abs / 60 % 60);
        if abs % 60 == 0 { text } else { format!("{text}:{:02}", abs % 60) }
    }

    #[test]
    fn the_embedded_database_has_backzone_history() {
        // Values from Python's zoneinfo on the Debian tzdata the file was packed from.
        // Norway kept summer time 1959-1965 (without backzone: Berlin's +01).
        assert_eq!(offset_of("Europe/Oslo", "1962-07-01T12:00"), "+02:00");
        // Amsterdam mean time (without backzone: Brussels' +01).
        assert_eq!(offset_of("Europe/Amsterdam", "1930-07-01T12:00"), "+01:19:32");
        let amsterdam =
            CivilDateTime::parse("1930-07-01T12:00").unwrap().resolve(&TimeZoneSpec::parse("Europe/Amsterdam").unwrap()).unwrap();
        assert_eq!(amsterdam.offset.local_minus_utc(), 3600 + 19 * 60 + 32);
        assert_eq!(format_utc(amsterdam.utc), "1930-07-01T10:40:28Z");
        // Sweden had no summer time in 1943 (Berlin did), and Swedish time before 1900.
        assert_eq!(offset_of("Europe/Stockholm", "1943-07-01T12:00"), "+01:00");
        assert_eq!(offset_of("Europe/Berlin", "1943-07-01T12:00"), "+02:00");
        assert_eq!(offset_of("Europe/Stockholm", "1890-01-01T12:00"), "+01:00:14");
        assert_eq!(offset_of("Europe/Copenhagen", "1946-07-01T12:00"), "+02:00");
        // Iceland was -01 in winter, +00 in summer (without backzone: Abidjan's GMT all year).
        assert_eq!(offset_of("Atlantic/Reykjavik", "1950-01-01T12:00"), "-01:00");
        assert_eq!(offset_of("Atlantic/Reykjavik", "1950-07-01T12:00"), "+00:00");
        assert_eq!(offset_of("America/New_York", "1918-07-01T12:00"), "-04:00");
        assert_eq!(offset_of("Europe/Rome", "1880-01-01T12:00"), "+00:49:56");
        // Norway's summer time ended 1962-09-16 03:00 -> 02:00: 02:30 happened twice.
        let fold = CivilDateTime::parse("1962-09-16T02:30").unwrap().resolve(&TimeZoneSpec::parse("Europe/Oslo").unwrap()).unwrap();
        assert_eq!(fold.offset.local_minus_utc(), 7200);
        assert_eq!(fold.ambiguity.map(|a| a.other_offset.local_minus_utc()), Some(3600));
        assert!(tzdata_version().contains("backzone"), "{}", tzdata_version());
    }

    #[test]
    fn far_future_dates_follow_the_current_rules() {
        // Past the TZif transition tables: the POSIX TZ footer applies.
        assert_eq!(offset_of("Europe/Rome", "2080-07-01T12:00"), "+02:00");
        assert_eq!(offset_of("Europe/Rome", "2080-01-01T12:00"), "+01:00");
        assert_eq!(offset_of("America/New_York", "2080-07-01T12:00"), "-04:00");
        assert_eq!(offset_of("Australia/Sydney", "2080-01-01T12:00"), "+11:00");
        let gap = CivilDateTime::parse("2080-03-31T02:30").unwrap().resolve(&rome());
        assert!(matches!(gap, Err(TimeError::NonexistentLocalTime { .. })));
        let instant = DateTime::parse_from_rfc3339("2080-07-01T10:00:00Z").unwrap().with_timezone(&Utc);
        assert_eq!(rome().offset_at(instant).local_minus_utc(), 7200);
    }

    #[test]
    fn every_embedded_zone_parses_and_names_are_exact() {
        let table = zone_table();
        assert!(table.zones.len() > 500, "{} zones", table.zones.len());
        assert!(table.zones.windows(2).all(|pair| pair[0].name < pair[1].name));
        for entry in table.zones.iter() {
            let zone = TimeZoneSpec::parse(entry.name).unwrap_or_else(|_| panic!("{} does not parse", entry.name));
            // UTC and friends resolve as the fixed offset.
            if let TimeZoneSpec::Named(named) = zone {
                assert_eq!(named.name(), entry.name);
            }
        }
        assert_eq!(TimeZoneSpec::parse("Europe/Oslo").unwrap().name(), "Europe/Oslo");
        assert_eq!(TimeZoneSpec::parse(" US/Eastern ").unwrap().name(), "US/Eastern");
        assert_eq!(TimeZoneSpec::parse("Europe/Oslo").unwrap(), TimeZoneSpec::parse("Europe/Oslo").unwrap());
        assert_ne!(TimeZoneSpec::parse("Europe/Oslo").unwrap(), TimeZoneSpec::parse("Europe/Berlin").unwrap());
        for unknown in
            ["europe/oslo", "EUROPE/OSLO", "Europe/Osl", "Europe", "posixrules", "Factory", "localtime", "right/Europe/Oslo", "zone.tab"]
        {
            assert_eq!(TimeZoneSpec::parse(unknown), Err(TimeError::UnknownTimeZone), "{unknown}");
        }
    }

    #[test]
    fn parse_and_resolve_stay_fast() {
        let civil = CivilDateTime::parse("1962-07-01T12:00").unwrap();
        let _ = civil.resolve(&TimeZoneSpec::parse("Europe/Oslo").unwrap()).unwrap();
        let rounds = 20_000u32;
        let start = std::time::Instant::now();
        for _ in 0..rounds {
            let zone = TimeZoneSpec::parse(std::hint::black_box("Europe/Oslo")).unwrap();
            std::hint::black_box(civil.resolve(&zone).unwrap());
        }
        let per_call = start.elapsed() / rounds;
        eprintln!("parse+resolve: {per_call:?} per call");
        // Well under 10 us optimised; debug builds are slower but in the same league.
        assert!(per_call < std::time::Duration::from_micros(if cfg!(debug_assertions) { 50 } else { 10 }), "{per_call:?}");
    }

    #[test]
    fn dates_are_strict() {
        assert!(parse_date("2024-02-29").is_ok());
        for bad in ["2023-02-29", "2024-2-29", "20240229", "2024-02-29T00:00", "abcd-ef-gh"] {
            assert_eq!(parse_date(bad), Err(TimeError::MalformedDate), "{bad}");
        }
    }
}
