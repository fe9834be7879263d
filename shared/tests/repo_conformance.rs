//! The membership, invitation, API-key and content repositories on every
//! table backend: the guarded writes (roster versions, invitation pointers,
//! key hash pointers and revocation markers, content id pointers) rely only
//! on the port's existence conditions, so they must hold on redb and on
//! DynamoDB alike.
//!
//! As in `store_conformance.rs`: `embedded::*` always runs; `dynamo::*` runs
//! against a moto server at `$MOTO_ENDPOINT` (a fresh table per test), and
//! without it prints a notice and passes, unless `REQUIRE_MOTO=1` or
//! `CI=true`, where it fails.
#![cfg(feature = "services")]

use serde_json::json;
use shared::astro::point::PointId;
use shared::astro::zodiac::Sign;
use shared::auth::{ApiKeySecret, KeyHash, KeyPermission, Module, Plan, Role};
use shared::content::{ContentKey, HoroscopeType, Subject, compose};
use shared::language::Language;
use shared::repo::api_keys::{self, ApiKeyRecord, KeyEdit, NewKey};
use shared::repo::content::{self, OrgContent, TextSource};
use shared::repo::invitations::{self, Invitation, InvitationStatus};
use shared::repo::orgs::{self, Organization, User};
use shared::repo::{RepoError, chatbots, schema, widgets};
use shared::store::{Condition, Item, Table, WriteOp};

// ---------------------------------------------------------------- helpers

const ORG: &str = "org-1";

fn user(id: &str) -> User {
    User { id: id.into(), email: format!("{id}@example.test"), name: format!("Name of {id}") }
}

async fn organization_of(t: &dyn Table, owner: &str) {
    let org =
        Organization { id: ORG.into(), name: "Org".into(), plan: Plan::Free, api_version: None, created_at: "2026-01-01T00:00:00Z".into() };
    orgs::create_organization(t, &org, &user(owner)).await.unwrap();
}

fn invitation(email: &str, role: Role) -> Invitation {
    Invitation {
        id: invitations::new_id(),
        organization_id: ORG.into(),
        email: email.into(),
        role,
        status: InvitationStatus::Pending,
        invited_by: "owner".into(),
        inviter_name: "Name of owner".into(),
        inviter_email: "owner@example.test".into(),
        created_at: "2026-01-01T00:00:00Z".into(),
        expires_at: chrono::Utc::now().timestamp() + 3600,
        accepted_by: None,
        accepted_at: None,
        revoked_at: None,
    }
}

async fn role(t: &dyn Table, user_id: &str) -> Option<Role> {
    orgs::role_of(t, ORG, user_id).await.unwrap()
}

/// The error of a write expected to be refused (the success values need not
/// be `Debug`: a rotation returns a secret).
fn refusal<T>(result: Result<T, RepoError>) -> RepoError {
    match result {
        Ok(_) => panic!("expected the write to be refused, but it went through"),
        Err(error) => error,
    }
}

fn assert_contended<T>(result: Result<T, RepoError>) {
    match refusal(result) {
        RepoError::Contended => {}
        other => panic!("expected Contended, got {other:?}"),
    }
}

fn assert_not_found<T>(result: Result<T, RepoError>) {
    match refusal(result) {
        RepoError::NotFound => {}
        other => panic!("expected NotFound, got {other:?}"),
    }
}

fn assert_revoked<T>(result: Result<T, RepoError>) {
    match refusal(result) {
        RepoError::Revoked => {}
        other => panic!("expected Revoked, got {other:?}"),
    }
}

fn assert_already_exists<T>(result: Result<T, RepoError>) {
    match refusal(result) {
        RepoError::AlreadyExists => {}
        other => panic!("expected AlreadyExists, got {other:?}"),
    }
}

fn assert_last_owner<T>(result: Result<T, RepoError>) {
    match refusal(result) {
        RepoError::LastOwner => {}
        other => panic!("expected LastOwner, got {other:?}"),
    }
}

// ---------------------------------------------------------------- membership cases

async fn founders_join_when_the_organization_is_made(t: &dyn Table) {
    organization_of(t, "owner").await;
    let roster = orgs::roster(t, ORG).await.unwrap();
    assert_eq!(roster.members.len(), 1);
    let owner = roster.member("owner").unwrap();
    assert_eq!(owner.membership.role, Role::Owner);
    assert_eq!(owner.membership.joined_at.as_deref(), Some("2026-01-01T00:00:00Z"));
    assert_eq!(orgs::memberships_of(t, "owner").await.unwrap(), [(ORG.to_owned(), Role::Owner)]);
    assert_eq!(orgs::get_user(t, "owner").await.unwrap(), Some(user("owner")));
}

async fn memberships_stored_before_joined_at_still_read(t: &dyn Table) {
    organization_of(t, "owner").await;
    let legacy = json!({ "role": "member" }).as_object().unwrap().clone();
    t.write(vec![
        WriteOp::Put { item: Item::new(format!("ORG#{ORG}"), "MEMBER#old", legacy.clone()), condition: Condition::None },
        WriteOp::Put { item: Item::new("USER#old", format!("ORG#{ORG}"), legacy), condition: Condition::None },
    ])
    .await
    .unwrap();
    let old = orgs::membership(t, ORG, "old").await.unwrap().unwrap();
    assert_eq!((old.role, old.joined_at), (Role::Member, None));
    let roster = orgs::roster(t, ORG).await.unwrap();
    // A role change keeps the (absent) joining time and writes no null.
    orgs::change_role(t, &roster, "old", Role::Manager).await.unwrap();
    let stored = t.get(&format!("ORG#{ORG}"), "MEMBER#old").await.unwrap().unwrap();
    assert_eq!(serde_json::Value::Object(stored.attrs), json!({ "role": "manager" }));
}

async fn a_role_change_writes_both_items_and_keeps_joined_at(t: &dyn Table) {
    organization_of(t, "owner").await;
    orgs::add_member(t, ORG, &user("ann"), Role::Member).await.unwrap();
    let joined = orgs::membership(t, ORG, "ann").await.unwrap().unwrap().joined_at;
    assert!(joined.is_some());
    let roster = orgs::roster(t, ORG).await.unwrap();
    let changed = orgs::change_role(t, &roster, "ann", Role::Manager).await.unwrap();
    assert_eq!((changed.role, &changed.joined_at), (Role::Manager, &joined));
    assert_eq!(role(t, "ann").await, Some(Role::Manager));
    assert_eq!(orgs::memberships_of(t, "ann").await.unwrap(), [(ORG.to_owned(), Role::Manager)]);
    // Not on the roster: not found, nothing written.
    let roster = orgs::roster(t, ORG).await.unwrap();
    assert!(matches!(orgs::change_role(t, &roster, "nobody", Role::Member).await, Err(RepoError::NotFound)));
    assert_eq!(role(t, "nobody").await, None);
}

async fn a_change_decided_on_a_stale_roster_is_refused(t: &dyn Table) {
    organization_of(t, "owner").await;
    orgs::add_member(t, ORG, &user("ann"), Role::Member).await.unwrap();
    orgs::add_member(t, ORG, &user("bob"), Role::Member).await.unwrap();
    let seen = orgs::roster(t, ORG).await.unwrap();
    orgs::change_role(t, &seen, "ann", Role::Manager).await.unwrap();
    // The same roster again, as a concurrent request would hold it: refused, nothing written.
    assert_contended(orgs::change_role(t, &seen, "bob", Role::Manager).await);
    assert_contended(orgs::remove_member(t, &seen, "bob").await);
    assert_eq!(role(t, "bob").await, Some(Role::Member));
    // Read again, it goes through, many times over.
    for next in [Role::Manager, Role::Member, Role::Manager] {
        let fresh = orgs::roster(t, ORG).await.unwrap();
        orgs::change_role(t, &fresh, "bob", next).await.unwrap();
    }
    assert_eq!(role(t, "bob").await, Some(Role::Manager));
    // Only the current roster version is kept.
    assert_eq!(t.query(&format!("ORG#{ORG}"), "ROSTER#", None).await.unwrap().len(), 1);
}

async fn the_last_owner_stays_even_under_concurrent_demotions(t: &dyn Table) {
    organization_of(t, "owner").await;
    let roster = orgs::roster(t, ORG).await.unwrap();
    assert_last_owner(orgs::change_role(t, &roster, "owner", Role::Manager).await);
    assert_last_owner(orgs::remove_member(t, &roster, "owner").await);
    orgs::add_member(t, ORG, &user("second"), Role::Owner).await.unwrap();
    // Two owners each demote the other, decided on the same roster: one wins.
    let seen = orgs::roster(t, ORG).await.unwrap();
    assert_eq!(seen.owners(), 2);
    orgs::change_role(t, &seen, "owner", Role::Member).await.unwrap();
    assert_contended(orgs::remove_member(t, &seen, "second").await);
    let fresh = orgs::roster(t, ORG).await.unwrap();
    assert_eq!(fresh.owners(), 1);
    assert_last_owner(orgs::remove_member(t, &fresh, "second").await);
    assert_eq!(role(t, "second").await, Some(Role::Owner));
}

async fn removal_deletes_the_membership_and_its_mirror(t: &dyn Table) {
    organization_of(t, "owner").await;
    orgs::add_member(t, ORG, &user("ann"), Role::Manager).await.unwrap();
    let roster = orgs::roster(t, ORG).await.unwrap();
    orgs::remove_member(t, &roster, "ann").await.unwrap();
    assert_eq!(role(t, "ann").await, None);
    assert!(orgs::memberships_of(t, "ann").await.unwrap().is_empty());
    // The profile stays: it is the user's, not the organization's.
    assert!(orgs::get_user(t, "ann").await.unwrap().is_some());
    let roster = orgs::roster(t, ORG).await.unwrap();
    assert!(matches!(orgs::remove_member(t, &roster, "ann").await, Err(RepoError::NotFound)));
}

// ---------------------------------------------------------------- invitation cases

async fn an_invitation_is_accepted_once(t: &dyn Table) {
    organization_of(t, "owner").await;
    let invited = invitation("ann@example.test", Role::Manager);
    invitations::create(t, &invited).await.unwrap();
    assert!(matches!(invitations::create(t, &invited).await, Err(RepoError::AlreadyExists)));
    assert_eq!(invitations::find_open(t, &invited.id).await.unwrap(), Some(invited.clone()));
    assert_eq!(invitations::list_for_organization(t, ORG).await.unwrap(), std::slice::from_ref(&invited));

    let (accepted, membership) = invitations::accept(t, &invited, &user("ann")).await.unwrap();
    assert_eq!((accepted.status, accepted.accepted_by.as_deref()), (InvitationStatus::Accepted, Some("ann")));
    assert_eq!(membership.role, Role::Manager);
    assert_eq!(role(t, "ann").await, Some(Role::Manager));
    assert_eq!(orgs::memberships_of(t, "ann").await.unwrap(), [(ORG.to_owned(), Role::Manager)]);
    assert_eq!(orgs::get_user(t, "ann").await.unwrap(), Some(user("ann")));
    assert_eq!(invitations::get(t, ORG, &invited.id).await.unwrap(), Some(accepted));
    // Closed: not found by id, and a second acceptance (by anyone) or a revocation is refused.
    assert_eq!(invitations::find_open(t, &invited.id).await.unwrap(), None);
    assert_contended(invitations::accept(t, &invited, &user("bob")).await);
    assert_eq!(role(t, "bob").await, None);
    assert_contended(invitations::revoke(t, &invited).await);
    assert_eq!(invitations::get(t, ORG, &invited.id).await.unwrap().unwrap().status, InvitationStatus::Accepted);
}

async fn a_revoked_invitation_cannot_be_accepted(t: &dyn Table) {
    organization_of(t, "owner").await;
    let invited = invitation("ann@example.test", Role::Member);
    invitations::create(t, &invited).await.unwrap();
    let revoked = invitations::revoke(t, &invited).await.unwrap();
    assert_eq!(revoked.status, InvitationStatus::Revoked);
    assert!(revoked.revoked_at.is_some());
    assert_eq!(invitations::find_open(t, &invited.id).await.unwrap(), None);
    assert_contended(invitations::accept(t, &invited, &user("ann")).await);
    assert_eq!(role(t, "ann").await, None);
    assert_eq!(invitations::get(t, ORG, &invited.id).await.unwrap(), Some(revoked));
}

async fn a_member_accepting_changes_nothing(t: &dyn Table) {
    organization_of(t, "owner").await;
    orgs::add_member(t, ORG, &user("ann"), Role::Member).await.unwrap();
    let invited = invitation("ann@example.test", Role::Owner);
    invitations::create(t, &invited).await.unwrap();
    assert_contended(invitations::accept(t, &invited, &user("ann")).await);
    // All or nothing: still a member, the invitation still open.
    assert_eq!(role(t, "ann").await, Some(Role::Member));
    assert_eq!(invitations::find_open(t, &invited.id).await.unwrap().map(|i| i.status), Some(InvitationStatus::Pending));
}

async fn unknown_and_malformed_ids_are_not_found(t: &dyn Table) {
    for id in [invitations::new_id(), "INVITE#x".into(), String::new(), "../../etc".into()] {
        assert_eq!(invitations::find_open(t, &id).await.unwrap(), None, "{id}");
    }
}

// ---------------------------------------------------------------- API-key cases

fn new_key(org: &str, name: &str) -> NewKey {
    NewKey {
        organization_id: org.into(),
        name: name.into(),
        permissions: KeyPermission::ALL.to_vec(),
        modules: vec![],
        allowed_domains: vec![],
        created_by: "owner".into(),
        creator_keys: Vec::new(),
        expires_in_seconds: Some(3600),
        expires_by: None,
        rate_limit_per_minute: Some(600),
    }
}

async fn found(t: &dyn Table, secret: &ApiKeySecret) -> Option<ApiKeyRecord> {
    api_keys::find_by_hash(t, &secret.hash()).await.unwrap()
}

async fn stored_key(t: &dyn Table, record: &ApiKeyRecord) -> Option<ApiKeyRecord> {
    api_keys::get(t, &record.organization_id, &record.id).await.unwrap()
}

/// The hash pointer items left in the table for `hashes`.
async fn hash_pointers(t: &dyn Table, hashes: &[&str]) -> usize {
    let mut n = 0;
    for hash in hashes {
        n += usize::from(t.get(&schema::key_hash(hash), schema::KEY_HASH_SK).await.unwrap().is_some());
    }
    n
}

async fn an_issued_key_is_found_by_its_hash_only(t: &dyn Table) {
    let (record, secret) = api_keys::issue(t, new_key(ORG, "server")).await.unwrap();
    assert_eq!((record.hash.as_str(), record.prefix.as_str()), (secret.hash().to_hex().as_str(), secret.display_prefix().as_str()));
    assert_eq!((record.organization_id.as_str(), record.revoked_at.as_deref()), (ORG, None));
    assert!(record.expires_at.is_some_and(|at| at > chrono::Utc::now().timestamp()));
    assert_eq!(found(t, &secret).await, Some(record.clone()));
    assert_eq!(api_keys::find_by_hash(t, &ApiKeySecret::presented(secret.reveal()).hash()).await.unwrap(), Some(record.clone()));
    assert_eq!(stored_key(t, &record).await, Some(record.clone()));
    // Any other hash finds nothing.
    assert_eq!(found(t, &ApiKeySecret::generate()).await, None);
    assert_eq!(found(t, &ApiKeySecret::presented(&format!("{}x", secret.reveal()))).await, None);
    assert_eq!(api_keys::find_by_hash(t, &KeyHash([0; 32])).await.unwrap(), None);
    // Creating the same record again (same id or same hash) is refused.
    assert_already_exists(api_keys::create(t, &record).await);
    let mut same_hash = record.clone();
    same_hash.id = "another-id".into();
    assert_already_exists(api_keys::create(t, &same_hash).await);
    assert_eq!(api_keys::get(t, ORG, "another-id").await.unwrap(), None);
    assert_eq!(found(t, &secret).await, Some(record));
}

async fn an_edit_changes_its_fields_and_keeps_the_secret(t: &dyn Table) {
    let (record, secret) = api_keys::issue(t, new_key(ORG, "server")).await.unwrap();
    let edit = KeyEdit {
        name: Some("renamed".into()),
        permissions: Some(vec![KeyPermission::CalcRead, KeyPermission::ContentRead]),
        modules: Some(vec![Module::Numerology, Module::Chinese]),
        allowed_domains: Some(vec!["example.test".into(), "*.example.test".into()]),
        rate_limit_per_minute: Some(Some(30)),
    };
    let edited = api_keys::update(t, &record, edit).await.unwrap();
    assert_eq!(edited.name, "renamed");
    assert_eq!(edited.permissions, [KeyPermission::CalcRead, KeyPermission::ContentRead]);
    assert_eq!(edited.modules, [Module::Numerology, Module::Chinese]);
    assert_eq!(edited.allowed_domains, ["example.test", "*.example.test"]);
    assert_eq!(edited.rate_limit_per_minute, Some(30));
    assert_eq!((record.revision, edited.revision), (0, 1));
    // What an edit cannot touch stays.
    assert_eq!(
        (&edited.id, &edited.organization_id, &edited.hash, &edited.prefix, &edited.created_by, &edited.created_at, edited.expires_at),
        (&record.id, &record.organization_id, &record.hash, &record.prefix, &record.created_by, &record.created_at, record.expires_at)
    );
    assert_eq!(stored_key(t, &record).await, Some(edited.clone()));
    assert_eq!(found(t, &secret).await, Some(edited.clone()));
    // An empty edit changes nothing but the revision; `Some(None)` clears the limit and only that.
    let unchanged = api_keys::update(t, &edited, KeyEdit::default()).await.unwrap();
    assert_eq!(unchanged, ApiKeyRecord { revision: 2, ..edited.clone() });
    let cleared = api_keys::update(t, &unchanged, KeyEdit { rate_limit_per_minute: Some(None), ..KeyEdit::default() }).await.unwrap();
    assert_eq!(cleared, ApiKeyRecord { rate_limit_per_minute: None, revision: 3, ..edited });
    assert_eq!(found(t, &secret).await, Some(cleared.clone()));
    assert_eq!(api_keys::list_for_organization(t, ORG).await.unwrap(), [cleared]);
    // A key that is not stored is not brought back by an edit.
    let mut missing = record.clone();
    missing.id = "not-stored".into();
    assert_not_found(api_keys::update(t, &missing, KeyEdit { name: Some("ghost".into()), ..KeyEdit::default() }).await);
    assert_eq!(api_keys::get(t, ORG, "not-stored").await.unwrap(), None);
}

async fn a_rotation_swaps_the_secret_in_one_step(t: &dyn Table) {
    let (record, old) = api_keys::issue(t, new_key(ORG, "server")).await.unwrap();
    let (rotated, new) = api_keys::rotate(t, &record, vec![KeyPermission::ChartRead]).await.unwrap();
    assert_ne!(rotated.hash, record.hash);
    assert_eq!((rotated.hash.as_str(), rotated.prefix.as_str()), (new.hash().to_hex().as_str(), new.display_prefix().as_str()));
    assert_eq!(rotated.permissions, [KeyPermission::ChartRead]);
    assert_eq!((record.revision, rotated.revision), (0, 1));
    // Same key otherwise.
    assert_eq!(
        ApiKeyRecord {
            hash: record.hash.clone(),
            prefix: record.prefix.clone(),
            permissions: record.permissions.clone(),
            revision: record.revision,
            ..rotated.clone()
        },
        record
    );
    assert_eq!(found(t, &new).await, Some(rotated.clone()));
    assert_eq!(found(t, &old).await, None);
    assert_eq!(stored_key(t, &record).await, Some(rotated.clone()));
    // Exactly one pointer: the old one went in the same write as the new one came.
    assert_eq!(hash_pointers(t, &[&record.hash, &rotated.hash]).await, 1);
    assert_eq!(api_keys::list_for_organization(t, ORG).await.unwrap(), std::slice::from_ref(&rotated));
    // A second rotation decided on the record as it was before is refused; nothing changes.
    assert_contended(api_keys::rotate(t, &record, record.permissions.clone()).await);
    assert_eq!(found(t, &new).await, Some(rotated.clone()));
    assert_eq!(found(t, &old).await, None);
    assert_eq!(stored_key(t, &record).await, Some(rotated.clone()));
    // Rotating the current record works again, and again swaps the pointers.
    let (again, newest) = api_keys::rotate(t, &rotated, rotated.permissions.clone()).await.unwrap();
    assert_eq!(found(t, &newest).await, Some(again.clone()));
    assert_eq!(found(t, &new).await, None);
    assert_eq!(hash_pointers(t, &[&record.hash, &rotated.hash, &again.hash]).await, 1);
}

async fn a_revoked_key_is_still_found_and_cannot_be_changed(t: &dyn Table) {
    let (stale, secret) = api_keys::issue(t, new_key(ORG, "server")).await.unwrap();
    let revoked = api_keys::revoke(t, &stale).await.unwrap();
    assert!(revoked.revoked_at.is_some());
    assert_eq!(ApiKeyRecord { revoked_at: None, ..revoked.clone() }, stale);
    // Still found by its secret, so that using it answers "revoked".
    assert_eq!(found(t, &secret).await, Some(revoked.clone()));
    assert_eq!(stored_key(t, &stale).await, Some(revoked.clone()));
    // Edits and rotations, decided before the revocation or after it, are refused.
    let edit = KeyEdit { name: Some("renamed".into()), permissions: Some(vec![]), ..KeyEdit::default() };
    assert_revoked(api_keys::update(t, &stale, edit.clone()).await);
    assert_revoked(api_keys::update(t, &revoked, edit).await);
    assert_revoked(api_keys::rotate(t, &stale, stale.permissions.clone()).await);
    assert_revoked(api_keys::rotate(t, &revoked, vec![KeyPermission::CalcRead]).await);
    // Nothing changed: same record, same single secret.
    assert_eq!(stored_key(t, &stale).await, Some(revoked.clone()));
    assert_eq!(found(t, &secret).await, Some(revoked.clone()));
    assert_eq!(api_keys::list_for_organization(t, ORG).await.unwrap(), [revoked]);
}

async fn an_edit_read_before_a_rotation_is_refused(t: &dyn Table) {
    let (record, old) = api_keys::issue(t, new_key(ORG, "server")).await.unwrap();
    let (rotated, new) = api_keys::rotate(t, &record, record.permissions.clone()).await.unwrap();
    // The edit holds the record with the old hash: writing it would orphan the new secret.
    assert_not_found(api_keys::update(t, &record, KeyEdit { name: Some("renamed".into()), ..KeyEdit::default() }).await);
    assert_eq!(found(t, &new).await, Some(rotated.clone()));
    assert_eq!(found(t, &old).await, None);
    assert_eq!(stored_key(t, &record).await, Some(rotated.clone()));
    assert_eq!(hash_pointers(t, &[&record.hash, &rotated.hash]).await, 1);
    // Read again, the edit goes through and the new secret keeps working.
    let fresh = stored_key(t, &record).await.unwrap();
    let edited = api_keys::update(t, &fresh, KeyEdit { name: Some("renamed".into()), ..KeyEdit::default() }).await.unwrap();
    assert_eq!(edited.name, "renamed");
    assert_eq!(found(t, &new).await, Some(edited));
}

async fn of_two_changes_decided_on_one_revision_only_the_first_is_written(t: &dyn Table) {
    let (record, secret) = api_keys::issue(t, new_key(ORG, "server")).await.unwrap();
    // Two edits decided on the same read: the second would undo the first.
    let first = api_keys::update(t, &record, KeyEdit { name: Some("first".into()), ..KeyEdit::default() }).await.unwrap();
    assert_not_found(
        api_keys::update(t, &record, KeyEdit { permissions: Some(vec![KeyPermission::CalcRead]), ..KeyEdit::default() }).await,
    );
    assert_eq!(stored_key(t, &record).await, Some(first.clone()));
    // A rotation decided before the edit: refused, the secret and the edit stay.
    assert_contended(api_keys::rotate(t, &record, vec![KeyPermission::CalcRead]).await);
    assert_eq!(found(t, &secret).await, Some(first.clone()));
    // A rotation wins over an edit decided before it...
    let (rotated, new) = api_keys::rotate(t, &first, first.permissions.clone()).await.unwrap();
    assert_not_found(api_keys::update(t, &first, KeyEdit { name: Some("stale".into()), ..KeyEdit::default() }).await);
    assert_eq!(found(t, &new).await, Some(rotated.clone()));
    assert_eq!(found(t, &secret).await, None);
    // ...and an edit over a rotation decided before it.
    let edited =
        api_keys::update(t, &rotated, KeyEdit { allowed_domains: Some(vec!["example.test".into()]), ..KeyEdit::default() }).await.unwrap();
    assert_contended(api_keys::rotate(t, &rotated, rotated.permissions.clone()).await);
    assert_eq!(found(t, &new).await, Some(edited.clone()));
    assert_eq!(hash_pointers(t, &[&record.hash, &rotated.hash]).await, 1);
    assert_eq!((edited.name.as_str(), edited.revision), ("first", 3));
    assert_eq!(api_keys::list_for_organization(t, ORG).await.unwrap(), [edited]);
}

async fn keys_stored_before_revisions_read_as_revision_0(t: &dyn Table) {
    let (record, secret) = api_keys::issue(t, new_key(ORG, "server")).await.unwrap();
    // The record as stored before it had a revision.
    let mut legacy = match serde_json::to_value(&record).unwrap() {
        serde_json::Value::Object(attrs) => attrs,
        other => panic!("a record is an object, got {other}"),
    };
    assert!(legacy.remove("revision").is_some());
    t.write(vec![WriteOp::Put { item: Item::new(schema::org(ORG), schema::key(&record.id), legacy), condition: Condition::MustExist }])
        .await
        .unwrap();
    assert_eq!(stored_key(t, &record).await.map(|k| k.revision), Some(0));
    assert_eq!(found(t, &secret).await, Some(record.clone()));
    let edited = api_keys::update(t, &record, KeyEdit { name: Some("renamed".into()), ..KeyEdit::default() }).await.unwrap();
    assert_eq!(edited.revision, 1);
    assert_not_found(api_keys::update(t, &record, KeyEdit { name: Some("stale".into()), ..KeyEdit::default() }).await);
    assert_eq!(found(t, &secret).await, Some(edited));
}

/// Keys made by keys: the creator chain is stored and read back whole (an
/// empty chain too, and a record from before chains reads as empty), and
/// revoking a key revokes exactly the keys below it.
async fn keys_made_by_keys_keep_their_creators(t: &dyn Table) {
    let (top, _) = api_keys::issue(t, new_key(ORG, "top")).await.unwrap();
    assert_eq!(top.creator_keys, Vec::<String>::new());
    let made_by = |parent: &ApiKeyRecord, name: &str| NewKey {
        creator_keys: parent.lineage_for_child(),
        expires_by: parent.expires_at,
        ..new_key(ORG, name)
    };
    let (middle, _) = api_keys::issue(t, made_by(&top, "middle")).await.unwrap();
    let (bottom, bottom_secret) = api_keys::issue(t, made_by(&middle, "bottom")).await.unwrap();
    let (sibling, _) = api_keys::issue(t, made_by(&top, "sibling")).await.unwrap();
    assert_eq!(bottom.creator_keys, [middle.id.clone(), top.id.clone()]);
    assert!(bottom.expires_at <= middle.expires_at && middle.expires_at <= top.expires_at);
    assert_eq!(found(t, &bottom_secret).await, Some(bottom.clone()));
    assert_eq!(stored_key(t, &bottom).await, Some(bottom.clone()));
    assert!(bottom.is_managed_by(&top.id) && bottom.is_managed_by(&middle.id) && !bottom.is_managed_by(&sibling.id));

    let revoked = api_keys::revoke_below(t, &middle).await.unwrap();
    assert_eq!(revoked.iter().map(|k| k.id.as_str()).collect::<Vec<_>>(), [bottom.id.as_str()]);
    for (key, is_revoked) in [(&top, false), (&middle, false), (&bottom, true), (&sibling, false)] {
        assert_eq!(stored_key(t, key).await.unwrap().revoked_at.is_some(), is_revoked, "{}", key.name);
    }
    // Nothing left to revoke below the middle key; below the top, the middle
    // key and the sibling (the bottom key is revoked already).
    assert!(api_keys::revoke_below(t, &middle).await.unwrap().is_empty());
    let mut below_top: Vec<String> = api_keys::revoke_below(t, &top).await.unwrap().into_iter().map(|k| k.id).collect();
    below_top.sort();
    let mut expected = vec![middle.id.clone(), sibling.id.clone()];
    expected.sort();
    assert_eq!(below_top, expected);
    assert!(stored_key(t, &top).await.unwrap().revoked_at.is_none(), "the key itself is not below itself");

    // A record stored before keys made keys has no chain.
    let mut legacy = match serde_json::to_value(&top).unwrap() {
        serde_json::Value::Object(attrs) => attrs,
        other => panic!("a record is an object, got {other}"),
    };
    assert!(legacy.remove("creatorKeys").is_some());
    t.write(vec![WriteOp::Put { item: Item::new(schema::org(ORG), schema::key(&top.id), legacy), condition: Condition::MustExist }])
        .await
        .unwrap();
    assert_eq!(stored_key(t, &top).await, Some(top));
}

async fn keys_are_listed_per_organization(t: &dyn Table) {
    let (a, _) = api_keys::issue(t, new_key(ORG, "a")).await.unwrap();
    let (b, _) = api_keys::issue(t, new_key(ORG, "b")).await.unwrap();
    let (other, other_secret) = api_keys::issue(t, new_key("org-2", "other")).await.unwrap();
    // An edited key is listed as edited, a revoked one still listed (their marker items are not).
    let a = api_keys::update(t, &a, KeyEdit { name: Some("a, renamed".into()), ..KeyEdit::default() }).await.unwrap();
    let a = api_keys::update(t, &a, KeyEdit { modules: Some(vec![Module::Content]), ..KeyEdit::default() }).await.unwrap();
    let b = api_keys::revoke(t, &b).await.unwrap();
    let ids = |keys: Vec<ApiKeyRecord>| {
        let mut ids: Vec<String> = keys.into_iter().map(|k| k.id).collect();
        ids.sort();
        ids
    };
    let mut expected = vec![a.id.clone(), b.id.clone()];
    expected.sort();
    let listed = api_keys::list_for_organization(t, ORG).await.unwrap();
    assert!(listed.iter().all(|k| k.organization_id == ORG));
    assert!(listed.contains(&a) && listed.contains(&b));
    assert_eq!(ids(listed), expected);
    assert_eq!(api_keys::list_for_organization(t, "org-2").await.unwrap(), std::slice::from_ref(&other));
    assert!(api_keys::list_for_organization(t, "org-3").await.unwrap().is_empty());
    // Another organization's key is not reachable through this one.
    assert_eq!(api_keys::get(t, ORG, &other.id).await.unwrap(), None);
    assert_eq!(found(t, &other_secret).await, Some(other));
}

// ---------------------------------------------------------------- content cases

const VENUS_LIBRA_EN: &str = "urn:astro:natal:planet-in-sign:venus:libra:en";
const VENUS_LIBRA_ES: &str = "urn:astro:natal:planet-in-sign:venus:libra:es";
const SUN_ARIES_EN: &str = "urn:astro:natal:planet-in-sign:sun:aries:en";

fn org_content(org: &str, urn: &str, id: &str) -> OrgContent {
    let parts: Vec<&str> = urn.split(':').collect();
    OrgContent {
        id: id.into(),
        organization_id: org.into(),
        urn: urn.into(),
        title: format!("Own title of {urn}"),
        body: format!("Own words of {org} for {urn}."),
        base_content_id: Some(urn.into()),
        horoscope_type: parts[2].into(),
        content_type: parts[3].into(),
        language: parts[parts.len() - 1].into(),
        metadata: json!({ "tone": "warm", "tags": ["love", 7] }),
        created_at: "2026-11-22T00:00:00Z".into(),
        updated_at: "2026-11-22T00:00:00Z".into(),
    }
}

async fn content_copies_are_one_per_urn(t: &dyn Table) {
    let venus = org_content(ORG, VENUS_LIBRA_EN, "c1");
    content::create(t, &venus).await.unwrap();
    assert_eq!(content::get_by_id(t, ORG, "c1").await.unwrap(), Some(venus.clone()));
    assert_eq!(content::get_by_urn(t, ORG, VENUS_LIBRA_EN).await.unwrap(), Some(venus.clone()));
    // A second copy of the same URN (under another id), or the same id again: refused, nothing written.
    assert_already_exists(content::create(t, &org_content(ORG, VENUS_LIBRA_EN, "c2")).await);
    assert_eq!(content::get_by_id(t, ORG, "c2").await.unwrap(), None);
    assert_already_exists(content::create(t, &org_content(ORG, SUN_ARIES_EN, "c1")).await);
    assert_eq!(content::get_by_urn(t, ORG, SUN_ARIES_EN).await.unwrap(), None);
    assert_eq!(content::get_by_id(t, ORG, "c1").await.unwrap(), Some(venus.clone()));
    // An item the organization wrote itself, with no base.
    let own = OrgContent { base_content_id: None, metadata: serde_json::Value::Null, ..org_content(ORG, SUN_ARIES_EN, "c3") };
    content::create(t, &own).await.unwrap();
    assert_eq!(content::get_by_id(t, ORG, "c3").await.unwrap(), Some(own));
    // Another organization has its own copy of the same URN, and sees nothing of this one's.
    assert_eq!(content::get_by_id(t, "org-2", "c1").await.unwrap(), None);
    assert_eq!(content::get_by_urn(t, "org-2", VENUS_LIBRA_EN).await.unwrap(), None);
    let theirs = org_content("org-2", VENUS_LIBRA_EN, "c1");
    content::create(t, &theirs).await.unwrap();
    assert_eq!(content::get_by_id(t, "org-2", "c1").await.unwrap(), Some(theirs));
    assert_eq!(content::get_by_id(t, ORG, "c1").await.unwrap(), Some(venus));
    // Unknown ids and URNs.
    for id in ["missing", "", "CONTENT#urn:astro:natal:"] {
        assert_eq!(content::get_by_id(t, ORG, id).await.unwrap(), None, "{id}");
    }
    assert_eq!(content::get_by_urn(t, ORG, "urn:astro:natal:planet-in-sign:venus:libra").await.unwrap(), None);
}

async fn content_is_listed_by_urn_prefix(t: &dyn Table) {
    let urns = [
        "urn:astro:transit:aspect:mars:trine:venus:en",
        VENUS_LIBRA_ES,
        SUN_ARIES_EN,
        VENUS_LIBRA_EN,
        "urn:astro:natal:aspect:sun:trine:moon:en",
        "urn:astro:solar-return:planet-in-sign:venus:libra:en",
    ];
    for (i, urn) in urns.iter().enumerate() {
        content::create(t, &org_content(ORG, urn, &format!("c{i}"))).await.unwrap();
    }
    content::create(t, &org_content("org-2", "urn:astro:natal:planet-in-sign:moon:cancer:en", "c0")).await.unwrap();
    // Other items of the partition (keys, members) are never listed as content.
    api_keys::issue(t, new_key(ORG, "server")).await.unwrap();
    let listed = |org: &'static str, prefix: &'static str| async move {
        content::list(t, org, prefix).await.unwrap().into_iter().map(|c| c.urn).collect::<Vec<_>>()
    };
    assert_eq!(
        listed(ORG, "urn:astro:natal:").await,
        ["urn:astro:natal:aspect:sun:trine:moon:en", SUN_ARIES_EN, VENUS_LIBRA_EN, VENUS_LIBRA_ES]
    );
    assert_eq!(listed(ORG, "urn:astro:natal:planet-in-sign:venus:").await, [VENUS_LIBRA_EN, VENUS_LIBRA_ES]);
    assert_eq!(listed(ORG, "urn:astro:transit:").await, ["urn:astro:transit:aspect:mars:trine:venus:en"]);
    assert!(listed(ORG, "urn:astro:synastry:").await.is_empty());
    let mut all: Vec<String> = urns.iter().map(|u| u.to_string()).collect();
    all.sort();
    assert_eq!(listed(ORG, "").await, all);
    assert_eq!(listed(ORG, "urn:").await, all);
    assert_eq!(listed("org-2", "urn:astro:natal:").await, ["urn:astro:natal:planet-in-sign:moon:cancer:en"]);
    assert!(listed("org-3", "").await.is_empty());
    // Whole items come back.
    assert_eq!(content::list(t, ORG, VENUS_LIBRA_EN).await.unwrap(), [org_content(ORG, VENUS_LIBRA_EN, "c3")]);
}

async fn content_updates_and_deletes(t: &dyn Table) {
    let venus = org_content(ORG, VENUS_LIBRA_EN, "c1");
    content::create(t, &venus).await.unwrap();
    let edited = OrgContent {
        title: "Edited title".into(),
        body: "Edited.".into(),
        metadata: json!({ "edited": true }),
        updated_at: "2026-11-23T00:00:00Z".into(),
        ..venus.clone()
    };
    content::update(t, &edited).await.unwrap();
    assert_eq!(content::get_by_urn(t, ORG, VENUS_LIBRA_EN).await.unwrap(), Some(edited.clone()));
    assert_eq!(content::get_by_id(t, ORG, "c1").await.unwrap(), Some(edited.clone()));
    // An update of an item that was never created creates nothing.
    let never = org_content(ORG, SUN_ARIES_EN, "c2");
    assert_not_found(content::update(t, &never).await);
    assert_eq!(content::get_by_urn(t, ORG, SUN_ARIES_EN).await.unwrap(), None);
    // Delete removes the item and its id pointer.
    content::delete(t, &edited).await.unwrap();
    assert_eq!(content::get_by_urn(t, ORG, VENUS_LIBRA_EN).await.unwrap(), None);
    assert_eq!(content::get_by_id(t, ORG, "c1").await.unwrap(), None);
    assert_eq!(t.get(&schema::org(ORG), "CONTENTID#c1").await.unwrap(), None);
    assert!(t.query(&schema::org(ORG), "CONTENT", None).await.unwrap().is_empty());
    assert!(content::list(t, ORG, "").await.unwrap().is_empty());
    // Gone: update and delete are not found, and nothing comes back.
    assert_not_found(content::update(t, &edited).await);
    assert_not_found(content::delete(t, &edited).await);
    assert_eq!(content::get_by_urn(t, ORG, VENUS_LIBRA_EN).await.unwrap(), None);
    // The URN and the id are free again.
    content::create(t, &venus).await.unwrap();
    assert_eq!(content::get_by_id(t, ORG, "c1").await.unwrap(), Some(venus));
}

async fn an_organization_copy_replaces_the_base_text_for_its_urn_and_language_only(t: &dyn Table) {
    let venus = ContentKey { horoscope: HoroscopeType::Natal, subject: Subject::PointInSign(PointId::Venus, Sign::Libra) };
    let sun = ContentKey { horoscope: HoroscopeType::Natal, subject: Subject::PointInSign(PointId::Sun, Sign::Aries) };
    let venus_solar = ContentKey { horoscope: HoroscopeType::SolarReturn, ..venus };
    assert_eq!(venus.urn(Language::En), VENUS_LIBRA_EN);
    assert_eq!(ContentKey::parse_urn(VENUS_LIBRA_EN), Some((venus, Language::En)));
    let base = |key: &ContentKey, language| compose(key, language).expect("a base text");
    // Before any copy: the base text.
    let source = TextSource::load(t, ORG, &[HoroscopeType::Natal], Language::En).await.unwrap();
    assert_eq!(source.language(), Language::En);
    assert_eq!(source.text(&venus), Some(base(&venus, Language::En)));

    let own = org_content(ORG, VENUS_LIBRA_EN, "c1");
    content::create(t, &own).await.unwrap();
    // Another organization's copy of another text must not leak in.
    content::create(t, &org_content("org-2", SUN_ARIES_EN, "c1")).await.unwrap();

    let source = TextSource::load(t, ORG, &[HoroscopeType::Natal], Language::En).await.unwrap();
    let mine = shared::content::Text { title: own.title.clone(), body: own.body.clone() };
    assert_ne!(mine, base(&venus, Language::En));
    assert_eq!(source.text(&venus), Some(mine.clone()));
    assert_eq!(source.text(&sun), Some(base(&sun, Language::En)));
    // Not the other language, not another horoscope type, not another organization.
    let spanish = TextSource::load(t, ORG, &[HoroscopeType::Natal], Language::Es).await.unwrap();
    assert_eq!(spanish.language(), Language::Es);
    assert_eq!(spanish.text(&venus), Some(base(&venus, Language::Es)));
    let solar = TextSource::load(t, ORG, &[HoroscopeType::SolarReturn], Language::En).await.unwrap();
    assert_eq!(solar.text(&venus_solar), Some(base(&venus_solar, Language::En)));
    let other = TextSource::load(t, "org-2", &[HoroscopeType::Natal], Language::En).await.unwrap();
    assert_eq!(other.text(&venus), Some(base(&venus, Language::En)));
    assert_ne!(other.text(&sun), Some(base(&sun, Language::En)));

    // A Spanish copy is used for Spanish only, and an edit shows on the next load.
    content::create(t, &org_content(ORG, VENUS_LIBRA_ES, "c2")).await.unwrap();
    content::update(t, &OrgContent { body: "Edited.".into(), ..own.clone() }).await.unwrap();
    let spanish = TextSource::load(t, ORG, &[HoroscopeType::Natal], Language::Es).await.unwrap();
    assert_eq!(spanish.text(&venus).map(|text| text.body), Some(format!("Own words of {ORG} for {VENUS_LIBRA_ES}.")));
    let source = TextSource::load(t, ORG, &[HoroscopeType::Natal], Language::En).await.unwrap();
    assert_eq!(source.text(&venus), Some(shared::content::Text { body: "Edited.".into(), ..mine }));
    // Deleted: the base text again.
    content::delete(t, &own).await.unwrap();
    let source = TextSource::load(t, ORG, &[HoroscopeType::Natal], Language::En).await.unwrap();
    assert_eq!(source.text(&venus), Some(base(&venus, Language::En)));
}

// ---------------------------------------------------------------- backends

mod embedded {
    use shared::store::embedded::EmbeddedTable;

    pub(super) struct Fixture {
        pub table: EmbeddedTable,
        _dir: tempfile::TempDir,
    }

    pub(super) fn fixture() -> Fixture {
        let dir = tempfile::tempdir().expect("temp dir");
        let table = EmbeddedTable::open(&dir.path().join("repo.redb")).expect("open redb");
        Fixture { table, _dir: dir }
    }
}

#[cfg(feature = "aws")]
use crate::moto_env;

#[cfg(feature = "aws")]
mod moto {
    use shared::store::dynamo::DynamoTable;

    use super::moto_env::{endpoint, sdk_config, unique};

    pub(super) async fn dynamo(test: &str) -> Option<DynamoTable> {
        let config = sdk_config(&endpoint(test)?).await;
        let table = DynamoTable::new(aws_sdk_dynamodb::Client::new(&config), unique("repo"));
        table.create_table_if_missing().await.expect("create DynamoDB table on moto");
        Some(table)
    }
}

/// A chatbot and its copy move together; a user has one profile; deleting
/// the chatbot deletes its users' profiles.
async fn chatbots_keep_their_copy_and_their_users_profiles(t: &dyn Table) {
    let mut chatbot = chatbots::Chatbot {
        id: "c-1".into(),
        organization_id: "org-c".into(),
        name: "Luna".into(),
        persona: "friendly".into(),
        language: "en".into(),
        enabled: true,
        allowed_domains: vec!["shop.example.com".into()],
        require_user_hash: true,
        secret: "ab".repeat(32),
        created_at: "2026-11-26T00:00:00Z".into(),
        updated_at: "2026-11-26T00:00:00Z".into(),
    };
    chatbots::create(t, &chatbot).await.unwrap();
    assert!(matches!(chatbots::create(t, &chatbot).await, Err(RepoError::AlreadyExists)));
    chatbot.secret = "cd".repeat(32);
    chatbots::update(t, &chatbot).await.unwrap();
    assert_eq!(chatbots::find(t, "c-1").await.unwrap(), Some(chatbot.clone()), "the copy follows the edit");
    assert_eq!(chatbots::list(t, "org-c").await.unwrap(), vec![chatbot.clone()]);
    let profile = |user: &str| chatbots::ChatProfile {
        chatbot_id: "c-1".into(),
        external_user_id: user.into(),
        birth_date: "1990-05-11".into(),
        birth_time: Some("14:30".into()),
        birth_place_lat: 41.9,
        birth_place_lng: 12.5,
        birth_place_name: None,
        timezone: "Europe/Rome".into(),
        metadata: json!({}),
        created_at: "2026-11-26T00:00:00Z".into(),
    };
    chatbots::create_profile(t, &profile("u1")).await.unwrap();
    chatbots::create_profile(t, &profile("u2")).await.unwrap();
    assert!(matches!(chatbots::create_profile(t, &profile("u1")).await, Err(RepoError::AlreadyExists)));
    assert_eq!(chatbots::get_profile(t, "c-1", "u1").await.unwrap(), Some(profile("u1")));
    chatbots::delete_profile(t, "c-1", "u1").await.unwrap();
    assert!(matches!(chatbots::delete_profile(t, "c-1", "u1").await, Err(RepoError::NotFound)));
    assert_eq!(chatbots::list_profiles(t, "c-1").await.unwrap(), vec![profile("u2")]);
    chatbots::delete(t, "org-c", "c-1").await.unwrap();
    assert_eq!(chatbots::find(t, "c-1").await.unwrap(), None);
    assert!(chatbots::list_profiles(t, "c-1").await.unwrap().is_empty());
    assert!(matches!(chatbots::update(t, &chatbot).await, Err(RepoError::NotFound)));
}

/// A widget's public routes find it by id alone, through its copy under
/// `WIDGET#{id}`; an edit rewrites both items, a delete removes both.
async fn widgets_are_found_by_id_through_their_copy(t: &dyn Table) {
    let mut widget = widgets::Widget {
        id: "w-1".into(),
        organization_id: "org-w".into(),
        name: "Transits".into(),
        customization: json!({ "colors": { "primary": "#123456" } }),
        allowed_domains: vec!["shop.example.com".into()],
        enabled: true,
        created_at: "2026-11-26T00:00:00Z".into(),
        updated_at: "2026-11-26T00:00:00Z".into(),
    };
    widgets::create(t, &widget).await.unwrap();
    assert!(matches!(widgets::create(t, &widget).await, Err(RepoError::AlreadyExists)));
    assert_eq!(widgets::find(t, "w-1").await.unwrap(), Some(widget.clone()));
    widget.enabled = false;
    widget.allowed_domains = vec!["*".into()];
    widgets::update(t, &widget).await.unwrap();
    assert_eq!(widgets::find(t, "w-1").await.unwrap(), Some(widget.clone()), "the copy follows the edit");
    assert_eq!(widgets::get(t, "org-w", "w-1").await.unwrap(), Some(widget.clone()));
    assert_eq!(widgets::list(t, "org-w").await.unwrap(), vec![widget.clone()]);
    // A pointer written before the copy held the whole widget reads through.
    let mut pointer = serde_json::Map::new();
    pointer.insert("organizationId".into(), json!("org-w"));
    t.write(vec![WriteOp::Put { item: Item::new("WIDGET#w-1", schema::META, pointer), condition: Condition::None }]).await.unwrap();
    assert_eq!(widgets::find(t, "w-1").await.unwrap(), Some(widget.clone()));
    widgets::delete(t, "org-w", "w-1").await.unwrap();
    assert_eq!(widgets::find(t, "w-1").await.unwrap(), None);
    assert!(matches!(widgets::update(t, &widget).await, Err(RepoError::NotFound)));
}

/// One `#[tokio::test]` per case and backend.
macro_rules! repo_cases {
    ($($case:ident),* $(,)?) => {
        mod embedded_table {
            $(
                #[tokio::test]
                async fn $case() {
                    let f = super::embedded::fixture();
                    super::$case(&f.table).await;
                }
            )*
        }

        #[cfg(feature = "aws")]
        mod dynamo_table {
            $(
                #[tokio::test]
                async fn $case() {
                    let Some(t) = super::moto::dynamo(concat!("dynamo_table::", stringify!($case))).await else { return };
                    super::$case(&t).await;
                }
            )*
        }
    };
}

repo_cases!(
    founders_join_when_the_organization_is_made,
    memberships_stored_before_joined_at_still_read,
    a_role_change_writes_both_items_and_keeps_joined_at,
    a_change_decided_on_a_stale_roster_is_refused,
    the_last_owner_stays_even_under_concurrent_demotions,
    removal_deletes_the_membership_and_its_mirror,
    an_invitation_is_accepted_once,
    a_revoked_invitation_cannot_be_accepted,
    a_member_accepting_changes_nothing,
    unknown_and_malformed_ids_are_not_found,
    an_issued_key_is_found_by_its_hash_only,
    an_edit_changes_its_fields_and_keeps_the_secret,
    a_rotation_swaps_the_secret_in_one_step,
    a_revoked_key_is_still_found_and_cannot_be_changed,
    an_edit_read_before_a_rotation_is_refused,
    of_two_changes_decided_on_one_revision_only_the_first_is_written,
    keys_stored_before_revisions_read_as_revision_0,
    keys_made_by_keys_keep_their_creators,
    keys_are_listed_per_organization,
    content_copies_are_one_per_urn,
    content_is_listed_by_urn_prefix,
    content_updates_and_deletes,
    an_organization_copy_replaces_the_base_text_for_its_urn_and_language_only,
    widgets_are_found_by_id_through_their_copy,
    chatbots_keep_their_copy_and_their_users_profiles,
);
