//! AWS Lambda entry for /mcp. Runs locally too (`cargo run -p mcp`).

#[tokio::main]
async fn main() -> Result<(), shared::runtime::Error> {
    shared::runtime::serve(mcp::router).await
}
