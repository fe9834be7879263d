//! The profections answer: the year's and the month's sign, house and lord.

use serde::Serialize;
use shared::astro::time::format_local;
use shared::astro::time_lords::profection::{ProfectedSign, Profection};
use shared::astro::zodiac::Sign;
use shared::http::Document;

use super::input::ProfectionsQuery;
use crate::answer::ChartMeta;

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ProfectionsData {
    natal_date: String,
    date: String,
    /// Completed years of life on `date`.
    age: u32,
    ascendant_sign: &'static str,
    annual: ProfectedBody,
    monthly: ProfectedBody,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ProfectedBody {
    /// For the month: 1–12, the month of the year of life.
    #[serde(skip_serializing_if = "Option::is_none")]
    month: Option<u8>,
    /// Whole-sign house from the Ascendant's sign.
    house: u8,
    sign: &'static str,
    /// The sign's traditional ruler.
    lord: &'static str,
    first_day: String,
    last_day: String,
}

fn profected_body(profected: ProfectedSign, month: Option<u8>, first_day: chrono::NaiveDate, last_day: chrono::NaiveDate) -> ProfectedBody {
    ProfectedBody {
        month,
        house: profected.house,
        sign: profected.sign.id(),
        lord: profected.lord.id(),
        first_day: first_day.to_string(),
        last_day: last_day.to_string(),
    }
}

pub fn present(query: &ProfectionsQuery, ascendant: Sign, profection: &Profection) -> Document<ProfectionsData> {
    let monthly = &profection.monthly;
    let data = ProfectionsData {
        natal_date: format_local(query.birth.local()),
        date: query.date.to_string(),
        age: profection.age,
        ascendant_sign: ascendant.id(),
        annual: profected_body(profection.annual, None, profection.year_first_day, profection.year_last_day),
        monthly: profected_body(monthly.profected, Some(monthly.month + 1), monthly.first_day, monthly.last_day),
    };
    let mut meta = ChartMeta::new();
    meta.add_place("/birthLocation", &query.place);
    meta.add_instant(&query.birth_text, &query.birth);
    meta.finish_plain(
        Document::new(data)
            .with_meta("houses", "whole sign, from the Ascendant's sign (tropical)")
            .with_meta("rulers", "traditional: Mars, Venus, Mercury, Moon, Sun, Mercury, Venus, Mars, Jupiter, Saturn, Saturn, Jupiter")
            .with_meta(
                "age",
                "completed years, counted by the local birth date; a 29 February birth has its birthday on 28 February in common years",
            )
            .with_meta("monthlyStep", "the completed twelfths, in days, of the span from the last birthday to the next"),
    )
}
