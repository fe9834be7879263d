//! Listing, reading, rotating and revoking keys, under the interface's key
//! management rules:
//! 1. owners and managers reach every key of their organization;
//! 2. a member reaches only the keys they created;
//! 3. rotation keeps the key's owner (its creator);
//! 4. a rotated key keeps only the permissions its owner's role allows now
//!    (rotation never takes new permissions, so it cannot widen a key); an
//!    edit (`edit.rs`) gives new permissions only within both the owner's
//!    and the editor's role.
//!
//! A key out of reach, or of another organization, is a 404, the same as a
//! key that does not exist.
//!
//! An API key with `keys:write` (see `actor.rs`) reaches itself and the keys
//! below it (made by it, or by keys it made), and rotates only keys no wider
//! than itself, since rotation hands it the new secret. Revoking a key
//! revokes the keys below it too.

use axum::Json;
use axum::extract::{Path, Query, RawQuery, State};
use axum::http::StatusCode;
use serde::Deserialize;
use serde_json::{Value, json};
use shared::auth::Role;
use shared::http::Code;
use shared::http::page::{LinkBase, PageRequest};
use shared::http::{ApiError, ApiResult, AppState};
use shared::repo::RepoError;
use shared::repo::api_keys::{self, ApiKeyRecord};
use shared::repo::orgs;

use crate::actor::KeyManager;
use crate::view::KeyView;
use crate::within::refuse_beyond_key;

/// A revoked key is final: it is neither rotated nor edited back to life.
pub(crate) fn refuse_revoked(key: &ApiKeyRecord, action: &str) -> Result<(), ApiError> {
    match key.revoked_at {
        Some(_) => Err(ApiError::coded(Code::KeyRevoked, format!("a revoked key cannot be {action}; create a new one"))),
        None => Ok(()),
    }
}

/// The role of the key's owner now, from the store: a key never holds more
/// than that role allows.
pub(crate) async fn owner_role(app: &AppState, key: &ApiKeyRecord) -> Result<Role, ApiError> {
    orgs::role_of(app.table.as_ref(), &key.organization_id, &key.created_by)
        .await?
        .ok_or_else(|| ApiError::coded(Code::OwnerNotMember, "the key's owner is no longer a member of the organization; create a new key"))
}

#[derive(Debug, Deserialize)]
/// Other query parameters (`api_version`, which every endpoint accepts) are
/// not this handler's business.
#[serde(rename_all = "camelCase")]
pub struct ListQuery {
    organization_id: Option<String>,
}

/// GET /api/api-keys[?organizationId=]: the keys the manager reaches, a
/// page at a time (`page[number]`, `page[size]`).
#[tracing::instrument(name = "list_api_keys", skip_all)]
pub async fn list_api_keys(
    State(app): State<AppState>,
    manager: KeyManager,
    Query(query): Query<ListQuery>,
    RawQuery(raw): RawQuery,
) -> ApiResult<Json<Value>> {
    let page = PageRequest::from_query(raw.as_deref())?;
    let keys = manager.reachable_keys(&app, query.organization_id.as_deref()).await?;
    let base_url = app.config.public_base_url.as_deref().unwrap_or("");
    let (keys, envelope) = page.slice(keys, &LinkBase::new(base_url, "/api/api-keys", raw.as_deref()));
    let data: Vec<_> = keys.into_iter().map(|key| KeyView::of(key, None)).collect();
    Ok(Json(json!({ "data": data, "links": envelope.links, "meta": { "page": envelope.page } })))
}

/// GET /api/api-keys/{id}
#[tracing::instrument(name = "get_api_key", skip_all)]
pub async fn get_api_key(State(app): State<AppState>, manager: KeyManager, Path(key_id): Path<String>) -> ApiResult<Json<Value>> {
    let (key, _) = manager.reachable_key(&app, &key_id).await?;
    Ok(Json(json!({ "data": KeyView::of(key, None) })))
}

/// POST /api/api-keys/{id}/rotate: a new secret, shown once; the old one
/// stops working at once.
#[tracing::instrument(name = "rotate_api_key", skip_all)]
pub async fn rotate_api_key(State(app): State<AppState>, manager: KeyManager, Path(key_id): Path<String>) -> ApiResult<Json<Value>> {
    let (key, _) = manager.reachable_key(&app, &key_id).await?;
    refuse_revoked(&key, "rotated")?;
    let owner_role = owner_role(&app, &key).await?;
    let permissions: Vec<_> = key.permissions.iter().copied().filter(|p| owner_role.has(p.role_permission())).collect();
    if let Some(rotating) = manager.key() {
        let rotated = ApiKeyRecord { permissions: permissions.clone(), ..key.clone() };
        refuse_beyond_key(&rotated.scope(), rotating, None)?;
    }
    let (rotated, secret) = api_keys::rotate(app.table.as_ref(), &key, permissions).await.map_err(|error| match error {
        RepoError::Revoked => ApiError::coded(Code::KeyRevoked, "the key was revoked; a revoked key cannot be rotated"),
        RepoError::Contended => ApiError::coded(Code::KeyChanged, "the key was rotated by someone else meanwhile; read it again"),
        other => other.into(),
    })?;
    tracing::info!(key_id = %rotated.id, prefix = %rotated.prefix, "api key rotated");
    Ok(Json(json!({ "data": KeyView::of(rotated, Some(&secret)) })))
}

/// DELETE /api/api-keys/{id}: revokes the key and the keys below it (they
/// stay listed, revoked). Also for a key already revoked, which finishes a
/// revocation of the keys below that was cut short.
#[tracing::instrument(name = "revoke_api_key", skip_all)]
pub async fn revoke_api_key(State(app): State<AppState>, manager: KeyManager, Path(key_id): Path<String>) -> ApiResult<StatusCode> {
    let (key, _) = manager.reachable_key(&app, &key_id).await?;
    if key.revoked_at.is_none() {
        let revoked = api_keys::revoke(app.table.as_ref(), &key).await?;
        tracing::info!(key_id = %revoked.id, "api key revoked");
    }
    for below in api_keys::revoke_below(app.table.as_ref(), &key).await? {
        tracing::info!(key_id = %below.id, revoked_with = %key.id, "api key revoked with the key that made it");
    }
    Ok(StatusCode::NO_CONTENT)
}
