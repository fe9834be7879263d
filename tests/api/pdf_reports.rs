//! POST /api/pdf-reports/generate: every report type is a PDF that real
//! readers (poppler-utils, qpdf) accept, with the subject's name, each
//! planet's sign and the corpus texts in it, fonts embedded as subsets and
//! the wheel as vector paths; the same request again is served from the
//! stored file, on the embedded store and on S3 (moto); bad requests are
//! 422s pointing at the field, refused keys 403s with their own code.

use std::process::Command;

use axum::body::Body;
use axum::http::{HeaderMap, Request, StatusCode};
use http_body_util::BodyExt;
use serde_json::{Value, json};
use tower::ServiceExt;

use crate::orgs::units_used;
use crate::support::TestApp;

const GENERATE: &str = "/api/pdf-reports/generate";
const BASE: &str = "https://api.example.test";

struct Answer {
    status: StatusCode,
    headers: HeaderMap,
    bytes: Vec<u8>,
}

impl Answer {
    fn header(&self, name: &str) -> &str {
        self.headers.get(name).and_then(|v| v.to_str().ok()).unwrap_or("")
    }

    fn json(&self) -> Value {
        serde_json::from_slice(&self.bytes)
            .unwrap_or_else(|_| panic!("not JSON: {}", String::from_utf8_lossy(&self.bytes[..self.bytes.len().min(300)])))
    }

    fn text(&self) -> String {
        String::from_utf8_lossy(&self.bytes[..self.bytes.len().min(2000)]).into_owned()
    }

    fn assert_refused(&self, status: u16, code: &str) {
        assert_eq!(self.status, status, "{}", self.text());
        assert_eq!(self.json()["errors"][0]["code"], code, "{}", self.text());
        assert!(!self.bytes.starts_with(b"%PDF"));
    }
}

async fn send(app: &TestApp, request: Request<Body>) -> Answer {
    let response = app.router.clone().oneshot(request).await.unwrap();
    let status = response.status();
    let headers = response.headers().clone();
    let bytes = response.into_body().collect().await.unwrap().to_bytes().to_vec();
    Answer { status, headers, bytes }
}

async fn generate(app: &TestApp, key: &str, body: &Value, accept: Option<&str>) -> Answer {
    let mut request = Request::post(GENERATE).header("content-type", "application/json").header("x-api-key", key);
    if let Some(accept) = accept {
        request = request.header("accept", accept);
    }
    send(app, request.body(Body::from(body.to_string())).unwrap()).await
}

fn person(name: &str, date: [i64; 5], place: &str, latitude: f64, longitude: f64, timezone: &str) -> Value {
    json!({
        "name": name,
        "birthDate": { "year": date[0], "month": date[1], "day": date[2], "hour": date[3], "minute": date[4] },
        "birthPlace": { "name": place, "latitude": latitude, "longitude": longitude, "timezone": timezone },
    })
}

fn maria() -> Value {
    person("María José Núñez", [1990, 5, 11, 14, 30], "Roma, Italia", 41.9028, 12.4964, "Europe/Rome")
}

fn tomas() -> Value {
    person("Tomás Ibáñez", [1992, 8, 20, 6, 15], "New York, USA", 40.7128, -74.006, "America/New_York")
}

fn request(report_type: &str, template: &str, language: &str) -> Value {
    let mut body = json!({ "reportType": report_type, "templateId": template, "language": language, "subject": maria() });
    match report_type {
        "synastry" => body["partner"] = tomas(),
        "natal" => {}
        _ => body["transitDate"] = json!({ "year": 2026, "month": 3, "day": 1, "hour": 12, "minute": 0 }),
    }
    body
}

/// Runs a poppler or qpdf tool; `make test` installs them.
fn tool(program: &str, args: &[&str]) -> (bool, String) {
    let output = Command::new(program)
        .args(args)
        .output()
        .unwrap_or_else(|e| panic!("{program} is not installed ({e}): `make test` installs poppler-utils and qpdf"));
    (output.status.success(), format!("{}{}", String::from_utf8_lossy(&output.stdout), String::from_utf8_lossy(&output.stderr)))
}

fn squash(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The document's language (`/Lang` of the catalog).
fn document_language(bytes: &[u8]) -> String {
    let document = lopdf::Document::load_mem(bytes).expect("lopdf reads the report");
    let language = document.catalog().expect("catalog").get(b"Lang").and_then(lopdf::Object::as_str).expect("/Lang");
    String::from_utf8_lossy(language).into_owned()
}

/// The number of path-building operators (m, l, c, re) on each page, and
/// whether any page draws an XObject (an image or form).
fn path_operators(bytes: &[u8]) -> (Vec<usize>, bool) {
    let document = lopdf::Document::load_mem(bytes).expect("lopdf reads the report");
    let mut counts = Vec::new();
    let mut draws_objects = false;
    for (_, page_id) in document.get_pages() {
        let content = document.get_and_decode_page_content(page_id).expect("page content");
        counts.push(content.operations.iter().filter(|op| matches!(op.operator.as_str(), "m" | "l" | "c" | "re")).count());
        draws_objects |= content.operations.iter().any(|op| op.operator == "Do");
    }
    (counts, draws_objects)
}

#[tokio::test]
async fn every_report_type_is_a_pdf_that_real_readers_accept() {
    let app = TestApp::spawn().await;
    let dir = tempfile::tempdir().unwrap();
    // The natal chart's signs, for the positions table.
    let natal = app
        .post(
            "/api/calc/natal",
            &json!({ "dateTime": "1990-05-11T14:30", "location": { "latitude": 41.9028, "longitude": 12.4964, "timezone": "Europe/Rome" },
                     "language": "es", "includeText": true, "includeReadableEntities": true }),
        )
        .await;
    assert_eq!(natal.status, 200, "{}", natal.text);

    let cases = [
        ("natal", "classic", "es"),
        ("natal", "modern", "en"),
        ("synastry", "modern", "es"),
        ("transit", "classic", "en"),
        ("progressions", "modern", "en"),
        ("solar-return", "classic", "es"),
        ("lunar-return", "modern", "en"),
    ];
    for (report_type, template, language) in cases {
        let answer = generate(&app, &app.api_key, &request(report_type, template, language), None).await;
        let case = format!("{report_type}/{template}/{language}");
        assert_eq!(answer.status, 200, "{case}: {}", answer.text());
        assert_eq!(answer.header("content-type"), "application/pdf", "{case}");
        assert_eq!(answer.header("content-disposition"), format!("attachment; filename=\"{report_type}-report-maria-jose-nunez.pdf\""));
        assert_eq!(answer.header("x-report-cache"), "miss", "{case}");
        assert!(answer.bytes.starts_with(b"%PDF-1.7"), "{case}");
        assert!(answer.bytes.len() < 300 * 1024, "{case}: {} bytes", answer.bytes.len());
        let path = dir.path().join(format!("{report_type}-{template}.pdf"));
        std::fs::write(&path, &answer.bytes).unwrap();
        let file = path.to_str().unwrap();

        let (clean, check) = tool("qpdf", &["--check", file]);
        assert!(clean && check.contains("No syntax or stream encoding errors"), "{case}: {check}");

        let (_, info) = tool("pdfinfo", &[file]);
        let pages: usize = info.lines().find_map(|l| l.strip_prefix("Pages:")).unwrap().trim().parse().unwrap();
        assert!((5..=40).contains(&pages), "{case}: {pages} pages");
        for expected in ["Title:", "Author:", "Subject:", "Keywords:", "CreationDate:", "María José Núñez"] {
            assert!(info.contains(expected), "{case}: {expected} not in {info}");
        }
        assert!(info.contains(&format!("astrology,{report_type},{template},{language}")), "{case}: {info}");

        assert_eq!(document_language(&answer.bytes), language, "{case}");

        let (_, fonts) = tool("pdffonts", &[file]);
        let rows: Vec<&str> = fonts.lines().skip(2).filter(|l| !l.trim().is_empty()).collect();
        assert_eq!(rows.len(), 2, "{case}: {fonts}");
        for row in rows {
            let columns: Vec<&str> = row.split_whitespace().collect();
            // name, type (2 words), encoding, emb, sub, uni, object, id
            assert_eq!(&columns[4..7], ["yes", "yes", "yes"], "{case}: embedded, subset, with a Unicode map: {row}");
            assert!(columns[0].len() > 7 && columns[0].as_bytes()[6] == b'+', "{case}: subset tag: {row}");
        }

        let (_, images) = tool("pdfimages", &["-list", file]);
        assert_eq!(images.lines().count(), 2, "{case}: no raster image: {images}");
        let (counts, draws_objects) = path_operators(&answer.bytes);
        assert!(!draws_objects, "{case}: no XObject is drawn");
        assert!(counts.iter().any(|n| *n > 500), "{case}: the wheel page is drawn in vector paths: {counts:?}");

        let (_, text) = tool("pdftotext", &["-layout", file, "-"]);
        assert!(text.contains("María José Núñez"), "{case}");
        if report_type == "synastry" {
            assert!(text.contains("Tomás Ibáñez"), "{case}");
        }
        if report_type == "transit" {
            // The transit moment in the zone's offset of that day (+01:00 in
            // March, where the birth's was +02:00): noon local, 11:00 UTC.
            let text = squash(&text);
            assert!(text.contains("Transiting 1 March 2026, 12:00"), "{case}: {}", &text[..800]);
            assert!(text.contains("1 March 2026, 11:00 UTC"), "{case}");
        }
        let (positions, signs) = if language == "es" { ("Posiciones", "Signo") } else { ("Positions", "Sign") };
        assert!(text.contains(positions) && text.contains(signs), "{case}");
        if report_type == "natal" {
            // Each planet's row names its sign.
            let names = if language == "es" { &natal.body["data"]["points"] } else { &Value::Null };
            for planet in ["sun", "moon", "mercury", "venus", "mars", "jupiter", "saturn", "uranus", "neptune", "pluto"] {
                let point = &natal.body["data"]["points"][planet];
                let sign = point["sign"].as_str().unwrap();
                let sign_name = if language == "es" { names[planet]["signName"].as_str().unwrap().to_owned() } else { english_sign(sign) };
                let point_name = if language == "es" { names[planet]["name"].as_str().unwrap().to_owned() } else { english_point(planet) };
                let row = text
                    .lines()
                    .find(|l| l.contains(&format!(" {point_name} ")) && l.contains('°') && l.contains(&sign_name))
                    .unwrap_or_else(|| panic!("{case}: no row with {point_name} in {sign_name}"));
                assert!(row.contains(&sign_name), "{row}");
            }
            if language == "es" {
                // The corpus text of the Sun's sign, as the calculation gives it.
                let body = natal.body["data"]["points"]["sun"]["text"].as_str().unwrap();
                let opening: String = squash(body).chars().take(60).collect();
                assert!(squash(&text).contains(&opening), "{case}: the Sun's text ({opening}) is printed");
            }
        }
        if pages > 4 {
            // Page 2 lists the sections; each is on the page it names.
            let (_, contents) = tool("pdftotext", &["-layout", "-f", "2", "-l", "2", file, "-"]);
            assert!(contents.contains(if language == "es" { "Contenido" } else { "Contents" }), "{case}: {contents}");
            let mut entries = 0;
            for line in contents.lines().skip(1) {
                let words: Vec<&str> = line.split_whitespace().collect();
                let Some((last, title)) = words.split_last() else { continue };
                let Ok(target) = last.parse::<usize>() else { continue };
                if title.is_empty() || title.iter().any(|w| *w == "Page" || *w == "Página") {
                    continue;
                }
                let title = title.join(" ");
                let (_, page) = tool("pdftotext", &["-f", &target.to_string(), "-l", &target.to_string(), file, "-"]);
                assert!(squash(&page).contains(&title), "{case}: '{title}' is not on page {target}");
                entries += 1;
            }
            assert!(entries >= 5, "{case}: {contents}");
        }
        let page_of = if language == "es" { format!("Página 2 de {pages}") } else { format!("Page 2 of {pages}") };
        assert!(text.contains(&page_of), "{case}: page numbers");
    }
}

fn english_sign(id: &str) -> String {
    let mut name = id.to_owned();
    name[..1].make_ascii_uppercase();
    name
}

fn english_point(id: &str) -> String {
    english_sign(id)
}

#[tokio::test]
async fn the_same_request_is_served_from_the_stored_report_and_meters_one_request_each() {
    let app = TestApp::spawn().await;
    let body = request("natal", "modern", "en");
    let before = units_used(&app).await;
    let first = generate(&app, &app.api_key, &body, None).await;
    assert_eq!(first.status, 200, "{}", first.text());
    assert_eq!(first.header("x-report-cache"), "miss");
    assert_eq!(units_used(&app).await, before + 1, "one report is one request");
    let second = generate(&app, &app.api_key, &body, None).await;
    assert_eq!(second.header("x-report-cache"), "hit");
    assert_eq!(second.bytes, first.bytes, "served from the stored file");
    assert_eq!(units_used(&app).await, before + 2);

    // Another template, language or branding is another report.
    let mut branded = body.clone();
    branded["branding"] = json!({ "companyName": "Estrella Studio", "primaryColor": "#0b6e4f", "accentColor": "#f4a259" });
    let other = generate(&app, &app.api_key, &branded, None).await;
    assert_eq!(other.header("x-report-cache"), "miss");
    let file = tempfile::NamedTempFile::new().unwrap();
    std::fs::write(file.path(), &other.bytes).unwrap();
    let (_, info) = tool("pdfinfo", &[file.path().to_str().unwrap()]);
    assert!(info.contains("Author:          Estrella Studio"), "{info}");
    let (_, text) = tool("pdftotext", &[file.path().to_str().unwrap(), "-"]);
    assert!(text.contains("Estrella Studio"));

    // The JSON:API answer: the stored report behind a signed download link.
    let document = generate(&app, &app.api_key, &body, Some("application/vnd.api+json")).await;
    assert_eq!(document.status, 200, "{}", document.text());
    assert!(document.header("content-type").starts_with("application/vnd.api+json"));
    let data = &document.json()["data"];
    assert_eq!(data["type"], "pdf-reports");
    let attributes = &data["attributes"];
    assert_eq!(attributes["cached"], true);
    assert_eq!(attributes["reportType"], "natal");
    assert_eq!(attributes["templateId"], "modern");
    assert_eq!(attributes["size"], first.bytes.len());
    assert_eq!(attributes["fileName"], "natal-report-maria-jose-nunez.pdf");
    let key = format!("reports/{}/{}.pdf", app.organization_id, data["id"].as_str().unwrap());
    assert!(app.state.blobs.get(&key).await.unwrap().is_some(), "stored under the organization's prefix: {key}");
    let url = attributes["downloadUrl"].as_str().unwrap();
    assert!(url.starts_with(&format!("{BASE}/api/pdf-reports/download?token=")), "{url}");
    let downloaded = send(&app, Request::get(url.strip_prefix(BASE).unwrap()).body(Body::empty()).unwrap()).await;
    assert_eq!(downloaded.status, 200);
    assert_eq!(downloaded.header("content-type"), "application/pdf");
    assert_eq!(downloaded.bytes, first.bytes);
    let tampered = format!("{}x", url.strip_prefix(BASE).unwrap());
    send(&app, Request::get(tampered).body(Body::empty()).unwrap()).await.assert_refused(401, "invalid_link");
}

#[tokio::test]
async fn on_s3_the_report_is_stored_under_the_organizations_prefix_and_served_again() {
    let Some(endpoint) = crate::moto::endpoint("pdf_reports_on_s3") else { return };
    let mut app = TestApp::spawn_on_dynamodb(&endpoint).await;
    let config = aws_sdk_s3::config::Builder::from(&crate::moto::sdk_config(&endpoint).await).force_path_style(true).build();
    let client = aws_sdk_s3::Client::from_conf(config);
    let bucket = crate::moto::unique("reports");
    let blobs = shared::blob::s3::S3Blobs::new(client.clone(), bucket.clone());
    blobs.create_bucket_if_missing().await.unwrap();
    app.state.blobs = std::sync::Arc::new(blobs);
    app.router = local_server::app(app.state.clone()).unwrap();

    let body = request("synastry", "classic", "es");
    let first = generate(&app, &app.api_key, &body, Some("application/vnd.api+json")).await;
    assert_eq!(first.status, 200, "{}", first.text());
    let data = first.json()["data"].clone();
    assert_eq!(data["attributes"]["cached"], false);
    let listed = client.list_objects_v2().bucket(&bucket).prefix(format!("reports/{}/", app.organization_id)).send().await.unwrap();
    let keys: Vec<&str> = listed.contents().iter().filter_map(|o| o.key()).collect();
    assert_eq!(keys, [format!("reports/{}/{}.pdf", app.organization_id, data["id"].as_str().unwrap())]);
    let object = client.get_object().bucket(&bucket).key(keys[0]).send().await.unwrap();
    assert_eq!(object.content_type(), Some("application/pdf"));
    let stored = object.body.collect().await.unwrap().into_bytes();

    let second = generate(&app, &app.api_key, &body, None).await;
    assert_eq!(second.status, 200);
    assert_eq!(second.header("x-report-cache"), "hit");
    assert_eq!(second.bytes, stored.to_vec(), "served from the stored object");

    // The JSON:API link is an S3 pre-signed URL that downloads it.
    let url = data["attributes"]["downloadUrl"].as_str().unwrap();
    assert!(url.starts_with(&endpoint) && url.contains("X-Amz-Signature=") && url.contains("X-Amz-Expires=3600"), "{url}");
    let downloaded = http_get(url).await;
    assert_eq!(downloaded, stored.to_vec());
}

async fn http_get(url: &str) -> Vec<u8> {
    use hyper_util::client::legacy::Client;
    use hyper_util::rt::TokioExecutor;
    let client: Client<_, Body> = Client::builder(TokioExecutor::new()).build_http();
    let response = client.request(Request::get(url).body(Body::empty()).unwrap()).await.unwrap();
    assert_eq!(response.status(), 200);
    response.into_body().collect().await.unwrap().to_bytes().to_vec()
}

#[tokio::test]
async fn bad_requests_point_at_the_field_and_list_the_valid_values() {
    let app = TestApp::spawn().await;
    let cases = [
        (
            json!({ "reportType": "horary", "subject": maria() }),
            "/reportType",
            "valid: natal, synastry, transit, progressions, solar-return, lunar-return",
        ),
        (json!({ "reportType": "natal", "templateId": "baroque", "subject": maria() }), "/templateId", "valid: classic, modern"),
        (json!({ "reportType": "synastry", "subject": maria() }), "/partner", "needs a partner"),
        (json!({ "reportType": "transit", "subject": maria() }), "/transitDate", "needs a transitDate"),
        (json!({ "reportType": "natal", "subject": maria(), "language": "fr" }), "/language", "supported: en, es"),
        (
            json!({ "reportType": "natal", "subject": person("A", [1990, 2, 30, 12, 0], "X", 0.0, 0.0, "UTC") }),
            "/subject/birthDate",
            "not a calendar date",
        ),
        (
            json!({ "reportType": "natal", "subject": person("A", [1990, 2, 3, 12, 0], "X", 95.0, 0.0, "Mars/Olympus") }),
            "/subject/birthPlace/latitude",
            "between -90 and 90",
        ),
        (json!({ "reportType": "natal", "subject": maria(), "branding": { "primaryColor": "teal" } }), "/branding/primaryColor", "#rrggbb"),
        // Objects only: an array is not read field by field.
        (json!({ "reportType": "natal", "subject": ["Maria", maria()["birthDate"], maria()["birthPlace"]] }), "/subject", "object"),
        (
            json!({ "reportType": "natal", "subject": { "name": "Maria", "birthDate": [1990, 5, 11, 14, 30], "birthPlace": maria()["birthPlace"] } }),
            "/subject/birthDate",
            "object",
        ),
    ];
    for (body, pointer, detail) in cases {
        let answer = generate(&app, &app.api_key, &body, None).await;
        assert_eq!(answer.status, 422, "{pointer}: {}", answer.text());
        let errors = answer.json()["errors"].clone();
        let error = errors
            .as_array()
            .unwrap()
            .iter()
            .find(|e| e["source"]["pointer"] == pointer)
            .unwrap_or_else(|| panic!("no error at {pointer}: {errors}"));
        assert!(error["detail"].as_str().unwrap().contains(detail), "{pointer}: {error}");
    }
    // A missing member is a 422 too, and an unknown one.
    let answer = generate(&app, &app.api_key, &json!({ "reportType": "natal" }), None).await;
    assert_eq!(answer.status, 422, "{}", answer.text());
    let answer = generate(&app, &app.api_key, &json!({ "reportType": "natal", "subject": maria(), "font": "Comic" }), None).await;
    assert_eq!(answer.status, 422, "{}", answer.text());
}

#[tokio::test]
async fn keys_without_the_module_or_chart_read_are_refused_with_their_own_code() {
    let app = TestApp::spawn().await;
    let body = request("natal", "classic", "en");
    let calc_only = app.create_key(json!({ "permissions": ["calc:read"] })).await;
    generate(&app, &calc_only, &body, None).await.assert_refused(403, "permission_denied");
    let no_pdf = app.create_key(json!({ "modules": ["numerology"] })).await;
    generate(&app, &no_pdf, &body, None).await.assert_refused(403, "module_not_allowed");
    app.set_plan(shared::auth::Plan::Basic).await;
    generate(&app, &app.api_key, &body, None).await.assert_refused(403, "module_not_in_plan");
}
