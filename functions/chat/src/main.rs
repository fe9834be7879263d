//! AWS Lambda entry for the chat family. Runs locally too (`cargo run -p chat`).

#[tokio::main]
async fn main() -> Result<(), shared::runtime::Error> {
    shared::runtime::serve(chat::router).await
}
