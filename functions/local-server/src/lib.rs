//! The local host of the whole API: every family's router on one port,
//! routed by the same table API Gateway uses (`template.yaml`), so the
//! template and the code cannot drift apart unnoticed.

pub mod bootstrap;
pub mod dev;
pub mod template;

use std::collections::BTreeMap;

use axum::Router;
use shared::http::{AppState, Route};

pub use template::{TemplateRoute, template_routes};

/// The families, by the binary name the template gives their function.
pub fn family_routes() -> BTreeMap<&'static str, Vec<Route>> {
    BTreeMap::from([
        ("calc", calc::routes()),
        ("numerology", numerology::routes()),
        ("vedic", vedic::routes()),
        ("content", content::routes()),
        ("widgets", widgets::routes()),
        ("chat", chat::routes()),
        ("keys", keys::routes()),
        ("orgs", orgs::routes()),
        ("pdf", pdf::routes()),
        ("mcp", mcp::routes()),
    ])
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RouteDrift {
    #[error("template.yaml routes {method} {path} to '{family}', which does not serve it")]
    NotServed { family: String, method: String, path: String },
    #[error("'{family}' serves {method} {path}, which template.yaml does not route")]
    NotInTemplate { family: String, method: String, path: String },
    #[error("template.yaml names a function binary '{0}' that is not a family")]
    UnknownFamily(String),
    #[error("template.yaml could not be read: {0}")]
    Template(String),
}

/// Every difference between the template's routes and the families' tables.
pub fn route_drift() -> Vec<RouteDrift> {
    let template = match template_routes() {
        Ok(routes) => routes,
        Err(error) => return vec![RouteDrift::Template(error)],
    };
    let families = family_routes();
    let mut drift = Vec::new();
    for route in &template {
        if route.is_preflight() && families.contains_key(route.family.as_str()) {
            continue;
        }
        match families.get(route.family.as_str()) {
            None => drift.push(RouteDrift::UnknownFamily(route.family.clone())),
            Some(served) => {
                if !served.iter().any(|r| r.method.as_str() == route.method && r.path == route.path) {
                    drift.push(RouteDrift::NotServed {
                        family: route.family.clone(),
                        method: route.method.clone(),
                        path: route.path.clone(),
                    });
                }
            }
        }
    }
    for (family, served) in &families {
        for route in served {
            let listed = template.iter().any(|t| t.family == *family && t.method == route.method.as_str() && t.path == route.path);
            if !listed {
                drift.push(RouteDrift::NotInTemplate {
                    family: (*family).to_owned(),
                    method: route.method.to_string(),
                    path: route.path.to_owned(),
                });
            }
        }
    }
    drift
}

/// The whole API as one router: for each route of the template, the
/// family's handler (with its permission layer).
pub fn app(state: AppState) -> Result<Router, Vec<RouteDrift>> {
    let drift = route_drift();
    if !drift.is_empty() {
        return Err(drift);
    }
    let template = template_routes().map_err(|e| vec![RouteDrift::Template(e)])?;
    let mut families = family_routes();
    let mut selected: Vec<Route> = Vec::new();
    // Preflights need no route: the stack's CORS layer answers every OPTIONS.
    for route in template.into_iter().filter(|route| !route.is_preflight()) {
        let Some(served) = families.get_mut(route.family.as_str()) else { continue };
        if let Some(index) = served.iter().position(|r| r.method.as_str() == route.method && r.path == route.path) {
            selected.push(served.swap_remove(index));
        }
    }
    let router = shared::http::router_from(selected, &state);
    Ok(shared::http::finish(router, state))
}
