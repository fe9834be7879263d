//! The blob port: opaque byte objects (rendered PDFs, chart images) under
//! string keys, with a content type. Two backends: [`fs::FsBlobs`] (a local
//! directory, the local default) and `s3::S3Blobs` (AWS S3, feature `aws`).
//!
//! Keys are the same on both backends: 1 to 1024 characters of
//! `[A-Za-z0-9._/-]`, no leading `/`, no empty, `.` or `..` path segment, and no
//! `..` anywhere. Both backends refuse other keys with [`BlobError::InvalidKey`],
//! so a key that works locally works on S3, and no key escapes the local
//! directory.

use std::sync::Arc;

use async_trait::async_trait;

pub mod fs;
#[cfg(feature = "aws")]
pub mod s3;

/// A stored object.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Blob {
    pub bytes: Vec<u8>,
    pub content_type: String,
}

#[derive(Debug, thiserror::Error)]
pub enum BlobError {
    /// The key is not of the accepted form (see the module docs).
    #[error("invalid blob key")]
    InvalidKey,
    /// The backend failed (I/O, network). The message is for logs, never for
    /// response bodies.
    #[error("blob backend error: {0}")]
    Backend(String),
}

#[async_trait]
pub trait BlobStore: Send + Sync + 'static {
    /// Stores `bytes` under `key`, replacing any previous object atomically
    /// (a reader sees the old object or the new one, never a mix).
    async fn put(&self, key: &str, bytes: Vec<u8>, content_type: &str) -> Result<(), BlobError>;

    /// The object under `key`, `None` if there is none.
    async fn get(&self, key: &str) -> Result<Option<Blob>, BlobError>;

    /// Removes the object under `key`; removing a missing object is not an error.
    async fn delete(&self, key: &str) -> Result<(), BlobError>;

    /// A URL that downloads the object straight from the backend for
    /// `ttl`, saved as `file_name`: an S3 pre-signed URL. `None` on a
    /// backend that serves nothing itself (the local directory: the API
    /// serves the object behind its own signed link).
    async fn download_url(&self, key: &str, ttl: std::time::Duration, file_name: &str) -> Result<Option<String>, BlobError> {
        let _ = (key, ttl, file_name);
        Ok(None)
    }
}

pub type SharedBlobs = Arc<dyn BlobStore>;

/// Longest accepted key (S3 allows 1024 bytes; our keys are ASCII).
const MAX_KEY_LEN: usize = 1024;

/// Checks `key` against the port's key rules (see the module docs).
pub(crate) fn validate_key(key: &str) -> Result<(), BlobError> {
    let chars_ok = key.bytes().all(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'_' | b'/' | b'-'));
    let segments_ok = key.split('/').all(|seg| !seg.is_empty() && seg != "." && seg != "..");
    if key.is_empty() || key.len() > MAX_KEY_LEN || !chars_ok || !segments_ok || key.contains("..") {
        return Err(BlobError::InvalidKey);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::validate_key;

    #[test]
    fn keys() {
        for ok in ["a", "charts/2024/x-1_2.png", "a.b.c", ".hidden/x"] {
            assert!(validate_key(ok).is_ok(), "{ok}");
        }
        for bad in ["", "/abs", "a/../b", "..", "a..b", "a//b", "a/", "./a", "a/./b", "sp ace", "ü", "a\\b", "a?b"] {
            assert!(validate_key(bad).is_err(), "{bad:?}");
        }
        assert!(validate_key(&"a".repeat(1025)).is_err());
    }
}
