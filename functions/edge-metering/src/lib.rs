//! Edge metering: each CloudFront standard log file delivered to the log
//! bucket (an S3 `ObjectCreated` notification) is read once, and the signed
//! links CloudFront answered from its cache are charged to the organization
//! and key each link names (`shared::metering::edge`, which documents what
//! counts and why a file read twice is charged once).
//!
//! A file that is not a CloudFront log is logged and left: reading it again
//! would not help. A storage or S3 failure fails the invocation, so Lambda
//! retries it; the writes made before the failure are marked and not
//! repeated.

use aws_lambda_events::event::s3::S3Event;
use serde::Serialize;
use shared::cloudfront::logs;
use shared::config::{Config, StorageConfig};
use shared::metering::edge::{self, Skip};
use shared::metering::{DirectMeter, Meter};
use shared::signing::LinkSigner;
use shared::store::StoreError;

/// At most this many refused tokens are logged per file (each with its
/// line): enough to find them in the file, not a flood.
const BAD_TOKENS_LOGGED: usize = 20;

#[derive(Debug, thiserror::Error)]
pub enum EdgeMeteringError {
    #[error("edge metering charges DynamoDB counters: STORAGE_BACKEND must be aws")]
    NotOnAws,
    #[error("an S3 notification without a bucket or key")]
    IncompleteRecord,
    #[error("reading s3://{bucket}/{key}: {reason}")]
    Read { bucket: String, key: String, reason: String },
    #[error("charging s3://{bucket}/{key}: {source}")]
    Charge { bucket: String, key: String, source: StoreError },
}

/// What one invocation did (the function's response, for whoever invokes
/// it by hand).
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Report {
    pub files: usize,
    pub charged: i64,
    pub already_charged: i64,
    /// Files that are not CloudFront logs (logged, not retried).
    pub unreadable: usize,
}

pub struct EdgeMetering {
    s3: aws_sdk_s3::Client,
    meter: Box<dyn Meter>,
    signer: LinkSigner,
}

impl EdgeMetering {
    /// From the functions' configuration: the table of `TABLE_NAME` (every
    /// charge one conditional write, as the API's functions charge) and the
    /// link-signing keys that verify the tokens in the logs.
    pub fn new(config: &Config, aws: &aws_config::SdkConfig) -> Result<Self, EdgeMeteringError> {
        let StorageConfig::Aws { table, .. } = &config.storage else { return Err(EdgeMeteringError::NotOnAws) };
        let table = shared::store::dynamo::DynamoTable::new(aws_sdk_dynamodb::Client::new(aws), table.clone());
        // Path-style addressing for a local endpoint (moto), as AppState does.
        let s3_config = aws_sdk_s3::config::Builder::from(aws).force_path_style(std::env::var("AWS_ENDPOINT_URL").is_ok()).build();
        Ok(Self::with(
            aws_sdk_s3::Client::from_conf(s3_config),
            Box::new(DirectMeter::new(std::sync::Arc::new(table))),
            &config.link_signing_keys,
        ))
    }

    pub fn with(s3: aws_sdk_s3::Client, meter: Box<dyn Meter>, keys: &[shared::signing::SigningKey]) -> Self {
        Self { s3, meter, signer: LinkSigner::new(keys) }
    }

    /// Meters every log file the notification names; fails (for a retry)
    /// when one could not be read or charged, after trying all of them.
    pub async fn handle(&self, event: S3Event) -> Result<Report, EdgeMeteringError> {
        let mut report = Report::default();
        let mut failure = None;
        for record in event.records {
            let (Some(bucket), Some(key)) = (record.s3.bucket.name, record.s3.object.key) else {
                tracing::error!("an S3 notification record without a bucket or key");
                failure.get_or_insert(EdgeMeteringError::IncompleteRecord);
                continue;
            };
            let key = object_key(&key);
            match self.meter_file(&bucket, &key).await {
                Ok(Some(charging)) => {
                    report.files += 1;
                    report.charged += charging.charged;
                    report.already_charged += charging.already_charged;
                }
                Ok(None) => {
                    report.files += 1;
                    report.unreadable += 1;
                }
                Err(error) => {
                    tracing::error!(%error, "edge metering failed; the invocation is retried");
                    failure.get_or_insert(error);
                }
            }
        }
        match failure {
            Some(error) => Err(error),
            None => Ok(report),
        }
    }

    /// Charges one log file; `None` when it is not a CloudFront log.
    async fn meter_file(&self, bucket: &str, key: &str) -> Result<Option<edge::Charging>, EdgeMeteringError> {
        let read_error = |reason: String| EdgeMeteringError::Read { bucket: bucket.to_owned(), key: key.to_owned(), reason };
        let object = self
            .s3
            .get_object()
            .bucket(bucket)
            .key(key)
            .send()
            .await
            .map_err(|e| read_error(aws_sdk_s3::error::DisplayErrorContext(&e).to_string()))?;
        let compressed = object.body.collect().await.map_err(|e| read_error(e.to_string()))?.into_bytes();
        let tally = match edge::tally(logs::read_gzip(compressed.as_ref()), &self.signer) {
            Ok(tally) => tally,
            Err(error) => {
                tracing::error!(bucket, key, %error, "not a CloudFront standard log file: nothing charged");
                return Ok(None);
            }
        };
        for (line, error) in tally.bad_tokens.iter().take(BAD_TOKENS_LOGGED) {
            tracing::warn!(bucket, key, line, %error, "a link token in the log does not verify: its hit is not charged");
        }
        let log_id = format!("{bucket}/{key}");
        let charging = edge::charge(self.meter.as_ref(), &log_id, &tally).await.map_err(|source| EdgeMeteringError::Charge {
            bucket: bucket.to_owned(),
            key: key.to_owned(),
            source,
        })?;
        let skipped = |why: Skip| tally.skipped.get(&why).copied().unwrap_or_default();
        tracing::info!(
            bucket,
            key,
            hits = tally.total_hits(),
            charged = charging.charged,
            already_charged = charging.already_charged,
            organizations = tally.hits.len(),
            not_from_the_cache = skipped(Skip::NotFromTheCache),
            not_a_link = skipped(Skip::NotALink),
            bad_tokens = skipped(Skip::BadToken),
            malformed = skipped(Skip::Malformed),
            "edge hits metered"
        );
        Ok(Some(charging))
    }
}

/// The object key of an S3 notification, which S3 sends URL-encoded (a
/// space as `+`).
pub fn object_key(notified: &str) -> String {
    form_urlencoded::parse(format!("k={notified}").as_bytes()).next().map(|(_, key)| key.into_owned()).unwrap_or_default()
}
