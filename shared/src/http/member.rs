//! The organization a dashboard request acts on, and the caller's role in it.
//!
//! `/api/org/*` routes take a signed-in user (bearer token) and act on one
//! organization: the one named by the `X-Organization-Id` header or else the
//! `organizationId` query parameter; when neither is sent, the user's only
//! organization. The role is read from the store on every request, so a role
//! change applies at once.

use crate::http::Code;
use axum::extract::FromRequestParts;
use axum::http::HeaderName;
use axum::http::request::Parts;

use super::auth::SignedInUser;
use super::error::ApiError;
use super::state::AppState;
use super::version::query_value;
use crate::auth::Role;
use crate::auth::jwt::UserClaims;
use crate::repo::orgs::{self, Organization};

pub const X_ORGANIZATION_ID: HeaderName = HeaderName::from_static("x-organization-id");
pub const ORGANIZATION_ID_PARAM: &str = "organizationId";

/// A signed-in user acting as a member of one organization.
#[derive(Debug, Clone)]
pub struct OrgMember {
    pub user: UserClaims,
    pub organization: Organization,
    pub role: Role,
}

impl OrgMember {
    pub fn user_id(&self) -> &str {
        &self.user.sub
    }

    /// 403 `insufficient_role` unless the caller's role holds `permission`.
    pub fn require(&self, permission: &str) -> Result<(), ApiError> {
        if self.role.has(permission) { Ok(()) } else { Err(insufficient_role(self.role, permission)) }
    }
}

pub fn insufficient_role(role: Role, permission: &str) -> ApiError {
    ApiError::coded(Code::InsufficientRole, format!("the {} role lacks the '{permission}' permission", role.id()))
}

/// Someone else's organization looks exactly like one that does not exist.
fn no_such_organization() -> ApiError {
    ApiError::not_found("no such organization")
}

/// The organization id the request names, if any: the header wins over the
/// query parameter. The query is read leniently (other parameters are not
/// this extractor's business).
fn named_organization(parts: &Parts) -> Result<Option<String>, ApiError> {
    if let Some(value) = parts.headers.get(&X_ORGANIZATION_ID) {
        // An id that is not text names no organization of this user.
        let text = value.to_str().map_err(|_| no_such_organization())?.trim();
        if !text.is_empty() {
            return Ok(Some(text.to_owned()));
        }
    }
    Ok(query_value(parts.uri.query(), ORGANIZATION_ID_PARAM).map(|v| v.trim().to_owned()).filter(|v| !v.is_empty()))
}

impl FromRequestParts<AppState> for OrgMember {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, app: &AppState) -> Result<Self, Self::Rejection> {
        let SignedInUser { claims } = SignedInUser::from_request_parts(parts, app).await?;
        let table = app.table.as_ref();
        let org_id = match named_organization(parts)? {
            Some(org_id) => org_id,
            None => {
                let mut memberships = orgs::memberships_of(table, &claims.sub).await?;
                match memberships.len() {
                    0 => return Err(ApiError::not_found("you do not belong to any organization")),
                    1 => memberships.swap_remove(0).0,
                    _ => {
                        return Err(ApiError::bad_request(
                            Code::OrganizationRequired,
                            "you belong to several organizations: name one with the X-Organization-Id header or the organizationId query parameter",
                        ));
                    }
                }
            }
        };
        // The membership under the organization is the authority on the role.
        let role = orgs::role_of(table, &org_id, &claims.sub).await?.ok_or_else(no_such_organization)?;
        let organization = orgs::get_organization(table, &org_id).await?.ok_or_else(no_such_organization)?;
        tracing::Span::current().record("org", organization.id.as_str());
        Ok(Self { user: claims, organization, role })
    }
}
