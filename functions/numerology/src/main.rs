//! AWS Lambda entry for the numerology family. Runs locally too (`cargo run -p numerology`).

#[tokio::main]
async fn main() -> Result<(), shared::runtime::Error> {
    shared::runtime::serve(numerology::router).await
}
