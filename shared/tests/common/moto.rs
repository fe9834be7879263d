//! The moto server both conformance suites run their DynamoDB (and S3)
//! cases against: `$MOTO_ENDPOINT`, started by `infra/moto.sh`.

use aws_config::BehaviorVersion;
use aws_sdk_dynamodb::config::Credentials;

/// The moto endpoint, or `None` (after a notice) when the AWS cases should
/// be skipped. Panics, failing the test, when moto is required
/// (`REQUIRE_MOTO=1` or `CI=true`).
pub fn endpoint(test: &str) -> Option<String> {
    if let Some(url) = std::env::var("MOTO_ENDPOINT").ok().filter(|u| !u.trim().is_empty()) {
        return Some(url);
    }
    let required = std::env::var("REQUIRE_MOTO").is_ok_and(|v| v == "1") || std::env::var("CI").is_ok_and(|v| v == "true");
    assert!(
        !required,
        "{test}: MOTO_ENDPOINT is not set, but the DynamoDB/S3 conformance tests are required (REQUIRE_MOTO=1 or CI=true). \
         Start moto with `infra/moto.sh start` and run with MOTO_ENDPOINT=$(infra/moto.sh url)."
    );
    eprintln!("notice: {test} skipped: MOTO_ENDPOINT is not set (start moto with `infra/moto.sh start`)");
    None
}

pub async fn sdk_config(endpoint: &str) -> aws_config::SdkConfig {
    aws_config::defaults(BehaviorVersion::latest())
        .endpoint_url(endpoint)
        .region("us-east-1")
        .credentials_provider(Credentials::new("test", "test", None, None, "static"))
        .load()
        .await
}

/// A name no other test uses: every test gets its own table or bucket.
pub fn unique(prefix: &str) -> String {
    format!("{prefix}-{}", uuid::Uuid::new_v4().simple())
}
