//! Access control, pure: API-key secrets and their hashes, permissions,
//! roles, plan modules; and, behind the `services` feature, dashboard-user
//! tokens (JWT, `jwt`).

pub mod domains;
#[cfg(feature = "services")]
pub mod jwt;
pub mod keys;
pub mod permissions;
pub mod scope;

pub use keys::{ApiKeySecret, KeyHash};
pub use permissions::{KeyPermission, Module, Plan, Role};
