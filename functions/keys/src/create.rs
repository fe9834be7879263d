//! POST /api/api-keys: create a key; the full key is in this answer only.
//!
//! A signed-in user creates keys in any organization they belong to. A key
//! with `keys:write` creates keys in its own organization only, owned by its
//! own owner, and never with more than it holds (`within.rs`): attributes
//! mean the same whoever sends them (no permissions: the default set; no
//! modules or allowedDomains: no restriction; no expiresIn: never expires;
//! no rateLimitPerMinute: no per-key limit), and what exceeds the creating
//! key is refused, not silently narrowed.

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use serde::Deserialize;
use shared::auth::scope::KeyScope;
use shared::auth::{KeyPermission, Module, Role};
use shared::http::Code;
use shared::http::{ApiError, ApiJson, ApiResult, AppState, whole};
use shared::repo::api_keys::{self, NewKey};

use crate::actor::KeyManager;
use crate::attributes::{self, Problems};
use crate::view::KeyView;
use crate::within::{Sent, refuse_beyond_key};

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CreateKeyRequest {
    data: CreateKeyData,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct CreateKeyData {
    #[serde(rename = "type")]
    kind: String,
    attributes: CreateKeyAttributes,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
struct CreateKeyAttributes {
    name: String,
    organization_id: String,
    permissions: Option<Vec<String>>,
    modules: Option<Vec<String>>,
    allowed_domains: Option<Vec<String>>,
    /// Seconds from now.
    #[serde(default, deserialize_with = "whole::optional")]
    expires_in: Option<i64>,
    #[serde(default, deserialize_with = "whole::optional")]
    rate_limit_per_minute: Option<u32>,
}

/// A create request whose every attribute is valid (the creator's rights
/// not yet weighed).
struct CheckedKey {
    given: CreateKeyAttributes,
    name: String,
    permissions: Vec<KeyPermission>,
    modules: Vec<Module>,
    allowed_domains: Vec<String>,
}

impl CreateKeyRequest {
    /// Every bad attribute, each with its pointer, in one 422.
    fn check(self) -> Result<CheckedKey, ApiError> {
        let mut problems = Problems::default();
        attributes::check_type(&self.data.kind, &mut problems);
        let given = self.data.attributes;
        let name = attributes::name(&given.name, &mut problems);
        let permissions = match &given.permissions {
            // Never `keys:write`: a key that makes keys is asked for by name.
            None => KeyPermission::DEFAULT.to_vec(),
            Some(ids) => attributes::permissions(ids, &mut problems),
        };
        let modules = given.modules.as_deref().map(|ids| attributes::modules(ids, &mut problems)).unwrap_or_default();
        let allowed_domains = attributes::allowed_domains(given.allowed_domains.clone().unwrap_or_default(), &mut problems);
        if let Some(seconds) = given.expires_in {
            attributes::expires_in(seconds, &mut problems);
        }
        if let Some(limit) = given.rate_limit_per_minute {
            attributes::rate_limit(limit, &mut problems);
        }
        problems.into_result()?;
        Ok(CheckedKey { given, name, permissions, modules, allowed_domains })
    }
}

/// The lineage of the new key: refused when it would hold more than the
/// key creating it (none for a signed-in user).
fn within_creator(manager: &KeyManager, key: &CheckedKey) -> Result<Vec<String>, ApiError> {
    let Some(creator) = manager.key() else { return Ok(Vec::new()) };
    let requested = KeyScope {
        permissions: &key.permissions,
        modules: &key.modules,
        allowed_domains: &key.allowed_domains,
        expires_at: key.given.expires_in.map(|seconds| chrono::Utc::now().timestamp() + seconds),
        rate_limit_per_minute: key.given.rate_limit_per_minute,
    };
    let sent = Sent {
        permissions: key.given.permissions.as_deref(),
        modules: key.given.modules.as_deref(),
        allowed_domains: Some(&key.allowed_domains),
        sets_expiry: true,
    };
    refuse_beyond_key(&requested, creator, Some(sent))?;
    Ok(creator.lineage_for_child())
}

#[tracing::instrument(name = "create_api_key", skip_all)]
pub async fn create_api_key(
    State(app): State<AppState>,
    manager: KeyManager,
    ApiJson(body): ApiJson<CreateKeyRequest>,
) -> ApiResult<(StatusCode, Json<serde_json::Value>)> {
    let key = body.check()?;
    // Someone else's organization looks exactly like a missing one.
    let role = manager.role_in(&app, &key.given.organization_id).await?;
    if let Some(beyond) = attributes::beyond_role(&key.permissions, role, Role::has) {
        return Err(ApiError::coded(Code::PermissionExceedsRole, format!("a {} cannot give a key '{}'", role.id(), beyond.id())));
    }
    let creator_keys = within_creator(&manager, &key)?;
    let (record, secret) = api_keys::issue(
        app.table.as_ref(),
        NewKey {
            organization_id: key.given.organization_id,
            name: key.name,
            permissions: key.permissions,
            modules: key.modules,
            allowed_domains: key.allowed_domains,
            created_by: manager.user_id().to_owned(),
            creator_keys,
            expires_in_seconds: key.given.expires_in,
            expires_by: manager.key().and_then(|creator| creator.expires_at),
            rate_limit_per_minute: key.given.rate_limit_per_minute,
        },
    )
    .await?;
    tracing::info!(key_id = %record.id, prefix = %record.prefix, "api key created");
    let created = KeyView::of(record, Some(&secret));
    Ok((StatusCode::CREATED, Json(serde_json::json!({ "data": created }))))
}
