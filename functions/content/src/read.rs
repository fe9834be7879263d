//! What a key reads: `GET /api/content/{horoscopeType}/{contentType}` (a
//! page of texts) and `GET /api/content/{horoscopeType}/{contentType}/{id}`
//! (one text).
//!
//! The list is the base corpus of that type and language in its own order
//! (the order of [`all_keys`]: points as the names list them, signs from
//! Aries, houses from 1, aspects by kind), where the key's organization has
//! a copy of a base item the copy stands in its place, followed by the
//! organization's own items (oldest first). Filters select from both. Only
//! the page's texts are composed.

use std::collections::HashMap;

use axum::extract::{Path, RawQuery, State};
use shared::content::{ContentKey, ContentType, HoroscopeType, all_keys, compose};
use shared::http::page::{LinkBase, PageRequest, PagedDocument, query_pairs};
use shared::http::{ApiError, ApiResult, AppState, Caller, Document};
use shared::language::Language;
use shared::repo::content::{self, OrgContent};

use crate::item::{self, ContentItem};
use crate::query::{self, API_VERSION, ListQuery};

/// A base text composed, or the fault that the corpus lacks it (a test of
/// the corpus forbids that).
pub fn composed(key: &ContentKey, language: Language, base: &str) -> Result<ContentItem, ApiError> {
    let text = compose(key, language).ok_or_else(|| ApiError::internal(format!("the corpus has no text for {}", key.urn(language))))?;
    Ok(item::base_item(key, language, text, base))
}

/// The organization's items of one type and content type in one language:
/// copies by URN, and own items oldest first.
async fn org_items(
    app: &AppState,
    org_id: &str,
    horoscope: HoroscopeType,
    content_type: ContentType,
    language: Language,
) -> Result<(HashMap<String, OrgContent>, Vec<OrgContent>), ApiError> {
    let prefix = format!("urn:astro:{}:{}:", horoscope.id(), content_type.id());
    let mut copies = HashMap::new();
    let mut own = Vec::new();
    for item in content::list(app.table.as_ref(), org_id, &prefix).await? {
        if item.language != language.code() {
            continue;
        }
        match item.base_content_id {
            Some(_) => {
                copies.insert(item.urn.clone(), item);
            }
            None => own.push(item),
        }
    }
    own.sort_by(|a, b| (&a.created_at, &a.id).cmp(&(&b.created_at, &b.id)));
    Ok((copies, own))
}

/// GET /api/content/{horoscopeType}/{contentType}
#[tracing::instrument(name = "list_content", skip_all)]
pub async fn list_content(
    State(app): State<AppState>,
    caller: Caller,
    Path((horoscope, content_type)): Path<(String, String)>,
    RawQuery(raw): RawQuery,
) -> ApiResult<PagedDocument<ContentItem>> {
    let (horoscope_type, kind) = query::kinds(&horoscope, &content_type)?;
    let pairs = query_pairs(raw.as_deref());
    let query = ListQuery::parse(&pairs, horoscope_type, kind)?;
    let page = PageRequest::from_pairs(&pairs)?;
    let language = query.language;

    let base: Vec<&ContentKey> = all_keys(horoscope_type, kind).iter().filter(|key| query.filters.matches(key)).collect();
    let (mut copies, mut own) = org_items(&app, &caller.organization.id, horoscope_type, kind, language).await?;
    if !query.filters.is_empty() {
        own.retain(|item| query.filters.matches_metadata(&item.metadata));
    }

    let total = base.len() + own.len();
    let range = page.range(total);
    let link_base = item::link_base(&app);
    let mut data = Vec::with_capacity(range.len());
    let mut own = own.into_iter().skip(range.start.saturating_sub(base.len()));
    for index in range {
        let shown = match base.get(index) {
            Some(key) => match copies.remove(&key.urn(language)) {
                Some(copy) => item::org_item(copy, link_base),
                None => composed(key, language, link_base)?,
            },
            None => item::org_item(own.next().ok_or_else(|| ApiError::internal("page past the organization's items"))?, link_base),
        };
        data.push(shown);
    }
    let path = format!("/api/content/{}/{}", horoscope_type.id(), kind.id());
    let envelope = page.envelope(total, &LinkBase::new(link_base, &path, raw.as_deref()));
    Ok(PagedDocument::new(data, envelope).with_meta("language", language.code()))
}

/// GET /api/content/{horoscopeType}/{contentType}/{id}: a base item by its
/// URN (whatever copy the organization has: the copy has its own id), or
/// one of the organization's items by its id. Anything else, other
/// organizations' items included, is a 404.
#[tracing::instrument(name = "get_content", skip_all)]
pub async fn get_content(
    State(app): State<AppState>,
    caller: Caller,
    Path((horoscope, content_type, id)): Path<(String, String, String)>,
    RawQuery(raw): RawQuery,
) -> ApiResult<Document<ContentItem>> {
    let (horoscope_type, kind) = query::kinds(&horoscope, &content_type)?;
    let pairs = query_pairs(raw.as_deref());
    if let Some((key, _)) = pairs.iter().find(|(key, _)| key != API_VERSION) {
        return Err(ApiError::invalid_parameter(
            key.clone(),
            format!("unknown query parameter '{key}'; an item takes none (its id names its language)"),
        ));
    }
    let link_base = item::link_base(&app);
    if let Some((key, language)) = ContentKey::parse_urn(&id)
        && key.horoscope == horoscope_type
        && key.content_type() == kind
    {
        return Ok(Document::new(composed(&key, language, link_base)?));
    }
    let not_found = || ApiError::not_found(format!("no {} {} content item '{id}'", horoscope_type.id(), kind.id()));
    let found = content::get_by_id(app.table.as_ref(), &caller.organization.id, &id)
        .await?
        .filter(|item| item.horoscope_type == horoscope_type.id() && item.content_type == kind.id())
        .ok_or_else(not_found)?;
    Ok(Document::new(item::org_item(found, link_base)))
}
