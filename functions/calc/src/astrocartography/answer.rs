//! The astrocartography answer: the lines as a GeoJSON FeatureCollection
//! (RFC 7946), the bodies' places of date the lines come from, and `meta`
//! stating the conventions.

use serde::Serialize;
use serde_json::{Value, json};
use shared::astro::EphemerisSource;
use shared::astro::astrocartography::local_space::LocalSpaceLine;
use shared::astro::astrocartography::near::MeasuredLine;
use shared::astro::astrocartography::{Astrocartography, east_longitude};
use shared::astro::time::{format_local, format_utc};
use shared::http::Document;
use shared::http::chart_link::ImageLinks;
use shared::http::fields::city_json;

use super::input::AstrocartographyQuery;

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct AstrocartographyData {
    /// A GeoJSON FeatureCollection: one MultiLineString per point and angle.
    lines: Value,
    /// Each point's apparent place of date and its MC longitude.
    points: Vec<Value>,
    /// Greenwich apparent sidereal time at the birth, degrees.
    sidereal_time: f64,
    /// Signed links to the world map with the lines drawn (SVG and PNG).
    map: ImageLinks,
    /// With `localSpace`: each body's azimuth and altitude at the birth
    /// place and its great circle, a GeoJSON FeatureCollection.
    #[serde(skip_serializing_if = "Option::is_none")]
    local_space: Option<Value>,
}

fn feature(measured: &MeasuredLine, with_cities: bool) -> Value {
    let line = measured.line;
    let mut properties = json!({ "point": line.point.id(), "angle": line.angle.id() });
    if let Some(limit) = line.latitude_limit {
        properties["latitudeLimit"] = json!(limit);
    }
    if let Some(distance) = measured.distance {
        properties["distanceKm"] = json!(distance.distance_km);
        properties["nearestPoint"] = json!(distance.nearest);
    }
    if with_cities {
        properties["cities"] = measured
            .cities
            .iter()
            .map(|near| {
                let mut city = city_json(near.city);
                city["distanceKm"] = json!(near.distance_km);
                city
            })
            .collect();
    }
    json!({
        "type": "Feature",
        "properties": properties,
        "geometry": { "type": "MultiLineString", "coordinates": line.segments },
    })
}

fn local_space_feature(line: &LocalSpaceLine) -> Value {
    json!({
        "type": "Feature",
        "properties": { "point": line.point.id(), "azimuth": line.azimuth, "altitude": line.altitude },
        "geometry": { "type": "MultiLineString", "coordinates": line.segments },
    })
}

pub fn present(
    query: &AstrocartographyQuery,
    map: &Astrocartography,
    lines: &[MeasuredLine],
    local_space: Option<&[LocalSpaceLine]>,
    image: ImageLinks,
) -> Document<AstrocartographyData> {
    let points = map
        .places
        .iter()
        .map(|place| {
            json!({
                "point": place.point.id(),
                "longitude": place.longitude,
                "latitude": place.latitude,
                "rightAscension": place.right_ascension,
                "declination": place.declination,
                "mcLongitude": east_longitude(place.right_ascension - map.sidereal_degrees),
                // Where it rises and sets: between these latitudes.
                "risesWithin": 90.0 - place.declination.abs(),
            })
        })
        .collect();
    let data = AstrocartographyData {
        lines: json!({ "type": "FeatureCollection", "features": lines.iter().map(|line| feature(line, query.cities.is_some())).collect::<Vec<_>>() }),
        points,
        sidereal_time: map.sidereal_degrees,
        map: image,
        local_space: local_space
            .map(|lines| json!({ "type": "FeatureCollection", "features": lines.iter().map(local_space_feature).collect::<Vec<_>>() })),
    };
    let moshier = map.sources.contains(&EphemerisSource::Moshier);
    let mut document = Document::new(data)
        .with_meta("mode", query.input.mode.id())
        .with_meta(
            "positions",
            "geocentric, apparent, true equator and equinox of date (the Moon geocentric); mundo: the body's own right ascension and \
             declination; zodiacal: the ecliptic point at its longitude, latitude 0",
        )
        .with_meta("horizon", "geometric: the body's centre at true altitude 0 (no refraction, parallax or semi-diameter)")
        .with_meta(
            "lines",
            "MC longitude = RA − GAST, IC = MC + 180°; ASC = RA − H0 − GAST, DSC = RA + H0 − GAST with cos H0 = −tan φ·tan δ, only where \
             |φ| < 90° − |δ| (latitudeLimit, where ASC meets DSC); coordinates [longitude, latitude], east and north positive, sampled \
             every degree of latitude and more finely towards a line's ends, cut at the antimeridian (RFC 7946)",
        )
        .with_meta("obliquity", map.obliquity)
        .with_meta("localDateTime", format_local(query.birth.utc.with_timezone(&query.birth.offset)))
        .with_meta("utcDateTime", format_utc(query.birth.utc))
        .with_meta("julianDay", query.input.instant.0)
        .with_meta("ephemeris", if moshier { "moshier" } else { "swiss_files" });
    if let Some(found) = &query.place.found {
        document = document.with_meta("location", found.describe(&query.place));
    }
    if let Some(near) = &query.near {
        let mut from = json!({ "latitude": near.place.latitude, "longitude": near.place.longitude, "radiusKm": near.measure.radius_km });
        if let Some(city) = near.place.found.and_then(|found| found.city) {
            from["place"] = city_json(city);
        }
        document = document.with_meta("near", from).with_meta(
            "distances",
            "great-circle, on a sphere of radius 6371.0 km, to the true line (an MC or IC line is half a meridian; an ASC or DSC line \
             half of the great circle 90° from the body's sub-point, its ends where ASC meets DSC); lines beyond radiusKm left out, the \
             nearest first",
        );
    }
    if local_space.is_some() {
        document = document.with_meta(
            "localSpace",
            "each body's azimuth (from north through east) and altitude at the birth place, from the same place of date as the lines \
             (geocentric, no refraction or parallax); its line is the great circle leaving the birth place on that azimuth, round the \
             whole Earth (sphere), sampled every degree of arc and cut at the antimeridian",
        );
    }
    if let Some(cities) = &query.cities {
        document = document.with_meta(
            "cities",
            json!({ "withinKm": cities.within_km, "limit": cities.limit, "source": "GeoNames cities of 15,000 people or more, most populous first" }),
        );
    }
    document
}
