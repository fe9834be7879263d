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
use shared::fixture;
use shared::http::finish;
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
    let (router, secret) = runtime.block_on(async {
        let (state, secret) = fixture::service_with_key(dir.path(), None, Vec::new()).await;
        (finish(calc::router(&state), state), secret)
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
