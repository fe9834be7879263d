//! `local-server [serve]`: the whole API on 127.0.0.1:$PORT with the embedded
//! backends under $DATA_DIR; bootstraps an organization and key on first start.
//! `local-server bootstrap`: the first-start bootstrap alone (the server must
//! not be running: the embedded database allows one process).
//! `local-server load-content`: loads the base interpretation corpus into the
//! configured store (also DynamoDB, with STORAGE_BACKEND=aws; once per corpus
//! version).
//! `local-server set-plan <organization-id> <plan>`: changes an
//! organization's plan (what billing would do; either backend).
//! `local-server dev-token [user-id]`: prints a bearer token for the local
//! dashboard user (signed with the local JWT secret), for the key endpoints.

use shared::config::{Config, StorageConfig};
use shared::http::AppState;
use shared::runtime::{Error, init_tracing, serve_locally};

#[tokio::main]
async fn main() -> Result<(), Error> {
    let command = std::env::args().nth(1).unwrap_or_else(|| "serve".into());
    // Secrets by value or, against a deployed stack, by ARN (`*_ARN`).
    let config = Config::load().await?;
    match command.as_str() {
        "serve" => serve(config).await,
        "bootstrap" => bootstrap(config).await,
        "load-content" => load_content(config).await,
        "set-plan" => set_plan(config).await,
        "dev-token" => {
            let user = std::env::args().nth(2).unwrap_or_else(|| local_server::bootstrap::LOCAL_OWNER_ID.into());
            let settings = config.jwt.as_ref().ok_or("no JWT key configured")?;
            let verifier = shared::auth::jwt::JwtVerifier::new(&settings.key, &settings.issuer, &settings.audience)?;
            println!("{}", verifier.mint(&user, &format!("{user}@localhost"), 12 * 3600)?);
            Ok(())
        }
        other => Err(format!("unknown command '{other}'; use serve, bootstrap, load-content, set-plan or dev-token").into()),
    }
}

async fn serve(config: Config) -> Result<(), Error> {
    init_tracing();
    let StorageConfig::Embedded { data_dir } = config.storage.clone() else {
        return Err("the local server runs on the embedded backends (STORAGE_BACKEND=embedded)".into());
    };
    let port = std::env::var("PORT").unwrap_or_else(|_| "3000".into());
    let state = AppState::from_config(config).await?;
    let first = local_server::bootstrap::bootstrap_if_empty(state.table.as_ref(), &data_dir).await?;
    // The base corpus into the store: once per corpus version (a rebuild
    // with changed texts loads again).
    if let Some(count) = shared::repo::content::load_base_corpus(state.table.as_ref()).await? {
        tracing::info!(count, "base interpretation corpus loaded into the store");
    }
    let key = match &first {
        Some(done) => Some(done.api_key.clone()),
        None => local_server::bootstrap::saved_key(&data_dir),
    };
    let meter = state.meter.clone();
    let app = local_server::app(state).map_err(|drift| drift.iter().map(ToString::to_string).collect::<Vec<_>>().join("; "))?;
    print_banner(&port, key.as_deref(), first.is_some());
    let served = serve_locally(app).await;
    // A clean stop (Ctrl-C, SIGTERM) loses no usage counts.
    if let Err(error) = meter.flush().await {
        tracing::error!(%error, "usage counters could not be written at shutdown");
    }
    served
}

/// Loads the base interpretation corpus into the configured store (embedded,
/// or DynamoDB with STORAGE_BACKEND=aws: the deploy step `make load-content`).
async fn load_content(config: Config) -> Result<(), Error> {
    init_tracing();
    let state = AppState::from_config(config).await?;
    match shared::repo::content::load_base_corpus(state.table.as_ref()).await? {
        Some(count) => println!("loaded {count} base texts (corpus {})", shared::content::corpus::version()),
        None => println!("the store already holds corpus {}", shared::content::corpus::version()),
    }
    Ok(())
}

/// `set-plan <organization-id> <free|basic|premium|deluxe>`: what billing
/// does when a subscription changes (no payment integration exists yet, so
/// no API endpoint sells plans); works on either backend.
async fn set_plan(config: Config) -> Result<(), Error> {
    let (Some(org_id), Some(plan_id)) = (std::env::args().nth(2), std::env::args().nth(3)) else {
        return Err("usage: local-server set-plan <organization-id> <free|basic|premium|deluxe>".into());
    };
    let plan = shared::auth::Plan::ALL.into_iter().find(|p| p.id() == plan_id).ok_or_else(|| format!("unknown plan '{plan_id}'"))?;
    let state = AppState::from_config(config).await?;
    let table = state.table.as_ref();
    let mut organization =
        shared::repo::orgs::get_organization(table, &org_id).await?.ok_or_else(|| format!("no organization '{org_id}'"))?;
    organization.plan = plan;
    shared::repo::orgs::update_organization(table, &organization).await?;
    println!("organization {org_id} is on the {plan_id} plan");
    Ok(())
}

async fn bootstrap(config: Config) -> Result<(), Error> {
    let StorageConfig::Embedded { data_dir } = config.storage.clone() else {
        return Err("bootstrap is for the embedded backends (STORAGE_BACKEND=embedded)".into());
    };
    let state = AppState::from_config(config).await?;
    match local_server::bootstrap::bootstrap_if_empty(state.table.as_ref(), &data_dir).await? {
        Some(done) => {
            println!("organization: {}", done.organization_id);
            println!("owner: {}", local_server::bootstrap::LOCAL_OWNER_ID);
            println!("API key (shown once; also kept in {}): {}", data_dir.join(local_server::bootstrap::KEY_FILE).display(), done.api_key);
        }
        None => println!("already bootstrapped; the key is in {}", data_dir.join(local_server::bootstrap::KEY_FILE).display()),
    }
    Ok(())
}

/// For the developer's terminal (stdout), not the log: the log never carries keys.
fn print_banner(port: &str, key: Option<&str>, first_start: bool) {
    let base = format!("http://127.0.0.1:{port}");
    println!();
    println!("Astrology API running at {base}");
    if first_start {
        println!("First start: created a local organization, its owner and an API key (kept in $DATA_DIR/bootstrap-api-key).");
    }
    let key = key.unwrap_or("<your API key>");
    println!("Try:");
    println!(
        "  curl -s -X POST {base}/api/calc/natal -H 'Content-Type: application/json' -H 'X-Api-Key: {key}' \\\n    -d '{{\"dateTime\":\"1990-05-11T14:30\",\"location\":{{\"latitude\":41.9028,\"longitude\":12.4964,\"timezone\":\"Europe/Rome\"}}}}'"
    );
    println!("With interpretation texts, in Spanish: add \"includeText\":true,\"language\":\"es\" to the body. The texts themselves:");
    println!("  curl -s '{base}/api/content/natal/planet-in-sign?filter%5Bpoint%5D=venus' -H 'X-Api-Key: {key}'");
    println!();
}
