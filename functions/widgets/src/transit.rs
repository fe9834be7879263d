//! POST /api/widget-api/transit/{widgetId}: a transit chart through an
//! embedded widget, called from a visitor's browser without a key (who may,
//! and at what cost: `shared::http::widget_access`).
//!
//! Request (camelCase, unknown members refused, each bad field a 422 at its
//! pointer): `birthData` {`dateTime` (local civil time, `YYYY-MM-DDTHH:MM`),
//! `latitude`, `longitude`, `timezone` (IANA), `placeName` (optional, at
//! most 200 characters, echoed)}, `transitDateTime` (optional, default now;
//! local civil time in `transitTimezone`), `transitTimezone` (optional,
//! default the birth zone).
//!
//! The answer is the calc family's transit chart at one moment: the natal
//! chart (its default points, Placidus, topocentric Moon), the ten planets
//! at the transit moment (geocentric) in the natal houses, their aspects to
//! the natal points, ascendant and midheaven within the calc family's
//! transit orbs (1° for the five major aspects), tightest first, and a
//! signed chart image link styled with the widget's `customization`. Names
//! are in the widget's `customization.language` (default English), and its
//! `labels` (point, sign, angle or aspect id → name) replace them.

use axum::Extension;
use axum::extract::{Path, State};
use axum::http::HeaderMap;
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use shared::astro::Ephemeris;
use shared::astro::aspect::{Aspect, AspectKind};
use shared::astro::chart::transit::{NatalTarget, TransitMoment, default_transit_orbs, transits_at};
use shared::astro::chart::{ChartInput, PointPlacement};
use shared::astro::ephemeris::EphemerisError;
use shared::astro::house::HouseSystem;
use shared::astro::point::{AngleId, PointId};
use shared::astro::time::{ResolvedInstant, TimeZoneSpec, format_local, format_utc};
use shared::astro::zodiac::{Sign, ZodiacPosition};
use shared::http::chart_link::{self, ChartSpec, ImageClaims, ImageLinks, InputSpec};
use shared::http::fields::{PlacePointers, Problems, parse_instant, parse_place};
use shared::http::widget_access::{ClientAddress, SiteRule, WidgetLookup, admit_widget};
use shared::http::{ApiError, ApiJson, AppState, Document, RequestedVersion, Versioned};
use shared::language::Language;
use shared::metering::Usage;

const PLACE_NAME_MAX: usize = 200;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct WidgetTransitBody {
    birth_data: BirthData,
    transit_date_time: Option<String>,
    transit_timezone: Option<String>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
struct BirthData {
    date_time: String,
    latitude: f64,
    longitude: f64,
    timezone: String,
    place_name: Option<String>,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct WidgetTransitData {
    widget_id: String,
    language: &'static str,
    birth: BirthBody,
    transit: MomentBody,
    natal: NatalBody,
    transits: Vec<PointBody>,
    aspects: Vec<AspectBody>,
    /// The wheel: natal inside, the transiting planets outside.
    chart: ImageLinks,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct BirthBody {
    date_time: String,
    utc_date_time: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    place_name: Option<String>,
    latitude: f64,
    longitude: f64,
    timezone: String,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct MomentBody {
    date_time: String,
    utc_date_time: String,
    timezone: String,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct NatalBody {
    points: Vec<PointBody>,
    angles: Vec<Placed>,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct PointBody {
    #[serde(flatten)]
    place: Placed,
    /// The natal house (for a transiting point: the natal house it crosses).
    house: u8,
    retrograde: bool,
}

/// A point or angle and where it stands in the zodiac.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct Placed {
    point_id: &'static str,
    name: String,
    longitude: f64,
    sign: &'static str,
    sign_name: String,
    degrees_in_sign: f64,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct AspectBody {
    transit_point_id: &'static str,
    transit_point_name: String,
    aspect: &'static str,
    aspect_name: String,
    natal_point_id: &'static str,
    natal_point_name: String,
    orb: f64,
    applying: bool,
}

/// Names in the widget's language, its `labels` first.
struct Namer<'a> {
    language: Language,
    labels: Option<&'a serde_json::Map<String, Value>>,
}

impl Namer<'_> {
    fn name(&self, id: &str, fallback: &'static str) -> String {
        self.labels.and_then(|labels| labels.get(id)).and_then(Value::as_str).unwrap_or(fallback).to_owned()
    }
    fn point(&self, point: PointId) -> String {
        self.name(point.id(), self.language.point_name(point))
    }
    fn angle(&self, angle: AngleId) -> String {
        self.name(angle.id(), self.language.angle_name(angle))
    }
    fn sign(&self, sign: Sign) -> String {
        self.name(sign.id(), self.language.sign_name(sign))
    }
    fn aspect(&self, kind: AspectKind) -> String {
        self.name(kind.id(), self.language.aspect_name(kind))
    }
    fn target(&self, target: NatalTarget) -> String {
        match target {
            NatalTarget::Point(point) => self.point(point),
            NatalTarget::Angle(angle) => self.angle(angle),
        }
    }
}

/// The parsed request.
struct Request {
    natal: ChartInput,
    birth: ResolvedInstant,
    birth_zone: TimeZoneSpec,
    transit: ResolvedInstant,
    transit_zone: TimeZoneSpec,
}

fn parse(body: &WidgetTransitBody, ephemeris: &Ephemeris) -> Result<Request, ApiError> {
    let mut problems = Problems::default();
    let birth = &body.birth_data;
    let pointers = PlacePointers { latitude: "/birthData/latitude", longitude: "/birthData/longitude", timezone: "/birthData/timezone" };
    let place = parse_place(birth.latitude, birth.longitude, &birth.timezone, &pointers, &mut problems);
    if birth.place_name.as_ref().is_some_and(|name| name.chars().count() > PLACE_NAME_MAX || name.chars().any(char::is_control)) {
        problems.add("/birthData/placeName", format!("placeName is at most {PLACE_NAME_MAX} characters, without control characters"));
    }
    let born = parse_instant(&birth.date_time, place.zone.as_ref(), ephemeris, "/birthData/dateTime", &mut problems);
    let transit_zone = match &body.transit_timezone {
        None => place.zone,
        Some(name) => match TimeZoneSpec::parse(name) {
            Ok(zone) => Some(zone),
            Err(error) => {
                problems.add("/transitTimezone", error.to_string());
                None
            }
        },
    };
    let transit = match (&body.transit_date_time, transit_zone) {
        (Some(text), zone) => parse_instant(text, zone.as_ref(), ephemeris, "/transitDateTime", &mut problems),
        (None, Some(zone)) => {
            let now = chrono::Utc::now();
            Some(ResolvedInstant { utc: now, offset: zone.offset_at(now), ambiguity: None })
        }
        (None, None) => None,
    };
    problems.into_result()?;
    let (Some(born), Some(birth_zone), Some(transit), Some(transit_zone)) = (born, place.zone, transit, transit_zone) else {
        // Every None above added a problem.
        return Err(ApiError::internal("widget transit request parsed without its instants"));
    };
    let instant = born.julian_day_ut();
    let natal = ChartInput {
        orbs: default_transit_orbs(),
        ..ChartInput::with_defaults(ephemeris, instant, place.latitude, place.longitude, HouseSystem::Placidus)
    };
    Ok(Request { natal, birth: born, birth_zone, transit, transit_zone })
}

fn ephemeris_error(error: EphemerisError) -> ApiError {
    match error {
        EphemerisError::OutOfRange => ApiError::invalid_field("/transitDateTime", error.to_string()),
        other => ApiError::internal(other),
    }
}

#[tracing::instrument(name = "widget_transit", skip_all)]
pub async fn widget_transit(
    State(app): State<AppState>,
    Path(widget_id): Path<String>,
    requested: RequestedVersion,
    client: ClientAddress,
    read: Option<Extension<WidgetLookup>>,
    headers: HeaderMap,
    ApiJson(body): ApiJson<WidgetTransitBody>,
) -> Result<Response, ApiError> {
    let visitor = admit_widget(&app, &widget_id, read.map(|Extension(read)| read), &headers, client, SiteRule::Page).await?;
    let version = requested.resolve(visitor.organization.api_version.as_deref());
    let request = parse(&body, &app.ephemeris)?;
    visitor.charge(&app, Usage::Request).await?;

    let at = request.transit.julian_day_ut();
    let moment =
        transits_at(&app.ephemeris, &request.natal, at, PointId::PLANETS.to_vec(), &request.natal.orbs).map_err(ephemeris_error)?;
    let customization = &visitor.widget.customization;
    let language = customization.get("language").and_then(Value::as_str).and_then(Language::parse).unwrap_or(Language::En);
    let namer = Namer { language, labels: customization.get("labels").and_then(Value::as_object) };

    let claims = ImageClaims {
        organization_id: visitor.organization.id.clone(),
        key_id: None,
        widget_id: Some(visitor.widget.id.clone()),
        exp: shared::signing::link_expiry(chrono::Utc::now().timestamp(), app.config.chart_link_ttl_seconds),
        chart: ChartSpec::Transit {
            i: InputSpec::of(&request.natal),
            at: at.0,
            x: moment.transiting.points.iter().map(|p| p.point.id().to_owned()).collect(),
            e: None,
        },
        customization: customization.as_object().filter(|c| !c.is_empty()).map(|c| Value::Object(c.clone())),
        language: (language != Language::En).then(|| language.code().to_owned()),
        purpose: None,
    };
    let chart = chart_link::sign(&app, &headers, &claims)?;
    let data = answer(&visitor.widget.id, &body, &request, &moment, &namer, chart);
    Ok(Versioned(version, Document::new(data)).into_response())
}

fn answer(
    widget_id: &str,
    body: &WidgetTransitBody,
    request: &Request,
    moment: &TransitMoment,
    namer: &Namer,
    chart: ImageLinks,
) -> WidgetTransitData {
    let placed = |point_id: &'static str, name: String, longitude: f64| {
        let zodiac = ZodiacPosition::of(longitude);
        Placed {
            point_id,
            name,
            longitude,
            sign: zodiac.sign.id(),
            sign_name: namer.sign(zodiac.sign),
            degrees_in_sign: zodiac.degrees_in_sign,
        }
    };
    let point = |p: &PointPlacement| PointBody {
        place: placed(p.point.id(), namer.point(p.point), p.position.longitude),
        house: p.house,
        retrograde: p.retrograde,
    };
    let angle = |(id, longitude): &(AngleId, f64)| placed(id.id(), namer.angle(*id), *longitude);
    let aspect = |a: &Aspect<NatalTarget>| AspectBody {
        transit_point_id: a.point_a.id(),
        transit_point_name: namer.target(a.point_a),
        aspect: a.kind.id(),
        aspect_name: namer.aspect(a.kind),
        natal_point_id: a.point_b.id(),
        natal_point_name: namer.target(a.point_b),
        orb: a.orb,
        applying: a.applying,
    };
    WidgetTransitData {
        widget_id: widget_id.to_owned(),
        language: namer.language.code(),
        birth: BirthBody {
            date_time: format_local(request.birth.local()),
            utc_date_time: format_utc(request.birth.utc),
            place_name: body.birth_data.place_name.clone(),
            latitude: request.natal.latitude,
            longitude: request.natal.longitude,
            timezone: request.birth_zone.name(),
        },
        transit: MomentBody {
            date_time: format_local(request.transit.local()),
            utc_date_time: format_utc(request.transit.utc),
            timezone: request.transit_zone.name(),
        },
        natal: NatalBody {
            points: moment.natal.points.iter().map(point).collect(),
            angles: moment.natal.angles.iter().map(angle).collect(),
        },
        transits: moment.transiting.points.iter().map(point).collect(),
        aspects: moment.aspects.iter().map(aspect).collect(),
        chart,
    }
}
