//! A language model behind an OpenAI-compatible chat-completions endpoint
//! (OpenAI, Azure OpenAI, Amazon Bedrock's OpenAI-compatible endpoint, vLLM,
//! Ollama, ...): one request, one answer, within a time limit. Nothing of a
//! failure's details (URLs, keys, bodies) leaves this module but a reason
//! safe to show.

use std::time::Duration;

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
    messages: [ChatMessage<'a>; 2],
    temperature: f32,
    max_tokens: u32,
}

#[derive(Serialize)]
struct ChatMessage<'a> {
    role: &'a str,
    content: &'a str,
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
        let body = ChatRequest {
            model: &self.settings.model,
            messages: [ChatMessage { role: "system", content: &messages.system }, ChatMessage { role: "user", content: &messages.user }],
            temperature: 0.4,
            max_tokens: 600,
        };
        let mut request = self.client.post(&self.endpoint).json(&body);
        if let Some(key) = &self.settings.api_key {
            request = request.bearer_auth(key);
        }
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
