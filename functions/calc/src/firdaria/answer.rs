//! The firdaria answer: the sect, the nine periods with their sub-periods,
//! and the ones holding the requested moment.

use serde::Serialize;
use shared::astro::time::{JulianDay, format_local};
use shared::astro::time_lords::firdaria::{FIRDARIA_YEAR_DAYS, Firdaria, Span};
use shared::http::Document;

use super::input::FirdariaQuery;
use crate::answer::{ChartMeta, local_instant_text};

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct FirdariaData {
    natal_date: String,
    /// `day` (the Sun above the horizon at birth) or `night`.
    sect: &'static str,
    periods: Vec<PeriodBody>,
    /// With `date`: the period and sub-period holding it (each `null` past the 75 years).
    #[serde(skip_serializing_if = "Option::is_none")]
    current: Option<CurrentBody>,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PeriodBody {
    lord: &'static str,
    years: f64,
    /// Local date-times in the birth time zone; each period ends where the next starts.
    start: String,
    end: String,
    /// Seven for a planet's period, none for a node's.
    sub_periods: Vec<SpanBody>,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct SpanBody {
    lord: &'static str,
    start: String,
    end: String,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct CurrentBody {
    date: String,
    period: Option<&'static str>,
    sub_period: Option<&'static str>,
}

pub fn present(query: &FirdariaQuery, firdaria: &Firdaria) -> Document<FirdariaData> {
    let local = |jd: JulianDay| local_instant_text(jd, &query.zone);
    let span = |s: &Span| SpanBody { lord: s.lord.id(), start: local(s.start), end: local(s.end) };
    let periods = firdaria
        .periods
        .iter()
        .map(|p| PeriodBody {
            lord: p.span.lord.id(),
            years: p.span.lord.years(),
            start: local(p.span.start),
            end: local(p.span.end),
            sub_periods: p.sub_periods.iter().map(span).collect(),
        })
        .collect();
    let current = query.date.map(|date| {
        let found = firdaria.at(date.julian_day_ut());
        CurrentBody {
            date: format_local(date.local()),
            period: found.map(|(period, _)| period.span.lord.id()),
            sub_period: found.and_then(|(_, sub)| sub.map(|s| s.lord.id())),
        }
    });
    let data = FirdariaData { natal_date: format_local(query.birth.local()), sect: firdaria.sect.id(), periods, current };
    let mut meta = ChartMeta::new();
    meta.add_place("/birthLocation", &query.place);
    meta.add_instant(&query.birth_text, &query.birth);
    meta.finish_plain(
        Document::new(data)
            .with_meta("yearLengthDays", FIRDARIA_YEAR_DAYS)
            .with_meta("sect", "day when the Sun is above the horizon at birth (in the half of the ecliptic from the descendant through the midheaven to the ascendant)")
            .with_meta("order", "day: Sun, Venus, Mercury, Moon, Saturn, Jupiter, Mars, then the nodes; night: Moon, Saturn, Jupiter, Mars, Sun, Venus, Mercury, then the nodes")
            .with_meta("subPeriods", "seven equal parts of a planet's period, from its lord down the Chaldean order (Saturn, Jupiter, Mars, Sun, Venus, Mercury, Moon); the nodes have none")
            .with_meta("timezone", query.zone.name()),
    )
}
