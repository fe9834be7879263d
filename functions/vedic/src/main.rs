//! AWS Lambda entry for the Vedic family. Runs locally too (`cargo run -p vedic`).

#[tokio::main]
async fn main() -> Result<(), shared::runtime::Error> {
    shared::runtime::serve(vedic::router).await
}
