//! What authentication and metering add to a request, on the embedded
//! backend: the same trivial route served through the whole shared stack,
//! once open and once behind `require_api_key` (key lookup by hash, the
//! organization, permission / module / site checks, and the buffered meter
//! charging the rate window, the monthly quota and the key's usage).
//! `cargo bench -p shared --bench auth`

use std::sync::Arc;

use axum::body::Body;
use axum::http::{Method, Request, StatusCode};
use axum::routing::get;
use criterion::{Criterion, criterion_group, criterion_main};
use shared::auth::{KeyPermission, Plan};
use shared::config::{Config, StorageConfig};
use shared::http::{AppState, Route, finish, router_from};
use shared::repo::api_keys::{self, NewKey};
use shared::repo::orgs::{self, Organization, User};
use tower::ServiceExt;

fn auth(c: &mut Criterion) {
    let runtime = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build().expect("runtime");
    let dir = tempfile::tempdir().expect("temp dir");
    let config = Config {
        storage: StorageConfig::Embedded { data_dir: dir.path().to_path_buf() },
        ephemeris_cache_dir: std::env::temp_dir().join("astro-ephemeris"),
        ephemeris_extra_dir: None,
        public_base_url: None,
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
            allowed_domains: vec!["*.example.com".into()],
            created_by: owner.id.clone(),
            expires_in_seconds: None,
            // Never reached in the run, but charged: the rate window is metered too.
            rate_limit_per_minute: Some(1_000_000),
        };
        let (_, secret) = api_keys::issue(table, new_key).await.expect("key");
        let routes = vec![
            Route::new(Method::GET, "/open", None, get(|| async { "ok" })),
            Route::new(Method::GET, "/keyed", Some(KeyPermission::CalcRead), get(|| async { "ok" })),
        ];
        (finish(router_from(routes, &state), state), Arc::new(secret.reveal().to_owned()))
    });
    // The monthly quota of the plan must outlast the benchmark's iterations.
    let send = |path: &'static str| {
        let request = Request::get(path).header("x-api-key", secret.as_str()).header("origin", "https://app.example.com");
        let response = runtime.block_on(router.clone().oneshot(request.body(Body::empty()).expect("request"))).expect("infallible");
        assert_eq!(response.status(), StatusCode::OK);
    };
    let mut group = c.benchmark_group("request");
    group.bench_function("open_route", |b| b.iter(|| send("/open")));
    group.bench_function("key_route_auth_and_metering", |b| b.iter(|| send("/keyed")));
    group.finish();
}

criterion_group!(benches, auth);
criterion_main!(benches);
