//! API-key authentication: every calculation route sits behind
//! [`require_api_key`], which authenticates `X-Api-Key`, applies the key's
//! organization and checks the route's permission.

use axum::extract::{Request, State};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use super::error::ApiError;
use super::state::AppState;
use crate::auth::{ApiKeySecret, KeyPermission};
use crate::repo::api_keys::{self, ApiKeyRecord};
use crate::repo::orgs::{self, Organization};

pub const X_API_KEY: &str = "x-api-key";

/// The authenticated caller of a request made with an API key.
#[derive(Debug, Clone)]
pub struct Caller {
    pub key: ApiKeyRecord,
    pub organization: Organization,
}

impl<S: Send + Sync> axum::extract::FromRequestParts<S> for Caller {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut axum::http::request::Parts, _state: &S) -> Result<Self, Self::Rejection> {
        // Present whenever the route is behind `require_api_key`.
        parts.extensions.get::<Caller>().cloned().ok_or_else(|| ApiError::internal("route is missing its require_api_key layer"))
    }
}

/// Middleware: authenticate and authorize with `permission`.
pub async fn require_api_key(State((app, permission)): State<(AppState, KeyPermission)>, mut request: Request, next: Next) -> Response {
    match authenticate(&app, request.headers(), permission).await {
        Ok(caller) => {
            tracing::Span::current().record("org", caller.organization.id.as_str());
            request.extensions_mut().insert(caller);
            next.run(request).await
        }
        Err(error) => error.into_response(),
    }
}

async fn authenticate(app: &AppState, headers: &axum::http::HeaderMap, permission: KeyPermission) -> Result<Caller, ApiError> {
    let Some(raw) = headers.get(X_API_KEY) else {
        return Err(ApiError::unauthorized("missing_api_key", "send your API key in the X-Api-Key header"));
    };
    let invalid = || ApiError::unauthorized("invalid_api_key", "the API key is not valid");
    let presented = ApiKeySecret::presented(raw.to_str().map_err(|_| invalid())?.trim());
    if !presented.is_well_formed() {
        return Err(invalid());
    }
    let key = api_keys::find_by_hash(app.table.as_ref(), &presented.hash()).await?.ok_or_else(invalid)?;
    if key.revoked_at.is_some() {
        return Err(ApiError::unauthorized("revoked_api_key", "the API key has been revoked"));
    }
    if key.is_expired(chrono::Utc::now().timestamp()) {
        return Err(ApiError::unauthorized("expired_api_key", "the API key has expired"));
    }
    let organization = orgs::get_organization(app.table.as_ref(), &key.organization_id).await?.ok_or_else(invalid)?;
    if !key.permissions.contains(&permission) {
        return Err(ApiError::forbidden("permission_denied", format!("the API key lacks the '{}' permission", permission.id())));
    }
    Ok(Caller { key, organization })
}

/// A dashboard user signed in with `Authorization: Bearer <JWT>`.
#[derive(Debug, Clone)]
pub struct SignedInUser {
    pub claims: crate::auth::jwt::UserClaims,
}

impl axum::extract::FromRequestParts<AppState> for SignedInUser {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut axum::http::request::Parts, app: &AppState) -> Result<Self, Self::Rejection> {
        let token = parts
            .headers
            .get(axum::http::header::AUTHORIZATION)
            .and_then(|value| value.to_str().ok())
            .and_then(|value| value.strip_prefix("Bearer ").or_else(|| value.strip_prefix("bearer ")))
            .map(str::trim)
            .ok_or_else(|| ApiError::unauthorized("missing_token", "sign in: send Authorization: Bearer <token>"))?;
        let verifier = app.jwt.as_ref().ok_or_else(|| {
            tracing::error!("a bearer token was presented but no JWT key is configured");
            ApiError::unauthorized("invalid_token", "the bearer token is invalid or expired")
        })?;
        let claims =
            verifier.verify(token).map_err(|_| ApiError::unauthorized("invalid_token", "the bearer token is invalid or expired"))?;
        Ok(Self { claims })
    }
}
