//! PATCH /api/api-keys/{id}: change a key's name, permissions, modules,
//! allowed domains or rate limit. The secret stays the same (that is what
//! rotation is for), and so do the key's owner and organization.
//!
//! Reach is that of the other management routes (a key out of reach is a
//! 404). New permissions must be held both by the editor's role (nobody
//! gives what they do not hold) and by the role the key's owner has now
//! (a key never holds more than its owner's role allows, whoever edits it).
//! An API key editing a key (itself or one below it) must leave it within
//! itself: the edited key as a whole, not only the attributes sent, so that
//! an edit never leaves a managing key able to reach a key wider than it.

use axum::Json;
use axum::extract::{Path, State};
use serde::Deserialize;
use serde_json::{Value, json};
use shared::auth::{KeyPermission, Role};
use shared::http::Code;
use shared::http::{ApiError, ApiJson, ApiResult, AppState, whole};
use shared::repo::RepoError;
use shared::repo::api_keys::{self, KeyEdit};

use crate::actor::KeyManager;
use crate::attributes::{self, Problems, present};
use crate::manage::{owner_role, refuse_revoked};
use crate::view::KeyView;
use crate::within::{Sent, refuse_beyond_key};

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EditKeyRequest {
    data: EditKeyData,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct EditKeyData {
    #[serde(rename = "type")]
    kind: String,
    /// JSON:API clients name the resource they patch; if they do, it must be
    /// the key of the path.
    #[serde(default, deserialize_with = "shared::http::extract::not_null")]
    id: Option<String>,
    #[serde(default)]
    attributes: EditKeyAttributes,
}

/// Every attribute is optional: absent leaves it unchanged. `null` clears
/// the rate limit and is refused for the others, which have no "unset".
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
struct EditKeyAttributes {
    #[serde(default, deserialize_with = "present")]
    name: Option<Option<String>>,
    #[serde(default, deserialize_with = "present")]
    permissions: Option<Option<Vec<String>>>,
    #[serde(default, deserialize_with = "present")]
    modules: Option<Option<Vec<String>>>,
    #[serde(default, deserialize_with = "present")]
    allowed_domains: Option<Option<Vec<String>>>,
    #[serde(default, deserialize_with = "whole::clearable")]
    rate_limit_per_minute: Option<Option<u32>>,
}

impl EditKeyRequest {
    /// The checked edit of key `key_id`, or a 422 naming every bad field.
    fn checked(self, key_id: &str) -> Result<KeyEdit, ApiError> {
        let mut problems = Problems::default();
        attributes::check_type(&self.data.kind, &mut problems);
        if self.data.id.as_deref().is_some_and(|id| id != key_id) {
            return Err(ApiError::id_mismatch(key_id));
        }
        let given = self.data.attributes;
        let name = not_null(given.name, "name", &mut problems).map(|name| attributes::name(&name, &mut problems));
        let permissions = not_null(given.permissions, "permissions", &mut problems).map(|ids| attributes::permissions(&ids, &mut problems));
        let modules = not_null(given.modules, "modules", &mut problems).map(|ids| attributes::modules(&ids, &mut problems));
        let allowed_domains = not_null(given.allowed_domains, "allowedDomains", &mut problems)
            .map(|patterns| attributes::allowed_domains(patterns, &mut problems));
        if let Some(Some(limit)) = given.rate_limit_per_minute {
            attributes::rate_limit(limit, &mut problems);
        }
        problems.into_result()?;
        Ok(KeyEdit { name, permissions, modules, allowed_domains, rate_limit_per_minute: given.rate_limit_per_minute })
    }
}

/// The lists an edit sent, kept past [`EditKeyRequest::checked`], which
/// consumes the body.
struct SentLists {
    permissions: Option<Vec<String>>,
    modules: Option<Vec<String>>,
    allowed_domains: Option<Vec<String>>,
}

fn owned_sent(body: &EditKeyRequest) -> SentLists {
    let given = &body.data.attributes;
    SentLists {
        permissions: given.permissions.clone().flatten(),
        modules: given.modules.clone().flatten(),
        allowed_domains: given.allowed_domains.clone().flatten(),
    }
}

impl SentLists {
    fn borrowed(&self) -> Sent<'_> {
        Sent {
            permissions: self.permissions.as_deref(),
            modules: self.modules.as_deref(),
            allowed_domains: self.allowed_domains.as_deref(),
            sets_expiry: false,
        }
    }
}

/// The value of an attribute that cannot be cleared: `null` is a problem.
fn not_null<T>(given: Option<Option<T>>, field: &str, problems: &mut Problems) -> Option<T> {
    match given {
        Some(None) => {
            problems.attribute(field, format!("{field} cannot be null; leave it out to keep it unchanged"));
            None
        }
        Some(Some(value)) => Some(value),
        None => None,
    }
}

/// The two role rules of new permissions, by the role table `holds`
/// ([`Role::has`] in service). The editor's own role comes first: when both
/// fail, "you do not hold it" is the answer the editor can act on.
pub(crate) fn refuse_beyond_roles(
    permissions: &[KeyPermission],
    editor: Role,
    owner: Role,
    holds: impl Fn(Role, &str) -> bool,
) -> Result<(), ApiError> {
    if let Some(beyond) = attributes::beyond_role(permissions, editor, &holds) {
        return Err(ApiError::coded(Code::PermissionExceedsRole, format!("a {} cannot give a key '{}'", editor.id(), beyond.id())));
    }
    if let Some(beyond) = attributes::beyond_role(permissions, owner, &holds) {
        return Err(ApiError::coded(
            Code::PermissionExceedsOwnerRole,
            format!("the key belongs to a {}, whose role does not allow '{}'", owner.id(), beyond.id()),
        ));
    }
    Ok(())
}

#[tracing::instrument(name = "edit_api_key", skip_all)]
pub async fn edit_api_key(
    State(app): State<AppState>,
    manager: KeyManager,
    Path(key_id): Path<String>,
    ApiJson(body): ApiJson<EditKeyRequest>,
) -> ApiResult<Json<Value>> {
    // The raw lists are kept only for pointing at what a managing key may not give.
    let sent = manager.key().map(|_| owned_sent(&body));
    let edit = body.checked(&key_id)?;
    let (key, editor_role) = manager.reachable_key(&app, &key_id).await?;
    refuse_revoked(&key, "edited")?;
    if let Some(permissions) = &edit.permissions {
        // The owner's role is read now, not remembered: a demotion since the
        // key was made narrows what it may be given.
        let owner = if key.created_by == manager.user_id() { editor_role } else { owner_role(&app, &key).await? };
        refuse_beyond_roles(permissions, editor_role, owner, Role::has)?;
    }
    if let (Some(editing), Some(sent)) = (manager.key(), &sent) {
        refuse_beyond_key(&edit.applied_to(&key).scope(), editing, Some(sent.borrowed()))?;
    }
    let edited = api_keys::update(app.table.as_ref(), &key, edit).await.map_err(|error| match error {
        // Keys are never deleted, only revoked: the key was rotated between
        // our read and our write, and the edit was decided on the old state.
        RepoError::NotFound => {
            ApiError::coded(Code::KeyChanged, "the key was changed (rotated) while it was being edited; read it again and retry")
        }
        RepoError::Revoked => ApiError::coded(Code::KeyRevoked, "the key was revoked; a revoked key cannot be edited"),
        other => other.into(),
    })?;
    tracing::info!(key_id = %edited.id, "api key edited");
    Ok(Json(json!({ "data": KeyView::of(edited, None) })))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn code(result: Result<(), ApiError>) -> Option<String> {
        match result {
            Ok(()) => None,
            Err(ApiError::Client { errors, .. }) => Some(errors[0].code.clone()),
            Err(other) => panic!("unexpected {other:?}"),
        }
    }

    /// A role table where members lack chart rendering as well.
    fn members_cannot_chart(role: Role, permission: &str) -> bool {
        !(role == Role::Member && permission == "chart:use")
    }

    #[test]
    fn a_manager_cannot_widen_a_members_key_beyond_the_members_role() {
        let chart = [KeyPermission::CalcRead, KeyPermission::ChartRead];
        assert_eq!(
            code(refuse_beyond_roles(&chart, Role::Manager, Role::Member, members_cannot_chart)).as_deref(),
            Some("permission_exceeds_owner_role")
        );
        // Narrowing within the member's role is fine.
        assert_eq!(code(refuse_beyond_roles(&[KeyPermission::CalcRead], Role::Manager, Role::Member, members_cannot_chart)), None);
        // The manager's own key may have it.
        assert_eq!(code(refuse_beyond_roles(&chart, Role::Manager, Role::Manager, members_cannot_chart)), None);
    }

    #[test]
    fn nobody_gives_what_their_own_role_lacks() {
        let chart = [KeyPermission::ChartRead];
        assert_eq!(
            code(refuse_beyond_roles(&chart, Role::Member, Role::Owner, members_cannot_chart)).as_deref(),
            Some("permission_exceeds_role")
        );
        assert_eq!(
            code(refuse_beyond_roles(&chart, Role::Member, Role::Member, members_cannot_chart)).as_deref(),
            Some("permission_exceeds_role")
        );
    }

    #[test]
    fn with_todays_role_table_only_the_version_pin_is_beyond_a_member() {
        let within_a_member: Vec<_> = KeyPermission::ALL.into_iter().filter(|p| *p != KeyPermission::ApiVersionWrite).collect();
        for (editor, owner) in [(Role::Owner, Role::Member), (Role::Manager, Role::Member), (Role::Member, Role::Member)] {
            assert_eq!(code(refuse_beyond_roles(&within_a_member, editor, owner, Role::has)), None);
        }
        let pin = [KeyPermission::ApiVersionWrite];
        assert_eq!(
            code(refuse_beyond_roles(&pin, Role::Manager, Role::Member, Role::has)).as_deref(),
            Some("permission_exceeds_owner_role")
        );
        assert_eq!(code(refuse_beyond_roles(&pin, Role::Member, Role::Member, Role::has)).as_deref(), Some("permission_exceeds_role"));
        assert_eq!(code(refuse_beyond_roles(&KeyPermission::ALL, Role::Owner, Role::Manager, Role::has)), None);
    }

    fn parse(body: Value) -> Result<KeyEdit, ApiError> {
        serde_json::from_value::<EditKeyRequest>(body).map_err(ApiError::internal)?.checked("key-1")
    }

    #[test]
    fn absent_keeps_null_clears_the_rate_limit_only() {
        let edit = parse(json!({ "data": { "type": "api-keys", "attributes": { "rateLimitPerMinute": null } } })).unwrap();
        assert_eq!(edit, KeyEdit { rate_limit_per_minute: Some(None), ..KeyEdit::default() });
        let edit = parse(json!({ "data": { "type": "api-keys", "id": "key-1", "attributes": {} } })).unwrap();
        assert_eq!(edit, KeyEdit::default());
        let Err(ApiError::Client { errors, .. }) =
            parse(json!({ "data": { "type": "api-keys", "id": "key-1", "attributes": { "name": null, "modules": ["nope"] } } }))
        else {
            panic!("refused")
        };
        let pointers: Vec<_> = errors.iter().filter_map(|e| e.source.as_ref().map(|s| s.pointer.as_str())).collect();
        assert_eq!(pointers, ["/data/attributes/name", "/data/attributes/modules/0"]);
        // Another key's id is a 409 at once (JSON:API), before the attributes.
        let Err(ApiError::Client { status, errors, .. }) =
            parse(json!({ "data": { "type": "api-keys", "id": "key-2", "attributes": { "name": null } } }))
        else {
            panic!("refused")
        };
        assert_eq!((status.as_u16(), errors[0].code.as_str()), (409, "id_mismatch"));
        // `null` names no key: a 422 on `/data/id` when the body is read.
        let null_id = json!({ "data": { "type": "api-keys", "id": null, "attributes": {} } });
        assert!(serde_json::from_value::<EditKeyRequest>(null_id).is_err());
    }
}
