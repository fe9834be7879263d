//! Black-box tests of the public HTTP API. One test binary (faster linking).

mod errors;
mod keys;
mod lambda;
mod natal;
mod routes;
mod support;
mod versioning;
