//! AWS Lambda entry for the pdf family. Runs locally too (`cargo run -p pdf`).

#[tokio::main]
async fn main() -> Result<(), shared::runtime::Error> {
    shared::runtime::serve(pdf::router).await
}
