//! Secrets read from AWS Secrets Manager at start. The configuration
//! (`crate::config`) says which; this module knows nothing of it.

use std::collections::HashMap;

use aws_sdk_secretsmanager::Client;
use aws_sdk_secretsmanager::error::{DisplayErrorContext, ProvideErrorMetadata};

/// A secret that could not be read: the variable that named it (its ARN
/// variable) and why, never a value.
#[derive(Debug, thiserror::Error)]
#[error("{variable} is invalid: {reason}")]
pub struct SecretError {
    pub variable: &'static str,
    pub reason: String,
}

/// A secret to read: the variable it stands for, and its ARN with the
/// variable that gave it.
pub struct Wanted {
    pub name: &'static str,
    pub arn_variable: &'static str,
    pub arn: String,
}

/// The string value of each wanted secret, keyed by its variable. Errors
/// name the ARN variable and the service's error code, never a value.
pub async fn fetch(aws: &aws_config::SdkConfig, wanted: Vec<Wanted>) -> Result<HashMap<&'static str, String>, SecretError> {
    let client = Client::new(aws);
    let mut tasks = tokio::task::JoinSet::new();
    for Wanted { name, arn_variable, arn } in wanted {
        let client = client.clone();
        tasks.spawn(async move { (name, arn_variable, client.get_secret_value().secret_id(arn).send().await) });
    }
    let mut values = HashMap::new();
    while let Some(joined) = tasks.join_next().await {
        let (name, arn_variable, answer) = joined.map_err(|e| SecretError { variable: "secrets", reason: e.to_string() })?;
        let output = answer.map_err(|e| {
            let reason = match e.as_service_error() {
                Some(service) => format!("Secrets Manager: {}", service.code().unwrap_or("error")),
                None => format!("Secrets Manager unreachable: {}", DisplayErrorContext(&e)),
            };
            SecretError { variable: arn_variable, reason }
        })?;
        let value = output
            .secret_string()
            .filter(|v| !v.trim().is_empty())
            .ok_or(SecretError { variable: arn_variable, reason: "the secret has no (non-empty) string value".into() })?;
        values.insert(name, value.to_owned());
    }
    Ok(values)
}
