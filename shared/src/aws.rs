//! The one AWS SDK configuration every client is built from (DynamoDB, S3,
//! Secrets Manager): the SDK's defaults from the environment, bounded by
//! [`AwsCallLimits`]. The SDK's own defaults have no read or operation
//! timeout: a DynamoDB that accepts connections but stops answering (a
//! partition, a stalled endpoint) would hold a request for ever.
//!
//! With the limits, each call fails within `operation` (default 5 s), each
//! attempt within `attempt` (2 s; a timed-out attempt's connection is
//! dropped, not returned to the pool), and a connection is made within
//! `connect` (1 s). Retries are the SDK's standard mode: at most
//! `max_attempts` tries with jittered backoff, and a client-wide retry
//! budget that stops retrying while most calls fail. There is no circuit
//! breaker: the first call after the service answers again succeeds.

#[cfg(feature = "aws")]
use aws_config::retry::RetryConfig;
#[cfg(feature = "aws")]
use aws_config::timeout::TimeoutConfig;
#[cfg(feature = "aws")]
use aws_config::{BehaviorVersion, ConfigLoader, SdkConfig};

/// The bounds every AWS SDK client gets (see `sdk_config`): without them
/// the SDK waits for a stalled service for ever, and on Lambda one hung call
/// burns the function's whole timeout.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AwsCallLimits {
    /// Establishing a connection (TCP and TLS).
    pub connect: std::time::Duration,
    /// One attempt: sending the request and reading the whole answer.
    pub attempt: std::time::Duration,
    /// The whole call, retries and their backoff included: the longest a
    /// request waits on one AWS call.
    pub operation: std::time::Duration,
    /// Attempts per call, the first included (the SDK's standard retry mode).
    pub max_attempts: u32,
}

impl Default for AwsCallLimits {
    fn default() -> Self {
        Self {
            connect: std::time::Duration::from_millis(1_000),
            attempt: std::time::Duration::from_millis(2_000),
            operation: std::time::Duration::from_millis(5_000),
            max_attempts: 3,
        }
    }
}

#[cfg(feature = "aws")]
/// The SDK's configuration from the environment (region, credentials,
/// `AWS_ENDPOINT_URL`), with `limits` on every call.
pub async fn sdk_config(limits: &AwsCallLimits) -> SdkConfig {
    bounded(aws_config::defaults(BehaviorVersion::latest()), limits).load().await
}

#[cfg(feature = "aws")]
/// `loader` with `limits` on every call: for a configuration made
/// elsewhere (tests give their endpoint and credentials).
pub fn bounded(loader: ConfigLoader, limits: &AwsCallLimits) -> ConfigLoader {
    loader
        .timeout_config(
            TimeoutConfig::builder()
                .connect_timeout(limits.connect)
                .operation_attempt_timeout(limits.attempt)
                .operation_timeout(limits.operation)
                .build(),
        )
        .retry_config(RetryConfig::standard().with_max_attempts(limits.max_attempts))
}

#[cfg(all(test, feature = "aws"))]
mod tests {
    use super::*;

    #[tokio::test]
    async fn every_client_gets_the_limits() {
        let limits = AwsCallLimits::default();
        let config = bounded(aws_config::defaults(BehaviorVersion::latest()).region(aws_config::Region::new("eu-west-1")), &limits)
            .no_credentials()
            .load()
            .await;
        let timeouts = config.timeout_config().expect("timeouts set");
        assert_eq!(timeouts.connect_timeout(), Some(limits.connect));
        assert_eq!(timeouts.operation_attempt_timeout(), Some(limits.attempt));
        assert_eq!(timeouts.operation_timeout(), Some(limits.operation));
        assert_eq!(config.retry_config().map(RetryConfig::max_attempts), Some(3));
        // A client built from it keeps them.
        let dynamodb = aws_sdk_dynamodb::config::Builder::from(&config).build();
        assert_eq!(dynamodb.timeout_config().and_then(|t| t.operation_timeout()), Some(limits.operation));
    }
}
