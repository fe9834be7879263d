//! The function as S3 invokes it: an `ObjectCreated` notification (AWS's
//! event format) naming a gzipped CloudFront log file in a bucket, on moto
//! (S3 and DynamoDB). The hits are charged once, however often the
//! notification comes; a file that is not a log is left without failing.

use std::io::Write;
use std::sync::Arc;

use aws_lambda_events::event::s3::S3Event;
use edge_metering::{EdgeMetering, Report};
use serde_json::json;
use shared::metering::{DirectMeter, Meter, monthly_usage};
use shared::signing::{LinkSigner, SigningKey};

#[path = "../../../shared/tests/common/moto.rs"]
mod moto_env;

const FIXTURE: &str = include_str!("../../../shared/tests/fixtures/cloudfront-standard-log.txt");

fn keys() -> Vec<SigningKey> {
    vec![SigningKey { id: "k2026".into(), secret: b"edge-metering-test-signing-secret".to_vec() }]
}

/// The fixture's header and its first two requests (a hit and a png hit
/// of link A) and its miss, with A signed for org `o1`, key `k1`.
fn log_file() -> Vec<u8> {
    let exp = chrono::DateTime::parse_from_rfc3339("2030-01-01T00:00:00Z").expect("time").timestamp();
    let token = LinkSigner::new(&keys()).sign(&json!({ "o": "o1", "k": "k1", "exp": exp })).expect("token");
    let lines: Vec<&str> = FIXTURE.lines().collect();
    let text = [lines[0], lines[1], lines[2], lines[3], lines[5]].join("\n").replace("{{A}}", &token) + "\n";
    let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    encoder.write_all(text.as_bytes()).expect("gzip");
    encoder.finish().expect("gzip")
}

/// An S3 notification as AWS sends it (its documented example, our names).
fn notification(bucket: &str, keys: &[&str]) -> S3Event {
    let records: Vec<serde_json::Value> = keys
        .iter()
        .map(|key| {
            json!({
                "eventVersion": "2.1",
                "eventSource": "aws:s3",
                "awsRegion": "us-east-1",
                "eventTime": "2026-11-30T11:05:12.345Z",
                "eventName": "ObjectCreated:Put",
                "userIdentity": { "principalId": "AWS:AROAEXAMPLE" },
                "requestParameters": { "sourceIPAddress": "192.0.2.1" },
                "responseElements": { "x-amz-request-id": "C3D13FE58DE4C810", "x-amz-id-2": "FMyUVURIY8/IgAtTv8xRjskZQpcIZ9KG4V5Wp6S7S/JRWeUWerMUE5JgHvANOjpD" },
                "s3": {
                    "s3SchemaVersion": "1.0",
                    "configurationId": "edge-metering",
                    "bucket": { "name": bucket, "ownerIdentity": { "principalId": "A3NL1KOZZKExample" }, "arn": format!("arn:aws:s3:::{bucket}") },
                    "object": { "key": key, "size": 1024, "eTag": "d41d8cd98f00b204e9800998ecf8427e", "sequencer": "0055AED6DCD90281E5" }
                }
            })
        })
        .collect();
    serde_json::from_value(json!({ "Records": records })).expect("AWS's S3 event format")
}

#[tokio::test]
async fn a_log_file_notified_twice_is_charged_once() {
    let Some(url) = moto_env::endpoint("a_log_file_notified_twice_is_charged_once") else { return };
    let aws = moto_env::sdk_config(&url).await;
    let s3 = aws_sdk_s3::Client::from_conf(aws_sdk_s3::config::Builder::from(&aws).force_path_style(true).build());
    let bucket = moto_env::unique("cdn-logs");
    s3.create_bucket().bucket(&bucket).send().await.expect("bucket on moto");
    // A key as CloudFront names it, in a prefix with a space (S3 notifies it as `+`).
    let key = "cloudfront logs/E2EXAMPLE.2026-11-30-10.a1b2c3d4.gz";
    s3.put_object().bucket(&bucket).key(key).body(log_file().into()).send().await.expect("log file");
    s3.put_object().bucket(&bucket).key("cloudfront logs/readme.gz").body(b"not a log".to_vec().into()).send().await.expect("other");

    let table = shared::store::dynamo::DynamoTable::new(aws_sdk_dynamodb::Client::new(&aws), moto_env::unique("edge"));
    table.create_table_if_missing().await.expect("table on moto");
    let table: shared::store::SharedTable = Arc::new(table);
    let metering = EdgeMetering::with(s3, Box::new(DirectMeter::new(table.clone())), &keys());

    let notified = "cloudfront+logs/E2EXAMPLE.2026-11-30-10.a1b2c3d4.gz";
    let first = metering.handle(notification(&bucket, &[notified, "cloudfront+logs/readme.gz"])).await.expect("metered");
    assert_eq!(first, Report { files: 2, charged: 2, already_charged: 0, unreadable: 1 });
    let again = metering.handle(notification(&bucket, &[notified])).await.expect("metered");
    assert_eq!(again, Report { files: 1, charged: 0, already_charged: 2, unreadable: 0 });

    let usage = monthly_usage(&DirectMeter::new(table) as &dyn Meter, "o1", "2026-11").await.expect("usage");
    assert_eq!((usage.total, usage.by_key), (2, vec![("k1".to_owned(), 2)]));

    // A file that is not there fails the invocation, for Lambda to retry.
    let missing = metering.handle(notification(&bucket, &["cloudfront+logs/missing.gz"])).await;
    assert!(matches!(missing, Err(edge_metering::EdgeMeteringError::Read { .. })), "{missing:?}");
}

#[test]
fn notified_keys_are_url_decoded() {
    assert_eq!(edge_metering::object_key("cloudfront+logs/E2.2026-11-30-10.a%3Db.gz"), "cloudfront logs/E2.2026-11-30-10.a=b.gz");
}
