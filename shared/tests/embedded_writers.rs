//! Many writes at once on the embedded store wait their turn as tasks, not
//! each on its own blocking thread: redb runs one write transaction at a
//! time, and a thread parked in `begin_write` per waiting write (500 chat
//! answers ending together) took ~400 threads and ~50 MB until they retired.
//! Its own test binary: it counts the process's threads.
#![cfg(feature = "services")]

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::Duration;

use serde_json::{Map, json};
use shared::store::embedded::EmbeddedTable;
use shared::store::{Condition, Item, Table, WriteOp};

fn threads() -> usize {
    let status = std::fs::read_to_string("/proc/self/status").expect("/proc/self/status");
    status.lines().find_map(|line| line.strip_prefix("Threads:")).and_then(|n| n.trim().parse().ok()).expect("Threads: line")
}

#[test]
fn three_hundred_writes_at_once_use_a_few_threads() {
    let runtime = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build().unwrap();
    let dir = tempfile::tempdir().unwrap();
    let table = Arc::new(EmbeddedTable::open(&dir.path().join("store.redb")).unwrap());
    let before = threads();
    let peak = Arc::new(AtomicUsize::new(before));
    let writing = Arc::new(AtomicBool::new(true));
    let sampler = {
        let (peak, writing) = (peak.clone(), writing.clone());
        std::thread::spawn(move || {
            while writing.load(Ordering::SeqCst) {
                peak.fetch_max(threads(), Ordering::SeqCst);
                std::thread::sleep(Duration::from_millis(1));
            }
        })
    };
    runtime.block_on(async {
        let writes = (0..300).map(|i| {
            let table = table.clone();
            tokio::spawn(async move {
                let mut attrs = Map::new();
                attrs.insert("text".into(), json!("x".repeat(2000)));
                let item = Item::new(format!("CONV#{i}"), "META", attrs);
                table.write(vec![WriteOp::Put { item, condition: Condition::None }]).await
            })
        });
        for write in futures_util::future::join_all(writes).await {
            write.unwrap().unwrap();
        }
    });
    writing.store(false, Ordering::SeqCst);
    sampler.join().unwrap();
    let runtime_and_sampler = 2 + 1 + 1;
    let grown = peak.load(Ordering::SeqCst) - before;
    assert!(grown <= runtime_and_sampler + 4, "300 concurrent writes grew the process by {grown} threads");
    let stored = runtime.block_on(table.query("CONV#299", "", None)).unwrap();
    assert_eq!(stored.len(), 1);
}
