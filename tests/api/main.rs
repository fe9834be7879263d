//! Black-box tests of the public HTTP API. One test binary (faster linking).

mod errors;
mod key_management;
mod keys;
mod lambda;
mod moon_sun;
mod natal;
mod numerology;
mod progressions;
mod returns;
mod routes;
mod support;
mod synastry;
mod transit;
mod versioning;
