//! A key's `allowedDomains`: which web sites may use it from a browser.
//!
//! The site is the host of the `Origin` header, or failing that of the
//! `Referer`. Browsers set both and scripts cannot forge them, so this stops
//! another site from using a key it found in a page; a non-browser client
//! sets them freely, so it protects nothing there (the interface's caveat).
//!
//! A key with patterns refuses a request that names no site at all (unless
//! one pattern is `*`): the restriction is meant for keys that live in
//! browsers, and letting "no header" through would let any server use a key
//! scraped from a page.

/// The most site patterns a key, a widget or a chatbot may list.
pub const MAX_PATTERNS: usize = 100;

/// Why a request was refused by a key's domain restriction.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DomainRefusal {
    /// Neither `Origin` nor `Referer` named a site.
    NoSite,
    /// The site is not among the key's patterns.
    NotAllowed { host: String },
}

/// `*`, `example.com` or `*.example.com`: lowercase host names only (an
/// address such as `127.0.0.1` is a host name of four labels).
pub fn is_pattern(pattern: &str) -> bool {
    if pattern == "*" {
        return true;
    }
    let host = pattern.strip_prefix("*.").unwrap_or(pattern);
    let labels: Vec<&str> = host.split('.').collect();
    labels.len() >= 2
        && labels.iter().all(|label| {
            !label.is_empty()
                && label.len() <= 63
                && !label.starts_with('-')
                && !label.ends_with('-')
                && label.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
        })
}

/// The site a browser request comes from: the host of `Origin`, else of
/// `Referer`. `Origin: null` (sandboxed frames, file pages) names no site.
pub fn requesting_site(origin: Option<&str>, referer: Option<&str>) -> Option<String> {
    origin.filter(|value| value.trim() != "null").and_then(host_of).or_else(|| referer.and_then(host_of))
}

fn host_of(value: &str) -> Option<String> {
    let url = url::Url::parse(value.trim()).ok()?;
    let host = url.host_str()?.trim_end_matches('.').to_ascii_lowercase();
    (!host.is_empty()).then_some(host)
}

/// Whether `host` matches one pattern: `*` (any site), `*.example.com` (every
/// subdomain, not `example.com` itself) or `example.com` (exactly that host).
pub fn pattern_matches(pattern: &str, host: &str) -> bool {
    if pattern == "*" {
        return true;
    }
    match pattern.strip_prefix("*.") {
        Some(parent) => host.len() > parent.len() + 1 && host.ends_with(parent) && host[..host.len() - parent.len()].ends_with('.'),
        None => host == pattern,
    }
}

/// Whether patterns restrict a key at all: none, or `*` among them, means
/// every site (and requests naming none).
pub fn unrestricted(patterns: &[String]) -> bool {
    patterns.is_empty() || patterns.iter().any(|p| p == "*")
}

/// Whether every site `inner` matches is matched by `outer` too, so that a
/// key restricted to `outer` may hand `inner` on: `*.example.com` covers
/// `shop.example.com` and `*.eu.example.com`, not `example.com` nor
/// `other.org`; an exact domain covers only itself; only `*` covers `*`.
pub fn pattern_covers(outer: &str, inner: &str) -> bool {
    if outer == "*" {
        return true;
    }
    match inner.strip_prefix("*.") {
        // A wildcard needs a wildcard over the same domain or a parent of it.
        Some(inner_parent) => match outer.strip_prefix("*.") {
            Some(outer_parent) => inner_parent == outer_parent || pattern_matches(outer, inner_parent),
            None => false,
        },
        None => inner != "*" && pattern_matches(outer, inner),
    }
}

/// Checks a request against a key's patterns; no patterns means no restriction.
pub fn check(patterns: &[String], origin: Option<&str>, referer: Option<&str>) -> Result<(), DomainRefusal> {
    // `*` allows every site, and so also no site: a server that sends
    // neither header is not refused by a key that names no restriction.
    if unrestricted(patterns) {
        return Ok(());
    }
    let host = requesting_site(origin, referer).ok_or(DomainRefusal::NoSite)?;
    if patterns.iter().any(|pattern| pattern_matches(pattern, &host)) { Ok(()) } else { Err(DomainRefusal::NotAllowed { host }) }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn patterns(list: &[&str]) -> Vec<String> {
        list.iter().map(|p| p.to_string()).collect()
    }

    #[test]
    fn the_site_comes_from_origin_then_referer() {
        assert_eq!(requesting_site(Some("https://App.Example.com:8443"), Some("https://other.test/")), Some("app.example.com".into()));
        assert_eq!(requesting_site(None, Some("https://shop.example.com/page?x=1#y")), Some("shop.example.com".into()));
        assert_eq!(requesting_site(Some("null"), Some("https://shop.example.com/")), Some("shop.example.com".into()));
        assert_eq!(requesting_site(Some("not a url"), None), None);
        assert_eq!(requesting_site(None, None), None);
        assert_eq!(requesting_site(Some("https://example.com."), None), Some("example.com".into()));
    }

    #[test]
    fn exact_subdomain_and_any() {
        assert!(pattern_matches("example.com", "example.com"));
        assert!(!pattern_matches("example.com", "www.example.com"));
        assert!(!pattern_matches("example.com", "badexample.com"));
        assert!(pattern_matches("*.example.com", "www.example.com"));
        assert!(pattern_matches("*.example.com", "a.b.example.com"));
        assert!(!pattern_matches("*.example.com", "example.com"));
        assert!(!pattern_matches("*.example.com", "badexample.com"));
        assert!(!pattern_matches("*.example.com", "example.com.evil.test"));
        assert!(pattern_matches("*", "anything.test"));
    }

    #[test]
    fn what_a_pattern_covers() {
        for (outer, inner) in [
            ("*", "*"),
            ("*", "example.com"),
            ("*", "*.example.com"),
            ("example.com", "example.com"),
            ("*.example.com", "shop.example.com"),
            ("*.example.com", "a.b.example.com"),
            ("*.example.com", "*.example.com"),
            ("*.example.com", "*.eu.example.com"),
        ] {
            assert!(pattern_covers(outer, inner), "{outer} covers {inner}");
        }
        for (outer, inner) in [
            ("example.com", "*"),
            ("*.example.com", "*"),
            ("example.com", "shop.example.com"),
            ("example.com", "*.example.com"),
            ("*.example.com", "example.com"),
            ("*.example.com", "other.org"),
            ("*.example.com", "badexample.com"),
            ("*.example.com", "*.com"),
            ("*.example.com", "*.badexample.com"),
            ("shop.example.com", "*.shop.example.com"),
        ] {
            assert!(!pattern_covers(outer, inner), "{outer} does not cover {inner}");
        }
    }

    #[test]
    fn a_restricted_key_needs_a_matching_site() {
        let list = patterns(&["example.com", "*.example.org"]);
        assert_eq!(check(&[], None, None), Ok(()));
        assert_eq!(check(&list, None, None), Err(DomainRefusal::NoSite));
        assert_eq!(check(&list, Some("https://example.com"), None), Ok(()));
        assert_eq!(check(&list, None, Some("https://app.example.org/x")), Ok(()));
        assert_eq!(
            check(&list, Some("https://evil.test"), Some("https://example.com/")),
            Err(DomainRefusal::NotAllowed { host: "evil.test".into() })
        );
        assert_eq!(check(&patterns(&["*"]), Some("https://evil.test"), None), Ok(()));
        assert_eq!(check(&patterns(&["*"]), None, None), Ok(()));
    }
}
