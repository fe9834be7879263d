//! The transit answer: the period, the natal chart, the aspects in the
//! shape of the resolved API version, the links, and `meta`.

use std::collections::{BTreeMap, HashMap};

use chrono::{DateTime, Offset};
use serde::Serialize;
use shared::astro::aspect::AspectKind;
use shared::astro::chart::ChartWarning;
use shared::astro::chart::transit::{NatalTarget, Pass};
use shared::astro::ephemeris::EphemerisSource;
use shared::astro::point::PointId;
use shared::astro::time::{JulianDay, TimeZoneSpec, format_local, format_utc};
use shared::content::AspectTarget;
use shared::http::chart_link::ImageLinks;
use shared::http::{ApiError, Document};
use shared::language::Language;
use shared::version::{GROUPED_TRANSIT_ASPECTS, ResolvedVersion};

use super::input::{MAX_PERIOD_DAYS, TransitQuery};
use super::usecase::TransitReading;
use crate::answer::{AngleBody, ChartMeta, HousesBody, LinkText, NamedChartLink, PointBody, angles_body, points_body};
use crate::summary::link::SummaryLink;
use crate::texts::Texts;

/// The texts of a transit answer with `includeText`: the transit texts of
/// the aspects, the natal texts of the natal points.
pub struct TransitTexts {
    pub transit: Option<Texts>,
    pub natal: Option<Texts>,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct TransitData {
    birth_date_time: String,
    birth_utc_date_time: String,
    period: PeriodBody,
    transit_points: Vec<&'static str>,
    natal: NatalBody,
    aspects: AspectsBody,
    /// `transit`: the natal chart with the transiting points at the
    /// period's start around it.
    charts: BTreeMap<&'static str, NamedChartLink>,
    /// The signed link to the AI summary of the period's transits.
    summary: SummaryLink,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PeriodBody {
    start_date: String,
    end_date: String,
    /// Local start of `startDate`, ISO 8601 with offset.
    start: String,
    /// Local end of `endDate` (the next day's 00:00).
    end: String,
    start_utc: String,
    end_utc: String,
    days: i64,
    timezone: String,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct NatalBody {
    points: std::collections::BTreeMap<&'static str, PointBody>,
    angles: std::collections::BTreeMap<&'static str, AngleBody>,
    houses: HousesBody,
}

#[derive(Debug, Serialize)]
#[serde(untagged)]
pub enum AspectsBody {
    /// Before 2026-09-03: one entry per pass.
    Passes(Vec<PassEntry>),
    /// From 2026-09-03: one entry per transiting point, aspect and natal point.
    Grouped(Vec<GroupEntry>),
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Names {
    #[serde(skip_serializing_if = "Option::is_none")]
    point_a_name: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    point_b_name: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    aspect_name: Option<&'static str>,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Occurrence {
    /// Entering orb; null when already in orb at the period's start.
    starts_at: Option<String>,
    /// Exact hits inside the period.
    exact_at: Vec<String>,
    /// Leaving orb; null when still in orb at the period's end.
    ends_at: Option<String>,
    /// Tightest orb inside the period (0 when exact).
    orb: f64,
    /// Still closing at the pass's last moment inside the period.
    applying: bool,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PassEntry {
    point_a: &'static str,
    point_b: &'static str,
    aspect: &'static str,
    angle: f64,
    #[serde(flatten)]
    occurrence: Occurrence,
    #[serde(flatten)]
    names: Names,
    /// With `includeText`: the transit text of this aspect (repeated on
    /// every pass of the same points and aspect).
    #[serde(skip_serializing_if = "Option::is_none")]
    text: Option<String>,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct GroupEntry {
    point_a: &'static str,
    point_b: &'static str,
    aspect: &'static str,
    angle: f64,
    #[serde(flatten)]
    names: Names,
    /// With `includeText`: the transit text of this aspect.
    #[serde(skip_serializing_if = "Option::is_none")]
    text: Option<String>,
    occurrences: Vec<Occurrence>,
}

/// ISO 8601 with the zone's offset at that instant, rounded to the second.
fn local_text(zone: &TimeZoneSpec, jd: JulianDay) -> Result<String, ApiError> {
    let utc = jd.to_utc().ok_or_else(|| ApiError::internal("transit time outside the representable range"))?;
    let seconds = (utc.timestamp_millis() as f64 / 1000.0).round() as i64;
    let utc = DateTime::from_timestamp(seconds, 0).ok_or_else(|| ApiError::internal("transit time outside the representable range"))?;
    Ok(format_local(utc.with_timezone(&zone.offset_at(utc).fix())))
}

fn names(readable: Option<Language>, pass: &Pass, target: NatalTarget) -> Names {
    Names {
        point_a_name: readable.map(|l| l.point_name(pass.transiting)),
        point_b_name: readable.map(|l| match target {
            NatalTarget::Point(point) => l.point_name(point),
            NatalTarget::Angle(angle) => l.angle_name(angle),
        }),
        aspect_name: readable.map(|l| l.aspect_name(pass.aspect)),
    }
}

pub fn present(
    query: &TransitQuery,
    reading: &TransitReading,
    texts: &TransitTexts,
    image: ImageLinks,
    summary: SummaryLink,
    version: &ResolvedVersion,
) -> Result<Document<TransitData>, ApiError> {
    let options = &query.options;
    let zone = &query.zone;
    let readable = options.include_readable_entities.then_some(options.language);
    // One text per transiting point, natal point and aspect, however many passes.
    let mut text_cache: HashMap<(PointId, usize, AspectKind), Option<String>> = HashMap::new();
    let mut text_of = |pass: &Pass, target: NatalTarget| -> Option<String> {
        let texts = texts.transit.as_ref()?;
        text_cache
            .entry((pass.transiting, pass.natal, pass.aspect))
            .or_insert_with(|| {
                let b = match target {
                    NatalTarget::Point(point) => AspectTarget::Point(point),
                    NatalTarget::Angle(angle) => AspectTarget::Angle(angle),
                };
                texts.aspect(pass.transiting, pass.aspect, b)
            })
            .clone()
    };
    let occurrence = |pass: &Pass| -> Result<Occurrence, ApiError> {
        Ok(Occurrence {
            starts_at: pass.starts_at.map(|t| local_text(zone, t)).transpose()?,
            exact_at: pass.exact_at.iter().map(|t| local_text(zone, *t)).collect::<Result<_, _>>()?,
            ends_at: pass.ends_at.map(|t| local_text(zone, t)).transpose()?,
            orb: pass.orb,
            applying: pass.applying,
        })
    };
    let target_of =
        |pass: &Pass| reading.targets.get(pass.natal).copied().ok_or_else(|| ApiError::internal("pass names an unknown natal point"));
    let grouped = version.includes(GROUPED_TRANSIT_ASPECTS);
    let passes = &reading.transits.passes;
    let aspects = if grouped {
        let mut groups: Vec<(PointId, usize, AspectKind, GroupEntry)> = Vec::new();
        for pass in passes {
            let item = occurrence(pass)?;
            // Passes come in time order, so groups are ordered by their first pass.
            match groups.iter_mut().find(|(a, b, k, _)| *a == pass.transiting && *b == pass.natal && *k == pass.aspect) {
                Some((.., group)) => group.occurrences.push(item),
                None => {
                    let target = target_of(pass)?;
                    groups.push((
                        pass.transiting,
                        pass.natal,
                        pass.aspect,
                        GroupEntry {
                            point_a: pass.transiting.id(),
                            point_b: target.id(),
                            aspect: pass.aspect.id(),
                            angle: pass.aspect.angle(),
                            names: names(readable, pass, target),
                            text: text_of(pass, target),
                            occurrences: vec![item],
                        },
                    ));
                }
            }
        }
        AspectsBody::Grouped(groups.into_iter().map(|(.., group)| group).collect())
    } else {
        let mut entries = Vec::with_capacity(passes.len());
        for pass in passes {
            let target = target_of(pass)?;
            entries.push(PassEntry {
                point_a: pass.transiting.id(),
                point_b: target.id(),
                aspect: pass.aspect.id(),
                angle: pass.aspect.angle(),
                occurrence: occurrence(pass)?,
                names: names(readable, pass, target),
                text: text_of(pass, target),
            });
        }
        AspectsBody::Passes(entries)
    };

    let chart = &reading.chart;
    let (start, end) = (JulianDay::from_utc(query.start), JulianDay::from_utc(query.end));
    let charts = BTreeMap::from([("transit", LinkText::Transits { start_date: &query.start_date }.link(options.language, image))]);
    let data = TransitData {
        birth_date_time: format_local(query.birth.local()),
        birth_utc_date_time: format_utc(query.birth.utc),
        period: PeriodBody {
            start_date: query.start_date.clone(),
            end_date: query.end_date.clone(),
            start: local_text(zone, start)?,
            end: local_text(zone, end)?,
            start_utc: format_utc(query.start),
            end_utc: format_utc(query.end),
            days: query.days,
            timezone: zone.name(),
        },
        transit_points: reading.transiting.iter().map(|b| b.point.id()).collect(),
        natal: NatalBody {
            points: points_body(&chart.points, readable, texts.natal.as_ref()),
            angles: angles_body(&chart.angles, readable, texts.natal.as_ref()),
            houses: HousesBody::of(&chart.houses, readable),
        },
        aspects,
        charts,
        summary,
    };

    let mut meta = ChartMeta::new();
    meta.add_chart(chart);
    meta.add_instant(&query.birth_text, &query.birth);
    meta.add_place("/birthLocation", &query.birth_place);
    if let Some(place) = &query.transit_place {
        meta.add_place("/transitLocation", place);
    }
    if query.transiting_chiron_omitted {
        meta.warnings.push(ChartWarning::TransitingChironOmitted.to_string());
    }
    if reading.transits.sources.contains(&EphemerisSource::Moshier) && !meta.moshier {
        meta.moshier = true;
        meta.warnings.push(ChartWarning::MoshierEphemeris.to_string());
    }
    let orbs_meta: serde_json::Map<String, serde_json::Value> =
        query.orbs.entries().iter().map(|(kind, orb)| (kind.id().to_owned(), serde_json::Value::from(*orb))).collect();
    let document = Document::new(data)
        .with_meta("houseSystem", chart.houses.system_used.id())
        .with_meta("requestedHouseSystem", options.house_system.id())
        .with_meta("timezone", zone.name())
        .with_meta("orbs", serde_json::Value::Object(orbs_meta))
        .with_meta("maxPeriodDays", MAX_PERIOD_DAYS)
        .with_meta("apiVersion", version.applied_text())
        .with_meta("aspectsGrouped", grouped);
    Ok(meta.finish(document, options))
}
