//! Who manages keys: a signed-in dashboard user (bearer token), or an API
//! key holding `keys:write` (the interface shows the key as the way to call
//! the service, `POST /api/api-keys` included).
//!
//! A bearer token decides whenever one is sent, so the dashboard's path is
//! exactly what it was; `X-Api-Key` is read only without one. A request with
//! neither is asked to sign in (`missing_token`), as before.
//!
//! A key is admitted as on every other key route: 401 for a missing,
//! unknown, revoked or expired key (or one whose creator key was revoked),
//! 403 without `keys:write` or from a site its `allowedDomains` refuse, and
//! the request charged like any other (one unit of the monthly quota and
//! one place in the key's minute window): the interface bills every request
//! made with a key, and a key able to make keys must not be able to call
//! without bound.

use axum::extract::FromRequestParts;
use axum::http::header;
use axum::http::request::Parts;
use shared::auth::{KeyPermission, Role};
use shared::http::auth::{KeyGuard, X_API_KEY, admit_key};
use shared::http::{ApiError, AppState, Caller, SignedInUser};
use shared::repo::api_keys::{self, ApiKeyRecord};
use shared::repo::orgs;

pub enum KeyManager {
    User(SignedInUser),
    /// Boxed: a key caller carries its whole record and organization.
    Key(Box<Caller>),
}

impl FromRequestParts<AppState> for KeyManager {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, app: &AppState) -> Result<Self, Self::Rejection> {
        if parts.headers.contains_key(header::AUTHORIZATION) || !parts.headers.contains_key(X_API_KEY) {
            return Ok(Self::User(SignedInUser::from_request_parts(parts, app).await?));
        }
        let guard = KeyGuard { permission: KeyPermission::KeysWrite, module: None };
        Ok(Self::Key(Box::new(admit_key(app, &parts.headers, guard).await?)))
    }
}

fn key_not_found() -> ApiError {
    ApiError::not_found("no such API key")
}

/// Someone else's organization looks exactly like a missing one.
fn no_such_organization() -> ApiError {
    ApiError::not_found("no such organization")
}

/// Owners and managers reach every key of their organization; a member only
/// the keys they own (rules 1 and 2).
fn user_reaches(role: Role, user_id: &str, key: &ApiKeyRecord) -> bool {
    matches!(role, Role::Owner | Role::Manager) || key.created_by == user_id
}

impl KeyManager {
    /// The user on whose behalf the keys are managed: the signed-in user, or
    /// the owner of the managing key. Keys a key makes belong to that owner.
    pub fn user_id(&self) -> &str {
        match self {
            Self::User(user) => &user.claims.sub,
            Self::Key(caller) => &caller.key.created_by,
        }
    }

    /// The managing key, when a key manages.
    pub fn key(&self) -> Option<&ApiKeyRecord> {
        match self {
            Self::User(_) => None,
            Self::Key(caller) => Some(&caller.key),
        }
    }

    /// The role the manager acts with in `organization_id`: the user's, or
    /// the key owner's (read when the key was admitted). A key acts in its
    /// own organization only.
    pub async fn role_in(&self, app: &AppState, organization_id: &str) -> Result<Role, ApiError> {
        match self {
            Self::User(user) => {
                orgs::role_of(app.table.as_ref(), organization_id, &user.claims.sub).await?.ok_or_else(no_such_organization)
            }
            Self::Key(caller) if caller.organization.id == organization_id => Ok(caller.owner_role),
            Self::Key(_) => Err(no_such_organization()),
        }
    }

    /// The key `key_id` if the manager reaches it, with the role the manager
    /// acts with in its organization. A key out of reach, or of another
    /// organization, is a 404 like a key that does not exist.
    pub async fn reachable_key(&self, app: &AppState, key_id: &str) -> Result<(ApiKeyRecord, Role), ApiError> {
        let table = app.table.as_ref();
        match self {
            Self::User(user) => {
                let user_id = user.claims.sub.as_str();
                for (org_id, role) in orgs::memberships_of(table, user_id).await? {
                    if let Some(key) = api_keys::get(table, &org_id, key_id).await? {
                        return if user_reaches(role, user_id, &key) { Ok((key, role)) } else { Err(key_not_found()) };
                    }
                }
                Err(key_not_found())
            }
            // A key reaches itself and the keys below it, nothing else: not
            // the key that made it, not its siblings, not a user's keys.
            Self::Key(caller) => match api_keys::get(table, &caller.organization.id, key_id).await? {
                Some(key) if key.is_managed_by(&caller.key.id) => Ok((key, caller.owner_role)),
                _ => Err(key_not_found()),
            },
        }
    }

    /// Every key the manager reaches, in `organization_id` only when named.
    pub async fn reachable_keys(&self, app: &AppState, organization_id: Option<&str>) -> Result<Vec<ApiKeyRecord>, ApiError> {
        let table = app.table.as_ref();
        match self {
            Self::User(user) => {
                let user_id = user.claims.sub.as_str();
                let mut memberships = orgs::memberships_of(table, user_id).await?;
                if let Some(org_id) = organization_id {
                    memberships.retain(|(id, _)| id == org_id);
                    if memberships.is_empty() {
                        return Err(no_such_organization());
                    }
                }
                let mut keys = Vec::new();
                for (org_id, role) in memberships {
                    for key in api_keys::list_for_organization(table, &org_id).await? {
                        if user_reaches(role, user_id, &key) {
                            keys.push(key);
                        }
                    }
                }
                Ok(keys)
            }
            Self::Key(caller) => {
                if organization_id.is_some_and(|id| id != caller.organization.id) {
                    return Err(no_such_organization());
                }
                let keys = api_keys::list_for_organization(table, &caller.organization.id).await?;
                Ok(keys.into_iter().filter(|key| key.is_managed_by(&caller.key.id)).collect())
            }
        }
    }
}
