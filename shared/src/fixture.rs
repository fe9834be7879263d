//! A ready service for benchmarks: an embedded store in a directory the
//! caller owns, one organization on the deluxe plan (its monthly quota
//! outlasts any benchmark run) and one API key with every permission.
//! Compiled only with the `fixture` feature, which only dev-dependencies
//! turn on: it is never in a deployed binary.

use std::path::Path;

use crate::auth::{KeyPermission, Plan};
use crate::config::{Config, StorageConfig};
use crate::http::AppState;
use crate::repo::api_keys::{self, NewKey};
use crate::repo::orgs::{self, Organization, User};

pub const ORGANIZATION_ID: &str = "bench-org";

/// The local configuration over `data_dir`, with fixed secrets and no JWT.
pub fn embedded_config(data_dir: &Path) -> Config {
    Config {
        storage: StorageConfig::Embedded { data_dir: data_dir.to_path_buf() },
        ephemeris_extra_dir: None,
        public_base_url: Some("https://api.example.com".into()),
        link_signing_keys: vec![crate::signing::SigningKey { id: "bench".into(), secret: b"bench-url-signing-secret".to_vec() }],
        jwt: None,
        max_body_bytes: 64 * 1024,
        chart_link_ttl_seconds: 3600,
        report_link_ttl_seconds: 3600,
        meter_flush_interval_ms: 1000,
        language_model: None,
        cdn: Default::default(),
        widget_limits: Default::default(),
        widget_place_lookups: crate::metering::WIDGET_CLIENT_PLACE_LOOKUPS_PER_MINUTE,
        chat_limits: crate::metering::WidgetLimits {
            per_widget: crate::metering::CHAT_REQUESTS_PER_MINUTE,
            per_client: crate::metering::CHAT_USER_REQUESTS_PER_MINUTE,
        },
        chat_heartbeat: crate::config::CHAT_HEARTBEAT,
        trusted_proxies: Vec::new(),
        aws_calls: Default::default(),
    }
}

/// The service over `data_dir`, its organization, and the secret of a key
/// with `rate_limit_per_minute` and `allowed_domains` as given.
pub async fn service_with_key(data_dir: &Path, rate_limit_per_minute: Option<u32>, allowed_domains: Vec<String>) -> (AppState, String) {
    let state = AppState::from_config(embedded_config(data_dir)).await.expect("state");
    let table = state.table.as_ref();
    let organization = Organization {
        id: ORGANIZATION_ID.into(),
        name: "Bench".into(),
        plan: Plan::Deluxe,
        api_version: None,
        created_at: "2026-01-01T00:00:00Z".into(),
    };
    let owner = User { id: "bench-owner".into(), email: "owner@bench.test".into(), name: "Owner".into() };
    orgs::create_organization(table, &organization, &owner).await.expect("organization");
    let new_key = NewKey {
        organization_id: organization.id.clone(),
        name: "bench".into(),
        permissions: KeyPermission::DEFAULT.to_vec(),
        modules: Vec::new(),
        allowed_domains,
        created_by: owner.id,
        creator_keys: Vec::new(),
        expires_in_seconds: None,
        expires_by: None,
        rate_limit_per_minute,
    };
    let (_, secret) = api_keys::issue(table, new_key).await.expect("key");
    (state, secret.reveal().to_owned())
}
