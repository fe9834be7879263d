//! POST /api/calc/profections and POST /api/calc/firdaria: the time lords
//! of a life. The expected lords are worked out here from the stated rules
//! (docs/api.md); shared/tests checks more births against a script that
//! implements the rules apart from the service.

use chrono::NaiveDate;
use serde_json::{Value, json};

use crate::support::{TestApp, birth, with};

fn rome(extra: Value) -> Value {
    with(birth(), extra)
}

fn day(text: &str) -> NaiveDate {
    NaiveDate::parse_from_str(text, "%Y-%m-%d").unwrap()
}

#[tokio::test]
async fn the_thirty_seventh_year_profects_to_the_ascendants_sign_and_the_month_by_twelfths() {
    let app = TestApp::spawn().await;
    let response = app.post("/api/calc/profections", &rome(json!({ "date": "2026-11-27" }))).await;
    assert_eq!(response.status, 200, "{}", response.text);
    let data = &response.body["data"];
    // Ascendant 13° Virgo; age 36, and 36 mod 12 = 0: the first house again.
    assert_eq!(data["ascendantSign"], "virgo");
    assert_eq!(data["age"], 36);
    assert_eq!(data["annual"]["house"], 1);
    assert_eq!(data["annual"]["sign"], "virgo");
    assert_eq!(data["annual"]["lord"], "mercury");
    assert_eq!(data["annual"]["firstDay"], "2026-05-11");
    assert_eq!(data["annual"]["lastDay"], "2027-05-10");
    // 200 of the 365 days are past: floor(12 × 200 / 365) = 6 twelfths, the 7th month, six signs on: Pisces.
    let elapsed = (day("2026-11-27") - day("2026-05-11")).num_days();
    let month = 12 * elapsed / 365;
    assert_eq!(month, 6);
    assert_eq!(data["monthly"]["month"], month + 1);
    assert_eq!(data["monthly"]["sign"], "pisces");
    assert_eq!(data["monthly"]["lord"], "jupiter");
    assert_eq!(data["monthly"]["house"], 7);
    // The month holds the days d with 6 ≤ 12·d/365 < 7: days 183 (10 November) to 212.
    assert_eq!(data["monthly"]["firstDay"], "2026-11-10");
    assert_eq!(data["monthly"]["lastDay"], "2026-12-09");
    assert!(response.body["meta"]["houses"].as_str().unwrap().contains("whole sign"));
}

#[tokio::test]
async fn profections_default_to_today_and_refuse_a_day_before_birth() {
    let app = TestApp::spawn().await;
    let response = app.post("/api/calc/profections", &rome(json!({}))).await;
    assert_eq!(response.status, 200, "{}", response.text);
    let today = chrono::Utc::now().date_naive();
    let date = day(response.body["data"]["date"].as_str().unwrap());
    assert!((date - today).num_days().abs() <= 1, "{date} vs {today}");

    for (date, pointer) in [("1990-05-10", "/date"), ("1990-02-30", "/date"), ("9999-06-01", "/date")] {
        let response = app.post("/api/calc/profections", &rome(json!({ "date": date }))).await;
        assert_eq!(response.status, 422, "{date}: {}", response.text);
        assert_eq!(response.pointers(), [pointer]);
    }
}

#[tokio::test]
async fn a_day_birth_begins_with_the_sun_and_a_date_marks_its_period_and_sub_period() {
    let app = TestApp::spawn().await;
    let response = app.post("/api/calc/firdaria", &rome(json!({ "date": "2026-11-27" }))).await;
    assert_eq!(response.status, 200, "{}", response.text);
    let data = &response.body["data"];
    assert_eq!(data["sect"], "day");
    let periods = data["periods"].as_array().unwrap();
    let lords: Vec<&str> = periods.iter().map(|p| p["lord"].as_str().unwrap()).collect();
    assert_eq!(lords, ["sun", "venus", "mercury", "moon", "saturn", "jupiter", "mars", "north_node", "south_node"]);
    let years: Vec<f64> = periods.iter().map(|p| p["years"].as_f64().unwrap()).collect();
    assert_eq!(years, [10.0, 8.0, 13.0, 9.0, 11.0, 12.0, 7.0, 3.0, 2.0]);
    assert_eq!(periods[0]["start"], "1990-05-11T14:30:00+02:00");
    for pair in periods.windows(2) {
        assert_eq!(pair[0]["end"], pair[1]["start"]);
    }
    let moon: Vec<&str> = periods[3]["subPeriods"].as_array().unwrap().iter().map(|s| s["lord"].as_str().unwrap()).collect();
    assert_eq!(moon, ["moon", "saturn", "jupiter", "mars", "sun", "venus", "mercury"]);
    assert!(periods[7]["subPeriods"].as_array().unwrap().is_empty());
    // 36.55 years: the Moon's period (31–40), its fifth seventh (36.14–37.43): the Sun.
    assert_eq!(data["current"]["period"], "moon");
    assert_eq!(data["current"]["subPeriod"], "sun");
    assert_eq!(response.body["meta"]["yearLengthDays"], 365.25);
}

#[tokio::test]
async fn a_night_birth_begins_with_the_moon_and_past_seventy_five_years_no_period_holds() {
    let app = TestApp::spawn().await;
    let body = json!({
        "birthDateTime": "2001-01-01T00:30",
        "birthLocation": { "latitude": -34.6037, "longitude": -58.3816, "timezone": "America/Argentina/Buenos_Aires" },
        "date": "2077-06-01"
    });
    let response = app.post("/api/calc/firdaria", &body).await;
    assert_eq!(response.status, 200, "{}", response.text);
    let data = &response.body["data"];
    assert_eq!(data["sect"], "night");
    assert_eq!(data["periods"][0]["lord"], "moon");
    assert_eq!(data["periods"][1]["lord"], "saturn");
    assert!(data["current"]["period"].is_null());
    assert!(data["current"]["subPeriod"].is_null());

    let mut early = body.clone();
    early["date"] = json!("2000-12-31");
    let response = app.post("/api/calc/firdaria", &early).await;
    assert_eq!(response.status, 422, "{}", response.text);
    assert_eq!(response.pointers(), ["/date"]);
}
