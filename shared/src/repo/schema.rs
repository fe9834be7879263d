//! The single-table layout: every partition and sort key the service writes.
//! Documented for operators in `docs/storage.md`.
//!
//! | pk                 | sk                | item                                  |
//! |--------------------|-------------------|---------------------------------------|
//! | `ORG#{org}`        | `META`            | organization (name, plan, version pin)|
//! | `ORG#{org}`        | `MEMBER#{user}`   | membership (role)                     |
//! | `ORG#{org}`        | `KEY#{key}`       | API key record (hash, permissions...) |
//! | `USER#{user}`      | `META`            | user profile                          |
//! | `USER#{user}`      | `ORG#{org}`       | membership mirror (a user's orgs)     |
//! | `KEYHASH#{sha256}` | `KEY`             | pointer from a key hash to its record |
//! | `SYSTEM`           | `BOOTSTRAP`       | marker of the local bootstrap         |

pub const META: &str = "META";

pub fn org(org_id: &str) -> String {
    format!("ORG#{org_id}")
}

pub fn member(user_id: &str) -> String {
    format!("MEMBER#{user_id}")
}

pub fn key(key_id: &str) -> String {
    format!("KEY#{key_id}")
}

pub const KEY_PREFIX: &str = "KEY#";
pub const MEMBER_PREFIX: &str = "MEMBER#";

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
