//! The match answer: the eight kootas with their points and reasons, the
//! total of 36 and its usual reading, and each side's Manglik dosha.

use serde::Serialize;
use serde_json::{Value, json};
use shared::astro::EphemerisSource;
use shared::astro::ephemeris::ayanamsa_name;
use shared::astro::time::format_local;
use shared::astro::vedic::VedicChart;
use shared::astro::vedic::ashtakoota::{KundliMatch, Manglik, assessment};
use shared::astro::vedic::graha::Graha;
use shared::http::Document;

use super::input::{MatchQuery, Side};
use crate::chart::answer::{PlaceBody, place};

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct MatchData {
    total: f64,
    max_points: f64,
    assessment: &'static str,
    kootas: Vec<KootaBody>,
    groom: SideBody,
    bride: SideBody,
    /// Both Manglik from the lagna: each dosha cancels the other.
    mutual_manglik: bool,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct KootaBody {
    koota: &'static str,
    points: f64,
    max_points: f64,
    groom: String,
    bride: String,
    reason: String,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct SideBody {
    birth: String,
    moon: PlaceBody,
    lagna: PlaceBody,
    manglik: ManglikBody,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct ManglikBody {
    /// Mars in house 1, 2, 4, 7, 8 or 12 from the lagna, and no cancellation.
    dosha: bool,
    from_lagna: Value,
    from_moon: Value,
    from_venus: Value,
    cancellations: Vec<&'static str>,
}

fn manglik(m: &Manglik) -> ManglikBody {
    ManglikBody {
        dosha: m.effective(),
        from_lagna: json!({ "house": m.house_from_lagna, "dosha": m.from_lagna() }),
        from_moon: json!({ "house": m.house_from_moon, "dosha": m.from_moon() }),
        from_venus: json!({ "house": m.house_from_venus, "dosha": m.from_venus() }),
        cancellations: m.cancellations.iter().map(|c| c.id()).collect(),
    }
}

fn side(side: &Side, chart: &VedicChart, dosha: &Manglik) -> SideBody {
    SideBody {
        birth: format_local(side.instant.utc.with_timezone(&side.instant.offset)),
        moon: place(&chart.graha(Graha::Moon).place),
        lagna: place(&chart.lagna),
        manglik: manglik(dosha),
    }
}

pub fn present(query: &MatchQuery, groom: &VedicChart, bride: &VedicChart, found: &KundliMatch) -> Document<MatchData> {
    let kootas = found
        .kootas
        .kootas
        .iter()
        .map(|k| KootaBody {
            koota: k.koota.id(),
            points: k.points,
            max_points: k.koota.max_points(),
            groom: k.groom.clone(),
            bride: k.bride.clone(),
            reason: k.reason.clone(),
        })
        .collect();
    let data = MatchData {
        total: found.kootas.total,
        max_points: 36.0,
        assessment: assessment(found.kootas.total),
        kootas,
        groom: side(&query.groom, groom, &found.groom),
        bride: side(&query.bride, bride, &found.bride),
        mutual_manglik: found.mutual_manglik(),
    };
    let input = &query.groom.input;
    let moshier = groom.sources.contains(&EphemerisSource::Moshier) || bride.sources.contains(&EphemerisSource::Moshier);
    let mut document = Document::new(data)
        .with_meta("ayanamsa", json!({ "id": input.ayanamsa.id(), "name": ayanamsa_name(input.ayanamsa) }))
        .with_meta("node", input.node.id())
        .with_meta("roles", "person1 is the groom, person2 the bride")
        .with_meta(
            "tables",
            json!({
                "varna": "Brahmin Cancer, Scorpio, Pisces; Kshatriya fire; Vaishya earth; Shudra air; 1 when the groom's varna is at least the bride's",
                "vashya": "chatushpada Aries, Taurus, Sagittarius 15-30, Capricorn 0-15; manava Gemini, Virgo, Libra, Sagittarius 0-15, Aquarius; jalachara Cancer, Capricorn 15-30, Pisces; vanachara Leo; keeta Scorpio; points by PyJHora 4.8.7's table (saravali.de's)",
                "tara": "counted from each nakshatra to the other, mod 9: 1.5 each unless 3 (Vipat), 5 (Pratyak) or 7 (Naidhana)",
                "yoni": "the nakshatra's animal; same 4, sworn enemies 0, the rest by PyJHora 4.8.7's table",
                "grahaMaitri": "the rashi lords by BPHS natural friendship: friend/friend 5, friend/neutral 4, neutral/neutral 3, friend/enemy 1, neutral/enemy 0.5, enemy/enemy 0",
                "gana": "deva, manushya, rakshasa by nakshatra; PyJHora 4.8.7's table: same 6, groom deva/bride manushya 5, groom manushya/bride deva 6, groom deva/bride rakshasa 1, groom rakshasa/bride deva 0, manushya/rakshasa 0",
                "bhakoot": "0 when the rashis are 2/12, 5/9 or 6/8 from each other, else 7",
                "nadi": "adi, madhya, antya by nakshatra; the same 0, else 8",
            }),
        )
        .with_meta("assessment", "under 18 not recommended, 18 to under 25 average, 25 to under 33 good, 33 and more excellent")
        .with_meta(
            "manglik",
            "Mars in whole-sign house 1, 2, 4, 7, 8 or 12 counted from the lagna (dosha), from the Moon and from Venus (reported apart); \
             cancellations listed, none changes the houses: Mars in its own sign or exalted (Aries, Scorpio, Capricorn), Mars in Leo or \
             Aquarius, Jupiter with Mars or aspecting it (Mars in the 1st, 5th, 7th or 9th sign from Jupiter); both Manglik from the lagna \
             is mutualManglik; no cancellation changes the koota points",
        )
        .with_meta("ephemeris", if moshier { "moshier" } else { "swiss_files" });
    let looked_up: serde_json::Map<String, Value> = [("/person1/location", &query.groom), ("/person2/location", &query.bride)]
        .into_iter()
        .filter_map(|(pointer, side)| side.place.found.map(|found| (pointer.to_owned(), found.describe(&side.place))))
        .collect();
    if !looked_up.is_empty() {
        document = document.with_meta("locations", Value::Object(looked_up));
    }
    document
}
