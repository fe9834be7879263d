//! The two hosts of a router: AWS Lambda when the Lambda runtime is present
//! (API Gateway HTTP API events, payload v2, answered whole; or, for a
//! function whose `LAMBDA_INVOKE_MODE` is `RESPONSE_STREAM`, REST API
//! events answered as a stream), otherwise a plain local HTTP server, which
//! streams every answer as it is produced.

use axum::Router;

use crate::config::Config;
use crate::http::{AppState, finish};

pub type Error = Box<dyn std::error::Error + Send + Sync>;

/// Structured logs: JSON on Lambda (CloudWatch), readable text locally.
/// `RUST_LOG` filters; key values are never logged anywhere.
pub fn init_tracing() {
    use tracing_subscriber::EnvFilter;
    let filter = EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new("info,tower_http=info"));
    use std::io::IsTerminal;
    let builder = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_target(false)
        .with_ansi(std::io::stderr().is_terminal())
        .with_writer(std::io::stderr);
    let result = if on_lambda() { builder.json().with_current_span(true).try_init() } else { builder.compact().try_init() };
    // A second init (tests) is harmless.
    let _ = result;
}

pub fn on_lambda() -> bool {
    std::env::var_os("AWS_LAMBDA_RUNTIME_API").is_some()
}

/// Builds the state from the environment and serves `routes` (a family's
/// route table, given the state) on Lambda or on `127.0.0.1:$PORT`.
pub async fn serve(routes: impl FnOnce(&AppState) -> Router<AppState>) -> Result<(), Error> {
    init_tracing();
    #[cfg(feature = "aws")]
    let config = Config::load().await?;
    #[cfg(not(feature = "aws"))]
    let config = Config::from_env()?;
    let state = AppState::from_config(config).await?;
    let app = finish(routes(&state), state);
    if !on_lambda() {
        return serve_locally(app).await;
    }
    match InvokeMode::from_env()? {
        InvokeMode::Buffered => lambda_http::run(app).await,
        InvokeMode::ResponseStream => lambda_http::run_with_streaming_response(app).await,
    }
}

/// How Lambda takes a function's answers, as the function's front door
/// invokes it (AWS's own names). One binary serves both: the chat family's
/// management routes sit behind the HTTP API, which invokes and answers
/// whole, and its chat route behind a REST API route with
/// `ResponseTransferMode: RESPONSE_STREAM`, which needs the answer as a
/// stream (a streaming prelude, then the body as produced). A function is
/// invoked one way only, so `template.yaml` gives each door its function.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum InvokeMode {
    /// `BUFFERED` (the default): the whole answer in one response.
    Buffered,
    /// `RESPONSE_STREAM`: the answer streamed as it is produced.
    ResponseStream,
}

impl InvokeMode {
    pub const VARIABLE: &str = "LAMBDA_INVOKE_MODE";

    pub fn parse(text: Option<&str>) -> Result<Self, String> {
        match text.map(str::trim) {
            None | Some("") | Some("BUFFERED") => Ok(Self::Buffered),
            Some("RESPONSE_STREAM") => Ok(Self::ResponseStream),
            Some(other) => Err(format!("{}: '{other}' is neither BUFFERED nor RESPONSE_STREAM", Self::VARIABLE)),
        }
    }

    fn from_env() -> Result<Self, Error> {
        Ok(Self::parse(std::env::var(Self::VARIABLE).ok().as_deref())?)
    }
}

pub async fn serve_locally(app: Router) -> Result<(), Error> {
    let port: u16 = std::env::var("PORT").ok().and_then(|p| p.parse().ok()).unwrap_or(3000);
    let host = std::env::var("HOST").unwrap_or_else(|_| "127.0.0.1".into());
    let listener = tokio::net::TcpListener::bind((host.as_str(), port)).await?;
    tracing::info!(address = %listener.local_addr()?, "listening");
    axum::serve(listener, app.into_make_service_with_connect_info::<std::net::SocketAddr>())
        .with_graceful_shutdown(shutdown_signal())
        .await?;
    Ok(())
}

async fn shutdown_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let terminate = async {
        if let Ok(mut signal) = tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            signal.recv().await;
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! { _ = ctrl_c => {}, _ = terminate => {} }
}

#[cfg(test)]
mod tests {
    use super::InvokeMode;

    #[test]
    fn the_invoke_mode_is_buffered_unless_streaming_is_asked_for_by_name() {
        assert_eq!(InvokeMode::parse(None), Ok(InvokeMode::Buffered));
        assert_eq!(InvokeMode::parse(Some("BUFFERED")), Ok(InvokeMode::Buffered));
        assert_eq!(InvokeMode::parse(Some("RESPONSE_STREAM")), Ok(InvokeMode::ResponseStream));
        assert!(InvokeMode::parse(Some("stream")).unwrap_err().contains("LAMBDA_INVOKE_MODE"));
    }
}
