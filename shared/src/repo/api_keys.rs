//! API-key records. The secret itself is never stored: only its hash, both
//! inside the record and as the partition key of a pointer item, so that
//! authentication is one lookup by hash.

use serde::{Deserialize, Serialize};
use serde_json::Map;

use super::orgs::{Membership, Organization};
use super::{RepoError, conflict_as_exists, from_item, schema, to_attrs};
use crate::auth::{KeyHash, KeyPermission, Module, Role};
use crate::store::{Condition, Item, Table, WriteOp};

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ApiKeyRecord {
    pub id: String,
    pub organization_id: String,
    pub name: String,
    /// First characters of the key, to recognise it in lists.
    pub prefix: String,
    pub hash: String,
    pub permissions: Vec<KeyPermission>,
    /// Empty: every module of the organization's plan.
    pub modules: Vec<Module>,
    pub allowed_domains: Vec<String>,
    /// The user who owns the key for the management rules: the user who
    /// created it, or, for a key another key created, that key's owner.
    pub created_by: String,
    /// The keys above this one, nearest first: the key that created it, the
    /// key that created that one, and so on. Empty for a key a signed-in user
    /// created (records from before keys made keys have none). Stored whole so
    /// that "does key K manage this key" is one look at the record.
    #[serde(default)]
    pub creator_keys: Vec<String>,
    pub created_at: String,
    /// Unix seconds.
    pub expires_at: Option<i64>,
    pub revoked_at: Option<String>,
    pub rate_limit_per_minute: Option<u32>,
    /// How many edits and rotations the record has had (see
    /// [`schema::key_revision`]).
    #[serde(default)]
    pub revision: u64,
}

impl ApiKeyRecord {
    pub fn is_expired(&self, now: i64) -> bool {
        self.expires_at.is_some_and(|at| now >= at)
    }

    /// What this key could hand on to a key it makes.
    pub fn scope(&self) -> crate::auth::scope::KeyScope<'_> {
        crate::auth::scope::KeyScope {
            permissions: &self.permissions,
            modules: &self.modules,
            allowed_domains: &self.allowed_domains,
            expires_at: self.expires_at,
            rate_limit_per_minute: self.rate_limit_per_minute,
        }
    }

    /// The key that created this one, if a key did.
    pub fn created_by_key(&self) -> Option<&str> {
        self.creator_keys.first().map(String::as_str)
    }

    /// Whether the key `manager_id` manages this key: it is that key, or
    /// that key created it, directly or through keys it created.
    pub fn is_managed_by(&self, manager_id: &str) -> bool {
        self.id == manager_id || self.creator_keys.iter().any(|id| id == manager_id)
    }

    /// The `creator_keys` of a key this key creates.
    pub fn lineage_for_child(&self) -> Vec<String> {
        std::iter::once(self.id.clone()).chain(self.creator_keys.iter().cloned()).collect()
    }
}

/// The item under the key's hash that leads to its record.
///
/// Besides the ids it carries the key's owner and the keys above it, which
/// never change for a key (an edit cannot hand a key to someone else): with
/// them, everything a request is judged on is read in one batch (see
/// [`standing`]).
fn hash_pointer(record: &ApiKeyRecord) -> Map<String, serde_json::Value> {
    let mut pointer = Map::new();
    pointer.insert("organizationId".into(), record.organization_id.clone().into());
    pointer.insert("keyId".into(), record.id.clone().into());
    pointer.insert("createdBy".into(), record.created_by.clone().into());
    pointer.insert("creatorKeys".into(), record.creator_keys.clone().into());
    pointer
}

/// Where a key is and what never changes about it: what its hash pointer
/// says. Safe to keep for the life of a process: a pointer never points
/// elsewhere, and a rotated-away secret still fails, because the record it
/// leads to carries the new hash.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KeyPointer {
    pub organization_id: String,
    pub key_id: String,
    /// `None` for pointers written before they carried it: then [`standing`]
    /// takes one more read.
    pub lineage: Option<KeyLineage>,
}

/// The owner of a key and the keys above it (see [`ApiKeyRecord`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KeyLineage {
    pub created_by: String,
    pub creator_keys: Vec<String>,
}

impl KeyPointer {
    /// A pointer to a key known by id (a signed link names one).
    pub fn to_key(organization_id: &str, key_id: &str) -> Self {
        Self { organization_id: organization_id.to_owned(), key_id: key_id.to_owned(), lineage: None }
    }
}

impl ApiKeyRecord {
    fn lineage(&self) -> KeyLineage {
        KeyLineage { created_by: self.created_by.clone(), creator_keys: self.creator_keys.clone() }
    }
}

/// The pointer stored under `hash`, if any: one read.
pub async fn pointer_by_hash(table: &dyn Table, hash: &KeyHash) -> Result<Option<KeyPointer>, RepoError> {
    let Some(item) = table.get(&schema::key_hash(&hash.to_hex()), schema::KEY_HASH_SK).await? else {
        return Ok(None);
    };
    let text = |name: &str| item.attrs.get(name).and_then(|v| v.as_str()).map(str::to_owned);
    let (Some(organization_id), Some(key_id)) = (text("organizationId"), text("keyId")) else {
        return Err(crate::store::StoreError::Corrupt("key pointer without ids".into()).into());
    };
    let creator_keys = item
        .attrs
        .get("creatorKeys")
        .and_then(|v| v.as_array())
        .map(|ids| ids.iter().filter_map(|id| id.as_str().map(str::to_owned)).collect::<Vec<_>>());
    let lineage = match (text("createdBy"), creator_keys) {
        (Some(created_by), Some(creator_keys)) => Some(KeyLineage { created_by, creator_keys }),
        _ => None,
    };
    Ok(Some(KeyPointer { organization_id, key_id, lineage }))
}

/// A key and everything a request made with it is judged on, read
/// together: its organization, its owner's role there now, and whether any
/// key above it is revoked or gone.
#[derive(Debug, Clone)]
pub struct KeyStanding {
    pub key: ApiKeyRecord,
    /// `None`: the organization was deleted.
    pub organization: Option<Organization>,
    /// `None`: the owner is no longer a member.
    pub owner_role: Option<Role>,
    /// A key above this one is revoked or no longer exists.
    pub creator_revoked: bool,
}

/// The standing of the key `pointer` names, `None` if the key no longer
/// exists. One batched read when the pointer knows the key's lineage
/// (DynamoDB `BatchGetItem`: key, organization, membership and the keys
/// above), two otherwise.
pub async fn standing(table: &dyn Table, pointer: &KeyPointer) -> Result<Option<KeyStanding>, RepoError> {
    let partition = schema::org(&pointer.organization_id);
    let mut keys = vec![(partition.clone(), schema::key(&pointer.key_id)), (partition.clone(), schema::META.to_owned())];
    if let Some(lineage) = &pointer.lineage {
        keys.extend(lineage_keys(&partition, lineage));
    }
    let mut found = table.get_many(&keys).await?.into_iter();
    let (Some(key_item), organization_item) = (found.next().flatten(), found.next().flatten()) else {
        return Ok(None);
    };
    let key: ApiKeyRecord = from_item(key_item)?;
    let mut lineage_items: Vec<Option<Item>> = found.collect();
    if pointer.lineage.is_none() {
        lineage_items = table.get_many(&lineage_keys(&partition, &key.lineage())).await?;
    }
    let mut lineage_items = lineage_items.into_iter();
    let owner_role = lineage_items.next().flatten().map(from_item::<Membership>).transpose()?.map(|membership| membership.role);
    let creator_revoked = lineage_items.any(|creator| match creator {
        None => true,
        Some(item) => from_item::<ApiKeyRecord>(item).map_or(true, |creator| creator.revoked_at.is_some()),
    });
    let organization = organization_item.map(from_item::<Organization>).transpose()?;
    Ok(Some(KeyStanding { key, organization, owner_role, creator_revoked }))
}

/// The owner's membership, then each key above.
fn lineage_keys(partition: &str, lineage: &KeyLineage) -> Vec<(String, String)> {
    std::iter::once((partition.to_owned(), schema::member(&lineage.created_by)))
        .chain(lineage.creator_keys.iter().map(|id| (partition.to_owned(), schema::key(id))))
        .collect()
}

/// Key pointers kept across requests (a Lambda container's warm
/// invocations), by key hash and by key id: what never changes about a key,
/// so nothing here can be stale. Revocation, expiry, plan, role and limits
/// are read on every request (see [`standing`]). Bounded; the least recently
/// used go first.
pub struct PointerCache {
    by_reference: quick_cache::sync::Cache<String, KeyPointer>,
}

impl PointerCache {
    /// Room for this many keys: a few megabytes.
    pub const CAPACITY: usize = 10_000;

    pub fn new() -> Self {
        Self { by_reference: quick_cache::sync::Cache::new(Self::CAPACITY) }
    }

    fn hash_reference(hash: &KeyHash) -> String {
        hash.to_hex()
    }

    // A hash is 64 hex digits; an id reference has a '/', so the two kinds never meet.
    fn id_reference(organization_id: &str, key_id: &str) -> String {
        format!("{organization_id}/{key_id}")
    }

    /// The pointer of `hash`, from memory or with one read.
    pub async fn by_hash(&self, table: &dyn Table, hash: &KeyHash) -> Result<Option<KeyPointer>, RepoError> {
        let reference = Self::hash_reference(hash);
        if let Some(pointer) = self.by_reference.get(&reference) {
            return Ok(Some(pointer));
        }
        let pointer = pointer_by_hash(table, hash).await?;
        if let Some(pointer) = pointer.as_ref().filter(|p| p.lineage.is_some()) {
            self.by_reference.insert(reference, pointer.clone());
        }
        Ok(pointer)
    }

    /// A pointer to the key `key_id`, with its lineage if known.
    pub fn by_id(&self, organization_id: &str, key_id: &str) -> KeyPointer {
        self.by_reference.get(&Self::id_reference(organization_id, key_id)).unwrap_or_else(|| KeyPointer::to_key(organization_id, key_id))
    }

    /// Learns a key's lineage from its record, for the next request (a
    /// pointer written before pointers carried it, or a key known by id).
    pub fn learn(&self, hash: Option<&KeyHash>, key: &ApiKeyRecord) {
        let pointer = KeyPointer { organization_id: key.organization_id.clone(), key_id: key.id.clone(), lineage: Some(key.lineage()) };
        if let Some(hash) = hash {
            self.by_reference.insert(Self::hash_reference(hash), pointer.clone());
        }
        self.by_reference.insert(Self::id_reference(&key.organization_id, &key.id), pointer);
    }
}

impl Default for PointerCache {
    fn default() -> Self {
        Self::new()
    }
}

pub async fn create(table: &dyn Table, record: &ApiKeyRecord) -> Result<(), RepoError> {
    let pointer = hash_pointer(record);
    table
        .write(vec![
            WriteOp::Put {
                item: Item::new(schema::org(&record.organization_id), schema::key(&record.id), to_attrs(record)?),
                condition: Condition::MustNotExist,
            },
            WriteOp::Put {
                item: Item::new(schema::key_hash(&record.hash), schema::KEY_HASH_SK, pointer),
                condition: Condition::MustNotExist,
            },
        ])
        .await
        .map_err(conflict_as_exists)
}

/// The record whose hash is `hash`, if any (revoked and expired included;
/// the caller decides).
pub async fn find_by_hash(table: &dyn Table, hash: &KeyHash) -> Result<Option<ApiKeyRecord>, RepoError> {
    let Some(pointer) = pointer_by_hash(table, hash).await? else {
        return Ok(None);
    };
    let Some(record) = get(table, &pointer.organization_id, &pointer.key_id).await? else {
        return Ok(None);
    };
    // Defence in depth: the record must carry the same hash, compared in constant time.
    let stored = KeyHash::from_hex(&record.hash).ok_or_else(|| crate::store::StoreError::Corrupt("bad stored hash".into()))?;
    Ok(stored.matches(hash).then_some(record))
}

pub async fn list_for_organization(table: &dyn Table, org_id: &str) -> Result<Vec<ApiKeyRecord>, RepoError> {
    let items = table.query(&schema::org(org_id), schema::KEY_PREFIX, None).await?;
    Ok(items.into_iter().map(from_item).collect::<Result<_, _>>()?)
}

/// What a new key is made of (everything but its secret and id).
#[derive(Debug, Clone)]
pub struct NewKey {
    pub organization_id: String,
    pub name: String,
    pub permissions: Vec<KeyPermission>,
    pub modules: Vec<Module>,
    pub allowed_domains: Vec<String>,
    pub created_by: String,
    /// See [`ApiKeyRecord::creator_keys`].
    pub creator_keys: Vec<String>,
    pub expires_in_seconds: Option<i64>,
    /// The latest the key may expire (Unix seconds): a key made by a key
    /// expires no later than that key, to the second, whatever the clock
    /// reads between the check and the write.
    pub expires_by: Option<i64>,
    pub rate_limit_per_minute: Option<u32>,
}

/// Generates a secret, stores its record, and returns both. The secret is
/// returned to be shown once; only its hash is kept.
pub async fn issue(table: &dyn Table, new_key: NewKey) -> Result<(ApiKeyRecord, crate::auth::ApiKeySecret), RepoError> {
    let secret = crate::auth::ApiKeySecret::generate();
    let now = chrono::Utc::now();
    let record = ApiKeyRecord {
        id: uuid::Uuid::new_v4().to_string(),
        organization_id: new_key.organization_id,
        name: new_key.name,
        prefix: secret.display_prefix(),
        hash: secret.hash().to_hex(),
        permissions: new_key.permissions,
        modules: new_key.modules,
        allowed_domains: new_key.allowed_domains,
        created_by: new_key.created_by,
        creator_keys: new_key.creator_keys,
        created_at: now.to_rfc3339_opts(chrono::SecondsFormat::Secs, true),
        expires_at: new_key
            .expires_in_seconds
            .map(|seconds| now.timestamp() + seconds)
            .map(|at| new_key.expires_by.map_or(at, |latest| at.min(latest))),
        revoked_at: None,
        rate_limit_per_minute: new_key.rate_limit_per_minute,
        revision: 0,
    };
    create(table, &record).await?;
    Ok((record, secret))
}

pub async fn get(table: &dyn Table, org_id: &str, key_id: &str) -> Result<Option<ApiKeyRecord>, RepoError> {
    Ok(table.get(&schema::org(org_id), &schema::key(key_id)).await?.map(from_item).transpose()?)
}

/// Marks the key revoked. Its hash pointer stays, so that using it answers
/// "revoked" rather than "unknown".
pub async fn revoke(table: &dyn Table, record: &ApiKeyRecord) -> Result<ApiKeyRecord, RepoError> {
    let mut revoked = record.clone();
    revoked.revoked_at = Some(chrono::Utc::now().to_rfc3339_opts(chrono::SecondsFormat::Secs, true));
    let mut marker = Map::new();
    marker.insert("revokedAt".into(), revoked.revoked_at.clone().into());
    table
        .write(vec![
            WriteOp::Put {
                item: Item::new(schema::org(&revoked.organization_id), schema::key(&revoked.id), to_attrs(&revoked)?),
                condition: Condition::MustExist,
            },
            WriteOp::Put {
                item: Item::new(schema::org(&revoked.organization_id), schema::key_revoked(&revoked.id), marker),
                condition: Condition::None,
            },
        ])
        .await?;
    Ok(revoked)
}

/// Revokes every key below `record` (those it created, directly or through
/// keys it created) that is not revoked yet, and returns them. A key made by
/// a key that was revoked stops working anyway (authentication checks the
/// keys above a key); this makes the records say so too.
pub async fn revoke_below(table: &dyn Table, record: &ApiKeyRecord) -> Result<Vec<ApiKeyRecord>, RepoError> {
    let mut revoked = Vec::new();
    for key in list_for_organization(table, &record.organization_id).await? {
        if key.id != record.id && key.is_managed_by(&record.id) && key.revoked_at.is_none() {
            revoked.push(revoke(table, &key).await?);
        }
    }
    Ok(revoked)
}

/// A condition-only op: holds while the key has no revocation marker (a
/// delete of an item that must not exist deletes nothing).
fn not_revoked(record: &ApiKeyRecord) -> WriteOp {
    WriteOp::Delete { pk: schema::org(&record.organization_id), sk: schema::key_revoked(&record.id), condition: Condition::MustNotExist }
}

/// The next revision's marker: create-only, so a write decided on a record
/// someone else has rewritten since fails instead of undoing their change.
fn next_revision(record: &ApiKeyRecord) -> WriteOp {
    WriteOp::Put {
        item: Item::new(schema::org(&record.organization_id), schema::key_revision(&record.id, record.revision + 1), Map::new()),
        condition: Condition::MustNotExist,
    }
}

/// After a failed guarded write: revoked meanwhile, or otherwise changed.
async fn why_refused(table: &dyn Table, record: &ApiKeyRecord, otherwise: RepoError) -> RepoError {
    match table.get(&schema::org(&record.organization_id), &schema::key_revoked(&record.id)).await {
        Ok(Some(_)) => RepoError::Revoked,
        Ok(None) => otherwise,
        Err(error) => RepoError::Store(error),
    }
}

/// What an edit may change. The id, organization, owner, secret and dates
/// are not here: an edit cannot move a key, hand it to someone else or
/// change what authenticates it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct KeyEdit {
    pub name: Option<String>,
    pub permissions: Option<Vec<KeyPermission>>,
    pub modules: Option<Vec<Module>>,
    pub allowed_domains: Option<Vec<String>>,
    /// `Some(None)` clears the per-key limit; `None` leaves it as it is.
    pub rate_limit_per_minute: Option<Option<u32>>,
}

impl KeyEdit {
    /// The record as the edit would leave it (same revision), to judge an
    /// edit before writing it.
    pub fn applied_to(&self, record: &ApiKeyRecord) -> ApiKeyRecord {
        let mut edited = record.clone();
        if let Some(name) = &self.name {
            edited.name.clone_from(name);
        }
        if let Some(permissions) = &self.permissions {
            edited.permissions.clone_from(permissions);
        }
        if let Some(modules) = &self.modules {
            edited.modules.clone_from(modules);
        }
        if let Some(allowed_domains) = &self.allowed_domains {
            edited.allowed_domains.clone_from(allowed_domains);
        }
        if let Some(rate_limit_per_minute) = self.rate_limit_per_minute {
            edited.rate_limit_per_minute = rate_limit_per_minute;
        }
        edited
    }
}

/// Applies `edit` to the key and stores it; the secret stays the same.
///
/// Both writes require their item to exist: the record, so that a key
/// deleted meanwhile is not brought back, and the hash pointer of the secret
/// the record was read with (rewritten as it is), so that an edit decided on
/// a key that was rotated meanwhile cannot put the old hash back into the
/// record, which would orphan the new secret. Either failing is
/// [`RepoError::NotFound`]: the key as it was read is gone; read it again.
pub async fn update(table: &dyn Table, record: &ApiKeyRecord, edit: KeyEdit) -> Result<ApiKeyRecord, RepoError> {
    let mut edited = edit.applied_to(record);
    edited.revision = record.revision + 1;
    match table
        .write(vec![
            WriteOp::Put {
                item: Item::new(schema::org(&edited.organization_id), schema::key(&edited.id), to_attrs(&edited)?),
                condition: Condition::MustExist,
            },
            WriteOp::Put {
                item: Item::new(schema::key_hash(&edited.hash), schema::KEY_HASH_SK, hash_pointer(&edited)),
                condition: Condition::MustExist,
            },
            not_revoked(&edited),
            next_revision(record),
        ])
        .await
    {
        Ok(()) => Ok(edited),
        Err(crate::store::StoreError::ConditionFailed) => Err(why_refused(table, record, RepoError::NotFound).await),
        Err(other) => Err(RepoError::Store(other)),
    }
}

/// A new secret for the same key (same id, owner, restrictions), with
/// `permissions` as given. One transaction swaps the hash pointers, so the
/// old secret stops working the moment the new one exists.
pub async fn rotate(
    table: &dyn Table,
    record: &ApiKeyRecord,
    permissions: Vec<KeyPermission>,
) -> Result<(ApiKeyRecord, crate::auth::ApiKeySecret), RepoError> {
    let secret = crate::auth::ApiKeySecret::generate();
    let mut rotated = record.clone();
    rotated.hash = secret.hash().to_hex();
    rotated.prefix = secret.display_prefix();
    rotated.permissions = permissions;
    rotated.revision = record.revision + 1;
    let pointer = hash_pointer(&rotated);
    match table
        .write(vec![
            WriteOp::Put {
                item: Item::new(schema::org(&rotated.organization_id), schema::key(&rotated.id), to_attrs(&rotated)?),
                condition: Condition::MustExist,
            },
            WriteOp::Put {
                item: Item::new(schema::key_hash(&rotated.hash), schema::KEY_HASH_SK, pointer),
                condition: Condition::MustNotExist,
            },
            WriteOp::Delete { pk: schema::key_hash(&record.hash), sk: schema::KEY_HASH_SK.to_owned(), condition: Condition::MustExist },
            not_revoked(&rotated),
            next_revision(record),
        ])
        .await
    {
        Ok(()) => Ok((rotated, secret)),
        Err(crate::store::StoreError::ConditionFailed) => Err(why_refused(table, record, RepoError::Contended).await),
        Err(other) => Err(RepoError::Store(other)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::embedded::EmbeddedTable;

    fn new_key() -> NewKey {
        NewKey {
            organization_id: "org-1".into(),
            name: "server".into(),
            permissions: KeyPermission::ALL.to_vec(),
            modules: vec![],
            allowed_domains: vec![],
            created_by: "user-1".into(),
            creator_keys: vec![],
            expires_in_seconds: None,
            expires_by: None,
            rate_limit_per_minute: Some(600),
        }
    }

    #[tokio::test]
    async fn an_edit_changes_what_it_names_and_keeps_the_secret() {
        let dir = tempfile::tempdir().unwrap();
        let table = EmbeddedTable::open(&dir.path().join("t.redb")).unwrap();
        let (record, secret) = issue(&table, new_key()).await.unwrap();
        let edit = KeyEdit { permissions: Some(vec![KeyPermission::CalcRead]), rate_limit_per_minute: Some(None), ..KeyEdit::default() };
        let edited = update(&table, &record, edit).await.unwrap();
        assert_eq!(edited.permissions, [KeyPermission::CalcRead]);
        assert_eq!(edited.rate_limit_per_minute, None);
        assert_eq!((&edited.name, &edited.hash, &edited.prefix), (&record.name, &record.hash, &record.prefix));
        assert_eq!(get(&table, "org-1", &record.id).await.unwrap(), Some(edited.clone()));
        assert_eq!(find_by_hash(&table, &secret.hash()).await.unwrap(), Some(edited));
    }

    /// Two changes decided on the same record: the second is refused, so a
    /// rotation cannot put back the permissions an edit just removed.
    #[tokio::test]
    async fn a_stale_edit_or_rotation_cannot_undo_a_newer_change() {
        let dir = tempfile::tempdir().unwrap();
        let table = EmbeddedTable::open(&dir.path().join("t.redb")).unwrap();
        let (read_by_both, _) = issue(&table, new_key()).await.unwrap();
        let narrowing = KeyEdit { permissions: Some(vec![KeyPermission::CalcRead]), ..KeyEdit::default() };
        let narrowed = update(&table, &read_by_both, narrowing).await.unwrap();
        assert_eq!(narrowed.revision, 1);
        assert!(matches!(rotate(&table, &read_by_both, read_by_both.permissions.clone()).await, Err(RepoError::Contended)));
        let renaming = KeyEdit { name: Some("renamed".into()), ..KeyEdit::default() };
        assert!(matches!(update(&table, &read_by_both, renaming.clone()).await, Err(RepoError::NotFound)));
        assert_eq!(get(&table, "org-1", &read_by_both.id).await.unwrap(), Some(narrowed.clone()));
        // Decided on the current record, both go through, one after the other.
        let (rotated, _) = rotate(&table, &narrowed, narrowed.permissions.clone()).await.unwrap();
        assert_eq!((rotated.revision, rotated.permissions.as_slice()), (2, [KeyPermission::CalcRead].as_slice()));
        assert_eq!(update(&table, &rotated, renaming).await.unwrap().revision, 3);
    }

    /// An edit or a rotation decided before a revocation and written after
    /// it must fail: a revocation is final.
    #[tokio::test]
    async fn a_revocation_wins_over_a_stale_edit_or_rotation() {
        let dir = tempfile::tempdir().unwrap();
        let table = EmbeddedTable::open(&dir.path().join("t.redb")).unwrap();
        let (stale, secret) = issue(&table, new_key()).await.unwrap();
        revoke(&table, &stale).await.unwrap();
        let edit = KeyEdit { name: Some("renamed".into()), ..KeyEdit::default() };
        assert!(matches!(update(&table, &stale, edit).await, Err(RepoError::Revoked)));
        assert!(matches!(rotate(&table, &stale, stale.permissions.clone()).await, Err(RepoError::Revoked)));
        let stored = get(&table, "org-1", &stale.id).await.unwrap().unwrap();
        assert!(stored.revoked_at.is_some() && stored.name == "server");
        assert_eq!(find_by_hash(&table, &secret.hash()).await.unwrap().map(|k| k.revoked_at.is_some()), Some(true));
    }

    #[tokio::test]
    async fn an_edit_does_not_bring_back_a_missing_key() {
        let dir = tempfile::tempdir().unwrap();
        let table = EmbeddedTable::open(&dir.path().join("t.redb")).unwrap();
        let (mut record, _) = issue(&table, new_key()).await.unwrap();
        record.id = "not-stored".into();
        assert!(matches!(update(&table, &record, KeyEdit::default()).await, Err(RepoError::NotFound)));
        assert_eq!(get(&table, "org-1", "not-stored").await.unwrap(), None);
    }

    #[tokio::test]
    async fn an_edit_read_before_a_rotation_cannot_orphan_the_new_secret() {
        let dir = tempfile::tempdir().unwrap();
        let table = EmbeddedTable::open(&dir.path().join("t.redb")).unwrap();
        let (record, _) = issue(&table, new_key()).await.unwrap();
        let (rotated, secret) = rotate(&table, &record, record.permissions.clone()).await.unwrap();
        let stale = KeyEdit { name: Some("renamed".into()), ..KeyEdit::default() };
        assert!(matches!(update(&table, &record, stale).await, Err(RepoError::NotFound)));
        assert_eq!(find_by_hash(&table, &secret.hash()).await.unwrap(), Some(rotated));
    }

    /// Pointers written before they carried the key's owner and lineage
    /// still lead to the key's standing, with one read more, and the cache
    /// learns what they lack.
    #[tokio::test]
    async fn a_pointer_without_lineage_still_leads_to_the_standing() {
        let dir = tempfile::tempdir().unwrap();
        let table = EmbeddedTable::open(&dir.path().join("t.redb")).unwrap();
        let (record, secret) = issue(&table, new_key()).await.unwrap();
        let hash = secret.hash();
        let full = pointer_by_hash(&table, &hash).await.unwrap().unwrap();
        assert_eq!(full.lineage, Some(KeyLineage { created_by: "user-1".into(), creator_keys: vec![] }));

        let mut old = Map::new();
        old.insert("organizationId".into(), "org-1".into());
        old.insert("keyId".into(), record.id.clone().into());
        let pointer_item = Item::new(schema::key_hash(&record.hash), schema::KEY_HASH_SK, old);
        table.write(vec![WriteOp::Put { item: pointer_item, condition: Condition::MustExist }]).await.unwrap();
        let pointer = pointer_by_hash(&table, &hash).await.unwrap().unwrap();
        assert_eq!(pointer.lineage, None);
        let standing = standing(&table, &pointer).await.unwrap().unwrap();
        assert_eq!(standing.key, record);
        // No organization or membership was written in this test.
        assert_eq!((standing.organization, standing.owner_role, standing.creator_revoked), (None, None, false));

        let cache = PointerCache::new();
        assert_eq!(cache.by_hash(&table, &hash).await.unwrap().unwrap().lineage, None);
        cache.learn(Some(&hash), &standing.key);
        table
            .write(vec![WriteOp::Delete {
                pk: schema::key_hash(&record.hash),
                sk: schema::KEY_HASH_SK.into(),
                condition: Condition::MustExist,
            }])
            .await
            .unwrap();
        // Known now, without a read: what a pointer says never changes.
        assert_eq!(cache.by_hash(&table, &hash).await.unwrap(), Some(full.clone()));
        assert_eq!(cache.by_id("org-1", &record.id), full);
        assert_eq!(cache.by_id("org-1", "another").lineage, None);
    }
}
