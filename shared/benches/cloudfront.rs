//! What CloudFront adds: signing one link URL (RSA-SHA1 over the canned
//! policy, 2048-bit key, blinded), which a calculation answer does once per
//! link; and reading a log file for edge metering (gunzip, parse, verify
//! each hit's token), per line.
//! `cargo bench -p shared --bench cloudfront` (needs the openssl command).

use std::io::Write;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use shared::cloudfront::{CloudFrontSigner, logs};
use shared::metering::edge;
use shared::signing::{LinkSigner, SigningKey};

#[path = "../tests/common/openssl.rs"]
mod openssl;

const FIXTURE: &str = include_str!("../tests/fixtures/cloudfront-standard-log.txt");
const LINES: usize = 10_000;

fn cloudfront(c: &mut Criterion) {
    let signer =
        CloudFrontSigner::from_pem("d111111abcdef8.cloudfront.net", "K2JCJMDEHXQW5F", &openssl::rsa_private_key_pem()).expect("signer");
    let links = LinkSigner::new(&[SigningKey { id: "k".into(), secret: b"bench-link-signing-secret".to_vec() }]);
    let token = links.sign(&serde_json::json!({ "o": "org", "k": "key", "exp": 1_893_456_000, "c": { "t": "n" } })).expect("token");
    let path = format!("/api/chart/image.svg?token={token}");
    c.bench_function("cloudfront/sign_link", |b| b.iter(|| signer.link(std::hint::black_box(&path), 1_893_456_000)));

    // A log file of LINES hits of one link, gzipped as delivered.
    let mut lines = FIXTURE.lines();
    let mut text = format!("{}\n{}\n", lines.next().expect("version"), lines.next().expect("fields"));
    let hit = lines.next().expect("a hit").replace("{{A}}", &token);
    for _ in 0..LINES {
        text.push_str(&hit);
        text.push('\n');
    }
    let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    encoder.write_all(text.as_bytes()).expect("gzip");
    let compressed = encoder.finish().expect("gzip");
    let mut group = c.benchmark_group("edge_metering");
    group.throughput(Throughput::Elements(LINES as u64));
    group.bench_function("tally_10k_hits", |b| {
        b.iter(|| {
            let tally = edge::tally(logs::read_gzip(compressed.as_slice()), &links).expect("log");
            assert_eq!(tally.total_hits(), LINES as i64);
        })
    });
    group.finish();
}

criterion_group!(benches, cloudfront);
criterion_main!(benches);
