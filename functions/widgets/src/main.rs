//! AWS Lambda entry for the widgets family. Runs locally too (`cargo run -p widgets`).

#[tokio::main]
async fn main() -> Result<(), shared::runtime::Error> {
    shared::runtime::serve(widgets::router).await
}
