//! One page (20 items) of natal aspect texts through the content family's
//! router and the whole shared stack, on the embedded backend: the key
//! checked and metered, the organization's copies read from the store, the
//! base corpus filtered, and only the page's texts composed. The
//! organization holds a few copies, so the merge is exercised.
//! `cargo bench -p content --bench content_list`

use std::sync::Arc;

use axum::body::Body;
use axum::http::{Request, StatusCode};
use criterion::{Criterion, criterion_group, criterion_main};
use shared::auth::{KeyPermission, Plan};
use shared::config::{Config, StorageConfig};
use shared::content::{ContentKey, compose};
use shared::http::{AppState, finish};
use shared::repo::api_keys::{self, NewKey};
use shared::repo::content::{self as org_content, OrgContent};
use shared::repo::orgs::{self, Organization, User};
use tower::ServiceExt;

const COPIES: [&str; 3] = [
    "urn:astro:natal:aspect:sun:trine:venus:en",
    "urn:astro:natal:aspect:venus:square:mars:en",
    "urn:astro:natal:aspect:moon:conjunction:saturn:en",
];

fn content_list(c: &mut Criterion) {
    let runtime = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build().expect("runtime");
    let dir = tempfile::tempdir().expect("temp dir");
    let config = Config {
        storage: StorageConfig::Embedded { data_dir: dir.path().to_path_buf() },
        ephemeris_cache_dir: std::env::temp_dir().join("astro-ephemeris"),
        ephemeris_extra_dir: None,
        public_base_url: Some("https://api.example.com".into()),
        url_signing_secret: b"bench-url-signing-secret".to_vec(),
        jwt: None,
        max_body_bytes: 64 * 1024,
        chart_link_ttl_seconds: 3600,
        meter_flush_interval_ms: 1000,
    };
    let (router, secret) = runtime.block_on(async {
        let state = AppState::from_config(config).await.expect("state");
        let table = state.table.as_ref();
        let organization = Organization {
            id: "bench-org".into(),
            name: "Bench".into(),
            // The monthly quota must outlast the benchmark's iterations.
            plan: Plan::Deluxe,
            api_version: None,
            created_at: "2026-01-01T00:00:00Z".into(),
        };
        let owner = User { id: "bench-owner".into(), email: "owner@bench.test".into(), name: "Owner".into() };
        orgs::create_organization(table, &organization, &owner).await.expect("organization");
        let new_key = NewKey {
            organization_id: organization.id.clone(),
            name: "bench".into(),
            permissions: KeyPermission::ALL.to_vec(),
            modules: Vec::new(),
            allowed_domains: Vec::new(),
            created_by: owner.id.clone(),
            expires_in_seconds: None,
            rate_limit_per_minute: None,
        };
        let (_, secret) = api_keys::issue(table, new_key).await.expect("key");
        for (index, urn) in COPIES.into_iter().enumerate() {
            let (key, language) = ContentKey::parse_urn(urn).expect("base urn");
            let text = compose(&key, language).expect("text");
            let copy = OrgContent {
                id: format!("copy-{index}"),
                organization_id: organization.id.clone(),
                urn: urn.into(),
                title: text.title,
                body: format!("{} (edited)", text.body),
                base_content_id: Some(urn.into()),
                horoscope_type: "natal".into(),
                content_type: "aspect".into(),
                language: "en".into(),
                metadata: serde_json::Value::Null,
                created_at: "2026-01-01T00:00:00Z".into(),
                updated_at: "2026-01-01T00:00:00Z".into(),
            };
            org_content::create(table, &copy).await.expect("copy");
        }
        (finish(content::router(&state), state), Arc::new(secret.reveal().to_owned()))
    });
    let send = |path: &'static str| {
        let request = Request::get(path).header("x-api-key", secret.as_str());
        let response = runtime.block_on(router.clone().oneshot(request.body(Body::empty()).expect("request"))).expect("infallible");
        assert_eq!(response.status(), StatusCode::OK);
    };
    // Warm the corpus (parsed on first use) as a running server would be.
    send("/api/content/natal/aspect");
    let mut group = c.benchmark_group("content_list");
    group.bench_function("natal_aspects_page_of_20", |b| b.iter(|| send("/api/content/natal/aspect?page[size]=20")));
    group.bench_function("natal_aspects_venus_page_of_20", |b| {
        b.iter(|| send("/api/content/natal/aspect?filter[point]=venus&page[size]=20"))
    });
    group.finish();
}

criterion_group!(benches, content_list);
criterion_main!(benches);
