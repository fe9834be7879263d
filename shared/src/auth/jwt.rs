//! Dashboard users' bearer tokens. Claims name the user; organizations and
//! roles come from the store, so a role change applies at once.

use jsonwebtoken::{Algorithm, DecodingKey, EncodingKey, Header, Validation};
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct UserClaims {
    /// The user id.
    pub sub: String,
    #[serde(default)]
    pub email: Option<String>,
    #[serde(default)]
    pub name: Option<String>,
    pub exp: i64,
    /// Issued at: the lifetime bound counts from it (see
    /// [`JwtVerifier::verify`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub iat: Option<i64>,
    /// Not before: checked, with the same leeway as `exp`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub nbf: Option<i64>,
    pub iss: String,
    /// One audience or several (RFC 7519 allows both); checked by the
    /// verifier against the configured one.
    pub aud: Audience,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Audience {
    One(String),
    Many(Vec<String>),
}

#[derive(Clone)]
pub enum JwtKey {
    Hs256(Vec<u8>),
    /// PEM-encoded RSA public key.
    Rs256(Vec<u8>),
}

/// The longest a token may live unless configured otherwise
/// (`JWT_MAX_LIFETIME_SECONDS`): a day, the common lifetime of an identity
/// provider's access tokens.
pub const DEFAULT_MAX_LIFETIME_SECONDS: i64 = 24 * 3600;

/// Seconds of clock skew allowed on `exp`, `nbf` and a lifetime counted
/// from the time of use.
const LEEWAY_SECONDS: u64 = 30;

/// An HS256 secret shorter than the hash (256 bits) weakens the signature:
/// RFC 7518, section 3.2, requires at least this many bytes.
pub const MIN_HS256_SECRET_BYTES: usize = 32;

#[derive(Clone)]
pub struct JwtVerifier {
    decoding: DecodingKey,
    validation: Validation,
    max_lifetime_seconds: i64,
    /// Only for the HS256 configuration: lets the local server mint tokens.
    encoding: Option<(EncodingKey, String, String)>,
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum JwtError {
    #[error("the bearer token is invalid or expired")]
    Invalid,
    #[error("the JWT key configuration is unusable")]
    Configuration,
}

impl JwtVerifier {
    pub fn new(key: &JwtKey, issuer: &str, audience: &str) -> Result<Self, JwtError> {
        let (decoding, algorithm, encoding) = match key {
            JwtKey::Hs256(secret) => (
                DecodingKey::from_secret(secret),
                Algorithm::HS256,
                Some((EncodingKey::from_secret(secret), issuer.to_owned(), audience.to_owned())),
            ),
            JwtKey::Rs256(pem) => (DecodingKey::from_rsa_pem(pem).map_err(|_| JwtError::Configuration)?, Algorithm::RS256, None),
        };
        // One algorithm only: a token naming another one (including `none`) fails.
        let mut validation = Validation::new(algorithm);
        validation.set_issuer(&[issuer]);
        validation.set_audience(&[audience]);
        validation.set_required_spec_claims(&["exp", "iss", "aud", "sub"]);
        validation.validate_nbf = true;
        validation.leeway = LEEWAY_SECONDS;
        Ok(Self { decoding, validation, encoding, max_lifetime_seconds: DEFAULT_MAX_LIFETIME_SECONDS })
    }

    /// The longest a token may live (see [`Self::verify`]).
    pub fn with_max_lifetime(mut self, seconds: i64) -> Self {
        self.max_lifetime_seconds = seconds;
        self
    }

    pub fn max_lifetime_seconds(&self) -> i64 {
        self.max_lifetime_seconds
    }

    /// The claims of a token signed with our key, of our issuer and
    /// audience, already valid (`nbf`) and not expired (`exp`), and made to
    /// live no longer than the maximum: `exp - iat` at most, or, without
    /// `iat` or with one still to come, `exp - now` (so a token cannot
    /// escape the bound by leaving `iat` out or dating it ahead).
    pub fn verify(&self, token: &str) -> Result<UserClaims, JwtError> {
        let claims = jsonwebtoken::decode::<UserClaims>(token, &self.decoding, &self.validation)
            .map(|data| data.claims)
            .map_err(|_| JwtError::Invalid)?;
        if self.lives_too_long(&claims, chrono::Utc::now().timestamp()) {
            return Err(JwtError::Invalid);
        }
        Ok(claims)
    }

    fn lives_too_long(&self, claims: &UserClaims, now: i64) -> bool {
        match claims.iat {
            Some(issued) if issued <= now => claims.exp.saturating_sub(issued) > self.max_lifetime_seconds,
            _ => claims.exp.saturating_sub(now) > self.max_lifetime_seconds.saturating_add(LEEWAY_SECONDS as i64),
        }
    }

    /// Signs a token for `user_id` (HS256 configurations only): used by the
    /// local server's `dev-token` command and by tests. It is issued now
    /// (`iat`); a lifetime beyond the maximum makes a token [`Self::verify`]
    /// refuses.
    pub fn mint(&self, user_id: &str, email: &str, lifetime_seconds: i64) -> Result<String, JwtError> {
        let (key, issuer, audience) = self.encoding.as_ref().ok_or(JwtError::Configuration)?;
        let now = chrono::Utc::now().timestamp();
        let claims = UserClaims {
            sub: user_id.to_owned(),
            email: Some(email.to_owned()),
            name: None,
            exp: now + lifetime_seconds,
            iat: Some(now),
            nbf: None,
            iss: issuer.clone(),
            aud: Audience::One(audience.clone()),
        };
        jsonwebtoken::encode(&Header::new(Algorithm::HS256), &claims, key).map_err(|_| JwtError::Configuration)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use base64::Engine;

    fn verifier() -> JwtVerifier {
        JwtVerifier::new(&JwtKey::Hs256(b"a-test-secret-of-enough-length!!".to_vec()), "https://issuer.test", "astro-api").unwrap()
    }

    #[test]
    fn accepts_its_own_tokens() {
        let v = verifier();
        let token = v.mint("user-1", "a@b.c", 60).unwrap();
        assert_eq!(v.verify(&token).unwrap().sub, "user-1");
    }

    #[test]
    fn refuses_wrong_signature_issuer_audience_expiry_and_alg_none() {
        let v = verifier();
        let other =
            JwtVerifier::new(&JwtKey::Hs256(b"another-secret-another-secret!!!".to_vec()), "https://issuer.test", "astro-api").unwrap();
        assert_eq!(v.verify(&other.mint("u", "e", 60).unwrap()), Err(JwtError::Invalid));
        let wrong_issuer =
            JwtVerifier::new(&JwtKey::Hs256(b"a-test-secret-of-enough-length!!".to_vec()), "https://evil.test", "astro-api").unwrap();
        assert_eq!(v.verify(&wrong_issuer.mint("u", "e", 60).unwrap()), Err(JwtError::Invalid));
        let wrong_audience =
            JwtVerifier::new(&JwtKey::Hs256(b"a-test-secret-of-enough-length!!".to_vec()), "https://issuer.test", "other").unwrap();
        assert_eq!(v.verify(&wrong_audience.mint("u", "e", 60).unwrap()), Err(JwtError::Invalid));
        assert_eq!(v.verify(&v.mint("u", "e", -120).unwrap()), Err(JwtError::Invalid));
        let engine = base64::engine::general_purpose::URL_SAFE_NO_PAD;
        let header = engine.encode(br#"{"alg":"none","typ":"JWT"}"#);
        let exp = chrono::Utc::now().timestamp() + 600;
        let body = engine.encode(format!(r#"{{"sub":"u","exp":{exp},"iss":"https://issuer.test","aud":"astro-api"}}"#));
        assert_eq!(v.verify(&format!("{header}.{body}.")), Err(JwtError::Invalid));
    }

    #[test]
    fn the_lifetime_counts_from_iat_or_else_from_now() {
        let v = verifier().with_max_lifetime(3600);
        let now = 1_800_000_000;
        let claims = |iat: Option<i64>, exp: i64| UserClaims {
            sub: "u".into(),
            email: None,
            name: None,
            exp,
            iat,
            nbf: None,
            iss: "https://issuer.test".into(),
            aud: Audience::One("astro-api".into()),
        };
        assert!(!v.lives_too_long(&claims(Some(now - 600), now - 600 + 3600), now));
        assert!(v.lives_too_long(&claims(Some(now - 600), now - 600 + 3601), now));
        // Without iat, or with one to come: from now, with the leeway for skew.
        assert!(!v.lives_too_long(&claims(None, now + 3600 + 30), now));
        assert!(v.lives_too_long(&claims(None, now + 3600 + 31), now));
        assert!(v.lives_too_long(&claims(Some(now + 86_400), now + 86_400 + 60), now));
        // Nothing overflows on absurd claims.
        assert!(v.lives_too_long(&claims(Some(i64::MIN), i64::MAX), now));
        assert!(!v.lives_too_long(&claims(None, i64::MIN), now));
        assert_eq!(v.verify(&v.mint("u", "e", 3601).unwrap()), Err(JwtError::Invalid));
        assert!(v.verify(&v.mint("u", "e", 3600).unwrap()).is_ok());
    }

    #[test]
    fn an_audience_list_must_name_ours() {
        let secret = b"a-test-secret-of-enough-length!!";
        let v = verifier();
        let exp = chrono::Utc::now().timestamp() + 600;
        let sign = |aud: &str| {
            let claims: serde_json::Value =
                serde_json::from_str(&format!(r#"{{"sub":"u","exp":{exp},"iss":"https://issuer.test","aud":{aud}}}"#)).unwrap();
            jsonwebtoken::encode(&Header::new(Algorithm::HS256), &claims, &EncodingKey::from_secret(secret)).unwrap()
        };
        let listed = v.verify(&sign(r#"["dashboard","astro-api"]"#)).unwrap();
        assert_eq!(listed.aud, Audience::Many(vec!["dashboard".into(), "astro-api".into()]));
        assert_eq!(v.verify(&sign(r#"["dashboard","other"]"#)), Err(JwtError::Invalid));
    }
}
