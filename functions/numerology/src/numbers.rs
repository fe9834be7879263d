//! POST /api/numerology/life-path and POST /api/numerology/birthday.
//!
//! `dateTime` is the birth date: `YYYY-MM-DD`, or a date-time as the chart
//! endpoints take it (the date as written is used; numerology reads the
//! calendar date, not an instant). The reduction convention is in
//! `shared::numerology`.
//!
//! `language` (`en`, `es`) sets the language of `calculation` and of the
//! texts. With `includeText`, `text` is `{title, body}` for the number
//! (life path 1–9, 11, 22, 33; birthday 1–31) and, when `isKarmicDebt`,
//! `karmicDebtText` is `{title, body}` for the karmic debt number met (13,
//! 14, 16 or 19). These are the base texts: numerology texts have no URN,
//! so organizations' copies do not apply to them.

use axum::extract::State;
use chrono::Datelike;
use serde::{Deserialize, Serialize};
use shared::astro::time::{CivilDateTime, parse_date};
use shared::content::{NumerologyText, numerology_text};
use shared::http::{ApiError, ApiJson, ApiResult, AppState, Caller, Document};
use shared::language::Language;
use shared::numerology::{self, KARMIC_DEBT_NUMBERS, MASTER_NUMBERS, NumerologyNumber};

#[derive(Debug, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct NumerologyRequest {
    /// Local date-time at the place, `YYYY-MM-DDTHH:MM[:SS]`; an offset or `Z` makes it an instant.
    date_time: String,
    language: Option<String>,
    include_text: Option<bool>,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct NumerologyData {
    /// `life_path` or `birthday`.
    number: &'static str,
    birth_date: String,
    value: u32,
    is_master_number: bool,
    is_karmic_debt: bool,
    reduced_from: u32,
    /// Every step of the reduction, in the request's language.
    calculation: String,
    /// With `includeText`: the text of the number.
    #[serde(skip_serializing_if = "Option::is_none")]
    text: Option<TextBody>,
    /// With `includeText` and `isKarmicDebt`: the text of the karmic debt
    /// number met while reducing (13, 14, 16 or 19).
    #[serde(skip_serializing_if = "Option::is_none")]
    karmic_debt_text: Option<TextBody>,
}

/// An interpretation text.
#[derive(Debug, Serialize)]
pub struct TextBody {
    title: String,
    body: String,
}

struct Parsed {
    date: chrono::NaiveDate,
    language: Language,
    include_text: bool,
}

fn parse(body: &NumerologyRequest) -> Result<Parsed, ApiError> {
    let mut problems = Vec::new();
    let date = parse_date(&body.date_time).ok().or_else(|| CivilDateTime::parse(&body.date_time).ok().map(|civil| civil.local.date()));
    if date.is_none() {
        problems.push(("/dateTime".to_owned(), "expected a birth date as YYYY-MM-DD (or a date-time YYYY-MM-DDTHH:MM)".to_owned()));
    }
    let language = match body.language.as_deref() {
        None => Some(Language::En),
        Some(code) => {
            let parsed = Language::parse(code);
            if parsed.is_none() {
                problems.push((
                    "/language".to_owned(),
                    format!("unsupported language '{code}'; supported: {}", Language::supported_codes().join(", ")),
                ));
            }
            parsed
        }
    };
    match (date, language) {
        (Some(date), Some(language)) if problems.is_empty() => {
            Ok(Parsed { date, language, include_text: body.include_text.unwrap_or(false) })
        }
        _ => Err(ApiError::invalid_fields(problems)),
    }
}

/// The karmic debt number met while reducing `from` (the compound number,
/// or the day for the birthday), as `shared::numerology` finds it.
fn karmic_debt_number(from: u32) -> Option<u32> {
    let mut n = from;
    loop {
        if KARMIC_DEBT_NUMBERS.contains(&n) {
            return Some(n);
        }
        if n <= 9 || MASTER_NUMBERS.contains(&n) {
            return None;
        }
        n = n.to_string().bytes().map(|d| u32::from(d - b'0')).sum();
    }
}

/// `calculation` in `language`: `shared::numerology` writes it in English
/// with four fixed words, translated here.
fn calculation_in(calculation: &str, language: Language) -> String {
    match language {
        Language::En => calculation.to_owned(),
        Language::Es => calculation
            .replace(" (master number)", " (número maestro)")
            .replace("month ", "mes ")
            .replace("day ", "día ")
            .replace("year ", "año "),
    }
}

/// The text of a number; a missing one (the corpus completeness test
/// forbids it) is logged and left out rather than failing the answer.
fn text(kind: NumerologyText, number: u32, language: Language) -> Option<TextBody> {
    match numerology_text(kind, number, language) {
        Some(text) => Some(TextBody { title: text.title, body: text.body }),
        None => {
            tracing::error!(?kind, number, language = language.code(), "numerology text missing; the field is left out");
            None
        }
    }
}

fn answer(kind: NumerologyText, parsed: &Parsed, number: NumerologyNumber) -> Document<NumerologyData> {
    let karmic_debt = number.is_karmic_debt.then(|| karmic_debt_number(number.reduced_from)).flatten();
    let (text, karmic_debt_text) = if parsed.include_text {
        // Birthday texts are written per day of the month (the 29th carries
        // 11 and 2 but reads as its own), life path texts per number.
        let which = if kind == NumerologyText::Birthday { parsed.date.day() } else { number.value };
        (text(kind, which, parsed.language), karmic_debt.and_then(|debt| text(NumerologyText::KarmicDebt, debt, parsed.language)))
    } else {
        (None, None)
    };
    Document::new(NumerologyData {
        number: if kind == NumerologyText::LifePath { "life_path" } else { "birthday" },
        birth_date: parsed.date.format("%Y-%m-%d").to_string(),
        value: number.value,
        is_master_number: number.is_master_number,
        is_karmic_debt: number.is_karmic_debt,
        reduced_from: number.reduced_from,
        calculation: calculation_in(&number.calculation, parsed.language),
        text,
        karmic_debt_text,
    })
    .with_meta("language", parsed.language.code())
    .with_meta("warnings", serde_json::Value::Array(Vec::new()))
}

/// The request read, and texts allowed if it asks for them.
async fn admit(app: &AppState, caller: &Caller, body: &NumerologyRequest) -> Result<Parsed, ApiError> {
    let parsed = parse(body)?;
    if parsed.include_text {
        caller.may_read_texts(app).await?;
    }
    Ok(parsed)
}

#[tracing::instrument(name = "life_path", skip_all)]
pub async fn life_path(
    State(app): State<AppState>,
    caller: Caller,
    ApiJson(body): ApiJson<NumerologyRequest>,
) -> ApiResult<Document<NumerologyData>> {
    let parsed = admit(&app, &caller, &body).await?;
    let number = numerology::life_path(parsed.date.year(), parsed.date.month(), parsed.date.day());
    Ok(answer(NumerologyText::LifePath, &parsed, number))
}

#[tracing::instrument(name = "birthday", skip_all)]
pub async fn birthday(
    State(app): State<AppState>,
    caller: Caller,
    ApiJson(body): ApiJson<NumerologyRequest>,
) -> ApiResult<Document<NumerologyData>> {
    let parsed = admit(&app, &caller, &body).await?;
    Ok(answer(NumerologyText::Birthday, &parsed, numerology::birthday(parsed.date.day())))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn karmic_debt_numbers_are_found_along_the_reduction() {
        assert_eq!(karmic_debt_number(13), Some(13));
        assert_eq!(karmic_debt_number(49), Some(13));
        assert_eq!(karmic_debt_number(16), Some(16));
        assert_eq!(karmic_debt_number(17), None);
        assert_eq!(karmic_debt_number(29), None); // 29 → 11, a master number, kept
        for date in ["1946-06-14", "1999-09-09", "1969-07-20", "2004-04-04"] {
            let date = parse_date(date).unwrap();
            let number = numerology::life_path(date.year(), date.month(), date.day());
            assert!(number.is_karmic_debt);
            assert!(karmic_debt_number(number.reduced_from).is_some(), "{date}");
        }
    }

    #[test]
    fn the_calculation_is_spanish_in_spanish() {
        let number = numerology::life_path(1990, 5, 11);
        let spanish = calculation_in(&number.calculation, Language::Es);
        assert_eq!(spanish, "mes 5; día 11 (número maestro); año 1990 → 1+9+9+0 = 19 → 1+9 = 10 → 1+0 = 1; 5 + 11 + 1 = 17 → 1+7 = 8");
        assert_eq!(calculation_in(&numerology::birthday(29).calculation, Language::Es), "día 29 → 2+9 = 11 (número maestro)");
    }
}
