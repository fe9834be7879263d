//! Signed links (chart images): a compact JWT (HS256) whose claims carry
//! everything the link opens to, so a link works without a key and cannot
//! be altered.
//!
//! The header names the signing key (`kid`) so the secret can be rotated
//! without breaking live links: the configuration lists keys, the first
//! signs, every listed key verifies. Rotating is "add the new key first,
//! keep the old one until the links it signed have expired, then drop it".

use jsonwebtoken::{Algorithm, DecodingKey, EncodingKey, Header, Validation};
use serde::Serialize;
use serde::de::DeserializeOwned;

/// The id `URL_SIGNING_SECRET` (or the local generated secret) gets when no
/// key list is configured: list it as `default=<that secret>` to keep its
/// links working while rotating to a new key.
pub const DEFAULT_KEY_ID: &str = "default";

/// Links expire on the hour: `ttl_seconds` from `now`, rounded down to the
/// hour (never longer than configured). The same request made again within
/// the hour then gets the very same link (the same token, the same
/// CloudFront signature), so caches keyed on the link hold one entry and
/// the signature is made once. A lifetime too short to round keeps its
/// exact end.
pub fn link_expiry(now: i64, ttl_seconds: i64) -> i64 {
    const STEP: i64 = 3600;
    let exact = now + ttl_seconds;
    let rounded = exact.div_euclid(STEP) * STEP;
    if rounded > now { rounded } else { exact }
}

/// One link-signing secret and its id (the `kid` of the links it signs).
#[derive(Clone, PartialEq, Eq)]
pub struct SigningKey {
    pub id: String,
    pub secret: Vec<u8>,
}

impl std::fmt::Debug for SigningKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "SigningKey({}, ..)", self.id)
    }
}

#[derive(Clone)]
struct LoadedKey {
    id: String,
    encoding: EncodingKey,
    decoding: DecodingKey,
}

/// Signs with the first key, verifies with any.
#[derive(Clone)]
pub struct LinkSigner {
    keys: Vec<LoadedKey>,
    validation: Validation,
    /// The same checks but the expiry: for reading a link's claims after
    /// the fact (edge hits in CloudFront's logs).
    signature_only: Validation,
}

impl std::fmt::Debug for LinkSigner {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let ids: Vec<&str> = self.keys.iter().map(|k| k.id.as_str()).collect();
        write!(f, "LinkSigner({ids:?})")
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum LinkError {
    #[error("the link is malformed or its signature does not match")]
    BadSignature,
    #[error("the link was signed with a key this server no longer accepts")]
    UnknownKey,
    #[error("the link has expired")]
    Expired,
    #[error("no link-signing key is configured")]
    NoKey,
}

impl LinkSigner {
    /// `keys` in order of preference: the first signs new links.
    pub fn new(keys: &[SigningKey]) -> Self {
        let keys = keys
            .iter()
            .map(|key| LoadedKey {
                id: key.id.clone(),
                encoding: EncodingKey::from_secret(&key.secret),
                decoding: DecodingKey::from_secret(&key.secret),
            })
            .collect();
        let mut validation = Validation::new(Algorithm::HS256);
        validation.leeway = 0;
        validation.validate_aud = false;
        validation.required_spec_claims = ["exp".to_owned()].into_iter().collect();
        let mut signature_only = validation.clone();
        signature_only.validate_exp = false;
        Self { keys, validation, signature_only }
    }

    /// A token for `claims`, which must hold `exp` (Unix seconds). The
    /// header is `{"alg":"HS256","kid":..}` (no `typ`: links stay short).
    pub fn sign<T: Serialize>(&self, claims: &T) -> Result<String, LinkError> {
        let key = self.keys.first().ok_or(LinkError::NoKey)?;
        let mut header = Header::new(Algorithm::HS256);
        header.typ = None;
        header.kid = Some(key.id.clone());
        jsonwebtoken::encode(&header, claims, &key.encoding).map_err(|_| LinkError::NoKey)
    }

    /// The claims of a token signed by one of the keys and not expired.
    pub fn verify<T: DeserializeOwned>(&self, token: &str) -> Result<T, LinkError> {
        self.decode(token, &self.validation)
    }

    /// The claims of a token signed by one of the keys, expired or not: what
    /// a link said when it was used (its `exp` is the caller's to compare
    /// with the time of use).
    pub fn verify_signature<T: DeserializeOwned>(&self, token: &str) -> Result<T, LinkError> {
        self.decode(token, &self.signature_only)
    }

    fn decode<T: DeserializeOwned>(&self, token: &str, validation: &Validation) -> Result<T, LinkError> {
        let header = jsonwebtoken::decode_header(token).map_err(|_| LinkError::BadSignature)?;
        if header.alg != Algorithm::HS256 {
            return Err(LinkError::BadSignature);
        }
        let kid = header.kid.ok_or(LinkError::BadSignature)?;
        let key = self.keys.iter().find(|k| k.id == kid).ok_or(LinkError::UnknownKey)?;
        match jsonwebtoken::decode::<T>(token, &key.decoding, validation) {
            Ok(data) => Ok(data.claims),
            Err(error) if matches!(error.kind(), jsonwebtoken::errors::ErrorKind::ExpiredSignature) => Err(LinkError::Expired),
            Err(_) => Err(LinkError::BadSignature),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, Serialize, serde::Deserialize, PartialEq)]
    struct Claims {
        c: String,
        exp: i64,
    }

    fn key(id: &str, secret: &str) -> SigningKey {
        SigningKey { id: id.into(), secret: secret.as_bytes().to_vec() }
    }

    #[test]
    fn link_expiries_are_on_the_hour_never_later_than_asked() {
        let now = 1_764_100_000; // 2025-11-25T19:46:40Z
        assert_eq!(link_expiry(now, 30 * 86_400), 1_766_689_200);
        assert_eq!(link_expiry(now, 30 * 86_400) % 3600, 0);
        assert_eq!(link_expiry(now + 100, 30 * 86_400), link_expiry(now, 30 * 86_400), "the same within the hour");
        assert!(link_expiry(now, 3600) > now && link_expiry(now, 3600) <= now + 3600);
        assert_eq!(link_expiry(now, 600), now + 600, "too short to round");
        assert_eq!(link_expiry(now, -1), now - 1, "already expired stays expired");
    }

    #[test]
    fn links_verify_resist_tampering_and_rotate() {
        let now = chrono::Utc::now().timestamp();
        let old = LinkSigner::new(&[key("old", "old-secret")]);
        let claims = Claims { c: "natal".into(), exp: now + 60 };
        let token = old.sign(&claims).unwrap();
        assert_eq!(old.verify::<Claims>(&token), Ok(claims));

        // Tampering with the payload breaks the signature.
        let parts: Vec<&str> = token.split('.').collect();
        let forged = {
            use base64::Engine;
            let engine = base64::engine::general_purpose::URL_SAFE_NO_PAD;
            let payload = format!(r#"{{"c":"other","exp":{}}}"#, now + 60);
            format!("{}.{}.{}", parts[0], engine.encode(payload), parts[2])
        };
        assert_eq!(old.verify::<Claims>(&forged), Err(LinkError::BadSignature));

        // Rotation: a new key first still accepts the old one's links...
        let rotating = LinkSigner::new(&[key("new", "new-secret"), key("old", "old-secret")]);
        assert!(rotating.verify::<Claims>(&token).is_ok());
        assert!(rotating.sign(&Claims { c: "x".into(), exp: now + 60 }).unwrap().split('.').next() != Some(parts[0]));
        // ...and once the old key is gone they stop.
        let rotated = LinkSigner::new(&[key("new", "new-secret")]);
        assert_eq!(rotated.verify::<Claims>(&token), Err(LinkError::UnknownKey));
        // The same id with another secret is a bad signature.
        assert_eq!(LinkSigner::new(&[key("old", "other")]).verify::<Claims>(&token), Err(LinkError::BadSignature));

        let expired = old.sign(&Claims { c: "natal".into(), exp: now - 1 }).unwrap();
        assert_eq!(old.verify::<Claims>(&expired), Err(LinkError::Expired));
        // After the fact, an expired link still says what it was; a forged one does not.
        assert_eq!(old.verify_signature::<Claims>(&expired), Ok(Claims { c: "natal".into(), exp: now - 1 }));
        assert_eq!(old.verify_signature::<Claims>(&forged), Err(LinkError::BadSignature));
        assert_eq!(old.verify::<Claims>("not.a.token"), Err(LinkError::BadSignature));
    }
}
