//! The dasha answer: the Moon's nakshatra, the balance at birth, the
//! periods nested to the levels asked, each from and to an instant with the
//! birth place's offset, and the periods running at `date`.

use serde::Serialize;
use shared::astro::time::{TimeZoneSpec, format_local};
use shared::astro::vedic::dasha::{DashaPeriod, Vimshottari};
use shared::http::{ApiError, Document};

use super::input::VedicDashaQuery;
use crate::local_instant as instant;

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PeriodBody {
    lord: &'static str,
    sanskrit: &'static str,
    /// ISO 8601 with the birth place's offset at the instant, to the second.
    start: String,
    end: String,
    start_julian_day: f64,
    end_julian_day: f64,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    sub_periods: Vec<PeriodBody>,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct RunningBody {
    /// 1 mahadasha, 2 antardasha, 3 pratyantardasha.
    level: u8,
    lord: &'static str,
    start: String,
    end: String,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct DashaData {
    moon: serde_json::Value,
    balance: serde_json::Value,
    periods: Vec<PeriodBody>,
    #[serde(skip_serializing_if = "Option::is_none")]
    current: Option<serde_json::Value>,
}

fn period(zone: &TimeZoneSpec, p: &DashaPeriod) -> Result<PeriodBody, ApiError> {
    Ok(PeriodBody {
        lord: p.lord.id(),
        sanskrit: p.lord.sanskrit(),
        start: instant(zone, p.start)?,
        end: instant(zone, p.end)?,
        start_julian_day: p.start.0,
        end_julian_day: p.end.0,
        sub_periods: p.sub_periods.iter().map(|s| period(zone, s)).collect::<Result<_, _>>()?,
    })
}

pub fn present(query: &VedicDashaQuery, dasha: &Vimshottari, moon_longitude: f64) -> Result<Document<DashaData>, ApiError> {
    let zone = &query.zone;
    let first = dasha.periods.first().ok_or_else(|| ApiError::internal("a dasha without periods"))?;
    let current = match query.date {
        None => None,
        Some(date) => {
            let running = dasha
                .current(date.julian_day_ut())
                .into_iter()
                .enumerate()
                .map(|(i, p)| {
                    Ok(RunningBody { level: i as u8 + 1, lord: p.lord.id(), start: instant(zone, p.start)?, end: instant(zone, p.end)? })
                })
                .collect::<Result<Vec<_>, ApiError>>()?;
            Some(serde_json::json!({
                "date": format_local(date.utc.with_timezone(&date.offset)),
                "periods": running,
            }))
        }
    };
    let data = DashaData {
        moon: serde_json::json!({
            "longitude": moon_longitude,
            "nakshatra": { "number": dasha.moon.number, "name": dasha.moon.name(), "pada": dasha.moon.pada, "lord": dasha.moon.lord.id() },
        }),
        balance: serde_json::json!({ "lord": first.lord.id(), "years": dasha.balance_years, "days": dasha.balance_years * query.year_days }),
        periods: dasha.periods.iter().map(|p| period(zone, p)).collect::<Result<_, _>>()?,
        current,
    };
    Ok(Document::new(data)
        .with_meta(
            "ayanamsa",
            serde_json::json!({ "id": query.ayanamsa.id(), "name": shared::astro::ephemeris::ayanamsa_name(query.ayanamsa) }),
        )
        .with_meta("levels", query.levels)
        .with_meta("yearLength", query.year_days)
        .with_meta("timezone", zone.name())
        .with_meta(
            "rules",
            "Vimshottari: the first mahadasha is the lord of the Moon's nakshatra (sidereal, geocentric), given from its true start \
             before birth, the balance the part of the nakshatra still to travel; Ketu 7, Venus 20, Sun 6, Moon 10, Mars 7, Rahu 18, \
             Jupiter 16, Saturn 19, Mercury 17 years of yearLength days; each period divides into nine from its own lord, each \
             lord's share its years out of 120",
        )
        .with_meta("birth", format_local(query.birth.utc.with_timezone(&query.birth.offset))))
}
