//! Configuration, from environment variables only (12-factor; the SAM
//! template sets them on Lambda). Every variable is listed in the README.
//!
//! A secret (`URL_SIGNING_SECRET`, `JWT_HS256_SECRET`,
//! `CLOUDFRONT_PRIVATE_KEY`, `ORIGIN_VERIFY_SECRET`) is its variable's
//! value, or, when that is unset, the Secrets Manager secret whose ARN is in
//! `<NAME>_ARN`, read once at start by [`Config::load`]. On Lambda the
//! template passes only ARNs, so no secret sits in the function's
//! configuration; locally and in tests the plain variables still work.

use std::path::{Path, PathBuf};

use crate::auth::jwt::{DEFAULT_MAX_LIFETIME_SECONDS, JwtKey, MIN_HS256_SECRET_BYTES};
pub use crate::aws::AwsCallLimits;
use crate::cloudfront::CdnConfig;
use crate::signing::{DEFAULT_KEY_ID, SigningKey};

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StorageConfig {
    /// redb file and a blob directory under `data_dir`.
    Embedded { data_dir: PathBuf },
    /// DynamoDB table and S3 bucket (endpoint from the AWS SDK's own
    /// variables, e.g. `AWS_ENDPOINT_URL` for a local moto server).
    Aws { table: String, bucket: String },
}

#[derive(Clone)]
pub struct JwtSettings {
    pub key: JwtKey,
    pub issuer: String,
    pub audience: String,
    /// The longest a token may live, `exp - iat` (or `exp - now` without
    /// `iat`): `JWT_MAX_LIFETIME_SECONDS`, 60 to 30 days, default a day.
    pub max_lifetime_seconds: i64,
}

#[derive(Clone)]
pub struct Config {
    pub storage: StorageConfig,
    pub ephemeris_extra_dir: Option<PathBuf>,
    /// Base of absolute links (`https://api.example.com`); when unset, links
    /// are built from the request's Host header.
    pub public_base_url: Option<String>,
    /// Link-signing keys (chart image links): the first signs, all verify.
    pub link_signing_keys: Vec<SigningKey>,
    pub jwt: Option<JwtSettings>,
    pub max_body_bytes: usize,
    pub chart_link_ttl_seconds: i64,
    /// How long a PDF report's download link works (S3 pre-signed URL or
    /// the signed local link).
    pub report_link_ttl_seconds: i64,
    /// How often the embedded backend writes usage counters to disk: the
    /// most a crash can leave uncounted (see `metering::meter`).
    pub meter_flush_interval_ms: u64,
    /// The language model that writes AI summaries; the built-in writer
    /// when unset (and whenever the model fails).
    #[cfg(feature = "llm")]
    pub language_model: Option<crate::llm::LlmSettings>,
    /// CloudFront signed links and origin protection (`CLOUDFRONT_*`,
    /// `ORIGIN_VERIFY_SECRET`); the default is neither.
    pub cdn: CdnConfig,
    /// Requests per UTC minute through a widget's public routes
    /// (`WIDGET_REQUESTS_PER_MINUTE`, `WIDGET_CLIENT_REQUESTS_PER_MINUTE`).
    pub widget_limits: crate::metering::WidgetLimits,
    /// Place look-ups per UTC minute from one client address through one
    /// widget (`WIDGET_CLIENT_PLACE_LOOKUPS_PER_MINUTE`, default 60): a
    /// window of their own, so typing a town leaves the visitor's chart
    /// requests alone; they also count in the widget's window.
    pub widget_place_lookups: u32,
    /// Chat messages per UTC minute per chatbot and per user
    /// (`CHAT_REQUESTS_PER_MINUTE`, `CHAT_USER_REQUESTS_PER_MINUTE`).
    pub chat_limits: crate::metering::WidgetLimits,
    /// How long a chat stream may stay silent before a `: keep-alive`
    /// comment (`CHAT_HEARTBEAT_MS`, 100–60,000, default 15,000): shorter
    /// behind a proxy that closes idle connections sooner.
    pub chat_heartbeat: std::time::Duration,
    /// Proxies whose `X-Forwarded-For` entries are believed
    /// (`TRUSTED_PROXIES`: addresses or networks, comma-separated; none by
    /// default, loopback included). CloudFront needs no entry: its requests
    /// carry the origin secret.
    pub trusted_proxies: Vec<ipnet::IpNet>,
    /// How long any one DynamoDB, S3 or Secrets Manager call may take
    /// (`AWS_CONNECT_TIMEOUT_MS`, `AWS_ATTEMPT_TIMEOUT_MS`,
    /// `AWS_OPERATION_TIMEOUT_MS`, `AWS_MAX_ATTEMPTS`).
    pub aws_calls: AwsCallLimits,
}

/// `AWS_CONNECT_TIMEOUT_MS`, `AWS_ATTEMPT_TIMEOUT_MS`,
/// `AWS_OPERATION_TIMEOUT_MS` (50–60000 each, the attempt no longer than the
/// operation) and `AWS_MAX_ATTEMPTS` (1–10).
fn aws_call_limits(var: &dyn Fn(&str) -> Option<String>) -> Result<AwsCallLimits, ConfigError> {
    let defaults = AwsCallLimits::default();
    let millis = |name: &'static str, default: std::time::Duration| -> Result<std::time::Duration, ConfigError> {
        let ms: u64 = parse_number(var, name, default.as_millis() as u64)?;
        if !(50..=60_000).contains(&ms) {
            return Err(ConfigError::Invalid { name, reason: "must be 50 to 60000 (milliseconds)".into() });
        }
        Ok(std::time::Duration::from_millis(ms))
    };
    let limits = AwsCallLimits {
        connect: millis("AWS_CONNECT_TIMEOUT_MS", defaults.connect)?,
        attempt: millis("AWS_ATTEMPT_TIMEOUT_MS", defaults.attempt)?,
        operation: millis("AWS_OPERATION_TIMEOUT_MS", defaults.operation)?,
        max_attempts: parse_number(var, "AWS_MAX_ATTEMPTS", defaults.max_attempts)?,
    };
    if !(1..=10).contains(&limits.max_attempts) {
        return Err(ConfigError::Invalid { name: "AWS_MAX_ATTEMPTS", reason: "must be 1 to 10".into() });
    }
    if limits.attempt > limits.operation {
        return Err(ConfigError::Invalid {
            name: "AWS_ATTEMPT_TIMEOUT_MS",
            reason: "is longer than AWS_OPERATION_TIMEOUT_MS, which bounds the whole call".into(),
        });
    }
    Ok(limits)
}

#[cfg(feature = "aws")]
impl From<crate::secrets::SecretError> for ConfigError {
    fn from(error: crate::secrets::SecretError) -> Self {
        Self::Invalid { name: error.variable, reason: error.reason }
    }
}

#[derive(thiserror::Error)]
pub enum ConfigError {
    #[error("{0} must be set")]
    Missing(&'static str),
    #[error("{name} is invalid: {reason}")]
    Invalid { name: &'static str, reason: String },
}

/// As the message: a binary whose `main` fails on configuration prints the
/// error's `Debug`, and an operator reading it wants the sentence.
impl std::fmt::Debug for ConfigError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        std::fmt::Display::fmt(self, f)
    }
}

fn var(name: &str) -> Option<String> {
    std::env::var(name).ok().filter(|v| !v.trim().is_empty())
}

/// The secrets that may be given by ARN instead of by value: (variable of
/// the value, variable of the ARN).
pub const SECRETS_BY_ARN: [(&str, &str); 5] = [
    ("URL_SIGNING_SECRET", "URL_SIGNING_SECRET_ARN"),
    ("JWT_HS256_SECRET", "JWT_HS256_SECRET_ARN"),
    ("CLOUDFRONT_PRIVATE_KEY", "CLOUDFRONT_PRIVATE_KEY_ARN"),
    ("ORIGIN_VERIFY_SECRET", "ORIGIN_VERIFY_SECRET_ARN"),
    ("LLM_API_KEY", "LLM_API_KEY_ARN"),
];

impl Config {
    /// From the environment, secrets given by value only (see [`Config::load`]).
    pub fn from_env() -> Result<Self, ConfigError> {
        Self::from_lookup(&var)
    }

    /// From the environment, first reading from Secrets Manager each secret
    /// given by ARN only: one `GetSecretValue` per such secret, concurrently,
    /// at start (a cold start on Lambda), never per request.
    #[cfg(feature = "aws")]
    pub async fn load() -> Result<Self, ConfigError> {
        Self::load_with(&var, None).await
    }

    /// [`Config::load`] with the variables from `var`, and Secrets Manager
    /// reached through `aws` (default: the SDK's configuration from the
    /// environment, loaded only when a secret is given by ARN).
    #[cfg(feature = "aws")]
    pub async fn load_with(
        var: &(dyn Fn(&str) -> Option<String> + Sync),
        aws: Option<&aws_config::SdkConfig>,
    ) -> Result<Self, ConfigError> {
        let wanted: Vec<crate::secrets::Wanted> = SECRETS_BY_ARN
            .into_iter()
            .filter(|(name, _)| var(name).is_none())
            .filter_map(|(name, arn_variable)| var(arn_variable).map(|arn| crate::secrets::Wanted { name, arn_variable, arn }))
            .collect();
        let fetched = match (wanted.is_empty(), aws) {
            (true, _) => Default::default(),
            (false, Some(aws)) => crate::secrets::fetch(aws, wanted).await?,
            (false, None) => crate::secrets::fetch(&crate::aws::sdk_config(&aws_call_limits(var)?).await, wanted).await?,
        };
        Self::from_lookup(&|name: &str| fetched.get(name).cloned().or_else(|| var(name)))
    }

    fn from_lookup(var: &dyn Fn(&str) -> Option<String>) -> Result<Self, ConfigError> {
        let backend = var("STORAGE_BACKEND").unwrap_or_else(|| "embedded".into());
        let storage = match backend.as_str() {
            "embedded" => StorageConfig::Embedded { data_dir: PathBuf::from(var("DATA_DIR").unwrap_or_else(|| "./.data".into())) },
            "aws" => StorageConfig::Aws {
                table: var("TABLE_NAME").ok_or(ConfigError::Missing("TABLE_NAME"))?,
                bucket: var("BUCKET_NAME").ok_or(ConfigError::Missing("BUCKET_NAME"))?,
            },
            other => return Err(ConfigError::Invalid { name: "STORAGE_BACKEND", reason: format!("'{other}' is not embedded or aws") }),
        };
        let persisted_dir = match &storage {
            StorageConfig::Embedded { data_dir } => Some(data_dir.clone()),
            StorageConfig::Aws { .. } => None,
        };

        // Secrets: from the environment in production; for the embedded
        // (local) setup, generated once and kept in the data directory.
        // LINK_SIGNING_KEYS lists `id=secret` pairs (rotation); without it the
        // single URL_SIGNING_SECRET (or the local one) is the key `default`.
        let link_signing_keys = match (var("LINK_SIGNING_KEYS"), var("URL_SIGNING_SECRET"), &persisted_dir) {
            (Some(list), _, _) => parse_signing_keys(&list)?,
            (None, Some(secret), _) => {
                vec![SigningKey { id: DEFAULT_KEY_ID.into(), secret: long_enough(secret, "URL_SIGNING_SECRET", MIN_LINK_SECRET_BYTES)? }]
            }
            (None, None, Some(dir)) => vec![SigningKey { id: DEFAULT_KEY_ID.into(), secret: local_secret(dir, "url-signing.secret")? }],
            (None, None, None) => return Err(ConfigError::Missing("LINK_SIGNING_KEYS or URL_SIGNING_SECRET")),
        };
        let jwt_key = match (var("JWT_HS256_SECRET"), var("JWT_RS256_PUBLIC_KEY_FILE"), &persisted_dir) {
            (Some(secret), _, _) => Some(JwtKey::Hs256(long_enough(secret, "JWT_HS256_SECRET", MIN_HS256_SECRET_BYTES)?)),
            (None, Some(file), _) => Some(JwtKey::Rs256(
                std::fs::read(&file).map_err(|e| ConfigError::Invalid { name: "JWT_RS256_PUBLIC_KEY_FILE", reason: e.to_string() })?,
            )),
            (None, None, Some(dir)) => Some(JwtKey::Hs256(local_secret(dir, "jwt-hs256.secret")?)),
            (None, None, None) => None,
        };
        let max_lifetime_seconds = jwt_max_lifetime(var)?;
        let jwt = jwt_key.map(|key| JwtSettings {
            key,
            issuer: var("JWT_ISSUER").unwrap_or_else(|| "astro-local".into()),
            audience: var("JWT_AUDIENCE").unwrap_or_else(|| "astro-api".into()),
            max_lifetime_seconds,
        });

        Ok(Self {
            storage,
            ephemeris_extra_dir: var("EPHEMERIS_EXTRA_DIR").map(PathBuf::from).or_else(|| default_extra_dir(var)),
            public_base_url: var("PUBLIC_BASE_URL").map(|u| u.trim_end_matches('/').to_owned()),
            link_signing_keys,
            jwt,
            max_body_bytes: parse_number(var, "MAX_BODY_BYTES", 256 * 1024)?,
            chart_link_ttl_seconds: parse_number(var, "CHART_LINK_TTL_SECONDS", 30 * 24 * 3600)?,
            report_link_ttl_seconds: parse_number(var, "REPORT_LINK_TTL_SECONDS", 3600)?.clamp(60, 7 * 24 * 3600),
            meter_flush_interval_ms: parse_number(var, "METER_FLUSH_INTERVAL_MS", 1000)?.max(10),
            #[cfg(feature = "llm")]
            language_model: language_model(var)?,
            cdn: CdnConfig::from_lookup(var).map_err(|e| ConfigError::Invalid { name: e.variable, reason: e.reason })?,
            widget_limits: crate::metering::WidgetLimits {
                per_widget: parse_number(var, "WIDGET_REQUESTS_PER_MINUTE", crate::metering::WIDGET_REQUESTS_PER_MINUTE)?.max(1),
                per_client: parse_number(var, "WIDGET_CLIENT_REQUESTS_PER_MINUTE", crate::metering::WIDGET_CLIENT_REQUESTS_PER_MINUTE)?
                    .max(1),
            },
            widget_place_lookups: parse_number(
                var,
                "WIDGET_CLIENT_PLACE_LOOKUPS_PER_MINUTE",
                crate::metering::WIDGET_CLIENT_PLACE_LOOKUPS_PER_MINUTE,
            )?
            .max(1),
            chat_limits: crate::metering::WidgetLimits {
                per_widget: parse_number(var, "CHAT_REQUESTS_PER_MINUTE", crate::metering::CHAT_REQUESTS_PER_MINUTE)?.max(1),
                per_client: parse_number(var, "CHAT_USER_REQUESTS_PER_MINUTE", crate::metering::CHAT_USER_REQUESTS_PER_MINUTE)?.max(1),
            },
            chat_heartbeat: chat_heartbeat(var)?,
            trusted_proxies: trusted_proxies(var)?,
            aws_calls: aws_call_limits(var)?,
        })
    }
}

/// `TRUSTED_PROXIES`: `10.0.0.0/8, 192.0.2.1` (a bare address is its own
/// network).
/// Where the extra ephemeris files are looked for when `EPHEMERIS_EXTRA_DIR`
/// is unset: an `ephe` directory beside the executable. `make run` puts the
/// asteroid file beside `target/release/local-server` and `make package`
/// beside each Lambda `bootstrap`, so Chiron works with no setting at all.
/// On Lambda the executable is `$LAMBDA_TASK_ROOT/bootstrap`; the task root
/// is asked first in case the runtime starts it through a link.
fn default_extra_dir(var: &dyn Fn(&str) -> Option<String>) -> Option<PathBuf> {
    let task_root = var("LAMBDA_TASK_ROOT").map(|root| PathBuf::from(root).join("ephe"));
    let beside_executable = || std::env::current_exe().ok()?.parent().map(|dir| dir.join("ephe"));
    task_root.filter(|dir| dir.is_dir()).or_else(|| beside_executable().filter(|dir| dir.is_dir()))
}

fn trusted_proxies(var: &dyn Fn(&str) -> Option<String>) -> Result<Vec<ipnet::IpNet>, ConfigError> {
    let Some(list) = var("TRUSTED_PROXIES") else { return Ok(Vec::new()) };
    list.split(',')
        .map(str::trim)
        .filter(|entry| !entry.is_empty())
        .map(|entry| {
            entry.parse::<ipnet::IpNet>().or_else(|_| entry.parse::<std::net::IpAddr>().map(ipnet::IpNet::from)).map_err(|_| {
                ConfigError::Invalid { name: "TRUSTED_PROXIES", reason: format!("'{entry}' is not an IP address or network (10.0.0.0/8)") }
            })
        })
        .collect()
}

/// `LLM_BASE_URL` and `LLM_MODEL` together (one without the other is a
/// mistake worth failing the start for), `LLM_API_KEY` (or its ARN) when
/// the endpoint wants one, `LLM_TIMEOUT_MS` (default 8000).
#[cfg(feature = "llm")]
fn language_model(var: &dyn Fn(&str) -> Option<String>) -> Result<Option<crate::llm::LlmSettings>, ConfigError> {
    let (base_url, model) = match (var("LLM_BASE_URL"), var("LLM_MODEL")) {
        (None, None) => return Ok(None),
        (Some(_), None) => return Err(ConfigError::Missing("LLM_MODEL (LLM_BASE_URL is set)")),
        (None, Some(_)) => return Err(ConfigError::Missing("LLM_BASE_URL (LLM_MODEL is set)")),
        (Some(base_url), Some(model)) => (base_url, model),
    };
    if !(base_url.starts_with("https://") || base_url.starts_with("http://")) {
        return Err(ConfigError::Invalid { name: "LLM_BASE_URL", reason: "must be an http(s) URL".into() });
    }
    let timeout_ms: u64 = parse_number(var, "LLM_TIMEOUT_MS", 8000)?;
    Ok(Some(crate::llm::LlmSettings {
        base_url,
        model,
        api_key: var("LLM_API_KEY"),
        time_limit: std::time::Duration::from_millis(timeout_ms.clamp(100, 60_000)),
    }))
}

/// The shortest link-signing secret, in `LINK_SIGNING_KEYS` as in
/// `URL_SIGNING_SECRET` (which is the key `default` of such a list).
pub const MIN_LINK_SECRET_BYTES: usize = 16;

/// A secret given by value (or read through its `_ARN`) of at least
/// `minimum` bytes: a short one is refused at start, naming the variable
/// and the minimum, never the value.
fn long_enough(secret: String, name: &'static str, minimum: usize) -> Result<Vec<u8>, ConfigError> {
    if secret.len() < minimum {
        return Err(ConfigError::Invalid {
            name,
            reason: format!(
                "the secret (given by value or through {name}_ARN) is shorter than {minimum} bytes; use at least {minimum} random bytes"
            ),
        });
    }
    Ok(secret.into_bytes())
}

/// The longest lifetime of a dashboard token: `JWT_MAX_LIFETIME_SECONDS`,
/// 60 (a minute) to 2592000 (30 days), default a day.
fn jwt_max_lifetime(var: &dyn Fn(&str) -> Option<String>) -> Result<i64, ConfigError> {
    let seconds: i64 = parse_number(var, "JWT_MAX_LIFETIME_SECONDS", DEFAULT_MAX_LIFETIME_SECONDS)?;
    if !(60..=30 * 86_400).contains(&seconds) {
        return Err(ConfigError::Invalid { name: "JWT_MAX_LIFETIME_SECONDS", reason: "must be 60 to 2592000 (30 days)".into() });
    }
    Ok(seconds)
}

/// `id=secret,id=secret`: ids of letters, digits, `-` and `_`, unique;
/// secrets of at least 16 bytes without `,`. The first key signs.
pub fn parse_signing_keys(list: &str) -> Result<Vec<SigningKey>, ConfigError> {
    let invalid = |reason: String| ConfigError::Invalid { name: "LINK_SIGNING_KEYS", reason };
    let mut keys: Vec<SigningKey> = Vec::new();
    for (index, entry) in list.split(',').map(str::trim).filter(|e| !e.is_empty()).enumerate() {
        // The reason never quotes the entry: it holds a secret.
        let (id, secret) = entry.split_once('=').ok_or_else(|| invalid(format!("entry {} is not id=secret", index + 1)))?;
        let id = id.trim();
        if id.is_empty() || id.len() > 32 || !id.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_') {
            return Err(invalid(format!("entry {}: the id must be 1 to 32 letters, digits, '-' or '_'", index + 1)));
        }
        if secret.len() < MIN_LINK_SECRET_BYTES {
            return Err(invalid(format!("the secret of key '{id}' is shorter than {MIN_LINK_SECRET_BYTES} bytes")));
        }
        if keys.iter().any(|k| k.id == id) {
            return Err(invalid(format!("the key id '{id}' is listed twice")));
        }
        keys.push(SigningKey { id: id.to_owned(), secret: secret.as_bytes().to_vec() });
    }
    if keys.is_empty() {
        return Err(invalid("no keys listed".into()));
    }
    Ok(keys)
}

/// The default silence before a chat stream's keep-alive comment.
pub const CHAT_HEARTBEAT: std::time::Duration = std::time::Duration::from_secs(15);

fn chat_heartbeat(var: &dyn Fn(&str) -> Option<String>) -> Result<std::time::Duration, ConfigError> {
    let ms: u64 = parse_number(var, "CHAT_HEARTBEAT_MS", CHAT_HEARTBEAT.as_millis() as u64)?;
    if !(100..=60_000).contains(&ms) {
        return Err(ConfigError::Invalid { name: "CHAT_HEARTBEAT_MS", reason: "must be 100 to 60000".into() });
    }
    Ok(std::time::Duration::from_millis(ms))
}

fn parse_number<T: std::str::FromStr>(var: &dyn Fn(&str) -> Option<String>, name: &'static str, default: T) -> Result<T, ConfigError> {
    match var(name) {
        None => Ok(default),
        Some(text) => text.parse().map_err(|_| ConfigError::Invalid { name, reason: "not a number".into() }),
    }
}

/// A random secret kept in `dir/name` (created with mode 0600 on first use).
fn local_secret(dir: &Path, name: &'static str) -> Result<Vec<u8>, ConfigError> {
    let path = dir.join(name);
    if let Ok(existing) = std::fs::read(&path)
        && existing.len() >= 32
    {
        return Ok(existing);
    }
    let invalid = |e: std::io::Error| ConfigError::Invalid { name: "DATA_DIR", reason: e.to_string() };
    std::fs::create_dir_all(dir).map_err(invalid)?;
    let secret: String = {
        use rand::Rng;
        let mut rng = rand::rng();
        (0..48).map(|_| rng.sample(rand::distr::Alphanumeric) as char).collect()
    };
    write_private(&path, secret.as_bytes()).map_err(invalid)?;
    Ok(secret.into_bytes())
}

/// Writes a file only its owner can read (local secrets and keys).
pub fn write_private(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    use std::io::Write;
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create(true).truncate(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.mode(0o600);
    }
    options.open(path)?.write_all(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_chat_heartbeat_is_15_s_unless_set_within_bounds() {
        let with = |value: Option<&'static str>| chat_heartbeat(&move |_: &str| value.map(String::from));
        assert_eq!(with(None).unwrap(), CHAT_HEARTBEAT);
        assert_eq!(with(Some("500")).unwrap(), std::time::Duration::from_millis(500));
        for bad in ["0", "99", "60001", "soon"] {
            assert!(with(Some(bad)).unwrap_err().to_string().contains("CHAT_HEARTBEAT_MS"), "{bad}");
        }
    }

    #[test]
    fn aws_calls_are_bounded_by_default_and_the_bounds_checked() {
        let with = |pairs: &'static [(&'static str, &'static str)]| {
            aws_call_limits(&move |name: &str| pairs.iter().find(|(k, _)| *k == name).map(|(_, v)| (*v).to_owned()))
        };
        assert_eq!(with(&[]).unwrap(), AwsCallLimits::default());
        let set = with(&[("AWS_OPERATION_TIMEOUT_MS", "8000"), ("AWS_ATTEMPT_TIMEOUT_MS", "3000"), ("AWS_MAX_ATTEMPTS", "2")]).unwrap();
        assert_eq!((set.operation.as_millis(), set.attempt.as_millis(), set.max_attempts), (8000, 3000, 2));
        for (bad, variable) in [
            (&[("AWS_CONNECT_TIMEOUT_MS", "0")][..], "AWS_CONNECT_TIMEOUT_MS"),
            (&[("AWS_OPERATION_TIMEOUT_MS", "soon")][..], "AWS_OPERATION_TIMEOUT_MS"),
            (&[("AWS_MAX_ATTEMPTS", "0")][..], "AWS_MAX_ATTEMPTS"),
            // An attempt longer than the whole call could never be tried in full.
            (&[("AWS_ATTEMPT_TIMEOUT_MS", "6000")][..], "AWS_ATTEMPT_TIMEOUT_MS"),
        ] {
            assert!(with(bad).unwrap_err().to_string().contains(variable), "{bad:?}");
        }
    }

    #[test]
    fn the_extra_ephemeris_files_default_to_the_task_roots_ephe_directory() {
        let root = tempfile::tempdir().expect("a task root");
        let root_path = root.path().display().to_string();
        let lookup = |name: &str| (name == "LAMBDA_TASK_ROOT").then(|| root_path.clone());
        // No `ephe` there (nor beside the test binary): no extra directory.
        assert_eq!(default_extra_dir(&lookup), None);
        std::fs::create_dir(root.path().join("ephe")).unwrap();
        assert_eq!(default_extra_dir(&lookup), Some(root.path().join("ephe")));
        // EPHEMERIS_EXTRA_DIR, when set, wins.
        let set = embedded_with(&[("EPHEMERIS_EXTRA_DIR", "/somewhere/else")]).unwrap();
        assert_eq!(set.ephemeris_extra_dir, Some(PathBuf::from("/somewhere/else")));
    }

    fn embedded_with(extra: &[(&'static str, &'static str)]) -> Result<Config, ConfigError> {
        // The local secrets not given are generated into the data directory.
        let dir = tempfile::tempdir().expect("a data directory");
        let vars: Vec<(&str, String)> = [("STORAGE_BACKEND", "embedded".to_owned()), ("DATA_DIR", dir.path().display().to_string())]
            .into_iter()
            .chain(extra.iter().map(|(k, v)| (*k, (*v).to_owned())))
            .collect();
        Config::from_lookup(&|name: &str| vars.iter().find(|(k, _)| *k == name).map(|(_, v)| v.clone()))
    }

    #[test]
    fn secrets_given_by_value_must_be_long_enough() {
        let jwt_31 = "0123456789abcdef0123456789abcde";
        let url_15 = "0123456789abcde";
        for (name, value, minimum) in [("JWT_HS256_SECRET", jwt_31, "32 bytes"), ("URL_SIGNING_SECRET", url_15, "16 bytes")] {
            let Err(error) = embedded_with(&[(name, value)]) else { panic!("{name} of {} bytes was taken", value.len()) };
            let text = error.to_string();
            assert!(text.starts_with(name) && text.contains(minimum), "{text}");
            assert!(!text.contains(value), "the secret is never in the message: {text}");
        }
        let config = embedded_with(&[("JWT_HS256_SECRET", "0123456789abcdef0123456789abcdef"), ("URL_SIGNING_SECRET", "0123456789abcdef")])
            .expect("long enough");
        assert!(matches!(config.jwt.expect("jwt").key, JwtKey::Hs256(ref k) if k.len() == 32));
        assert_eq!(config.link_signing_keys[0].secret.len(), 16);
    }

    #[test]
    fn the_token_lifetime_is_a_day_unless_set_within_bounds() {
        assert_eq!(embedded_with(&[]).expect("defaults").jwt.expect("a local key").max_lifetime_seconds, 86_400);
        let set = embedded_with(&[("JWT_MAX_LIFETIME_SECONDS", "3600")]).expect("an hour");
        assert_eq!(set.jwt.expect("jwt").max_lifetime_seconds, 3600);
        for bad in ["59", "2592001", "-1", "a day"] {
            let error = embedded_with(&[("JWT_MAX_LIFETIME_SECONDS", bad)]).err().expect("refused").to_string();
            assert!(error.contains("JWT_MAX_LIFETIME_SECONDS"), "{bad}: {error}");
        }
    }

    #[test]
    fn signing_key_lists_keep_their_order_and_refuse_bad_entries() {
        let keys = parse_signing_keys("k2=0123456789abcdef-new, k1=0123456789abcdef-old").unwrap();
        assert_eq!(keys.iter().map(|k| k.id.as_str()).collect::<Vec<_>>(), ["k2", "k1"]);
        assert_eq!(keys[1].secret, b"0123456789abcdef-old");
        for bad in ["", "k1", "k1=short", "k 1=0123456789abcdef", "k1=0123456789abcdef,k1=0123456789abcdef"] {
            let error = parse_signing_keys(bad).unwrap_err().to_string();
            assert!(!error.contains("0123456789abcdef"), "secrets never in errors: {error}");
        }
    }
}
