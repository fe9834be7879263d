//! What `includeText` adds to a natal chart request: POST /api/calc/natal
//! through the calc family's whole stack (key, metering, chart, answer), on
//! the embedded store, once without texts and once with them (the
//! organization's copies looked up in one store query, then 55-odd texts
//! composed and serialized). A new birth moment each iteration, the same
//! sequence for both. `cargo bench -p calc --bench natal_text`

use std::cell::Cell;

use axum::body::Body;
use axum::http::{Request, StatusCode};
use criterion::{Criterion, criterion_group, criterion_main};
use http_body_util::BodyExt;
use shared::auth::{KeyPermission, Plan};
use shared::config::{Config, StorageConfig};
use shared::http::{AppState, finish};
use shared::repo::api_keys::{self, NewKey};
use shared::repo::orgs::{self, Organization, User};
use tower::ServiceExt;

/// The `n`th birth moment: 1950-01-01 00:00 plus `n` times 7 days, 3 hours
/// and 17 minutes, so that every iteration draws a different sky.
fn birth_moment(n: u32) -> String {
    let start = chrono::NaiveDate::from_ymd_opt(1950, 1, 1).and_then(|d| d.and_hms_opt(0, 0, 0)).expect("start");
    let step = chrono::Duration::minutes(7 * 24 * 60 + 3 * 60 + 17);
    let moment = start + step * i32::try_from(n % 3_000).expect("small");
    moment.format("%Y-%m-%dT%H:%M").to_string()
}

fn natal_text(c: &mut Criterion) {
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
            // The monthly quota of the plan must outlast the benchmark's iterations.
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
            rate_limit_per_minute: Some(1_000_000),
        };
        let (_, secret) = api_keys::issue(table, new_key).await.expect("key");
        (finish(calc::router(&state), state), secret.reveal().to_owned())
    });

    let send = |n: u32, include_text: bool| {
        let body = serde_json::json!({
            "dateTime": birth_moment(n),
            "location": { "latitude": 41.9028, "longitude": 12.4964, "timezone": "Europe/Rome" },
            "includeText": include_text,
        });
        let request = Request::post("/api/calc/natal")
            .header("content-type", "application/json")
            .header("x-api-key", secret.as_str())
            .body(Body::from(body.to_string()))
            .expect("request");
        runtime.block_on(async {
            let response = router.clone().oneshot(request).await.expect("infallible");
            assert_eq!(response.status(), StatusCode::OK);
            response.into_body().collect().await.expect("body").to_bytes()
        })
    };
    // Both answers are what they claim to be.
    let plain = String::from_utf8(send(0, false).to_vec()).expect("utf-8");
    let with_texts = String::from_utf8(send(0, true).to_vec()).expect("utf-8");
    assert!(!plain.contains("\"text\"") && with_texts.contains("\"houseText\""));

    let mut group = c.benchmark_group("natal_request");
    for (name, include_text) in [("include_text_false", false), ("include_text_true", true)] {
        let next = Cell::new(0u32);
        group.bench_function(name, |b| {
            b.iter(|| {
                let n = next.get();
                next.set(n + 1);
                send(n, include_text)
            })
        });
    }
    group.finish();
}

criterion_group!(benches, natal_text);
criterion_main!(benches);
