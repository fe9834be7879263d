//! A fixed number of natal requests through the calc family's whole stack
//! (key, metering, chart, answer) in-process, one at a time, a new birth
//! moment each: what a request costs without the network, for comparing
//! builds by time and by instruction count (valgrind's cachegrind, see
//! docs/benchmarks.md), which, unlike time on a shared machine, barely moves
//! between runs.
//! `cargo run --release -p calc --example natal_requests -- [N]`

use axum::body::Body;
use axum::http::{Request, StatusCode};
use http_body_util::BodyExt;
use shared::fixture;
use shared::http::finish;
use tower::ServiceExt;

/// The `n`th birth moment: 1950-01-01 00:00 plus `n` times 7 days, 3 hours
/// and 17 minutes (the natal_text bench's sequence).
fn birth_moment(n: u32) -> String {
    let start = chrono::NaiveDate::from_ymd_opt(1950, 1, 1).and_then(|d| d.and_hms_opt(0, 0, 0)).expect("start");
    let step = chrono::Duration::minutes(7 * 24 * 60 + 3 * 60 + 17);
    let moment = start + step * i32::try_from(n % 3_000).expect("small");
    moment.format("%Y-%m-%dT%H:%M").to_string()
}

fn main() {
    let count: u32 = std::env::args().nth(1).and_then(|n| n.parse().ok()).unwrap_or(5_000).max(1);
    let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().expect("runtime");
    let dir = tempfile::tempdir().expect("temp dir");
    runtime.block_on(async {
        let (state, secret) = fixture::service_with_key(dir.path(), None, Vec::new()).await;
        let router = finish(calc::router(&state), state);
        let started = std::time::Instant::now();
        let mut bytes = 0;
        for n in 0..count {
            let body = format!(
                r#"{{"dateTime":"{}","location":{{"latitude":41.9028,"longitude":12.4964,"timezone":"Europe/Rome"}}}}"#,
                birth_moment(n)
            );
            let request = Request::post("/api/calc/natal")
                .header("content-type", "application/json")
                .header("x-api-key", secret.as_str())
                .body(Body::from(body))
                .expect("request");
            let response = router.clone().oneshot(request).await.expect("infallible");
            assert_eq!(response.status(), StatusCode::OK);
            bytes += response.into_body().collect().await.expect("body").to_bytes().len();
        }
        let elapsed = started.elapsed();
        println!(
            "{count} natal requests: {:.1} µs a request, {} bytes an answer",
            elapsed.as_secs_f64() * 1e6 / f64::from(count),
            bytes / count as usize
        );
    });
}
