//! AWS Lambda entry for the keys family. Runs locally too (`cargo run -p keys`).

#[tokio::main]
async fn main() -> Result<(), shared::runtime::Error> {
    shared::runtime::serve(keys::router).await
}
