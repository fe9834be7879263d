//! One conformance suite for the storage ports, run against every backend.
//!
//! Each case is an async function over `&dyn Table` / `&dyn BlobStore` (the
//! concurrency case takes a `SharedTable`, to spawn real tasks). The macros at
//! the bottom turn each case into one `#[tokio::test]` per backend:
//! - `embedded::*` and `fs::*`: redb and a directory under a fresh temp dir,
//!   always;
//! - `dynamo::*` and `s3::*`: a moto server at `$MOTO_ENDPOINT` (start one with
//!   `infra/moto.sh start`), a fresh table or bucket per test, so tests run in
//!   parallel. Without `MOTO_ENDPOINT` they print a notice and pass, unless
//!   `REQUIRE_MOTO=1` or `CI=true`, where they fail.
#![cfg(feature = "services")]

use std::sync::Arc;

use serde_json::{Map, Value, json};
use shared::blob::fs::FsBlobs;
use shared::blob::{Blob, BlobError, BlobStore};
use shared::metering::{Charge, CounterId, DirectMeter, Meter, Verdict};
use shared::store::embedded::EmbeddedTable;
use shared::store::{Condition, CounterAdd, CounterIncrement, Increment, Increments, Item, SharedTable, StoreError, Table, WriteOp};

// ---------------------------------------------------------------- helpers

fn attrs(value: Value) -> Map<String, Value> {
    match value {
        Value::Object(map) => map,
        other => panic!("test attrs must be a JSON object, got {other}"),
    }
}

fn item(pk: &str, sk: &str, value: Value) -> Item {
    Item::new(pk, sk, attrs(value))
}

fn put(item: Item, condition: Condition) -> WriteOp {
    WriteOp::Put { item, condition }
}

fn delete(pk: &str, sk: &str, condition: Condition) -> WriteOp {
    WriteOp::Delete { pk: pk.into(), sk: sk.into(), condition }
}

fn sks(items: &[Item]) -> Vec<&str> {
    items.iter().map(|i| i.sk.as_str()).collect()
}

fn assert_condition_failed(result: Result<(), StoreError>) {
    match result {
        Err(StoreError::ConditionFailed) => {}
        other => panic!("expected ConditionFailed, got {other:?}"),
    }
}

// ---------------------------------------------------------------- table cases

async fn get_missing_and_present(t: &dyn Table) {
    assert_eq!(t.get("p", "missing").await.unwrap(), None);
    let it = item("p", "a", json!({"name": "Ada", "n": 1, "nested": {"x": [1, 2]}}));
    t.write(vec![put(it.clone(), Condition::None)]).await.unwrap();
    assert_eq!(t.get("p", "a").await.unwrap(), Some(it));
    // Same sort key, other partition: still missing.
    assert_eq!(t.get("q", "a").await.unwrap(), None);
}

async fn put_overwrites(t: &dyn Table) {
    t.write(vec![put(item("p", "a", json!({"v": 1, "old": true})), Condition::None)]).await.unwrap();
    let newer = item("p", "a", json!({"v": 2}));
    t.write(vec![put(newer.clone(), Condition::None)]).await.unwrap();
    // The whole item is replaced, not merged.
    assert_eq!(t.get("p", "a").await.unwrap(), Some(newer));
}

async fn put_conditions(t: &dyn Table) {
    let first = item("p", "a", json!({"v": 1}));
    // MustExist on a missing item fails and writes nothing.
    assert_condition_failed(t.write(vec![put(first.clone(), Condition::MustExist)]).await);
    assert_eq!(t.get("p", "a").await.unwrap(), None);
    // MustNotExist creates once...
    t.write(vec![put(first.clone(), Condition::MustNotExist)]).await.unwrap();
    // ...and refuses the second time, leaving the first.
    assert_condition_failed(t.write(vec![put(item("p", "a", json!({"v": 2})), Condition::MustNotExist)]).await);
    assert_eq!(t.get("p", "a").await.unwrap(), Some(first));
    // MustExist updates an existing item.
    let second = item("p", "a", json!({"v": 3}));
    t.write(vec![put(second.clone(), Condition::MustExist)]).await.unwrap();
    assert_eq!(t.get("p", "a").await.unwrap(), Some(second));
}

async fn multi_op_write_is_atomic(t: &dyn Table) {
    t.write(vec![put(item("p", "existing", json!({"v": "old"})), Condition::None)]).await.unwrap();

    // All succeed together.
    t.write(vec![
        put(item("p", "a", json!({"v": 1})), Condition::MustNotExist),
        put(item("p", "b", json!({"v": 2})), Condition::None),
        put(item("p", "existing", json!({"v": "new"})), Condition::MustExist),
    ])
    .await
    .unwrap();
    assert_eq!(sks(&t.query("p", "", None).await.unwrap()), ["a", "b", "existing"]);

    // The last op's condition fails: nothing of the batch is written, neither
    // the new item, nor the overwrite, nor the delete before it.
    assert_condition_failed(
        t.write(vec![
            put(item("p", "c", json!({"v": 3})), Condition::None),
            put(item("p", "existing", json!({"v": "newer"})), Condition::None),
            delete("p", "b", Condition::MustExist),
            put(item("p", "a", json!({"v": 9})), Condition::MustNotExist),
        ])
        .await,
    );
    assert_eq!(t.get("p", "c").await.unwrap(), None);
    assert_eq!(t.get("p", "existing").await.unwrap(), Some(item("p", "existing", json!({"v": "new"}))));
    assert_eq!(t.get("p", "b").await.unwrap(), Some(item("p", "b", json!({"v": 2}))));
    assert_eq!(t.get("p", "a").await.unwrap(), Some(item("p", "a", json!({"v": 1}))));

    // A failing condition first also rolls back the ops after it.
    assert_condition_failed(
        t.write(vec![delete("p", "nope", Condition::MustExist), put(item("p", "d", json!({})), Condition::None)]).await,
    );
    assert_eq!(t.get("p", "d").await.unwrap(), None);

    // An empty write is a no-op.
    t.write(Vec::new()).await.unwrap();
}

async fn delete_with_conditions(t: &dyn Table) {
    // Unconditional delete of a missing item is fine.
    t.write(vec![delete("p", "a", Condition::None)]).await.unwrap();
    // MustExist on a missing item fails.
    assert_condition_failed(t.write(vec![delete("p", "a", Condition::MustExist)]).await);

    t.write(vec![put(item("p", "a", json!({"v": 1})), Condition::None)]).await.unwrap();
    // MustNotExist on a present item fails and keeps it.
    assert_condition_failed(t.write(vec![delete("p", "a", Condition::MustNotExist)]).await);
    assert!(t.get("p", "a").await.unwrap().is_some());
    // MustExist on a present item deletes it.
    t.write(vec![delete("p", "a", Condition::MustExist)]).await.unwrap();
    assert_eq!(t.get("p", "a").await.unwrap(), None);
    // Unconditional delete of a present item.
    t.write(vec![put(item("p", "b", json!({})), Condition::None)]).await.unwrap();
    t.write(vec![delete("p", "b", Condition::None)]).await.unwrap();
    assert_eq!(t.get("p", "b").await.unwrap(), None);
}

async fn query_prefix_order_limit_isolation(t: &dyn Table) {
    // Written out of order; includes keys that share a prefix with the
    // partition name and byte-order edge cases (`#` < `0` < `A` < `a`).
    let keys = ["key#b", "key#a", "key#c", "keyz", "ke", "other#1", "KEY#a", "key#a#2", "key#"];
    let mut ops = Vec::new();
    for sk in keys {
        ops.push(put(item("org#1", sk, json!({"sk": sk})), Condition::None));
    }
    // Neighbouring partitions, including one whose name extends this one.
    ops.push(put(item("org#10", "key#a", json!({})), Condition::None));
    ops.push(put(item("org#", "key#a", json!({})), Condition::None));
    ops.push(put(item("org#0", "key#a", json!({})), Condition::None));
    t.write(ops).await.unwrap();

    let all = t.query("org#1", "", None).await.unwrap();
    assert_eq!(sks(&all), ["KEY#a", "ke", "key#", "key#a", "key#a#2", "key#b", "key#c", "keyz", "other#1"]);
    assert!(all.iter().all(|i| i.pk == "org#1"));
    assert_eq!(all[3], item("org#1", "key#a", json!({"sk": "key#a"})));

    let prefixed = t.query("org#1", "key#", None).await.unwrap();
    assert_eq!(sks(&prefixed), ["key#", "key#a", "key#a#2", "key#b", "key#c"]);

    let limited = t.query("org#1", "key#", Some(2)).await.unwrap();
    assert_eq!(sks(&limited), ["key#", "key#a"]);
    assert_eq!(t.query("org#1", "key#", Some(0)).await.unwrap(), Vec::<Item>::new());
    assert_eq!(sks(&t.query("org#1", "key#", Some(100)).await.unwrap()).len(), 5);

    // Exact sort key as prefix; a prefix matching nothing; an empty partition.
    assert_eq!(sks(&t.query("org#1", "keyz", None).await.unwrap()), ["keyz"]);
    assert!(t.query("org#1", "zzz", None).await.unwrap().is_empty());
    assert!(t.query("org#2", "", None).await.unwrap().is_empty());
    assert_eq!(sks(&t.query("org#10", "", None).await.unwrap()), ["key#a"]);
}

/// DynamoDB returns at most 1 MB per Query page: 150 items of ~10 KB (1.5 MB)
/// need at least two pages, which `query` must follow transparently.
async fn query_paginates(t: &dyn Table) {
    let filler = "x".repeat(10 * 1024);
    for batch in 0..6 {
        let ops = (0..25)
            .map(|i| {
                let n = batch * 25 + i;
                put(item("big", &format!("item#{n:04}"), json!({"n": n, "filler": filler})), Condition::None)
            })
            .collect();
        t.write(ops).await.unwrap();
    }
    t.write(vec![put(item("big", "zzz", json!({})), Condition::None)]).await.unwrap();

    let all = t.query("big", "item#", None).await.unwrap();
    assert_eq!(all.len(), 150);
    for (n, it) in all.iter().enumerate() {
        assert_eq!(it.sk, format!("item#{n:04}"));
        assert_eq!(it.attrs["n"], json!(n));
        assert_eq!(it.attrs["filler"].as_str().map(str::len), Some(10 * 1024));
    }
    // A limit beyond the first page.
    let some = t.query("big", "item#", Some(120)).await.unwrap();
    assert_eq!(some.len(), 120);
    assert_eq!(some[119].sk, "item#0119");
    assert_eq!(t.query("big", "", None).await.unwrap().len(), 151);
}

async fn increments(t: &dyn Table) {
    assert_eq!(t.counter("c", "missing").await.unwrap(), 0);

    // Created at 0 then added to.
    assert_eq!(t.increment("c", "n", 1, None, None).await.unwrap(), Increment::Applied { count: 1 });
    assert_eq!(t.increment("c", "n", 5, None, Some(4_000_000_000)).await.unwrap(), Increment::Applied { count: 6 });
    assert_eq!(t.counter("c", "n").await.unwrap(), 6);

    // Up to the limit exactly, then refused with the current value unchanged.
    assert_eq!(t.increment("c", "n", 4, Some(10), None).await.unwrap(), Increment::Applied { count: 10 });
    assert_eq!(t.increment("c", "n", 1, Some(10), None).await.unwrap(), Increment::Refused { count: 10 });
    assert_eq!(t.counter("c", "n").await.unwrap(), 10);
    // A bigger step that would pass the limit is refused even though a
    // smaller one would fit.
    assert_eq!(t.increment("c", "m", 3, Some(5), None).await.unwrap(), Increment::Applied { count: 3 });
    assert_eq!(t.increment("c", "m", 3, Some(5), None).await.unwrap(), Increment::Refused { count: 3 });
    assert_eq!(t.increment("c", "m", 2, Some(5), None).await.unwrap(), Increment::Applied { count: 5 });

    // A new counter whose first step already passes the limit is refused at 0
    // and not created.
    assert_eq!(t.increment("c", "new", 3, Some(2), None).await.unwrap(), Increment::Refused { count: 0 });
    assert_eq!(t.increment("c", "zero", 1, Some(0), Some(1)).await.unwrap(), Increment::Refused { count: 0 });
    assert_eq!(t.counter("c", "new").await.unwrap(), 0);

    // Negative steps (refunds) work.
    assert_eq!(t.increment("c", "n", -3, Some(10), None).await.unwrap(), Increment::Applied { count: 7 });

    // Counters are separate from items: not listed by query nor read by get.
    t.write(vec![put(item("c", "item", json!({"v": 1})), Condition::None)]).await.unwrap();
    assert_eq!(sks(&t.query("c", "", None).await.unwrap()), ["item"]);
    assert_eq!(t.get("c", "n").await.unwrap(), None);
}

fn add(pk: &str, sk: &str, by: i64, limit: Option<i64>) -> CounterIncrement {
    CounterIncrement { pk: pk.into(), sk: sk.into(), by, limit, expires_at: Some(4_000_000_000) }
}

/// Several counters in one atomic step: all added, or none when one would
/// pass its limit, which the result names.
async fn increments_all_or_nothing(t: &dyn Table) {
    assert_eq!(t.increment_all(&[]).await.unwrap(), Increments::Applied);
    let three = |by| [add("rate", "minute", by, Some(3)), add("usage", "total", by, Some(5)), add("usage", "key", by, None)];
    assert_eq!(t.increment_all(&three(2)).await.unwrap(), Increments::Applied);
    assert_eq!(
        [t.counter("rate", "minute").await.unwrap(), t.counter("usage", "total").await.unwrap(), t.counter("usage", "key").await.unwrap()],
        [2, 2, 2]
    );
    // The first counter refuses: nothing changes.
    assert_eq!(t.increment_all(&three(2)).await.unwrap(), Increments::Refused { index: 0 });
    assert_eq!(t.counter("usage", "key").await.unwrap(), 2);
    // Now the second refuses, after the first would have been fine.
    let second = [add("rate", "other", 4, Some(10)), add("usage", "total", 4, Some(5)), add("usage", "key", 4, None)];
    assert_eq!(t.increment_all(&second).await.unwrap(), Increments::Refused { index: 1 });
    assert_eq!([t.counter("rate", "other").await.unwrap(), t.counter("usage", "key").await.unwrap()], [0, 2]);
    // One counter alone, applied and refused; refunds are never refused.
    assert_eq!(t.increment_all(&[add("solo", "n", 1, Some(1))]).await.unwrap(), Increments::Applied);
    assert_eq!(t.increment_all(&[add("solo", "n", 1, Some(1))]).await.unwrap(), Increments::Refused { index: 0 });
    assert_eq!(t.increment_all(&[add("rate", "minute", -1, None), add("usage", "total", -1, None)]).await.unwrap(), Increments::Applied);
    assert_eq!([t.counter("rate", "minute").await.unwrap(), t.counter("usage", "total").await.unwrap()], [1, 1]);
}

/// Items by key, in the order asked, `None` where absent (counters are not
/// items), a key asked twice answered twice, more than one batch's worth.
async fn get_many_in_order(t: &dyn Table) {
    assert_eq!(t.get_many(&[]).await.unwrap(), Vec::<Option<Item>>::new());
    let items: Vec<Item> = (0..130).map(|i| item("many", &format!("i#{i:03}"), json!({ "i": i }))).collect();
    t.put_many(items.clone()).await.unwrap();
    t.increment("many", "counter", 1, None, None).await.unwrap();
    let key = |pk: &str, sk: &str| (pk.to_owned(), sk.to_owned());
    let asked = [
        key("many", "i#007"),
        key("many", "missing"),
        key("many", "counter"),
        key("other", "i#007"),
        key("many", "i#003"),
        key("many", "i#007"),
    ];
    let found = t.get_many(&asked).await.unwrap();
    assert_eq!(found, [Some(items[7].clone()), None, None, None, Some(items[3].clone()), Some(items[7].clone())]);
    let all: Vec<(String, String)> = items.iter().rev().map(|i| key(&i.pk, &i.sk)).collect();
    let found = t.get_many(&all).await.unwrap();
    assert_eq!(found, items.iter().rev().cloned().map(Some).collect::<Vec<_>>());
}

/// 500 concurrent increments of 1 against a limit of 100: exactly 100 are
/// applied, each seeing its own count 1..=100, 400 refused, final value 100.
/// (On moto this holds only because `infra/moto.sh` serialises its requests:
/// stock moto_server races conditional updates; see the note there.)
async fn concurrent_increments(t: SharedTable) {
    let mut tasks = tokio::task::JoinSet::new();
    for _ in 0..500 {
        let t = Arc::clone(&t);
        tasks.spawn(async move { t.increment("rate", "window#1", 1, Some(100), Some(4_000_000_000)).await });
    }
    let mut applied = Vec::new();
    let mut refused = 0;
    while let Some(joined) = tasks.join_next().await {
        match joined.expect("increment task panicked").expect("increment failed") {
            Increment::Applied { count } => applied.push(count),
            Increment::Refused { count } => {
                assert!((0..=100).contains(&count), "refused with impossible count {count}");
                refused += 1;
            }
        }
    }
    assert_eq!((applied.len(), refused), (100, 400), "applied vs refused");
    applied.sort_unstable();
    assert_eq!(applied, (1..=100).collect::<Vec<_>>(), "each applied increment sees its own count");
    assert_eq!(t.counter("rate", "window#1").await.unwrap(), 100);
}

/// The meter Lambda uses on this backend: 500 concurrent charges of a rate
/// window (limit 100) and an unlimited usage counter, all or nothing: exactly
/// 100 pass and both counters end at exactly 100.
async fn direct_meter_is_exact(t: SharedTable) {
    let meter = Arc::new(DirectMeter::new(t.clone()));
    let charges = |sk: &str, limit: Option<i64>| Charge {
        counter: CounterId { pk: "meter".into(), sk: sk.into() },
        units: 1,
        limit,
        expires_at: 4_000_000_000,
    };
    let mut tasks = tokio::task::JoinSet::new();
    for _ in 0..500 {
        let meter = meter.clone();
        let pair = [charges("rate", Some(100)), charges("usage", None)];
        tasks.spawn(async move { meter.charge(&pair).await });
    }
    let mut allowed = 0;
    while let Some(joined) = tasks.join_next().await {
        if joined.expect("charge task panicked").expect("charge failed") == Verdict::Allowed {
            allowed += 1;
        }
    }
    assert_eq!(allowed, 100);
    assert_eq!(t.counter("meter", "rate").await.unwrap(), 100);
    assert_eq!(t.counter("meter", "usage").await.unwrap(), 100);
}

/// A bulk load: many items (more than one batch of 25), overwriting what
/// was there, all readable after.
async fn put_many_loads_in_batches(t: &dyn Table) {
    t.write(vec![put(item("bulk", "item#007", json!({"v": "old"})), Condition::None)]).await.unwrap();
    let items: Vec<Item> = (0..60).map(|i| item("bulk", &format!("item#{i:03}"), json!({ "v": i }))).collect();
    t.put_many(items.clone()).await.unwrap();
    assert_eq!(t.query("bulk", "item#", None).await.unwrap(), items);
    t.put_many(Vec::new()).await.unwrap();
}

/// Listing a partition's counters, and the unconditional batched adds a
/// write-behind meter flushes with.
async fn counters_list_and_batched_adds(t: &dyn Table) {
    assert_eq!(t.counters("usage#o1", "").await.unwrap(), Vec::<(String, i64)>::new());
    let add = |sk: &str, by: i64| CounterAdd { pk: "usage#o1".into(), sk: sk.into(), by, expires_at: Some(4_000_000_000) };
    t.add_to_counters(&[add("KEY#b", 3), add("TOTAL", 5), add("KEY#a", 2)]).await.map_err(|(_, e)| e).unwrap();
    t.add_to_counters(&[add("KEY#b", 4), add("TOTAL", 4)]).await.map_err(|(_, e)| e).unwrap();
    t.increment("usage#o2", "TOTAL", 1, None, None).await.unwrap();
    // Items in the same partition are not counters.
    t.write(vec![put(item("usage#o1", "KEY#item", json!({"v": 1})), Condition::None)]).await.unwrap();
    let all = t.counters("usage#o1", "").await.unwrap();
    assert_eq!(all, vec![("KEY#a".to_owned(), 2), ("KEY#b".to_owned(), 7), ("TOTAL".to_owned(), 9)]);
    assert_eq!(t.counters("usage#o1", "KEY#").await.unwrap(), vec![("KEY#a".to_owned(), 2), ("KEY#b".to_owned(), 7)]);
    assert_eq!(t.counter("usage#o1", "TOTAL").await.unwrap(), 9);
}

// ---------------------------------------------------------------- blob cases

async fn blob_roundtrip(b: &dyn BlobStore) {
    assert_eq!(b.get("charts/missing.png").await.unwrap(), None);

    let bytes: Vec<u8> = (0..=255u8).cycle().take(70_000).collect();
    b.put("charts/2024/natal-1.png", bytes.clone(), "image/png").await.unwrap();
    assert_eq!(b.get("charts/2024/natal-1.png").await.unwrap(), Some(Blob { bytes: bytes.clone(), content_type: "image/png".into() }));

    // Overwrite replaces bytes and content type.
    b.put("charts/2024/natal-1.png", b"%PDF-1.7\n".to_vec(), "application/pdf").await.unwrap();
    assert_eq!(
        b.get("charts/2024/natal-1.png").await.unwrap(),
        Some(Blob { bytes: b"%PDF-1.7\n".to_vec(), content_type: "application/pdf".into() })
    );

    // Empty objects are objects.
    b.put("empty", Vec::new(), "text/plain").await.unwrap();
    assert_eq!(b.get("empty").await.unwrap(), Some(Blob { bytes: Vec::new(), content_type: "text/plain".into() }));

    // Delete, then deleting again (missing) is fine.
    b.delete("charts/2024/natal-1.png").await.unwrap();
    assert_eq!(b.get("charts/2024/natal-1.png").await.unwrap(), None);
    b.delete("charts/2024/natal-1.png").await.unwrap();
    b.delete("never/was").await.unwrap();
    assert!(b.get("empty").await.unwrap().is_some());
}

async fn blob_invalid_keys(b: &dyn BlobStore) {
    for key in ["", "/etc/passwd", "../escape", "a/../../b", "a/..", "a//b", "a b", "a?b", "ключ", "a\\b", "./a"] {
        assert!(matches!(b.put(key, b"x".to_vec(), "text/plain").await, Err(BlobError::InvalidKey)), "put accepted {key:?}");
        assert!(matches!(b.get(key).await, Err(BlobError::InvalidKey)), "get accepted {key:?}");
        assert!(matches!(b.delete(key).await, Err(BlobError::InvalidKey)), "delete accepted {key:?}");
    }
}

// ---------------------------------------------------------------- backends

mod embedded {
    use super::*;

    /// A fresh database in its own temp dir (kept alive as long as the table).
    pub(super) struct Fixture {
        pub table: SharedTable,
        _dir: tempfile::TempDir,
    }

    pub(super) fn fixture() -> Fixture {
        let dir = tempfile::tempdir().expect("temp dir");
        // A nested path: `open` creates the missing parents.
        let table = EmbeddedTable::open(&dir.path().join("data/store.redb")).expect("open embedded store");
        Fixture { table: Arc::new(table), _dir: dir }
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 4)]
    async fn survives_close_and_reopen() {
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("store.redb");
        {
            let t = EmbeddedTable::open(&path).unwrap();
            t.write(vec![put(item("p", "a", json!({"v": 1})), Condition::None)]).await.unwrap();
            assert_eq!(t.increment("c", "n", 7, None, None).await.unwrap(), Increment::Applied { count: 7 });
            // While open, a second handle on the same file is refused, not corrupting.
            assert!(matches!(EmbeddedTable::open(&path), Err(StoreError::Backend(_))));
        }
        let t = EmbeddedTable::open(&path).unwrap();
        assert_eq!(t.get("p", "a").await.unwrap(), Some(item("p", "a", json!({"v": 1}))));
        assert_eq!(t.counter("c", "n").await.unwrap(), 7);
        assert_eq!(t.increment("c", "n", 1, None, None).await.unwrap(), Increment::Applied { count: 8 });
    }

    #[tokio::test]
    async fn rejects_what_dynamodb_rejects() {
        let f = fixture();
        let too_many = (0..26).map(|i| put(item("p", &format!("{i}"), json!({})), Condition::None)).collect();
        assert!(matches!(f.table.write(too_many).await, Err(StoreError::Backend(_))));
        let twice = vec![put(item("p", "a", json!({})), Condition::None), delete("p", "a", Condition::None)];
        assert!(matches!(f.table.write(twice).await, Err(StoreError::Backend(_))));
        assert!(matches!(f.table.get("p", "").await, Err(StoreError::Backend(_))));
        assert_eq!(f.table.query("p", "", None).await.unwrap(), Vec::<Item>::new());
    }
}

#[cfg(feature = "aws")]
use crate::moto_env;

#[cfg(feature = "aws")]
mod moto {
    use super::moto_env::{endpoint, sdk_config, unique};
    use super::*;
    use shared::blob::s3::S3Blobs;
    use shared::store::dynamo::DynamoTable;

    pub(super) async fn dynamo(test: &str) -> Option<SharedTable> {
        let endpoint = endpoint(test)?;
        let client = aws_sdk_dynamodb::Client::new(&sdk_config(&endpoint).await);
        let table = DynamoTable::new(client, unique("conformance"));
        table.create_table_if_missing().await.expect("create DynamoDB table on moto");
        // Idempotent.
        table.create_table_if_missing().await.expect("create_table_if_missing twice");
        Some(Arc::new(table))
    }

    pub(super) async fn s3(test: &str) -> Option<S3Blobs> {
        let endpoint = endpoint(test)?;
        let config = aws_sdk_s3::config::Builder::from(&sdk_config(&endpoint).await).force_path_style(true).build();
        let blobs = S3Blobs::new(aws_sdk_s3::Client::from_conf(config), unique("conformance"));
        blobs.create_bucket_if_missing().await.expect("create S3 bucket on moto");
        blobs.create_bucket_if_missing().await.expect("create_bucket_if_missing twice");
        Some(blobs)
    }

    #[tokio::test]
    async fn dynamo_refuses_missing_table_as_backend_error() {
        let Some(endpoint) = endpoint("dynamo_refuses_missing_table_as_backend_error") else { return };
        let client = aws_sdk_dynamodb::Client::new(&sdk_config(&endpoint).await);
        let table = DynamoTable::new(client, unique("missing"));
        match table.get("p", "a").await {
            Err(StoreError::Backend(msg)) => assert!(msg.contains("ResourceNotFound"), "{msg}"),
            other => panic!("expected a backend error, got {other:?}"),
        }
    }
}

/// One `#[tokio::test]` per table case and backend.
macro_rules! table_cases {
    ($($case:ident),* $(,)?) => {
        mod embedded_table {
            $(
                #[tokio::test(flavor = "multi_thread", worker_threads = 4)]
                async fn $case() {
                    let f = super::embedded::fixture();
                    super::$case(&*f.table).await;
                }
            )*

            #[tokio::test(flavor = "multi_thread", worker_threads = 4)]
            async fn concurrent_increments() {
                let f = super::embedded::fixture();
                super::concurrent_increments(f.table.clone()).await;
            }

            #[tokio::test(flavor = "multi_thread", worker_threads = 4)]
            async fn direct_meter_is_exact() {
                let f = super::embedded::fixture();
                super::direct_meter_is_exact(f.table.clone()).await;
            }
        }

        #[cfg(feature = "aws")]
        mod dynamo_table {
            $(
                #[tokio::test(flavor = "multi_thread", worker_threads = 4)]
                async fn $case() {
                    let Some(t) = super::moto::dynamo(concat!("dynamo_table::", stringify!($case))).await else { return };
                    super::$case(&*t).await;
                }
            )*

            #[tokio::test(flavor = "multi_thread", worker_threads = 4)]
            async fn concurrent_increments() {
                let Some(t) = super::moto::dynamo("dynamo_table::concurrent_increments").await else { return };
                super::concurrent_increments(t).await;
            }

            #[tokio::test(flavor = "multi_thread", worker_threads = 4)]
            async fn direct_meter_is_exact() {
                let Some(t) = super::moto::dynamo("dynamo_table::direct_meter_is_exact").await else { return };
                super::direct_meter_is_exact(t).await;
            }
        }
    };
}

/// One `#[tokio::test]` per blob case and backend.
macro_rules! blob_cases {
    ($($case:ident),* $(,)?) => {
        mod fs_blobs {
            $(
                #[tokio::test]
                async fn $case() {
                    let dir = tempfile::tempdir().expect("temp dir");
                    let blobs = super::FsBlobs::new(dir.path().join("blobs"));
                    super::$case(&blobs).await;
                }
            )*
        }

        #[cfg(feature = "aws")]
        mod s3_blobs {
            $(
                #[tokio::test]
                async fn $case() {
                    let Some(b) = super::moto::s3(concat!("s3_blobs::", stringify!($case))).await else { return };
                    super::$case(&b).await;
                }
            )*
        }
    };
}

table_cases!(
    get_missing_and_present,
    put_overwrites,
    put_conditions,
    multi_op_write_is_atomic,
    delete_with_conditions,
    query_prefix_order_limit_isolation,
    query_paginates,
    increments,
    increments_all_or_nothing,
    get_many_in_order,
    counters_list_and_batched_adds,
    put_many_loads_in_batches,
);

blob_cases!(blob_roundtrip, blob_invalid_keys);

/// FsBlobs keeps everything inside its directory and leaves no temp files.
#[tokio::test]
async fn fs_blobs_stay_inside_their_directory() {
    let dir = tempfile::tempdir().expect("temp dir");
    let root = dir.path().join("blobs");
    let blobs = FsBlobs::new(&root);
    for i in 0..5 {
        blobs.put("a/b/c.bin", vec![i; 1000], "application/octet-stream").await.unwrap();
    }
    assert!(matches!(blobs.put("../outside", b"x".to_vec(), "text/plain").await, Err(BlobError::InvalidKey)));
    assert!(!dir.path().join("outside").exists());
    let names: Vec<_> = std::fs::read_dir(root.join("a/b")).unwrap().map(|e| e.unwrap().file_name()).collect();
    assert_eq!(names, ["c.bin"], "temp files left behind");
    assert_eq!(blobs.get("a/b/c.bin").await.unwrap().map(|b| b.bytes), Some(vec![4; 1000]));
}
