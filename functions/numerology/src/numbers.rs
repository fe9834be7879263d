//! POST /api/numerology/life-path and POST /api/numerology/birthday.
//!
//! `dateTime` is the birth date: `YYYY-MM-DD`, or a date-time as the chart
//! endpoints take it (the date as written is used; numerology reads the
//! calendar date, not an instant). The reduction convention is in
//! `shared::numerology`.

use axum::extract::State;
use chrono::Datelike;
use serde::{Deserialize, Serialize};
use shared::astro::time::{CivilDateTime, parse_date};
use shared::http::{ApiError, ApiJson, ApiResult, AppState, Caller, Document};
use shared::language::Language;
use shared::numerology::{self, NumerologyNumber};

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct NumerologyRequest {
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
    calculation: String,
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

fn answer(kind: &'static str, parsed: &Parsed, number: NumerologyNumber) -> Document<NumerologyData> {
    let mut warnings: Vec<String> = Vec::new();
    if parsed.include_text {
        warnings.push("interpretation texts are not available yet on this server; no text field was added".into());
    }
    Document::new(NumerologyData {
        number: kind,
        birth_date: parsed.date.format("%Y-%m-%d").to_string(),
        value: number.value,
        is_master_number: number.is_master_number,
        is_karmic_debt: number.is_karmic_debt,
        reduced_from: number.reduced_from,
        calculation: number.calculation,
    })
    .with_meta("language", parsed.language.code())
    .with_meta("warnings", serde_json::Value::from(warnings))
}

#[tracing::instrument(name = "life_path", skip_all)]
pub async fn life_path(
    State(_app): State<AppState>,
    _caller: Caller,
    ApiJson(body): ApiJson<NumerologyRequest>,
) -> ApiResult<Document<NumerologyData>> {
    let parsed = parse(&body)?;
    let number = numerology::life_path(parsed.date.year(), parsed.date.month(), parsed.date.day());
    Ok(answer("life_path", &parsed, number))
}

#[tracing::instrument(name = "birthday", skip_all)]
pub async fn birthday(
    State(_app): State<AppState>,
    _caller: Caller,
    ApiJson(body): ApiJson<NumerologyRequest>,
) -> ApiResult<Document<NumerologyData>> {
    let parsed = parse(&body)?;
    Ok(answer("birthday", &parsed, numerology::birthday(parsed.date.day())))
}
