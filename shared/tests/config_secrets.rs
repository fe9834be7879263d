//! Secrets given by ARN (what template.yaml passes on Lambda) are read from
//! Secrets Manager at start; secrets given by value (local runs, tests) still
//! win. Against the moto server of `make test` (infra/moto.sh).
#![cfg(feature = "aws")]

use std::collections::HashMap;

use shared::config::{Config, ConfigError};

#[path = "common/moto.rs"]
mod moto_env;

use moto_env::{endpoint, sdk_config, unique};

fn lookup(vars: &[(&str, &str)]) -> impl Fn(&str) -> Option<String> + Sync + use<> {
    let vars: HashMap<String, String> = vars.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
    move |name| vars.get(name).cloned()
}

async fn create_secret(aws: &aws_config::SdkConfig, value: &str) -> String {
    let client = aws_sdk_secretsmanager::Client::new(aws);
    let created = client.create_secret().name(unique("secret")).secret_string(value).send().await.expect("create a secret on moto");
    created.arn().expect("the new secret's ARN").to_owned()
}

#[tokio::test]
async fn secrets_given_by_arn_are_read_from_secrets_manager_at_start() {
    let Some(url) = endpoint("secrets_given_by_arn_are_read_from_secrets_manager_at_start") else { return };
    let aws = sdk_config(&url).await;
    let signing_arn = create_secret(&aws, "signing-secret-from-secrets-manager").await;
    let jwt_arn = create_secret(&aws, "jwt-secret-from-secrets-manager-000").await;
    let vars = lookup(&[
        ("STORAGE_BACKEND", "aws"),
        ("TABLE_NAME", "t"),
        ("BUCKET_NAME", "b"),
        ("URL_SIGNING_SECRET_ARN", &signing_arn),
        ("JWT_HS256_SECRET_ARN", &jwt_arn),
    ]);
    let config = Config::load_with(&vars, Some(&aws)).await.expect("config with secrets by ARN");
    assert_eq!(config.link_signing_keys[0].secret, b"signing-secret-from-secrets-manager");
    let jwt = config.jwt.expect("a JWT key from its ARN");
    assert!(matches!(jwt.key, shared::auth::jwt::JwtKey::Hs256(ref k) if k == b"jwt-secret-from-secrets-manager-000"));
}

#[tokio::test]
async fn a_secret_given_by_value_wins_over_its_arn_and_needs_no_call() {
    let Some(url) = endpoint("a_secret_given_by_value_wins_over_its_arn_and_needs_no_call") else { return };
    let aws = sdk_config(&url).await;
    let vars = lookup(&[
        ("STORAGE_BACKEND", "aws"),
        ("TABLE_NAME", "t"),
        ("BUCKET_NAME", "b"),
        ("URL_SIGNING_SECRET", "plain-value"),
        // An ARN of no secret: reading it would fail the start.
        ("URL_SIGNING_SECRET_ARN", "arn:aws:secretsmanager:us-east-1:123456789012:secret:missing-AbCdEf"),
    ]);
    let config = Config::load_with(&vars, Some(&aws)).await.expect("config with the secret by value");
    assert_eq!(config.link_signing_keys[0].secret, b"plain-value");
}

#[tokio::test]
async fn a_secret_that_cannot_be_read_stops_the_start_naming_the_variable_not_the_value() {
    let Some(url) = endpoint("a_secret_that_cannot_be_read_stops_the_start_naming_the_variable_not_the_value") else { return };
    let aws = sdk_config(&url).await;
    let vars = lookup(&[
        ("STORAGE_BACKEND", "aws"),
        ("TABLE_NAME", "t"),
        ("BUCKET_NAME", "b"),
        ("URL_SIGNING_SECRET_ARN", "arn:aws:secretsmanager:us-east-1:123456789012:secret:missing-AbCdEf"),
    ]);
    let error = Config::load_with(&vars, Some(&aws)).await.err().expect("a missing secret is an error");
    assert!(matches!(error, ConfigError::Invalid { name: "URL_SIGNING_SECRET_ARN", .. }), "{error}");
    assert!(error.to_string().contains("ResourceNotFoundException"), "{error}");
}
