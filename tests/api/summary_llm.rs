//! AI summaries written by a language model: a local stand-in speaking the
//! OpenAI chat-completions wire format (HTTP on a real port) answers, fails,
//! stalls or talks nonsense; the service uses its words, or falls back to
//! the built-in writer and says why.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use axum::Json;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::post;
use serde_json::{Value, json};
use shared::llm::LlmSettings;
use tokio::sync::Mutex;

use crate::summaries::{concurrently, open};
use crate::support::{TestApp, rome_1990};

const ANSWER: &str = "Your chart opens with a Leo Sun in the seventh house, so you come alive in partnership and in front of \
    others. A Libra Moon asks for harmony at home and fairness in every exchange, and an Aquarius Ascendant gives you an \
    independent, slightly detached first impression. Saturn, your chart ruler, sits high in Scorpio near the Midheaven, \
    lending weight and ambition to your public path; the exact square between your Sun and Saturn is the chart's central \
    tension between shining and earning it. A tight square between Venus and Mars adds friction and spark to how you love \
    and pursue. Work with these patterns patiently: they describe tendencies, not a fixed fate, and each grows easier to \
    carry as you understand it.";

/// How the stand-in behaves.
#[derive(Clone, Copy)]
enum Behaviour {
    Answer,
    Stall,
    Fail,
    Nonsense,
}

#[derive(Clone)]
struct StandIn {
    behaviour: Behaviour,
    calls: Arc<AtomicUsize>,
    last: Arc<Mutex<Option<(HeaderMap, Value)>>>,
}

async fn chat_completions(State(stand_in): State<StandIn>, headers: HeaderMap, Json(body): Json<Value>) -> Response {
    stand_in.calls.fetch_add(1, Ordering::SeqCst);
    *stand_in.last.lock().await = Some((headers, body.clone()));
    match stand_in.behaviour {
        Behaviour::Answer => {
            // The model takes a moment, as models do: concurrent callers overlap.
            tokio::time::sleep(Duration::from_millis(150)).await;
            Json(json!({
                "id": "chatcmpl-standin",
                "object": "chat.completion",
                "created": 1_764_000_000,
                "model": body["model"],
                "choices": [{
                    "index": 0,
                    "message": { "role": "assistant", "content": format!("\n{ANSWER}\n") },
                    "finish_reason": "stop"
                }],
                "usage": { "prompt_tokens": 120, "completion_tokens": 160, "total_tokens": 280 }
            }))
            .into_response()
        }
        Behaviour::Stall => {
            tokio::time::sleep(Duration::from_secs(5)).await;
            StatusCode::OK.into_response()
        }
        Behaviour::Fail => {
            (StatusCode::INTERNAL_SERVER_ERROR, Json(json!({ "error": { "message": "overloaded", "type": "server_error" } })))
                .into_response()
        }
        Behaviour::Nonsense => {
            Json(json!({ "choices": [{ "message": { "role": "assistant", "content": "# Title\n- a list" } }] })).into_response()
        }
    }
}

/// Starts the stand-in on a free port; returns its base URL.
async fn stand_in(behaviour: Behaviour) -> (String, StandIn) {
    let state = StandIn { behaviour, calls: Arc::new(AtomicUsize::new(0)), last: Arc::new(Mutex::new(None)) };
    let router = axum::Router::new().route("/v1/chat/completions", post(chat_completions)).with_state(state.clone());
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = listener.local_addr().unwrap();
    tokio::spawn(async move { axum::serve(listener, router).await.unwrap() });
    (format!("http://{address}/v1"), state)
}

async fn app_with_model(base_url: String, time_limit: Duration) -> TestApp {
    TestApp::spawn_with(move |config| {
        config.language_model =
            Some(LlmSettings { base_url, model: "stand-in-1".into(), api_key: Some("sk-test-not-a-secret".into()), time_limit })
    })
    .await
}

async fn summary_url(app: &TestApp) -> String {
    let response = app.post("/api/calc/natal", &rome_1990()).await;
    assert_eq!(response.status, 200, "{}", response.text);
    response.body["data"]["summary"]["url"].as_str().unwrap().to_owned()
}

#[tokio::test]
async fn the_model_writes_from_the_scored_features_only() {
    let (base, model) = stand_in(Behaviour::Answer).await;
    let app = app_with_model(base, Duration::from_secs(5)).await;
    let url = summary_url(&app).await;
    let opened = open(&app, &url).await;
    assert_eq!(opened.status, 200, "{}", opened.text);
    let data = &opened.body["data"];
    assert_eq!(data["summary"], ANSWER.split_whitespace().collect::<Vec<_>>().join(" "));
    assert_eq!(data["model"], "llm:stand-in-1+p1");
    assert_eq!(data["cached"], false);
    assert_eq!(opened.body["meta"]["generator"], "llm");
    assert!(opened.body["meta"].get("fallback").is_none());

    let (headers, request) = model.last.lock().await.clone().expect("the model was asked");
    assert_eq!(headers["authorization"], "Bearer sk-test-not-a-secret");
    assert_eq!(request["model"], "stand-in-1");
    let messages = request["messages"].as_array().unwrap();
    assert_eq!((messages[0]["role"].as_str(), messages[1]["role"].as_str()), (Some("system"), Some("user")));
    let user = messages[1]["content"].as_str().unwrap();
    // The prompt names the highlights the answer returns...
    for highlight in data["highlights"].as_array().unwrap() {
        assert!(user.contains(highlight["label"].as_str().unwrap()), "{user}");
    }
    // ...and nothing of the person: no birth date, time or place.
    let whole = request.to_string();
    for personal in ["1990", "14:30", "12:30", "41.9", "12.49", "Rome", "Europe"] {
        assert!(!whole.contains(personal), "'{personal}' sent to the model: {whole}");
    }

    // Read from the store afterwards: the model is not asked again.
    let again = open(&app, &url).await;
    assert_eq!(again.body["data"]["cached"], true);
    assert_eq!(again.body["data"]["summary"], data["summary"]);
    assert_eq!(model.calls.load(Ordering::SeqCst), 1);
}

#[tokio::test]
async fn fifty_concurrent_first_calls_ask_the_model_once() {
    let (base, model) = stand_in(Behaviour::Answer).await;
    let app = app_with_model(base, Duration::from_secs(5)).await;
    let url = summary_url(&app).await;
    let answers = concurrently(std::slice::from_ref(&app.router), &url, 50).await;
    let mut written = 0;
    for (_, body) in answers {
        assert_eq!(body["data"]["model"], "llm:stand-in-1+p1", "{body}");
        written += usize::from(body["data"]["cached"] == false);
    }
    assert_eq!(written, 1);
    assert_eq!(model.calls.load(Ordering::SeqCst), 1, "one generation for fifty first calls");
}

#[tokio::test]
async fn a_stalled_failing_or_nonsensical_model_gives_way_to_the_built_in_writer() {
    for (behaviour, reason) in [
        (Behaviour::Stall, "the language model did not answer within 300 ms"),
        (Behaviour::Fail, "the language model answered with HTTP 500"),
        (Behaviour::Nonsense, "the language model's answer was not a usable summary"),
    ] {
        let (base, model) = stand_in(behaviour).await;
        let app = app_with_model(base, Duration::from_millis(300)).await;
        let url = summary_url(&app).await;
        let started = std::time::Instant::now();
        let opened = open(&app, &url).await;
        assert_eq!(opened.status, 200, "{}", opened.text);
        assert!(started.elapsed() < Duration::from_secs(3), "the time limit holds: {:?}", started.elapsed());
        assert_eq!(opened.body["meta"]["generator"], "built-in");
        assert_eq!(opened.body["meta"]["fallback"], reason);
        assert!(opened.body["data"]["model"].as_str().unwrap().starts_with("astro-narrative-1.0"));
        assert!(opened.body["data"]["summary"].as_str().unwrap().starts_with("This natal chart"));
        assert!(!opened.text.contains("overloaded") && !opened.text.contains("127.0.0.1"), "no internals: {}", opened.text);
        assert_eq!(model.calls.load(Ordering::SeqCst), 1);
    }
}
