//! The moon-and-sun answer: the day's events at local times, why any is
//! missing, and `meta`.

use std::borrow::Cow;

use serde::Serialize;
use serde_json::{Map, Value};
use shared::astro::EphemerisSource;
use shared::astro::sky::{Absence, SkyDay, SkyEvent, Twilight};
use shared::astro::time::{JulianDay, TimeZoneSpec, format_local, format_utc};
use shared::http::Document;

use super::input::MoonSunQuery;
use crate::answer::ChartMeta;

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct MoonSunData {
    /// The local calendar day the events belong to.
    date: String,
    date_time: String,
    utc_date_time: String,
    moon: MoonBody,
    sun: SunBody,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct MoonBody {
    phase_name: &'static str,
    phase: f64,
    illumination: f64,
    age: f64,
    distance: f64,
    diameter_degrees: f64,
    rise: Option<String>,
    set: Option<String>,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct SunBody {
    rise: Option<String>,
    set: Option<String>,
    transit: Option<String>,
    distance: f64,
    diameter_degrees: f64,
    twilight: TwilightBody,
}

#[derive(Debug, Serialize)]
struct TwilightBody {
    civil: TwilightTimes,
    nautical: TwilightTimes,
    astronomical: TwilightTimes,
}

#[derive(Debug, Serialize)]
struct TwilightTimes {
    begin: Option<String>,
    end: Option<String>,
}

pub fn present(query: &MoonSunQuery, sky: &SkyDay) -> Document<MoonSunData> {
    let mut reasons = Reasons { zone: &query.zone, map: Map::new() };
    let data = MoonSunData {
        date: query.date.format("%Y-%m-%d").to_string(),
        date_time: format_local(query.local),
        utc_date_time: format_utc(query.instant.utc),
        moon: MoonBody {
            phase_name: sky.moon.phase.name.id(),
            phase: sky.moon.phase.angle,
            illumination: sky.moon.phase.illumination,
            age: sky.moon.phase.age_days,
            distance: sky.moon.disc.distance_km,
            diameter_degrees: sky.moon.disc.diameter_degrees,
            rise: reasons.time("moon.rise", sky.moon.rise, &Subject::MOON_RISE),
            set: reasons.time("moon.set", sky.moon.set, &Subject::MOON_SET),
        },
        sun: sun_body(sky, &mut reasons),
    };

    let mut meta = ChartMeta::new();
    meta.add_place("/location", &query.place);
    meta.add_instant(&query.date_time, &query.instant);
    if sky.source == EphemerisSource::Moshier {
        meta.warnings.push(
            "this date is outside 1800-2399, the range of the Swiss Ephemeris files; positions come from the Moshier ephemeris (about 0.1\" for the Sun, 3\" for the Moon)"
                .into(),
        );
    }
    let day_bound = |jd: JulianDay| jd.to_utc().map(|utc| format_local(utc.with_timezone(&query.zone.offset_at(utc))));
    Document::new(data)
        .with_meta("ephemeris", if sky.source == EphemerisSource::Moshier { "moshier" } else { "swiss_files" })
        .with_meta("timezone", query.zone.name())
        .with_meta("dayStart", day_bound(query.window.start))
        .with_meta("dayEnd", day_bound(query.window.end))
        .with_meta("warnings", Value::from(meta.warnings))
        .with_meta("nullReasons", Value::Object(reasons.map))
}

fn sun_body(sky: &SkyDay, reasons: &mut Reasons) -> SunBody {
    let sun = &sky.sun;
    let mut twilight = |kind: &'static str, depth: &'static str, times: Twilight| TwilightTimes {
        begin: reasons.time(
            match kind {
                "civil" => "sun.twilight.civil.begin",
                "nautical" => "sun.twilight.nautical.begin",
                _ => "sun.twilight.astronomical.begin",
            },
            times.begin,
            &Subject::twilight(kind, depth, true),
        ),
        end: reasons.time(
            match kind {
                "civil" => "sun.twilight.civil.end",
                "nautical" => "sun.twilight.nautical.end",
                _ => "sun.twilight.astronomical.end",
            },
            times.end,
            &Subject::twilight(kind, depth, false),
        ),
    };
    let twilight = TwilightBody {
        civil: twilight("civil", "6", sun.civil),
        nautical: twilight("nautical", "12", sun.nautical),
        astronomical: twilight("astronomical", "18", sun.astronomical),
    };
    SunBody {
        rise: reasons.time("sun.rise", sun.rise, &Subject::SUN_RISE),
        set: reasons.time("sun.set", sun.set, &Subject::SUN_SET),
        transit: reasons.time("sun.transit", sun.transit, &Subject::SUN_TRANSIT),
        distance: sun.disc.distance_km,
        diameter_degrees: sun.disc.diameter_degrees,
        twilight,
    }
}

/// The words of a null reason for one field (fixed text for the Sun and
/// the Moon, built for each twilight line).
struct Subject {
    /// "the Sun stays above the horizon all day (polar day)"
    always_above: Cow<'static, str>,
    always_below: Cow<'static, str>,
    /// "the Sun does not rise on this local day (it only sets)"
    not_today: Cow<'static, str>,
    /// "its next rise is at"
    next: Cow<'static, str>,
}

impl Subject {
    const SUN_RISE: Self = Self::fixed(
        "the Sun stays above the horizon all day (polar day)",
        "the Sun stays below the horizon all day (polar night)",
        "the Sun does not rise on this local day (it only sets)",
        "its next rise is at",
    );
    const SUN_SET: Self = Self::fixed(
        "the Sun stays above the horizon all day (polar day)",
        "the Sun stays below the horizon all day (polar night)",
        "the Sun does not set on this local day (it only rises)",
        "its next set is at",
    );
    // The Sun crosses the meridian every day; these words are a safeguard.
    const SUN_TRANSIT: Self = Self::fixed(
        "the Sun does not cross the meridian on this local day",
        "the Sun does not cross the meridian on this local day",
        "the Sun does not cross the meridian on this local day",
        "its next transit is at",
    );
    const MOON_RISE: Self = Self::fixed(
        "the Moon stays above the horizon all day",
        "the Moon stays below the horizon all day",
        "the Moon does not rise on this local day",
        "its next rise is at",
    );
    const MOON_SET: Self = Self::fixed(
        "the Moon stays above the horizon all day",
        "the Moon stays below the horizon all day",
        "the Moon does not set on this local day",
        "its next set is at",
    );

    const fn fixed(always_above: &'static str, always_below: &'static str, not_today: &'static str, next: &'static str) -> Self {
        Self {
            always_above: Cow::Borrowed(always_above),
            always_below: Cow::Borrowed(always_below),
            not_today: Cow::Borrowed(not_today),
            next: Cow::Borrowed(next),
        }
    }

    fn twilight(kind: &str, depth: &str, begin: bool) -> Self {
        let (edge, direction) = if begin { ("begin", "rises") } else { ("end", "sets") };
        Self {
            always_above: Cow::Owned(format!(
                "the Sun's centre stays above −{depth}° all day, so {kind} twilight does not {edge} (it never gets darker than that)"
            )),
            always_below: Cow::Owned(format!(
                "the Sun's centre stays more than {depth}° below the horizon all day, so {kind} twilight does not {edge}"
            )),
            not_today: Cow::Owned(format!("the Sun's centre {direction} through −{depth}° only outside this local day")),
            next: Cow::Owned(format!("the next {kind} twilight {edge} is at")),
        }
    }
}

/// Fills `meta.nullReasons` while turning events into local times.
struct Reasons<'a> {
    zone: &'a TimeZoneSpec,
    map: Map<String, Value>,
}

impl Reasons<'_> {
    fn local(&self, jd: JulianDay) -> Option<String> {
        let utc = jd.to_utc()?;
        Some(format_local(utc.with_timezone(&self.zone.offset_at(utc))))
    }

    fn time(&mut self, key: &str, event: SkyEvent, subject: &Subject) -> Option<String> {
        let reason = match event {
            SkyEvent::At(jd) => match self.local(jd) {
                Some(text) => return Some(text),
                None => "the time could not be represented".to_owned(),
            },
            SkyEvent::Missing(Absence::AlwaysAbove) => subject.always_above.to_string(),
            SkyEvent::Missing(Absence::AlwaysBelow) => subject.always_below.to_string(),
            SkyEvent::Missing(Absence::NotThisDay { next }) => match next.and_then(|jd| self.local(jd)) {
                Some(next) => format!("{}; {} {next}", subject.not_today, subject.next),
                None => subject.not_today.to_string(),
            },
        };
        self.map.insert(key.to_owned(), Value::from(reason));
        None
    }
}
