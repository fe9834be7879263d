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
    let app = app.layer(axum::middleware::from_fn(unread_body::close_when_unread));
    axum::serve(listener, app.into_make_service_with_connect_info::<std::net::SocketAddr>())
        .with_graceful_shutdown(shutdown_signal())
        .await?;
    Ok(())
}

/// A refusal answered before the request's body has arrived (a 401 for a
/// missing key, a 413 from the declared length) leaves bytes on the wire
/// the server will not read, so hyper closes the connection after the
/// answer, but silently: a client that pools connections sends its next
/// request into a closed socket ("Server disconnected"). Saying
/// `Connection: close` on exactly those answers tells the client not to
/// reuse the connection. Lambda is not concerned: API Gateway reads the
/// whole body before it invokes a function.
mod unread_body {
    use std::pin::Pin;
    use std::sync::Arc;
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::task::{Context, Poll};

    use axum::body::{Body, Bytes};
    use axum::extract::Request;
    use axum::http::{HeaderValue, header};
    use axum::middleware::Next;
    use axum::response::Response;
    use http_body::{Body as _, Frame, SizeHint};

    pub async fn close_when_unread(request: Request, next: Next) -> Response {
        let (parts, body) = request.into_parts();
        if body.is_end_stream() {
            return next.run(Request::from_parts(parts, body)).await;
        }
        let finished = Arc::new(AtomicBool::new(false));
        let body = Body::new(Watched { inner: body, finished: finished.clone() });
        let mut response = next.run(Request::from_parts(parts, body)).await;
        if !finished.load(Ordering::Acquire) {
            response.headers_mut().insert(header::CONNECTION, HeaderValue::from_static("close"));
        }
        response
    }

    /// The request body, noting when its end has been read.
    struct Watched {
        inner: Body,
        finished: Arc<AtomicBool>,
    }

    impl http_body::Body for Watched {
        type Data = Bytes;
        type Error = axum::Error;

        fn poll_frame(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Result<Frame<Bytes>, axum::Error>>> {
            let polled = Pin::new(&mut self.inner).poll_frame(cx);
            if matches!(polled, Poll::Ready(None)) || self.inner.is_end_stream() {
                self.finished.store(true, Ordering::Release);
            }
            polled
        }

        fn is_end_stream(&self) -> bool {
            self.inner.is_end_stream()
        }

        fn size_hint(&self) -> SizeHint {
            self.inner.size_hint()
        }
    }
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
    use axum::Router;
    use axum::http::StatusCode;
    use axum::routing::post;
    use tokio::io::{AsyncReadExt, AsyncWriteExt};

    /// Sends `head` and `body` on a fresh connection to a server that
    /// refuses `/refuse` without reading the body and echoes `/read`'s,
    /// and returns the answer's head.
    async fn answer_head(path: &str, declared: usize, sent: &[u8]) -> String {
        let app = Router::new()
            .route("/refuse", post(|| async { StatusCode::UNAUTHORIZED }))
            .route("/read", post(|body: String| async move { body }))
            .layer(axum::middleware::from_fn(super::unread_body::close_when_unread));
        let listener = tokio::net::TcpListener::bind(("127.0.0.1", 0)).await.unwrap();
        let address = listener.local_addr().unwrap();
        tokio::spawn(async move { axum::serve(listener, app).await });
        let mut socket = tokio::net::TcpStream::connect(address).await.unwrap();
        let head = format!("POST {path} HTTP/1.1\r\nhost: x\r\ncontent-type: text/plain\r\ncontent-length: {declared}\r\n\r\n");
        socket.write_all(head.as_bytes()).await.unwrap();
        socket.write_all(sent).await.unwrap();
        let mut answer = Vec::new();
        let mut buffer = [0u8; 4096];
        while !answer.windows(4).any(|w| w == b"\r\n\r\n") {
            let read = socket.read(&mut buffer).await.unwrap();
            assert!(read > 0, "the server closed the connection without an answer");
            answer.extend_from_slice(&buffer[..read]);
        }
        String::from_utf8_lossy(&answer).to_lowercase()
    }

    #[tokio::test]
    async fn a_refusal_before_the_body_arrives_says_connection_close() {
        // Half of the declared body: the rest would arrive after the answer.
        let head = answer_head("/refuse", 10_000, &[b'x'; 5_000]).await;
        assert!(head.starts_with("http/1.1 401"), "{head}");
        assert!(head.contains("connection: close"), "a pooling client would reuse a closed connection: {head}");
    }

    #[tokio::test]
    async fn an_answer_after_the_whole_body_keeps_the_connection() {
        let head = answer_head("/read", 5, b"hello").await;
        assert!(head.starts_with("http/1.1 200"), "{head}");
        assert!(!head.contains("connection: close"), "{head}");
    }

    #[test]
    fn the_invoke_mode_is_buffered_unless_streaming_is_asked_for_by_name() {
        assert_eq!(InvokeMode::parse(None), Ok(InvokeMode::Buffered));
        assert_eq!(InvokeMode::parse(Some("BUFFERED")), Ok(InvokeMode::Buffered));
        assert_eq!(InvokeMode::parse(Some("RESPONSE_STREAM")), Ok(InvokeMode::ResponseStream));
        assert!(InvokeMode::parse(Some("stream")).unwrap_err().contains("LAMBDA_INVOKE_MODE"));
    }
}
