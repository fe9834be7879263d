//! Cached AI summaries and the lease that makes concurrent first calls
//! generate once, across processes (on Lambda, fifty concurrent calls are
//! fifty containers: only the table is shared).
//!
//! | pk          | sk                         | item                               |
//! |-------------|----------------------------|------------------------------------|
//! | `ORG#{org}` | `SUMMARY#{request hash}`   | the summary as first generated     |
//! | `ORG#{org}` | `SUMMARYLEASE#{hash}`      | "being generated until {time}"     |
//!
//! Summaries live in the organization's partition: one organization's
//! cache never answers another's (a cached answer would tell that someone
//! else asked about the same birth data), and they go with it.

use serde::{Deserialize, Serialize};

use super::{RepoError, from_item, schema, to_attrs};
use crate::store::{Condition, Item, StoreError, Table, WriteOp};
use crate::summary::Highlight;

/// A summary as stored: what every later call answers with.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct StoredSummary {
    pub horoscope_type: String,
    pub language: String,
    pub summary: String,
    pub generated_at: String,
    pub model: String,
    pub highlights: Vec<Highlight>,
    /// Why the built-in writer answered although a language model is
    /// configured (its failure, in words safe to show), if it did.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fallback: Option<String>,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
struct Lease {
    /// Unix seconds: after this the lease is abandoned (its holder died).
    held_until: i64,
}

pub async fn cached(table: &dyn Table, organization_id: &str, hash: &str) -> Result<Option<StoredSummary>, RepoError> {
    match table.get(&schema::org(organization_id), &schema::summary(hash)).await? {
        Some(item) => Ok(Some(from_item(item)?)),
        None => Ok(None),
    }
}

/// Who generates.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Claim {
    /// This caller: generate, then [`store`] (or [`release`] on failure).
    Won,
    /// Another caller, until `held_until` (Unix seconds): wait for its summary.
    Held { held_until: i64 },
}

/// Takes the lease for `hash` for `seconds`, unless someone holds it. An
/// abandoned lease (past its time) is taken over.
pub async fn claim(table: &dyn Table, organization_id: &str, hash: &str, now: i64, seconds: i64) -> Result<Claim, RepoError> {
    let pk = schema::org(organization_id);
    let sk = schema::summary_lease(hash);
    let lease = Item::new(pk.clone(), sk.clone(), to_attrs(&Lease { held_until: now + seconds })?);
    for _ in 0..2 {
        match table.write(vec![WriteOp::Put { item: lease.clone(), condition: Condition::MustNotExist }]).await {
            Ok(()) => return Ok(Claim::Won),
            Err(StoreError::ConditionFailed) => {}
            Err(other) => return Err(other.into()),
        }
        let Some(current) = table.get(&pk, &sk).await? else { continue };
        let held: Lease = from_item(current)?;
        if held.held_until > now {
            return Ok(Claim::Held { held_until: held.held_until });
        }
        // Abandoned: remove it and try once more (two callers doing this at
        // once may both win; that costs one extra generation, never a wrong
        // answer).
        match table.write(vec![WriteOp::Delete { pk: pk.clone(), sk: sk.clone(), condition: Condition::MustExist }]).await {
            Ok(()) | Err(StoreError::ConditionFailed) => {}
            Err(other) => return Err(other.into()),
        }
    }
    Ok(Claim::Held { held_until: now + seconds })
}

/// Stores the generated summary and frees the lease, together. A summary
/// already there (a taken-over lease's first holder finished after all)
/// is kept: every caller answers with the first one stored.
pub async fn store(table: &dyn Table, organization_id: &str, hash: &str, summary: &StoredSummary) -> Result<StoredSummary, RepoError> {
    let pk = schema::org(organization_id);
    let item = Item::new(pk.clone(), schema::summary(hash), to_attrs(summary)?);
    let ops = vec![
        WriteOp::Put { item, condition: Condition::MustNotExist },
        WriteOp::Delete { pk: pk.clone(), sk: schema::summary_lease(hash), condition: Condition::None },
    ];
    match table.write(ops).await {
        Ok(()) => Ok(summary.clone()),
        Err(StoreError::ConditionFailed) => {
            release(table, organization_id, hash).await?;
            cached(table, organization_id, hash).await?.ok_or(RepoError::NotFound)
        }
        Err(other) => Err(other.into()),
    }
}

/// Gives the lease up without a summary (the caller could not pay, or
/// generation failed): the next caller generates.
pub async fn release(table: &dyn Table, organization_id: &str, hash: &str) -> Result<(), RepoError> {
    let pk = schema::org(organization_id);
    table.write(vec![WriteOp::Delete { pk, sk: schema::summary_lease(hash), condition: Condition::None }]).await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::embedded::EmbeddedTable;
    use crate::summary::HighlightKind;

    fn summary(text: &str) -> StoredSummary {
        StoredSummary {
            horoscope_type: "natal".into(),
            language: "en".into(),
            summary: text.into(),
            generated_at: "2026-11-25T10:00:00Z".into(),
            model: "m".into(),
            highlights: vec![Highlight { kind: HighlightKind::Angle, label: "Ascendant in Leo".into() }],
            fallback: None,
        }
    }

    #[tokio::test]
    async fn one_claim_wins_until_stored_or_abandoned() {
        let dir = tempfile::tempdir().unwrap();
        let table = EmbeddedTable::open(&dir.path().join("t.redb")).unwrap();
        assert_eq!(cached(&table, "o1", "h").await.unwrap(), None);
        assert_eq!(claim(&table, "o1", "h", 100, 30).await.unwrap(), Claim::Won);
        assert_eq!(claim(&table, "o1", "h", 101, 30).await.unwrap(), Claim::Held { held_until: 130 });
        // Another organization's same request is its own.
        assert_eq!(claim(&table, "o2", "h", 101, 30).await.unwrap(), Claim::Won);
        // Past its time, a lease is taken over.
        assert_eq!(claim(&table, "o1", "h", 131, 30).await.unwrap(), Claim::Won);

        let first = store(&table, "o1", "h", &summary("first")).await.unwrap();
        assert_eq!(first.summary, "first");
        // The late first holder finds the summary stored: it answers with it.
        assert_eq!(store(&table, "o1", "h", &summary("second")).await.unwrap().summary, "first");
        assert_eq!(cached(&table, "o1", "h").await.unwrap().unwrap().summary, "first");
        assert_eq!(cached(&table, "o2", "h").await.unwrap(), None);

        // Released without a summary: the next caller wins.
        release(&table, "o2", "h").await.unwrap();
        assert_eq!(claim(&table, "o2", "h", 102, 30).await.unwrap(), Claim::Won);
    }
}
