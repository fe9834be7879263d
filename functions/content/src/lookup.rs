//! The read routes' path and query as one typed request, for a front door
//! that takes arguments rather than a URL (the MCP server's texts tool: its
//! input schema is this type's, and it reaches the texts through the same
//! routes with the query this builds).

use serde::Deserialize;

use crate::query::{API_VERSION, LANGUAGE, SOURCE};

#[derive(Debug, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct TextsLookup {
    /// `natal`, `transit`, `synastry`, `progressions`, `solar-return` or `lunar-return`.
    pub horoscope_type: String,
    /// `planet-in-sign`, `planet-in-house`, `angle-in-sign` or `aspect` (what the horoscope type has).
    pub content_type: String,
    /// One item: a base text's URN (`urn:astro:natal:planet-in-sign:sun:aries`) or an own item's id. Without
    /// it, a page of the list.
    pub id: Option<String>,
    /// `en` (default) or `es`.
    pub language: Option<String>,
    /// Only texts about these points (ids separated by commas: `sun,moon`).
    pub point: Option<String>,
    /// Only texts about these signs (`aries,leo`).
    pub sign: Option<String>,
    /// Only texts about these houses (`1,10`).
    pub house: Option<String>,
    /// Only these aspects (`trine,square`).
    pub aspect: Option<String>,
    /// Only texts about these angles (`ascendant`).
    pub angle: Option<String>,
    /// `base`: the base text even where the organization has its own copy.
    pub source: Option<String>,
    /// Page number, from 1.
    pub page: Option<u64>,
    /// Items per page, 1 to 100.
    pub page_size: Option<u64>,
    /// Compatibility date (`YYYY-MM-DD`), as `api_version` on the route.
    pub api_version: Option<String>,
}

impl TextsLookup {
    /// The route's path and query string for this lookup.
    pub fn path_and_query(&self) -> String {
        let mut path = format!("/api/content/{}/{}", segment(&self.horoscope_type), segment(&self.content_type));
        if let Some(id) = &self.id {
            path.push('/');
            path.push_str(&segment(id));
        }
        let mut query = form_urlencoded::Serializer::new(String::new());
        let filters = [
            ("filter[point]", &self.point),
            ("filter[sign]", &self.sign),
            ("filter[house]", &self.house),
            ("filter[aspect]", &self.aspect),
            ("filter[angle]", &self.angle),
        ];
        for (name, value) in
            [(LANGUAGE, &self.language), (SOURCE, &self.source), (API_VERSION, &self.api_version)].into_iter().chain(filters)
        {
            if let Some(value) = value {
                query.append_pair(name, value);
            }
        }
        for (name, value) in [(shared::http::page::PAGE_NUMBER, self.page), (shared::http::page::PAGE_SIZE, self.page_size)] {
            if let Some(value) = value {
                query.append_pair(name, &value.to_string());
            }
        }
        let query = query.finish();
        if query.is_empty() { path } else { format!("{path}?{query}") }
    }
}

/// A path segment as sent, escaped: an id cannot reach another route.
fn segment(text: &str) -> String {
    form_urlencoded::byte_serialize(text.as_bytes()).collect::<String>().replace('+', "%20")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_lookup_becomes_the_routes_path_and_query() {
        let lookup: TextsLookup = serde_json::from_value(serde_json::json!({
            "horoscopeType": "natal", "contentType": "planet-in-sign", "point": "sun,moon", "language": "es", "pageSize": 5
        }))
        .unwrap();
        assert_eq!(lookup.path_and_query(), "/api/content/natal/planet-in-sign?language=es&filter%5Bpoint%5D=sun%2Cmoon&page%5Bsize%5D=5");
        let one: TextsLookup = serde_json::from_value(serde_json::json!({
            "horoscopeType": "natal", "contentType": "aspect", "id": "../../keys"
        }))
        .unwrap();
        assert_eq!(one.path_and_query(), "/api/content/natal/aspect/..%2F..%2Fkeys");
    }
}
