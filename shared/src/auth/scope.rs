//! What one key may hand on to another: a key with `keys:write` never
//! makes (or edits, or rotates) a key with more than it has itself.
//!
//! "More" is read attribute by attribute, each with its own meaning of
//! "unrestricted":
//! - permissions: a subset of the outer key's;
//! - modules: empty means every module of the plan, so an outer key without
//!   a module restriction allows anything, and a restricted one only a
//!   non-empty subset of its modules;
//! - allowed domains: empty, or `*` among them, means every site; a
//!   restricted outer key allows only a non-empty list whose every pattern
//!   one of its own covers ([`domains::pattern_covers`]);
//! - expiry: an outer key that expires allows only keys expiring no later;
//! - rate limit (per key per minute): an outer key with a limit allows only
//!   keys with a limit no higher. Each key has its own minute window, so this
//!   bounds every key made, not their sum; the organization's monthly quota
//!   is what bounds them all together.

use super::domains;
use super::{KeyPermission, Module};

/// The attributes of a key that one key may hand on to another.
#[derive(Debug, Clone, Copy)]
pub struct KeyScope<'a> {
    pub permissions: &'a [KeyPermission],
    /// Empty: every module of the plan.
    pub modules: &'a [Module],
    /// Empty or containing `*`: every site.
    pub allowed_domains: &'a [String],
    /// Unix seconds; `None` never expires.
    pub expires_at: Option<i64>,
    /// `None`: no per-key limit.
    pub rate_limit_per_minute: Option<u32>,
}

/// One way the inner key would have more than the outer one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Excess {
    /// A permission the outer key lacks.
    Permission(KeyPermission),
    /// A module outside the outer key's restriction.
    Module(Module),
    /// No module restriction, where the outer key has one.
    EveryModule,
    /// A pattern none of the outer key's patterns covers.
    Domain(String),
    /// No site restriction, where the outer key has one.
    EverySite,
    /// Never expiring, where the outer key expires.
    NoExpiry,
    /// Expiring after the outer key.
    LaterExpiry { outer: i64 },
    /// No rate limit, where the outer key has one.
    NoRateLimit,
    /// A higher rate limit than the outer key's.
    HigherRateLimit { outer: u32 },
}

/// Every way `inner` exceeds `outer`; empty when `inner` is within it.
pub fn excesses(inner: &KeyScope<'_>, outer: &KeyScope<'_>) -> Vec<Excess> {
    let mut found: Vec<Excess> =
        inner.permissions.iter().filter(|p| !outer.permissions.contains(p)).map(|p| Excess::Permission(*p)).collect();

    if !outer.modules.is_empty() {
        if inner.modules.is_empty() {
            found.push(Excess::EveryModule);
        }
        found.extend(inner.modules.iter().filter(|m| !outer.modules.contains(m)).map(|m| Excess::Module(*m)));
    }

    if !domains::unrestricted(outer.allowed_domains) {
        if inner.allowed_domains.is_empty() {
            found.push(Excess::EverySite);
        }
        found.extend(
            inner
                .allowed_domains
                .iter()
                .filter(|pattern| !outer.allowed_domains.iter().any(|own| domains::pattern_covers(own, pattern)))
                .map(|pattern| Excess::Domain(pattern.clone())),
        );
    }

    if let Some(outer_expiry) = outer.expires_at {
        match inner.expires_at {
            None => found.push(Excess::NoExpiry),
            Some(at) if at > outer_expiry => found.push(Excess::LaterExpiry { outer: outer_expiry }),
            Some(_) => {}
        }
    }

    if let Some(outer_limit) = outer.rate_limit_per_minute {
        match inner.rate_limit_per_minute {
            None => found.push(Excess::NoRateLimit),
            Some(limit) if limit > outer_limit => found.push(Excess::HigherRateLimit { outer: outer_limit }),
            Some(_) => {}
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;
    use KeyPermission::*;

    fn strings(list: &[&str]) -> Vec<String> {
        list.iter().map(|s| s.to_string()).collect()
    }

    fn unrestricted() -> KeyScope<'static> {
        KeyScope { permissions: &KeyPermission::ALL, modules: &[], allowed_domains: &[], expires_at: None, rate_limit_per_minute: None }
    }

    #[test]
    fn an_unrestricted_key_allows_anything_and_itself_is_within_itself() {
        let outer = unrestricted();
        let domains = strings(&["*.example.com"]);
        let inner = KeyScope {
            permissions: &[CalcRead],
            modules: &[Module::Chat],
            allowed_domains: &domains,
            expires_at: Some(10),
            rate_limit_per_minute: Some(5),
        };
        assert_eq!(excesses(&inner, &outer), []);
        assert_eq!(excesses(&outer, &outer), []);
        assert_eq!(excesses(&inner, &inner), []);
    }

    #[test]
    fn empty_lists_are_every_module_and_every_site() {
        let own = strings(&["*.example.com"]);
        let outer = KeyScope { modules: &[Module::Numerology], allowed_domains: &own, ..unrestricted() };
        assert_eq!(excesses(&unrestricted(), &outer), [Excess::EveryModule, Excess::EverySite]);
        let star = strings(&["*"]);
        let inner = KeyScope { modules: &[Module::Numerology, Module::Chat], allowed_domains: &star, ..unrestricted() };
        assert_eq!(excesses(&inner, &outer), [Excess::Module(Module::Chat), Excess::Domain("*".into())]);
        // `*` on the outer key is no restriction at all.
        let inner = KeyScope { allowed_domains: &[], ..unrestricted() };
        assert_eq!(excesses(&inner, &KeyScope { allowed_domains: &star, ..unrestricted() }), []);
    }

    #[test]
    fn wildcards_cover_their_subdomains_only() {
        let own = strings(&["*.example.com"]);
        let outer = KeyScope { allowed_domains: &own, ..unrestricted() };
        let fine = strings(&["shop.example.com", "*.eu.example.com", "*.example.com"]);
        assert_eq!(excesses(&KeyScope { allowed_domains: &fine, ..unrestricted() }, &outer), []);
        let beyond = strings(&["shop.example.com", "other.org", "example.com"]);
        assert_eq!(
            excesses(&KeyScope { allowed_domains: &beyond, ..unrestricted() }, &outer),
            [Excess::Domain("other.org".into()), Excess::Domain("example.com".into())]
        );
    }

    #[test]
    fn permissions_expiry_and_rate_limit() {
        let outer =
            KeyScope { permissions: &[CalcRead, KeysWrite], expires_at: Some(1_000), rate_limit_per_minute: Some(60), ..unrestricted() };
        let inner = KeyScope { permissions: &[CalcRead, ChartRead], expires_at: None, rate_limit_per_minute: None, ..unrestricted() };
        assert_eq!(excesses(&inner, &outer), [Excess::Permission(ChartRead), Excess::NoExpiry, Excess::NoRateLimit]);
        let inner = KeyScope { permissions: &[KeysWrite], expires_at: Some(1_001), rate_limit_per_minute: Some(61), ..unrestricted() };
        assert_eq!(excesses(&inner, &outer), [Excess::LaterExpiry { outer: 1_000 }, Excess::HigherRateLimit { outer: 60 }]);
        let inner = KeyScope { permissions: &[KeysWrite], expires_at: Some(1_000), rate_limit_per_minute: Some(60), ..unrestricted() };
        assert_eq!(excesses(&inner, &outer), []);
    }
}
