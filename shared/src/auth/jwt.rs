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

#[derive(Clone)]
pub struct JwtVerifier {
    decoding: DecodingKey,
    validation: Validation,
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
        validation.leeway = 30;
        Ok(Self { decoding, validation, encoding })
    }

    pub fn verify(&self, token: &str) -> Result<UserClaims, JwtError> {
        jsonwebtoken::decode::<UserClaims>(token, &self.decoding, &self.validation).map(|data| data.claims).map_err(|_| JwtError::Invalid)
    }

    /// Signs a token for `user_id` (HS256 configurations only): used by the
    /// local server's `dev-token` command and by tests.
    pub fn mint(&self, user_id: &str, email: &str, lifetime_seconds: i64) -> Result<String, JwtError> {
        let (key, issuer, audience) = self.encoding.as_ref().ok_or(JwtError::Configuration)?;
        let claims = UserClaims {
            sub: user_id.to_owned(),
            email: Some(email.to_owned()),
            name: None,
            exp: chrono::Utc::now().timestamp() + lifetime_seconds,
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
