//! The first use of a deployed stack, as `make first-use` runs it:
//! `local-server bootstrap --owner-email … --owner-name …` against a
//! DynamoDB table (moto's, `$MOTO_ENDPOINT`) with the secrets given by ARN,
//! then the printed key used against the API served by the same binary on
//! that table (`serve` with STORAGE_BACKEND=aws).
//!
//! Without moto the DynamoDB case prints a notice and passes, unless
//! `REQUIRE_MOTO=1` or `CI=true` (as `make test` sets), where it fails.

use std::io::{Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

#[path = "../../../shared/tests/common/moto.rs"]
mod moto;

const BINARY: &str = env!("CARGO_BIN_EXE_local-server");
const OWNER_ID: &str = "idp|ada-1815";

/// The binary with exactly `vars` of the configuration: nothing of the
/// developer's own environment (a local secret, a profile) leaks in.
fn command(vars: &[(&str, String)], args: &[&str]) -> Command {
    let mut command = Command::new(BINARY);
    command.args(args);
    for name in [
        "STORAGE_BACKEND",
        "DATA_DIR",
        "URL_SIGNING_SECRET",
        "LINK_SIGNING_KEYS",
        "JWT_HS256_SECRET",
        "JWT_RS256_PUBLIC_KEY_FILE",
        "AWS_PROFILE",
        "AWS_SESSION_TOKEN",
        "PORT",
    ] {
        command.env_remove(name);
    }
    command.envs(vars.iter().map(|(k, v)| (*k, v.as_str())));
    command
}

fn run(vars: &[(&str, String)], args: &[&str]) -> (Output, String, String) {
    let output = command(vars, args).stdin(Stdio::null()).output().expect("run local-server");
    let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
    let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
    (output, stdout, stderr)
}

/// The server, stopped when the test ends however it ends.
struct Server(Child);

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0").and_then(|l| l.local_addr()).expect("a free port").port()
}

/// One HTTP/1.1 exchange on a fresh connection: (status, body).
fn http(port: u16, method: &str, path: &str, headers: &[(&str, &str)], body: Option<&str>) -> std::io::Result<(u16, String)> {
    let mut stream = TcpStream::connect(("127.0.0.1", port))?;
    stream.set_read_timeout(Some(Duration::from_secs(30)))?;
    let mut request = format!("{method} {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\n");
    for (name, value) in headers {
        request.push_str(&format!("{name}: {value}\r\n"));
    }
    let body = body.unwrap_or("");
    request.push_str(&format!("Content-Length: {}\r\n\r\n{body}", body.len()));
    stream.write_all(request.as_bytes())?;
    let mut response = String::new();
    stream.read_to_string(&mut response)?;
    let status = response.split(' ').nth(1).and_then(|s| s.parse().ok()).unwrap_or(0);
    let body = response.split_once("\r\n\r\n").map(|(_, b)| b.to_owned()).unwrap_or_default();
    Ok((status, body))
}

const NATAL: &str = r#"{"dateTime":"1990-05-11T14:30","location":{"latitude":41.9028,"longitude":12.4964,"timezone":"Europe/Rome"}}"#;

#[tokio::test]
async fn the_first_use_of_a_deployed_table_makes_an_owner_and_a_key_that_works_once_shown() {
    let Some(endpoint) = moto::endpoint("first use on DynamoDB") else { return };
    let aws = moto::sdk_config(&endpoint).await;
    let table = moto::unique("first-use");
    shared::store::dynamo::DynamoTable::new(aws_sdk_dynamodb::Client::new(&aws), table.clone())
        .create_table_if_missing()
        .await
        .expect("a table on moto");
    // As deployed: the secrets by ARN only (docs/deploy.md).
    let secrets = aws_sdk_secretsmanager::Client::new(&aws);
    let mut arns = Vec::new();
    for value in ["url-signing-secret-of-the-first-use-test", "jwt-secret-of-the-first-use-test-000000"] {
        let created = secrets.create_secret().name(moto::unique("first-use")).secret_string(value).send().await.expect("a secret");
        arns.push(created.arn().expect("its ARN").to_owned());
    }
    let vars = vec![
        ("STORAGE_BACKEND", "aws".to_owned()),
        ("TABLE_NAME", table),
        ("BUCKET_NAME", moto::unique("first-use")),
        ("URL_SIGNING_SECRET_ARN", arns[0].clone()),
        ("JWT_HS256_SECRET_ARN", arns[1].clone()),
        ("AWS_ENDPOINT_URL", endpoint),
        ("AWS_REGION", "us-east-1".to_owned()),
        ("AWS_ACCESS_KEY_ID", "test".to_owned()),
        ("AWS_SECRET_ACCESS_KEY", "test".to_owned()),
        // The most talkative level: the key must not be in the log even so.
        ("RUST_LOG", "debug".to_owned()),
    ];
    let owner = [
        "bootstrap",
        "--owner-email",
        "ada@example.test",
        "--owner-name",
        "Ada Lovelace",
        "--owner-id",
        OWNER_ID,
        "--organization-name",
        "Analytical Engines",
        "--plan",
        "premium",
    ];

    let (first, stdout, stderr) = run(&vars, &owner);
    assert!(first.status.success(), "first use failed:\n{stdout}\n{stderr}");
    let key = stdout
        .lines()
        .find_map(|line| line.strip_prefix("API key (shown once: store it now): "))
        .unwrap_or_else(|| panic!("no key printed:\n{stdout}"))
        .trim()
        .to_owned();
    assert!(key.len() >= 32, "{stdout}");
    assert!(stdout.contains("Analytical Engines, premium plan") && stdout.contains(OWNER_ID), "{stdout}");
    assert!(!stderr.contains(&key), "the key is never logged");

    let (second, stdout, stderr) = run(&vars, &owner);
    assert!(second.status.success(), "second run failed:\n{stdout}\n{stderr}");
    assert!(stdout.contains("already bootstrapped"), "{stdout}");
    assert!(!stdout.contains("API key") && !stdout.contains(&key) && !stderr.contains(&key), "no key shown again:\n{stdout}");

    // The API on the same table, as the Lambda functions would serve it.
    let port = free_port();
    let mut vars_served = vars.clone();
    vars_served.push(("PORT", port.to_string()));
    vars_served.push(("RUST_LOG", "info".to_owned()));
    let server =
        Server(command(&vars_served, &["serve"]).stdin(Stdio::null()).stdout(Stdio::null()).stderr(Stdio::null()).spawn().expect("serve"));
    let started = Instant::now();
    while http(port, "GET", "/", &[], None).is_err() {
        assert!(started.elapsed() < Duration::from_secs(120), "the server did not answer within 2 minutes");
        std::thread::sleep(Duration::from_millis(200));
    }
    let json = [("Content-Type", "application/json")];
    let (status, body) = http(port, "POST", "/api/calc/natal", &[json[0], ("X-Api-Key", &key)], Some(NATAL)).unwrap();
    assert_eq!(status, 200, "{body}");
    assert!(body.contains("\"sun\""), "{body}");
    let wrong = format!("{key}x");
    assert_eq!(http(port, "POST", "/api/calc/natal", &[json[0], ("X-Api-Key", &wrong)], Some(NATAL)).unwrap().0, 401);

    // The owner signs in to the dashboard with a token whose `sub` is their id.
    let (minted, token, _) = run(&vars, &["dev-token", OWNER_ID]);
    assert!(minted.status.success());
    let bearer = format!("Bearer {}", token.trim());
    let (status, body) = http(port, "GET", "/api/orgs", &[("Authorization", &bearer)], None).unwrap();
    assert_eq!(status, 200, "{body}");
    for expected in ["\"name\":\"Analytical Engines\"", "\"plan\":\"premium\"", "\"role\":\"owner\""] {
        assert!(body.contains(expected), "{expected} in {body}");
    }
    drop(server);
}

#[test]
fn a_deployed_table_is_not_bootstrapped_without_its_owner() {
    let vars = vec![
        ("STORAGE_BACKEND", "aws".to_owned()),
        ("TABLE_NAME", "t".to_owned()),
        ("BUCKET_NAME", "b".to_owned()),
        ("URL_SIGNING_SECRET", "a-secret-given-by-value-000".to_owned()),
    ];
    let (refused, _, stderr) = run(&vars, &["bootstrap"]);
    assert!(!refused.status.success());
    assert!(stderr.contains("--owner-email and --owner-name"), "{stderr}");
    let (refused, _, stderr) = run(&vars, &["bootstrap", "--owner-email", "ada@example.test"]);
    assert!(!refused.status.success());
    assert!(stderr.contains("go together"), "{stderr}");
    let (refused, _, stderr) = run(&vars, &["bootstrap", "--owner-email", "ada@example.test", "--owner-name", "Ada", "--plan", "gold"]);
    assert!(!refused.status.success());
    assert!(stderr.contains("unknown plan 'gold'"), "{stderr}");
}

/// A secret given by value that is too short to be a key stops the start:
/// the process exits, naming the variable and the minimum, never the value.
#[test]
fn a_short_secret_stops_the_start_naming_the_variable_and_the_minimum() {
    let dir = tempfile::tempdir().expect("a data directory");
    let base = vec![
        ("STORAGE_BACKEND", "embedded".to_owned()),
        ("DATA_DIR", dir.path().display().to_string()),
        ("PORT", free_port().to_string()),
        ("RUST_LOG", "warn".to_owned()),
    ];
    let short_jwt = "jwt-secret-of-31-bytes-00000000";
    let short_url = "url-secret-15-b";
    for (variable, value, minimum) in [("JWT_HS256_SECRET", short_jwt, "32 bytes"), ("URL_SIGNING_SECRET", short_url, "16 bytes")] {
        let mut vars = base.clone();
        vars.push((variable, value.to_owned()));
        let mut child =
            command(&vars, &["serve"]).stdin(Stdio::null()).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().expect("serve");
        let started = Instant::now();
        let status = loop {
            if let Some(status) = child.try_wait().expect("the process") {
                break status;
            }
            if started.elapsed() > Duration::from_secs(30) {
                let _ = child.kill();
                let _ = child.wait();
                panic!("{variable} of {} bytes: the server started", value.len());
            }
            std::thread::sleep(Duration::from_millis(100));
        };
        let mut stderr = String::new();
        child.stderr.take().expect("stderr").read_to_string(&mut stderr).expect("stderr read");
        let mut stdout = String::new();
        child.stdout.take().expect("stdout").read_to_string(&mut stdout).expect("stdout read");
        assert!(!status.success(), "{variable}: {stderr}");
        assert!(stderr.contains(variable) && stderr.contains(minimum), "{variable}: {stderr}");
        assert!(!stderr.contains(value) && !stdout.contains(value), "{variable}: the secret is printed: {stderr}{stdout}");
    }
}
