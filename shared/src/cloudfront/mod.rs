//! CloudFront signed URLs with a canned policy, and the secret CloudFront
//! sends to the origin.
//!
//! The canned policy is AWS's, byte for byte ("Create a signed URL using a
//! canned policy", CloudFront Developer Guide):
//! `{"Statement":[{"Resource":"<url>","Condition":{"DateLessThan":{"AWS:EpochTime":<expires>}}}]}`
//! without whitespace, where `<url>` is the whole URL the client will open
//! (scheme, domain, path, our own query) without the three parameters the
//! signature adds. It is signed with RSA-SHA1, PKCS#1 v1.5, by the private
//! half of a public key in the distribution's trusted key group; the
//! signature is base64 with `+`, `=`, `/` replaced by `-`, `_`, `~`, and the
//! URL gets `Expires`, `Signature` and `Key-Pair-Id` appended. The policy
//! itself is not sent: CloudFront rebuilds it from the URL and `Expires`.
//!
//! A link's CloudFront expiry is the link's own `exp`: CloudFront refuses it
//! exactly when the service's token would.

pub mod logs;

use std::sync::Arc;

use base64::Engine;
use rsa::pkcs1::DecodeRsaPrivateKey;
use rsa::pkcs8::DecodePrivateKey;
use rsa::traits::PublicKeyParts;
use rsa::{Pkcs1v15Sign, RsaPrivateKey};
use sha1::{Digest, Sha1};
use subtle::ConstantTimeEq;

/// The header CloudFront adds to every request it sends to the origin (an
/// origin custom header of the distribution), carrying
/// [`OriginVerifySecret`].
pub const ORIGIN_VERIFY_HEADER: &str = "x-origin-verify";

/// The query parameters a signed URL carries beyond the link's own.
pub const SIGNATURE_PARAMETERS: [&str; 3] = ["Expires", "Signature", "Key-Pair-Id"];

/// CloudFront takes RSA keys of 2048 bits for signed URLs.
const KEY_BITS: usize = 2048;

/// What CloudFront needs to find the distribution and check a signature.
#[derive(Clone)]
pub struct CloudFrontSigner {
    domain: String,
    key_pair_id: String,
    key: Arc<RsaPrivateKey>,
    /// URLs signed already, by URL and expiry: an RSA signature costs about
    /// a millisecond, and links are deterministic (their expiry is on the
    /// hour), so the same chart asked again is signed once.
    signed: Arc<quick_cache::sync::Cache<(String, i64), String>>,
}

/// Signed URLs kept per process (each about 600 bytes).
const SIGNED_KEPT: usize = 10_000;

impl std::fmt::Debug for CloudFrontSigner {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // Never the key.
        write!(f, "CloudFrontSigner({}, key pair {})", self.domain, self.key_pair_id)
    }
}

/// Why a CloudFront setting is refused; `variable` names the setting, and no
/// message quotes the key.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{reason}")]
pub struct CloudFrontSettingError {
    pub variable: &'static str,
    pub reason: String,
}

fn refused(variable: &'static str, reason: impl Into<String>) -> CloudFrontSettingError {
    CloudFrontSettingError { variable, reason: reason.into() }
}

impl CloudFrontSigner {
    /// A signer for links on `domain` (a distribution's domain, e.g.
    /// `d111111abcdef8.cloudfront.net`, or one of its alternate domain
    /// names; an `https://` prefix and a trailing `/` are dropped), with the
    /// public key `key_pair_id` of the distribution's key group and its
    /// private half as PEM (PKCS#1 `RSA PRIVATE KEY` or PKCS#8 `PRIVATE
    /// KEY`; newlines written as `\n`, as a one-line secret holds them, are
    /// read as newlines).
    pub fn from_pem(domain: &str, key_pair_id: &str, private_key_pem: &str) -> Result<Self, CloudFrontSettingError> {
        let domain = domain.trim().trim_start_matches("https://").trim_end_matches('/').to_ascii_lowercase();
        let valid_label = |label: &str| {
            !label.is_empty()
                && label.len() <= 63
                && !label.starts_with('-')
                && !label.ends_with('-')
                && label.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-')
        };
        if domain.len() > 253 || domain.split('.').count() < 2 || !domain.split('.').all(valid_label) {
            return Err(refused(
                "CLOUDFRONT_DOMAIN",
                "must be a domain name such as d111111abcdef8.cloudfront.net (no scheme, path or port)",
            ));
        }
        let key_pair_id = key_pair_id.trim();
        if key_pair_id.is_empty() || key_pair_id.len() > 64 || !key_pair_id.bytes().all(|b| b.is_ascii_uppercase() || b.is_ascii_digit()) {
            return Err(refused(
                "CLOUDFRONT_KEY_PAIR_ID",
                "must be the id of the CloudFront public key (capital letters and digits, e.g. K2JCJMDEHXQW5F)",
            ));
        }
        let pem = private_key_pem.trim();
        let pem = if pem.contains('\n') { pem.to_owned() } else { pem.replace("\\n", "\n") };
        // The parsers' errors are dropped: they are not meant to quote the
        // key, but nothing here depends on that.
        let key = RsaPrivateKey::from_pkcs1_pem(&pem)
            .or_else(|_| RsaPrivateKey::from_pkcs8_pem(&pem))
            .map_err(|_| refused("CLOUDFRONT_PRIVATE_KEY", "is not an RSA private key in PEM (PKCS#1 or PKCS#8, unencrypted)"))?;
        let bits = key.size() * 8;
        if bits < KEY_BITS {
            return Err(refused("CLOUDFRONT_PRIVATE_KEY", format!("is an RSA key of {bits} bits; CloudFront takes {KEY_BITS}")));
        }
        Ok(Self {
            domain,
            key_pair_id: key_pair_id.to_owned(),
            key: Arc::new(key),
            signed: Arc::new(quick_cache::sync::Cache::new(SIGNED_KEPT)),
        })
    }

    /// The distribution's domain links are made on.
    pub fn domain(&self) -> &str {
        &self.domain
    }

    pub fn key_pair_id(&self) -> &str {
        &self.key_pair_id
    }

    /// The signed URL of `path_and_query` (starting with `/`) on the
    /// distribution, valid until `expires` (Unix seconds).
    pub fn link(&self, path_and_query: &str, expires: i64) -> String {
        let url = format!("https://{}{path_and_query}", self.domain);
        let key = (url, expires);
        if let Some(signed) = self.signed.get(&key) {
            return signed;
        }
        let signed = self.sign_url(&key.0, expires);
        self.signed.insert(key, signed.clone());
        signed
    }

    /// `url` with `Expires`, `Signature` and `Key-Pair-Id` appended: the
    /// canned policy of `url` and `expires`, signed.
    pub fn sign_url(&self, url: &str, expires: i64) -> String {
        let signature = url_safe_base64(&self.signature(&canned_policy(url, expires)));
        let separator = if url.contains('?') { '&' } else { '?' };
        format!("{url}{separator}Expires={expires}&Signature={signature}&Key-Pair-Id={}", self.key_pair_id)
    }

    /// RSA-SHA1 PKCS#1 v1.5 signature of `policy`. Blinded (a fresh random
    /// factor per signature), so its timing says nothing of the key.
    fn signature(&self, policy: &str) -> Vec<u8> {
        let digest = Sha1::digest(policy.as_bytes());
        // Signing a 20-byte digest with a 2048-bit key has no failure case
        // (the padded digest always fits); an empty signature would only
        // make CloudFront refuse the link.
        self.key.sign_with_rng(&mut rsa::rand_core::OsRng, Pkcs1v15Sign::new::<Sha1>(), &digest).unwrap_or_default()
    }
}

/// The canned policy of `resource` until `expires`, exactly as CloudFront
/// rebuilds it to check a signature: no whitespace, these keys in this order.
pub fn canned_policy(resource: &str, expires: i64) -> String {
    // A JSON string: our URLs have nothing to escape, but a quote or a
    // backslash must not break the document.
    let resource = serde_json::Value::String(resource.to_owned()).to_string();
    format!(r#"{{"Statement":[{{"Resource":{resource},"Condition":{{"DateLessThan":{{"AWS:EpochTime":{expires}}}}}}}]}}"#)
}

/// Base64 (with padding) in CloudFront's query-safe alphabet: `+` → `-`,
/// `=` → `_`, `/` → `~`.
pub fn url_safe_base64(bytes: &[u8]) -> String {
    base64::engine::general_purpose::STANDARD
        .encode(bytes)
        .chars()
        .map(|c| match c {
            '+' => '-',
            '=' => '_',
            '/' => '~',
            other => other,
        })
        .collect()
}

/// The secret the distribution sends as [`ORIGIN_VERIFY_HEADER`]: routes
/// served only through CloudFront refuse requests without it.
#[derive(Clone, PartialEq, Eq)]
pub struct OriginVerifySecret(Vec<u8>);

impl std::fmt::Debug for OriginVerifySecret {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("OriginVerifySecret(..)")
    }
}

impl OriginVerifySecret {
    /// At least 16 visible ASCII characters (a header value CloudFront
    /// sends as is).
    pub fn new(secret: &str) -> Result<Self, CloudFrontSettingError> {
        if secret.len() < 16 || !secret.bytes().all(|b| b.is_ascii_graphic()) {
            return Err(refused("ORIGIN_VERIFY_SECRET", "must be at least 16 visible ASCII characters (no spaces)"));
        }
        Ok(Self(secret.as_bytes().to_vec()))
    }

    /// Whether `presented` is the secret, in time independent of where
    /// they differ.
    pub fn matches(&self, presented: &[u8]) -> bool {
        self.0.ct_eq(presented).into()
    }
}

/// Serving through CloudFront: both parts optional, each on its own.
#[derive(Debug, Clone, Default)]
pub struct CdnConfig {
    /// Link URLs are CloudFront signed URLs on this distribution.
    pub signer: Option<CloudFrontSigner>,
    /// Link routes refuse requests that did not come through CloudFront.
    pub origin_verify_secret: Option<OriginVerifySecret>,
}

impl CdnConfig {
    /// From `CLOUDFRONT_DOMAIN`, `CLOUDFRONT_KEY_PAIR_ID`,
    /// `CLOUDFRONT_PRIVATE_KEY` (all three or none) and
    /// `ORIGIN_VERIFY_SECRET` (only with the three: without CloudFront URLs
    /// the links would point at an origin that refuses them).
    pub fn from_lookup(var: &dyn Fn(&str) -> Option<String>) -> Result<Self, CloudFrontSettingError> {
        const SIGNING: [&str; 3] = ["CLOUDFRONT_DOMAIN", "CLOUDFRONT_KEY_PAIR_ID", "CLOUDFRONT_PRIVATE_KEY"];
        let values = SIGNING.map(var);
        let signer = match &values {
            [None, None, None] => None,
            [Some(domain), Some(key_pair_id), Some(pem)] => Some(CloudFrontSigner::from_pem(domain, key_pair_id, pem)?),
            _ => {
                let missing = SIGNING.iter().zip(&values).find(|(_, value)| value.is_none()).map_or(SIGNING[0], |(name, _)| *name);
                return Err(refused(
                    missing,
                    "must be set too: CloudFront signed links need CLOUDFRONT_DOMAIN, CLOUDFRONT_KEY_PAIR_ID and \
                     CLOUDFRONT_PRIVATE_KEY (or CLOUDFRONT_PRIVATE_KEY_ARN), or none of them",
                ));
            }
        };
        let origin_verify_secret = var("ORIGIN_VERIFY_SECRET").map(|secret| OriginVerifySecret::new(&secret)).transpose()?;
        if origin_verify_secret.is_some() && signer.is_none() {
            return Err(refused(
                "ORIGIN_VERIFY_SECRET",
                "is set without CloudFront signing (CLOUDFRONT_DOMAIN, CLOUDFRONT_KEY_PAIR_ID, CLOUDFRONT_PRIVATE_KEY): \
                 links would point at the origin, which refuses requests that did not come through CloudFront",
            ));
        }
        Ok(Self { signer, origin_verify_secret })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_canned_policy_is_awss_document_without_whitespace() {
        assert_eq!(
            canned_policy("https://d111111abcdef8.cloudfront.net/image.jpg?color=red&size=medium", 1767290400),
            r#"{"Statement":[{"Resource":"https://d111111abcdef8.cloudfront.net/image.jpg?color=red&size=medium","Condition":{"DateLessThan":{"AWS:EpochTime":1767290400}}}]}"#
        );
    }

    #[test]
    fn the_alphabet_replaces_the_three_characters() {
        // 0xfb 0xff 0xbf encodes as "+/+/"; one byte more pads with "==".
        assert_eq!(url_safe_base64(&[0xfb, 0xff, 0xbf]), "-~-~");
        assert_eq!(url_safe_base64(&[0xfb, 0xff, 0xbf, 0xfb]), "-~-~-w__");
    }

    #[test]
    fn settings_are_all_or_none_and_never_quote_the_key() {
        let lookup = |pairs: &'static [(&'static str, &'static str)]| {
            move |name: &str| pairs.iter().find(|(n, _)| *n == name).map(|(_, v)| (*v).to_owned())
        };
        let none = CdnConfig::from_lookup(&lookup(&[])).unwrap();
        assert!(none.signer.is_none() && none.origin_verify_secret.is_none());

        let partial = CdnConfig::from_lookup(&lookup(&[("CLOUDFRONT_DOMAIN", "d1.cloudfront.net"), ("CLOUDFRONT_PRIVATE_KEY", "x")]));
        assert_eq!(partial.unwrap_err().variable, "CLOUDFRONT_KEY_PAIR_ID");

        let secret_alone = CdnConfig::from_lookup(&lookup(&[("ORIGIN_VERIFY_SECRET", "0123456789abcdef0123")]));
        assert_eq!(secret_alone.unwrap_err().variable, "ORIGIN_VERIFY_SECRET");

        let bad_key = "-----BEGIN RSA PRIVATE KEY-----\nTOPSECRETMATERIAL\n-----END RSA PRIVATE KEY-----";
        let error = CloudFrontSigner::from_pem("d1.cloudfront.net", "K2JCJMDEHXQW5F", bad_key).unwrap_err();
        assert_eq!(error.variable, "CLOUDFRONT_PRIVATE_KEY");
        assert!(!error.to_string().contains("TOPSECRET") && !format!("{error:?}").contains("TOPSECRET"));

        for domain in ["https://d1.cloudfront.net/x", "d1.cloudfront.net:443", "localhost", "d1 .net"] {
            assert_eq!(CloudFrontSigner::from_pem(domain, "K2", bad_key).unwrap_err().variable, "CLOUDFRONT_DOMAIN", "{domain}");
        }
        assert_eq!(CloudFrontSigner::from_pem("d1.cloudfront.net", "k-2", bad_key).unwrap_err().variable, "CLOUDFRONT_KEY_PAIR_ID");
        assert!(OriginVerifySecret::new("short").is_err());
        assert!(OriginVerifySecret::new("has a space in it, long enough").is_err());
        let secret = OriginVerifySecret::new("0123456789abcdef").unwrap();
        assert!(secret.matches(b"0123456789abcdef"));
        assert!(!secret.matches(b"0123456789abcdeF") && !secret.matches(b"0123456789abcdef0") && !secret.matches(b""));
        assert_eq!(format!("{secret:?}"), "OriginVerifySecret(..)");
    }
}
