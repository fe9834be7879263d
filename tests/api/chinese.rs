//! POST /api/calc/chinese-forecast: the sign changes on the new year's day
//! of the published table, the forecast is told in the request's language,
//! the route is in the `chinese` module, and bad input is named.

use chrono::{Duration, NaiveDate};
use serde_json::{Value, json};
use shared::auth::Plan;

use crate::support::{TestApp, TestResponse};

async fn forecast(app: &TestApp, body: Value) -> TestResponse {
    app.post("/api/calc/chinese-forecast", &body).await
}

fn table_new_year(year: i32) -> NaiveDate {
    let table: Value = serde_json::from_str(include_str!("../../shared/tests/reference/chinese_new_year.json")).unwrap();
    NaiveDate::parse_from_str(table["new_year"][year.to_string()].as_str().unwrap(), "%Y-%m-%d").unwrap()
}

/// (Gregorian year, the sign of the Chinese year starting in it, the sign of the one before).
const YEARS: [(i32, &str, &str); 20] = [
    (1900, "rat", "pig"),
    (1912, "rat", "pig"),
    (1916, "dragon", "rabbit"),
    (1929, "snake", "dragon"),
    (1943, "goat", "horse"),
    (1950, "tiger", "ox"),
    (1966, "horse", "snake"),
    (1978, "horse", "snake"),
    (1985, "ox", "rat"),
    (1990, "horse", "snake"),
    (2000, "dragon", "rabbit"),
    (2012, "dragon", "rabbit"),
    (2021, "ox", "rat"),
    (2024, "dragon", "rabbit"),
    (2026, "horse", "snake"),
    (2033, "ox", "rat"),
    (2034, "tiger", "ox"),
    (2057, "ox", "rat"),
    (2088, "monkey", "goat"),
    (2100, "monkey", "goat"),
];

#[tokio::test]
async fn the_sign_changes_on_the_new_years_day_of_the_published_table() {
    let app = TestApp::spawn().await;
    for (year, sign, previous) in YEARS {
        let new_year = table_new_year(year);
        for (date, expected, chinese_year) in [(new_year, sign, year), (new_year - Duration::days(1), previous, year - 1)] {
            let response = forecast(&app, json!({ "birthDate": date.format("%Y-%m-%d").to_string(), "forecastYear": 2027 })).await;
            assert_eq!(response.status, 200, "{date}: {}", response.text);
            let data = &response.body["data"];
            assert_eq!(data["sign"], expected, "{date}");
            assert_eq!(data["birth"]["chineseYear"], chinese_year, "{date}");
            assert_eq!(data["birth"]["sign"], expected, "{date}");
        }
        let data = forecast(&app, json!({ "birthDate": new_year.format("%Y-%m-%d").to_string(), "forecastYear": year })).await.body["data"]
            .clone();
        assert_eq!(data["forecast"]["newYearDate"], new_year.format("%Y-%m-%d").to_string(), "{year}");
    }
}

#[tokio::test]
async fn the_forecast_follows_the_relations_in_the_requested_language() {
    let app = TestApp::spawn().await;
    // A Horse (1990, metal) in 2026, a fire horse year: its own sign's year,
    // which for the Horse is also self-punishment; fire masters metal.
    let en =
        forecast(&app, json!({ "birthDate": "1990-05-11", "forecastYear": 2026, "includeText": true, "includeReadableEntities": true }))
            .await;
    assert_eq!(en.status, 200, "{}", en.text);
    let data = &en.body["data"];
    assert_eq!((data["sign"].as_str(), data["year"].as_i64()), (Some("horse"), Some(2026)));
    assert_eq!(data["birth"]["element"], "metal");
    assert_eq!(data["birth"]["polarity"], "yang");
    assert_eq!(data["forecast"]["element"], "fire");
    assert_eq!(data["relations"], json!(["birth_year", "self_punishment"]));
    assert_eq!(data["elementRelation"], "year_masters_you");
    assert!(data["text"].as_str().unwrap().split_whitespace().count() > 40);
    for category in ["love", "career", "wealth", "health", "family"] {
        assert!(data["categories"][category].as_str().unwrap().split_whitespace().count() > 10, "{category}");
    }
    assert!(data["signText"].as_str().unwrap().contains("Horse"));
    assert_eq!(data["readable"]["sign"], "Horse");

    let es =
        forecast(&app, json!({ "birthDate": "1990-05-11", "forecastYear": 2026, "language": "es", "includeReadableEntities": true })).await;
    assert_eq!(es.body["data"]["readable"]["sign"], "Caballo");
    assert_ne!(es.body["data"]["text"], data["text"]);
    assert_eq!(es.body["meta"]["language"], "es");
    assert!(es.body["data"].get("signText").is_none(), "no sign text without includeText");

    // A clash: a Rat in a Horse year.
    let clash = forecast(&app, json!({ "birthDate": "1984-03-01", "forecastYear": 2026 })).await;
    assert_eq!(clash.body["data"]["relations"], json!(["clash"]));
}

#[tokio::test]
async fn the_forecast_is_in_the_chinese_module() {
    let app = TestApp::spawn().await;
    app.set_plan(Plan::Free).await;
    let refused = forecast(&app, json!({ "birthDate": "1990-05-11", "forecastYear": 2026 })).await;
    assert_eq!(refused.status, 403, "{}", refused.text);
    assert_eq!(refused.error()["code"], "module_not_in_plan");
    app.set_plan(Plan::Basic).await;
    assert_eq!(forecast(&app, json!({ "birthDate": "1990-05-11", "forecastYear": 2026 })).await.status, 200);
}

#[tokio::test]
async fn bad_input_is_named() {
    let app = TestApp::spawn().await;
    for (body, pointers) in [
        (json!({ "birthDate": "1990-02-30", "forecastYear": 2026 }), vec!["/birthDate"]),
        (json!({ "birthDate": "1990-13-01", "forecastYear": 2026.5 }), vec!["/birthDate", "/forecastYear"]),
        (json!({ "birthDate": "1700-01-01", "forecastYear": "2026" }), vec!["/birthDate", "/forecastYear"]),
        (json!({ "birthDate": "1990-05-11", "forecastYear": 3000 }), vec!["/forecastYear"]),
        (json!({ "birthDate": "1990-05-11", "forecastYear": 2026, "language": "fr" }), vec!["/language"]),
    ] {
        let response = forecast(&app, body.clone()).await;
        assert_eq!(response.status, 422, "{body}: {}", response.text);
        assert_eq!(response.pointers(), pointers, "{body}");
    }
    let unsupported = forecast(&app, json!({ "birthDate": "1990-05-11", "forecastYear": 2026, "language": "fr" })).await;
    assert!(unsupported.error()["detail"].as_str().unwrap().contains("en, es"));
    let missing = forecast(&app, json!({ "forecastYear": 2026 })).await;
    assert_eq!(missing.status, 422, "{}", missing.text);
}
