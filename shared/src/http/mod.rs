//! The HTTP layer every family shares: state, errors, extractors, the
//! authentication and versioning middleware, and the common stack.

pub mod auth;
pub mod chart_link;
pub mod chat_access;
pub mod codes;
pub mod error;
pub mod extract;
pub mod fields;
pub mod health;
pub mod links;
pub mod member;
pub mod object;
pub mod page;
pub mod places;
pub mod resource;
pub mod respond;
pub mod stack;
pub mod state;
pub mod version;
pub mod whole;
pub mod widget_access;

pub use auth::{Caller, SignedInUser, require_api_key};
pub use codes::Code;
pub use error::{ApiError, ApiResult};
pub use extract::ApiJson;
pub use links::public_link;
pub use respond::Document;
pub use stack::{Route, finish, router_from};
pub use state::AppState;
pub use version::{RequestedVersion, Versioned};
