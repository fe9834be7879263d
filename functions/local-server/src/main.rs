//! `local-server [serve]`: the whole API on 127.0.0.1:$PORT with the embedded
//! backends under $DATA_DIR; bootstraps an organization and key on first start.
//! With STORAGE_BACKEND=aws it serves a DynamoDB table instead (load runs
//! against moto, local runs against a deployed table).
//! `local-server bootstrap [--owner-email E --owner-name N ...]`: the first
//! organization, owner and key, alone; on the embedded backend the server
//! must not be running (one process per database), on DynamoDB it is the
//! first use of a deployed stack (`make first-use`).
//! `local-server load-content`: loads the base interpretation corpus into the
//! configured store (also DynamoDB, with STORAGE_BACKEND=aws; once per corpus
//! version).
//! `local-server set-plan <organization-id> <plan>`: changes an
//! organization's plan (what billing would do; either backend).
//! `local-server dev-token [user-id]`: prints a bearer token for the local
//! dashboard user (signed with the local JWT secret), for the dashboard
//! routes; its email is `<user-id>@local.test`, the address to invite that
//! user at (see `dev.rs`).

use std::path::Path;

use local_server::bootstrap::{Bootstrapped, FirstUse, Outcome};
use shared::config::{Config, StorageConfig};
use shared::http::AppState;
use shared::runtime::{Error, init_tracing, serve_locally};
use shared::store::embedded::EmbeddedTable;

// jemalloc rather than glibc's malloc: +50 % requests/s on a natal load
// with one birth moment, +25 % with random ones (docs/benchmarks.md).
#[global_allocator]
static ALLOCATOR: tikv_jemallocator::Jemalloc = tikv_jemallocator::Jemalloc;

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
            println!("{}", local_server::dev::dev_token(settings, &user)?);
            Ok(())
        }
        other => Err(format!("unknown command '{other}'; use serve, bootstrap, load-content, set-plan or dev-token").into()),
    }
}

/// The whole API on one port. On the embedded backend, the first start
/// bootstraps an organization and key. With STORAGE_BACKEND=aws (a DynamoDB
/// table, e.g. moto's for load runs, or a deployed one) nothing is
/// bootstrapped (`bootstrap --owner-email …` does that) nor loaded
/// (`load-content` does that), and usage is
/// charged as the Lambda functions charge it: every request a conditional
/// update of the table (`AppState::from_config` picks the meter), since
/// other processes may share the table.
async fn serve(config: Config) -> Result<(), Error> {
    init_tracing();
    let data_dir = match &config.storage {
        StorageConfig::Embedded { data_dir } => Some(data_dir.clone()),
        StorageConfig::Aws { table, .. } => {
            tracing::info!(table = %table, "serving on DynamoDB");
            None
        }
    };
    let port = std::env::var("PORT").unwrap_or_else(|_| "3000".into());
    let first = match &data_dir {
        Some(dir) => prepare_store(dir).await?,
        None => None,
    };
    let state = AppState::from_config(config).await?;
    let key = match (&first, &data_dir) {
        (Some(done), _) => Some(done.api_key.clone()),
        (None, Some(dir)) => local_server::bootstrap::saved_key(dir),
        (None, None) => None,
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

/// A local store made ready to serve: the first use's organization and key
/// (returned when this start created them), then the base corpus, once per
/// corpus version (a rebuild with changed texts loads again). A DynamoDB table
/// gets the corpus from `make load-content`, as on a deployed stack: 30,000
/// items are a deploy step, not a start-up one (and on moto, whose
/// transactions copy the whole table, they would take the better part of an
/// hour).
///
/// On a handle of its own, closed before the server opens the store: redb
/// keeps every page a transaction wrote in its cache, and writing the corpus
/// left some 40 MB there and in the allocator that serving never reads (under
/// the image load, 69 MB resident after a first start against 31 MB after a
/// later one). Closing the handle frees redb's share; jemalloc's background
/// threads (Cargo.toml) return the freed pages to the system: together, and
/// only together, a first start serves with a later start's memory. A
/// configuration that `AppState::from_config` refuses is found after this
/// set-up; the next start finds the corpus loaded and does not write it again.
async fn prepare_store(data_dir: &Path) -> Result<Option<Bootstrapped>, Error> {
    let table = EmbeddedTable::open_in(data_dir)?;
    let first = local_server::bootstrap::bootstrap_if_empty(&table, data_dir).await?;
    if let Some(count) = shared::repo::content::load_base_corpus(&table).await? {
        tracing::info!(count, "base interpretation corpus loaded into the store");
    }
    Ok(first)
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

/// `bootstrap [--owner-email E --owner-name N] [--owner-id ID]
/// [--organization-name O] [--plan P]`: the first organization, its owner
/// and an API key, on either backend; the key is printed once, on stdout
/// only (never logged). On DynamoDB (a deployed table: `make first-use`)
/// the owner's email and name are required; their id is the `sub` of their
/// dashboard tokens (default: the email). On the embedded backend the
/// defaults are the local owner, and the key is also kept in the data
/// directory. A second run creates nothing and shows no key.
async fn bootstrap(config: Config) -> Result<(), Error> {
    init_tracing();
    let options = BootstrapOptions::parse(std::env::args().skip(2))?;
    let first = options.first_use(&config.storage)?;
    // A local data directory keeps the key for the server's banner.
    let key_file = match &config.storage {
        StorageConfig::Embedded { data_dir } => Some(data_dir.join(local_server::bootstrap::KEY_FILE)),
        StorageConfig::Aws { .. } => None,
    };
    let state = AppState::from_config(config).await?;
    match local_server::bootstrap::first_use(state.table.as_ref(), &first).await? {
        Outcome::Created(done) => {
            let kept = key_file.as_deref().filter(|file| local_server::bootstrap::keep_key(file, &done.api_key));
            println!("organization: {} ({}, {} plan)", done.organization_id, first.organization_name, first.plan.id());
            println!("owner: {} <{}>, id {}", first.owner.name, first.owner.email, first.owner.id);
            match kept {
                Some(file) => println!("API key (shown once; also kept in {}): {}", file.display(), done.api_key),
                None => println!("API key (shown once: store it now): {}", done.api_key),
            }
        }
        Outcome::AlreadyDone { organization_id } => {
            println!("already bootstrapped: organization {organization_id} and its first key exist; no key is shown again.");
            match key_file.filter(|file| file.exists()) {
                Some(file) => println!("The local key is in {}.", file.display()),
                None => println!("More keys: POST /api/api-keys with the owner's dashboard token."),
            }
        }
    }
    Ok(())
}

#[derive(Debug, Default)]
struct BootstrapOptions {
    owner_email: Option<String>,
    owner_name: Option<String>,
    owner_id: Option<String>,
    organization_name: Option<String>,
    plan: Option<shared::auth::Plan>,
}

impl BootstrapOptions {
    const USAGE: &str = "usage: local-server bootstrap [--owner-email EMAIL --owner-name NAME] [--owner-id ID] \
                         [--organization-name NAME] [--plan free|basic|premium|deluxe]";

    fn parse(mut args: impl Iterator<Item = String>) -> Result<Self, String> {
        let mut options = Self::default();
        while let Some(flag) = args.next() {
            // `--flag value` or `--flag=value`.
            let (flag, inline) = match flag.split_once('=') {
                Some((flag, value)) => (flag.to_owned(), Some(value.to_owned())),
                None => (flag, None),
            };
            let value = inline.or_else(|| args.next()).filter(|v| !v.trim().is_empty());
            let value = value.ok_or_else(|| format!("{flag} needs a value; {}", Self::USAGE))?.trim().to_owned();
            match flag.as_str() {
                "--owner-email" => options.owner_email = Some(value),
                "--owner-name" => options.owner_name = Some(value),
                "--owner-id" => options.owner_id = Some(value),
                "--organization-name" => options.organization_name = Some(value),
                "--plan" => {
                    let plan = shared::auth::Plan::ALL.into_iter().find(|p| p.id() == value);
                    options.plan = Some(plan.ok_or_else(|| format!("unknown plan '{value}'; {}", Self::USAGE))?);
                }
                other => return Err(format!("unknown option '{other}'; {}", Self::USAGE)),
            }
        }
        if options.owner_email.as_deref().is_some_and(|e| !e.contains('@')) {
            return Err("--owner-email is not an email address".into());
        }
        Ok(options)
    }

    /// No owner given: the local installation's bootstrap.
    fn is_local(&self) -> bool {
        self.owner_email.is_none() && self.owner_name.is_none() && self.owner_id.is_none()
    }

    fn first_use(&self, storage: &StorageConfig) -> Result<FirstUse, String> {
        let local = FirstUse::local();
        if self.is_local() {
            if let StorageConfig::Aws { .. } = storage {
                return Err(format!("a deployed table needs its owner: --owner-email and --owner-name; {}", Self::USAGE));
            }
            return Ok(FirstUse {
                organization_name: self.organization_name.clone().unwrap_or(local.organization_name),
                plan: self.plan.unwrap_or(local.plan),
                owner: local.owner,
            });
        }
        let (Some(email), Some(name)) = (self.owner_email.clone(), self.owner_name.clone()) else {
            return Err(format!("--owner-email and --owner-name go together; {}", Self::USAGE));
        };
        Ok(FirstUse {
            organization_name: self.organization_name.clone().unwrap_or_else(|| format!("{name}'s organization")),
            plan: self.plan.unwrap_or(local.plan),
            owner: shared::repo::orgs::User { id: self.owner_id.clone().unwrap_or_else(|| email.clone()), email, name },
        })
    }
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
