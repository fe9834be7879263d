//! CloudFront signed URLs checked by another implementation: a key pair
//! made by `openssl` for this run (no key is committed), the URL taken
//! apart as CloudFront would, the canned policy rebuilt here from the URL
//! and `Expires` as AWS documents it, and the signature verified with
//! `openssl dgst -sha1 -verify`. Needs the `openssl` command (Debian's
//! `openssl` package).
#![cfg(feature = "services")]

use std::path::Path;
use std::process::Command;

use base64::Engine;
use shared::cloudfront::CloudFrontSigner;

fn openssl(args: &[&str]) -> std::process::Output {
    Command::new("openssl").args(args).output().unwrap_or_else(|e| panic!("the openssl command is needed (apt-get install openssl): {e}"))
}

fn run_openssl(args: &[&str]) {
    let output = openssl(args);
    assert!(output.status.success(), "openssl {args:?}: {}", String::from_utf8_lossy(&output.stderr));
}

/// A fresh 2048-bit key: (PKCS#8 PEM, PKCS#1 PEM, public key file).
fn key_pair(dir: &Path) -> (String, String, String) {
    let pkcs8 = dir.join("private.pem");
    let pkcs1 = dir.join("private-rsa.pem");
    let public = dir.join("public.pem");
    let path = |p: &Path| p.to_str().expect("utf-8 path").to_owned();
    run_openssl(&["genpkey", "-algorithm", "RSA", "-pkeyopt", "rsa_keygen_bits:2048", "-out", &path(&pkcs8)]);
    run_openssl(&["rsa", "-in", &path(&pkcs8), "-traditional", "-out", &path(&pkcs1)]);
    run_openssl(&["pkey", "-in", &path(&pkcs8), "-pubout", "-out", &path(&public)]);
    let read = |p: &Path| std::fs::read_to_string(p).expect("key file");
    assert!(read(&pkcs8).contains("BEGIN PRIVATE KEY") && read(&pkcs1).contains("BEGIN RSA PRIVATE KEY"));
    (read(&pkcs8), read(&pkcs1), path(&public))
}

/// What CloudFront reads from a signed URL: the URL without its three
/// signature parameters (the policy's resource), `Expires`, the signature
/// bytes and the key pair id. Parameters are found by name, in any order.
struct Presented {
    resource: String,
    expires: i64,
    signature: Vec<u8>,
    key_pair_id: String,
}

fn take_apart(signed: &str) -> Presented {
    let (base, query) = signed.split_once('?').expect("a query");
    let mut own = Vec::new();
    let (mut expires, mut signature, mut key_pair_id) = (None, None, None);
    for pair in query.split('&') {
        let (name, value) = pair.split_once('=').expect("name=value");
        match name {
            "Expires" => assert!(expires.replace(value.parse::<i64>().expect("Expires is a number")).is_none(), "one Expires"),
            "Signature" => assert!(signature.replace(value.to_owned()).is_none(), "one Signature"),
            "Key-Pair-Id" => assert!(key_pair_id.replace(value.to_owned()).is_none(), "one Key-Pair-Id"),
            _ => own.push(pair),
        }
    }
    let signature = signature.expect("Signature");
    // CloudFront's alphabet: only letters, digits and `-`, `_`, `~` (no
    // character a query string would have to escape).
    assert!(signature.bytes().all(|b| b.is_ascii_alphanumeric() || b"-_~".contains(&b)), "{signature}");
    let standard: String = signature
        .chars()
        .map(|c| match c {
            '-' => '+',
            '_' => '=',
            '~' => '/',
            other => other,
        })
        .collect();
    let signature = base64::engine::general_purpose::STANDARD.decode(standard).expect("base64 signature");
    let resource = if own.is_empty() { base.to_owned() } else { format!("{base}?{}", own.join("&")) };
    Presented { resource, expires: expires.expect("Expires"), signature, key_pair_id: key_pair_id.expect("Key-Pair-Id") }
}

/// `openssl dgst -sha1 -verify` of `signature` over the canned policy of
/// `resource` and `expires`, written here from AWS's documentation.
fn openssl_verifies(dir: &Path, public: &str, resource: &str, expires: i64, signature: &[u8]) -> bool {
    let policy =
        format!("{{\"Statement\":[{{\"Resource\":\"{resource}\",\"Condition\":{{\"DateLessThan\":{{\"AWS:EpochTime\":{expires}}}}}}}]}}");
    let policy_file = dir.join("policy.json");
    let signature_file = dir.join("signature.bin");
    std::fs::write(&policy_file, policy).expect("policy file");
    std::fs::write(&signature_file, signature).expect("signature file");
    let output = openssl(&[
        "dgst",
        "-sha1",
        "-verify",
        public,
        "-signature",
        signature_file.to_str().expect("utf-8"),
        policy_file.to_str().expect("utf-8"),
    ]);
    let said = String::from_utf8_lossy(&output.stdout);
    assert_eq!(output.status.success(), said.contains("Verified OK"), "openssl said {said}");
    output.status.success()
}

#[test]
fn signed_urls_verify_with_openssl_and_carry_cloudfronts_parameters() {
    let dir = tempfile::tempdir().expect("temp dir");
    let (pkcs8, pkcs1, public) = key_pair(dir.path());
    let expires = 1_893_456_000; // 2030-01-01: the link's own `exp`
    let token = "eyJhbGciOiJIUzI1NiIsImtpZCI6ImsxIn0.eyJvIjoib3JnIiwiZXhwIjoxODkzNDU2MDAwfQ.c2lnbmF0dXJlLWJ5dGVz-_x";

    for (format, pem) in [("PKCS#8", pkcs8.as_str()), ("PKCS#1", pkcs1.as_str()), ("one line with \\n", &pkcs1.replace('\n', "\\n"))] {
        let signer = CloudFrontSigner::from_pem("https://D111111abcdef8.cloudfront.net/", "K2JCJMDEHXQW5F", pem).expect(format);
        assert_eq!(signer.domain(), "d111111abcdef8.cloudfront.net");
        for path_and_query in [
            format!("/api/chart/image.svg?token={token}"),
            format!("/api/calc/natal/summary?token={token}&api_version=2026-01-01"),
            "/api/chart/image.png".to_owned(),
        ] {
            let signed = signer.link(&path_and_query, expires);
            let presented = take_apart(&signed);
            assert_eq!(presented.resource, format!("https://d111111abcdef8.cloudfront.net{path_and_query}"), "{format}");
            assert_eq!(presented.expires, expires);
            assert_eq!(presented.key_pair_id, "K2JCJMDEHXQW5F");
            assert_eq!(presented.signature.len(), 256, "a 2048-bit RSA signature");
            assert!(openssl_verifies(dir.path(), &public, &presented.resource, expires, &presented.signature), "{format}: {signed}");
            // The same signature does not cover another expiry or another link.
            assert!(!openssl_verifies(dir.path(), &public, &presented.resource, expires + 1, &presented.signature));
            assert!(!openssl_verifies(dir.path(), &public, &format!("{}x", presented.resource), expires, &presented.signature));
            // The parameters come last, in CloudFront's order, after the link's own.
            let tail = signed.split_once("Expires=").expect("Expires").1;
            assert!(tail.starts_with(&format!("{expires}&Signature=")) && tail.ends_with("&Key-Pair-Id=K2JCJMDEHXQW5F"), "{signed}");
        }
    }

    // Another key's signature does not verify with this public key.
    let other = tempfile::tempdir().expect("temp dir");
    let (other_key, _, _) = key_pair(other.path());
    let stranger = CloudFrontSigner::from_pem("d111111abcdef8.cloudfront.net", "K2JCJMDEHXQW5F", &other_key).expect("other key");
    let presented = take_apart(&stranger.link("/api/chart/image.svg?token=x", expires));
    assert!(!openssl_verifies(dir.path(), &public, &presented.resource, expires, &presented.signature));
}

#[test]
fn keys_shorter_than_cloudfronts_are_refused() {
    let dir = tempfile::tempdir().expect("temp dir");
    let short = dir.path().join("short.pem");
    run_openssl(&["genpkey", "-algorithm", "RSA", "-pkeyopt", "rsa_keygen_bits:1024", "-out", short.to_str().expect("utf-8")]);
    let pem = std::fs::read_to_string(&short).expect("key");
    let error = CloudFrontSigner::from_pem("d1.cloudfront.net", "K2", &pem).unwrap_err();
    assert_eq!(error.variable, "CLOUDFRONT_PRIVATE_KEY");
    assert!(error.reason.contains("1024"), "{error}");
}
