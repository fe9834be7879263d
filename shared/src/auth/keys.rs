//! API-key secrets. A key is shown to its creator once; the service keeps
//! only its SHA-256 hash. A fast hash is right here (unlike passwords): the
//! key carries 238 bits of randomness, so there is nothing to brute-force.

use rand::Rng;
use sha2::{Digest, Sha256};
use subtle::ConstantTimeEq;

const KEY_PREFIX: &str = "ak_";
const RANDOM_CHARS: usize = 40;
/// How many leading characters identify a key in lists (`ak_` + 8).
pub const DISPLAY_PREFIX_LEN: usize = 11;
const ALPHABET: &[u8] = b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/// The full secret. Deliberately not `Debug`/`Display`, so that it cannot
/// end up in a log line by accident.
pub struct ApiKeySecret(String);

impl ApiKeySecret {
    pub fn generate() -> Self {
        let mut rng = rand::rng();
        let random: String = (0..RANDOM_CHARS).map(|_| ALPHABET[rng.random_range(0..ALPHABET.len())] as char).collect();
        Self(format!("{KEY_PREFIX}{random}"))
    }

    /// Wraps a key presented by a client.
    pub fn presented(value: &str) -> Self {
        Self(value.to_owned())
    }

    /// The value to show once, at creation.
    pub fn reveal(&self) -> &str {
        &self.0
    }

    pub fn display_prefix(&self) -> String {
        self.0.chars().take(DISPLAY_PREFIX_LEN).collect()
    }

    pub fn hash(&self) -> KeyHash {
        KeyHash(Sha256::digest(self.0.as_bytes()).into())
    }

    /// Whether the text could be one of our keys at all (cheap pre-check
    /// before touching the store).
    pub fn is_well_formed(&self) -> bool {
        self.0.len() == KEY_PREFIX.len() + RANDOM_CHARS
            && self.0.starts_with(KEY_PREFIX)
            && self.0[KEY_PREFIX.len()..].bytes().all(|b| b.is_ascii_alphanumeric())
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
pub struct KeyHash(pub [u8; 32]);

impl KeyHash {
    pub fn to_hex(&self) -> String {
        hex::encode(self.0)
    }

    pub fn from_hex(text: &str) -> Option<Self> {
        if text.len() != 64 {
            return None;
        }
        let mut bytes = [0u8; 32];
        for (i, chunk) in text.as_bytes().chunks(2).enumerate() {
            bytes[i] = u8::from_str_radix(std::str::from_utf8(chunk).ok()?, 16).ok()?;
        }
        Some(Self(bytes))
    }

    /// Constant-time comparison, so timing reveals nothing about a stored hash.
    pub fn matches(&self, other: &KeyHash) -> bool {
        self.0.ct_eq(&other.0).into()
    }
}

impl std::fmt::Debug for KeyHash {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // A hash is not secret, but there is no reason to print it whole.
        write!(f, "KeyHash({}…)", &self.to_hex()[..8])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn generated_keys_are_well_formed_and_distinct() {
        let a = ApiKeySecret::generate();
        let b = ApiKeySecret::generate();
        assert!(a.is_well_formed() && b.is_well_formed());
        assert_ne!(a.reveal(), b.reveal());
        assert_eq!(a.display_prefix().len(), DISPLAY_PREFIX_LEN);
        assert!(a.reveal().starts_with(&a.display_prefix()));
    }

    #[test]
    fn hashes_round_trip_and_compare() {
        let key = ApiKeySecret::generate();
        let hash = key.hash();
        assert_eq!(KeyHash::from_hex(&hash.to_hex()), Some(hash));
        assert!(hash.matches(&ApiKeySecret::presented(key.reveal()).hash()));
        assert!(!hash.matches(&ApiKeySecret::generate().hash()));
        assert!(!ApiKeySecret::presented("ak_short").is_well_formed());
    }
}
