//! [`S3Blobs`]: the blob port on one S3 bucket. Keys are validated exactly as
//! on the local backend (see [`super`]), so both accept the same keys.

use async_trait::async_trait;
use aws_sdk_s3::Client;
use aws_sdk_s3::error::{DisplayErrorContext, ProvideErrorMetadata, SdkError};
use aws_sdk_s3::primitives::ByteStream;
use aws_sdk_s3::types::{BucketLocationConstraint, CreateBucketConfiguration};

use super::{Blob, BlobError, BlobStore, validate_key};

/// Longest backend message kept in a [`BlobError::Backend`].
const MAX_MESSAGE: usize = 300;
/// What S3 reports for an object stored without a content type.
const DEFAULT_CONTENT_TYPE: &str = "application/octet-stream";

/// The blob port on the S3 bucket `bucket`.
#[derive(Debug, Clone)]
pub struct S3Blobs {
    client: Client,
    bucket: String,
}

impl S3Blobs {
    pub fn new(client: Client, bucket: impl Into<String>) -> Self {
        Self { client, bucket: bucket.into() }
    }

    /// Creates the bucket unless it exists. For tests and local setups;
    /// production buckets come from infrastructure code.
    pub async fn create_bucket_if_missing(&self) -> Result<(), BlobError> {
        match self.client.head_bucket().bucket(&self.bucket).send().await {
            Ok(_) => return Ok(()),
            Err(e) if e.as_service_error().is_some_and(|s| s.is_not_found()) => {}
            Err(e) => return Err(sdk_error("HeadBucket", &e)),
        }
        let mut req = self.client.create_bucket().bucket(&self.bucket);
        // us-east-1 is the one region that must be given no location constraint.
        if let Some(region) = self.client.config().region().map(|r| r.as_ref()).filter(|r| *r != "us-east-1") {
            let config = CreateBucketConfiguration::builder().location_constraint(BucketLocationConstraint::from(region)).build();
            req = req.create_bucket_configuration(config);
        }
        match req.send().await {
            Ok(_) => Ok(()),
            Err(e) if e.as_service_error().is_some_and(|s| s.is_bucket_already_owned_by_you()) => Ok(()),
            Err(e) => Err(sdk_error("CreateBucket", &e)),
        }
    }
}

/// A short description of an SDK error: the service's code and message, or the
/// transport failure; never credentials (the SDK does not print them).
fn sdk_error<E, R>(operation: &str, err: &SdkError<E, R>) -> BlobError
where
    E: ProvideErrorMetadata + std::error::Error + 'static,
    R: std::fmt::Debug,
{
    let detail = match err {
        SdkError::ServiceError(service) => {
            let e = service.err();
            format!("{}: {}", e.code().unwrap_or("UnknownError"), e.message().unwrap_or("no message"))
        }
        SdkError::TimeoutError(_) => "request timed out".to_owned(),
        other => DisplayErrorContext(other).to_string(),
    };
    let mut end = detail.len().min(MAX_MESSAGE);
    while !detail.is_char_boundary(end) {
        end -= 1;
    }
    BlobError::Backend(format!("s3 {operation}: {}", &detail[..end]))
}

#[async_trait]
impl BlobStore for S3Blobs {
    async fn put(&self, key: &str, bytes: Vec<u8>, content_type: &str) -> Result<(), BlobError> {
        validate_key(key)?;
        // A single PutObject replaces the object atomically.
        self.client
            .put_object()
            .bucket(&self.bucket)
            .key(key)
            .content_type(content_type)
            .body(ByteStream::from(bytes))
            .send()
            .await
            .map_err(|e| sdk_error("PutObject", &e))?;
        Ok(())
    }

    async fn get(&self, key: &str) -> Result<Option<Blob>, BlobError> {
        validate_key(key)?;
        let out = match self.client.get_object().bucket(&self.bucket).key(key).send().await {
            Ok(out) => out,
            Err(e) if e.as_service_error().is_some_and(|s| s.is_no_such_key()) => return Ok(None),
            Err(e) => return Err(sdk_error("GetObject", &e)),
        };
        let content_type = out.content_type().unwrap_or(DEFAULT_CONTENT_TYPE).to_owned();
        let body = out.body.collect().await.map_err(|e| BlobError::Backend(format!("s3 GetObject body: {}", DisplayErrorContext(&e))))?;
        Ok(Some(Blob { bytes: body.into_bytes().to_vec(), content_type }))
    }

    async fn download_url(&self, key: &str, ttl: std::time::Duration, file_name: &str) -> Result<Option<String>, BlobError> {
        validate_key(key)?;
        let config =
            aws_sdk_s3::presigning::PresigningConfig::expires_in(ttl).map_err(|e| BlobError::Backend(format!("s3 presign: {e}")))?;
        // The browser saves the file under its name; the URL itself says so.
        let disposition = format!("attachment; filename=\"{}\"", file_name.replace(['"', '\\'], ""));
        let request = self
            .client
            .get_object()
            .bucket(&self.bucket)
            .key(key)
            .response_content_disposition(disposition)
            .presigned(config)
            .await
            .map_err(|e| sdk_error("GetObject presign", &e))?;
        Ok(Some(request.uri().to_owned()))
    }

    async fn delete(&self, key: &str) -> Result<(), BlobError> {
        validate_key(key)?;
        // DeleteObject of a missing key succeeds, as the port wants.
        self.client.delete_object().bucket(&self.bucket).key(key).send().await.map_err(|e| sdk_error("DeleteObject", &e))?;
        Ok(())
    }
}
