//! Chatbots: what a chatbot's attributes may hold and how a client's
//! attributes make or change them, and what a chat profile holds. Pure: no
//! I/O, no HTTP.
//!
//! Creating takes every attribute (`name` required). Editing merges as a
//! widget's do: an attribute left out stays, `null` clears it to its
//! default (`persona` `friendly`, `language` `en`, `enabled` true,
//! `allowedDomains` `[]`, `requireUserHash` true; `name` cannot be
//! cleared).
//!
//! A chatbot is private unless made otherwise: `requireUserHash` is true
//! unless the client sets it false. Without it, anyone who reads the
//! chatbot's id in the page and guesses a user id speaks as that user: reads
//! that user's chart, or makes the user's profile first, with birth data of
//! their own.

pub mod engine;
pub mod prompt;

use serde_json::{Map, Value};

use crate::language::Language;
use crate::widget::{domains_attribute, flag_attribute, name_attribute};

/// Longest `externalUserId`.
pub const MAX_EXTERNAL_USER_ID: usize = 128;

/// Whether `id` may name a customer's user: 1 to 128 characters of letters,
/// digits and `. _ - : @` (ids travel in paths and log lines).
pub fn is_external_user_id(id: &str) -> bool {
    !id.is_empty() && id.len() <= MAX_EXTERNAL_USER_ID && id.chars().all(|c| c.is_ascii_alphanumeric() || "._-:@".contains(c))
}

/// A new chatbot secret: 32 random bytes, hex.
pub fn new_secret() -> String {
    let bytes: [u8; 32] = rand::random();
    hex::encode(bytes)
}

/// The `userHash` of `external_user_id` under `secret`: HMAC-SHA256, hex,
/// what the customer's server computes and hands to its page.
pub fn user_hash(secret: &str, external_user_id: &str) -> String {
    use hmac::{Hmac, Mac};
    let mut mac = <Hmac<sha2::Sha256> as Mac>::new_from_slice(secret.as_bytes()).expect("HMAC takes keys of any length");
    mac.update(external_user_id.as_bytes());
    hex::encode(mac.finalize().into_bytes())
}

/// Whether `presented` is the `userHash` of `external_user_id` (compared in
/// constant time; hex in either case).
pub fn verify_user_hash(secret: &str, external_user_id: &str, presented: &str) -> bool {
    use subtle::ConstantTimeEq;
    let expected = user_hash(secret, external_user_id);
    let presented = presented.to_ascii_lowercase();
    expected.len() == presented.len() && bool::from(expected.as_bytes().ct_eq(presented.as_bytes()))
}

/// `requireUserHash` when the client does not set it: anonymous chat must
/// be chosen.
pub const REQUIRE_USER_HASH: bool = true;

const ATTRIBUTES: [&str; 6] = ["name", "persona", "language", "enabled", "allowedDomains", "requireUserHash"];

/// The tone a chatbot answers in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Persona {
    /// Warm and plain (the default).
    #[default]
    Friendly,
    /// Measured, no exclamations.
    Professional,
    /// Evocative, as a practising astrologer speaks.
    Mystical,
    /// The facts, shortest form.
    Concise,
}

impl Persona {
    pub const ALL: [Persona; 4] = [Self::Friendly, Self::Professional, Self::Mystical, Self::Concise];

    pub fn id(self) -> &'static str {
        match self {
            Self::Friendly => "friendly",
            Self::Professional => "professional",
            Self::Mystical => "mystical",
            Self::Concise => "concise",
        }
    }

    pub fn parse(id: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|p| p.id() == id)
    }
}

/// A chatbot's attributes, checked.
#[derive(Debug, Clone, PartialEq)]
pub struct ChatbotAttributes {
    pub name: String,
    pub persona: Persona,
    pub language: Language,
    pub enabled: bool,
    pub allowed_domains: Vec<String>,
    /// Every chat request must carry `userHash`, the HMAC-SHA256 of the
    /// `externalUserId` with the chatbot's secret (computed by the
    /// customer's server), so that a visitor cannot speak as another user.
    /// [`REQUIRE_USER_HASH`] unless the client says otherwise.
    pub require_user_hash: bool,
}

impl ChatbotAttributes {
    fn initial() -> Self {
        Self {
            name: String::new(),
            persona: Persona::default(),
            language: Language::En,
            enabled: true,
            allowed_domains: Vec::new(),
            require_user_hash: REQUIRE_USER_HASH,
        }
    }
}

/// A new chatbot's attributes from the client's `attributes` (at `pointer`);
/// every problem as (JSON pointer, detail).
pub fn create(attributes: &Map<String, Value>, pointer: &str) -> Result<ChatbotAttributes, Vec<(String, String)>> {
    let mut problems = Vec::new();
    if !attributes.contains_key("name") {
        problems.push((format!("{pointer}/name"), "a chatbot needs a name".to_owned()));
    }
    apply(ChatbotAttributes::initial(), attributes, pointer, problems)
}

/// `current` with the client's `attributes` merged in.
pub fn edit(
    current: ChatbotAttributes,
    attributes: &Map<String, Value>,
    pointer: &str,
) -> Result<ChatbotAttributes, Vec<(String, String)>> {
    apply(current, attributes, pointer, Vec::new())
}

fn apply(
    mut chatbot: ChatbotAttributes,
    attributes: &Map<String, Value>,
    pointer: &str,
    mut problems: Vec<(String, String)>,
) -> Result<ChatbotAttributes, Vec<(String, String)>> {
    for (name, value) in attributes {
        let at = format!("{pointer}/{}", name.replace('~', "~0").replace('/', "~1"));
        match name.as_str() {
            "name" => {
                if let Some(name) = name_attribute(value, "a chatbot", &at, &mut problems) {
                    chatbot.name = name;
                }
            }
            "persona" => match value {
                Value::Null => chatbot.persona = Persona::default(),
                Value::String(id) if Persona::parse(id).is_some() => chatbot.persona = Persona::parse(id).unwrap_or_default(),
                _ => {
                    let valid: Vec<&str> = Persona::ALL.iter().map(|p| p.id()).collect();
                    problems.push((at, format!("must be one of: {}", valid.join(", "))));
                }
            },
            "language" => match value {
                Value::Null => chatbot.language = Language::En,
                Value::String(code) if Language::parse(code).is_some() => chatbot.language = Language::parse(code).unwrap_or(Language::En),
                _ => problems.push((at, format!("must be one of: {}", Language::supported_codes().join(", ")))),
            },
            "enabled" => {
                if let Some(enabled) = flag_attribute(value, true, &at, &mut problems) {
                    chatbot.enabled = enabled;
                }
            }
            "requireUserHash" => {
                if let Some(required) = flag_attribute(value, REQUIRE_USER_HASH, &at, &mut problems) {
                    chatbot.require_user_hash = required;
                }
            }
            "allowedDomains" => {
                if let Some(patterns) = domains_attribute(value, &at, &mut problems) {
                    chatbot.allowed_domains = patterns;
                }
            }
            other => problems.push((at, format!("unknown attribute '{other}'; valid: {}", ATTRIBUTES.join(", ")))),
        }
    }
    if problems.is_empty() { Ok(chatbot) } else { Err(problems) }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn object(value: Value) -> Map<String, Value> {
        value.as_object().cloned().unwrap_or_default()
    }

    #[test]
    fn a_merge_keeps_what_is_left_out_and_nulls_restore_defaults() {
        let made = create(
            &object(json!({ "name": "Luna", "persona": "mystical", "language": "es", "allowedDomains": ["shop.example.com"] })),
            "/a",
        )
        .unwrap();
        assert_eq!((made.persona, made.language, made.enabled, made.require_user_hash), (Persona::Mystical, Language::Es, true, true));
        let edited = edit(made.clone(), &object(json!({ "requireUserHash": false, "persona": null })), "/a").unwrap();
        assert_eq!(edited.name, "Luna");
        assert_eq!(edited.language, Language::Es);
        assert_eq!(edited.persona, Persona::Friendly);
        assert!(!edited.require_user_hash);
        assert_eq!(edited.allowed_domains, ["shop.example.com"]);
        let restored = edit(edited, &object(json!({ "requireUserHash": null })), "/a").unwrap();
        assert!(restored.require_user_hash, "null restores the default");
    }

    #[test]
    fn user_hashes_are_hmac_sha256_hex() {
        // RFC 4231 test case 2: key "Jefe", data "what do ya want for nothing?".
        assert_eq!(user_hash("Jefe", "what do ya want for nothing?"), "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843");
        let secret = new_secret();
        assert_eq!(secret.len(), 64);
        let hash = user_hash(&secret, "user-42");
        assert!(verify_user_hash(&secret, "user-42", &hash.to_uppercase()));
        assert!(!verify_user_hash(&secret, "user-43", &hash));
        assert!(!verify_user_hash(&secret, "user-42", &hash[..63]));
    }

    #[test]
    fn refusals_point_at_the_attribute() {
        let problems =
            create(&object(json!({ "persona": "grumpy", "language": "fr", "enabled": 1, "requireUserHash": "yes", "secret": "x" })), "/a")
                .unwrap_err();
        let pointers: Vec<&str> = problems.iter().map(|(p, _)| p.as_str()).collect();
        assert_eq!(pointers, ["/a/name", "/a/enabled", "/a/language", "/a/persona", "/a/requireUserHash", "/a/secret"]);
    }
}
