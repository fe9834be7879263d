use serde_json::json;

use crate::support::TestApp;

/// (birth date, life path, compound total, master, karmic debt, birthday, birthday karmic).
/// Worked by hand with the documented convention, for example:
/// 1962-06-16: 6 + (16 → 7) + (1962 → 18 → 9) = 22, a master number, kept.
/// 1977-11-22: 11 + 22 + (1977 → 24 → 6) = 39 → 12 → 3.
/// 1999-09-09: 9 + 9 + (1999 → 28 → 10 → 1) = 19 → 10 → 1, karmic debt 19.
/// 1946-06-14: 6 + (14 → 5) + (1946 → 20 → 2) = 13 → 4, karmic debt 13; birthday 14 is karmic too.
/// 1984-12-29: (12 → 3) + (29 → 11) + (1984 → 22) = 36 → 9.
const CASES: [(&str, u32, u32, bool, bool, u32, bool); 34] = [
    ("1990-05-11", 8, 17, false, false, 11, false),
    // 2 + 1 + (1997 → 26 → 8) = 11, a master number, kept.
    ("1997-02-01", 11, 11, true, false, 1, false),
    // 9 + (22, kept) + (2000 → 2) = 33, a master number, kept.
    ("2000-09-22", 33, 33, true, false, 22, false),
    ("1984-12-29", 9, 36, false, false, 11, false),
    ("1969-07-20", 7, 16, false, true, 2, false),
    ("2000-01-01", 4, 4, false, false, 1, false),
    ("1955-02-24", 1, 10, false, false, 6, false),
    ("1977-11-22", 3, 39, false, false, 22, false),
    ("1988-08-08", 6, 24, false, false, 8, false),
    ("1999-09-09", 1, 19, false, true, 9, false),
    ("1946-06-14", 4, 13, false, true, 5, true),
    ("1963-04-13", 9, 9, false, false, 4, true),
    ("2010-10-10", 5, 5, false, false, 1, false),
    ("1929-11-29", 7, 25, false, false, 11, false),
    ("1918-03-31", 8, 8, false, false, 4, false),
    ("2022-02-22", 3, 30, false, false, 22, false),
    ("1975-12-19", 8, 26, false, false, 1, true),
    ("1980-07-16", 5, 23, false, false, 7, true),
    ("1911-11-11", 7, 25, false, false, 11, false),
    ("1993-03-03", 1, 28, false, false, 3, false),
    ("2004-04-04", 5, 14, false, true, 4, false),
    ("1962-06-16", 22, 22, true, false, 7, true),
    ("1901-01-19", 4, 13, false, true, 1, true),
    ("1959-09-28", 7, 16, false, true, 1, false),
    ("1987-10-27", 8, 17, false, false, 9, false),
    ("1970-01-01", 1, 10, false, false, 1, false),
    ("1992-02-29", 7, 16, false, true, 11, false),
    ("2024-12-31", 6, 15, false, false, 4, false),
    ("1945-05-08", 5, 14, false, true, 8, false),
    ("1937-08-17", 9, 18, false, false, 8, false),
    ("1966-06-06", 7, 34, false, false, 6, false),
    ("1983-09-26", 2, 20, false, false, 8, false),
    ("1956-01-31", 8, 8, false, false, 4, false),
    ("2001-09-11", 5, 23, false, false, 11, false),
];

#[tokio::test]
async fn life_path_and_birthday_numbers_on_hand_checked_dates() {
    let app = TestApp::spawn().await;
    for (date, value, total, master, karmic, birthday, birthday_karmic) in CASES {
        let response = app.post("/api/numerology/life-path", &json!({ "dateTime": date })).await;
        assert_eq!(response.status, 200, "{date}: {}", response.text);
        let data = &response.body["data"];
        assert_eq!(data["value"], value, "{date}: {}", data["calculation"]);
        assert_eq!(data["reducedFrom"], total, "{date}");
        assert_eq!(data["isMasterNumber"], master, "{date}");
        assert_eq!(data["isKarmicDebt"], karmic, "{date}");
        assert!(
            data["calculation"].as_str().unwrap().ends_with(&format!("= {value}")) || total == value,
            "{date}: {}",
            data["calculation"]
        );

        let response = app.post("/api/numerology/birthday", &json!({ "dateTime": format!("{date}T08:30") })).await;
        let data = &response.body["data"];
        assert_eq!(data["value"], birthday, "{date} birthday");
        assert_eq!(data["isKarmicDebt"], birthday_karmic, "{date} birthday");
        assert_eq!(data["isMasterNumber"], birthday == 11 || birthday == 22, "{date} birthday");
    }
}

#[tokio::test]
async fn the_calculation_shows_the_steps() {
    let app = TestApp::spawn().await;
    let response = app.post("/api/numerology/life-path", &json!({ "dateTime": "1990-05-11T14:30" })).await;
    assert_eq!(
        response.body["data"]["calculation"],
        "month 5; day 11 (master number); year 1990 → 1+9+9+0 = 19 → 1+9 = 10 → 1+0 = 1; 5 + 11 + 1 = 17 → 1+7 = 8"
    );
    assert_eq!(response.body["data"]["birthDate"], "1990-05-11");
    assert_eq!(response.body["data"]["number"], "life_path");
}

#[tokio::test]
async fn bad_numerology_requests() {
    let app = TestApp::spawn().await;
    for bad in ["1990-02-30", "11/05/1990", "", "1990-13-01T10:00"] {
        let response = app.post("/api/numerology/life-path", &json!({ "dateTime": bad })).await;
        assert_eq!(response.status, 422, "{bad}");
        assert_eq!(response.pointers(), ["/dateTime"]);
    }
    let response = app.post("/api/numerology/birthday", &json!({ "dateTime": "1990-05-11", "language": "xx" })).await;
    assert_eq!(response.pointers(), ["/language"]);
    let response = app.post("/api/numerology/birthday", &json!({})).await;
    assert_eq!(response.pointers(), ["/dateTime"]);
    let response = app.post_raw("/api/numerology/birthday", &json!({ "dateTime": "1990-05-11" }).to_string(), &[]).await;
    assert_eq!(response.status, 401);
}
