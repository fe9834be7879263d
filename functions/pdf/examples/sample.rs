//! Writes the sample report of every type to a directory (default
//! `/tmp/reports`), with the time each took:
//! `cargo run --release -p pdf --example sample -- DIR`.
//! `docs/examples/` holds the natal one (`make docs-examples`).

use pdf::report::{ReportKind, Template, build, sample};
use shared::astro::Ephemeris;
use shared::content::{ContentKey, compose};
use shared::language::Language;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let dir = std::env::args().nth(1).unwrap_or_else(|| "/tmp/reports".into());
    std::fs::create_dir_all(&dir)?;
    let ephemeris = Ephemeris::with_embedded_files()?;
    for kind in ReportKind::ALL {
        for template in Template::ALL {
            for language in Language::SUPPORTED {
                let request = sample::request(kind, template, language);
                let texts = |key: &ContentKey| compose(key, language);
                let started = std::time::Instant::now();
                let report = build(&ephemeris, &request, &texts, sample::created())?;
                let bytes = pdf::document::write(&report)?;
                let path = format!("{dir}/{}-report-{}-{}.pdf", kind.id(), template.id(), language.code());
                std::fs::write(&path, &bytes)?;
                println!("{path}: {} bytes in {:?}", bytes.len(), started.elapsed());
            }
        }
    }
    Ok(())
}
