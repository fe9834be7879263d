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
use shared::content::{ContentKey, compose};
use shared::fixture;
use shared::http::finish;
use shared::repo::content::{self as org_content, OrgContent};
use tower::ServiceExt;

const COPIES: [&str; 3] = [
    "urn:astro:natal:aspect:sun:trine:mars:en",
    "urn:astro:natal:aspect:venus:square:mars:en",
    "urn:astro:natal:aspect:moon:conjunction:saturn:en",
];

fn content_list(c: &mut Criterion) {
    let runtime = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build().expect("runtime");
    let dir = tempfile::tempdir().expect("temp dir");
    let (router, secret) = runtime.block_on(async {
        let (state, secret) = fixture::service_with_key(dir.path(), None, Vec::new()).await;
        let table = state.table.as_ref();
        for (index, urn) in COPIES.into_iter().enumerate() {
            let (key, language) = ContentKey::parse_urn(urn).expect("base urn");
            let text = compose(&key, language).expect("text");
            let copy = OrgContent {
                id: format!("copy-{index}"),
                organization_id: fixture::ORGANIZATION_ID.into(),
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
        (finish(content::router(&state), state), Arc::new(secret))
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
