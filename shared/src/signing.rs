//! Signed links (chart images, cached summaries): the query carries the
//! whole request, an expiry and an HMAC-SHA256 over path and query, so a
//! link works without a key and cannot be altered.

use base64::Engine;
use hmac::{Hmac, Mac};
use sha2::Sha256;

type HmacSha256 = Hmac<Sha256>;

#[derive(Clone)]
pub struct UrlSigner {
    secret: Vec<u8>,
}

impl std::fmt::Debug for UrlSigner {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("UrlSigner(..)")
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum SignatureError {
    #[error("the link signature is missing or does not match")]
    BadSignature,
    #[error("the link has expired")]
    Expired,
}

impl UrlSigner {
    pub fn new(secret: impl Into<Vec<u8>>) -> Self {
        Self { secret: secret.into() }
    }

    fn mac(&self, path: &str, canonical_query: &str) -> HmacSha256 {
        // new_from_slice accepts keys of any length for HMAC.
        let mut mac = HmacSha256::new_from_slice(&self.secret).unwrap_or_else(|_| unreachable!("HMAC takes any key length"));
        mac.update(path.as_bytes());
        mac.update(b"?");
        mac.update(canonical_query.as_bytes());
        mac
    }

    /// `path?params&expires=..&signature=..`, params percent-encoded in the
    /// given order.
    pub fn sign(&self, path: &str, params: &[(&str, String)], expires_at: i64) -> String {
        let mut query: String = params.iter().map(|(k, v)| format!("{}={}&", encode(k), encode(v))).collect();
        query.push_str(&format!("expires={expires_at}"));
        let signature = base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(self.mac(path, &query).finalize().into_bytes());
        format!("{path}?{query}&signature={signature}")
    }

    /// Checks a raw query string as received (everything before
    /// `&signature=` is what was signed).
    pub fn verify(&self, path: &str, raw_query: &str, now: i64) -> Result<(), SignatureError> {
        let (signed, signature) = raw_query.rsplit_once("&signature=").ok_or(SignatureError::BadSignature)?;
        let signature = base64::engine::general_purpose::URL_SAFE_NO_PAD.decode(signature).map_err(|_| SignatureError::BadSignature)?;
        self.mac(path, signed).verify_slice(&signature).map_err(|_| SignatureError::BadSignature)?;
        let expires = signed
            .rsplit('&')
            .find_map(|pair| pair.strip_prefix("expires="))
            .and_then(|v| v.parse::<i64>().ok())
            .ok_or(SignatureError::BadSignature)?;
        if now > expires { Err(SignatureError::Expired) } else { Ok(()) }
    }
}

fn encode(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for byte in text.bytes() {
        match byte {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => out.push(byte as char),
            _ => out.push_str(&format!("%{byte:02X}")),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn signed_links_verify_and_resist_tampering() {
        let signer = UrlSigner::new(b"secret".to_vec());
        let url =
            signer.sign("/api/chart/image.svg", &[("dateTime", "1990-05-11T14:30".into()), ("timezone", "Europe/Rome".into())], 2_000);
        let query = url.split_once('?').unwrap().1;
        assert_eq!(signer.verify("/api/chart/image.svg", query, 1_000), Ok(()));
        assert_eq!(signer.verify("/api/chart/image.svg", query, 2_001), Err(SignatureError::Expired));
        let tampered = query.replace("Rome", "Paris");
        assert_eq!(signer.verify("/api/chart/image.svg", &tampered, 1_000), Err(SignatureError::BadSignature));
        assert_eq!(signer.verify("/api/other", query, 1_000), Err(SignatureError::BadSignature));
        assert_eq!(UrlSigner::new(b"other".to_vec()).verify("/api/chart/image.svg", query, 1_000), Err(SignatureError::BadSignature));
    }
}
