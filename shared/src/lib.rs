//! The common crate of every Lambda family.
//!
//! # The pure core
//!
//! Without default features this crate is the pure core: no async runtime,
//! no storage, no HTTP, no AWS. `make check-core` (`infra/check-core.sh`)
//! builds it, alone and with `png`, and fails if its normal dependencies
//! include tokio, redb, jsonwebtoken, axum, lambda_http, hyper, reqwest,
//! aws-config or the DynamoDB, S3 or Secrets Manager SDK. Its modules:
//!
//! - [`astro`]: time, the ephemeris, the zodiac, houses, aspects, charts.
//! - [`render`]: chart wheels as SVG (and PNG with the `png` feature).
//! - [`auth`] but `auth::jwt`: key secrets and hashes, permissions, roles,
//!   plan modules, what a key may hand on, the sites a key may serve.
//! - [`version`]: compatibility-date resolution.
//! - [`content`], [`language`]: the interpretation texts and their languages.
//! - [`summary`], [`chat`]: chart summaries (the built-in writer) and
//!   chatbots (attributes, the built-in engine, prompts).
//! - [`numerology`], [`places`], [`widget`].
//!
//! # Behind features
//!
//! - `services` (in `default`; `aws`, `http` and `llm` turn it on): `store`
//!   and `blob` (the storage ports and their embedded backends), `repo`
//!   (typed repositories), `metering` (what requests with a key cost, rate
//!   limits and quotas), `config` and `aws` (settings from the environment,
//!   the AWS SDK's call limits), `signing` and `cloudfront` (signed links),
//!   `auth::jwt` (dashboard-user tokens), `sky_tracks` (the transiting
//!   bodies' tracks kept between requests).
//! - `aws`: the DynamoDB and S3 backends, `secrets` (Secrets Manager).
//! - `llm`: `llm`, a language model behind an OpenAI-compatible endpoint.
//! - `http`: `http` and `runtime`, the HTTP layer shared by the families'
//!   axum routers and the two hosts that run them (Lambda and a local
//!   server); `fixture` (feature `fixture`), a ready service for benchmarks.

pub mod astro;
pub mod auth;
#[cfg(feature = "services")]
pub mod aws;
#[cfg(feature = "services")]
pub mod blob;
pub mod chat;
#[cfg(feature = "services")]
pub mod cloudfront;
#[cfg(feature = "services")]
pub mod config;
pub mod content;
pub mod language;
#[cfg(feature = "llm")]
pub mod llm;
#[cfg(feature = "services")]
pub mod metering;
pub mod numerology;
pub mod places;
pub mod render;
#[cfg(feature = "services")]
pub mod repo;
#[cfg(feature = "aws")]
pub mod secrets;
#[cfg(feature = "services")]
pub mod signing;
#[cfg(feature = "services")]
pub mod sky_tracks;
#[cfg(feature = "services")]
pub mod store;
pub mod summary;
pub mod version;
pub mod widget;

#[cfg(all(feature = "http", feature = "fixture"))]
pub mod fixture;
#[cfg(feature = "http")]
pub mod http;
#[cfg(feature = "http")]
pub mod runtime;
