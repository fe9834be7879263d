//! Paginated lists: `page[number]` (from 1) and `page[size]` (default 20,
//! at most 100) read from the query, the page's slice of a list, and the
//! envelope `decisions.md` gives lists: `meta.page = {number, size, total}`
//! and `links = {self, first, prev, next, last}`.
//!
//! Links keep every other query parameter of the request (filters,
//! `language`, `api_version`) in the order sent; `prev` and `next` are
//! `null` at the ends, and an empty list has one (empty) page, so `last` is
//! `first`. A page past the end is not an error: its `data` is empty and its
//! `prev` leads back to the last page.

use std::ops::Range;

use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use serde_json::{Map, Value, json};

use super::error::{ApiError, JSON_API};

pub const PAGE_NUMBER: &str = "page[number]";
pub const PAGE_SIZE: &str = "page[size]";
pub const DEFAULT_SIZE: u64 = 20;
pub const MAX_SIZE: u64 = 100;
/// The last page number read: beyond it no list of this service has pages,
/// and `(number - 1) * size` stays far from overflowing.
pub const MAX_NUMBER: u64 = 1_000_000_000;

/// The decoded query parameters, in the order sent (`page%5Bsize%5D` reads
/// as `page[size]`).
pub fn query_pairs(query: Option<&str>) -> Vec<(String, String)> {
    query.map(|q| form_urlencoded::parse(q.as_bytes()).into_owned().collect()).unwrap_or_default()
}

/// Whether `name` is one of the pagination parameters.
pub fn is_page_parameter(name: &str) -> bool {
    name == PAGE_NUMBER || name == PAGE_SIZE
}

/// The page a request asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PageRequest {
    /// From 1.
    pub number: u64,
    /// 1 to [`MAX_SIZE`].
    pub size: u64,
}

impl Default for PageRequest {
    fn default() -> Self {
        Self { number: 1, size: DEFAULT_SIZE }
    }
}

impl PageRequest {
    /// Reads `page[number]` and `page[size]` from a raw query string; other
    /// parameters are the caller's business.
    pub fn from_query(query: Option<&str>) -> Result<Self, ApiError> {
        Self::from_pairs(&query_pairs(query))
    }

    /// As [`from_query`](Self::from_query), from decoded pairs. A value that
    /// is not a whole number in range, or a parameter sent twice, is a 422
    /// naming the parameter.
    pub fn from_pairs(pairs: &[(String, String)]) -> Result<Self, ApiError> {
        let number = single(pairs, PAGE_NUMBER)?
            .map(|text| whole_number(PAGE_NUMBER, text, 1, Some(MAX_NUMBER), "pages are numbered from 1"))
            .transpose()?
            .unwrap_or(1);
        let size = single(pairs, PAGE_SIZE)?
            .map(|text| whole_number(PAGE_SIZE, text, 1, Some(MAX_SIZE), "a page holds 1 to 100 items"))
            .transpose()?
            .unwrap_or(DEFAULT_SIZE);
        Ok(Self { number, size })
    }

    /// The number of the last page of a list of `total` items (1 when empty).
    pub fn last_number(&self, total: usize) -> u64 {
        (total as u64).div_ceil(self.size).max(1)
    }

    /// The indices of this page's items in a list of `total` (empty past the end).
    pub fn range(&self, total: usize) -> Range<usize> {
        let start = (self.number - 1).saturating_mul(self.size).min(total as u64) as usize;
        let end = (start as u64).saturating_add(self.size).min(total as u64) as usize;
        start..end
    }

    /// This page of `items`, and the envelope of the list they are.
    pub fn slice<T>(&self, mut items: Vec<T>, links: &LinkBase<'_>) -> (Vec<T>, PageEnvelope) {
        let total = items.len();
        let range = self.range(total);
        items.truncate(range.end);
        items.drain(..range.start);
        (items, self.envelope(total, links))
    }

    /// `meta.page` and `links` of this page of a list of `total` items.
    pub fn envelope(&self, total: usize, links: &LinkBase<'_>) -> PageEnvelope {
        let last = self.last_number(total);
        let link = |number: u64| Value::String(links.page(number, self.size));
        let prev = if self.number > 1 { link((self.number - 1).min(last)) } else { Value::Null };
        let next = if self.number < last { link(self.number + 1) } else { Value::Null };
        PageEnvelope {
            page: json!({ "number": self.number, "size": self.size, "total": total }),
            links: json!({
                "self": link(self.number),
                "first": link(1),
                "prev": prev,
                "next": next,
                "last": link(last),
            }),
        }
    }
}

fn single<'a>(pairs: &'a [(String, String)], name: &str) -> Result<Option<&'a str>, ApiError> {
    let mut values = pairs.iter().filter(|(key, _)| key == name).map(|(_, value)| value.as_str());
    let first = values.next();
    if values.next().is_some() {
        return Err(ApiError::invalid_parameter(name, format!("{name} is given more than once; send it once")));
    }
    Ok(first)
}

fn whole_number(name: &str, text: &str, min: u64, max: Option<u64>, hint: &str) -> Result<u64, ApiError> {
    let value: u64 = text.trim().parse().map_err(|_| {
        let range = match max {
            Some(max) => format!("from {min} to {max}"),
            None => format!("at least {min}"),
        };
        ApiError::invalid_parameter(name, format!("{name} must be a whole number {range}, not '{text}'"))
    })?;
    if value < min {
        return Err(ApiError::invalid_parameter(name, format!("{name} must be at least {min} ({hint})")));
    }
    if let Some(max) = max
        && value > max
    {
        return Err(ApiError::invalid_parameter(name, format!("{name} must be at most {max} ({hint})")));
    }
    Ok(value)
}

/// What a list's links are built on: the URL base (the configured public
/// base URL, or empty for path-relative links), the list's path, and the
/// request's query, whose parameters other than the page's are kept.
#[derive(Debug, Clone)]
pub struct LinkBase<'a> {
    pub base_url: &'a str,
    pub path: &'a str,
    /// The other parameters, encoded once: `language=es&filter[point]=venus`.
    kept: String,
}

impl<'a> LinkBase<'a> {
    /// `base_url` without a trailing slash (`https://api.example.com`), or
    /// `""` for links relative to the host.
    pub fn new(base_url: &'a str, path: &'a str, query: Option<&str>) -> Self {
        let kept = query_pairs(query)
            .iter()
            .filter(|(key, _)| !is_page_parameter(key))
            .map(|(key, value)| format!("{}={}", encode(key, true), encode(value, false)))
            .collect::<Vec<_>>()
            .join("&");
        Self { base_url: base_url.trim_end_matches('/'), path, kept }
    }

    /// The URL of page `number` of `size` items.
    pub fn page(&self, number: u64, size: u64) -> String {
        let separator = if self.kept.is_empty() { "" } else { "&" };
        format!("{}{}?{}{separator}page[number]={number}&page[size]={size}", self.base_url, self.path, self.kept)
    }
}

/// Form encoding; in parameter names the brackets stay readable
/// (`filter[point]`), as JSON:API writes them.
fn encode(text: &str, keep_brackets: bool) -> String {
    let encoded: String = form_urlencoded::byte_serialize(text.as_bytes()).collect();
    if keep_brackets { encoded.replace("%5B", "[").replace("%5D", "]") } else { encoded }
}

/// `meta.page` and `links` of one page.
#[derive(Debug, Clone, PartialEq)]
pub struct PageEnvelope {
    pub page: Value,
    pub links: Value,
}

/// `{"data": [...], "links": {...}, "meta": {"page": {...}, ...}}` as
/// `application/vnd.api+json`.
pub struct PagedDocument<T> {
    pub data: Vec<T>,
    pub links: Value,
    pub meta: Map<String, Value>,
}

impl<T: Serialize> PagedDocument<T> {
    pub fn new(data: Vec<T>, envelope: PageEnvelope) -> Self {
        let mut meta = Map::new();
        meta.insert("page".into(), envelope.page);
        Self { data, links: envelope.links, meta }
    }

    pub fn with_meta(mut self, key: &str, value: impl Into<Value>) -> Self {
        self.meta.insert(key.to_owned(), value.into());
        self
    }
}

#[derive(Serialize)]
struct Envelope<'a, T> {
    data: &'a [T],
    links: &'a Value,
    meta: &'a Map<String, Value>,
}

impl<T: Serialize> IntoResponse for PagedDocument<T> {
    fn into_response(self) -> Response {
        match serde_json::to_vec(&Envelope { data: &self.data, links: &self.links, meta: &self.meta }) {
            Ok(body) => ([(header::CONTENT_TYPE, HeaderValue::from_static(JSON_API))], body).into_response(),
            Err(error) => ApiError::internal(error).into_response(),
        }
    }
}

/// A page of a dashboard list (`items`, whole) at `path`: the query may hold
/// only the page parameters, the organization's id and `api_version` (422
/// `invalid_parameter` naming any other).
pub fn dashboard_page<T: Serialize>(base_url: &str, path: &str, query: Option<&str>, items: Vec<T>) -> Result<PagedDocument<T>, ApiError> {
    let pairs = query_pairs(query);
    let accepted = [PAGE_NUMBER, PAGE_SIZE, super::member::ORGANIZATION_ID_PARAM, "api_version"];
    if let Some((name, _)) = pairs.iter().find(|(name, _)| !accepted.contains(&name.as_str())) {
        return Err(ApiError::invalid_parameter(name.clone(), format!("unknown parameter; accepted: {}", accepted.join(", "))));
    }
    let page = PageRequest::from_pairs(&pairs)?;
    let (items, envelope) = page.slice(items, &LinkBase::new(base_url, path, query));
    Ok(PagedDocument::new(items, envelope))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn refusal(result: Result<PageRequest, ApiError>) -> (String, String) {
        match result {
            Err(ApiError::Client { status, errors, .. }) => {
                assert_eq!(status.as_u16(), 422);
                let source = errors[0].source.clone().expect("source");
                (source.parameter.expect("parameter"), errors[0].detail.clone())
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn defaults_and_percent_encoded_brackets() {
        assert_eq!(PageRequest::from_query(None).unwrap(), PageRequest { number: 1, size: 20 });
        assert_eq!(PageRequest::from_query(Some("language=es")).unwrap(), PageRequest { number: 1, size: 20 });
        assert_eq!(PageRequest::from_query(Some("page[number]=3&page[size]=7")).unwrap(), PageRequest { number: 3, size: 7 });
        assert_eq!(PageRequest::from_query(Some("page%5Bnumber%5D=2&page%5Bsize%5D=100")).unwrap(), PageRequest { number: 2, size: 100 });
    }

    #[test]
    fn bad_values_name_the_parameter() {
        let (parameter, detail) = refusal(PageRequest::from_query(Some("page[size]=101")));
        assert_eq!(parameter, "page[size]");
        assert!(detail.contains("at most 100"), "{detail}");
        assert_eq!(refusal(PageRequest::from_query(Some("page[size]=0"))).0, "page[size]");
        assert_eq!(refusal(PageRequest::from_query(Some("page[number]=0"))).0, "page[number]");
        assert_eq!(refusal(PageRequest::from_query(Some("page%5Bnumber%5D=-1"))).0, "page[number]");
        assert_eq!(refusal(PageRequest::from_query(Some("page[number]=two"))).0, "page[number]");
        assert_eq!(refusal(PageRequest::from_query(Some("page[size]="))).0, "page[size]");
        assert_eq!(refusal(PageRequest::from_query(Some("page[size]=1.5"))).0, "page[size]");
        assert_eq!(refusal(PageRequest::from_query(Some("page[size]=99999999999999999999999"))).0, "page[size]");
        assert_eq!(refusal(PageRequest::from_query(Some("page[size]=5&page[size]=6"))).0, "page[size]");
    }

    #[test]
    fn ranges_clamp_to_the_list() {
        let page = |number, size| PageRequest { number, size };
        assert_eq!(page(1, 20).range(45), 0..20);
        assert_eq!(page(3, 20).range(45), 40..45);
        assert_eq!(page(4, 20).range(45), 45..45);
        assert_eq!(page(u64::MAX, 100).range(45), 45..45);
        assert_eq!(page(1, 20).range(0), 0..0);
        assert_eq!(page(1, 20).last_number(0), 1);
        assert_eq!(page(1, 20).last_number(40), 2);
        assert_eq!(page(1, 20).last_number(41), 3);
        let (items, _) = page(2, 2).slice(vec![1, 2, 3, 4, 5], &LinkBase::new("", "/x", None));
        assert_eq!(items, [3, 4]);
        let (items, _) = page(9, 2).slice(vec![1, 2, 3], &LinkBase::new("", "/x", None));
        assert!(items.is_empty());
    }

    #[test]
    fn links_keep_the_other_parameters() {
        let base = LinkBase::new(
            "https://api.example.com/",
            "/api/content/natal/aspect",
            Some("language=es&page%5Bsize%5D=10&filter%5Bpoint%5D=venus&page[number]=2&q=a%20b"),
        );
        let envelope = PageRequest { number: 2, size: 10 }.envelope(35, &base);
        assert_eq!(envelope.page, json!({ "number": 2, "size": 10, "total": 35 }));
        let link = |n: u64| {
            format!("https://api.example.com/api/content/natal/aspect?language=es&filter[point]=venus&q=a+b&page[number]={n}&page[size]=10")
        };
        assert_eq!(envelope.links, json!({ "self": link(2), "first": link(1), "prev": link(1), "next": link(3), "last": link(4) }));
    }

    #[test]
    fn ends_and_empty_lists() {
        let base = LinkBase::new("", "/list", None);
        let first = PageRequest::default().envelope(5, &base);
        assert_eq!(first.links["prev"], Value::Null);
        assert_eq!(first.links["next"], Value::Null);
        assert_eq!(first.links["self"], "/list?page[number]=1&page[size]=20");
        assert_eq!(first.links["last"], first.links["first"]);
        let empty = PageRequest::default().envelope(0, &base);
        assert_eq!(empty.page, json!({ "number": 1, "size": 20, "total": 0 }));
        assert_eq!(empty.links["last"], empty.links["first"]);
        // Past the end: prev leads back to the last page.
        let past = PageRequest { number: 9, size: 2 }.envelope(5, &base);
        assert_eq!(past.links["prev"], "/list?page[number]=3&page[size]=2");
        assert_eq!(past.links["next"], Value::Null);
        assert_eq!(past.links["last"], "/list?page[number]=3&page[size]=2");
    }
}
