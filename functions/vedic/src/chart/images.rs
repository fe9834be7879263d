//! The signed links to the chart's North and South Indian diagrams: one
//! pair for the rashi chart (D1) and each varga asked for, opened by the
//! chart image routes like every chart image (`shared::http::chart_link`).

use std::collections::BTreeMap;

use axum::http::HeaderMap;
use serde::Serialize;
use shared::astro::vedic::{Varga, VedicInput};
use shared::http::chart_link::{ChartSpec, ImageClaims, ImageLinks, VedicSpec, sign};
use shared::http::{ApiError, AppState, Caller};
use shared::language::Language;
use shared::render::VedicLayout;

use super::answer::VargaKey;

#[derive(Debug, Serialize)]
pub struct DiagramLinks {
    north: ImageLinks,
    south: ImageLinks,
}

pub type ChartImages = BTreeMap<VargaKey, DiagramLinks>;

pub fn chart_images(
    app: &AppState,
    headers: &HeaderMap,
    caller: &Caller,
    input: &VedicInput,
    language: Language,
) -> Result<ChartImages, ApiError> {
    let exp = shared::signing::link_expiry(chrono::Utc::now().timestamp(), app.config.chart_link_ttl_seconds);
    let link = |varga: Varga, layout: VedicLayout| {
        let claims = ImageClaims {
            organization_id: caller.organization.id.clone(),
            key_id: Some(caller.key.id.clone()),
            widget_id: None,
            exp,
            chart: ChartSpec::Vedic { i: VedicSpec::of(input, varga, layout) },
            customization: None,
            language: (language != Language::En).then(|| language.code().to_owned()),
            purpose: None,
        };
        sign(app, headers, &claims)
    };
    let mut vargas = vec![Varga::D1];
    vargas.extend(input.vargas.iter().copied().filter(|v| *v != Varga::D1));
    vargas
        .into_iter()
        .map(|varga| {
            Ok((VargaKey::of(varga), DiagramLinks { north: link(varga, VedicLayout::North)?, south: link(varga, VedicLayout::South)? }))
        })
        .collect()
}
