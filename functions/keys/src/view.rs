//! How a key is shown. The secret appears only when it was just made
//! (creation, rotation).

use serde::Serialize;
use shared::auth::{ApiKeySecret, KeyPermission, Module};
use shared::repo::api_keys::ApiKeyRecord;

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct KeyView {
    #[serde(rename = "type")]
    kind: &'static str,
    id: String,
    /// The full secret: in the creation and rotation answers only.
    #[serde(skip_serializing_if = "Option::is_none")]
    key: Option<String>,
    name: String,
    prefix: String,
    organization_id: String,
    permissions: Vec<KeyPermission>,
    modules: Vec<Module>,
    allowed_domains: Vec<String>,
    expires_at: Option<String>,
    created_at: String,
    /// The key's owner for the management rules: the user who created it,
    /// or the owner of the key that created it.
    created_by: String,
    /// The key that created it; `null` when a user did.
    created_by_key: Option<String>,
    revoked_at: Option<String>,
    rate_limit_per_minute: Option<u32>,
}

impl KeyView {
    pub fn of(record: ApiKeyRecord, fresh_secret: Option<&ApiKeySecret>) -> Self {
        let created_by_key = record.created_by_key().map(str::to_owned);
        Self {
            kind: "api-keys",
            id: record.id,
            key: fresh_secret.map(|secret| secret.reveal().to_owned()),
            name: record.name,
            prefix: record.prefix,
            organization_id: record.organization_id,
            permissions: record.permissions,
            modules: record.modules,
            allowed_domains: record.allowed_domains,
            expires_at: record
                .expires_at
                .and_then(|at| chrono::DateTime::from_timestamp(at, 0))
                .map(|at| at.to_rfc3339_opts(chrono::SecondsFormat::Secs, true)),
            created_by_key,
            created_at: record.created_at,
            created_by: record.created_by,
            revoked_at: record.revoked_at,
            rate_limit_per_minute: record.rate_limit_per_minute,
        }
    }
}
