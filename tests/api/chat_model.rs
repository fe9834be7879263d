//! The chat answered by a language model: a local stand-in speaking the
//! OpenAI chat-completions streaming wire format (`stream: true`, server-sent
//! `chat.completion.chunk`s, `data: [DONE]`) on a real port, and the service
//! on a real port too, read as a browser reads it. The model's pieces reach
//! the client as the model writes them (the stand-in holds the rest of its
//! answer until the client has read the first piece); a client that goes
//! away stops the model's request; a model that cannot answer leaves it to
//! the built-in engine; one that breaks off is an `error` event; the model
//! is told the user's computed chart and the conversation so far.

use std::convert::Infallible;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use axum::Json;
use axum::body::{Body, Bytes};
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::post;
use eventsource_stream::Eventsource;
use futures_util::{Stream, StreamExt};
use serde_json::{Value, json};
use shared::llm::LlmSettings;
use tokio::sync::{Mutex, Notify};

use crate::orgs::{OWNER, call};
use crate::support::TestApp;

const SHOP: &str = "https://shop.example.com";
const HEARTBEAT: Duration = Duration::from_millis(200);
const PIECES: [&str; 3] = ["Your Moon ", "sits where the chart says, ", "and it colours your moods."];

/// How the stand-in model answers.
#[derive(Clone, Copy, PartialEq)]
enum Script {
    /// Every piece at once.
    Answer,
    /// The first piece, then the rest only when the test says so.
    Gated,
    /// A piece every 50 ms for 20 s.
    Trickle,
    /// 503, nothing written.
    Refuse,
    /// One piece, then the connection ends without `[DONE]`.
    BreakOff,
}

#[derive(Clone)]
struct Model {
    script: Script,
    requests: Arc<Mutex<Vec<Value>>>,
    release: Arc<Notify>,
    /// The service dropped the model's answer before its end.
    hung_up: Arc<AtomicBool>,
}

fn chunk(content: Option<&str>, finish: Option<&str>) -> Bytes {
    let delta = match content {
        Some(text) => json!({ "content": text }),
        None => json!({ "role": "assistant", "content": "" }),
    };
    let chunk = json!({
        "id": "chatcmpl-standin", "object": "chat.completion.chunk", "created": 1_764_000_000, "model": "stand-in-1",
        "choices": [{ "index": 0, "delta": delta, "finish_reason": finish }]
    });
    Bytes::from(format!("data: {chunk}\n\n"))
}

async fn chat_completions(State(model): State<Model>, Json(body): Json<Value>) -> Response {
    model.requests.lock().await.push(body);
    if model.script == Script::Refuse {
        return (StatusCode::SERVICE_UNAVAILABLE, Json(json!({ "error": { "message": "overloaded" } }))).into_response();
    }
    let (sender, receiver) = tokio::sync::mpsc::channel::<Result<Bytes, Infallible>>(4);
    tokio::spawn(async move {
        let write = |bytes: Bytes| {
            let sender = sender.clone();
            async move { sender.send(Ok(bytes)).await.is_ok() }
        };
        let mut written = write(chunk(None, None)).await && write(chunk(Some(PIECES[0]), None)).await;
        match model.script {
            Script::Answer | Script::Gated => {
                if model.script == Script::Gated {
                    model.release.notified().await;
                }
                for piece in &PIECES[1..] {
                    written = written && write(chunk(Some(piece), None)).await;
                }
                written = written && write(chunk(None, Some("stop"))).await && write(Bytes::from("data: [DONE]\n\n")).await;
            }
            Script::Trickle => {
                for _ in 0..400 {
                    if !written {
                        break;
                    }
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    written = write(chunk(Some("more "), None)).await;
                }
            }
            Script::BreakOff | Script::Refuse => {}
        }
        if !written {
            model.hung_up.store(true, Ordering::SeqCst);
        }
    });
    let body = futures_util::stream::unfold(receiver, |mut receiver| async move { receiver.recv().await.map(|item| (item, receiver)) });
    Response::builder().header("content-type", "text/event-stream").body(Body::from_stream(body)).unwrap()
}

/// The stand-in on a free port, and the service (configured with it) on
/// another; returns the app, the service's base URL and the stand-in.
async fn chat_with_model(script: Script) -> (TestApp, String, Model) {
    let model = Model { script, requests: Arc::default(), release: Arc::default(), hung_up: Arc::default() };
    let router = axum::Router::new().route("/v1/chat/completions", post(chat_completions)).with_state(model.clone());
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let base_url = format!("http://{}/v1", listener.local_addr().unwrap());
    tokio::spawn(async move { axum::serve(listener, router).await.unwrap() });
    let app = TestApp::spawn_with(move |config| {
        // Short, so that a test sees a silent stream's keep-alive comments.
        config.chat_heartbeat = HEARTBEAT;
        config.language_model = Some(LlmSettings {
            base_url,
            model: "stand-in-1".into(),
            api_key: Some("sk-test-not-a-secret".into()),
            time_limit: Duration::from_secs(3),
        })
    })
    .await;
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let service = format!("http://{}", listener.local_addr().unwrap());
    let router = app.router.clone();
    tokio::spawn(async move { axum::serve(listener, router.into_make_service_with_connect_info::<std::net::SocketAddr>()).await.unwrap() });
    (app, service, model)
}

async fn chatbot(app: &TestApp) -> String {
    let attributes = json!({ "name": "Luna", "allowedDomains": ["shop.example.com"], "requireUserHash": false });
    let created =
        call(app, "POST", "/api/chatbots", OWNER, Some(json!({ "data": { "type": "chatbots", "attributes": attributes } }))).await;
    assert_eq!(created.status, 201, "{}", created.text);
    created.body["data"]["id"].as_str().unwrap().to_owned()
}

fn birth() -> Value {
    json!({ "date": "1990-05-11", "time": "14:30", "latitude": 41.9028, "longitude": 12.4964, "timezone": "Europe/Rome" })
}

type Events = std::pin::Pin<Box<dyn Stream<Item = (String, Value)> + Send>>;

/// Sends a message and returns its events as they arrive.
async fn open(service: &str, chatbot: &str, user: &str, body: Value) -> Events {
    let response = reqwest::Client::new()
        .post(format!("{service}/widget/chat/{chatbot}/user/{user}"))
        .header("origin", SHOP)
        .json(&body)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200);
    assert_eq!(response.headers()["content-type"], "text/event-stream");
    response
        .bytes_stream()
        .eventsource()
        .map(|event| {
            let event = event.expect("a well-formed event stream");
            (event.event, serde_json::from_str(&event.data).unwrap_or(Value::Null))
        })
        .boxed()
}

/// The next event, within 5 s (a buffered stream would time out here).
async fn next(events: &mut Events) -> (String, Value) {
    tokio::time::timeout(Duration::from_secs(5), events.next()).await.expect("the next event within 5 s").expect("the stream goes on")
}

async fn rest(events: &mut Events) -> Vec<(String, Value)> {
    let mut all = Vec::new();
    while let Ok(Some(event)) = tokio::time::timeout(Duration::from_secs(5), events.next()).await {
        all.push(event);
    }
    all
}

#[tokio::test]
async fn the_models_first_piece_reaches_the_client_before_the_model_writes_the_rest() {
    let (app, service, model) = chat_with_model(Script::Gated).await;
    let natal = app
        .post("/api/calc/natal", &json!({ "dateTime": "1990-05-11T14:30", "location": { "latitude": 41.9028, "longitude": 12.4964, "timezone": "Europe/Rome" } }))
        .await;
    let moon = natal.body["data"]["points"]["moon"]["sign"].as_str().unwrap().to_owned();
    let chatbot = chatbot(&app).await;

    let mut events = open(&service, &chatbot, "u-1", json!({ "message": "What is my moon sign?", "birthData": birth() })).await;
    let (name, conversation) = next(&mut events).await;
    assert_eq!(name, "conversation");
    // The model is now holding the rest of its answer: this delta can only
    // have come through if the service flushed it as it came.
    let (name, first) = next(&mut events).await;
    assert_eq!((name.as_str(), first["text"].as_str()), ("delta", Some(PIECES[0])));
    model.release.notify_one();
    let later = rest(&mut events).await;
    let names: Vec<&str> = later.iter().map(|(name, _)| name.as_str()).collect();
    assert_eq!(names, ["delta", "delta", "done"], "{later:?}");
    let answer: String = std::iter::once(&first).chain(later.iter().map(|(_, data)| data)).filter_map(|d| d["text"].as_str()).collect();
    assert_eq!(answer, PIECES.concat());
    let done = &later[2].1;
    assert_eq!(done["model"], "llm:stand-in-1");
    assert_eq!(done["conversationId"], conversation["conversationId"]);

    // What the model was told: streaming, the user's computed chart (the
    // Moon's sign as the natal endpoint gives it), the question last, and
    // nothing that names the user.
    let requests = model.requests.lock().await;
    let request = &requests[0];
    assert_eq!(request["stream"], true);
    assert_eq!(request["model"], "stand-in-1");
    let messages = request["messages"].as_array().unwrap();
    assert_eq!(messages.first().unwrap()["role"], "system");
    let system = messages[0]["content"].as_str().unwrap();
    let sign = shared::astro::zodiac::Sign::ALL.into_iter().find(|s| s.id() == moon).unwrap();
    let moon_fact = format!("natal Moon in {} ", shared::language::Language::En.sign_name(sign));
    assert!(system.contains(&moon_fact), "{moon_fact:?} in {system}");
    // The natal aspects it is given are the tightest ones, tightest first.
    let orbs: Vec<f64> = system
        .lines()
        .filter(|line| line.starts_with("- natal ") && line.contains("(orb "))
        .filter_map(|line| line.split("(orb ").nth(1)?.trim_end_matches("°)").parse().ok())
        .collect();
    assert!(orbs.len() >= 3 && orbs.windows(2).all(|pair| pair[0] <= pair[1]), "{orbs:?} in {system}");
    assert_eq!(messages.last().unwrap(), &json!({ "role": "user", "content": "What is my moon sign?" }));
    assert!(!request.to_string().contains("u-1"), "the user's id went to the model: {request}");
}

#[tokio::test]
async fn a_client_that_goes_away_stops_the_models_answer_and_nothing_is_stored() {
    let (app, service, model) = chat_with_model(Script::Trickle).await;
    let chatbot = chatbot(&app).await;
    let mut events = open(&service, &chatbot, "u-2", json!({ "message": "What is my moon sign?", "birthData": birth() })).await;
    let (_, conversation) = next(&mut events).await;
    let (name, _) = next(&mut events).await;
    assert_eq!(name, "delta");
    drop(events);
    // The service drops its request to the model when its client is gone:
    // the stand-in's next write fails (it writes every 50 ms for 20 s).
    let deadline = tokio::time::Instant::now() + Duration::from_secs(3);
    while !model.hung_up.load(Ordering::SeqCst) {
        assert!(tokio::time::Instant::now() < deadline, "the model was still asked to write 3 s after the client left");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    // The half answer was not stored: the conversation does not exist.
    let again = app
        .post_raw(
            &format!("/widget/chat/{chatbot}/user/u-2"),
            &json!({ "message": "and?", "conversationId": conversation["conversationId"] }).to_string(),
            &[("origin", SHOP)],
        )
        .await;
    assert_eq!(again.status, 404, "{}", again.text);
    assert_eq!(again.body["errors"][0]["code"], "conversation_not_found");
}

#[tokio::test]
async fn a_model_that_cannot_answer_leaves_it_to_the_engine_and_one_that_breaks_off_is_an_error_event() {
    let (app, service, model) = chat_with_model(Script::Refuse).await;
    let chatbot = chatbot(&app).await;
    let mut events = open(&service, &chatbot, "u-3", json!({ "message": "What is my moon sign?", "birthData": birth() })).await;
    let all = rest(&mut events).await;
    assert_eq!(model.requests.lock().await.len(), 1);
    assert_eq!(all.first().unwrap().0, "conversation");
    let (name, done) = all.last().unwrap();
    assert_eq!((name.as_str(), done["model"].as_str()), ("done", Some("built-in")), "{all:?}");
    let answer: String = all.iter().filter(|(name, _)| name == "delta").filter_map(|(_, d)| d["text"].as_str()).collect();
    assert!(answer.contains("Your Moon is in"), "{answer}");

    let (app, service, _) = chat_with_model(Script::BreakOff).await;
    let chatbot = crate::chat_model::chatbot(&app).await;
    let mut events = open(&service, &chatbot, "u-4", json!({ "message": "What is my moon sign?", "birthData": birth() })).await;
    let all = rest(&mut events).await;
    let names: Vec<&str> = all.iter().map(|(name, _)| name.as_str()).collect();
    assert_eq!(names, ["conversation", "delta", "error"], "{all:?}");
    assert_eq!(all[2].1["code"], "answer_interrupted");
    assert!(!all[2].1.to_string().contains("127.0.0.1"), "the model's address in the event: {all:?}");
}

#[tokio::test]
async fn the_model_sees_the_conversation_so_far() {
    let (app, service, model) = chat_with_model(Script::Answer).await;
    let chatbot = chatbot(&app).await;
    let mut events = open(&service, &chatbot, "u-5", json!({ "message": "What is my moon sign?", "birthData": birth() })).await;
    let first = rest(&mut events).await;
    let conversation_id = first[0].1["conversationId"].clone();
    let mut events = open(&service, &chatbot, "u-5", json!({ "message": "And my sun?", "conversationId": conversation_id })).await;
    let second = rest(&mut events).await;
    assert_eq!(second.last().unwrap().0, "done", "{second:?}");
    let requests = model.requests.lock().await;
    let messages: Vec<(&str, &str)> = requests[1]["messages"]
        .as_array()
        .unwrap()
        .iter()
        .skip(1)
        .map(|m| (m["role"].as_str().unwrap(), m["content"].as_str().unwrap()))
        .collect();
    let answer = PIECES.concat();
    assert_eq!(messages, [("user", "What is my moon sign?"), ("assistant", answer.as_str()), ("user", "And my sun?")]);
}

#[tokio::test]
async fn a_stream_kept_waiting_by_the_model_carries_keep_alive_comments() {
    let (app, service, model) = chat_with_model(Script::Gated).await;
    let chatbot = chatbot(&app).await;
    let response = reqwest::Client::new()
        .post(format!("{service}/widget/chat/{chatbot}/user/u-6"))
        .header("origin", SHOP)
        .json(&json!({ "message": "What is my moon sign?", "birthData": birth() }))
        .send()
        .await
        .unwrap();
    // The raw bytes, as they come: an EventSource hides comments.
    let mut body = response.bytes_stream();
    let mut seen = String::new();
    let started = tokio::time::Instant::now();
    while !seen.contains(": keep-alive\n\n") {
        let chunk = tokio::time::timeout(Duration::from_secs(3), body.next()).await.expect("bytes within 3 s").unwrap().unwrap();
        seen.push_str(&String::from_utf8_lossy(&chunk));
    }
    // After the first delta, the model is silent: the comment keeps the
    // connection alive, one interval later.
    let waited = started.elapsed();
    assert!(seen.contains("event: delta") && waited >= HEARTBEAT, "{seen:?} after {waited:?}");
    model.release.notify_one();
    while !seen.contains("event: done") {
        let chunk = tokio::time::timeout(Duration::from_secs(3), body.next()).await.expect("bytes within 3 s").unwrap().unwrap();
        seen.push_str(&String::from_utf8_lossy(&chunk));
    }
}
