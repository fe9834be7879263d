//! A delaying, counting proxy in front of moto: DynamoDB's wire format
//! passes through untouched, each call is recorded by its operation
//! (`X-Amz-Target`) and held back for a set latency first, as the network
//! between a Lambda function and DynamoDB would. Used by the round-trip test
//! (how many calls a request makes) and the latency benchmark.

use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::body::Body;
use axum::extract::{Request, State};
use axum::http::{StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use axum::serve::ListenerExt;
use http_body_util::{BodyExt, Full};
use hyper_util::client::legacy::Client;
use hyper_util::client::legacy::connect::HttpConnector;
use hyper_util::rt::TokioExecutor;

pub struct DynamoProxy {
    /// `http://127.0.0.1:<port>`: the endpoint to give the SDK.
    pub endpoint: String,
    shared: Arc<Shared>,
}

/// One DynamoDB call through the proxy.
pub struct Call {
    pub operation: String,
    /// How long moto took to answer it (the injected latency not included).
    pub upstream: Duration,
    /// How long the call was really held back: the timer rounds the
    /// injected latency up to its next millisecond tick.
    pub held: Duration,
}

struct Shared {
    upstream: Uri,
    latency: Duration,
    calls: Mutex<Vec<Call>>,
    /// Answers of this operation are held back this long after moto
    /// answered, this many times: the call is applied, but its client
    /// waits (a service that stalls after writing).
    held_answers: Mutex<Option<(String, usize, Duration)>>,
    client: Client<HttpConnector, Full<axum::body::Bytes>>,
}

impl DynamoProxy {
    /// Listens on a free loopback port and forwards to `upstream` (moto).
    pub async fn start(upstream: &str, latency: Duration) -> Self {
        let shared = Arc::new(Shared {
            upstream: upstream.parse().expect("moto endpoint is a URI"),
            latency,
            calls: Mutex::new(Vec::new()),
            held_answers: Mutex::new(None),
            client: Client::builder(TokioExecutor::new()).build(nodelay_connector()),
        });
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("bind proxy");
        let address: SocketAddr = listener.local_addr().expect("proxy address");
        let app = axum::Router::new().fallback(forward).with_state(shared.clone());
        // Small request and response bodies: without TCP_NODELAY, Nagle's
        // algorithm meeting delayed ACKs would add latency of its own.
        let listener = listener.tap_io(|tcp| {
            let _ = tcp.set_nodelay(true);
        });
        tokio::spawn(async move { axum::serve(listener, app).await });
        Self { endpoint: format!("http://{address}"), shared }
    }

    /// Holds back the next `times` answers to `operation` for `hold`
    /// after moto has applied the call.
    pub fn hold_answers(&self, operation: &str, times: usize, hold: Duration) {
        *self.shared.held_answers.lock().expect("hold lock") = Some((operation.to_owned(), times, hold));
    }

    /// The operations called since the last take, in order, and forgets them.
    pub fn take_calls(&self) -> Vec<String> {
        self.take_timed_calls().into_iter().map(|call| call.operation).collect()
    }

    /// The calls since the last take, with moto's time on each.
    pub fn take_timed_calls(&self) -> Vec<Call> {
        std::mem::take(&mut *self.shared.calls.lock().expect("calls lock"))
    }
}

fn nodelay_connector() -> HttpConnector {
    let mut connector = HttpConnector::new();
    connector.set_nodelay(true);
    connector
}

async fn forward(State(shared): State<Arc<Shared>>, request: Request) -> Response {
    let (mut parts, body) = request.into_parts();
    let operation = parts
        .headers
        .get("x-amz-target")
        .and_then(|v| v.to_str().ok())
        .and_then(|target| target.rsplit('.').next())
        .unwrap_or("unknown")
        .to_owned();
    let Ok(body) = body.collect().await.map(|b| b.to_bytes()) else {
        return StatusCode::BAD_REQUEST.into_response();
    };
    let holding = std::time::Instant::now();
    if !shared.latency.is_zero() {
        tokio::time::sleep(shared.latency).await;
    }
    let held = holding.elapsed();
    let mut upstream = shared.upstream.clone().into_parts();
    upstream.path_and_query = parts.uri.path_and_query().cloned();
    parts.uri = Uri::from_parts(upstream).expect("upstream URI");
    let started = std::time::Instant::now();
    let answered = match shared.client.request(axum::http::Request::from_parts(parts, Full::new(body))).await {
        Ok(response) => {
            let (parts, body) = response.into_parts();
            match body.collect().await {
                Ok(bytes) => Response::from_parts(parts, Body::from(bytes.to_bytes())),
                Err(_) => StatusCode::BAD_GATEWAY.into_response(),
            }
        }
        Err(_) => StatusCode::BAD_GATEWAY.into_response(),
    };
    let upstream = started.elapsed();
    let hold = {
        let mut held_answers = shared.held_answers.lock().expect("hold lock");
        match held_answers.as_mut() {
            Some((held_operation, times, hold)) if *held_operation == operation && *times > 0 => {
                *times -= 1;
                Some(*hold)
            }
            _ => None,
        }
    };
    shared.calls.lock().expect("calls lock").push(Call { operation, upstream, held });
    if let Some(hold) = hold {
        tokio::time::sleep(hold).await;
    }
    answered
}
