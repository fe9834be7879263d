//! The pdf family: PDF reports (/api/pdf-reports/*).
//!
//! - [`report`]: what a report says (charts, tables, texts), pure;
//! - [`document`]: its pages, written as a PDF with printpdf;
//! - [`request`], [`generate`], [`download`]: the HTTP side.

pub mod document;
mod download;
pub mod generate;
pub mod report;
pub mod request;

use axum::Router;
use axum::http::Method;
use axum::routing::{get, post};
use shared::auth::{KeyPermission, Module};
use shared::http::{AppState, Route, router_from};

/// The route table: what this Lambda serves (and `template.yaml` routes to it).
pub fn routes() -> Vec<Route> {
    vec![
        Route::new(Method::POST, "/api/pdf-reports/generate", Some(KeyPermission::ChartRead), post(generate::generate))
            .in_module(Module::PdfReports),
        // A signed link: the token is the authorization.
        Route::new(Method::GET, generate::DOWNLOAD_PATH, None, get(download::download)),
    ]
}

pub fn router(state: &AppState) -> Router<AppState> {
    router_from(routes(), state)
}
