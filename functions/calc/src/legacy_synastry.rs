//! POST /api/legacy/synastry: a synastry in the older request format (flat
//! `name1`, `date1`, `time1`, `timezone1`, `latitude1`, `longitude1`, the
//! same for person 2, and `lang`) answered in the older flat response format
//! as plain `application/json`.
//!
//! Only the wire shapes are the old ones: the charts and aspects come from
//! the same `compute_synastry` as `/api/calc/synastry` with its default
//! options (Placidus, default points and orbs), and `aspects` is exactly its
//! `aspects1to2`.

use axum::Json;
use axum::extract::State;
use serde::{Deserialize, Serialize};
use shared::astro::aspect::Aspect;
use shared::astro::chart::PointPlacement;
use shared::astro::point::PointId;
use shared::astro::time::{ResolvedInstant, format_local};
use shared::http::{ApiError, ApiJson, ApiResult, AppState};
use shared::language::Language;

use crate::answer::ChartMeta;
use crate::request::{
    CommonOptionsBody, PlacePointers, Problems, parse_common, parse_date_and_time, parse_language, parse_place, too_long,
};
use crate::synastry::{Synastry, compute_synastry};
use crate::two_births::{Person, chiron_date};

/// The older request. Unknown members are refused (422 pointing at them), as
/// on every current endpoint, so a misspelt `timezone_1` never silently
/// becomes a default.
/// The longest `name1` and `name2`, in characters.
const MAX_NAME_CHARS: usize = 100;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LegacySynastryRequest {
    name1: Option<String>,
    date1: String,
    time1: String,
    timezone1: String,
    latitude1: f64,
    longitude1: f64,
    name2: Option<String>,
    date2: String,
    time2: String,
    timezone2: String,
    latitude2: f64,
    longitude2: f64,
    lang: Option<String>,
}

#[derive(Debug, Serialize)]
pub struct LegacySynastry {
    person1: LegacyPerson,
    person2: LegacyPerson,
    /// Person 1's point as `point1`, person 2's as `point2`; `applying` follows
    /// person 1's motion against person 2's chart held still.
    aspects: Vec<LegacyAspect>,
    lang: &'static str,
    /// Diagnostics in English (a repeated local hour, a replaced house system,
    /// the Moshier ephemeris), as `meta.warnings` elsewhere.
    warnings: Vec<String>,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct LegacyPerson {
    /// As sent; `null` when left out.
    name: Option<String>,
    /// The birth moment with the offset in force then.
    date_time: String,
    positions: Vec<LegacyPosition>,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct LegacyPosition {
    point: &'static str,
    point_name: &'static str,
    sign: &'static str,
    sign_name: &'static str,
    longitude: f64,
    degrees_in_sign: f64,
    retrograde: bool,
    house: u8,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct LegacyAspect {
    point1: &'static str,
    point1_name: &'static str,
    point2: &'static str,
    point2_name: &'static str,
    aspect: &'static str,
    aspect_name: &'static str,
    /// The aspect's exact angle (120 for a trine).
    angle: f64,
    /// The actual angular distance between the two points.
    separation: f64,
    orb: f64,
    applying: bool,
}

#[tracing::instrument(name = "legacy_synastry", skip_all)]
pub async fn legacy_synastry(
    State(app): State<AppState>,
    ApiJson(body): ApiJson<LegacySynastryRequest>,
) -> ApiResult<Json<LegacySynastry>> {
    let mut problems = Problems::default();
    let place1 = parse_place(
        body.latitude1,
        body.longitude1,
        &body.timezone1,
        &PlacePointers { latitude: "/latitude1", longitude: "/longitude1", timezone: "/timezone1" },
        &mut problems,
    );
    let place2 = parse_place(
        body.latitude2,
        body.longitude2,
        &body.timezone2,
        &PlacePointers { latitude: "/latitude2", longitude: "/longitude2", timezone: "/timezone2" },
        &mut problems,
    );
    let instant1 = parse_date_and_time(&body.date1, &body.time1, place1.zone.as_ref(), &app.ephemeris, ("/date1", "/time1"), &mut problems);
    let instant2 = parse_date_and_time(&body.date2, &body.time2, place2.zone.as_ref(), &app.ephemeris, ("/date2", "/time2"), &mut problems);
    let language = parse_language(body.lang.as_deref(), "/lang", &mut problems);
    // Names are shown back in the answer: as long as a name, no longer.
    for (pointer, name) in [("/name1", &body.name1), ("/name2", &body.name2)] {
        if let Some(detail) = name.as_deref().and_then(|name| too_long(name, MAX_NAME_CHARS)) {
            problems.add(pointer, detail);
        }
    }
    // The current endpoint's defaults: no option of the old format changes them.
    let options =
        parse_common(&CommonOptionsBody::default(), &app.ephemeris, chiron_date(&app.ephemeris, instant1, instant2), &mut problems);
    problems.into_result()?;
    let (Some(instant1), Some(instant2)) = (instant1, instant2) else {
        return Err(ApiError::invalid_field("/date1", "the birth moments could not be placed in time"));
    };
    let Synastry { chart1, chart2, aspects1to2, .. } = compute_synastry(
        &app.ephemeris,
        &Person { instant: instant1, place: place1, date_pointer: "/date1" },
        &Person { instant: instant2, place: place2, date_pointer: "/date2" },
        &options,
    )?;

    let mut meta = ChartMeta::new();
    meta.add_chart(&chart1);
    meta.add_chart(&chart2);
    meta.add_instant(&format!("{}T{}", body.date1, body.time1), &instant1);
    meta.add_instant(&format!("{}T{}", body.date2, body.time2), &instant2);

    Ok(Json(LegacySynastry {
        person1: LegacyPerson::of(body.name1, &instant1, &chart1.points, language),
        person2: LegacyPerson::of(body.name2, &instant2, &chart2.points, language),
        aspects: aspects1to2.iter().map(|a| LegacyAspect::of(a, language)).collect(),
        lang: language.code(),
        warnings: meta.warnings,
    }))
}

impl LegacyPerson {
    fn of(name: Option<String>, instant: &ResolvedInstant, points: &[PointPlacement], language: Language) -> Self {
        let positions = points
            .iter()
            .map(|p| LegacyPosition {
                point: p.point.id(),
                point_name: language.point_name(p.point),
                sign: p.zodiac.sign.id(),
                sign_name: language.sign_name(p.zodiac.sign),
                longitude: p.position.longitude,
                degrees_in_sign: p.zodiac.degrees_in_sign,
                retrograde: p.retrograde,
                house: p.house,
            })
            .collect();
        Self { name, date_time: format_local(instant.local()), positions }
    }
}

impl LegacyAspect {
    fn of(aspect: &Aspect<PointId>, language: Language) -> Self {
        Self {
            point1: aspect.point_a.id(),
            point1_name: language.point_name(aspect.point_a),
            point2: aspect.point_b.id(),
            point2_name: language.point_name(aspect.point_b),
            aspect: aspect.kind.id(),
            aspect_name: language.aspect_name(aspect.kind),
            angle: aspect.kind.angle(),
            separation: aspect.separation,
            orb: aspect.orb,
            applying: aspect.applying,
        }
    }
}
