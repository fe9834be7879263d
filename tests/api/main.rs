//! Black-box tests of the public HTTP API. One test binary (faster linking).

mod analysis;
mod astrocartography;
mod bounds;
mod chart_images;
mod chat;
mod chat_model;
mod chatbots;
mod chinese;
mod cloudfront;
mod composite;
mod content;
mod declinations;
// Shared with the latency benchmark, which also reads each call's time.
mod documented;
#[allow(dead_code)]
mod dynamo_proxy;
mod error_codes;
mod errors;
mod events;
mod frames;
mod harmonic;
mod invitations;
mod jwt;
mod key_management;
mod keys;
mod keys_by_key;
mod lambda;
mod legacy_synastry;
mod limits;
mod mcp_server;
mod moon_sun;
#[path = "../../shared/tests/common/moto.rs"]
mod moto;
mod natal;
mod numerology;
#[path = "../../shared/tests/common/openssl.rs"]
mod openssl;
mod org_texts;
mod orgs;
mod outage;
mod pagination;
mod pdf_reports;
mod places;
mod points;
mod primary_directions;
mod progressions;
mod recorded;
mod reference;
mod refusals;
mod returns;
mod role_table;
mod round_trips;
mod routes;
mod solar_arc;
mod summaries;
mod summary_llm;
mod support;
mod synastry;
mod texts;
mod time_lords;
mod transit;
mod usage;
mod vedic;
mod versioning;
mod widget_api;
mod widgets;
