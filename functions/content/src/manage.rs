//! An organization's texts, managed from the dashboard (bearer token, the
//! caller's role checked on every request):
//!
//! | route | role permission |
//! |---|---|
//! | `POST /api/org/content/copies` (copy a base item) | `content:custom-copy` |
//! | `POST /api/org/content` (write an own item) | `content:create` |
//! | `GET /api/org/content` | `content:read` |
//! | `PATCH /api/org/content/{id}` | `content:update` |
//! | `POST /api/org/content/{id}/restore` (a copy back to the base text) | `content:restore` |
//! | `DELETE /api/org/content/{id}` | `content:delete` |
//!
//! An id of another organization is a 404, like one that does not exist.

use axum::extract::{Path, RawQuery, State};
use axum::http::{StatusCode, header};
use serde::{Deserialize, Deserializer};
use serde_json::{Map, Value};
use shared::content::{ContentKey, ContentType, HoroscopeType, compose};
use shared::http::Code;
use shared::http::member::ORGANIZATION_ID_PARAM;
use shared::http::member::OrgMember;
use shared::http::page::{LinkBase, PAGE_NUMBER, PAGE_SIZE, PageRequest, PagedDocument, query_pairs};
use shared::http::{ApiError, ApiJson, ApiResult, AppState, Document};
use shared::language::Language;
use shared::repo::RepoError;
use shared::repo::content::{self, OrgContent};

use crate::item::{self, ContentItem, RESOURCE_TYPE};
use crate::query::{self, API_VERSION};

pub const ATTRIBUTES: &str = "/data/attributes";
pub const MAX_TITLE_CHARS: usize = 200;
pub const MAX_BODY_CHARS: usize = 5000;
/// The organization's `metadata`, as a chat profile's.
pub const MAX_METADATA_BYTES: usize = 4096;

/// `(pointer, detail)` of every problem found in a body.
type Problems = Vec<(String, String)>;

fn reject_if_any(problems: Problems) -> Result<(), ApiError> {
    if problems.is_empty() { Ok(()) } else { Err(ApiError::invalid_fields(problems)) }
}

fn check_type(kind: &str, problems: &mut Problems) {
    if kind != RESOURCE_TYPE {
        problems.push(("/data/type".into(), format!("type must be '{RESOURCE_TYPE}'")));
    }
}

fn no_such_item(id: &str) -> ApiError {
    ApiError::not_found(format!("the organization has no content item '{id}'"))
}

/// A new item's id: random, unlike base items, whose id is their URN.
fn new_id() -> String {
    uuid::Uuid::new_v4().to_string()
}

/// Tells a sent `null` (`Some(None)`) apart from a missing member (`None`).
fn present<'de, D: Deserializer<'de>, T: Deserialize<'de>>(deserializer: D) -> Result<Option<T>, D::Error> {
    T::deserialize(deserializer).map(Some)
}

/// A title or body, trimmed, of 1 to `max` characters.
fn text(field: &str, value: &str, max: usize, problems: &mut Problems) -> String {
    let trimmed = value.trim();
    let count = trimmed.chars().count();
    if count == 0 || count > max {
        problems.push((format!("{ATTRIBUTES}/{field}"), format!("{field} must have 1 to {max} characters (it has {count})")));
    }
    trimmed.to_owned()
}

/// The organization's part of `metadata`: an object (or `null`, none).
/// What the service sets (`reserved`) may be sent back only as it is; it is
/// not stored.
fn metadata(value: Value, reserved: &Map<String, Value>, problems: &mut Problems) -> Value {
    let mut fields = match value {
        Value::Null => return Value::Object(Map::new()),
        Value::Object(fields) => fields,
        _ => {
            problems.push((format!("{ATTRIBUTES}/metadata"), "metadata must be an object".into()));
            return Value::Null;
        }
    };
    let size = Value::Object(fields.clone()).to_string().len();
    if size > MAX_METADATA_BYTES {
        problems
            .push((format!("{ATTRIBUTES}/metadata"), format!("metadata may be at most {MAX_METADATA_BYTES} bytes of JSON (got {size})")));
        return Value::Null;
    }
    for (key, expected) in reserved {
        match fields.remove(key) {
            Some(sent) if sent != *expected => problems.push((
                format!("{ATTRIBUTES}/metadata/{key}"),
                format!("metadata.{key} is set by the service (here {expected}); leave it out"),
            )),
            _ => {}
        }
    }
    Value::Object(fields)
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Request<A> {
    data: Data<A>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Data<A> {
    #[serde(rename = "type")]
    kind: String,
    #[serde(default, deserialize_with = "shared::http::extract::not_null")]
    id: Option<String>,
    attributes: A,
}

fn refuse_sent_id(id: Option<&str>, problems: &mut Problems) {
    if id.is_some() {
        problems.push(("/data/id".into(), "ids are assigned by the server; send none".into()));
    }
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct CopyAttributes {
    base_content_id: String,
}

/// 201 with the new item, `Location` its URL.
type Created = (StatusCode, [(header::HeaderName, String); 1], Document<ContentItem>);

fn created(shown: ContentItem) -> Created {
    (StatusCode::CREATED, [(header::LOCATION, shown.links.self_link.clone())], Document::new(shown))
}

/// POST /api/org/content/copies: the organization's own copy of a base
/// item, starting as the base text; it replaces the base item in what the
/// organization's keys read. One copy per base item (409 `copy_exists`).
#[tracing::instrument(name = "copy_content", skip_all)]
pub async fn copy_content(
    State(app): State<AppState>,
    member: OrgMember,
    ApiJson(body): ApiJson<Request<CopyAttributes>>,
) -> ApiResult<Created> {
    member.require("content:custom-copy")?;
    let mut problems = Problems::new();
    check_type(&body.data.kind, &mut problems);
    refuse_sent_id(body.data.id.as_deref(), &mut problems);
    let base_id = body.data.attributes.base_content_id.trim().to_owned();
    if !is_urn_shaped(&base_id) {
        problems.push((
            format!("{ATTRIBUTES}/baseContentId"),
            format!("'{base_id}' is not the id of a base item (its URN, such as urn:astro:natal:planet-in-sign:venus:libra:en)"),
        ));
    }
    reject_if_any(problems)?;
    // A URN of the right shape that names no base item is an id that does
    // not exist, like any other: 404.
    let Some((key, language, text)) =
        ContentKey::parse_urn(&base_id).and_then(|(key, language)| compose(&key, language).map(|text| (key, language, text)))
    else {
        return Err(ApiError::not_found(format!("no base item has the id '{base_id}'")));
    };

    let now = item::now_text();
    let copy = OrgContent {
        id: new_id(),
        organization_id: member.organization.id.clone(),
        urn: base_id.clone(),
        title: text.title,
        body: text.body,
        base_content_id: Some(base_id.clone()),
        horoscope_type: key.horoscope.id().into(),
        content_type: key.content_type().id().into(),
        language: language.code().into(),
        metadata: Value::Object(Map::new()),
        created_at: now.clone(),
        updated_at: now,
    };
    let table = app.table.as_ref();
    match content::create(table, &copy).await {
        Ok(()) => {}
        Err(RepoError::AlreadyExists) => {
            let existing = content::get_by_urn(table, &member.organization.id, &base_id).await?.map(|c| c.id).unwrap_or_default();
            return Err(ApiError::coded(
                Code::CopyExists,
                format!("the organization already has a copy of {base_id} (id '{existing}'); edit or restore that one"),
            ));
        }
        Err(other) => return Err(other.into()),
    }
    tracing::info!(org = %copy.organization_id, id = %copy.id, "content copied");
    Ok(created(item::org_item(copy, item::link_base(&app))))
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct CreateAttributes {
    horoscope_type: String,
    content_type: String,
    language: String,
    title: String,
    body: String,
    #[serde(default)]
    metadata: Value,
}

/// An organization's own text with every field valid.
struct OwnText {
    horoscope: HoroscopeType,
    content_type: ContentType,
    language: Language,
    title: String,
    body: String,
    metadata: Value,
}

/// Every bad field of a create request, each with its pointer, in one 422.
fn own_text(body: Request<CreateAttributes>) -> Result<OwnText, ApiError> {
    let mut problems = Problems::new();
    check_type(&body.data.kind, &mut problems);
    refuse_sent_id(body.data.id.as_deref(), &mut problems);
    let given = body.data.attributes;
    let horoscope = HoroscopeType::parse(&given.horoscope_type);
    if horoscope.is_none() {
        let valid: Vec<&str> = HoroscopeType::ALL.iter().map(|h| h.id()).collect();
        problems.push((
            format!("{ATTRIBUTES}/horoscopeType"),
            format!("unknown horoscope type '{}'; valid: {}", given.horoscope_type, valid.join(", ")),
        ));
    }
    let content_type = ContentType::parse(&given.content_type).filter(|c| horoscope.is_none_or(|h| h.content_types().contains(c)));
    if content_type.is_none() {
        let valid: Vec<&str> = horoscope.map_or(&ContentType::ALL[..], |h| h.content_types()).iter().map(|c| c.id()).collect();
        problems.push((
            format!("{ATTRIBUTES}/contentType"),
            format!("unknown content type '{}' here; valid: {}", given.content_type, valid.join(", ")),
        ));
    }
    let language = Language::parse(&given.language);
    if language.is_none() {
        problems.push((
            format!("{ATTRIBUTES}/language"),
            format!("unsupported language '{}'; supported: {}", given.language, Language::supported_codes().join(", ")),
        ));
    }
    let title = text("title", &given.title, MAX_TITLE_CHARS, &mut problems);
    let body_text = text("body", &given.body, MAX_BODY_CHARS, &mut problems);
    let reserved = item::type_metadata(&given.horoscope_type, &given.content_type, &given.language);
    let metadata = metadata(given.metadata, &reserved, &mut problems);
    reject_if_any(problems)?;
    let (Some(horoscope), Some(content_type), Some(language)) = (horoscope, content_type, language) else {
        return Err(ApiError::internal("checked above"));
    };
    Ok(OwnText { horoscope, content_type, language, title, body: body_text, metadata })
}

/// POST /api/org/content: an item the organization writes itself, listed
/// after the base items of its type, content type and language.
#[tracing::instrument(name = "create_content", skip_all)]
pub async fn create_content(
    State(app): State<AppState>,
    member: OrgMember,
    ApiJson(body): ApiJson<Request<CreateAttributes>>,
) -> ApiResult<Created> {
    member.require("content:create")?;
    let OwnText { horoscope, content_type, language, title, body: body_text, metadata } = own_text(body)?;

    let id = new_id();
    let now = item::now_text();
    let own = OrgContent {
        urn: item::custom_urn(horoscope, content_type, &id, language),
        id,
        organization_id: member.organization.id.clone(),
        title,
        body: body_text,
        base_content_id: None,
        horoscope_type: horoscope.id().into(),
        content_type: content_type.id().into(),
        language: language.code().into(),
        metadata,
        created_at: now.clone(),
        updated_at: now,
    };
    content::create(app.table.as_ref(), &own).await?;
    tracing::info!(org = %own.organization_id, id = %own.id, "content created");
    Ok(created(item::org_item(own, item::link_base(&app))))
}

/// GET /api/org/content: the organization's items (copies and its own), in
/// URN order, paginated; `filter[horoscopeType]`, `filter[contentType]` and
/// `filter[language]` narrow it.
#[tracing::instrument(name = "list_org_content", skip_all)]
pub async fn list_org_content(
    State(app): State<AppState>,
    member: OrgMember,
    RawQuery(raw): RawQuery,
) -> ApiResult<PagedDocument<ContentItem>> {
    member.require("content:read")?;
    const HOROSCOPE: &str = "filter[horoscopeType]";
    const CONTENT_TYPE: &str = "filter[contentType]";
    const LANGUAGE: &str = "filter[language]";
    let pairs = query_pairs(raw.as_deref());
    let accepted = [PAGE_NUMBER, PAGE_SIZE, HOROSCOPE, CONTENT_TYPE, LANGUAGE, ORGANIZATION_ID_PARAM, API_VERSION];
    query::refuse_unknown(&pairs, &accepted)?;
    let page = PageRequest::from_pairs(&pairs)?;
    let horoscope = query::single(&pairs, HOROSCOPE)?
        .map(|id| {
            HoroscopeType::parse(id).ok_or_else(|| {
                let valid: Vec<&str> = HoroscopeType::ALL.iter().map(|h| h.id()).collect();
                ApiError::invalid_parameter(HOROSCOPE, format!("unknown horoscope type '{id}'; valid: {}", valid.join(", ")))
            })
        })
        .transpose()?;
    let content_type = query::single(&pairs, CONTENT_TYPE)?
        .map(|id| {
            ContentType::parse(id).ok_or_else(|| {
                let valid: Vec<&str> = ContentType::ALL.iter().map(|c| c.id()).collect();
                ApiError::invalid_parameter(CONTENT_TYPE, format!("unknown content type '{id}'; valid: {}", valid.join(", ")))
            })
        })
        .transpose()?;
    let language = query::single(&pairs, LANGUAGE)?
        .map(|code| query::language(Some(code), |detail| ApiError::invalid_parameter(LANGUAGE, detail)))
        .transpose()?;

    let prefix = match horoscope {
        Some(h) => format!("urn:astro:{}:", h.id()),
        None => "urn:astro:".to_owned(),
    };
    let mut items = content::list(app.table.as_ref(), &member.organization.id, &prefix).await?;
    items.retain(|item| content_type.is_none_or(|c| item.content_type == c.id()) && language.is_none_or(|l| item.language == l.code()));
    let link_base = item::link_base(&app);
    let (items, envelope) = page.slice(items, &LinkBase::new(link_base, "/api/org/content", raw.as_deref()));
    let data = items.into_iter().map(|i| item::org_item(i, link_base)).collect();
    Ok(PagedDocument::new(data, envelope))
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EditAttributes {
    /// Absent: unchanged; `null` is refused (a title cannot be unset).
    #[serde(default, deserialize_with = "present")]
    title: Option<Option<String>>,
    #[serde(default, deserialize_with = "present")]
    body: Option<Option<String>>,
    /// Absent: unchanged; `null`: the organization's metadata cleared.
    #[serde(default, deserialize_with = "present")]
    metadata: Option<Value>,
}

async fn org_item(app: &AppState, member: &OrgMember, id: &str) -> Result<OrgContent, ApiError> {
    content::get_by_id(app.table.as_ref(), &member.organization.id, id).await?.ok_or_else(|| no_such_item(id))
}

/// Writes back an edited item; gone meanwhile is a 404.
async fn write(app: &AppState, edited: OrgContent) -> ApiResult<Document<ContentItem>> {
    match content::update(app.table.as_ref(), &edited).await {
        Ok(()) => Ok(Document::new(item::org_item(edited, item::link_base(app)))),
        Err(RepoError::NotFound) => Err(no_such_item(&edited.id)),
        Err(other) => Err(other.into()),
    }
}

/// PATCH /api/org/content/{id}: `title`, `body`, `metadata` (each optional).
#[tracing::instrument(name = "edit_content", skip_all)]
pub async fn edit_content(
    State(app): State<AppState>,
    member: OrgMember,
    Path(id): Path<String>,
    ApiJson(body): ApiJson<Request<EditAttributes>>,
) -> ApiResult<Document<ContentItem>> {
    member.require("content:update")?;
    let mut problems = Problems::new();
    check_type(&body.data.kind, &mut problems);
    if body.data.id.as_deref().is_some_and(|sent| sent != id) {
        return Err(ApiError::id_mismatch(&id));
    }
    reject_if_any(problems)?;
    let mut edited = org_item(&app, &member, &id).await?;
    let given = body.data.attributes;
    if given.title.is_none() && given.body.is_none() && given.metadata.is_none() {
        // Nothing to change: nothing is written, `updated_at` stays.
        return Ok(Document::new(item::org_item(edited, item::link_base(&app))));
    }
    let mut problems = Problems::new();
    for (field, given, max, target) in
        [("title", given.title, MAX_TITLE_CHARS, &mut edited.title), ("body", given.body, MAX_BODY_CHARS, &mut edited.body)]
    {
        match given {
            None => {}
            Some(None) => problems.push((format!("{ATTRIBUTES}/{field}"), format!("{field} cannot be null; leave it out to keep it"))),
            Some(Some(value)) => *target = text(field, &value, max, &mut problems),
        }
    }
    if let Some(value) = given.metadata {
        edited.metadata = metadata(value, &item::service_metadata(&edited), &mut problems);
    }
    reject_if_any(problems)?;
    edited.updated_at = item::now_text();
    let written = write(&app, edited).await?;
    tracing::info!(org = %member.organization.id, id = %id, "content edited");
    Ok(written)
}

/// POST /api/org/content/{id}/restore: a copy gets its base item's title and
/// body back (its metadata stays); an own item has nothing to go back to
/// (409 `not_a_copy`).
#[tracing::instrument(name = "restore_content", skip_all)]
pub async fn restore_content(State(app): State<AppState>, member: OrgMember, Path(id): Path<String>) -> ApiResult<Document<ContentItem>> {
    member.require("content:restore")?;
    let mut restored = org_item(&app, &member, &id).await?;
    let Some(base_id) = restored.base_content_id.clone() else {
        return Err(ApiError::coded(Code::NotACopy, "this item is the organization's own, not a copy: it has no base text to restore"));
    };
    // A copy made of an item the corpus has since dropped (an aspect one
    // sky cannot hold) keeps its text: there is nothing to restore.
    let text = ContentKey::parse_urn(&base_id).and_then(|(key, language)| compose(&key, language)).ok_or_else(|| {
        ApiError::coded(Code::NotACopy, format!("the base item {base_id} is no longer in the corpus: there is no base text to restore"))
    })?;
    restored.title = text.title;
    restored.body = text.body;
    restored.updated_at = item::now_text();
    let written = write(&app, restored).await?;
    tracing::info!(org = %member.organization.id, id = %id, "content restored");
    Ok(written)
}

/// DELETE /api/org/content/{id}: a deleted copy gives its place back to the
/// base item.
#[tracing::instrument(name = "delete_content", skip_all)]
pub async fn delete_content(State(app): State<AppState>, member: OrgMember, Path(id): Path<String>) -> ApiResult<StatusCode> {
    member.require("content:delete")?;
    let found = org_item(&app, &member, &id).await?;
    match content::delete(app.table.as_ref(), &found).await {
        Ok(()) => {}
        Err(RepoError::NotFound) => return Err(no_such_item(&id)),
        Err(other) => return Err(other.into()),
    }
    tracing::info!(org = %member.organization.id, id = %id, "content deleted");
    Ok(StatusCode::NO_CONTENT)
}

/// The shape of a base item's id, `urn:astro:` and at least four segments of
/// lowercase letters, digits, `_` and `-` (docs/openapi.yaml `BaseContentUrn`).
fn is_urn_shaped(id: &str) -> bool {
    id.strip_prefix("urn:astro:").is_some_and(|rest| {
        let segments: Vec<&str> = rest.split(':').collect();
        segments.len() >= 4
            && segments
                .iter()
                .all(|s| !s.is_empty() && s.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_' || b == b'-'))
    })
}
