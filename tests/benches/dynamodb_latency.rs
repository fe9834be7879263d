//! A keyed natal request on the DynamoDB backend with network latency
//! injected: a proxy in front of moto holds every DynamoDB call back for
//! `LATENCY_MS` (default 5), as the network between Lambda and DynamoDB
//! would. Prints p50/p90/p99 over sequential requests, and the same without
//! injected latency (moto's own time). Needs moto: `make bench-dynamodb`.

use std::time::{Duration, Instant};

#[allow(dead_code)]
#[path = "../api/dynamo_proxy.rs"]
mod dynamo_proxy;
#[allow(dead_code)]
#[path = "../../shared/tests/common/moto.rs"]
mod moto;
#[allow(dead_code)]
#[path = "../api/support.rs"]
mod support;

const REQUESTS: usize = 300;
const WARM_UP: usize = 20;

fn percentile(sorted: &[Duration], p: f64) -> f64 {
    let index = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[index].as_secs_f64() * 1000.0
}

async fn run(moto: &str, latency: Duration) -> (Vec<Duration>, usize) {
    let proxy = dynamo_proxy::DynamoProxy::start(moto, latency).await;
    let app = support::TestApp::spawn_on_dynamodb(&proxy.endpoint).await;
    let body = support::rome_1990();
    for _ in 0..WARM_UP {
        assert_eq!(app.post("/api/calc/natal", &body).await.status, 200);
    }
    proxy.take_calls();
    let mut times = Vec::with_capacity(REQUESTS);
    for _ in 0..REQUESTS {
        let started = Instant::now();
        let response = app.post("/api/calc/natal", &body).await;
        times.push(started.elapsed());
        assert_eq!(response.status, 200, "{}", response.text);
    }
    let calls = proxy.take_calls().len();
    times.sort_unstable();
    (times, calls)
}

#[tokio::main(flavor = "multi_thread", worker_threads = 2)]
async fn main() {
    // `cargo bench` passes `--bench`; a plain `cargo test` of benches passes nothing to act on.
    let Some(moto) = moto::endpoint("dynamodb_latency") else { return };
    let latency_ms: u64 = std::env::var("LATENCY_MS").ok().and_then(|v| v.parse().ok()).unwrap_or(5);
    println!("keyed POST /api/calc/natal on DynamoDB (moto at {moto}), {REQUESTS} sequential requests after {WARM_UP} warm-up");
    for latency in [Duration::ZERO, Duration::from_millis(latency_ms)] {
        let (times, calls) = run(&moto, latency).await;
        println!(
            "injected {:>2} ms per call: p50 {:6.2} ms  p90 {:6.2} ms  p99 {:6.2} ms  max {:6.2} ms  ({:.2} DynamoDB calls per request)",
            latency.as_millis(),
            percentile(&times, 0.50),
            percentile(&times, 0.90),
            percentile(&times, 0.99),
            percentile(&times, 1.0),
            calls as f64 / REQUESTS as f64,
        );
    }
}
