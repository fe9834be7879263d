//! First use of a store: an organization, its owner and a first API key, so
//! that a request works right away. The embedded backend does it on the
//! local server's first start; a deployed DynamoDB table gets it from
//! `local-server bootstrap --owner-email … --owner-name …` (`make first-use`).
//!
//! Idempotent and resumable, on either backend: the `SYSTEM`/`BOOTSTRAP`
//! marker is claimed first (create-only) and names the organization, then
//! the organization and the key are created if missing. A second run finds
//! both and creates nothing (no key is shown again); a run interrupted
//! between the steps is completed by the next one; of two concurrent runs
//! only one claims the marker, so there is one first organization.

use std::path::Path;

use shared::auth::{KeyPermission, Plan};
use shared::config::write_private;
use shared::repo::api_keys::{self, NewKey};
use shared::repo::orgs::{self, Organization, User};
use shared::repo::{RepoError, schema};
use shared::store::{StoreError, Table};

pub const LOCAL_OWNER_ID: &str = "local-owner";
/// The local owner's address: the one their `dev-token` carries
/// ([`crate::dev::dev_email`]).
pub const LOCAL_OWNER_EMAIL: &str = "local-owner@local.test";
/// Where the bootstrap key is kept for later starts of the same local data
/// directory (mode 0600; the directory is git-ignored, never deployed).
pub const KEY_FILE: &str = "bootstrap-api-key";

/// What the first use creates.
#[derive(Debug, Clone)]
pub struct FirstUse {
    /// The owner: `id` is the `sub` of their dashboard tokens.
    pub owner: User,
    pub organization_name: String,
    pub plan: Plan,
}

impl FirstUse {
    /// The local installation's: a fixed owner, whom `local-server dev-token`
    /// mints tokens for.
    pub fn local() -> Self {
        Self {
            owner: User { id: LOCAL_OWNER_ID.into(), email: LOCAL_OWNER_EMAIL.into(), name: "Local owner".into() },
            organization_name: "Local organization".into(),
            plan: Plan::Deluxe,
        }
    }
}

pub struct Bootstrapped {
    pub organization_id: String,
    pub api_key: String,
}

pub enum Outcome {
    /// The key was made by this run: show it once.
    Created(Bootstrapped),
    /// Done before: the organization the marker names, which holds a key.
    AlreadyDone { organization_id: String },
}

/// Creates what `first` describes unless done before (see the module).
pub async fn first_use(table: &dyn Table, first: &FirstUse) -> Result<Outcome, RepoError> {
    let proposed = uuid::Uuid::new_v4().to_string();
    let organization_id = match orgs::mark_bootstrapped(table, &proposed).await {
        Ok(()) => proposed,
        Err(RepoError::AlreadyExists) => marked_organization(table).await?,
        Err(other) => return Err(other),
    };
    if orgs::get_organization(table, &organization_id).await?.is_none() {
        let organization = Organization {
            id: organization_id.clone(),
            name: first.organization_name.clone(),
            plan: first.plan,
            api_version: None,
            created_at: chrono::Utc::now().to_rfc3339_opts(chrono::SecondsFormat::Secs, true),
        };
        match orgs::create_organization(table, &organization, &first.owner).await {
            // A concurrent run completing the same marker got there first.
            Ok(()) | Err(RepoError::AlreadyExists) => {}
            Err(other) => return Err(other),
        }
    }
    // Any key, revoked ones included: a revoked bootstrap key was the
    // owner's decision, not a reason to make another.
    if !api_keys::list_for_organization(table, &organization_id).await?.is_empty() {
        return Ok(Outcome::AlreadyDone { organization_id });
    }
    let (_, secret) = api_keys::issue(
        table,
        NewKey {
            organization_id: organization_id.clone(),
            name: "Bootstrap key".into(),
            permissions: KeyPermission::DEFAULT.to_vec(),
            modules: Vec::new(),
            allowed_domains: Vec::new(),
            created_by: first.owner.id.clone(),
            creator_keys: Vec::new(),
            expires_in_seconds: None,
            expires_by: None,
            rate_limit_per_minute: None,
        },
    )
    .await?;
    Ok(Outcome::Created(Bootstrapped { organization_id, api_key: secret.reveal().to_owned() }))
}

/// The organization the bootstrap marker names.
async fn marked_organization(table: &dyn Table) -> Result<String, RepoError> {
    let marker = table.get(schema::SYSTEM, schema::BOOTSTRAP).await?.ok_or(RepoError::Contended)?;
    marker
        .attrs
        .get("organizationId")
        .and_then(|id| id.as_str())
        .map(str::to_owned)
        .ok_or_else(|| StoreError::Corrupt("bootstrap marker without organizationId".into()).into())
}

/// The local first start: [`first_use`] with the local owner, the key also
/// kept in `data_dir` for later starts. `None` when done before.
pub async fn bootstrap_if_empty(table: &dyn Table, data_dir: &Path) -> Result<Option<Bootstrapped>, RepoError> {
    match first_use(table, &FirstUse::local()).await? {
        Outcome::AlreadyDone { .. } => Ok(None),
        Outcome::Created(done) => {
            keep_key(&data_dir.join(KEY_FILE), &done.api_key);
            Ok(Some(done))
        }
    }
}

/// Keeps a local key in `file` (mode 0600); whether it could.
pub fn keep_key(file: &Path, api_key: &str) -> bool {
    match write_private(file, api_key.as_bytes()) {
        Ok(()) => true,
        Err(error) => {
            tracing::warn!(%error, "could not keep the bootstrap key file; it is printed once below");
            false
        }
    }
}

pub fn saved_key(data_dir: &Path) -> Option<String> {
    std::fs::read_to_string(data_dir.join(KEY_FILE)).ok().map(|k| k.trim().to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;
    use shared::store::embedded::EmbeddedTable;

    fn owner(id: &str) -> FirstUse {
        FirstUse {
            owner: User { id: id.into(), email: format!("{id}@example.test"), name: format!("Name of {id}") },
            organization_name: "First".into(),
            plan: Plan::Basic,
        }
    }

    fn table() -> (tempfile::TempDir, EmbeddedTable) {
        let dir = tempfile::tempdir().unwrap();
        let table = EmbeddedTable::open(&dir.path().join("t.redb")).unwrap();
        (dir, table)
    }

    #[tokio::test]
    async fn a_second_run_creates_nothing_and_shows_no_key() {
        let (_dir, table) = table();
        let Outcome::Created(first) = first_use(&table, &owner("ada")).await.unwrap() else { panic!("first run") };
        let Outcome::AlreadyDone { organization_id } = first_use(&table, &owner("bob")).await.unwrap() else { panic!("second run") };
        assert_eq!(organization_id, first.organization_id);
        assert_eq!(api_keys::list_for_organization(&table, &organization_id).await.unwrap().len(), 1);
        assert_eq!(orgs::role_of(&table, &organization_id, "ada").await.unwrap(), Some(shared::auth::Role::Owner));
        assert_eq!(orgs::role_of(&table, &organization_id, "bob").await.unwrap(), None);
        let organization = orgs::get_organization(&table, &organization_id).await.unwrap().unwrap();
        assert_eq!((organization.name.as_str(), organization.plan), ("First", Plan::Basic));
    }

    #[tokio::test]
    async fn a_run_interrupted_after_the_marker_is_completed_by_the_next() {
        let (_dir, table) = table();
        orgs::mark_bootstrapped(&table, "org-of-the-interrupted-run").await.unwrap();
        let Outcome::Created(done) = first_use(&table, &owner("ada")).await.unwrap() else { panic!("completed") };
        assert_eq!(done.organization_id, "org-of-the-interrupted-run");
        assert_eq!(orgs::role_of(&table, &done.organization_id, "ada").await.unwrap(), Some(shared::auth::Role::Owner));
        assert!(matches!(first_use(&table, &owner("ada")).await.unwrap(), Outcome::AlreadyDone { .. }));
    }

    #[tokio::test]
    async fn concurrent_runs_make_one_first_organization() {
        let (_dir, table) = table();
        let (ada, bob) = (owner("ada"), owner("bob"));
        let (a, b) = tokio::join!(first_use(&table, &ada), first_use(&table, &bob));
        let organization_of = |outcome: Outcome| match outcome {
            Outcome::Created(done) => done.organization_id,
            Outcome::AlreadyDone { organization_id } => organization_id,
        };
        assert_eq!(organization_of(a.unwrap()), organization_of(b.unwrap()));
    }
}
