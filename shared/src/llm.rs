//! A language model behind an OpenAI-compatible chat-completions endpoint
//! (OpenAI, Azure OpenAI, Amazon Bedrock's OpenAI-compatible endpoint, vLLM,
//! Ollama, ...): one request, one answer, within a time limit (summaries), or
//! the answer streamed as the model writes it (`stream: true`, server-sent
//! events of `chat.completion.chunk`s ending with `data: [DONE]`; the chat).
//! Nothing of a failure's details (URLs, keys, bodies) leaves this module but
//! a reason safe to show.

use std::pin::Pin;
use std::time::Duration;

use eventsource_stream::Eventsource;
use futures_util::{Stream, StreamExt};
use serde::{Deserialize, Serialize};

use crate::summary::prompt::Messages;

/// Where the model is and how to reach it (see `config`).
#[derive(Clone)]
pub struct LlmSettings {
    /// Base URL of the API, e.g. `https://api.openai.com/v1`; requests go to
    /// `{base}/chat/completions`.
    pub base_url: String,
    pub model: String,
    pub api_key: Option<String>,
    pub time_limit: Duration,
}

impl std::fmt::Debug for LlmSettings {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "LlmSettings({}, {}, {:?})", self.base_url, self.model, self.time_limit)
    }
}

#[derive(Debug, thiserror::Error)]
pub enum LlmError {
    #[error("the language model did not answer within {0:?}")]
    Timeout(Duration),
    #[error("the language model answered with HTTP {0}")]
    Status(u16),
    #[error("the language model could not be reached: {0}")]
    Transport(String),
    #[error("the language model's answer could not be read: {0}")]
    Malformed(String),
}

impl LlmError {
    /// The reason, without anything of the endpoint's or the answer's text.
    pub fn public_reason(&self) -> String {
        match self {
            Self::Timeout(limit) => format!("the language model did not answer within {} ms", limit.as_millis()),
            Self::Status(status) => format!("the language model answered with HTTP {status}"),
            Self::Transport(_) => "the language model could not be reached".to_owned(),
            Self::Malformed(_) => "the language model's answer could not be read".to_owned(),
        }
    }
}

pub struct LanguageModel {
    client: reqwest::Client,
    endpoint: String,
    settings: LlmSettings,
}

#[derive(Serialize)]
struct ChatRequest<'a> {
    model: &'a str,
    messages: &'a [Turn],
    temperature: f32,
    max_tokens: u32,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    stream: bool,
}

/// One message of the conversation the model is given.
#[derive(Debug, Clone, Serialize)]
pub struct Turn {
    pub role: Role,
    pub content: String,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Role {
    System,
    User,
    Assistant,
}

impl Turn {
    pub fn new(role: Role, content: impl Into<String>) -> Self {
        Self { role, content: content.into() }
    }
}

/// The pieces of a streamed answer, in order, as the model writes them.
pub type AnswerPieces = Pin<Box<dyn Stream<Item = Result<String, LlmError>> + Send>>;

/// The longest a streamed answer may take in all; each piece must come
/// within the model's time limit of the one before.
const STREAM_LIMIT: Duration = Duration::from_secs(120);

#[derive(Deserialize)]
struct Chunk {
    #[serde(default)]
    choices: Vec<ChunkChoice>,
}

#[derive(Deserialize)]
struct ChunkChoice {
    #[serde(default)]
    delta: ChunkDelta,
}

#[derive(Default, Deserialize)]
struct ChunkDelta {
    content: Option<String>,
}

#[derive(Deserialize)]
struct ChatResponse {
    choices: Vec<Choice>,
}

#[derive(Deserialize)]
struct Choice {
    message: AnswerMessage,
}

#[derive(Deserialize)]
struct AnswerMessage {
    content: Option<String>,
}

impl LanguageModel {
    pub fn new(settings: LlmSettings) -> Result<Self, LlmError> {
        let client = reqwest::Client::builder()
            .timeout(settings.time_limit)
            .connect_timeout(settings.time_limit.min(Duration::from_secs(3)))
            // Each streamed chat answer holds its own connection (HTTP/1.1);
            // after a burst, keep a few for the next answers, not them all.
            .pool_max_idle_per_host(32)
            .pool_idle_timeout(Duration::from_secs(30))
            .build()
            .map_err(|e| LlmError::Transport(e.to_string()))?;
        let endpoint = format!("{}/chat/completions", settings.base_url.trim_end_matches('/'));
        Ok(Self { client, endpoint, settings })
    }

    /// `llm:{model}`: what `model` reports for its summaries.
    pub fn name(&self) -> String {
        format!("llm:{}", self.settings.model)
    }

    pub fn time_limit(&self) -> Duration {
        self.settings.time_limit
    }

    /// The model's answer to the two messages.
    pub async fn complete(&self, messages: &Messages) -> Result<String, LlmError> {
        let turns = [Turn::new(Role::System, messages.system.as_str()), Turn::new(Role::User, messages.user.as_str())];
        let request = self.request(&turns, false);
        let limit = self.settings.time_limit;
        let answer = tokio::time::timeout(limit, async {
            let response = request.send().await.map_err(|e| classify(e, limit))?;
            let status = response.status();
            if !status.is_success() {
                return Err(LlmError::Status(status.as_u16()));
            }
            response.json::<ChatResponse>().await.map_err(|e| match classify(e, limit) {
                LlmError::Transport(reason) => LlmError::Malformed(reason),
                other => other,
            })
        })
        .await
        .map_err(|_| LlmError::Timeout(limit))??;
        answer
            .choices
            .into_iter()
            .next()
            .and_then(|choice| choice.message.content)
            .ok_or_else(|| LlmError::Malformed("no choice with content".into()))
    }

    fn request(&self, turns: &[Turn], stream: bool) -> reqwest::RequestBuilder {
        let body = ChatRequest { model: &self.settings.model, messages: turns, temperature: 0.4, max_tokens: 600, stream };
        let mut request = self.client.post(&self.endpoint).json(&body);
        if stream {
            // The client's limit is for whole answers; a stream has its own.
            request = request.timeout(STREAM_LIMIT);
        }
        match &self.settings.api_key {
            Some(key) => request.bearer_auth(key),
            None => request,
        }
    }

    /// The model's answer to `turns`, streamed: an error here means nothing
    /// was written (the caller may answer otherwise); an error in the pieces
    /// means the answer broke off. The model's first piece, and each next
    /// one, must come within the time limit.
    pub async fn stream(&self, turns: &[Turn]) -> Result<AnswerPieces, LlmError> {
        let limit = self.settings.time_limit;
        let request = self.request(turns, true);
        let response =
            tokio::time::timeout(limit, request.send()).await.map_err(|_| LlmError::Timeout(limit))?.map_err(|e| classify(e, limit))?;
        let status = response.status();
        if !status.is_success() {
            return Err(LlmError::Status(status.as_u16()));
        }
        let mut events = response.bytes_stream().eventsource();
        let mut pieces = futures_util::stream::poll_fn(move |cx| events.poll_next_unpin(cx)).boxed();
        // Wait for the first piece here, so that a model that accepts the
        // request but writes nothing counts as not having answered.
        let first = loop {
            match next_piece(&mut pieces, limit).await {
                Some(Ok(Some(text))) => break text,
                Some(Ok(None)) => continue,
                Some(Err(error)) => return Err(error),
                None => return Err(LlmError::Malformed("the stream ended before any text".into())),
            }
        };
        let rest = futures_util::stream::unfold(Some(pieces), move |state| async move {
            let mut pieces = state?;
            loop {
                match next_piece(&mut pieces, limit).await {
                    Some(Ok(Some(text))) => return Some((Ok(text), Some(pieces))),
                    Some(Ok(None)) => continue,
                    Some(Err(error)) => return Some((Err(error), None)),
                    None => return None,
                }
            }
        });
        Ok(futures_util::stream::once(async move { Ok(first) }).chain(rest).boxed())
    }
}

type RawEvents =
    Pin<Box<dyn Stream<Item = Result<eventsource_stream::Event, eventsource_stream::EventStreamError<reqwest::Error>>> + Send>>;

/// The next event of the stream: `Some(Ok(Some(text)))` a piece of the
/// answer, `Some(Ok(None))` an event without text (the role, the finish
/// reason, a comment), `None` the end (`[DONE]`, or the connection closed
/// after it).
async fn next_piece(events: &mut RawEvents, limit: Duration) -> Option<Result<Option<String>, LlmError>> {
    let event = match tokio::time::timeout(limit, events.next()).await {
        Err(_) => return Some(Err(LlmError::Timeout(limit))),
        Ok(None) => return Some(Err(LlmError::Malformed("the stream ended without [DONE]".into()))),
        Ok(Some(Err(error))) => return Some(Err(LlmError::Transport(error.to_string()))),
        Ok(Some(Ok(event))) => event,
    };
    let data = event.data.trim();
    if data == "[DONE]" {
        return None;
    }
    if data.is_empty() {
        return Some(Ok(None));
    }
    match serde_json::from_str::<Chunk>(data) {
        Ok(chunk) => Some(Ok(chunk.choices.into_iter().next().and_then(|c| c.delta.content).filter(|text| !text.is_empty()))),
        Err(error) => Some(Err(LlmError::Malformed(format!("a chunk is not a chat.completion.chunk: {error}")))),
    }
}

fn classify(error: reqwest::Error, limit: Duration) -> LlmError {
    if error.is_timeout() {
        LlmError::Timeout(limit)
    } else if error.is_decode() {
        LlmError::Malformed(error.without_url().to_string())
    } else {
        LlmError::Transport(error.without_url().to_string())
    }
}
