//! The calc family: chart calculations.

mod answer;
mod astrocartography;
pub mod chart_image;
mod chinese_forecast;
mod composite;
mod drawn;
mod events;
mod extras;
mod firdaria;
mod harmonic;
mod legacy_synastry;
mod links;
mod moon_sun;
mod natal;
mod places;
mod primary_directions;
mod profections;
mod progressions;
mod relocation;
mod request;
mod returns;
mod signed;
mod solar_arc;
pub mod summary;
mod synastry;
mod texts;
mod transit;
mod two_births;

/// The bodies and queries the routes parse, for another front door that
/// describes them (the MCP server's tool schemas are these types').
pub mod bodies {
    pub use crate::astrocartography::AstrocartographyRequest;
    pub use crate::chinese_forecast::ForecastRequest;
    pub use crate::composite::CompositeRequest;
    pub use crate::events::EventsRequest;
    pub use crate::firdaria::FirdariaRequest;
    pub use crate::harmonic::HarmonicRequest;
    pub use crate::moon_sun::MoonSunRequest;
    pub use crate::natal::NatalRequest;
    pub use crate::places::PlaceSearch;
    pub use crate::primary_directions::PrimaryDirectionsRequest;
    pub use crate::profections::ProfectionsRequest;
    pub use crate::progressions::ProgressionsRequest;
    pub use crate::relocation::RelocationRequest;
    pub use crate::returns::{LunarReturnRequest, SolarReturnRequest};
    pub use crate::solar_arc::SolarArcRequest;
    pub use crate::synastry::SynastryRequest;
    pub use crate::transit::TransitRequest;
}

use axum::Router;
use axum::http::Method;
use axum::routing::{get, post};
use shared::auth::{KeyPermission, Module};
use shared::content::HoroscopeType;
use shared::http::{AppState, Route, router_from};

/// The route table: what this Lambda serves (and `template.yaml` routes to it).
pub fn routes() -> Vec<Route> {
    let mut routes = vec![
        Route::new(Method::GET, "/health", None, get(shared::http::health::health)),
        Route::new(Method::POST, "/api/calc/natal", Some(KeyPermission::CalcRead), post(natal::calculate_natal)),
        Route::new(Method::POST, "/api/calc/progressions", Some(KeyPermission::CalcRead), post(progressions::calculate_progressions)),
        Route::new(Method::POST, "/api/calc/solar-return", Some(KeyPermission::CalcRead), post(returns::calculate_solar_return)),
        Route::new(Method::POST, "/api/calc/lunar-return", Some(KeyPermission::CalcRead), post(returns::calculate_lunar_return)),
        Route::new(Method::POST, "/api/calc/synastry", Some(KeyPermission::CalcRead), post(synastry::calculate_synastry)),
        Route::new(Method::POST, "/api/calc/events", Some(KeyPermission::CalcRead), post(events::calculate_events)),
        Route::new(Method::POST, "/api/calc/composite", Some(KeyPermission::CalcRead), post(composite::calculate_composite)),
        Route::new(Method::POST, "/api/calc/moon-sun", Some(KeyPermission::CalcRead), post(moon_sun::moon_and_sun)),
        Route::new(Method::POST, "/api/calc/transit", Some(KeyPermission::CalcRead), post(transit::calculate_transit)),
        Route::new(Method::POST, "/api/calc/solar-arc", Some(KeyPermission::CalcRead), post(solar_arc::calculate_solar_arc)),
        Route::new(Method::POST, "/api/calc/profections", Some(KeyPermission::CalcRead), post(profections::calculate_profections)),
        Route::new(Method::POST, "/api/calc/firdaria", Some(KeyPermission::CalcRead), post(firdaria::calculate_firdaria)),
        Route::new(Method::POST, "/api/calc/harmonic", Some(KeyPermission::CalcRead), post(harmonic::calculate_harmonic)),
        Route::new(
            Method::POST,
            "/api/calc/primary-directions",
            Some(KeyPermission::CalcRead),
            post(primary_directions::calculate_primary_directions),
        ),
        Route::new(
            Method::POST,
            "/api/calc/astrocartography",
            Some(KeyPermission::CalcRead),
            post(astrocartography::calculate_astrocartography),
        ),
        Route::new(Method::POST, "/api/calc/relocation", Some(KeyPermission::CalcRead), post(relocation::calculate_relocation)),
        Route::new(Method::POST, "/api/calc/chinese-forecast", Some(KeyPermission::CalcRead), post(chinese_forecast::chinese_forecast))
            .in_module(Module::Chinese),
        Route::new(Method::GET, "/api/places", Some(KeyPermission::CalcRead), get(places::search_places)),
        Route::new(Method::POST, "/api/legacy/synastry", Some(KeyPermission::CalcRead), post(legacy_synastry::legacy_synastry)),
        // Signed links: the key they were made with is checked for chart:read
        // on open; with ORIGIN_VERIFY_SECRET set, only CloudFront may ask.
        Route::new(Method::GET, shared::http::chart_link::SVG_PATH, None, get(chart_image::chart_svg)).behind_cdn(),
        Route::new(Method::GET, shared::http::chart_link::PNG_PATH, None, get(chart_image::chart_png)).behind_cdn(),
    ];
    // Summary links: their key is checked on open for calc:read, the
    // ai-summary module and the texts.
    routes.extend(
        HoroscopeType::ALL
            .into_iter()
            .filter_map(summary::link::path)
            .map(|path| Route::new(Method::GET, path, None, get(summary::summary)).behind_cdn()),
    );
    routes
}

pub fn router(state: &AppState) -> Router<AppState> {
    router_from(routes(), state)
}
