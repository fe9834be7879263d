//! AWS Lambda entry for the orgs family. Runs locally too (`cargo run -p orgs`).

#[tokio::main]
async fn main() -> Result<(), shared::runtime::Error> {
    shared::runtime::serve(orgs::router).await
}
