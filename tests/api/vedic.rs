//! `POST /api/vedic/chart` as a client reads it: the lagna and the nine
//! grahas, read the Vedic way and consistent with each other and with the
//! natal chart's sidereal positions, the divisional charts, the plan's
//! module, refusals. The values themselves are held to jyotishyamitra and
//! pyswisseph in `shared/tests/vedic_reference.rs`.

use serde_json::{Value, json};
use shared::auth::Plan;

use crate::support::{TestApp, rome_1990, with};

const GRAHAS: [&str; 9] = ["sun", "moon", "mars", "mercury", "jupiter", "venus", "saturn", "rahu", "ketu"];
const SIGNS: [&str; 12] =
    ["aries", "taurus", "gemini", "cancer", "leo", "virgo", "libra", "scorpio", "sagittarius", "capricorn", "aquarius", "pisces"];

fn delhi_1990() -> Value {
    json!({ "dateTime": "1990-05-11T14:30", "location": { "latitude": 28.6139, "longitude": 77.209, "timezone": "Asia/Kolkata" } })
}

fn sign_index(id: &Value) -> usize {
    SIGNS.iter().position(|s| id == *s).unwrap()
}

#[tokio::test]
async fn a_birth_in_delhi_read_the_vedic_way() {
    let app = TestApp::spawn().await;
    app.set_plan(Plan::Basic).await;
    let response = app.post("/api/vedic/chart", &delhi_1990()).await;
    assert_eq!(response.status, 200, "{}", response.text);
    let (data, meta) = (&response.body["data"], &response.body["meta"]);
    assert_eq!(meta["ayanamsa"]["id"], "lahiri");
    // Lahiri's ayanamsa in 1990: 23°43′.
    assert!((meta["ayanamsa"]["degrees"].as_f64().unwrap() - 23.72).abs() < 0.02, "{}", meta["ayanamsa"]);
    assert_eq!((&meta["node"], &meta["houseSystem"]), (&json!("mean"), &json!("whole_sign")));
    assert_eq!(meta["utcDateTime"], "1990-05-11T09:00:00Z");

    let lagna_sign = sign_index(&data["lagna"]["rashi"]);
    for id in GRAHAS {
        let graha = &data["grahas"][id];
        let longitude = graha["longitude"].as_f64().unwrap();
        // Rashi, degrees, nakshatra and pada follow from the longitude.
        assert_eq!(graha["rashi"], SIGNS[(longitude / 30.0) as usize], "{id}");
        assert!((graha["degreesInSign"].as_f64().unwrap() - longitude % 30.0).abs() < 1e-9);
        assert_eq!(graha["nakshatra"]["number"], (longitude * 3.0 / 40.0) as u64 + 1, "{id}");
        assert_eq!(graha["nakshatra"]["pada"], ((longitude % (40.0 / 3.0)) * 3.0 / 10.0) as u64 + 1, "{id}");
        // Whole-sign houses from the lagna.
        assert_eq!(graha["house"], (sign_index(&graha["rashi"]) + 12 - lagna_sign) % 12 + 1, "{id}");
        assert_eq!(graha["retrograde"], graha["speed"].as_f64().unwrap() < 0.0);
    }
    let (rahu, ketu) = (data["grahas"]["rahu"]["longitude"].as_f64().unwrap(), data["grahas"]["ketu"]["longitude"].as_f64().unwrap());
    assert!(((ketu - rahu).rem_euclid(360.0) - 180.0).abs() < 1e-9);
    // The Sun is in sidereal Aries on 11 May 1990 (26°41′, just past the
    // 26°40′ where Krittika, the Sun's own nakshatra, begins), exalted;
    // Sanskrit names beside.
    let sun = &data["grahas"]["sun"];
    assert_eq!((&sun["rashi"], &sun["rashiSanskrit"], &sun["sanskrit"]), (&json!("aries"), &json!("Mesha"), &json!("Surya")));
    assert_eq!(
        (&sun["nakshatra"]["name"], &sun["nakshatra"]["lord"], &sun["nakshatra"]["pada"]),
        (&json!("Krittika"), &json!("sun"), &json!(1))
    );
    assert_eq!(sun["dignity"], "exalted");
    assert_eq!(sun["combust"], false);
    // The rashi chart and the navamsa by default.
    assert_eq!(data["vargas"].as_object().unwrap().keys().collect::<Vec<_>>(), ["D1", "D9"]);
    assert_eq!(data["vargas"]["D1"]["lagna"], data["lagna"]["rashi"]);
    assert_eq!(data["vargas"]["D9"]["name"], "Navamsa");

    // The same sky as the natal chart's sidereal, geocentric positions.
    let natal = app
        .post("/api/calc/natal", &with(delhi_1990(), json!({ "zodiac": "sidereal", "ayanamsa": "lahiri", "moonCenter": "geocentric" })))
        .await;
    assert_eq!(natal.status, 200, "{}", natal.text);
    for id in ["sun", "moon", "mars", "saturn"] {
        let theirs = natal.body["data"]["points"][id]["longitude"].as_f64().unwrap();
        assert!((data["grahas"][id]["longitude"].as_f64().unwrap() - theirs).abs() < 1e-9, "{id}");
    }
    let ascendant = natal.body["data"]["angles"]["ascendant"]["longitude"].as_f64().unwrap();
    assert!((data["lagna"]["longitude"].as_f64().unwrap() - ascendant).abs() < 1e-9);
}

#[tokio::test]
async fn every_divisional_chart_by_its_rule() {
    let app = TestApp::spawn().await;
    app.set_plan(Plan::Basic).await;
    // Any order, any case: listed in the order of the sixteen.
    let all = ["D60", "D1", "D2", "D3", "D4", "D7", "d9", "D10", "D12", "D16", "D20", "D24", "D27", "D30", "D40", "D45"];
    let response = app.post("/api/vedic/chart", &with(rome_1990(), json!({ "vargas": all, "node": "true", "ayanamsa": "raman" }))).await;
    assert_eq!(response.status, 200, "{}", response.text);
    let data = &response.body["data"];
    assert_eq!(data["vargas"].as_object().unwrap().len(), 16);
    // In the answer's text the vargas come D1 … D60 (a parsed object forgets its order).
    let order = ["D1", "D2", "D3", "D4", "D7", "D9", "D10", "D12", "D16", "D20", "D24", "D27", "D30", "D40", "D45", "D60"]
        .map(|id| response.text.find(&format!("\"{id}\":{{\"name\"")).unwrap());
    assert!(order.windows(2).all(|w| w[0] < w[1]), "{order:?}");
    assert_eq!(response.body["meta"]["vargaRules"].as_object().unwrap().len(), 16);
    assert_eq!((&response.body["meta"]["node"], &response.body["meta"]["ayanamsa"]["id"]), (&json!("true"), &json!("raman")));
    for id in GRAHAS {
        let longitude = data["grahas"][id]["longitude"].as_f64().unwrap();
        let (sign, degrees) = ((longitude / 30.0) as usize, longitude % 30.0);
        // Navamsa: ninths of 3°20′ counted on from Aries; D60: half degrees
        // from the sign itself; D3: the sign, its 5th, its 9th.
        let d9 = (9 * sign + (degrees * 9.0 / 30.0) as usize) % 12;
        let d60 = (sign + (degrees * 2.0) as usize) % 12;
        let d3 = (sign + 4 * (degrees / 10.0) as usize) % 12;
        assert_eq!(data["vargas"]["D9"]["grahas"][id], SIGNS[d9], "{id}");
        assert_eq!(data["vargas"]["D60"]["grahas"][id], SIGNS[d60], "{id}");
        assert_eq!(data["vargas"]["D3"]["grahas"][id], SIGNS[d3], "{id}");
        // The hora is Leo's or Cancer's.
        assert!(["leo", "cancer"].contains(&data["vargas"]["D2"]["grahas"][id].as_str().unwrap()));
    }
}

#[tokio::test]
async fn the_vedic_module_and_bad_requests() {
    let app = TestApp::spawn().await;
    // The free plan has no Vedic module.
    app.set_plan(Plan::Free).await;
    let refused = app.post("/api/vedic/chart", &delhi_1990()).await;
    assert_eq!(refused.status, 403, "{}", refused.text);
    assert_eq!(refused.body["errors"][0]["code"], "module_not_in_plan");

    app.set_plan(Plan::Basic).await;
    let seventeen: Vec<String> = (0..17).map(|_| "D1".to_owned()).collect();
    for (extra, pointer) in [
        (json!({ "vargas": ["D9", "D5"] }), "/vargas/1"),
        (json!({ "vargas": [] }), "/vargas"),
        (json!({ "vargas": seventeen }), "/vargas"),
        (json!({ "ayanamsa": "sun_centre" }), "/ayanamsa"),
        (json!({ "node": "osculating" }), "/node"),
        (json!({ "dateTime": "3100-01-01T12:00" }), "/dateTime"),
        (json!({ "location": { "latitude": 95.0, "longitude": 77.2, "timezone": "Asia/Kolkata" } }), "/location/latitude"),
        (json!({ "zodiac": "sidereal" }), "/zodiac"),
    ] {
        let body = with(delhi_1990(), extra.clone());
        let response = app.post("/api/vedic/chart", &body).await;
        assert_eq!(response.status, 422, "{extra}: {}", response.text);
        assert!(response.pointers().contains(&pointer.to_owned()), "{extra}: {}", response.text);
    }
    let unknown = app.post("/api/vedic/chart", &with(delhi_1990(), json!({ "vargas": ["D5"] }))).await;
    assert!(unknown.text.contains("valid: D1, D2, D3"), "{}", unknown.text);
}

#[tokio::test]
async fn the_vimshottari_dasha_from_the_moons_nakshatra() {
    let app = TestApp::spawn().await;
    app.set_plan(Plan::Basic).await;
    let body = with(delhi_1990(), json!({ "date": "2026-11-27", "levels": 3 }));
    let response = app.post("/api/vedic/dasha", &body).await;
    assert_eq!(response.status, 200, "{}", response.text);
    let data = &response.body["data"];
    // The Moon in Anuradha (Saturn's): born in Saturn's 19 years, the
    // Moon 13°44′ into Scorpio, 4°20′ of Anuradha's 13°20′ travelled.
    assert_eq!(data["moon"]["nakshatra"]["name"], "Anuradha");
    assert_eq!(data["balance"]["lord"], "saturn");
    let balance = data["balance"]["years"].as_f64().unwrap();
    let travelled = (data["moon"]["longitude"].as_f64().unwrap() - 16.0 * 40.0 / 3.0) / (40.0 / 3.0);
    assert!((balance - (1.0 - travelled) * 19.0).abs() < 1e-9, "{balance}");
    let periods = data["periods"].as_array().unwrap();
    let lords: Vec<&str> = periods.iter().map(|p| p["lord"].as_str().unwrap()).collect();
    assert_eq!(lords, ["saturn", "mercury", "ketu", "venus", "sun", "moon", "mars", "rahu", "jupiter"]);
    // The first period began before birth, and the birth falls where the
    // balance says; instants carry India's offset.
    let birth = 2_448_022.875;
    let first_end = periods[0]["endJulianDay"].as_f64().unwrap();
    assert!((first_end - birth - balance * 365.25).abs() < 1e-6);
    assert!(periods[0]["start"].as_str().unwrap().ends_with("+05:30"));
    // 120 years of 365.25 days, each period where the last ended.
    let span = periods[8]["endJulianDay"].as_f64().unwrap() - periods[0]["startJulianDay"].as_f64().unwrap();
    assert!((span - 120.0 * 365.25).abs() < 1e-6);
    for pair in periods.windows(2) {
        assert_eq!(pair[0]["end"], pair[1]["start"]);
    }
    // Three levels: Venus's antardashas start with Venus, each with nine more.
    let venus = &periods[3];
    assert_eq!(venus["subPeriods"][0]["lord"], "venus");
    assert_eq!(venus["subPeriods"][0]["subPeriods"].as_array().unwrap().len(), 9);
    // On 27 November 2026: Venus / Rahu (from September 2025) / …
    let current = data["current"]["periods"].as_array().unwrap();
    let chain: Vec<&str> = current.iter().map(|p| p["lord"].as_str().unwrap()).collect();
    assert_eq!(&chain[..2], ["venus", "rahu"]);
    assert_eq!(chain.len(), 3);
    assert_eq!(response.body["meta"]["yearLength"], 365.25);

    for (extra, pointer) in [
        (json!({ "levels": 4 }), "/levels"),
        (json!({ "levels": 0 }), "/levels"),
        (json!({ "yearLength": 400 }), "/yearLength"),
        (json!({ "date": "2026-13-01" }), "/date"),
        (json!({ "ayanamsa": "nope" }), "/ayanamsa"),
    ] {
        let response = app.post("/api/vedic/dasha", &with(delhi_1990(), extra.clone())).await;
        assert_eq!(response.status, 422, "{extra}: {}", response.text);
        assert!(response.pointers().contains(&pointer.to_owned()), "{extra}: {}", response.text);
    }
}

fn delhi_day() -> Value {
    json!({ "date": "2024-01-15", "location": { "latitude": 28.6139, "longitude": 77.209, "timezone": "Asia/Kolkata" } })
}

fn instant(value: &Value) -> chrono::DateTime<chrono::FixedOffset> {
    chrono::DateTime::parse_from_rfc3339(value.as_str().unwrap_or_else(|| panic!("not a time: {value}"))).unwrap()
}

#[tokio::test]
async fn a_panchang_reads_the_five_limbs_at_sunrise() {
    let app = TestApp::spawn().await;
    app.set_plan(Plan::Basic).await;
    let response = app.post("/api/vedic/panchang", &delhi_day()).await;
    assert_eq!(response.status, 200, "{}", response.text);
    let (data, meta) = (&response.body["data"], &response.body["meta"]);
    assert_eq!((&meta["sunrise"], &meta["ayanamsa"]["id"]), (&json!("upper_limb"), &json!("lahiri")));
    // Monday 15 January 2024: Somavara, the Moon's day, to the next sunrise.
    assert_eq!(
        (&data["vara"]["weekday"], &data["vara"]["name"], &data["vara"]["lord"]),
        (&json!("monday"), &json!("Somavara"), &json!("moon"))
    );
    assert_eq!(data["vara"]["end"], data["nextSunrise"]);
    let (sunrise, sunset, next) = (instant(&data["sunrise"]), instant(&data["sunset"]), instant(&data["nextSunrise"]));
    assert_eq!(data["sunrise"], "2024-01-15T07:15:04+05:30", "Delhi's winter sunrise");
    assert!(sunrise < sunset && sunset < next);

    // Each limb at sunrise follows from the longitudes at sunrise.
    let elongation = data["elongation"].as_f64().unwrap();
    let (sun, moon) = (data["sun"]["longitude"].as_f64().unwrap(), data["moon"]["longitude"].as_f64().unwrap());
    assert!(((moon - sun).rem_euclid(360.0) - elongation).abs() < 1e-9);
    assert_eq!(data["tithi"]["number"], (elongation / 12.0) as u64 + 1);
    assert_eq!(data["karana"]["number"], (elongation / 6.0) as u64 + 1);
    assert_eq!(data["nakshatra"]["number"], (moon * 3.0 / 40.0) as u64 + 1);
    assert_eq!(data["yoga"]["number"], ((sun + moon).rem_euclid(360.0) * 3.0 / 40.0) as u64 + 1);
    assert_eq!(data["moon"]["nakshatra"]["number"], data["nakshatra"]["number"]);
    assert_eq!((&data["tithi"]["name"], &data["tithi"]["paksha"]), (&json!("Panchami"), &json!("shukla")));
    assert_eq!((&data["nakshatra"]["name"], &data["nakshatra"]["lord"]), (&json!("Shatabhisha"), &json!("rahu")));

    // Every limb ends after sunrise; the parts that follow begin before the
    // next sunrise, in order, and the last one runs past it.
    for name in ["tithi", "nakshatra", "yoga", "karana"] {
        let limb = &data[name];
        let mut parts = vec![limb.clone()];
        parts.extend(limb["following"].as_array().unwrap().iter().cloned());
        let ends: Vec<_> = parts.iter().map(|p| instant(&p["end"])).collect();
        assert!(ends[0] > sunrise, "{name}");
        assert!(ends.windows(2).all(|w| w[0] < w[1]), "{name}: {ends:?}");
        assert!(ends[..ends.len() - 1].iter().all(|end| *end < next), "{name}: {ends:?}");
        assert!(*ends.last().unwrap() >= next, "{name}: {ends:?}");
        for pair in parts.windows(2) {
            let (a, b) = (pair[0]["number"].as_u64().unwrap(), pair[1]["number"].as_u64().unwrap());
            let count = match name {
                "tithi" => 30,
                "karana" => 60,
                _ => 27,
            };
            assert_eq!(b, a % count + 1, "{name}");
        }
    }
    // A tithi's end is a karana's end too.
    let karana_ends: Vec<&Value> =
        std::iter::once(&data["karana"]["end"]).chain(data["karana"]["following"].as_array().unwrap().iter().map(|p| &p["end"])).collect();
    assert!(karana_ends.contains(&&data["tithi"]["end"]), "{}", data["karana"]);

    // Monday: Rahu kalam the 2nd eighth of the daytime, Yamaganda the 4th, Gulika the 6th.
    let eighth = (sunset - sunrise) / 8;
    for (name, part) in [("rahuKalam", 2), ("yamaganda", 4), ("gulikaKalam", 6)] {
        let start = instant(&data[name]["start"]);
        let expected = sunrise + eighth * (part - 1);
        assert!((start - expected).num_seconds().abs() <= 1, "{name}: {start} vs {expected}");
        assert!(((instant(&data[name]["end"]) - start) - eighth).num_seconds().abs() <= 1, "{name}");
    }
}

#[tokio::test]
async fn a_high_summer_day_sets_after_midnight_and_keeps_its_kalams() {
    let app = TestApp::spawn().await;
    app.set_plan(Plan::Basic).await;
    // Reykjavik at the solstice: the Sun rises about 02:55 and sets after local midnight.
    let reykjavik =
        json!({ "date": "2024-06-22", "location": { "latitude": 64.1466, "longitude": -21.9426, "timezone": "Atlantic/Reykjavik" } });
    let response = app.post("/api/vedic/panchang", &reykjavik).await;
    assert_eq!(response.status, 200, "{}", response.text);
    let data = &response.body["data"];
    let (sunrise, sunset, next) = (instant(&data["sunrise"]), instant(&data["sunset"]), instant(&data["nextSunrise"]));
    assert!(sunrise < sunset && sunset < next, "{sunrise} {sunset} {next}");
    assert_eq!(sunset.date_naive().to_string(), "2024-06-23", "{sunset}");
    let eighth = (sunset - sunrise) / 8;
    // Saturday: Rahu kalam the 3rd eighth of the daytime.
    assert_eq!(data["vara"]["weekday"], "saturday");
    assert!((instant(&data["rahuKalam"]["start"]) - (sunrise + eighth * 2)).num_seconds().abs() <= 1, "{}", data["rahuKalam"]);
    assert!(response.body["meta"]["nullReasons"].get("rahuKalam").is_none());
}

#[tokio::test]
async fn the_hindu_rising_is_later_and_a_polar_night_has_no_panchang() {
    let app = TestApp::spawn().await;
    app.set_plan(Plan::Basic).await;
    let seen = app.post("/api/vedic/panchang", &delhi_day()).await;
    let hindu = app.post("/api/vedic/panchang", &with(delhi_day(), json!({ "sunrise": "disc_centre" }))).await;
    assert_eq!(hindu.status, 200, "{}", hindu.text);
    assert_eq!(hindu.body["meta"]["sunrise"], "disc_centre");
    // The centre on the geometric horizon comes about 3½ minutes after the
    // upper limb seen through the refraction (50′ of arc at Delhi's 1°/4 min, slanted).
    let later = instant(&hindu.body["data"]["sunrise"]) - instant(&seen.body["data"]["sunrise"]);
    assert!((180..=300).contains(&later.num_seconds()), "{later}");
    // The limbs' ends do not depend on the sunrise.
    assert_eq!(hindu.body["data"]["tithi"]["end"], seen.body["data"]["tithi"]["end"]);

    // Moonrise and moonset are as seen, whatever the sunrise rule.
    assert_eq!(hindu.body["data"]["moonrise"], seen.body["data"]["moonrise"]);

    let tromso = |date: &str| json!({ "date": date, "location": { "latitude": 69.6492, "longitude": 18.9553, "timezone": "Europe/Oslo" } });
    for (date, words) in [("2024-12-21", "polar night"), ("2024-06-21", "polar day")] {
        let response = app.post("/api/vedic/panchang", &tromso(date)).await;
        assert_eq!(response.status, 422, "{}", response.text);
        assert_eq!(response.pointers(), ["/date"]);
        assert!(response.text.contains(words), "{}", response.text);
    }

    // The ephemeris' years, less the day and a half the searches read past the next midnight.
    for (date, status) in [("1000-01-01", 422), ("1000-01-02", 200), ("2999-12-28", 200), ("2999-12-29", 422), ("2999-12-31", 422)] {
        let response = app.post("/api/vedic/panchang", &with(delhi_day(), json!({ "date": date }))).await;
        assert_eq!(response.status, status, "{date}: {}", response.text);
        if status == 422 {
            assert_eq!(response.pointers(), ["/date"]);
            assert!(response.text.contains("1000-01-02 to 2999-12-28"), "{}", response.text);
        }
    }

    for (extra, pointer) in [
        (json!({ "sunrise": "rim" }), "/sunrise"),
        (json!({ "date": "2024-13-01" }), "/date"),
        (json!({ "date": "2024-01-15T06:00" }), "/date"),
        (json!({ "date": "9000-01-01" }), "/date"),
        (json!({ "ayanamsa": "nope" }), "/ayanamsa"),
        (json!({ "hour": 6 }), "/hour"),
    ] {
        let response = app.post("/api/vedic/panchang", &with(delhi_day(), extra.clone())).await;
        assert_eq!(response.status, 422, "{extra}: {}", response.text);
        assert!(response.pointers().contains(&pointer.to_owned()), "{extra}: {}", response.text);
    }
    app.set_plan(Plan::Free).await;
    let refused = app.post("/api/vedic/panchang", &delhi_day()).await;
    assert_eq!(refused.status, 403, "{}", refused.text);
}

fn couple() -> Value {
    json!({
        "person1": delhi_1990(),
        "person2": { "dateTime": "1992-08-03T06:10", "location": { "latitude": 19.0728, "longitude": 72.8826, "timezone": "Asia/Kolkata" } },
    })
}

#[tokio::test]
async fn an_ashtakoota_match_of_two_births() {
    let app = TestApp::spawn().await;
    app.set_plan(Plan::Basic).await;
    let response = app.post("/api/vedic/match", &couple()).await;
    assert_eq!(response.status, 200, "{}", response.text);
    let (data, meta) = (&response.body["data"], &response.body["meta"]);
    assert_eq!(meta["roles"], "person1 is the groom, person2 the bride");
    let kootas = data["kootas"].as_array().unwrap();
    let names: Vec<&str> = kootas.iter().map(|k| k["koota"].as_str().unwrap()).collect();
    assert_eq!(names, ["varna", "vashya", "tara", "yoni", "graha_maitri", "gana", "bhakoot", "nadi"]);
    let maxima: Vec<f64> = kootas.iter().map(|k| k["maxPoints"].as_f64().unwrap()).collect();
    assert_eq!(maxima, [1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0]);
    let total: f64 = kootas.iter().map(|k| k["points"].as_f64().unwrap()).sum();
    assert_eq!(data["total"].as_f64().unwrap(), total);
    assert!(
        kootas
            .iter()
            .all(|k| k["points"].as_f64().unwrap() <= k["maxPoints"].as_f64().unwrap() && !k["reason"].as_str().unwrap().is_empty())
    );

    // The Moons are the Vedic chart's: the groom's in Anuradha (Scorpio), the bride's in Hasta (Virgo).
    let chart = app.post("/api/vedic/chart", &delhi_1990()).await;
    assert_eq!(data["groom"]["moon"]["longitude"], chart.body["data"]["grahas"]["moon"]["longitude"]);
    assert_eq!(data["groom"]["lagna"]["rashi"], chart.body["data"]["lagna"]["rashi"]);
    assert_eq!(
        (&data["groom"]["moon"]["nakshatra"]["name"], &data["bride"]["moon"]["nakshatra"]["name"]),
        (&json!("Anuradha"), &json!("Hasta"))
    );
    // Anuradha is the 5th from Hasta (Pratyak, 0) and Hasta the 24th from Anuradha (Sadhana, 1.5); Mars and Mercury, enemy and neutral: 0.5.
    assert_eq!((&kootas[2]["groom"], &kootas[2]["bride"], &kootas[2]["points"]), (&json!("Pratyak"), &json!("Sadhana"), &json!(1.5)));
    assert_eq!(kootas[4]["points"], 0.5);
    assert_eq!(kootas[7]["points"], 8.0, "madhya and adi nadi");
    // Mars in Aquarius, 7th from the groom's Leo lagna: Manglik from the lagna, cancelled (Leo or Aquarius).
    let manglik = &data["groom"]["manglik"];
    assert_eq!(
        (&manglik["fromLagna"]["house"], &manglik["fromLagna"]["dosha"], &manglik["dosha"]),
        (&json!(7), &json!(true), &json!(false))
    );
    assert!(manglik["cancellations"].as_array().unwrap().contains(&json!("mars_in_leo_or_aquarius")));

    // Swapped, the kootas that do not depend on who is the groom are the same.
    let swapped = json!({ "person1": couple()["person2"], "person2": couple()["person1"] });
    let other = app.post("/api/vedic/match", &swapped).await;
    assert_eq!(other.status, 200, "{}", other.text);
    for index in [2, 3, 4, 6, 7] {
        assert_eq!(other.body["data"]["kootas"][index]["points"], kootas[index]["points"], "{}", names[index]);
    }
    assert_eq!(other.body["data"]["groom"]["moon"], data["bride"]["moon"]);

    for (body, pointer) in [
        (
            with(couple(), json!({ "person1": { "dateTime": "1990-02-30T10:00", "location": delhi_1990()["location"] } })),
            "/person1/dateTime",
        ),
        (
            with(couple(), json!({ "person2": { "dateTime": "1992-08-03T06:10", "location": { "latitude": 95.0, "longitude": 72.0 } } })),
            "/person2/location/latitude",
        ),
        (with(couple(), json!({ "ayanamsa": "nope" })), "/ayanamsa"),
        (with(couple(), json!({ "node": "osculating" })), "/node"),
        (json!({ "person1": delhi_1990() }), "/person2"),
        // An array is not a birth, even one whose items are its fields in order.
        (with(couple(), json!({ "person2": ["1992-08-03T06:10", delhi_1990()["location"]] })), "/person2"),
    ] {
        let response = app.post("/api/vedic/match", &body).await;
        assert_eq!(response.status, 422, "{body}: {}", response.text);
        assert!(response.pointers().contains(&pointer.to_owned()), "{pointer}: {}", response.text);
    }
    app.set_plan(Plan::Free).await;
    assert_eq!(app.post("/api/vedic/match", &couple()).await.status, 403);
}
