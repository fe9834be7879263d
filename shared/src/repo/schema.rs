//! The single-table layout: every partition and sort key the service writes.
//! Documented for operators in `docs/storage.md`.
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
//! | `INVITE#{id}`      | `META`             | pointer to the organization, while open     |
//! | `WIDGET#{id}`      | `META`             | pointer from a widget to its organization   |
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
