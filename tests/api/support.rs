//! A test client: the whole API (the local server's router, routed by
//! template.yaml) on a fresh embedded store, driven like a client would.

use axum::Router;
use axum::body::Body;
use axum::http::{Request, StatusCode};
use http_body_util::BodyExt;
use serde_json::Value;
use shared::config::{Config, StorageConfig};
use shared::http::AppState;
use tower::ServiceExt;

pub struct TestApp {
    pub router: Router,
    pub state: AppState,
    pub api_key: String,
    pub organization_id: String,
    _dir: tempfile::TempDir,
}

pub struct TestResponse {
    pub status: StatusCode,
    pub headers: axum::http::HeaderMap,
    pub body: Value,
    pub text: String,
}

pub fn test_config(data_dir: &std::path::Path) -> Config {
    Config {
        storage: StorageConfig::Embedded { data_dir: data_dir.to_path_buf() },
        ephemeris_extra_dir: None,
        public_base_url: Some("https://api.example.test".into()),
        link_signing_keys: vec![shared::signing::SigningKey { id: "test".into(), secret: b"test-url-signing-secret".to_vec() }],
        jwt: Some(shared::config::JwtSettings {
            key: shared::auth::jwt::JwtKey::Hs256(b"test-jwt-secret-test-jwt-secret!".to_vec()),
            issuer: "astro-test".into(),
            audience: "astro-api".into(),
            max_lifetime_seconds: shared::auth::jwt::DEFAULT_MAX_LIFETIME_SECONDS,
        }),
        max_body_bytes: 64 * 1024,
        chart_link_ttl_seconds: 3600,
        report_link_ttl_seconds: 3600,
        meter_flush_interval_ms: 1000,
        language_model: None,
        cdn: Default::default(),
        widget_limits: Default::default(),
        widget_place_lookups: shared::metering::WIDGET_CLIENT_PLACE_LOOKUPS_PER_MINUTE,
        chat_limits: shared::metering::WidgetLimits {
            per_widget: shared::metering::CHAT_REQUESTS_PER_MINUTE,
            per_client: shared::metering::CHAT_USER_REQUESTS_PER_MINUTE,
        },
        chat_heartbeat: shared::config::CHAT_HEARTBEAT,
        trusted_proxies: Vec::new(),
        aws_calls: Default::default(),
    }
}

impl TestApp {
    pub async fn spawn() -> Self {
        Self::spawn_with(|_| {}).await
    }

    pub async fn spawn_with(adjust: impl FnOnce(&mut Config)) -> Self {
        let dir = tempfile::tempdir().expect("temp dir");
        let mut config = test_config(dir.path());
        adjust(&mut config);
        let state = AppState::from_config(config).await.expect("state");
        let boot =
            local_server::bootstrap::bootstrap_if_empty(state.table.as_ref(), dir.path()).await.expect("bootstrap").expect("first start");
        let router = local_server::app(state.clone()).expect("routes match the template");
        Self { router, state, api_key: boot.api_key, organization_id: boot.organization_id, _dir: dir }
    }

    /// The same app with its store handed through `wrap` first: a stand-in
    /// that fails some calls, to see what a client is told when the store
    /// breaks.
    pub async fn spawn_with_table(wrap: impl FnOnce(shared::store::SharedTable) -> shared::store::SharedTable) -> Self {
        let dir = tempfile::tempdir().expect("temp dir");
        let mut state = AppState::from_config(test_config(dir.path())).await.expect("state");
        state.table = wrap(state.table.clone());
        let boot =
            local_server::bootstrap::bootstrap_if_empty(state.table.as_ref(), dir.path()).await.expect("bootstrap").expect("first start");
        let router = local_server::app(state.clone()).expect("routes match the template");
        Self { router, state, api_key: boot.api_key, organization_id: boot.organization_id, _dir: dir }
    }

    /// The same app on a fresh DynamoDB table reached at `endpoint` (moto,
    /// or a proxy in front of it), with the meter Lambda uses there.
    pub async fn spawn_on_dynamodb(endpoint: &str) -> Self {
        let dir = tempfile::tempdir().expect("temp dir");
        let mut state = AppState::from_config(test_config(dir.path())).await.expect("state");
        let client = aws_sdk_dynamodb::Client::new(&super::moto::sdk_config(endpoint).await);
        let table = shared::store::dynamo::DynamoTable::new(client, super::moto::unique("api"));
        table.create_table_if_missing().await.expect("DynamoDB table on moto");
        state.table = std::sync::Arc::new(table);
        state.meter = std::sync::Arc::new(shared::metering::DirectMeter::new(state.table.clone()));
        let boot =
            local_server::bootstrap::bootstrap_if_empty(state.table.as_ref(), dir.path()).await.expect("bootstrap").expect("first start");
        let router = local_server::app(state.clone()).expect("routes match the template");
        Self { router, state, api_key: boot.api_key, organization_id: boot.organization_id, _dir: dir }
    }

    /// The same app as deployed on AWS: a fresh DynamoDB table at
    /// `dynamodb` and a fresh S3 bucket at `s3` (moto), both reached through
    /// SDK clients with the production bounds `limits` on every call, and
    /// the meter Lambda uses.
    pub async fn spawn_on_aws(dynamodb: &str, s3: &str, limits: &shared::config::AwsCallLimits) -> Self {
        let dir = tempfile::tempdir().expect("temp dir");
        let mut config = test_config(dir.path());
        config.aws_calls = *limits;
        let mut state = AppState::from_config(config).await.expect("state");
        let sdk = |endpoint: &str| {
            shared::aws::bounded(
                aws_config::defaults(aws_config::BehaviorVersion::latest())
                    .endpoint_url(endpoint)
                    .region("us-east-1")
                    .credentials_provider(aws_sdk_dynamodb::config::Credentials::new("test", "test", None, None, "static")),
                limits,
            )
            .load()
        };
        let table =
            shared::store::dynamo::DynamoTable::new(aws_sdk_dynamodb::Client::new(&sdk(dynamodb).await), super::moto::unique("api"));
        table.create_table_if_missing().await.expect("DynamoDB table on moto");
        let s3_config = aws_sdk_s3::config::Builder::from(&sdk(s3).await).force_path_style(true).build();
        let blobs = shared::blob::s3::S3Blobs::new(aws_sdk_s3::Client::from_conf(s3_config), super::moto::unique("api"));
        blobs.create_bucket_if_missing().await.expect("S3 bucket on moto");
        state.table = std::sync::Arc::new(table);
        state.blobs = std::sync::Arc::new(blobs);
        state.meter = std::sync::Arc::new(shared::metering::DirectMeter::new(state.table.clone()));
        let boot =
            local_server::bootstrap::bootstrap_if_empty(state.table.as_ref(), dir.path()).await.expect("bootstrap").expect("first start");
        let router = local_server::app(state.clone()).expect("routes match the template");
        Self { router, state, api_key: boot.api_key, organization_id: boot.organization_id, _dir: dir }
    }

    pub async fn send(&self, request: Request<Body>) -> TestResponse {
        let response = self.router.clone().oneshot(request).await.expect("infallible");
        let status = response.status();
        let headers = response.headers().clone();
        let bytes = response.into_body().collect().await.expect("body").to_bytes();
        let text = String::from_utf8_lossy(&bytes).into_owned();
        let body = serde_json::from_slice(&bytes).unwrap_or(Value::Null);
        TestResponse { status, headers, body, text }
    }

    /// POST a JSON body with this app's API key.
    pub async fn post(&self, path: &str, body: &Value) -> TestResponse {
        self.post_raw(path, &body.to_string(), &[("x-api-key", &self.api_key)]).await
    }

    pub async fn post_raw(&self, path: &str, body: &str, headers: &[(&str, &str)]) -> TestResponse {
        let mut builder = Request::post(path).header("content-type", "application/json");
        for (name, value) in headers {
            builder = builder.header(*name, *value);
        }
        self.send(builder.body(Body::from(body.to_owned())).expect("request")).await
    }

    /// Sets (or clears) the organization's compatibility-date pin in the store,
    /// as `PATCH /api/org/api-version` does.
    pub async fn pin_api_version(&self, version: Option<&str>) {
        self.rewrite_organization(|org| org.api_version = version.map(String::from)).await;
    }

    /// Puts the organization on `plan`, as billing would.
    pub async fn set_plan(&self, plan: shared::auth::Plan) {
        self.rewrite_organization(|org| org.plan = plan).await;
    }

    /// Puts another organization on `plan`.
    pub async fn set_plan_of(&self, organization_id: &str, plan: shared::auth::Plan) {
        self.rewrite(organization_id, |org| org.plan = plan).await;
    }

    async fn rewrite_organization(&self, change: impl FnOnce(&mut shared::repo::orgs::Organization)) {
        self.rewrite(&self.organization_id, change).await;
    }

    async fn rewrite(&self, organization_id: &str, change: impl FnOnce(&mut shared::repo::orgs::Organization)) {
        let table = self.state.table.as_ref();
        let mut org = shared::repo::orgs::get_organization(table, organization_id).await.expect("store").expect("organization");
        change(&mut org);
        shared::repo::orgs::update_organization(table, &org).await.expect("organization written");
    }

    /// Creates a key as the owner with these extra attributes; returns its secret.
    pub async fn create_key(&self, attributes: Value) -> String {
        let mut all = serde_json::json!({ "name": "test key", "organizationId": self.organization_id });
        all.as_object_mut().expect("object").extend(attributes.as_object().expect("attributes object").clone());
        let body = serde_json::json!({ "data": { "type": "api-keys", "attributes": all } });
        let bearer = format!("Bearer {}", self.owner_token());
        let response = self.post_raw("/api/api-keys", &body.to_string(), &[("authorization", &bearer)]).await;
        assert_eq!(response.status, 201, "{}", response.text);
        response.body["data"]["key"].as_str().expect("secret").to_owned()
    }

    pub fn owner_token(&self) -> String {
        self.state
            .jwt
            .as_ref()
            .expect("jwt")
            .mint(local_server::bootstrap::LOCAL_OWNER_ID, local_server::bootstrap::LOCAL_OWNER_EMAIL, 600)
            .expect("token")
    }
}

impl TestResponse {
    /// The single error object of a JSON:API error body.
    pub fn error(&self) -> &Value {
        let errors = self.body["errors"].as_array().unwrap_or_else(|| panic!("no errors array in {}", self.text));
        &errors[0]
    }

    pub fn pointers(&self) -> Vec<String> {
        self.body["errors"]
            .as_array()
            .map(|e| e.iter().filter_map(|x| x["source"]["pointer"].as_str().map(String::from)).collect())
            .unwrap_or_default()
    }
}

pub fn rome_1990() -> Value {
    serde_json::json!({
        "dateTime": "1990-05-11T14:30",
        "location": { "latitude": 41.9028, "longitude": 12.4964, "timezone": "Europe/Rome" }
    })
}

pub fn place(latitude: f64, longitude: f64, timezone: &str) -> Value {
    serde_json::json!({ "latitude": latitude, "longitude": longitude, "timezone": timezone })
}

/// A birth for the endpoints that take `birthDateTime` and `birthLocation`.
pub fn birth() -> Value {
    serde_json::json!({ "birthDateTime": "1990-05-11T14:30", "birthLocation": place(41.9028, 12.4964, "Europe/Rome") })
}

/// `body` with the fields of `extra` added (or replaced).
pub fn with(mut body: Value, extra: Value) -> Value {
    body.as_object_mut().expect("object").extend(extra.as_object().expect("object").clone());
    body
}
