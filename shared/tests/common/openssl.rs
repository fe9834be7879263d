//! A CloudFront key pair's private half for a test or bench run, made by
//! the openssl command (no private key is committed).

/// A fresh 2048-bit RSA private key in PKCS#8 PEM.
pub fn rsa_private_key_pem() -> String {
    let dir = tempfile::tempdir().expect("temp dir");
    let file = dir.path().join("key.pem");
    let output = std::process::Command::new("openssl")
        .args(["genpkey", "-algorithm", "RSA", "-pkeyopt", "rsa_keygen_bits:2048", "-out"])
        .arg(&file)
        .output()
        .expect("the openssl command (apt-get install openssl)");
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    std::fs::read_to_string(file).expect("key")
}
