//! A PDF report from request to bytes, storage aside: the charts, the
//! texts (the corpus, no store), the layout, the wheel's shapes read back
//! from its SVG, font subsetting, serialization and compression.
//! `cargo bench -p pdf --bench report`

use criterion::{Criterion, criterion_group, criterion_main};
use pdf::report::{ReportKind, Template, build, sample};
use shared::astro::Ephemeris;
use shared::content::{ContentKey, compose};
use shared::language::Language;

fn report(c: &mut Criterion) {
    let ephemeris = Ephemeris::with_embedded_files().expect("ephemeris");
    let texts = |key: &ContentKey| compose(key, Language::En);
    for (kind, name) in [(ReportKind::Natal, "natal"), (ReportKind::Synastry, "synastry")] {
        let request = sample::request(kind, Template::Classic, Language::En);
        let report = build(&ephemeris, &request, &texts, sample::created()).expect("report");
        let bytes = pdf::document::write(&report).expect("pdf");
        eprintln!("{name} report: {} bytes", bytes.len());
        c.bench_function(&format!("pdf_report_{name}"), |b| {
            b.iter(|| {
                let report = build(&ephemeris, &request, &texts, sample::created()).expect("report");
                pdf::document::write(&report).expect("pdf")
            })
        });
        c.bench_function(&format!("pdf_report_{name}_content_only"), |b| {
            b.iter(|| build(&ephemeris, &request, &texts, sample::created()).expect("report"))
        });
    }
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(30);
    targets = report
}
criterion_main!(benches);
