//! Place look-ups as a client types a birth place: `GET /api/places` (a
//! key) and a widget's `GET /api/widget-api/places/{widgetId}` (its
//! visitors) answer the same, from the offline table that also resolves
//! `location.place` in the chart requests.

use serde::Serialize;

use super::fields::city_json;
use super::page::query_pairs;
use super::{ApiError, ApiResult, Document};
use crate::places::{self, City};

const DEFAULT_LIMIT: usize = 10;
const MAX_LIMIT: usize = 50;
const MAX_QUERY_CHARS: usize = 100;

#[derive(Debug, Serialize)]
pub struct PlaceResource {
    #[serde(rename = "type")]
    kind: &'static str,
    /// The GeoNames id.
    id: String,
    attributes: serde_json::Value,
}

impl PlaceResource {
    fn of(city: &City) -> Self {
        let mut attributes = city_json(city);
        attributes["label"] = serde_json::Value::from(label(city));
        Self { kind: "place", id: city.geoname_id.to_string(), attributes }
    }
}

/// "Rome, Lazio, IT": what a list shows, and a `location.place` that
/// resolves to exactly this city.
fn label(city: &City) -> String {
    match city.admin1 {
        "" => format!("{}, {}", city.name, city.country_code),
        region => format!("{}, {}, {}", city.name, region, city.country_code),
    }
}

/// The look-up's query parameters (and the MCP tool's arguments: its input
/// schema is this type's).
#[derive(Debug, serde::Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PlaceSearch {
    /// The start of a city's name, optionally `, country` (`Rome, IT`).
    pub query: String,
    /// How many places at most: 1 to 50 (default 10).
    pub limit: Option<usize>,
}

impl PlaceSearch {
    fn from_pairs(pairs: &[(String, String)]) -> Result<Self, ApiError> {
        let mut query = None;
        let mut limit = None;
        for (name, value) in pairs {
            match name.as_str() {
                "query" => query = Some(value.clone()),
                "limit" => {
                    limit = Some(value.parse().ok().filter(|n| (1..=MAX_LIMIT).contains(n)).ok_or_else(|| {
                        ApiError::invalid_parameter("limit", format!("limit must be a whole number from 1 to {MAX_LIMIT}"))
                    })?);
                }
                other => return Err(ApiError::invalid_parameter(other, format!("unknown parameter '{other}'; valid: query, limit"))),
            }
        }
        let query = query.filter(|q| !q.trim().is_empty()).ok_or_else(|| {
            ApiError::invalid_parameter("query", "query is required: the start of a city's name, optionally ', country' (Rome, IT)")
        })?;
        if query.chars().count() > MAX_QUERY_CHARS {
            return Err(ApiError::invalid_parameter("query", format!("query may be at most {MAX_QUERY_CHARS} characters")));
        }
        Ok(Self { query, limit })
    }
}

/// The look-up of a raw query string (`query=…&limit=…`): each bad
/// parameter a 422 at its name.
pub fn look_up(raw_query: Option<&str>) -> ApiResult<Document<Vec<PlaceResource>>> {
    let PlaceSearch { query, limit } = PlaceSearch::from_pairs(&query_pairs(raw_query))?;
    let limit = limit.unwrap_or(DEFAULT_LIMIT);
    let found = places::search(&query, limit).map_err(|_| ApiError::invalid_parameter("query", "the query could not be read"))?;
    let data: Vec<PlaceResource> = found.iter().map(|city| PlaceResource::of(city)).collect();
    Ok(Document::new(data)
        .with_meta("query", query)
        .with_meta("source", "GeoNames cities of 15,000 people or more (geonames.org, CC BY 4.0)"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_label_resolves_back_to_its_city() {
        for query in ["spring", "rome", "london", "san jose", "victoria"] {
            for city in places::search(query, 20).unwrap() {
                let back = places::resolve(&label(city)).unwrap_or_else(|e| panic!("{}: {e:?}", label(city)));
                assert_eq!(back.geoname_id, city.geoname_id, "{}", label(city));
            }
        }
    }
}
