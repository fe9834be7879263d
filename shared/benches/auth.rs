//! What authentication and metering add to a request, on the embedded
//! backend: the same trivial route served through the whole shared stack,
//! once open and once behind `require_api_key` (key lookup by hash, the
//! organization, permission / module / site checks, and the buffered meter
//! charging the rate window, the monthly quota and the key's usage).
//! `cargo bench -p shared --features fixture --bench auth`

use std::sync::Arc;

use axum::body::Body;
use axum::http::{Method, Request, StatusCode};
use axum::routing::get;
use criterion::{Criterion, criterion_group, criterion_main};
use shared::auth::KeyPermission;
use shared::fixture;
use shared::http::{Route, finish, router_from};
use tower::ServiceExt;

fn auth(c: &mut Criterion) {
    let runtime = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build().expect("runtime");
    let dir = tempfile::tempdir().expect("temp dir");
    let (router, secret) = runtime.block_on(async {
        // Never reached in the run, but charged: the rate window is metered too.
        let (state, secret) = fixture::service_with_key(dir.path(), Some(1_000_000), vec!["*.example.com".into()]).await;
        let routes = vec![
            Route::new(Method::GET, "/open", None, get(|| async { "ok" })),
            Route::new(Method::GET, "/keyed", Some(KeyPermission::CalcRead), get(|| async { "ok" })),
        ];
        (finish(router_from(routes, &state), state), Arc::new(secret))
    });
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
