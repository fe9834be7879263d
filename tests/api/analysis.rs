//! The `analysis` block (`includeAnalysis`) of natal charts and returns:
//! balance recounted from the answer's own points, dignities by hand.

use serde_json::{Value, json};

use crate::support::{TestApp, birth, rome_1990, with};

const SIGNS: [&str; 12] =
    ["aries", "taurus", "gemini", "cancer", "leo", "virgo", "libra", "scorpio", "sagittarius", "capricorn", "aquarius", "pisces"];
const PLANETS: [&str; 10] = ["sun", "moon", "mercury", "venus", "mars", "jupiter", "saturn", "uranus", "neptune", "pluto"];

fn weight(point: &str) -> f64 {
    match point {
        "sun" | "moon" | "ascendant" => 3.0,
        "mercury" | "venus" | "mars" => 2.0,
        "jupiter" | "saturn" => 1.5,
        _ => 1.0,
    }
}

/// (count of planets, weighted sum) of the points whose sign index passes `keep`.
fn tally(data: &Value, keep: impl Fn(usize) -> bool) -> (u64, f64) {
    let sign_index = |sign: &Value| SIGNS.iter().position(|s| *s == sign.as_str().unwrap()).unwrap();
    let mut count = 0;
    let mut weighted = 0.0;
    for planet in PLANETS {
        if keep(sign_index(&data["points"][planet]["sign"])) {
            count += 1;
            weighted += weight(planet);
        }
    }
    for angle in ["ascendant", "midheaven"] {
        if keep(sign_index(&data["angles"][angle]["sign"])) {
            weighted += weight(angle);
        }
    }
    (count, weighted)
}

#[tokio::test]
async fn a_natal_analysis_recounts_the_chart_and_reads_dignities_by_the_tables() {
    let app = TestApp::spawn().await;
    let plain = app.post("/api/calc/natal", &rome_1990()).await;
    assert!(plain.body["data"].get("analysis").is_none());
    let response = app.post("/api/calc/natal", &with(rome_1990(), json!({ "includeAnalysis": true }))).await;
    assert_eq!(response.status, 200, "{}", response.text);
    let data = &response.body["data"];
    let analysis = &data["analysis"];

    for (index, element) in ["fire", "earth", "air", "water"].iter().enumerate() {
        let (count, weighted) = tally(data, |sign| sign % 4 == index);
        assert_eq!(analysis["elements"][element]["count"], count, "{element}");
        assert!((analysis["elements"][element]["weighted"].as_f64().unwrap() - weighted).abs() < 1e-9, "{element}");
    }
    for (index, modality) in ["cardinal", "fixed", "mutable"].iter().enumerate() {
        let (count, _) = tally(data, |sign| sign % 3 == index);
        assert_eq!(analysis["modalities"][modality]["count"], count, "{modality}");
    }
    let house = |planet: &str| data["points"][planet]["houseNumber"].as_u64().unwrap();
    let above = PLANETS.iter().filter(|p| house(p) >= 7).count() as u64;
    assert_eq!(analysis["hemispheres"]["south"]["count"], above);
    assert_eq!(analysis["hemispheres"]["north"]["count"], 10 - above);
    let east = PLANETS.iter().filter(|p| !(4..=9).contains(&house(p))).count() as u64;
    assert_eq!(analysis["hemispheres"]["east"]["count"], east);
    let quadrant_total: u64 =
        ["first", "second", "third", "fourth"].iter().map(|q| analysis["quadrants"][q]["count"].as_u64().unwrap()).sum();
    assert_eq!(quadrant_total, 10);

    // Virgo rises (7°26′): Mercury rules, traditionally and in modern use.
    assert_eq!(data["angles"]["ascendant"]["sign"], "virgo");
    let ruler = &analysis["chartRuler"];
    assert_eq!(ruler["risingSign"], "virgo");
    assert_eq!(ruler["traditional"], "mercury");
    assert_eq!(ruler["modern"], "mercury");
    assert_eq!(ruler["house"], data["points"]["mercury"]["houseNumber"]);
    // The Sun is above the horizon at 14:30 in May: a day chart.
    assert_eq!(analysis["sect"], "day");

    // Sun at 20°33′ Taurus: Venus's sign, the Moon's exaltation; earth's
    // day triplicity ruler is Venus; Jupiter's term (14-22); Saturn's face
    // (Taurus III). No dignity of its own: peregrine, Lilly −5.
    let sun = analysis["dignities"].as_array().unwrap().iter().find(|d| d["point"] == "sun").unwrap();
    assert_eq!(sun["sign"], "taurus");
    assert_eq!(
        sun["rulers"],
        json!({ "domicile": "venus", "exaltation": "moon", "triplicity": "venus", "term": "jupiter", "face": "saturn" })
    );
    assert_eq!(sun["dignities"], json!(["peregrine"]));
    assert_eq!(sun["score"], -5);
    // Venus at 8°17′ Aries: detriment (Mars's sign), Venus's own term (6-12).
    let venus = analysis["dignities"].as_array().unwrap().iter().find(|d| d["point"] == "venus").unwrap();
    assert_eq!(venus["dignities"], json!(["term", "detriment"]));
    assert_eq!(venus["score"], -3);
    // Saturn at 25°18′ Capricorn: its own domicile; Saturn's term (22-26).
    let saturn = analysis["dignities"].as_array().unwrap().iter().find(|d| d["point"] == "saturn").unwrap();
    assert_eq!(saturn["dignities"][0], "domicile");
    assert_eq!(saturn["rulers"]["term"], "saturn");
    // Three planets in Capricorn (Saturn, Uranus, Neptune): a stellium.
    let stelliums = analysis["stelliums"].as_array().unwrap();
    assert!(
        stelliums.iter().any(|s| s["by"] == "sign" && s["sign"] == "capricorn" && s["points"].as_array().unwrap().len() == 3),
        "{stelliums:?}"
    );
}

#[tokio::test]
async fn returns_carry_the_analysis_of_the_return_chart() {
    let app = TestApp::spawn().await;
    let solar = app.post("/api/calc/solar-return", &with(birth(), json!({ "returnYear": 2026, "includeAnalysis": true }))).await;
    assert_eq!(solar.status, 200, "{}", solar.text);
    let analysis = &solar.body["data"]["analysis"];
    assert_eq!(analysis["dignities"].as_array().unwrap().len(), 10);
    let sun_sign = &solar.body["data"]["points"]["sun"]["sign"];
    assert_eq!(analysis["dignities"][0]["sign"], *sun_sign);
    let lunar = app.post("/api/calc/lunar-return", &with(birth(), json!({ "returnDate": "2026-01-01", "includeAnalysis": true }))).await;
    assert_eq!(lunar.status, 200, "{}", lunar.text);
    assert!(lunar.body["data"]["analysis"]["elements"].is_object());
    let refused = app.post("/api/calc/natal", &with(rome_1990(), json!({ "includeAnalysis": "yes" }))).await;
    assert_eq!(refused.status, 422, "{}", refused.text);
}
