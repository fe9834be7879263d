//! API-key authentication: every key route sits behind [`require_api_key`],
//! which authenticates `X-Api-Key`, applies the key's organization, checks
//! the route's permission, module and the key's allowed sites, and charges
//! the request to the key's rate limit and the organization's quota.

use crate::http::Code;
use axum::extract::{Request, State};
use axum::http::{HeaderMap, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use super::error::ApiError;
use super::state::AppState;
use crate::auth::domains::{self, DomainRefusal};
use crate::auth::{ApiKeySecret, KeyHash, KeyPermission, Module, Plan, Role};
use crate::metering::{self, Account, Refusal, Spender, Usage};
use crate::repo::api_keys::{self, ApiKeyRecord};
use crate::repo::orgs::{self, Organization};

pub const X_API_KEY: &str = "x-api-key";

/// The authenticated caller of a request made with an API key.
#[derive(Debug, Clone)]
pub struct Caller {
    pub key: ApiKeyRecord,
    pub organization: Organization,
    /// The role its creator holds now: a key never holds a permission its
    /// owner's role lacks, and a key whose owner left holds nothing.
    pub owner_role: Role,
}

impl<S: Send + Sync> axum::extract::FromRequestParts<S> for Caller {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut axum::http::request::Parts, _state: &S) -> Result<Self, Self::Rejection> {
        // Present whenever the route is behind `require_api_key`.
        parts.extensions.get::<Caller>().cloned().ok_or_else(|| ApiError::internal("route is missing its require_api_key layer"))
    }
}

/// What a route asks of a key.
#[derive(Debug, Clone, Copy)]
pub struct KeyGuard {
    pub permission: KeyPermission,
    pub module: Option<Module>,
}

/// Middleware: authenticate the key, authorize it for the route, and charge
/// the request to its rate limit and its organization's quota.
pub async fn require_api_key(State((app, guard)): State<(AppState, KeyGuard)>, mut request: Request, next: Next) -> Response {
    // A front door that already authenticated this request's key hands it
    // on (extensions are set in-process only): one lookup, not two.
    let admitted = match request.extensions_mut().remove::<IdentifiedKey>() {
        Some(IdentifiedKey(caller)) => admit_caller(&app, caller, request.headers(), guard).await,
        None => admit(&app, request.headers(), guard).await,
    };
    match admitted {
        Ok(caller) => {
            tracing::Span::current().record("org", caller.organization.id.as_str());
            request.extensions_mut().insert(caller);
            next.run(request).await
        }
        Err(error) => error.into_response(),
    }
}

/// 401s first (who is it), then 403s (may it), then 429s (can it afford it):
/// a refused request is never charged.
async fn admit(app: &AppState, headers: &HeaderMap, guard: KeyGuard) -> Result<Caller, ApiError> {
    let caller = authenticate(app, headers).await?;
    admit_caller(app, caller, headers, guard).await
}

async fn admit_caller(app: &AppState, caller: Caller, headers: &HeaderMap, guard: KeyGuard) -> Result<Caller, ApiError> {
    authorize(&caller, headers, guard)?;
    caller.charge(app, Usage::Request).await?;
    Ok(caller)
}

/// For routes that take a key or a bearer token (key management): the key
/// admitted for `guard` exactly as [`require_api_key`] does (authenticated,
/// its permission and site checked, the request charged like any other).
pub async fn admit_key(app: &AppState, headers: &HeaderMap, guard: KeyGuard) -> Result<Caller, ApiError> {
    let caller = admit(app, headers, guard).await?;
    tracing::Span::current().record("org", caller.organization.id.as_str());
    Ok(caller)
}

/// For a front door that admits a key once and charges per operation (the
/// MCP server: its handshake and tool list are free, each tool call goes
/// through its route's own guard): the key authenticated, nothing else
/// checked and nothing charged. 401s as [`require_api_key`] gives them.
pub async fn identify_key(app: &AppState, headers: &HeaderMap) -> Result<IdentifiedKey, ApiError> {
    authenticate(app, headers).await.map(IdentifiedKey)
}

/// A key [`identify_key`] authenticated for the request in hand. Put in the
/// extensions of a request made in-process for the same caller, it spares
/// [`require_api_key`] a second lookup; the route's permission, module,
/// sites, rate limit and quota are checked as ever. Only this module makes
/// one, so no client can present it.
#[derive(Debug, Clone)]
pub struct IdentifiedKey(Caller);

/// For the few routes a key reaches on its owner's behalf rather than by a
/// key permission (reading the organization's version pin; setting it
/// takes `api-version:write`, through [`admit_key`]): the key authenticated,
/// its site rule, and the request charged. The handler checks the owner's
/// role (`Caller::owner_role`).
pub async fn admit_key_for_owner(app: &AppState, headers: &HeaderMap) -> Result<Caller, ApiError> {
    let caller = authenticate(app, headers).await?;
    check_site(&caller.key, headers)?;
    caller.charge(app, Usage::Request).await?;
    tracing::Span::current().record("org", caller.organization.id.as_str());
    Ok(caller)
}

/// For signed links (chart images): the key a link names, looked up by id
/// in the organization the link names, checked as if it had been presented
/// now: the organization still exists, the key is neither revoked nor
/// expired (nor made by a revoked key), its owner is still a member, it and
/// its owner's role hold `permission`, and the site rule for links (see
/// [`check_link_site`]). Nothing is charged: the caller charges once it
/// knows it will render.
pub async fn admit_link_key(
    app: &AppState,
    organization_id: &str,
    key_id: &str,
    headers: &HeaderMap,
    permission: KeyPermission,
) -> Result<Caller, ApiError> {
    let pointer = app.key_pointers.by_id(organization_id, key_id);
    let standing = api_keys::standing(app.table.as_ref(), &pointer).await?;
    let organization_gone = || ApiError::coded(Code::RevokedLink, "the organization that made this link no longer exists");
    let Some(standing) = standing else {
        // A deleted organization takes its keys with it: say which is gone.
        return Err(match orgs::get_organization(app.table.as_ref(), organization_id).await? {
            None => organization_gone(),
            Some(_) => ApiError::coded(Code::RevokedApiKey, "the API key that made this link no longer exists"),
        });
    };
    if pointer.lineage.is_none() {
        app.key_pointers.learn(None, &standing.key);
    }
    let organization = standing.organization.ok_or_else(organization_gone)?;
    tracing::Span::current().record("org", organization.id.as_str());
    refuse_lapsed(&standing.key, standing.creator_revoked, "the API key that made this link")?;
    let owner_role = owner_role(standing.owner_role)?;
    let caller = Caller { key: standing.key, organization, owner_role };
    check_grant(&caller, KeyGuard { permission, module: None })?;
    check_link_site(&caller.key, headers)?;
    Ok(caller)
}

/// The key's `allowedDomains` for a signed link: a request naming a site
/// (`Origin`, else `Referer`) must name an allowed one; a request naming
/// none is let through. Unlike a key, a link is made to be opened where
/// no header names the page: an `<img>` on a page with
/// `Referrer-Policy: no-referrer`, a link opened directly or from a mail.
/// The link itself is the credential (signed, expiring, revocable with its
/// key); the rule stops another site from embedding it.
fn check_link_site(key: &ApiKeyRecord, headers: &HeaderMap) -> Result<(), ApiError> {
    let header = |name: header::HeaderName| headers.get(name).and_then(|value| value.to_str().ok());
    if domains::requesting_site(header(header::ORIGIN), header(header::REFERER)).is_none() {
        return Ok(());
    }
    check_site(key, headers)
}

/// Who is calling: at most two reads, one once the key's pointer is known
/// to this process (see [`api_keys::PointerCache`]).
async fn authenticate(app: &AppState, headers: &HeaderMap) -> Result<Caller, ApiError> {
    let Some(raw) = headers.get(X_API_KEY) else {
        return Err(ApiError::coded(Code::MissingApiKey, "send your API key in the X-Api-Key header"));
    };
    let invalid = || ApiError::coded(Code::InvalidApiKey, "the API key is not valid");
    let presented = ApiKeySecret::presented(raw.to_str().map_err(|_| invalid())?.trim());
    if !presented.is_well_formed() {
        return Err(invalid());
    }
    let hash = presented.hash();
    let pointer = app.key_pointers.by_hash(app.table.as_ref(), &hash).await?.ok_or_else(invalid)?;
    let standing = api_keys::standing(app.table.as_ref(), &pointer).await?.ok_or_else(invalid)?;
    // The record must carry the presented hash (compared in constant time):
    // a rotated-away secret leads to a record that has a new one.
    let stored = KeyHash::from_hex(&standing.key.hash).ok_or_else(|| ApiError::internal("a stored key hash is corrupt"))?;
    if !stored.matches(&hash) {
        return Err(invalid());
    }
    if pointer.lineage.is_none() {
        app.key_pointers.learn(Some(&hash), &standing.key);
    }
    refuse_lapsed(&standing.key, standing.creator_revoked, "the API key")?;
    let organization = standing.organization.ok_or_else(invalid)?;
    tracing::Span::current().record("org", organization.id.as_str());
    let owner_role = owner_role(standing.owner_role)?;
    Ok(Caller { key: standing.key, organization, owner_role })
}

/// What every use of a key refuses, `subject` naming the key in the
/// message: a revoked or expired key, and a key below a revoked one. A key
/// made by a key lives only as long as the keys above it: revoking a key
/// revokes what it made too (the management route marks them), and this
/// holds even if that marking failed half-way or raced with a key being made.
fn refuse_lapsed(key: &ApiKeyRecord, creator_revoked: bool, subject: &str) -> Result<(), ApiError> {
    if key.revoked_at.is_some() {
        return Err(ApiError::coded(Code::RevokedApiKey, format!("{subject} has been revoked")));
    }
    if key.is_expired(chrono::Utc::now().timestamp()) {
        return Err(ApiError::coded(Code::ExpiredApiKey, format!("{subject} has expired")));
    }
    if creator_revoked {
        return Err(ApiError::coded(Code::RevokedApiKey, "the API key that created this key has been revoked"));
    }
    Ok(())
}

/// The owner's role now. Removing a member revokes their keys; this holds
/// even if that failed half-way or raced with a key being created.
fn owner_role(role: Option<Role>) -> Result<Role, ApiError> {
    role.ok_or_else(|| ApiError::coded(Code::RevokedApiKey, "the API key's owner is no longer a member of the organization"))
}

fn authorize(caller: &Caller, headers: &HeaderMap, guard: KeyGuard) -> Result<(), ApiError> {
    check_grant(caller, guard)?;
    check_site(&caller.key, headers)
}

/// 403 `module_not_in_plan` unless `plan` includes `module`: for keys,
/// dashboard members and widget and chatbot visitors alike.
pub fn require_module(plan: Plan, module: Module) -> Result<(), ApiError> {
    if plan.modules().contains(&module) {
        return Ok(());
    }
    Err(ApiError::coded(
        Code::ModuleNotInPlan,
        format!("the organization's '{}' plan does not include the '{}' module", plan.id(), module.id()),
    ))
}

/// The route's permission (held by the key and its owner's role) and module
/// (in the plan, and not restricted away by the key).
fn check_grant(caller: &Caller, guard: KeyGuard) -> Result<(), ApiError> {
    let key = &caller.key;
    if !key.permissions.contains(&guard.permission) || !caller.owner_role.has(guard.permission.role_permission()) {
        return Err(ApiError::coded(Code::PermissionDenied, format!("the API key lacks the '{}' permission", guard.permission.id())));
    }
    if let Some(module) = guard.module {
        require_module(caller.organization.plan, module)?;
        if !key.modules.is_empty() && !key.modules.contains(&module) {
            return Err(ApiError::coded(
                Code::ModuleNotAllowed,
                format!("the API key is restricted away from the '{}' module", module.id()),
            ));
        }
    }
    Ok(())
}

/// The key's `allowedDomains` against the request's `Origin`, else `Referer`.
fn check_site(key: &ApiKeyRecord, headers: &HeaderMap) -> Result<(), ApiError> {
    let header = |name: header::HeaderName| headers.get(name).and_then(|value| value.to_str().ok());
    domains::check(&key.allowed_domains, header(header::ORIGIN), header(header::REFERER))
        .map_err(|refusal| domain_refusal("the API key", refusal))
}

/// The 403 of a site refused by `whose` allowed sites (`the API key`, `the widget`).
pub(crate) fn domain_refusal(whose: &str, refusal: DomainRefusal) -> ApiError {
    match refusal {
        DomainRefusal::NoSite => ApiError::coded(
            Code::DomainNotAllowed,
            format!("{whose} only works from its allowed sites, and the request names none (no Origin or Referer header)"),
        ),
        DomainRefusal::NotAllowed { host } => {
            ApiError::coded(Code::DomainNotAllowed, format!("{whose} is not allowed on the site '{host}'"))
        }
    }
}

impl Caller {
    /// A permission and module a handler needs beyond its route's guard (a
    /// signed link's): 403 with the same codes as a route's refusal.
    pub fn require(&self, permission: KeyPermission, module: Module) -> Result<(), ApiError> {
        check_grant(self, KeyGuard { permission, module: Some(module) })
    }

    /// Interpretation texts (`includeText`) are content: the key needs
    /// `content:read` and the `content` module, as for `/api/content/*`
    /// (decisions: "content:read → /api/content/* and interpretation text").
    /// A refusal gives the request's unit back: refused requests are never
    /// charged.
    pub async fn may_read_texts(&self, app: &AppState) -> Result<(), ApiError> {
        let guard = KeyGuard { permission: KeyPermission::ContentRead, module: Some(Module::Content) };
        // The site was checked for the request already; texts add no site rule.
        let Err(refusal) = check_grant(self, guard) else { return Ok(()) };
        self.charge(app, Usage::RequestRefund).await?;
        Err(match refusal {
            ApiError::Client { status, mut errors, retry_after } => {
                for error in &mut errors {
                    error.detail = format!("includeText: {}", error.detail);
                    error.source = Some(super::error::ErrorSource { pointer: "/includeText".into(), parameter: None });
                }
                ApiError::Client { status, errors, retry_after }
            }
            other => other,
        })
    }

    /// Charges `usage` to the key and its organization: every keyed request
    /// pays [`Usage::Request`] in the middleware; a signed link's handler
    /// charges for itself (an AI summary generated anew: [`Usage::NewSummary`]).
    pub async fn charge(&self, app: &AppState, usage: Usage) -> Result<(), ApiError> {
        let account = Account {
            organization_id: &self.organization.id,
            plan: self.organization.plan,
            spender: Spender::Key { id: &self.key.id, rate_limit_per_minute: self.key.rate_limit_per_minute },
        };
        charge(app, &account, usage).await
    }
}

/// Charges `usage` to `account`; a refusal is the API's 429 with its
/// `Retry-After`.
pub(crate) async fn charge(app: &AppState, account: &Account<'_>, usage: Usage) -> Result<(), ApiError> {
    match metering::charge(app.meter.as_ref(), account, usage, chrono::Utc::now()).await {
        Ok(()) => Ok(()),
        Err(refusal @ Refusal::RateLimited { retry_after_seconds, .. }) => {
            Err(ApiError::too_many_requests(Code::RateLimited, refusal.to_string(), retry_after_seconds))
        }
        Err(refusal @ Refusal::QuotaExhausted { retry_after_seconds, .. }) => {
            Err(ApiError::too_many_requests(Code::QuotaExceeded, refusal.to_string(), retry_after_seconds))
        }
        Err(Refusal::Store(error)) => Err(error.into()),
    }
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
            .ok_or_else(|| ApiError::coded(Code::MissingToken, "sign in: send Authorization: Bearer <token>"))?;
        let verifier = app.jwt.as_ref().ok_or_else(|| {
            tracing::error!("a bearer token was presented but no JWT key is configured");
            ApiError::coded(Code::InvalidToken, "the bearer token is invalid or expired")
        })?;
        let claims = verifier.verify(token).map_err(|_| ApiError::coded(Code::InvalidToken, "the bearer token is invalid or expired"))?;
        Ok(Self { claims })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::auth::Plan;

    fn caller(plan: Plan, key_modules: Vec<Module>) -> Caller {
        Caller {
            key: ApiKeyRecord {
                id: "k".into(),
                organization_id: "o".into(),
                name: "n".into(),
                prefix: "ak_".into(),
                hash: String::new(),
                permissions: KeyPermission::ALL.to_vec(),
                modules: key_modules,
                allowed_domains: Vec::new(),
                created_by: "u".into(),
                creator_keys: Vec::new(),
                created_at: String::new(),
                expires_at: None,
                revoked_at: None,
                rate_limit_per_minute: None,
                revision: 0,
            },
            organization: Organization { id: "o".into(), name: "O".into(), plan, api_version: None, created_at: String::new() },
            owner_role: Role::Member,
        }
    }

    fn code(result: Result<(), ApiError>) -> Option<String> {
        match result {
            Ok(()) => None,
            Err(ApiError::Client { errors, .. }) => Some(errors[0].code.clone()),
            Err(other) => panic!("{other:?}"),
        }
    }

    /// Module refusals say whether the plan or the key is the reason; every
    /// plan is checked against every module.
    #[test]
    fn modules_are_the_plan_intersected_with_the_key() {
        let headers = HeaderMap::new();
        for plan in Plan::ALL {
            for module in Module::ALL {
                let guard = KeyGuard { permission: KeyPermission::CalcRead, module: Some(module) };
                let expected = (!plan.modules().contains(&module)).then(|| "module_not_in_plan".to_owned());
                assert_eq!(code(authorize(&caller(plan, Vec::new()), &headers, guard)), expected, "{plan:?} {module:?}");
                let other = Module::ALL.into_iter().find(|m| *m != module).unwrap();
                let restricted = code(authorize(&caller(plan, vec![other]), &headers, guard));
                let expected = expected.or_else(|| Some("module_not_allowed".to_owned()));
                assert_eq!(restricted, expected, "{plan:?} {module:?} key restricted to {other:?}");
            }
        }
        assert!(!Plan::Free.modules().contains(&Module::AiSummary));
        assert!(Plan::Premium.modules().contains(&Module::AiSummary) && Plan::Deluxe.modules().contains(&Module::AiSummary));
    }

    #[test]
    fn the_permission_is_checked_first() {
        let mut restricted = caller(Plan::Free, Vec::new());
        restricted.key.permissions = vec![KeyPermission::ContentRead];
        let guard = KeyGuard { permission: KeyPermission::CalcRead, module: Some(Module::Chat) };
        assert_eq!(code(authorize(&restricted, &HeaderMap::new(), guard)).as_deref(), Some("permission_denied"));
    }
}
