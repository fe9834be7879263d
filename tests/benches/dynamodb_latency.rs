//! A keyed natal request on the DynamoDB backend with network latency
//! injected: a proxy in front of moto holds every DynamoDB call back for
//! `LATENCY_MS` (default 5), as the network between Lambda and DynamoDB
//! would. Prints p50/p90/p99 over sequential requests, and the same without
//! injected latency. moto is no DynamoDB: it takes milliseconds of Python
//! per call, which real DynamoDB's few milliseconds are already modelled by
//! the injected latency, so the proxy times moto on each call and the
//! second line of each run takes that time out (what a request takes when
//! the only cost of a call is its latency). Needs moto: `make bench-dynamodb`.

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

struct Run {
    /// Each request's time, as the client saw it.
    times: Vec<Duration>,
    /// The same without moto's own time on the request's calls, and with
    /// each call held back exactly the injected latency (the timer holds a
    /// little longer: it rounds up to its millisecond tick).
    without_moto: Vec<Duration>,
    calls: usize,
}

async fn run(moto: &str, latency: Duration) -> Run {
    let proxy = dynamo_proxy::DynamoProxy::start(moto, latency).await;
    let app = support::TestApp::spawn_on_dynamodb(&proxy.endpoint).await;
    let body = support::rome_1990();
    for _ in 0..WARM_UP {
        assert_eq!(app.post("/api/calc/natal", &body).await.status, 200);
    }
    proxy.take_calls();
    let (mut times, mut without_moto, mut calls) = (Vec::with_capacity(REQUESTS), Vec::with_capacity(REQUESTS), 0);
    for _ in 0..REQUESTS {
        let started = Instant::now();
        let response = app.post("/api/calc/natal", &body).await;
        let elapsed = started.elapsed();
        assert_eq!(response.status, 200, "{}", response.text);
        let made = proxy.take_timed_calls();
        calls += made.len();
        times.push(elapsed);
        let moto: Duration = made.iter().map(|call| call.upstream).sum();
        let overshoot: Duration = made.iter().map(|call| call.held.saturating_sub(latency)).sum();
        without_moto.push(elapsed.saturating_sub(moto + overshoot));
    }
    times.sort_unstable();
    without_moto.sort_unstable();
    Run { times, without_moto, calls }
}

fn report(label: &str, sorted: &[Duration]) {
    println!(
        "  {label:<22} p50 {:6.2} ms  p90 {:6.2} ms  p99 {:6.2} ms  max {:6.2} ms",
        percentile(sorted, 0.50),
        percentile(sorted, 0.90),
        percentile(sorted, 0.99),
        percentile(sorted, 1.0),
    );
}

#[tokio::main(flavor = "multi_thread", worker_threads = 2)]
async fn main() {
    // `cargo bench` passes `--bench`; a plain `cargo test` of benches passes nothing to act on.
    let Some(moto) = moto::endpoint("dynamodb_latency") else { return };
    let latency_ms: u64 = std::env::var("LATENCY_MS").ok().and_then(|v| v.parse().ok()).unwrap_or(5);
    println!("keyed POST /api/calc/natal on DynamoDB (moto at {moto}), {REQUESTS} sequential requests after {WARM_UP} warm-up");
    // The service's own time, for scale: the same request on the embedded backend.
    let embedded = support::TestApp::spawn().await;
    let body = support::rome_1990();
    let mut times = Vec::with_capacity(REQUESTS);
    for round in 0..WARM_UP + REQUESTS {
        let started = Instant::now();
        assert_eq!(embedded.post("/api/calc/natal", &body).await.status, 200);
        if round >= WARM_UP {
            times.push(started.elapsed());
        }
    }
    times.sort_unstable();
    println!("embedded backend (no DynamoDB):");
    report("as measured", &times);
    for latency in [Duration::ZERO, Duration::from_millis(latency_ms)] {
        let run = run(&moto, latency).await;
        println!("injected {} ms per call ({:.2} DynamoDB calls per request):", latency.as_millis(), run.calls as f64 / REQUESTS as f64);
        report("as measured", &run.times);
        report("without moto, exact", &run.without_moto);
    }
}
