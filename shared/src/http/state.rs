//! What handlers share: built once per process (per Lambda container).

use std::sync::Arc;

use crate::astro::Ephemeris;
use crate::auth::jwt::JwtVerifier;
use crate::blob::BlobStore;
use crate::config::{Config, StorageConfig};
use crate::metering::{BufferedMeter, DirectMeter, SharedMeter};
use crate::repo::api_keys::PointerCache;
use crate::signing::LinkSigner;
use crate::sky_tracks::SkyTracks;
use crate::store::SharedTable;

/// Cheap to clone: axum's middleware and handlers clone their state for
/// every request, so the services sit behind one `Arc` (one reference count
/// rather than one each) and are read through `Deref`. Writing a field
/// (tests swap a store) copies them first (`Arc::make_mut`), so no other
/// clone sees the change.
#[derive(Clone)]
pub struct AppState(Arc<Services>);

impl std::ops::Deref for AppState {
    type Target = Services;
    fn deref(&self) -> &Services {
        &self.0
    }
}

impl std::ops::DerefMut for AppState {
    fn deref_mut(&mut self) -> &mut Services {
        Arc::make_mut(&mut self.0)
    }
}

/// What [`AppState`] holds.
#[derive(Clone)]
pub struct Services {
    pub ephemeris: Arc<Ephemeris>,
    pub table: SharedTable,
    pub blobs: Arc<dyn BlobStore>,
    pub config: Arc<Config>,
    /// Signs and verifies chart image links.
    pub signer: Arc<LinkSigner>,
    pub jwt: Option<Arc<JwtVerifier>>,
    /// Counts requests against rate limits and quotas.
    pub meter: SharedMeter,
    /// Where API keys are, kept across requests (nothing in it can go stale).
    pub key_pointers: Arc<PointerCache>,
    /// Writes AI summaries when configured (else the built-in writer does).
    pub language_model: Option<Arc<crate::llm::LanguageModel>>,
    /// The transiting bodies' tracks of recent periods (transits, events).
    pub sky_tracks: Arc<SkyTracks>,
}

#[derive(Debug, thiserror::Error)]
pub enum StartupError {
    #[error(transparent)]
    Config(#[from] crate::config::ConfigError),
    #[error(transparent)]
    Ephemeris(#[from] crate::astro::EphemerisError),
    #[error(transparent)]
    Store(#[from] crate::store::StoreError),
    #[error("blob store: {0}")]
    Blob(String),
    #[error("JWT configuration: {0}")]
    Jwt(#[from] crate::auth::jwt::JwtError),
    #[error("language model client: {0}")]
    LanguageModel(#[from] crate::llm::LlmError),
}

impl AppState {
    pub async fn from_config(config: Config) -> Result<Self, StartupError> {
        let ephemeris = Arc::new(Ephemeris::new(config.ephemeris_extra_dir.as_deref())?);
        let (table, blobs): (SharedTable, Arc<dyn BlobStore>) = match &config.storage {
            StorageConfig::Embedded { data_dir } => (
                Arc::new(crate::store::embedded::EmbeddedTable::open_in(data_dir)?),
                Arc::new(crate::blob::fs::FsBlobs::new(data_dir.join("blobs"))),
            ),
            #[cfg(feature = "aws")]
            StorageConfig::Aws { table, bucket } => {
                let aws = crate::aws::sdk_config(&config.aws_calls).await;
                let s3_config = aws_sdk_s3::config::Builder::from(&aws).force_path_style(std::env::var("AWS_ENDPOINT_URL").is_ok()).build();
                (
                    Arc::new(crate::store::dynamo::DynamoTable::new(aws_sdk_dynamodb::Client::new(&aws), table.clone())),
                    Arc::new(crate::blob::s3::S3Blobs::new(aws_sdk_s3::Client::from_conf(s3_config), bucket.clone())),
                )
            }
            #[cfg(not(feature = "aws"))]
            StorageConfig::Aws { .. } => return Err(StartupError::Blob("built without the aws feature".into())),
        };
        let jwt = match &config.jwt {
            Some(settings) => Some(Arc::new(
                JwtVerifier::new(&settings.key, &settings.issuer, &settings.audience)?.with_max_lifetime(settings.max_lifetime_seconds),
            )),
            None => None,
        };
        let signer = LinkSigner::new(&config.link_signing_keys);
        let meter: SharedMeter = match &config.storage {
            // One process owns a redb file: exact counts in memory, written behind.
            StorageConfig::Embedded { .. } => {
                let meter = Arc::new(BufferedMeter::new(table.clone()));
                meter.spawn_flusher(std::time::Duration::from_millis(config.meter_flush_interval_ms));
                meter
            }
            // Lambda containers share only the table: every charge is a conditional update.
            StorageConfig::Aws { .. } => Arc::new(DirectMeter::new(table.clone())),
        };
        let language_model = match &config.language_model {
            Some(settings) => Some(Arc::new(crate::llm::LanguageModel::new(settings.clone())?)),
            None => None,
        };
        Ok(Self(Arc::new(Services {
            ephemeris,
            table,
            blobs,
            config: Arc::new(config),
            signer: Arc::new(signer),
            jwt,
            meter,
            key_pointers: Arc::new(PointerCache::new()),
            language_model,
            sky_tracks: Arc::new(SkyTracks::default()),
        })))
    }
}
