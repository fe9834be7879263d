//! An organization's chatbots, managed from the dashboard (bearer token, the
//! caller's role read on every request; the plan must hold the `chat`
//! module), as its widgets are:
//!
//! | route | role permission |
//! |---|---|
//! | `POST /api/chatbots` (answer holds the secret, once) | `org:update` |
//! | `GET /api/chatbots` (paginated) | `org:read` |
//! | `GET /api/chatbots/{id}` | `org:read` |
//! | `PATCH /api/chatbots/{id}` (merge, see `shared::chat`) | `org:update` |
//! | `DELETE /api/chatbots/{id}` (and its users' profiles) | `org:update` |
//! | `POST /api/chatbots/{id}/secret` (a new secret, shown once) | `org:update` |
//!
//! An id of another organization is a 404, like one that does not exist.

use axum::extract::{Path, RawQuery, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use shared::auth::Module;
use shared::chat::{self as rules, ChatbotAttributes, Persona};
use shared::http::auth::require_module;
use shared::http::member::OrgMember;
use shared::http::page::{PagedDocument, dashboard_page};
use shared::http::resource::{ResourceBody, SelfLink};
use shared::http::{ApiError, ApiJson, ApiResult, AppState, Document};
use shared::language::Language;
use shared::repo::chatbots::{self, Chatbot};
use shared::repo::{RepoError, now_text};

pub const RESOURCE_TYPE: &str = "chatbots";
const ATTRIBUTES: &str = "/data/attributes";

#[derive(Debug, Serialize)]
pub struct ChatbotResource {
    #[serde(rename = "type")]
    kind: &'static str,
    id: String,
    attributes: ChatbotView,
    links: SelfLink,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct ChatbotView {
    name: String,
    persona: String,
    language: String,
    enabled: bool,
    allowed_domains: Vec<String>,
    require_user_hash: bool,
    /// Only in the answers that make it (create, rotate).
    #[serde(skip_serializing_if = "Option::is_none")]
    secret: Option<String>,
    created_at: String,
    updated_at: String,
}

fn base_url(app: &AppState) -> &str {
    app.config.public_base_url.as_deref().unwrap_or("")
}

fn resource(app: &AppState, chatbot: Chatbot, show_secret: bool) -> ChatbotResource {
    ChatbotResource {
        kind: RESOURCE_TYPE,
        links: SelfLink { own: format!("{}/api/chatbots/{}", base_url(app), chatbot.id) },
        id: chatbot.id,
        attributes: ChatbotView {
            name: chatbot.name,
            persona: chatbot.persona,
            language: chatbot.language,
            enabled: chatbot.enabled,
            allowed_domains: chatbot.allowed_domains,
            require_user_hash: chatbot.require_user_hash,
            secret: show_secret.then_some(chatbot.secret),
            created_at: chatbot.created_at,
            updated_at: chatbot.updated_at,
        },
    }
}

/// The caller's role holds `permission` and the organization's plan the
/// `chat` module.
pub(crate) fn admit(member: &OrgMember, permission: &str) -> Result<(), ApiError> {
    member.require(permission)?;
    require_module(member.organization.plan, Module::Chat)
}

pub(crate) fn no_such_chatbot(id: &str) -> ApiError {
    ApiError::not_found(format!("the organization has no chatbot '{id}'"))
}

fn gone(id: &str) -> impl FnOnce(RepoError) -> ApiError + '_ {
    move |error| match error {
        RepoError::NotFound => no_such_chatbot(id),
        other => other.into(),
    }
}

/// The organization's chatbot `id`, or 404.
pub(crate) async fn owned(app: &AppState, member: &OrgMember, id: &str) -> Result<Chatbot, ApiError> {
    chatbots::get(app.table.as_ref(), &member.organization.id, id).await?.ok_or_else(|| no_such_chatbot(id))
}

fn attributes_of(chatbot: &Chatbot) -> ChatbotAttributes {
    ChatbotAttributes {
        name: chatbot.name.clone(),
        persona: Persona::parse(&chatbot.persona).unwrap_or_default(),
        language: Language::parse(&chatbot.language).unwrap_or(Language::En),
        enabled: chatbot.enabled,
        allowed_domains: chatbot.allowed_domains.clone(),
        require_user_hash: chatbot.require_user_hash,
    }
}

pub async fn create_chatbot(
    State(app): State<AppState>,
    member: OrgMember,
    ApiJson(body): ApiJson<ResourceBody>,
) -> Result<Response, ApiError> {
    admit(&member, "org:update")?;
    let attributes = body.for_create(RESOURCE_TYPE, "chatbot")?;
    let attributes = rules::create(&attributes, ATTRIBUTES).map_err(ApiError::invalid_fields)?;
    let now = now_text();
    let chatbot = Chatbot {
        id: uuid::Uuid::now_v7().to_string(),
        organization_id: member.organization.id.clone(),
        name: attributes.name,
        persona: attributes.persona.id().to_owned(),
        language: attributes.language.code().to_owned(),
        enabled: attributes.enabled,
        allowed_domains: attributes.allowed_domains,
        require_user_hash: attributes.require_user_hash,
        secret: rules::new_secret(),
        created_at: now.clone(),
        updated_at: now,
    };
    chatbots::create(app.table.as_ref(), &chatbot).await?;
    let resource = resource(&app, chatbot, true);
    let mut headers = HeaderMap::new();
    headers.insert(header::LOCATION, HeaderValue::from_str(&resource.links.own).map_err(ApiError::internal)?);
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    Ok((StatusCode::CREATED, headers, Document::new(resource)).into_response())
}

pub async fn list_chatbots(
    State(app): State<AppState>,
    member: OrgMember,
    RawQuery(raw): RawQuery,
) -> ApiResult<PagedDocument<ChatbotResource>> {
    admit(&member, "org:read")?;
    let all = chatbots::list(app.table.as_ref(), &member.organization.id).await?;
    let resources = all.into_iter().map(|chatbot| resource(&app, chatbot, false)).collect();
    dashboard_page(base_url(&app), "/api/chatbots", raw.as_deref(), resources)
}

pub async fn get_chatbot(State(app): State<AppState>, member: OrgMember, Path(id): Path<String>) -> ApiResult<Document<ChatbotResource>> {
    admit(&member, "org:read")?;
    Ok(Document::new(resource(&app, owned(&app, &member, &id).await?, false)))
}

pub async fn edit_chatbot(
    State(app): State<AppState>,
    member: OrgMember,
    Path(id): Path<String>,
    ApiJson(body): ApiJson<ResourceBody>,
) -> ApiResult<Document<ChatbotResource>> {
    admit(&member, "org:update")?;
    let changes = body.for_edit(RESOURCE_TYPE, &id)?;
    let current = owned(&app, &member, &id).await?;
    let edited = rules::edit(attributes_of(&current), &changes, ATTRIBUTES).map_err(ApiError::invalid_fields)?;
    let chatbot = Chatbot {
        name: edited.name,
        persona: edited.persona.id().to_owned(),
        language: edited.language.code().to_owned(),
        enabled: edited.enabled,
        allowed_domains: edited.allowed_domains,
        require_user_hash: edited.require_user_hash,
        updated_at: now_text(),
        ..current
    };
    chatbots::update(app.table.as_ref(), &chatbot).await.map_err(gone(&id))?;
    Ok(Document::new(resource(&app, chatbot, false)))
}

pub async fn delete_chatbot(State(app): State<AppState>, member: OrgMember, Path(id): Path<String>) -> ApiResult<StatusCode> {
    admit(&member, "org:update")?;
    chatbots::delete(app.table.as_ref(), &member.organization.id, &id).await.map_err(gone(&id))?;
    Ok(StatusCode::NO_CONTENT)
}

/// A new secret; the old one stops verifying at once.
pub async fn rotate_secret(State(app): State<AppState>, member: OrgMember, Path(id): Path<String>) -> Result<Response, ApiError> {
    admit(&member, "org:update")?;
    let current = owned(&app, &member, &id).await?;
    let chatbot = Chatbot { secret: rules::new_secret(), updated_at: now_text(), ..current };
    chatbots::update(app.table.as_ref(), &chatbot).await.map_err(gone(&id))?;
    let mut headers = HeaderMap::new();
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    Ok((StatusCode::OK, headers, Document::new(resource(&app, chatbot, true))).into_response())
}
