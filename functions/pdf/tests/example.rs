//! The example report in `docs/examples/` is what the code writes today:
//! the same request gives the same bytes (fixed resource names, a document
//! id from the content, the creation date from the report), so a change of
//! layout shows here until the example is written again
//! (`make docs-examples`).

use pdf::report::{ReportKind, Template, build, sample};
use shared::astro::Ephemeris;
use shared::content::{ContentKey, compose};
use shared::language::Language;

fn natal_example() -> Vec<u8> {
    let ephemeris = Ephemeris::with_embedded_files().expect("ephemeris");
    let request = sample::request(ReportKind::Natal, Template::Classic, Language::En);
    let texts = |key: &ContentKey| compose(key, Language::En);
    let report = build(&ephemeris, &request, &texts, sample::created()).expect("report");
    pdf::document::write(&report).expect("pdf")
}

#[test]
fn the_example_in_the_docs_is_what_the_code_writes() {
    let written = natal_example();
    assert_eq!(written, natal_example(), "the same report, the same bytes");
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/examples/natal-report-classic-en.pdf");
    let example = std::fs::read(&path).expect("docs/examples/natal-report-classic-en.pdf");
    assert!(written == example, "{} is out of date: run `make docs-examples`", path.display());
}
