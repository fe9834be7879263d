//! [`FsBlobs`]: the blob port on a local directory.
//!
//! The object under key `a/b.pdf` is the file `<dir>/a/b.pdf`. Its content type
//! is stored in the same file, as a one-line header (`blob/1 <content type>\n`,
//! then the bytes) rather than in a sidecar file: a put is then a single
//! atomic rename (object and type can never disagree after a crash), and no key
//! can collide with another key's sidecar (`x` vs `x.meta`).
//!
//! A put writes a temporary file beside the target, fsyncs it and renames it
//! over the target, so readers see the old object or the new one, never a torn
//! one.

use std::io::{ErrorKind, Write};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use async_trait::async_trait;

use super::{Blob, BlobError, BlobStore, validate_key};

/// Magic start of every stored file; the version lets the format change later.
const HEADER_PREFIX: &[u8] = b"blob/1 ";
/// Longest accepted content type (RFC 6838 media types are far shorter).
const MAX_CONTENT_TYPE: usize = 255;

/// The blob port on the directory `dir` (created on the first put).
#[derive(Debug, Clone)]
pub struct FsBlobs {
    dir: Arc<PathBuf>,
}

impl FsBlobs {
    pub fn new(dir: impl Into<PathBuf>) -> Self {
        Self { dir: Arc::new(dir.into()) }
    }

    fn path(&self, key: &str) -> Result<PathBuf, BlobError> {
        validate_key(key)?;
        Ok(self.dir.join(key))
    }

    /// Runs blocking file I/O on tokio's blocking pool (tokio's own `fs` does
    /// the same; calling std directly needs no extra tokio feature).
    async fn blocking<T, F>(f: F) -> Result<T, BlobError>
    where
        T: Send + 'static,
        F: FnOnce() -> Result<T, BlobError> + Send + 'static,
    {
        tokio::task::spawn_blocking(f).await.map_err(|e| BlobError::Backend(format!("blob task failed: {e}")))?
    }
}

fn io_error(what: &str, path: &Path, e: std::io::Error) -> BlobError {
    BlobError::Backend(format!("{what} {}: {e}", path.display()))
}

/// "Nothing is stored under this key": the file is missing, or a path
/// component is a file (key `a/b` when `a` is an object) or the path is a
/// directory (key `a` when only `a/b` exists).
fn is_absent(e: &std::io::Error) -> bool {
    matches!(e.kind(), ErrorKind::NotFound | ErrorKind::NotADirectory | ErrorKind::IsADirectory)
}

fn check_content_type(content_type: &str) -> Result<(), BlobError> {
    // Printable ASCII only: it is one line of the header and an HTTP header value.
    if content_type.len() > MAX_CONTENT_TYPE || !content_type.bytes().all(|b| (0x20..0x7f).contains(&b)) {
        return Err(BlobError::Backend("content type must be at most 255 printable ASCII characters".into()));
    }
    Ok(())
}

fn write_atomically(path: &Path, content_type: &str, bytes: &[u8]) -> Result<(), BlobError> {
    // `path` comes from a validated key under the directory, so it has a parent
    // and a file name; the fallbacks only keep this free of unwraps.
    let parent = path.parent().unwrap_or_else(|| Path::new("."));
    let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("blob");
    std::fs::create_dir_all(parent).map_err(|e| io_error("create directory", parent, e))?;
    let tmp = parent.join(format!(".{name}.{}.tmp", uuid::Uuid::new_v4().simple()));
    let result = (|| {
        let mut file = std::fs::File::create(&tmp).map_err(|e| io_error("create", &tmp, e))?;
        let mut header = Vec::with_capacity(HEADER_PREFIX.len() + content_type.len() + 1);
        header.extend_from_slice(HEADER_PREFIX);
        header.extend_from_slice(content_type.as_bytes());
        header.push(b'\n');
        file.write_all(&header).map_err(|e| io_error("write", &tmp, e))?;
        file.write_all(bytes).map_err(|e| io_error("write", &tmp, e))?;
        // Data on disk before the rename makes it visible: a crash right after
        // the rename must not leave an empty or partial file under the key.
        file.sync_all().map_err(|e| io_error("fsync", &tmp, e))?;
        std::fs::rename(&tmp, path).map_err(|e| io_error("rename", path, e))
    })();
    if result.is_err() {
        // Best effort: a leftover temp file is garbage, not a visible object.
        let _ = std::fs::remove_file(&tmp);
        return result;
    }
    // Persist the rename itself (the directory entry). Best effort: some
    // filesystems refuse fsync on a directory, and the data is already safe.
    if let Ok(dir) = std::fs::File::open(parent) {
        let _ = dir.sync_all();
    }
    Ok(())
}

fn parse(path: &Path, data: Vec<u8>) -> Result<Blob, BlobError> {
    let corrupt = || BlobError::Backend(format!("{} is not a stored blob", path.display()));
    if !data.starts_with(HEADER_PREFIX) {
        return Err(corrupt());
    }
    let end = data.iter().position(|&b| b == b'\n').ok_or_else(corrupt)?;
    let content_type = std::str::from_utf8(&data[HEADER_PREFIX.len()..end]).map_err(|_| corrupt())?.to_owned();
    let mut bytes = data;
    bytes.drain(..=end);
    Ok(Blob { bytes, content_type })
}

#[async_trait]
impl BlobStore for FsBlobs {
    async fn put(&self, key: &str, bytes: Vec<u8>, content_type: &str) -> Result<(), BlobError> {
        let path = self.path(key)?;
        check_content_type(content_type)?;
        let content_type = content_type.to_owned();
        Self::blocking(move || write_atomically(&path, &content_type, &bytes)).await
    }

    async fn get(&self, key: &str) -> Result<Option<Blob>, BlobError> {
        let path = self.path(key)?;
        Self::blocking(move || match std::fs::read(&path) {
            Ok(data) => parse(&path, data).map(Some),
            Err(e) if is_absent(&e) => Ok(None),
            Err(e) => Err(io_error("read", &path, e)),
        })
        .await
    }

    async fn delete(&self, key: &str) -> Result<(), BlobError> {
        let path = self.path(key)?;
        Self::blocking(move || match std::fs::remove_file(&path) {
            Ok(()) => Ok(()),
            Err(e) if is_absent(&e) => Ok(()),
            Err(e) => Err(io_error("remove", &path, e)),
        })
        .await
    }
}
