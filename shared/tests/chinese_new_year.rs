//! The astronomically computed Chinese new year against a published table
//! (shared/tests/reference/chinese_new_year.py: the Hong Kong / Purple
//! Mountain Observatory tables as two libraries carry them), every year
//! 1900–2100.

use chrono::NaiveDate;
use shared::astro::Ephemeris;
use shared::astro::chinese::new_year;

#[test]
fn every_new_year_1900_to_2100_matches_the_published_table() {
    let reference: serde_json::Value = serde_json::from_str(include_str!("reference/chinese_new_year.json")).unwrap();
    let ephemeris = Ephemeris::with_embedded_files().unwrap();
    let mut wrong = Vec::new();
    for (year, expected) in reference["new_year"].as_object().unwrap() {
        let year: i32 = year.parse().unwrap();
        let expected = NaiveDate::parse_from_str(expected.as_str().unwrap(), "%Y-%m-%d").unwrap();
        let computed = new_year(&ephemeris, year).unwrap();
        if computed != expected {
            wrong.push(format!("{year}: computed {computed}, table {expected}"));
        }
    }
    assert_eq!(reference["new_year"].as_object().unwrap().len(), 201);
    assert!(wrong.is_empty(), "{} of 201 years differ:\n{}", wrong.len(), wrong.join("\n"));
}
