//! POST /api/calc/synastry: two birth charts and the aspects between them.
//!
//! `aspects1to2` lists person 1's points as `pointA` and person 2's as
//! `pointB`, and `applying` follows person 1's motion against person 2's
//! chart held still (as if 1's planets transited 2's chart); `aspects2to1` is
//! the mirror. The same orbs apply to both. Swapping the two people swaps the
//! two arrays exactly.

use std::collections::BTreeMap;

use axum::extract::State;
use axum::http::HeaderMap;
use serde::Serialize;
use shared::astro::aspect::{Aspect, Placement, aspects_across};
use shared::astro::chart::{ChartInput, MoonCenter, NatalChart};
use shared::astro::point::PointId;
use shared::astro::time::{JulianDay, ResolvedInstant};
use shared::content::HoroscopeType;
use shared::http::{ApiError, ApiJson, ApiResult, AppState, Caller, Document};

use crate::answer::{AspectBody, ChartMeta, LinkText, NamedChartLink, PointBody, aspects_body, points_body};
use crate::chart_image::link::{ChartSpec, InputSpec};
use crate::links::{chart_image_link, summary_link};
use crate::request::{
    CommonOptions, LocationBody, Place, Problems, chart_request, ephemeris_error, parse_common, parse_instant, parse_location,
};
use crate::texts::Texts;

chart_request! {
    pub struct SynastryRequest {
        date_time1: String,
        location1: LocationBody,
        date_time2: String,
        location2: LocationBody,
    }
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct SynastryData {
    /// With `includeText`, synastry texts (in both directions the text of
    /// the pair, which does not depend on who leads).
    aspects1to2: Vec<AspectBody>,
    aspects2to1: Vec<AspectBody>,
    /// With `includeText`, natal texts.
    points1: BTreeMap<&'static str, PointBody>,
    points2: BTreeMap<&'static str, PointBody>,
    charts: BTreeMap<&'static str, NamedChartLink>,
    /// The signed link to the AI summary of the pair (person 1 leading).
    summary: crate::summary::link::SummaryLink,
}

#[tracing::instrument(name = "synastry", skip_all)]
pub async fn calculate_synastry(
    State(app): State<AppState>,
    caller: Caller,
    headers: HeaderMap,
    ApiJson(body): ApiJson<SynastryRequest>,
) -> ApiResult<Document<SynastryData>> {
    let mut problems = Problems::default();
    let births = TwoBirths::parse(&app, (&body.date_time1, &body.location1), (&body.date_time2, &body.location2), &mut problems);
    let options = parse_common(&body.common_options(), &app.ephemeris, births.chiron_date(&app), &mut problems);
    problems.into_result()?;
    let (place1, place2) = (births.place1, births.place2);
    let (instant1, instant2) = births.instants()?;
    let person1 = Person { instant: instant1, place: &place1, date_pointer: "/dateTime1" };
    let person2 = Person { instant: instant2, place: &place2, date_pointer: "/dateTime2" };
    let Synastry { chart1, chart2, aspects1to2, aspects2to1 } = compute_synastry(&app, &person1, &person2, &options)?;
    let (input1, input2) = (person1.chart_input(&options), person2.chart_input(&options));
    let readable = options.include_readable_entities.then_some(options.language);
    let synastry_texts = Texts::load(&app, &caller, HoroscopeType::Synastry, &options).await?;
    let natal_texts = Texts::load(&app, &caller, HoroscopeType::Natal, &options).await?;

    let mut meta = ChartMeta::new();
    meta.add_place("/location1", &place1);
    meta.add_place("/location2", &place2);
    meta.add_chart(&chart1);
    meta.add_chart(&chart2);
    meta.add_instant(&body.date_time1, &instant1);
    meta.add_instant(&body.date_time2, &instant2);

    let summary_spec = ChartSpec::Synastry { i: InputSpec::of(&input1), o: InputSpec::of(&input2) };
    let summary = summary_link(&app, &headers, &caller, HoroscopeType::Synastry, summary_spec, &options)?;
    let data = SynastryData {
        summary,
        aspects1to2: aspects_body(&aspects1to2, readable, synastry_texts.as_ref()),
        aspects2to1: aspects_body(&aspects2to1, readable, synastry_texts.as_ref()),
        points1: points_body(&chart1.points, readable, natal_texts.as_ref()),
        points2: points_body(&chart2.points, readable, natal_texts.as_ref()),
        charts: BTreeMap::from([
            ("person1", person_link(&app, (&headers, &caller), 1, (input1.clone(), input2.clone()), &options)?),
            ("person2", person_link(&app, (&headers, &caller), 2, (input2, input1), &options)?),
        ]),
    };
    Ok(meta.finish(Document::new(data), &options))
}

/// The two births of a two-person request (`dateTime1`, `location1`,
/// `dateTime2`, `location2`), each field's problem at its pointer.
pub struct TwoBirths {
    pub place1: Place,
    pub place2: Place,
    instant1: Option<ResolvedInstant>,
    instant2: Option<ResolvedInstant>,
}

impl TwoBirths {
    pub fn parse(app: &AppState, first: (&str, &LocationBody), second: (&str, &LocationBody), problems: &mut Problems) -> Self {
        let place1 = parse_location(first.1, "/location1", problems);
        let place2 = parse_location(second.1, "/location2", problems);
        let instant1 = parse_instant(first.0, place1.zone.as_ref(), &app.ephemeris, "/dateTime1", problems);
        let instant2 = parse_instant(second.0, place2.zone.as_ref(), &app.ephemeris, "/dateTime2", problems);
        Self { place1, place2, instant1, instant2 }
    }

    /// See [`chiron_date`].
    pub fn chiron_date(&self, app: &AppState) -> Option<JulianDay> {
        chiron_date(app, self.instant1, self.instant2)
    }

    /// Both instants, once the request's problems are answered.
    pub fn instants(&self) -> ApiResult<(ResolvedInstant, ResolvedInstant)> {
        match (self.instant1, self.instant2) {
            (Some(instant1), Some(instant2)) => Ok((instant1, instant2)),
            _ => Err(ApiError::invalid_field("/dateTime1", "the birth moments could not be placed in time")),
        }
    }
}

/// One person of a synastry, placed in time and space.
pub struct Person<'a> {
    pub instant: ResolvedInstant,
    pub place: &'a Place,
    /// Where a refusal of this person's date points.
    pub date_pointer: &'a str,
}

impl Person<'_> {
    /// This person's natal chart input with the synastry's options.
    pub fn chart_input(&self, options: &CommonOptions) -> ChartInput {
        ChartInput {
            instant: self.instant.julian_day_ut(),
            latitude: self.place.latitude,
            longitude: self.place.longitude,
            house_system: options.house_system,
            moon_center: MoonCenter::default(),
            points: options.points.clone(),
            orbs: options.orbs.clone(),
            frame: options.frame,
        }
    }
}

/// Both natal charts and the aspects between them in both directions.
pub struct Synastry {
    pub chart1: NatalChart,
    pub chart2: NatalChart,
    /// Person 1's points leading, person 2's chart held still.
    pub aspects1to2: Vec<Aspect<PointId>>,
    /// The mirror: person 2's points leading.
    pub aspects2to1: Vec<Aspect<PointId>>,
}

/// The date that decides whether Chiron joins the default points: it does
/// only when both dates are in its range (so the date out of range, if any).
pub fn chiron_date(app: &AppState, instant1: Option<ResolvedInstant>, instant2: Option<ResolvedInstant>) -> Option<JulianDay> {
    match (instant1, instant2) {
        (Some(a), Some(_)) if !app.ephemeris.chiron_available_at(a.julian_day_ut()) => Some(a.julian_day_ut()),
        (Some(_), Some(b)) => Some(b.julian_day_ut()),
        _ => None,
    }
}

/// The synastry of two people with the same options for both charts. Every
/// synastry answer (the current one and the legacy one) is drawn from this.
pub fn compute_synastry(app: &AppState, person1: &Person, person2: &Person, options: &CommonOptions) -> ApiResult<Synastry> {
    let chart = |person: &Person| {
        NatalChart::compute(&app.ephemeris, &person.chart_input(options)).map_err(|e| ephemeris_error(e, person.date_pointer))
    };
    let chart1 = chart(person1)?;
    let chart2 = chart(person2)?;
    let aspects1to2 = inter_aspects(&chart1, &chart2, options);
    let aspects2to1 = inter_aspects(&chart2, &chart1, options);
    Ok(Synastry { chart1, chart2, aspects1to2, aspects2to1 })
}

/// `leading`'s points against `other`'s, the other chart held still.
fn inter_aspects(leading: &NatalChart, other: &NatalChart, options: &CommonOptions) -> Vec<Aspect<PointId>> {
    let still: Vec<Placement<PointId>> = other.placements().into_iter().map(|p| Placement { speed: 0.0, ..p }).collect();
    aspects_across(&leading.placements(), &still, &options.orbs)
}

/// Person `person`'s link: their chart inside, the other's outside.
fn person_link(
    app: &AppState,
    (headers, caller): (&HeaderMap, &Caller),
    person: u8,
    (own, other): (ChartInput, ChartInput),
    options: &CommonOptions,
) -> ApiResult<NamedChartLink> {
    let spec = ChartSpec::Synastry { i: InputSpec::of(&own), o: InputSpec::of(&other) };
    Ok(LinkText::Person(person).link(options.language, chart_image_link(app, headers, caller, spec, options)?))
}
