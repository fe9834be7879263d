//! The membership and invitation repositories on every table backend: the
//! guarded writes (roster versions, invitation pointers) rely only on the
//! port's existence conditions, so they must hold on redb and on DynamoDB
//! alike.
//!
//! As in `store_conformance.rs`: `embedded::*` always runs; `dynamo::*` runs
//! against a moto server at `$MOTO_ENDPOINT` (a fresh table per test), and
//! without it prints a notice and passes, unless `REQUIRE_MOTO=1` or
//! `CI=true`, where it fails.

use serde_json::json;
use shared::auth::{Plan, Role};
use shared::repo::RepoError;
use shared::repo::invitations::{self, Invitation, InvitationStatus};
use shared::repo::orgs::{self, Organization, User};
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

fn assert_contended<T: std::fmt::Debug>(result: Result<T, RepoError>) {
    match result {
        Err(RepoError::Contended) => {}
        other => panic!("expected Contended, got {other:?}"),
    }
}

fn assert_last_owner<T: std::fmt::Debug>(result: Result<T, RepoError>) {
    match result {
        Err(RepoError::LastOwner) => {}
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
mod moto {
    use aws_config::BehaviorVersion;
    use aws_sdk_dynamodb::config::Credentials;
    use shared::store::dynamo::DynamoTable;

    /// The moto endpoint, or `None` (after a notice) when the DynamoDB cases
    /// should be skipped. Panics, failing the test, when moto is required.
    fn endpoint(test: &str) -> Option<String> {
        if let Some(url) = std::env::var("MOTO_ENDPOINT").ok().filter(|u| !u.trim().is_empty()) {
            return Some(url);
        }
        let required = std::env::var("REQUIRE_MOTO").is_ok_and(|v| v == "1") || std::env::var("CI").is_ok_and(|v| v == "true");
        assert!(!required, "{test}: MOTO_ENDPOINT is not set, but the DynamoDB repository tests are required (REQUIRE_MOTO=1 or CI=true)");
        eprintln!("notice: {test} skipped: MOTO_ENDPOINT is not set (start moto with `infra/moto.sh start`)");
        None
    }

    pub(super) async fn dynamo(test: &str) -> Option<DynamoTable> {
        let endpoint = endpoint(test)?;
        let config = aws_config::defaults(BehaviorVersion::latest())
            .endpoint_url(endpoint)
            .region("us-east-1")
            .credentials_provider(Credentials::new("test", "test", None, None, "static"))
            .load()
            .await;
        let table = DynamoTable::new(aws_sdk_dynamodb::Client::new(&config), format!("repo-{}", uuid::Uuid::new_v4().simple()));
        table.create_table_if_missing().await.expect("create DynamoDB table on moto");
        Some(table)
    }
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
);
