//! The two hosts of a router: AWS Lambda (API Gateway HTTP API, payload v2)
//! when the Lambda runtime is present, otherwise a plain local HTTP server.

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
    if on_lambda() { lambda_http::run(app).await } else { serve_locally(app).await }
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
