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
//!
//! Both read texts as every reader does (`TextSource`): at a base item's
//! URN, the organization's copy where it has one. `source=base` on an item
//! is the one way to the base text whatever the copy.

use axum::extract::{Path, RawQuery, State};
use shared::content::{ContentKey, all_keys, compose};
use shared::http::page::{LinkBase, PageRequest, PagedDocument, query_pairs};
use shared::http::{ApiError, ApiResult, AppState, Caller, Document};
use shared::language::Language;
use shared::repo::content::{self, OrgContent, Resolved, TextSource};

use crate::item::{self, ContentItem};
use crate::query::{self, ListQuery, Source};

/// A base item with its composed text, or the fault that the corpus lacks
/// it (a test of the corpus forbids that).
fn composed(key: &ContentKey, language: Language, base: &str) -> Result<ContentItem, ApiError> {
    let text = compose(key, language).ok_or_else(|| missing(key, language))?;
    Ok(item::base_item(key, language, text, base))
}

fn missing(key: &ContentKey, language: Language) -> ApiError {
    ApiError::internal(format!("the corpus has no text for {}", key.urn(language)))
}

/// What the key's organization reads at `key`: its copy, or the base item.
fn resolved(texts: &TextSource, key: &ContentKey, base: &str) -> Result<ContentItem, ApiError> {
    let language = texts.language();
    Ok(match texts.resolve(key).ok_or_else(|| missing(key, language))? {
        Resolved::Copy(copy) => item::org_item(copy.clone(), base),
        Resolved::Base(text) => item::base_item(key, language, text, base),
    })
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
    // One store query: the organization's copies (through the texts every
    // reader reads) and its own items of this type and language.
    let prefix = format!("urn:astro:{}:{}:", horoscope_type.id(), kind.id());
    let stored = content::list(app.table.as_ref(), &caller.organization.id, &prefix).await?;
    let texts = TextSource::of_listed(language, &prefix, &stored);
    let mut own: Vec<OrgContent> =
        stored.into_iter().filter(|item| item.base_content_id.is_none() && item.language == language.code()).collect();
    own.sort_by(|a, b| (&a.created_at, &a.id).cmp(&(&b.created_at, &b.id)));
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
            Some(key) => resolved(&texts, key, link_base)?,
            None => item::org_item(own.next().ok_or_else(|| ApiError::internal("page past the organization's items"))?, link_base),
        };
        data.push(shown);
    }
    let path = format!("/api/content/{}/{}", horoscope_type.id(), kind.id());
    let envelope = page.envelope(total, &LinkBase::new(link_base, &path, raw.as_deref()));
    Ok(PagedDocument::new(data, envelope).with_meta("language", language.code()))
}

/// GET /api/content/{horoscopeType}/{contentType}/{id}: by a base item's
/// URN what the key's organization reads there (its copy where it has one,
/// as everywhere else; `source=base` the base item), or one of the
/// organization's items by its own id. Anything else, other organizations'
/// items included, is a 404.
#[tracing::instrument(name = "get_content", skip_all)]
pub async fn get_content(
    State(app): State<AppState>,
    caller: Caller,
    Path((horoscope, content_type, id)): Path<(String, String, String)>,
    RawQuery(raw): RawQuery,
) -> ApiResult<Document<ContentItem>> {
    let (horoscope_type, kind) = query::kinds(&horoscope, &content_type)?;
    let source = Source::of_item_query(&query_pairs(raw.as_deref()))?;
    let link_base = item::link_base(&app);
    let not_found = || ApiError::not_found(format!("no {} {} content item '{id}'", horoscope_type.id(), kind.id()));
    if let Some((key, language)) = ContentKey::parse_urn(&id)
        && key.horoscope == horoscope_type
        && key.content_type() == kind
    {
        let shown = match source {
            Source::Base => composed(&key, language, link_base)?,
            Source::Organization => {
                let texts = TextSource::load_one(app.table.as_ref(), &caller.organization.id, &key, language).await?;
                resolved(&texts, &key, link_base)?
            }
        };
        return Ok(Document::new(shown));
    }
    if source == Source::Base {
        // Only base items have a base text: an organization's id has none.
        return Err(not_found());
    }
    let found = content::get_by_id(app.table.as_ref(), &caller.organization.id, &id)
        .await?
        .filter(|item| item.horoscope_type == horoscope_type.id() && item.content_type == kind.id())
        .ok_or_else(not_found)?;
    Ok(Document::new(item::org_item(found, link_base)))
}
