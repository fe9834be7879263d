//! Edge hits metered from a CloudFront standard log file: the fixture
//! `fixtures/cloudfront-standard-log.txt` is in CloudFront's format (the 33
//! fields of its `#Fields` line, tab-separated, URL-encoded query strings)
//! with hits, refresh hits, misses, errors, a 304, other paths, a POST, a
//! line without a token, tampered, foreign and expired tokens and a
//! truncated line; its tokens are signed here for this run ({{NAME}} in
//! the file). Gzipped as CloudFront delivers it, it must charge exactly the
//! expected units, on DynamoDB (moto) and on the embedded store, and a
//! second reading of the same file must charge nothing more.
#![cfg(feature = "aws")]

use std::io::Write;
use std::sync::Arc;

use serde_json::json;
use shared::cloudfront::logs;
use shared::metering::edge::{self, Charging, Skip};
use shared::metering::{DirectMeter, Meter, monthly_usage};
use shared::signing::{LinkError, LinkSigner, SigningKey};
use shared::store::SharedTable;

use crate::moto_env;

const FIXTURE: &str = include_str!("fixtures/cloudfront-standard-log.txt");

fn signer() -> LinkSigner {
    LinkSigner::new(&[SigningKey { id: "k2026".into(), secret: b"edge-metering-test-signing-secret".to_vec() }])
}

fn at(text: &str) -> i64 {
    chrono::DateTime::parse_from_rfc3339(text).expect("time").timestamp()
}

/// The fixture with its tokens signed: what CloudFront would have logged.
fn log_text() -> String {
    let ours = signer();
    let sign = |claims: serde_json::Value| ours.sign(&claims).expect("token");
    let far = at("2030-01-01T00:00:00Z");
    let a = sign(json!({ "o": "o1", "k": "k1", "exp": far, "c": { "t": "n" } }));
    let forged = {
        let parts: Vec<&str> = a.split('.').collect();
        use base64::Engine;
        let payload = base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(json!({ "o": "o2", "k": "k3", "exp": far }).to_string());
        format!("{}.{payload}.{}", parts[0], parts[2])
    };
    let stranger = LinkSigner::new(&[SigningKey { id: "other".into(), secret: b"someone-elses-signing-secret".to_vec() }])
        .sign(&json!({ "o": "o1", "k": "k1", "exp": far }))
        .expect("token");
    let tokens = [
        ("A", a),
        ("S", sign(json!({ "o": "o1", "k": "k2", "exp": far, "u": "s" }))),
        ("T_ENCODED", sign(json!({ "o": "o2", "k": "k3", "exp": far, "u": "s" })).replace('.', "%2E")),
        ("W", sign(json!({ "o": "o2", "w": "w1", "exp": far }))),
        // The hit of line 12 finished at 10:20:00, more than the minute an
        // answer may take after the token's expiry.
        ("EXPIRED", sign(json!({ "o": "o1", "k": "k1", "exp": at("2026-11-30T10:18:59Z") }))),
        // The hit of line 19 finished at 11:08:00, within that minute:
        // valid when CloudFront checked it, expired long before the reading.
        ("LAPSED", sign(json!({ "o": "o1", "k": "k1", "exp": at("2026-11-30T11:07:30Z") }))),
        ("FORGED", forged),
        ("STRANGER", stranger),
    ];
    let mut text = FIXTURE.to_owned();
    for (name, token) in tokens {
        text = text.replace(&format!("{{{{{name}}}}}"), &token);
    }
    assert!(!text.contains("{{"), "every placeholder replaced");
    text
}

fn gzip(text: &str) -> Vec<u8> {
    let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    encoder.write_all(text.as_bytes()).expect("gzip");
    encoder.finish().expect("gzip")
}

fn tally_of(compressed: &[u8]) -> edge::EdgeTally {
    edge::tally(logs::read_gzip(compressed), &signer()).expect("a readable log")
}

#[test]
fn the_fixture_tallies_hits_and_refresh_hits_with_valid_tokens_only() {
    let tally = tally_of(&gzip(&log_text()));
    let by = |org: &str, month: &str| -> Vec<(Option<String>, i64)> {
        tally
            .hits
            .get(&edge::Charged { organization_id: org.into(), month: month.into() })
            .map(|keys| keys.iter().map(|(k, n)| (k.clone(), *n)).collect())
            .unwrap_or_default()
    };
    assert_eq!(by("o1", "2026-11"), [(Some("k1".into()), 3), (Some("k2".into()), 1)]);
    assert_eq!(by("o1", "2026-12"), [(Some("k1".into()), 1)]);
    assert_eq!(by("o2", "2026-11"), [(None, 1), (Some("k3".into()), 1)]);
    assert_eq!(tally.hits.len(), 3);
    assert_eq!(tally.total_hits(), 7);
    let skipped: Vec<(Skip, u64)> = tally.skipped.iter().map(|(k, n)| (*k, *n)).collect();
    assert_eq!(
        skipped,
        [
            (Skip::NotALink, 3),
            (Skip::NotFromTheCache, 3),
            (Skip::NotSuccessful, 1),
            (Skip::NoToken, 1),
            (Skip::BadToken, 2),
            (Skip::AfterExpiry, 1),
            (Skip::Malformed, 1),
        ]
    );
    // The forged token (line 10) and the foreign one (line 11).
    assert_eq!(tally.bad_tokens, [(10, LinkError::BadSignature), (11, LinkError::UnknownKey)]);

    // Two gzip members, as concatenated files are, read as one file.
    let text = log_text();
    let (first, second) = text.split_at(text.find("\n2026-11-30\t11:00:00").expect("line 13"));
    let mut both = gzip(first);
    both.extend(gzip(second));
    assert_eq!(tally_of(&both), tally);
}

/// The units of `org` in `month`: (total, by key).
async fn usage(meter: &dyn Meter, org: &str, month: &str) -> (i64, Vec<(String, i64)>) {
    let usage = monthly_usage(meter, org, month).await.expect("usage");
    (usage.total, usage.by_key)
}

async fn charges_exactly_once(table: SharedTable) {
    let meter = DirectMeter::new(table);
    let tally = tally_of(&gzip(&log_text()));
    let log_id = "astro-cdn-logs/cloudfront/E2EXAMPLE.2026-11-30-10.abcd1234.gz";

    assert_eq!(edge::charge(&meter, log_id, &tally).await.expect("charged"), Charging { charged: 7, already_charged: 0 });
    let expected = [
        ("o1", "2026-11", (4, vec![("k1".to_owned(), 3), ("k2".to_owned(), 1)])),
        ("o1", "2026-12", (1, vec![("k1".to_owned(), 1)])),
        ("o2", "2026-11", (2, vec![("k3".to_owned(), 1)])),
    ];
    for (org, month, units) in &expected {
        assert_eq!(&usage(&meter, org, month).await, units, "{org} {month}");
    }

    // The same file delivered again: nothing more.
    assert_eq!(edge::charge(&meter, log_id, &tally).await.expect("charged"), Charging { charged: 0, already_charged: 7 });
    for (org, month, units) in &expected {
        assert_eq!(&usage(&meter, org, month).await, units, "{org} {month} after a second delivery");
    }

    // Another file with the same lines is other hits.
    let other = "astro-cdn-logs/cloudfront/E2EXAMPLE.2026-11-30-10.efgh5678.gz";
    assert_eq!(edge::charge(&meter, other, &tally).await.expect("charged").charged, 7);
    assert_eq!(usage(&meter, "o1", "2026-11").await.0, 8);
}

#[tokio::test]
async fn charges_once_on_dynamodb() {
    let Some(url) = moto_env::endpoint("charges_once_on_dynamodb") else { return };
    let client = aws_sdk_dynamodb::Client::new(&moto_env::sdk_config(&url).await);
    let table = shared::store::dynamo::DynamoTable::new(client, moto_env::unique("edge"));
    table.create_table_if_missing().await.expect("table on moto");
    charges_exactly_once(Arc::new(table)).await;
}

#[tokio::test]
async fn charges_once_on_the_embedded_store() {
    let dir = tempfile::tempdir().expect("temp dir");
    let table = shared::store::embedded::EmbeddedTable::open(&dir.path().join("t.redb")).expect("redb");
    charges_exactly_once(Arc::new(table)).await;
}

#[tokio::test]
async fn a_reading_stopped_half_way_is_completed_by_the_next() {
    let Some(url) = moto_env::endpoint("a_reading_stopped_half_way_is_completed_by_the_next") else { return };
    let client = aws_sdk_dynamodb::Client::new(&moto_env::sdk_config(&url).await);
    let table = shared::store::dynamo::DynamoTable::new(client, moto_env::unique("edge"));
    table.create_table_if_missing().await.expect("table on moto");
    let meter = DirectMeter::new(Arc::new(table));
    let full = tally_of(&gzip(&log_text()));
    let log_id = "logs/E2EXAMPLE.2026-11-30-11.0001.gz";

    // The first run got as far as o1's November before stopping.
    let mut first_part = full.clone();
    first_part.hits.retain(|charged, _| charged.organization_id == "o1" && charged.month == "2026-11");
    assert_eq!(edge::charge(&meter, log_id, &first_part).await.expect("charged").charged, 4);
    // The retry reads the whole file again: only the rest is added.
    assert_eq!(edge::charge(&meter, log_id, &full).await.expect("charged"), Charging { charged: 3, already_charged: 4 });
    assert_eq!(usage(&meter, "o1", "2026-11").await.0, 4);
    assert_eq!(usage(&meter, "o1", "2026-12").await.0, 1);
    assert_eq!(usage(&meter, "o2", "2026-11").await.0, 2);
}

#[tokio::test]
async fn many_keys_of_one_organization_are_charged_in_several_marked_writes() {
    let dir = tempfile::tempdir().expect("temp dir");
    let table = shared::store::embedded::EmbeddedTable::open(&dir.path().join("t.redb")).expect("redb");
    let meter = DirectMeter::new(Arc::new(table));
    let ours = signer();
    let header = FIXTURE.lines().take(2).collect::<Vec<_>>().join("\n");
    let template = FIXTURE.lines().nth(2).expect("a request line");
    // 60 keys, key i with i + 1 hits: more counters than one write takes.
    let mut text = header + "\n";
    for key in 0..60 {
        let token = ours.sign(&json!({ "o": "big", "k": format!("key{key:02}"), "exp": at("2030-01-01T00:00:00Z") })).expect("token");
        for _ in 0..=key {
            text.push_str(&template.replace("{{A}}", &token));
            text.push('\n');
        }
    }
    let tally = tally_of(&gzip(&text));
    let expected_total: i64 = (1..=60).sum();
    assert_eq!(tally.total_hits(), expected_total);
    assert_eq!(edge::charge(&meter, "logs/big.gz", &tally).await.expect("charged").charged, expected_total);
    assert_eq!(edge::charge(&meter, "logs/big.gz", &tally).await.expect("charged").already_charged, expected_total);
    let (total, by_key) = usage(&meter, "big", "2026-11").await;
    assert_eq!(total, expected_total);
    assert_eq!(by_key.len(), 60);
    assert!(by_key.iter().all(|(key, units)| *units == key[3..].parse::<i64>().expect("number") + 1), "{by_key:?}");
}
