//! When DynamoDB or S3 stops answering: the moto process serving it is
//! stopped (SIGSTOP), so it still accepts connections but answers nothing,
//! as a partitioned or stalled service does, then resumed (SIGCONT). The app
//! is built as deployed on AWS (the SDK clients with the production bounds,
//! the meter Lambda uses); each store is a moto of its own, started and
//! stopped here by its process id, so the other tests' moto never pauses.
//!
//! Asserted: each request under a stalled store is answered on its own
//! within 10 s (ten at once, none queued behind another) with a 503
//! `service_unavailable`, `Retry-After` and no internals; `/health` answers
//! meanwhile; a request succeeds within 5 s of the store answering again;
//! and the usage counted equals the 200s the client received.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use axum::body::Body;
use axum::http::Request;
use serde_json::{Value, json};

use super::support::{TestApp, TestResponse};

/// A moto server of this test's own, on a free port.
struct PausableMoto {
    port: u16,
    pid: u32,
    endpoint: String,
}

fn repository() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

impl PausableMoto {
    fn start() -> Self {
        let port = std::net::TcpListener::bind("127.0.0.1:0").and_then(|l| l.local_addr()).expect("a free port").port();
        let status = Command::new("bash")
            .arg("infra/moto.sh")
            .arg("start")
            .env("MOTO_PORT", port.to_string())
            .current_dir(repository())
            .status()
            .expect("bash runs infra/moto.sh");
        assert!(status.success(), "infra/moto.sh start on port {port}");
        let pid_file = repository().join(format!(".test-run/moto-{port}.pid"));
        let pid = std::fs::read_to_string(&pid_file).expect("moto's pid file").trim().parse().expect("a pid");
        Self { port, pid, endpoint: format!("http://127.0.0.1:{port}") }
    }

    fn signal(&self, signal: &str) {
        let status = Command::new("kill").arg(format!("-{signal}")).arg(self.pid.to_string()).status().expect("kill runs");
        assert!(status.success(), "kill -{signal} {}", self.pid);
    }

    fn pause(&self) {
        self.signal("STOP");
    }

    fn resume(&self) {
        self.signal("CONT");
    }
}

impl Drop for PausableMoto {
    fn drop(&mut self) {
        // A stopped process would ignore the stop script's SIGTERM until resumed.
        let _ = Command::new("kill").arg("-CONT").arg(self.pid.to_string()).status();
        let _ = Command::new("bash")
            .arg("infra/moto.sh")
            .arg("stop")
            .env("MOTO_PORT", self.port.to_string())
            .current_dir(repository())
            .status();
    }
}

fn natal() -> Value {
    json!({ "dateTime": "1990-05-11T14:30", "location": { "latitude": 41.9028, "longitude": 12.4964, "timezone": "Europe/Rome" } })
}

fn report(day: u32) -> Value {
    json!({
        "reportType": "natal", "templateId": "classic", "language": "en",
        "subject": {
            "name": "Ada",
            "birthDate": { "year": 1990, "month": 5, "day": day, "hour": 14, "minute": 30 },
            "birthPlace": { "name": "Roma", "latitude": 41.9028, "longitude": 12.4964, "timezone": "Europe/Rome" }
        }
    })
}

async fn generate_report(app: &TestApp, body: &Value, accept: &str) -> TestResponse {
    let request = Request::post("/api/pdf-reports/generate")
        .header("content-type", "application/json")
        .header("accept", accept)
        .header("x-api-key", &app.api_key)
        .body(Body::from(body.to_string()))
        .unwrap();
    app.send(request).await
}

/// The words of an SDK error that must never reach a client.
const INTERNALS: [&str; 9] = ["dispatch", "dynamodb", "s3", "127.0.0.1", "getitem", "transact", "timed out", "moto", "sdk"];

fn assert_unavailable(answer: &TestResponse, took: Duration, within: Duration) {
    assert_eq!(answer.status, 503, "{}", answer.text);
    assert!(took < within, "answered after {took:?}, more than {within:?}");
    assert_eq!(answer.body["errors"][0]["code"], "service_unavailable", "{}", answer.text);
    let retry: u64 = answer.headers["retry-after"].to_str().unwrap().parse().unwrap();
    assert!((1..=5).contains(&retry), "Retry-After {retry}");
    let body = answer.text.to_lowercase();
    for word in INTERNALS {
        assert!(!body.contains(word), "the body names '{word}': {}", answer.text);
    }
}

/// The organization's units this month, as the usage report reads them.
async fn units(app: &TestApp) -> i64 {
    let month = shared::metering::month_of(chrono::Utc::now());
    shared::metering::monthly_usage(app.state.meter.as_ref(), &app.organization_id, &month).await.expect("usage readable").total
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_stalled_store_is_a_prompt_honest_uncharged_503_and_recovery_is_immediate() {
    if super::moto::endpoint("outage").is_none() {
        return;
    }
    let dynamodb = PausableMoto::start();
    let s3 = PausableMoto::start();
    let limits = shared::config::AwsCallLimits::default();
    let app = std::sync::Arc::new(TestApp::spawn_on_aws(&dynamodb.endpoint, &s3.endpoint, &limits).await);
    let mut delivered = 0; // keyed 200s: each is one unit

    for _ in 0..3 {
        let answer = app.post("/api/calc/natal", &natal()).await;
        assert_eq!(answer.status, 200, "{}", answer.text);
        delivered += 1;
    }

    // DynamoDB stalls: ten keyed requests at once, each answered on its own.
    dynamodb.pause();
    let mut requests = tokio::task::JoinSet::new();
    for _ in 0..10 {
        let app = app.clone();
        requests.spawn(async move {
            let started = Instant::now();
            // Bounded here too: without the service's bounds it would hang for ever.
            let answer = tokio::time::timeout(Duration::from_secs(20), app.post("/api/calc/natal", &natal())).await;
            (answer.expect("an answer within 20 s under a stalled store"), started.elapsed())
        });
    }
    let started = Instant::now();
    let health = app.send(Request::get("/health").body(Body::empty()).unwrap()).await;
    assert_eq!(health.status, 200, "{}", health.text);
    assert_eq!(health.body["status"], "up");
    // Well under the 5 s a store call would take now.
    assert!(started.elapsed() < Duration::from_secs(2), "health took {:?}", started.elapsed());
    let mut times = Vec::new();
    while let Some(joined) = requests.join_next().await {
        let (answer, took) = joined.expect("request task");
        assert_unavailable(&answer, took, Duration::from_secs(10));
        times.push(took);
    }
    times.sort();
    eprintln!("outage: 10 concurrent natal requests under a stalled DynamoDB answered 503 in {:?} (median {:?})", times, times[5]);

    // It answers again: a request succeeds within 5 s.
    dynamodb.resume();
    let resumed = Instant::now();
    loop {
        let answer = app.post("/api/calc/natal", &natal()).await;
        if answer.status == 200 {
            delivered += 1;
            break;
        }
        assert!(resumed.elapsed() < Duration::from_secs(5), "no recovery 5 s after the store answers again: {}", answer.text);
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    eprintln!("outage: first 200 {:?} after DynamoDB answered again", resumed.elapsed());

    // S3 stalls. A report asked as a download link cannot be delivered: a 503,
    // its unit taken back. A report asked as the PDF itself is served unstored.
    let answer = generate_report(&app, &report(11), "application/vnd.api+json").await;
    assert_eq!(answer.status, 200, "{}", answer.text);
    delivered += 1;
    s3.pause();
    let started = Instant::now();
    let answer = tokio::time::timeout(Duration::from_secs(30), generate_report(&app, &report(12), "application/vnd.api+json"))
        .await
        .expect("an answer within 30 s under a stalled S3");
    assert_unavailable(&answer, started.elapsed(), Duration::from_secs(7));
    eprintln!("outage: a report link under a stalled S3 answered 503 in {:?}", started.elapsed());
    let started = Instant::now();
    let answer = tokio::time::timeout(Duration::from_secs(30), generate_report(&app, &report(13), "application/pdf"))
        .await
        .expect("an answer within 30 s under a stalled S3");
    assert_eq!(answer.status, 200, "{}", answer.text);
    assert!(answer.text.starts_with("%PDF"));
    assert!(started.elapsed() < Duration::from_secs(7), "an unstored report took {:?}", started.elapsed());
    eprintln!("outage: a PDF under a stalled S3 was served unstored in {:?}", started.elapsed());
    delivered += 1;
    s3.resume();

    // What was charged is what was delivered.
    let mut counted = units(&app).await;
    let deadline = Instant::now() + Duration::from_secs(5);
    while counted != delivered && Instant::now() < deadline {
        tokio::time::sleep(Duration::from_millis(200)).await;
        counted = units(&app).await;
    }
    assert_eq!(counted, delivered, "units counted against 200s delivered");
    eprintln!("outage: {counted} units counted for {delivered} keyed 200s");
}

/// A charge applied by DynamoDB but answered too late: the SDK tries it
/// again after its attempt time limit. Counted once (its receipt refuses the
/// retry), and when no try is answered in time the client gets a 503 and the
/// charge is taken back. Replayed by a proxy that holds back DynamoDB's
/// answers to `TransactWriteItems` after applying them.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_timed_out_charge_counts_once_and_a_503_counts_nothing() {
    let Some(moto) = super::moto::endpoint("a_timed_out_charge_counts_once_and_a_503_counts_nothing") else { return };
    let proxy = super::dynamo_proxy::DynamoProxy::start(&moto, Duration::ZERO).await;
    let limits = shared::config::AwsCallLimits {
        attempt: Duration::from_millis(400),
        operation: Duration::from_millis(4_000),
        ..Default::default()
    };
    let app = TestApp::spawn_on_aws(&proxy.endpoint, &moto, &limits).await;
    let answer = app.post("/api/calc/natal", &natal()).await;
    assert_eq!(answer.status, 200, "{}", answer.text);
    assert_eq!(units(&app).await, 1);

    // The first try applied, answered after the attempt's limit; the retry
    // finds its receipt.
    proxy.take_calls();
    proxy.hold_answers("TransactWriteItems", 1, Duration::from_millis(1_000));
    let answer = app.post("/api/calc/natal", &natal()).await;
    assert_eq!(answer.status, 200, "{}", answer.text);
    let writes = proxy.take_calls().into_iter().filter(|op| op == "TransactWriteItems").count();
    assert!(writes >= 2, "the SDK tried the charge {writes} time(s)");
    assert_eq!(units(&app).await, 2, "a charge tried {writes} times counts once");

    // Every try applied, none answered in time: a 503, and nothing counted.
    proxy.hold_answers("TransactWriteItems", 3, Duration::from_millis(4_500));
    let answer = app.post("/api/calc/natal", &natal()).await;
    assert_eq!(answer.status, 503, "{}", answer.text);
    let mut counted = units(&app).await;
    let deadline = Instant::now() + Duration::from_secs(5);
    while counted != 2 && Instant::now() < deadline {
        tokio::time::sleep(Duration::from_millis(200)).await;
        counted = units(&app).await;
    }
    assert_eq!(counted, 2, "a request answered 503 is not charged");
}
