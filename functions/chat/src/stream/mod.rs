//! POST /widget/chat/{chatbotId}/user/{externalUserId}: a user's message,
//! answered as server-sent events (`text/event-stream`).
//!
//! Request (camelCase, unknown members refused): `message` (1–2,000
//! characters), `conversationId` (optional: continue that conversation),
//! `birthData` {`date`, `time` (optional), `latitude`, `longitude`,
//! `placeName` (optional), `timezone`} (needed on the user's first message,
//! when the chatbot has no profile for the user yet: the profile is made
//! from it; ignored once a profile exists), `userHash` (when the chatbot
//! requires it).
//!
//! Everything that can be refused is refused before the stream starts, as
//! a JSON:API error with its status: the chatbot's rules
//! (`shared::http::chat_access`), a bad body (422 at its pointer; a first
//! message without `birthData` is 422 `missing_field` at `/birthData`), an
//! unknown `conversationId` for this user (404 `conversation_not_found`),
//! the limits and the quota (429, the message charged). Nothing is written
//! before all of them have passed: a first message's profile is stored after
//! the charge, so a refused message leaves nothing behind. Once the stream
//! has started, a failure is an `error` event (`{code, detail}`) and the
//! stream ends: `internal_error` with the API's generic detail (the cause,
//! a store's error say, is logged with the request id, never sent: anyone
//! may read the stream), or `answer_interrupted`.
//!
//! The events (decisions.md): `conversation` (`{conversationId}`) first;
//! `delta` (`{text}`) as the answer is produced, each flushed as it comes;
//! `done` (`{conversationId, messageId, model}`) last, `model` saying who
//! wrote the answer (`built-in`, or `llm:{model}`). A comment line
//! (`: keep-alive`) after 15 s without another (`CHAT_HEARTBEAT_MS`). The work runs in
//! a task that stops when the client goes away (its events have nowhere to
//! go; a language model's request is dropped with them). The exchange is
//! stored when the answer is complete.
//!
//! Who answers, the built-in engine or a language model, and what becomes
//! of a model that fails: [`exchange`]. Here: the body parsed ([`input`]),
//! the exchange opened, charged and begun, and its events sent as SSE.

mod exchange;
mod input;

use std::convert::Infallible;
use std::sync::Arc;
use std::time::Duration;

use axum::Extension;
use axum::extract::{Path, State};
use axum::http::HeaderMap;
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use serde_json::json;
use shared::http::chat_access::{ChatbotLookup, admit_chat_user};
use shared::http::{ApiError, ApiJson, AppState};
use tokio::sync::mpsc::{self, Receiver};
use tracing::Instrument;

use exchange::{AnswerModel, ExchangeEvent, Ports};
use input::ChatBody;

#[tracing::instrument(name = "chat", skip_all)]
pub async fn chat(
    State(app): State<AppState>,
    Path((chatbot_id, external_user_id)): Path<(String, String)>,
    read: Option<Extension<ChatbotLookup>>,
    headers: HeaderMap,
    ApiJson(body): ApiJson<ChatBody>,
) -> Result<Response, ApiError> {
    let read = read.map(|Extension(read)| read);
    let user = admit_chat_user(&app, &chatbot_id, &external_user_id, read, &headers, body.user_hash.as_deref()).await?;
    let input = body.parse(&app.ephemeris)?;
    let opened = exchange::open(&ports(&app), user, input).await?;
    // The last check, and the first write: a visitor refused by a limit or
    // the quota leaves no profile behind.
    opened.user().charge(&app).await?;
    let exchange = opened.begin().await?;
    let (events, told) = mpsc::channel(16);
    // In the request's span: what the task logs carries its request id.
    tokio::spawn(exchange.run(events).in_current_span());
    Ok(event_stream(told, app.config.chat_heartbeat))
}

fn ports(app: &AppState) -> Ports {
    Ports {
        ephemeris: app.ephemeris.clone(),
        table: app.table.clone(),
        model: app.language_model.clone().map(|model| model as Arc<dyn AnswerModel>),
    }
}

/// The exchange's events as server-sent events, each flushed as it comes,
/// with a keep-alive comment after `heartbeat` without another.
fn event_stream(told: Receiver<ExchangeEvent>, heartbeat: Duration) -> Response {
    let stream = futures_util::stream::unfold(told, |mut told| async move {
        told.recv().await.map(|event| (Ok::<Event, Infallible>(sse_event(event)), told))
    });
    Sse::new(stream).keep_alive(KeepAlive::new().interval(heartbeat).text("keep-alive")).into_response()
}

fn sse_event(event: ExchangeEvent) -> Event {
    let (name, data) = match event {
        ExchangeEvent::Conversation { conversation_id } => ("conversation", json!({ "conversationId": conversation_id })),
        ExchangeEvent::Delta { text } => ("delta", json!({ "text": text })),
        ExchangeEvent::Done { conversation_id, message_id, model } => {
            ("done", json!({ "conversationId": conversation_id, "messageId": message_id, "model": model }))
        }
        ExchangeEvent::Failed { code, detail } => ("error", json!({ "code": code, "detail": detail })),
    };
    Event::default().event(name).data(data.to_string())
}
