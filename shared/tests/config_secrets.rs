//! Secrets given by ARN (what template.yaml passes on Lambda) are read from
//! Secrets Manager at start; secrets given by value (local runs, tests) still
//! win. Against the moto server of `make test` (infra/moto.sh).
#![cfg(feature = "aws")]

use std::collections::HashMap;

use shared::config::{Config, ConfigError};

use crate::moto_env;
#[path = "common/openssl.rs"]
mod openssl;

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
        ("URL_SIGNING_SECRET", "plain-value-of-enough-length"),
        // An ARN of no secret: reading it would fail the start.
        ("URL_SIGNING_SECRET_ARN", "arn:aws:secretsmanager:us-east-1:123456789012:secret:missing-AbCdEf"),
    ]);
    let config = Config::load_with(&vars, Some(&aws)).await.expect("config with the secret by value");
    assert_eq!(config.link_signing_keys[0].secret, b"plain-value-of-enough-length");
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

#[tokio::test]
async fn cloudfront_keys_and_the_origin_secret_come_by_arn_and_half_a_setup_stops_the_start() {
    let Some(url) = endpoint("cloudfront_keys_and_the_origin_secret_come_by_arn_and_half_a_setup_stops_the_start") else { return };
    let aws = sdk_config(&url).await;
    let pem = openssl::rsa_private_key_pem();
    let key_arn = create_secret(&aws, &pem).await;
    let origin_arn = create_secret(&aws, "origin-verify-secret-from-secrets-manager").await;
    let base =
        [("STORAGE_BACKEND", "aws"), ("TABLE_NAME", "t"), ("BUCKET_NAME", "b"), ("URL_SIGNING_SECRET", "plain-value-of-enough-length")];
    let with = |extra: &[(&'static str, &str)]| {
        let mut all: Vec<(&str, &str)> = base.to_vec();
        all.extend_from_slice(extra);
        lookup(&all)
    };

    let vars = with(&[
        ("CLOUDFRONT_DOMAIN", "cdn.example.com"),
        ("CLOUDFRONT_KEY_PAIR_ID", "K2JCJMDEHXQW5F"),
        ("CLOUDFRONT_PRIVATE_KEY_ARN", &key_arn),
        ("ORIGIN_VERIFY_SECRET_ARN", &origin_arn),
    ]);
    let config = Config::load_with(&vars, Some(&aws)).await.expect("CloudFront settings by ARN");
    let signer = config.cdn.signer.as_ref().expect("a CloudFront signer");
    assert_eq!((signer.domain(), signer.key_pair_id()), ("cdn.example.com", "K2JCJMDEHXQW5F"));
    let secret = config.cdn.origin_verify_secret.as_ref().expect("the origin secret");
    assert!(secret.matches(b"origin-verify-secret-from-secrets-manager"));
    let key_body = pem.lines().nth(1).expect("a line of the key");
    assert!(!format!("{:?}", config.cdn).contains(key_body), "the key is never in Debug");

    // Half a setup is refused at start, naming what is missing.
    let missing_id = with(&[("CLOUDFRONT_DOMAIN", "cdn.example.com"), ("CLOUDFRONT_PRIVATE_KEY_ARN", &key_arn)]);
    let error = Config::load_with(&missing_id, Some(&aws)).await.err().expect("no key pair id");
    assert!(matches!(error, ConfigError::Invalid { name: "CLOUDFRONT_KEY_PAIR_ID", .. }), "{error}");
    assert!(!error.to_string().contains(key_body));
    let missing_key = with(&[("CLOUDFRONT_DOMAIN", "cdn.example.com"), ("CLOUDFRONT_KEY_PAIR_ID", "K2JCJMDEHXQW5F")]);
    let error = Config::load_with(&missing_key, Some(&aws)).await.err().expect("no key");
    assert!(matches!(error, ConfigError::Invalid { name: "CLOUDFRONT_PRIVATE_KEY", .. }), "{error}");
    assert!(error.to_string().contains("CLOUDFRONT_PRIVATE_KEY_ARN"), "{error}");
    let secret_alone = with(&[("ORIGIN_VERIFY_SECRET_ARN", &origin_arn)]);
    let error = Config::load_with(&secret_alone, Some(&aws)).await.err().expect("an origin secret without links through CloudFront");
    assert!(matches!(error, ConfigError::Invalid { name: "ORIGIN_VERIFY_SECRET", .. }), "{error}");
    assert!(!error.to_string().contains("origin-verify-secret-from"));

    // A secret that is not a key is refused without being quoted.
    let not_a_key_arn = create_secret(&aws, "-----BEGIN PRIVATE KEY-----\nNOTAKEYATALL\n-----END PRIVATE KEY-----").await;
    let vars = with(&[
        ("CLOUDFRONT_DOMAIN", "cdn.example.com"),
        ("CLOUDFRONT_KEY_PAIR_ID", "K2JCJMDEHXQW5F"),
        ("CLOUDFRONT_PRIVATE_KEY_ARN", &not_a_key_arn),
    ]);
    let error = Config::load_with(&vars, Some(&aws)).await.err().expect("not a key");
    assert!(matches!(error, ConfigError::Invalid { name: "CLOUDFRONT_PRIVATE_KEY", .. }), "{error}");
    assert!(!error.to_string().contains("NOTAKEYATALL"), "{error}");
}
