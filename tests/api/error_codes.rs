//! One table of error codes (`shared::http::Code`): the OpenAPI document's
//! `ErrorObject.code` enum and the error table of docs/api.md list exactly
//! its codes, the table each with the code's status.

use std::collections::{BTreeMap, BTreeSet};

use serde_json::Value;
use shared::http::Code;

const OPENAPI: &str = include_str!("../../docs/openapi.yaml");
const API_DOCS: &str = include_str!("../../docs/api.md");

fn table() -> BTreeSet<&'static str> {
    Code::ALL.iter().map(|code| code.id()).collect()
}

#[test]
fn the_openapi_enum_lists_every_code_and_no_other() {
    let spec: Value = serde_norway::from_str(OPENAPI).expect("openapi.yaml");
    let listed: BTreeSet<&str> = spec["components"]["schemas"]["ErrorObject"]["properties"]["code"]["enum"]
        .as_array()
        .expect("ErrorObject.code.enum")
        .iter()
        .map(|code| code.as_str().expect("a code"))
        .collect();
    let missing: Vec<_> = table().difference(&listed).copied().collect();
    let unknown: Vec<_> = listed.difference(&table()).copied().collect();
    assert!(missing.is_empty() && unknown.is_empty(), "openapi.yaml lacks {missing:?} and lists unknown {unknown:?}");
}

#[test]
fn the_docs_table_lists_every_code_with_its_status() {
    // Rows `| 401 | \`missing_api_key\`, ... | when |` of the error table.
    let mut documented: BTreeMap<&str, BTreeSet<u16>> = BTreeMap::new();
    for line in API_DOCS.lines() {
        let cells: Vec<&str> = line.split('|').map(str::trim).collect();
        let [_, status, codes, ..] = cells.as_slice() else { continue };
        let Ok(status) = status.parse::<u16>() else { continue };
        // The codes are the cell's `quoted` words.
        for code in codes.split('`').skip(1).step_by(2) {
            documented.entry(code).or_default().insert(status);
        }
    }
    let listed: BTreeSet<&str> = documented.keys().copied().collect();
    let missing: Vec<_> = table().difference(&listed).copied().collect();
    let unknown: Vec<_> = listed.difference(&table()).copied().collect();
    assert!(missing.is_empty() && unknown.is_empty(), "docs/api.md lacks {missing:?} and lists unknown {unknown:?}");
    for code in Code::ALL {
        let statuses = &documented[code.id()];
        assert!(
            statuses.contains(&code.status().as_u16()),
            "docs/api.md gives {} the status {statuses:?}, not {}",
            code.id(),
            code.status()
        );
    }
}
