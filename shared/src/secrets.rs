//! Secrets read from AWS Secrets Manager at start (see [`crate::config`]).

use std::collections::HashMap;

use aws_sdk_secretsmanager::Client;
use aws_sdk_secretsmanager::error::{DisplayErrorContext, ProvideErrorMetadata};

use crate::config::ConfigError;

/// A secret to read: the variable it stands for, and its ARN with the
/// variable that gave it.
pub struct Wanted {
    pub name: &'static str,
    pub arn_variable: &'static str,
    pub arn: String,
}

/// The string value of each wanted secret, keyed by its variable. Errors
/// name the ARN variable and the service's error code, never a value.
pub async fn fetch(aws: &aws_config::SdkConfig, wanted: Vec<Wanted>) -> Result<HashMap<&'static str, String>, ConfigError> {
    let client = Client::new(aws);
    let mut tasks = tokio::task::JoinSet::new();
    for Wanted { name, arn_variable, arn } in wanted {
        let client = client.clone();
        tasks.spawn(async move { (name, arn_variable, client.get_secret_value().secret_id(arn).send().await) });
    }
    let mut values = HashMap::new();
    while let Some(joined) = tasks.join_next().await {
        let (name, arn_variable, answer) = joined.map_err(|e| ConfigError::Invalid { name: "secrets", reason: e.to_string() })?;
        let output = answer.map_err(|e| {
            let reason = match e.as_service_error() {
                Some(service) => format!("Secrets Manager: {}", service.code().unwrap_or("error")),
                None => format!("Secrets Manager unreachable: {}", DisplayErrorContext(&e)),
            };
            ConfigError::Invalid { name: arn_variable, reason }
        })?;
        let value = output
            .secret_string()
            .filter(|v| !v.trim().is_empty())
            .ok_or(ConfigError::Invalid { name: arn_variable, reason: "the secret has no (non-empty) string value".into() })?;
        values.insert(name, value.to_owned());
    }
    Ok(values)
}
