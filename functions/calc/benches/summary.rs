//! AI summaries through the calc family's whole stack on the embedded
//! store: a cached summary opened (token, key and organization checks,
//! modules, the store read, one unit charged, the answer serialized), and a
//! new one written (the same, plus the lease, the chart computed, the
//! built-in writer, ten units, the summary stored), a new chart each time.
//! `cargo bench -p calc --bench summary`

use std::cell::Cell;

use axum::body::Body;
use axum::http::{Request, StatusCode};
use base64::Engine;
use criterion::{Criterion, criterion_group, criterion_main};
use http_body_util::BodyExt;
use shared::fixture;
use shared::http::finish;
use tower::ServiceExt;

fn summary(c: &mut Criterion) {
    let runtime = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build().expect("runtime");
    let dir = tempfile::tempdir().expect("temp dir");
    let (router, state, secret) = runtime.block_on(async {
        let (state, secret) = fixture::service_with_key(dir.path(), None, Vec::new()).await;
        (finish(calc::router(&state), state.clone()), state, secret)
    });
    let send = |request: Request<Body>| {
        runtime.block_on(async {
            let response = router.clone().oneshot(request).await.expect("infallible");
            let status = response.status();
            let bytes = response.into_body().collect().await.expect("body").to_bytes();
            assert_eq!(status, StatusCode::OK, "{}", String::from_utf8_lossy(&bytes));
            serde_json::from_slice::<serde_json::Value>(&bytes).expect("JSON")
        })
    };

    // A natal answer's summary link: its claims are the template of the
    // links signed below (a new birth moment each).
    let natal = send(
        Request::post("/api/calc/natal")
            .header("content-type", "application/json")
            .header("x-api-key", secret.as_str())
            .body(Body::from(
                r#"{"dateTime":"1990-05-11T14:30","location":{"latitude":41.9028,"longitude":12.4964,"timezone":"Europe/Rome"}}"#,
            ))
            .expect("request"),
    );
    let url = natal["data"]["summary"]["url"].as_str().expect("summary link").to_owned();
    let path = url.strip_prefix("https://api.example.com").expect("base").to_owned();
    let token = path.split("token=").nth(1).expect("token");
    let payload = base64::engine::general_purpose::URL_SAFE_NO_PAD.decode(token.split('.').nth(1).expect("payload")).expect("base64");
    let template: serde_json::Value = serde_json::from_slice(&payload).expect("claims");
    let open = |path: &str| send(Request::get(path).body(Body::empty()).expect("request"));

    assert_eq!(open(&path)["data"]["cached"], false);
    assert_eq!(open(&path)["data"]["cached"], true);
    c.bench_function("cached_summary_request", |b| b.iter(|| open(&path)));

    let next = Cell::new(0u32);
    c.bench_function("new_summary_request", |b| {
        b.iter(|| {
            let n = next.get();
            next.set(n + 1);
            let mut claims = template.clone();
            claims["c"]["i"]["jd"] = serde_json::json!(2_433_282.5 + f64::from(n) * 7.3);
            let token = state.signer.sign(&claims).expect("signed");
            let answer = open(&format!("/api/calc/natal/summary?token={token}"));
            assert_eq!(answer["data"]["cached"], false);
            answer
        })
    });
}

criterion_group!(benches, summary);
criterion_main!(benches);
