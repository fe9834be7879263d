//! Black-box tests of the public HTTP API. One test binary (faster linking).

mod chinese;
mod content;
mod errors;
mod invitations;
mod jwt;
mod key_management;
mod keys;
mod lambda;
mod limits;
mod moon_sun;
mod natal;
mod numerology;
mod orgs;
mod pagination;
mod progressions;
mod reference;
mod refusals;
mod returns;
mod role_table;
mod routes;
mod support;
mod synastry;
mod texts;
mod transit;
mod usage;
mod versioning;
