//! A key managing keys never makes, edits or rotates a key into more than
//! it holds itself (the rules are in `shared::auth::scope`). Every excess is
//! named at once, in one 403, each error pointing at the attribute (and the
//! list entry) that asks for too much.

use shared::auth::scope::{Excess, KeyScope, excesses};
use shared::http::ApiError;
use shared::http::Code;
use shared::repo::api_keys::ApiKeyRecord;

use crate::attributes::ATTRIBUTES;

/// What the request body sent, to point at it. `None` for a request without
/// a body (rotation).
#[derive(Debug, Default, Clone, Copy)]
pub(crate) struct Sent<'a> {
    pub permissions: Option<&'a [String]>,
    pub modules: Option<&'a [String]>,
    pub allowed_domains: Option<&'a [String]>,
    /// Whether the body sets the expiry (creation does, an edit cannot).
    pub sets_expiry: bool,
}

/// 403 unless `inner` is within the managing key `manager`.
pub(crate) fn refuse_beyond_key(inner: &KeyScope<'_>, manager: &ApiKeyRecord, sent: Option<Sent<'_>>) -> Result<(), ApiError> {
    let found = excesses(inner, &manager.scope());
    if found.is_empty() {
        return Ok(());
    }
    // Rotation hands the new secret to the rotating key: it would then hold
    // whatever the rotated key holds.
    let context = if sent.is_none() { "rotation hands over the key's secret: " } else { "" };
    let parts = found
        .iter()
        .map(|excess| {
            let (code, pointer, detail) = describe(excess, manager, sent);
            (code, pointer, format!("{context}{detail}"))
        })
        .collect();
    Err(ApiError::forbidden_parts(parts))
}

/// The pointer to `field`, at the entry `value` when the body listed it.
fn pointer<'a>(
    sent: Option<Sent<'a>>,
    field: &str,
    list: impl Fn(Sent<'a>) -> Option<&'a [String]>,
    value: Option<&str>,
) -> Option<String> {
    let sent = sent?;
    let index = value.and_then(|value| list(sent).and_then(|entries| entries.iter().position(|entry| entry == value)));
    Some(match index {
        Some(index) => format!("{ATTRIBUTES}/{field}/{index}"),
        None => format!("{ATTRIBUTES}/{field}"),
    })
}

fn timestamp(at: i64) -> String {
    chrono::DateTime::from_timestamp(at, 0).map_or_else(|| at.to_string(), |at| at.to_rfc3339_opts(chrono::SecondsFormat::Secs, true))
}

fn describe(excess: &Excess, manager: &ApiKeyRecord, sent: Option<Sent<'_>>) -> (Code, Option<String>, String) {
    let modules = || manager.modules.iter().map(|m| m.id()).collect::<Vec<_>>().join(", ");
    // The key's own sites are not repeated in each error (there may be a
    // hundred, and as many errors): the key's owner reads them on the key.
    let sites = manager.allowed_domains.len();
    match excess {
        Excess::Permission(permission) => (
            Code::PermissionExceedsKey,
            pointer(sent, "permissions", |s| s.permissions, Some(permission.id())),
            format!("this API key does not hold '{}', so it cannot give it", permission.id()),
        ),
        Excess::Module(module) => (
            Code::ModuleExceedsKey,
            pointer(sent, "modules", |s| s.modules, Some(module.id())),
            format!("this API key is restricted to the modules {}; '{}' is not among them", modules(), module.id()),
        ),
        Excess::EveryModule => (
            Code::ModuleExceedsKey,
            pointer(sent, "modules", |s| s.modules, None),
            format!("this API key is restricted to the modules {}: name some of them (no modules means every module)", modules()),
        ),
        Excess::Domain(pattern) => (
            Code::DomainExceedsKey,
            pointer(sent, "allowedDomains", |s| s.allowed_domains, Some(pattern)),
            format!("'{pattern}' is not covered by any of this API key's {sites} allowedDomains"),
        ),
        Excess::EverySite => (
            Code::DomainExceedsKey,
            pointer(sent, "allowedDomains", |s| s.allowed_domains, None),
            format!(
                "this API key is restricted to the {sites} sites of its allowedDomains: name some of them (no allowedDomains means every site)"
            ),
        ),
        Excess::NoExpiry => (
            Code::ExpiryExceedsKey,
            sent.filter(|s| s.sets_expiry).map(|_| format!("{ATTRIBUTES}/expiresIn")),
            format!(
                "this API key expires at {}: give expiresIn so that the key expires no later",
                manager.expires_at.map_or_else(String::new, timestamp)
            ),
        ),
        Excess::LaterExpiry { outer } => (
            Code::ExpiryExceedsKey,
            sent.filter(|s| s.sets_expiry).map(|_| format!("{ATTRIBUTES}/expiresIn")),
            format!("the key would expire after this API key, which expires at {}", timestamp(*outer)),
        ),
        Excess::NoRateLimit => (
            Code::RateLimitExceedsKey,
            sent.map(|_| format!("{ATTRIBUTES}/rateLimitPerMinute")),
            format!(
                "this API key is limited to {} requests a minute: give rateLimitPerMinute, at most that",
                manager.rate_limit_per_minute.unwrap_or_default()
            ),
        ),
        Excess::HigherRateLimit { outer } => (
            Code::RateLimitExceedsKey,
            sent.map(|_| format!("{ATTRIBUTES}/rateLimitPerMinute")),
            format!("rateLimitPerMinute may be at most this API key's own limit of {outer} requests a minute"),
        ),
    }
}
