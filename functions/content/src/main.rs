//! AWS Lambda entry for the content family. Runs locally too (`cargo run -p content`).

#[tokio::main]
async fn main() -> Result<(), shared::runtime::Error> {
    shared::runtime::serve(content::router).await
}
