//! The organization's compatibility-date pin: GET and PATCH
//! /api/org/api-version.
//!
//! The pin applies to the organization's key requests that send no
//! `X-Api-Version`; the key middleware reads the organization from the store
//! on every request, so a new pin applies from the next request on.

use axum::Json;
use axum::extract::FromRequestParts;
use axum::extract::State;
use axum::http::header;
use axum::http::request::Parts;
use serde::{Deserialize, Deserializer};
use serde_json::{Value, json};
use shared::auth::KeyPermission;
use shared::http::Caller;
use shared::http::auth::{KeyGuard, X_API_KEY, admit_key, admit_key_for_owner};
use shared::http::member::{OrgMember, insufficient_role};
use shared::http::{ApiError, ApiJson, ApiResult, AppState};
use shared::repo::RepoError;
use shared::repo::orgs::{self, Organization};
use shared::version::{ApiVersion, BASELINE, MalformedVersion, latest};

use crate::request::{self, ATTRIBUTES};

fn date_text(date: chrono::NaiveDate) -> String {
    date.format("%Y-%m-%d").to_string()
}

/// The organization API version resource of the interface.
fn resource(organization: &Organization) -> Value {
    // A stored pin is always well formed; were it not, requests would get the baseline.
    let effective = organization.api_version.as_deref().and_then(|pin| ApiVersion::parse(pin).ok()).map_or(BASELINE, ApiVersion::effective);
    json!({
        "data": {
            "type": "organizations",
            "id": organization.id,
            "attributes": {
                "apiVersion": organization.api_version,
                "effectiveApiVersion": date_text(effective),
                "baselineApiVersion": date_text(BASELINE),
                "latestApiVersion": date_text(latest()),
            }
        }
    })
}

/// Who reads or sets the pin: a signed-in member (bearer token), or an API
/// key of the organization (the interface shows keys as the way to call
/// it). A bearer token wins when both are sent.
pub enum PinActor {
    Member(OrgMember),
    Key(Caller),
}

impl PinActor {
    /// The member, or the key admitted with `permission` when the route asks
    /// one of keys (its owner's role must hold what it stands for), else on
    /// its owner's role alone; either way with its site rule, and charged.
    async fn admit(parts: &mut Parts, app: &AppState, permission: Option<KeyPermission>) -> Result<Self, ApiError> {
        if parts.headers.contains_key(header::AUTHORIZATION) || !parts.headers.contains_key(X_API_KEY) {
            return Ok(Self::Member(OrgMember::from_request_parts(parts, app).await?));
        }
        let caller = match permission {
            Some(permission) => admit_key(app, &parts.headers, KeyGuard { permission, module: None }).await?,
            None => admit_key_for_owner(app, &parts.headers).await?,
        };
        Ok(Self::Key(caller))
    }

    fn require(&self, permission: &str) -> Result<(), ApiError> {
        match self {
            Self::Member(member) => member.require(permission),
            Self::Key(caller) if caller.owner_role.has(permission) => Ok(()),
            Self::Key(caller) => Err(insufficient_role(caller.owner_role, permission)),
        }
    }

    fn into_organization(self) -> Organization {
        match self {
            Self::Member(member) => member.organization,
            Self::Key(caller) => caller.organization,
        }
    }

    fn organization(&self) -> &Organization {
        match self {
            Self::Member(member) => &member.organization,
            Self::Key(caller) => &caller.organization,
        }
    }
}

/// Who reads the pin: any member, or any key of the organization, with its
/// owner's role (`org:read`: every role); no key permission is needed.
pub struct PinReader(PinActor);

impl FromRequestParts<AppState> for PinReader {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, app: &AppState) -> Result<Self, Self::Rejection> {
        PinActor::admit(parts, app, None).await.map(Self)
    }
}

/// Who sets the pin, which changes the answers of every client of the
/// organization: a member whose role holds `org:update`, or a key holding
/// the opt-in `api-version:write` (which stands for `org:update`, so its
/// owner's role must hold that too).
pub struct PinWriter(PinActor);

impl FromRequestParts<AppState> for PinWriter {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, app: &AppState) -> Result<Self, Self::Rejection> {
        PinActor::admit(parts, app, Some(KeyPermission::ApiVersionWrite)).await.map(Self)
    }
}

/// GET /api/org/api-version
#[tracing::instrument(name = "get_api_version", skip_all)]
pub async fn get_api_version(PinReader(actor): PinReader) -> ApiResult<Json<Value>> {
    actor.require("org:read")?;
    Ok(Json(resource(actor.organization())))
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PinRequest {
    data: PinData,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct PinData {
    #[serde(rename = "type")]
    kind: String,
    #[serde(default, deserialize_with = "shared::http::extract::not_null")]
    id: Option<String>,
    attributes: PinAttributes,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
struct PinAttributes {
    /// `None`: not sent; `Some(Null)`: clear the pin.
    #[serde(default, deserialize_with = "present")]
    api_version: Option<Value>,
}

/// Tells a sent `null` apart from a missing member.
fn present<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Option<Value>, D::Error> {
    Value::deserialize(deserializer).map(Some)
}

/// PATCH /api/org/api-version: `attributes.apiVersion` a `YYYY-MM-DD` date,
/// stored as sent (a date outside the served range is clamped when applied,
/// not refused), or `null` to clear the pin. Anything else is the
/// interface's malformed-version 400.
#[tracing::instrument(name = "set_api_version", skip_all)]
pub async fn set_api_version(
    State(app): State<AppState>,
    PinWriter(actor): PinWriter,
    ApiJson(body): ApiJson<PinRequest>,
) -> ApiResult<Json<Value>> {
    actor.require("org:update")?;
    let mut problems = Vec::new();
    request::check_identity(&body.data.kind, "organizations", body.data.id.as_deref(), Some(&actor.organization().id), &mut problems)?;
    request::reject_if_any(problems)?;
    let pin = match body.data.attributes.api_version {
        None => return Err(ApiError::missing_field(format!("{ATTRIBUTES}/apiVersion"))),
        Some(Value::Null) => None,
        Some(Value::String(text)) => {
            ApiVersion::parse(&text)?;
            Some(text)
        }
        Some(other) => return Err(MalformedVersion { value: other.to_string() }.into()),
    };

    let mut organization = actor.into_organization();
    organization.api_version = pin;
    match orgs::update_organization(app.table.as_ref(), &organization).await {
        Ok(()) => {}
        Err(RepoError::NotFound) => return Err(ApiError::not_found("no such organization")),
        Err(other) => return Err(other.into()),
    }
    tracing::info!(org = %organization.id, pin = ?organization.api_version, "api version pin set");
    Ok(Json(resource(&organization)))
}
