//! An organization's own texts: copies of base items (same URN, edited or
//! not) and items it wrote itself. The base corpus is in the build
//! (`crate::content`); only what organizations change is stored.
//!
//! Items sit in the organization's partition under `CONTENT#{urn}`, so one
//! prefix query finds every text of a horoscope type (what embedding texts
//! into a chart needs), and `CONTENTID#{id}` points from an item's id to its
//! URN.

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use super::{RepoError, conflict_as_exists, from_item, schema, to_attrs};
use crate::store::{Condition, Item, Table, WriteOp};

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct OrgContent {
    /// Random, unlike base items, whose id is their URN.
    pub id: String,
    pub organization_id: String,
    pub urn: String,
    pub title: String,
    pub body: String,
    /// The base item this copies (its id, which is its URN); `None` for an
    /// item the organization wrote itself.
    pub base_content_id: Option<String>,
    pub horoscope_type: String,
    pub content_type: String,
    pub language: String,
    #[serde(default)]
    pub metadata: Value,
    pub created_at: String,
    pub updated_at: String,
}

pub const CONTENT_PREFIX: &str = "CONTENT#";

fn content_sk(urn: &str) -> String {
    format!("{CONTENT_PREFIX}{urn}")
}

fn id_sk(id: &str) -> String {
    format!("CONTENTID#{id}")
}

/// Stores a new item; [`RepoError::AlreadyExists`] if the organization has
/// one with this URN already (one copy per base item).
pub async fn create(table: &dyn Table, item: &OrgContent) -> Result<(), RepoError> {
    let mut pointer = Map::new();
    pointer.insert("urn".into(), item.urn.clone().into());
    table
        .write(vec![
            WriteOp::Put {
                item: Item::new(schema::org(&item.organization_id), content_sk(&item.urn), to_attrs(item)?),
                condition: Condition::MustNotExist,
            },
            WriteOp::Put {
                item: Item::new(schema::org(&item.organization_id), id_sk(&item.id), pointer),
                condition: Condition::MustNotExist,
            },
        ])
        .await
        .map_err(conflict_as_exists)
}

pub async fn get_by_urn(table: &dyn Table, org_id: &str, urn: &str) -> Result<Option<OrgContent>, RepoError> {
    Ok(table.get(&schema::org(org_id), &content_sk(urn)).await?.map(from_item).transpose()?)
}

pub async fn get_by_id(table: &dyn Table, org_id: &str, id: &str) -> Result<Option<OrgContent>, RepoError> {
    let Some(pointer) = table.get(&schema::org(org_id), &id_sk(id)).await? else { return Ok(None) };
    let Some(urn) = pointer.attrs.get("urn").and_then(Value::as_str) else {
        return Err(crate::store::StoreError::Corrupt("content pointer without urn".into()).into());
    };
    get_by_urn(table, org_id, urn).await
}

/// Rewrites an existing item ([`RepoError::NotFound`] if it is gone).
pub async fn update(table: &dyn Table, item: &OrgContent) -> Result<(), RepoError> {
    table
        .write(vec![WriteOp::Put {
            item: Item::new(schema::org(&item.organization_id), content_sk(&item.urn), to_attrs(item)?),
            condition: Condition::MustExist,
        }])
        .await
        .map_err(|error| match error {
            crate::store::StoreError::ConditionFailed => RepoError::NotFound,
            other => RepoError::Store(other),
        })
}

pub async fn delete(table: &dyn Table, item: &OrgContent) -> Result<(), RepoError> {
    table
        .write(vec![
            WriteOp::Delete { pk: schema::org(&item.organization_id), sk: content_sk(&item.urn), condition: Condition::MustExist },
            WriteOp::Delete { pk: schema::org(&item.organization_id), sk: id_sk(&item.id), condition: Condition::None },
        ])
        .await
        .map_err(|error| match error {
            crate::store::StoreError::ConditionFailed => RepoError::NotFound,
            other => RepoError::Store(other),
        })
}

/// The organization's items whose URN starts with `urn_prefix`
/// (`urn:astro:natal:` for every natal text), in URN order.
pub async fn list(table: &dyn Table, org_id: &str, urn_prefix: &str) -> Result<Vec<OrgContent>, RepoError> {
    let items = table.query(&schema::org(org_id), &content_sk(urn_prefix), None).await?;
    Ok(items.into_iter().map(from_item).collect::<Result<_, _>>()?)
}

/// The texts an organization's calculations embed: its own copy where it has
/// one, the base text otherwise. One store query per calculation, whatever
/// the number of texts.
pub struct TextSource {
    language: crate::language::Language,
    overrides: std::collections::HashMap<String, crate::content::Text>,
}

impl TextSource {
    pub async fn load(
        table: &dyn Table,
        org_id: &str,
        horoscope: crate::content::HoroscopeType,
        language: crate::language::Language,
    ) -> Result<Self, RepoError> {
        let prefix = format!("urn:astro:{}:", horoscope.id());
        let suffix = format!(":{}", language.code());
        let overrides = list(table, org_id, &prefix)
            .await?
            .into_iter()
            .filter(|item| item.urn.ends_with(&suffix))
            .map(|item| (item.urn, crate::content::Text { title: item.title, body: item.body }))
            .collect();
        Ok(Self { language, overrides })
    }

    /// The text of `key`: the organization's copy if it has one.
    pub fn text(&self, key: &crate::content::ContentKey) -> Option<crate::content::Text> {
        if !self.overrides.is_empty()
            && let Some(own) = self.overrides.get(&key.urn(self.language))
        {
            return Some(own.clone());
        }
        crate::content::compose(key, self.language)
    }

    pub fn language(&self) -> crate::language::Language {
        self.language
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::embedded::EmbeddedTable;

    fn item(urn: &str, id: &str) -> OrgContent {
        OrgContent {
            id: id.into(),
            organization_id: "org-1".into(),
            urn: urn.into(),
            title: "Venus in Libra".into(),
            body: "Our own words.".into(),
            base_content_id: Some(urn.into()),
            horoscope_type: "natal".into(),
            content_type: "planet-in-sign".into(),
            language: "en".into(),
            metadata: Value::Null,
            created_at: "2026-11-22T00:00:00Z".into(),
            updated_at: "2026-11-22T00:00:00Z".into(),
        }
    }

    #[tokio::test]
    async fn copies_are_one_per_urn_found_by_id_and_prefix() {
        let dir = tempfile::tempdir().unwrap();
        let table = EmbeddedTable::open(&dir.path().join("t.redb")).unwrap();
        let venus = item("urn:astro:natal:planet-in-sign:venus:libra:en", "a1");
        create(&table, &venus).await.unwrap();
        assert!(matches!(create(&table, &item(&venus.urn, "a2")).await, Err(RepoError::AlreadyExists)));
        create(&table, &item("urn:astro:transit:aspect:mars:trine:venus:en", "b1")).await.unwrap();
        assert_eq!(get_by_id(&table, "org-1", "a1").await.unwrap(), Some(venus.clone()));
        assert_eq!(list(&table, "org-1", "urn:astro:natal:").await.unwrap(), vec![venus.clone()]);
        let mut edited = venus.clone();
        edited.body = "Edited.".into();
        update(&table, &edited).await.unwrap();
        assert_eq!(get_by_urn(&table, "org-1", &venus.urn).await.unwrap().unwrap().body, "Edited.");
        delete(&table, &edited).await.unwrap();
        assert_eq!(get_by_id(&table, "org-1", "a1").await.unwrap(), None);
        assert!(matches!(update(&table, &edited).await, Err(RepoError::NotFound)));
    }
}
