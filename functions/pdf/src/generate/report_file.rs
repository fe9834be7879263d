//! The report file a request names: the stored one when the same request
//! was made before, else one rendered now and stored for the next time.
//!
//! A report is stored through the blob port under
//! `reports/{organization}/{id}.pdf`, the id a hash of the normalized
//! request, the layout version, the compatibility date and the
//! organization's own texts: a change to any of them is another file.
//!
//! The store is there so that a repeated request costs no rendering. A
//! download link needs it; the PDF itself does not. So a store that fails
//! refuses a link at once (a 503 for the client, not charged), while a PDF
//! is rendered and served unstored (charged), without a second wait on a
//! store that just failed.

use std::sync::Arc;

use chrono::{DateTime, Utc};
use sha2::{Digest, Sha256};
use shared::astro::Ephemeris;
use shared::blob::{BlobError, BlobStore};
use shared::content::ContentKey;
use shared::http::ApiError;
use shared::repo::RepoError;
use shared::repo::content::TextSource;
use shared::store::Table;

use crate::document::{self, LAYOUT_VERSION};
use crate::report::{ReportError, ReportRequest, build};
use crate::request::normalized;

pub const PDF: &str = "application/pdf";

/// How the report reaches the client.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Delivery {
    /// The PDF itself, in the answer: served even when the store fails.
    File,
    /// A time-limited link to the stored file: nothing without the store.
    Link,
}

/// A report asked for.
pub struct ReportOrder<'a> {
    pub organization_id: &'a str,
    pub request: &'a ReportRequest,
    /// The compatibility date the answer follows (`ResolvedVersion::applied_text`).
    pub version: String,
    pub delivery: Delivery,
    /// The date a report rendered now carries.
    pub created: DateTime<Utc>,
}

/// The ports the report file needs.
pub struct Ports<'a> {
    pub ephemeris: &'a Arc<Ephemeris>,
    /// The organization's own texts.
    pub table: &'a dyn Table,
    /// The stored reports.
    pub blobs: &'a dyn BlobStore,
}

/// The report, and where it came from.
#[derive(Debug)]
pub struct ReportFile {
    /// Names the report (the hash of what it is made of).
    pub id: String,
    /// Where it is stored (or would have been, had the store answered).
    pub key: String,
    pub bytes: Vec<u8>,
    /// Whether the stored file served this request.
    pub cached: bool,
}

#[derive(Debug, thiserror::Error)]
pub enum ReportFileError {
    /// The organization's texts could not be read.
    #[error(transparent)]
    Texts(#[from] RepoError),
    /// The store failed where the delivery needs it.
    #[error(transparent)]
    Store(#[from] BlobError),
    /// The request cannot be reported on after all (a date the ephemeris
    /// does not cover).
    #[error(transparent)]
    Report(#[from] ReportError),
    /// The pages could not be written.
    #[error("the report could not be written: {0}")]
    Written(String),
}

impl From<ReportFileError> for ApiError {
    fn from(error: ReportFileError) -> Self {
        match error {
            ReportFileError::Texts(error) => error.into(),
            ReportFileError::Store(error) => error.into(),
            ReportFileError::Report(ReportError::Ephemeris(error)) => ApiError::invalid_field("/transitDate", error.to_string()),
            ReportFileError::Report(ReportError::Incomplete(detail)) => ApiError::invalid_field("/reportType", detail),
            ReportFileError::Written(cause) => ApiError::internal(cause),
        }
    }
}

/// The report `order` names, from the store or rendered now (and then
/// stored, when the store answered).
pub async fn report_file(ports: &Ports<'_>, order: ReportOrder<'_>) -> Result<ReportFile, ReportFileError> {
    let request = order.request;
    // The organization's copies where it has them, read once per request.
    let texts = TextSource::load(ports.table, order.organization_id, &request.kind.corpora(), request.language).await?;
    let id = report_id(request, &order.version, &texts);
    let key = format!("reports/{}/{id}.pdf", order.organization_id);
    let store_answers = match ports.blobs.get(&key).await {
        Ok(Some(stored)) => return Ok(ReportFile { id, key, bytes: stored.bytes, cached: true }),
        Ok(None) => true,
        Err(error) if order.delivery == Delivery::Link => return Err(error.into()),
        Err(error) => {
            tracing::warn!(%error, "the report store did not answer; the report is rendered and served unstored");
            false
        }
    };
    let bytes = render(ports.ephemeris.clone(), request.clone(), texts, order.created).await?;
    if store_answers {
        match ports.blobs.put(&key, bytes.clone(), PDF).await {
            Ok(()) => {}
            Err(error) if order.delivery == Delivery::File => {
                tracing::warn!(%error, "the report store did not answer; the report is served unstored");
            }
            Err(error) => return Err(error.into()),
        }
    }
    Ok(ReportFile { id, key, bytes, cached: false })
}

/// What names a report: the request, the layout, the compatibility date and
/// the organization's texts, hashed (the first 16 bytes, in hex).
fn report_id(request: &ReportRequest, version: &str, texts: &TextSource) -> String {
    let mut hash = Sha256::new();
    for part in [normalized(request).to_string(), LAYOUT_VERSION.to_owned(), version.to_owned(), texts.fingerprint()] {
        hash.update(part.as_bytes());
        hash.update([0]);
    }
    hex::encode(&hash.finalize()[..16])
}

/// The report laid out and written as a PDF.
async fn render(
    ephemeris: Arc<Ephemeris>,
    request: ReportRequest,
    texts: TextSource,
    created: DateTime<Utc>,
) -> Result<Vec<u8>, ReportFileError> {
    // Laying out and compressing takes milliseconds of CPU: off the async workers.
    tokio::task::spawn_blocking(move || {
        let lookup = |key: &ContentKey| texts.text(key);
        let report = build(&ephemeris, &request, &lookup, created)?;
        document::write(&report).map_err(|error| ReportFileError::Written(error.to_string()))
    })
    .await
    .map_err(|error| ReportFileError::Written(error.to_string()))?
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::{AtomicUsize, Ordering};

    use shared::blob::Blob;
    use shared::blob::fs::FsBlobs;
    use shared::language::Language;
    use shared::store::embedded::EmbeddedTable;

    use super::*;
    use crate::report::{ReportKind, Template, sample};

    /// The local store, which can be made to fail its reads or its writes.
    struct Store {
        files: FsBlobs,
        reads_fail: bool,
        writes_fail: bool,
        writes: AtomicUsize,
    }

    #[async_trait::async_trait]
    impl BlobStore for Store {
        async fn put(&self, key: &str, bytes: Vec<u8>, content_type: &str) -> Result<(), BlobError> {
            self.writes.fetch_add(1, Ordering::SeqCst);
            if self.writes_fail {
                return Err(BlobError::Backend("stalled".into()));
            }
            self.files.put(key, bytes, content_type).await
        }

        async fn get(&self, key: &str) -> Result<Option<Blob>, BlobError> {
            if self.reads_fail {
                return Err(BlobError::Backend("stalled".into()));
            }
            self.files.get(key).await
        }

        async fn delete(&self, key: &str) -> Result<(), BlobError> {
            self.files.delete(key).await
        }
    }

    struct World {
        _dir: tempfile::TempDir,
        ephemeris: Arc<Ephemeris>,
        table: EmbeddedTable,
        store: Store,
    }

    fn world(reads_fail: bool, writes_fail: bool) -> World {
        let dir = tempfile::tempdir().expect("a temporary directory");
        let table = EmbeddedTable::open(&dir.path().join("astro.redb")).expect("the table");
        let store = Store { files: FsBlobs::new(dir.path().join("blobs")), reads_fail, writes_fail, writes: AtomicUsize::new(0) };
        World { ephemeris: Arc::new(Ephemeris::with_embedded_files().expect("ephemeris")), table, store, _dir: dir }
    }

    impl World {
        async fn report(&self, request: &ReportRequest, delivery: Delivery) -> Result<ReportFile, ReportFileError> {
            let ports = Ports { ephemeris: &self.ephemeris, table: &self.table, blobs: &self.store };
            let order =
                ReportOrder { organization_id: "org-1", request, version: "2026-01-01".into(), delivery, created: sample::created() };
            report_file(&ports, order).await
        }
    }

    fn natal() -> ReportRequest {
        sample::request(ReportKind::Natal, Template::Classic, Language::En)
    }

    fn status(error: ReportFileError) -> u16 {
        ApiError::from(error).status().as_u16()
    }

    #[tokio::test]
    async fn a_report_is_rendered_and_stored_once_then_served_from_the_store() {
        let world = world(false, false);
        let first = world.report(&natal(), Delivery::File).await.expect("rendered");
        assert!(!first.cached && first.bytes.starts_with(b"%PDF"));
        assert_eq!(first.id.len(), 32, "16 bytes in hex: {}", first.id);
        assert_eq!(first.key, format!("reports/org-1/{}.pdf", first.id));
        let stored = world.store.files.get(&first.key).await.unwrap().expect("stored");
        assert_eq!((stored.bytes.as_slice(), stored.content_type.as_str()), (first.bytes.as_slice(), PDF));

        let again = world.report(&natal(), Delivery::Link).await.expect("served");
        assert!(again.cached);
        assert_eq!((again.id, again.bytes), (first.id, first.bytes));
        assert_eq!(world.store.writes.load(Ordering::SeqCst), 1, "a stored report is not written again");
    }

    #[tokio::test]
    async fn the_request_the_compatibility_date_and_the_organizations_texts_name_the_report() {
        let world = world(false, false);
        let texts = TextSource::load(&world.table, "org-1", &[shared::content::HoroscopeType::Natal], Language::En).await.unwrap();
        let id = report_id(&natal(), "2026-01-01", &texts);
        assert_eq!(id, report_id(&natal(), "2026-01-01", &texts));
        assert_ne!(id, report_id(&natal(), "2025-06-01", &texts), "another compatibility date");
        let spanish = sample::request(ReportKind::Natal, Template::Classic, Language::Es);
        assert_ne!(id, report_id(&spanish, "2026-01-01", &texts), "another request");
    }

    #[tokio::test]
    async fn a_store_that_cannot_be_read_refuses_a_link_at_once_and_a_pdf_is_served_unstored() {
        let world = world(true, false);
        let link = world.report(&natal(), Delivery::Link).await.expect_err("no link without the store");
        assert_eq!(status(link), 503);
        let file = world.report(&natal(), Delivery::File).await.expect("served");
        assert!(!file.cached && file.bytes.starts_with(b"%PDF"));
        assert_eq!(world.store.writes.load(Ordering::SeqCst), 0, "no second wait on a store that just failed");
    }

    #[tokio::test]
    async fn a_pdf_is_served_though_storing_it_fails_and_a_link_is_not() {
        let world = world(false, true);
        let file = world.report(&natal(), Delivery::File).await.expect("served");
        assert!(!file.cached && file.bytes.starts_with(b"%PDF"));
        let link = world.report(&natal(), Delivery::Link).await.expect_err("no link to a file not stored");
        assert_eq!(status(link), 503);
        assert_eq!(world.store.writes.load(Ordering::SeqCst), 2);
    }
}
