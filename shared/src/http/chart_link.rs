//! The signed chart image link: what its token carries and how it is
//! signed into the two image URLs. Shared: the calc family issues links
//! for keys, the widgets family for widgets, and the calc family's image
//! routes open both.
//!
//! The token (see `crate::signing`) carries the chart's resolved inputs
//! (Julian day, place, house system, points, orbs: the chart is recomputed
//! exactly, whatever defaults later change), the organization, the key or
//! the widget it was made for, the expiry and the style. Field names are
//! one or two letters so links stay short.

use crate::http::Code;
use axum::http::HeaderMap;
use serde::{Deserialize, Serialize};

use super::{ApiError, AppState, public_link};
use crate::astro::aspect::{AspectKind, Orbs};
use crate::astro::astrocartography::{MAP_POINTS, MapAngle, MapInput, MapMode};
use crate::astro::chart::{ChartInput, MoonCenter};
use crate::astro::frame::{Ayanamsa, Frame, Perspective, Zodiac};
use crate::astro::house::HouseSystem;
use crate::astro::point::PointId;
use crate::astro::time::JulianDay;
use crate::astro::vedic::{NodeKind, Varga, VedicInput};
use crate::render::VedicLayout;

pub const SVG_PATH: &str = "/api/chart/image.svg";
pub const PNG_PATH: &str = "/api/chart/image.png";

/// The claims of an image link.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct ImageClaims {
    /// The organization the link was made for (metered, checked on open).
    #[serde(rename = "o")]
    pub organization_id: String,
    /// The API key that made the link (checked on open: revoked, expired,
    /// domains).
    #[serde(rename = "k", default, skip_serializing_if = "Option::is_none")]
    pub key_id: Option<String>,
    /// The widget the link was made for (a widget's link names no key).
    #[serde(rename = "w", default, skip_serializing_if = "Option::is_none")]
    pub widget_id: Option<String>,
    /// Unix seconds.
    pub exp: i64,
    #[serde(rename = "c")]
    pub chart: ChartSpec,
    /// The widget `customization` the request carried, validated when issued.
    #[serde(rename = "s", default, skip_serializing_if = "Option::is_none")]
    pub customization: Option<serde_json::Value>,
    /// The language of the title, when not English.
    #[serde(rename = "l", default, skip_serializing_if = "Option::is_none")]
    pub language: Option<String>,
    /// Set on other links (a summary link's `u`): such a token is refused here.
    #[serde(rename = "u", default, skip_serializing_if = "Option::is_none")]
    pub purpose: Option<String>,
}

/// What the image draws.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(tag = "t")]
pub enum ChartSpec {
    /// One chart.
    #[serde(rename = "n")]
    Natal { i: InputSpec },
    /// Natal inside, progressed to `at` outside (`g`: the angles method).
    #[serde(rename = "p")]
    Progressed { i: InputSpec, at: f64, g: String },
    /// Natal inside, the return chart (`r`) outside; `k`: `s` solar, `l` lunar.
    #[serde(rename = "r")]
    Return { i: InputSpec, r: InputSpec, k: char },
    /// Person 1 inside, person 2 outside.
    #[serde(rename = "s")]
    Synastry { i: InputSpec, o: InputSpec },
    /// The relationship chart of two births (`m`: `m` midpoint composite,
    /// `d` Davison), drawn as one wheel.
    #[serde(rename = "c")]
    Composite { i: InputSpec, o: InputSpec, m: char },
    /// The `n`-th harmonic chart of one birth, drawn as one wheel.
    #[serde(rename = "h")]
    Harmonic { i: InputSpec, n: u16 },
    /// A Vedic chart (one varga) as a North or South Indian diagram.
    #[serde(rename = "v")]
    Vedic { i: VedicSpec },
    /// The astrocartography world map of one birth.
    #[serde(rename = "m")]
    Map { i: MapSpec },
    /// Natal inside, the transiting points `x` at `at` outside. A summary
    /// link also carries the period's end `e` (its transits run from `at`).
    #[serde(rename = "x")]
    Transit {
        i: InputSpec,
        at: f64,
        x: Vec<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        e: Option<f64>,
    },
}

/// A chart's resolved input.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct InputSpec {
    /// Julian day (UT).
    pub jd: f64,
    pub la: f64,
    pub lo: f64,
    /// House system id.
    pub h: String,
    /// Geocentric Moon (topocentric when absent).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub g: bool,
    /// Point ids.
    pub p: Vec<String>,
    /// Orbs as `[aspect, degrees]`; absent for the default orbs.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub a: Option<Vec<(String, f64)>>,
    /// Sidereal zodiac: the ayanamsa id; absent for the tropical zodiac
    /// (links made before the option existed stay valid).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub z: Option<String>,
    /// Perspective id; absent for geocentric.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub v: Option<String>,
}

impl InputSpec {
    pub fn of(input: &ChartInput) -> Self {
        Self {
            jd: input.instant.0,
            la: input.latitude,
            lo: input.longitude,
            h: input.house_system.id().to_owned(),
            g: input.moon_center == MoonCenter::Geocentric,
            p: input.points.iter().map(|p| p.id().to_owned()).collect(),
            a: (input.orbs != Orbs::default()).then(|| input.orbs.entries().iter().map(|(k, o)| (k.id().to_owned(), *o)).collect()),
            z: input.frame.zodiac.ayanamsa().map(|a| a.id().to_owned()),
            v: (input.frame.perspective != Perspective::Geocentric).then(|| input.frame.perspective.id().to_owned()),
        }
    }

    /// The input back; a token is signed, so a bad field means a link from
    /// an incompatible server version: refused as an invalid link.
    pub fn input(&self) -> Result<ChartInput, ApiError> {
        let house_system = HouseSystem::parse(&self.h).ok_or_else(invalid_content)?;
        let points = points(&self.p)?;
        let orbs = match &self.a {
            None => Orbs::default(),
            Some(entries) => Orbs::from_client(
                entries.iter().map(|(kind, orb)| AspectKind::parse(kind).map(|k| (k, *orb)).ok_or_else(invalid_content)).collect::<Result<
                    Vec<_>,
                    _,
                >>(
                )?,
            ),
        };
        let zodiac = match &self.z {
            None => Zodiac::Tropical,
            Some(id) => Zodiac::Sidereal(Ayanamsa::parse(id).ok_or_else(invalid_content)?),
        };
        let perspective = match &self.v {
            None => Perspective::Geocentric,
            Some(id) => Perspective::parse(id).ok_or_else(invalid_content)?,
        };
        Ok(ChartInput {
            frame: Frame { zodiac, perspective },
            instant: JulianDay(self.jd),
            latitude: self.la,
            longitude: self.lo,
            house_system,
            moon_center: if self.g { MoonCenter::Geocentric } else { MoonCenter::Topocentric },
            points,
            orbs,
        })
    }
}

/// A Vedic chart's resolved input, the varga and the diagram drawn.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct VedicSpec {
    /// Julian day (UT).
    pub jd: f64,
    pub la: f64,
    pub lo: f64,
    /// The ayanamsa id.
    pub ay: String,
    /// Rahu the true node (the mean node when absent).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub tn: bool,
    /// The varga id (`D1`, `D9`, …).
    pub d: String,
    /// `north` or `south`.
    pub l: String,
}

impl VedicSpec {
    pub fn of(input: &VedicInput, varga: Varga, layout: VedicLayout) -> Self {
        Self {
            jd: input.instant.0,
            la: input.latitude,
            lo: input.longitude,
            ay: input.ayanamsa.id().to_owned(),
            tn: input.node == NodeKind::True,
            d: varga.id(),
            l: layout.id().to_owned(),
        }
    }

    /// The chart's input (with only the varga drawn), the varga and the
    /// layout; refused as an invalid link when not understood.
    pub fn input(&self) -> Result<(VedicInput, Varga, VedicLayout), ApiError> {
        let ayanamsa = Ayanamsa::parse(&self.ay).ok_or_else(invalid_content)?;
        let varga = Varga::parse(&self.d).ok_or_else(invalid_content)?;
        let layout = VedicLayout::parse(&self.l).ok_or_else(invalid_content)?;
        let input = VedicInput {
            instant: JulianDay(self.jd),
            latitude: self.la,
            longitude: self.lo,
            ayanamsa,
            node: if self.tn { NodeKind::True } else { NodeKind::Mean },
            vargas: vec![varga],
        };
        Ok((input, varga, layout))
    }
}

/// An astrocartography map's resolved input and the birth place marked.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct MapSpec {
    /// Julian day (UT).
    pub jd: f64,
    pub la: f64,
    pub lo: f64,
    /// Point ids.
    pub p: Vec<String>,
    /// Angle ids.
    pub a: Vec<String>,
    /// Zodiacal lines (mundo when absent).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub z: bool,
    /// The local space lines drawn too.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub ls: bool,
}

impl MapSpec {
    pub fn of(input: &MapInput, latitude: f64, longitude: f64, local_space: bool) -> Self {
        Self {
            jd: input.instant.0,
            la: latitude,
            lo: longitude,
            p: input.points.iter().map(|p| p.id().to_owned()).collect(),
            a: input.angles.iter().map(|a| a.id().to_owned()).collect(),
            z: input.mode == MapMode::Zodiacal,
            ls: local_space,
        }
    }

    /// The lines' input; refused as an invalid link when not understood.
    pub fn input(&self) -> Result<MapInput, ApiError> {
        let angles = self.a.iter().map(|id| MapAngle::parse(id).ok_or_else(invalid_content)).collect::<Result<_, _>>()?;
        let points = points(&self.p)?;
        if points.iter().any(|p| !MAP_POINTS.contains(p)) {
            return Err(invalid_content());
        }
        Ok(MapInput { instant: JulianDay(self.jd), points, angles, mode: if self.z { MapMode::Zodiacal } else { MapMode::Mundo } })
    }
}

pub fn points(ids: &[String]) -> Result<Vec<PointId>, ApiError> {
    ids.iter().map(|id| PointId::parse(id).ok_or_else(invalid_content)).collect()
}

pub fn invalid_content() -> ApiError {
    ApiError::coded(Code::InvalidLink, "the link's content is not understood by this server")
}

/// The two URLs of one chart image.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ImageLinks {
    /// The SVG image.
    pub url: String,
    /// The same image as PNG.
    pub png_url: String,
}

/// Signs `claims` into the image's two URLs (through CloudFront when
/// configured, each URL signed for its own path until the token's expiry).
pub fn sign(app: &AppState, headers: &HeaderMap, claims: &ImageClaims) -> Result<ImageLinks, ApiError> {
    let token = app.signer.sign(claims).map_err(ApiError::internal)?;
    let link = |path: &str| public_link(app, headers, &format!("{path}?token={token}"), claims.exp);
    Ok(ImageLinks { url: link(SVG_PATH), png_url: link(PNG_PATH) })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_map_link_with_a_point_that_has_no_place_in_the_sky_is_not_understood() {
        let spec = |p: &[&str], a: &[&str]| MapSpec {
            jd: 2_448_023.02,
            la: 41.9,
            lo: 12.5,
            p: p.iter().map(|s| s.to_string()).collect(),
            a: a.iter().map(|s| s.to_string()).collect(),
            z: false,
            ls: false,
        };
        assert!(spec(&["sun", "chiron"], &["mc"]).input().is_ok());
        for (p, a) in [(&["vertex"][..], &["mc"][..]), (&["part_of_fortune"], &["mc"]), (&["sun"], &["zenith"]), (&["pluto_x"], &["mc"])] {
            assert!(spec(p, a).input().is_err(), "{p:?} {a:?}");
        }
    }
}
