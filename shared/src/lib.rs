//! The common crate of every Lambda family.
//!
//! - [`astro`], [`version`], [`auth`]: the pure domain (no HTTP, no AWS).
//! - [`render`]: chart wheels as SVG (and PNG with the `png` feature).
//! - [`store`], [`blob`]: the storage ports and their backends.
//! - [`metering`]: what requests with a key cost, rate limits and quotas.
//! - [`http`], [`runtime`]: the HTTP layer shared by the families' axum
//!   routers, and the two hosts that run them (Lambda and a local server).

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
