//! AWS Lambda entry for /api/calc/*. Runs locally too (`cargo run -p calc`).

#[tokio::main]
async fn main() -> Result<(), shared::runtime::Error> {
    shared::runtime::serve(calc::router).await
}
