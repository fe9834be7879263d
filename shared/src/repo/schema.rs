//! The single-table layout: every partition and sort key the service writes,
//! built here and nowhere else. Documented for operators in `docs/storage.md`.
//!
//! | pk                 | sk                 | item                                        |
//! |--------------------|--------------------|---------------------------------------------|
//! | `ORG#{org}`        | `META`             | organization (name, plan, version pin)      |
//! | `ORG#{org}`        | `MEMBER#{user}`    | membership (role, joined_at)                |
//! | `ORG#{org}`        | `ROSTER#{version}` | roster version: guards membership changes   |
//! | `ORG#{org}`        | `KEY#{key}`        | API key record (hash, permissions...)       |
//! | `ORG#{org}`        | `INVITE#{id}`      | invitation record (email, role, status...)  |
//! | `ORG#{org}`        | `SUMMARY#{hash}`   | an AI summary (see `summaries`)             |
//! | `ORG#{org}`        | `SUMMARYLEASE#{hash}` | who writes that summary, until when      |
//! | `ORG#{org}`        | `WIDGET#{id}`      | widget configuration (see `widgets`)        |
//! | `ORG#{org}`        | `CHATBOT#{id}`     | chatbot configuration (see `chatbots`)      |
//! | `ORG#{org}`        | `CONTENT#{urn}`    | the organization's text or copy (`content`) |
//! | `ORG#{org}`        | `CONTENTID#{id}`   | pointer from a text's id to its URN         |
//! | `INVITE#{id}`      | `META`             | pointer to the organization, while open     |
//! | `WIDGET#{id}`      | `META`             | pointer from a widget to its organization   |
//! | `CHATBOT#{id}`     | `META`             | pointer from a chatbot to its organization  |
//! | `CHATBOT#{id}`     | `PROFILE#{user}`   | a chatbot user's birth profile              |
//! | `CHATBOT#{id}`     | `CONV#{user}#{id}` | a conversation                              |
//! | `BASE#{type}#{content}#{lang}` | `{urn}` | a base text of the corpus                 |
//! | `SYSTEM`           | `CORPUS#{version}` | marker of a loaded corpus version           |
//!
//! Counters (`Table::increment`, metering) share the key space:
//!
//! | pk                               | sk               | counts                        |
//! |----------------------------------|------------------|-------------------------------|
//! | `RATE#{key}`                     | `{YYYYMMDDhhmm}` | a key's requests in a minute  |
//! | `RATE#WIDGET#{id}[#{client}]`    | `{YYYYMMDDhhmm}` | a widget's (per client)       |
//! | `RATE#CHATBOT#{id}[#{user}]`     | `{YYYYMMDDhhmm}` | a chatbot's (per user)        |
//! | `USAGE#{org}#{YYYY-MM}`          | `TOTAL`, `KEY#{key}`, `WIDGET#{id}`, `CHATBOT#{id}` | units in a month |
//! | `EDGELOG#{bucket}/{object}`      | `{org}#{YYYY-MM}#{n}` | a log file's charge, once |
//! | `RECEIPT#{bill}`                 | `{n}`            | one charge's state            |
//! | `USER#{user}`      | `META`             | user profile                                |
//! | `USER#{user}`      | `ORG#{org}`        | membership mirror (a user's orgs)           |
//! | `KEYHASH#{sha256}` | `KEY`              | pointer from a key hash to its record       |
//! | `SYSTEM`           | `BOOTSTRAP`        | marker of the local bootstrap               |

pub const META: &str = "META";

pub fn org(org_id: &str) -> String {
    format!("ORG#{org_id}")
}

pub fn member(user_id: &str) -> String {
    format!("MEMBER#{user_id}")
}

/// Marker of a revoked key: edits and rotations require its absence, so a
/// revocation landing between their read and their write wins.
pub fn key_revoked(key_id: &str) -> String {
    format!("REVOKED#{key_id}")
}

/// One marker per revision a key record has had: an edit or rotation
/// creates the next one (create-only), so of two decided on the same
/// revision only one is written and the other cannot undo it.
pub fn key_revision(key_id: &str, revision: u64) -> String {
    format!("KEYREV#{key_id}#{revision:020}")
}

pub fn key(key_id: &str) -> String {
    format!("KEY#{key_id}")
}

pub const KEY_PREFIX: &str = "KEY#";
pub const MEMBER_PREFIX: &str = "MEMBER#";

/// The roster version item: zero-padded so that byte order is numeric order.
pub fn roster(version: u64) -> String {
    format!("ROSTER#{version:020}")
}

pub const ROSTER_PREFIX: &str = "ROSTER#";

/// An invitation inside its organization's partition.
pub fn invitation(invitation_id: &str) -> String {
    format!("INVITE#{invitation_id}")
}

pub const INVITATION_PREFIX: &str = "INVITE#";

/// The partition of an invitation's pointer (sort key [`META`]): the public
/// lookup and the acceptance know only the id.
pub fn invitation_pointer(invitation_id: &str) -> String {
    format!("INVITE#{invitation_id}")
}

pub fn user(user_id: &str) -> String {
    format!("USER#{user_id}")
}

pub const USER_ORG_PREFIX: &str = "ORG#";

pub fn user_org(org_id: &str) -> String {
    format!("ORG#{org_id}")
}

pub fn key_hash(hash_hex: &str) -> String {
    format!("KEYHASH#{hash_hex}")
}

pub const KEY_HASH_SK: &str = "KEY";
pub const SYSTEM: &str = "SYSTEM";
pub const BOOTSTRAP: &str = "BOOTSTRAP";

pub const WIDGET_PREFIX: &str = "WIDGET#";

/// A widget in its organization's partition, and the partition of its
/// pointer (sort key [`META`]): the public routes know only the id.
pub fn widget(widget_id: &str) -> String {
    format!("{WIDGET_PREFIX}{widget_id}")
}

pub const CHATBOT_PREFIX: &str = "CHATBOT#";
pub const PROFILE_PREFIX: &str = "PROFILE#";
pub const CONVERSATION_PREFIX: &str = "CONV#";

/// A chatbot in its organization's partition, and its own partition (its
/// pointer, profiles and conversations).
pub fn chatbot(chatbot_id: &str) -> String {
    format!("{CHATBOT_PREFIX}{chatbot_id}")
}

pub fn chat_profile(external_user_id: &str) -> String {
    format!("{PROFILE_PREFIX}{external_user_id}")
}

/// The sort-key prefix of one user's conversations.
pub fn conversations_of(external_user_id: &str) -> String {
    format!("{CONVERSATION_PREFIX}{external_user_id}#")
}

pub fn conversation(external_user_id: &str, conversation_id: &str) -> String {
    format!("{}{conversation_id}", conversations_of(external_user_id))
}

pub const CONTENT_PREFIX: &str = "CONTENT#";

/// An organization's text (its own or a copy of a base text), by URN.
pub fn content(urn: &str) -> String {
    format!("{CONTENT_PREFIX}{urn}")
}

/// The pointer from an organization's text's id to its URN.
pub fn content_id(content_id: &str) -> String {
    format!("CONTENTID#{content_id}")
}

/// Where the base items of one horoscope type, content type and language
/// are stored, one item per URN.
pub fn base_corpus(horoscope: &str, content_type: &str, language: &str) -> String {
    format!("BASE#{horoscope}#{content_type}#{language}")
}

/// Marker (partition [`SYSTEM`]) of a corpus version loaded.
pub fn corpus(version: &str) -> String {
    format!("CORPUS#{version}")
}

/// An AI summary in its organization's partition, by the hash of what it says.
pub fn summary(hash: &str) -> String {
    format!("SUMMARY#{hash}")
}

/// Who writes the summary of `hash`, until when.
pub fn summary_lease(hash: &str) -> String {
    format!("SUMMARYLEASE#{hash}")
}

pub const RATE_PREFIX: &str = "RATE#";

/// A rate window's partition: `spender` is a key id, `WIDGET#{id}`,
/// `CHATBOT#{id}`, or either of the latter with `#{client}`.
pub fn rate(spender: &str) -> String {
    format!("{RATE_PREFIX}{spender}")
}

/// An organization's usage counters of one month (`YYYY-MM`).
pub fn usage(organization_id: &str, month: &str) -> String {
    format!("USAGE#{organization_id}#{month}")
}

pub const USAGE_TOTAL: &str = "TOTAL";
pub const USAGE_KEY_PREFIX: &str = "KEY#";
pub const USAGE_WIDGET_PREFIX: &str = WIDGET_PREFIX;
pub const USAGE_CHATBOT_PREFIX: &str = CHATBOT_PREFIX;

/// The charges made for one CloudFront log file (`{bucket}/{object key}`).
pub fn edge_log(log_id: &str) -> String {
    format!("EDGELOG#{log_id}")
}

/// The receipts of one request's charges (`metering::bill`).
pub fn receipt(bill_id: &str) -> String {
    format!("RECEIPT#{bill_id}")
}
