//! Widgets: an organization's embeddable widget configurations.
//!
//! A widget sits in its organization's partition under `WIDGET#{id}` (one
//! prefix query lists them), and a copy under `WIDGET#{id}` / `META`, written
//! in the same transaction, serves its public routes: a browser knows only
//! the id, and one read finds the widget and its organization. (Copies
//! written before the copy held the whole widget name only the
//! organization: those are read through to the organization's item.)

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::{RepoError, conflict_as_exists, from_item, schema, to_attrs};
use crate::store::{Condition, Item, StoreError, Table, WriteOp};

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Widget {
    pub id: String,
    pub organization_id: String,
    pub name: String,
    /// Validated by `crate::widget::customization::problems` before it is stored.
    #[serde(default)]
    pub customization: Value,
    /// Site patterns, as an API key's (`example.com`, `*.example.com`).
    #[serde(default)]
    pub allowed_domains: Vec<String>,
    pub enabled: bool,
    pub created_at: String,
    pub updated_at: String,
}

fn not_found(error: StoreError) -> RepoError {
    match error {
        StoreError::ConditionFailed => RepoError::NotFound,
        other => RepoError::Store(other),
    }
}

pub async fn create(table: &dyn Table, widget: &Widget) -> Result<(), RepoError> {
    let attrs = to_attrs(widget)?;
    table
        .write(vec![
            WriteOp::Put {
                item: Item::new(schema::org(&widget.organization_id), schema::widget(&widget.id), attrs.clone()),
                condition: Condition::MustNotExist,
            },
            WriteOp::Put { item: Item::new(schema::widget(&widget.id), schema::META, attrs), condition: Condition::MustNotExist },
        ])
        .await
        .map_err(conflict_as_exists)
}

/// The organization's widget `id`.
pub async fn get(table: &dyn Table, org_id: &str, id: &str) -> Result<Option<Widget>, RepoError> {
    Ok(table.get(&schema::org(org_id), &schema::widget(id)).await?.map(from_item).transpose()?)
}

/// The widget `id`, whichever organization it belongs to (its public routes).
pub async fn find(table: &dyn Table, id: &str) -> Result<Option<Widget>, RepoError> {
    let Some(copy) = table.get(&schema::widget(id), schema::META).await? else { return Ok(None) };
    if copy.attrs.contains_key("name") {
        return Ok(Some(from_item(copy)?));
    }
    let Some(org_id) = copy.attrs.get("organizationId").and_then(Value::as_str) else {
        return Err(StoreError::Corrupt("widget pointer without organizationId".into()).into());
    };
    get(table, org_id, id).await
}

/// Rewrites an existing widget ([`RepoError::NotFound`] if it is gone).
pub async fn update(table: &dyn Table, widget: &Widget) -> Result<(), RepoError> {
    table
        .write(vec![
            WriteOp::Put {
                item: Item::new(schema::org(&widget.organization_id), schema::widget(&widget.id), to_attrs(widget)?),
                condition: Condition::MustExist,
            },
            WriteOp::Put { item: Item::new(schema::widget(&widget.id), schema::META, to_attrs(widget)?), condition: Condition::None },
        ])
        .await
        .map_err(not_found)
}

pub async fn delete(table: &dyn Table, org_id: &str, id: &str) -> Result<(), RepoError> {
    table
        .write(vec![
            WriteOp::Delete { pk: schema::org(org_id), sk: schema::widget(id), condition: Condition::MustExist },
            WriteOp::Delete { pk: schema::widget(id), sk: schema::META.to_owned(), condition: Condition::None },
        ])
        .await
        .map_err(not_found)
}

/// The organization's widgets, oldest first.
pub async fn list(table: &dyn Table, org_id: &str) -> Result<Vec<Widget>, RepoError> {
    let items = table.query(&schema::org(org_id), schema::WIDGET_PREFIX, None).await?;
    let mut widgets: Vec<Widget> = items.into_iter().map(from_item).collect::<Result<_, _>>()?;
    widgets.sort_by(|a, b| a.created_at.cmp(&b.created_at).then_with(|| a.id.cmp(&b.id)));
    Ok(widgets)
}
