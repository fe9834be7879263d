//! First start of a local installation: an organization, its owner and a
//! first API key, so that a request works right away.

use std::path::Path;

use shared::auth::{KeyPermission, Plan};
use shared::config::write_private;
use shared::repo::RepoError;
use shared::repo::api_keys::{self, NewKey};
use shared::repo::orgs::{self, Organization, User};
use shared::store::Table;

pub const LOCAL_OWNER_ID: &str = "local-owner";
pub const LOCAL_OWNER_EMAIL: &str = "owner@localhost";
/// Where the bootstrap key is kept for later starts of the same local data
/// directory (mode 0600; the directory is git-ignored, never deployed).
pub const KEY_FILE: &str = "bootstrap-api-key";

pub struct Bootstrapped {
    pub organization_id: String,
    pub api_key: String,
}

/// Creates the local organization, owner and key unless done before.
pub async fn bootstrap_if_empty(table: &dyn Table, data_dir: &Path) -> Result<Option<Bootstrapped>, RepoError> {
    if orgs::bootstrapped(table).await? {
        return Ok(None);
    }
    let organization = Organization {
        id: uuid::Uuid::new_v4().to_string(),
        name: "Local organization".into(),
        plan: Plan::Deluxe,
        api_version: None,
        created_at: chrono::Utc::now().to_rfc3339_opts(chrono::SecondsFormat::Secs, true),
    };
    let owner = User { id: LOCAL_OWNER_ID.into(), email: LOCAL_OWNER_EMAIL.into(), name: "Local owner".into() };
    orgs::create_organization(table, &organization, &owner).await?;
    let (_, secret) = api_keys::issue(
        table,
        NewKey {
            organization_id: organization.id.clone(),
            name: "Bootstrap key".into(),
            permissions: KeyPermission::DEFAULT.to_vec(),
            modules: Vec::new(),
            allowed_domains: Vec::new(),
            created_by: owner.id,
            creator_keys: Vec::new(),
            expires_in_seconds: None,
            expires_by: None,
            rate_limit_per_minute: None,
        },
    )
    .await?;
    orgs::mark_bootstrapped(table, &organization.id).await?;
    let api_key = secret.reveal().to_owned();
    if let Err(error) = write_private(&data_dir.join(KEY_FILE), api_key.as_bytes()) {
        tracing::warn!(%error, "could not keep the bootstrap key file; it is printed once below");
    }
    Ok(Some(Bootstrapped { organization_id: organization.id, api_key }))
}

pub fn saved_key(data_dir: &Path) -> Option<String> {
    std::fs::read_to_string(data_dir.join(KEY_FILE)).ok().map(|k| k.trim().to_owned())
}
