//! POST /api/calc/chinese-forecast: the Chinese sign of a birth date (the
//! year boundary computed astronomically, `shared::astro::chinese`) and the
//! forecast for `forecastYear` from the traditional relations of the two
//! signs and their elements (`shared::content::chinese`).
//!
//! `birthDate` is a civil date: it is compared with the date of the Chinese
//! new year as China reckons it (a birth on the new year's day is in the new
//! year). `forecastYear` is the Chinese year that begins in that Gregorian
//! year.

use axum::extract::State;
use chrono::NaiveDate;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use shared::astro::chinese::{self, ChineseSign, Element, is_yang};
use shared::astro::time::{CivilDateTime, parse_date};
use shared::content::chinese::{ElementRelation, relations, tell};
use shared::http::{ApiError, ApiJson, ApiResult, AppState, Caller, Document};
use shared::language::Language;
use std::collections::BTreeMap;

/// Birth dates and forecast years served: the ephemeris-backed calendar
/// covers them, and 1900–2100 is tested against the published tables.
const FIRST_YEAR: i32 = 1801;
const LAST_YEAR: i32 = 2399;

#[derive(Debug, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct ForecastRequest {
    /// Birth date, `YYYY-MM-DD`.
    birth_date: String,
    /// The year forecast (a whole number).
    forecast_year: Value,
    language: Option<String>,
    include_text: Option<bool>,
    include_readable_entities: Option<bool>,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct YearFacts {
    chinese_year: i32,
    new_year_date: String,
    sign: &'static str,
    element: &'static str,
    polarity: &'static str,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ForecastData {
    /// The birth sign.
    sign: &'static str,
    /// The forecast year.
    year: i32,
    text: String,
    categories: BTreeMap<&'static str, String>,
    birth: YearFacts,
    forecast: YearFacts,
    relations: Vec<&'static str>,
    element_relation: &'static str,
    /// The birth sign's character, with `includeText`.
    #[serde(skip_serializing_if = "Option::is_none")]
    sign_text: Option<String>,
    /// Names in the request's language, with `includeReadableEntities`.
    #[serde(skip_serializing_if = "Option::is_none")]
    readable: Option<BTreeMap<&'static str, String>>,
}

fn facts(ephemeris: &shared::astro::Ephemeris, chinese_year: i32) -> Result<YearFacts, ApiError> {
    let new_year = chinese::new_year(ephemeris, chinese_year).map_err(ApiError::internal)?;
    Ok(YearFacts {
        chinese_year,
        new_year_date: new_year.format("%Y-%m-%d").to_string(),
        sign: ChineseSign::of_year(chinese_year).id(),
        element: Element::of_year(chinese_year).id(),
        polarity: if is_yang(chinese_year) { "yang" } else { "yin" },
    })
}

struct Parsed {
    birth_date: NaiveDate,
    forecast_year: i32,
    language: Language,
    include_text: bool,
    include_readable_entities: bool,
}

fn parse(body: &ForecastRequest) -> Result<Parsed, ApiError> {
    let mut problems: Vec<(String, String)> = Vec::new();
    let birth_date =
        parse_date(&body.birth_date).ok().or_else(|| CivilDateTime::parse(&body.birth_date).ok().map(|civil| civil.local.date()));
    match birth_date {
        None => problems.push(("/birthDate".into(), "expected a real calendar date as YYYY-MM-DD".into())),
        Some(date) if !(FIRST_YEAR..=LAST_YEAR).contains(&chrono::Datelike::year(&date)) => {
            problems.push(("/birthDate".into(), format!("birth dates from {FIRST_YEAR} to {LAST_YEAR} are supported")))
        }
        Some(_) => {}
    }
    let forecast_year = shared::http::whole::of_value(&body.forecast_year).and_then(|y| i32::try_from(y).ok());
    match forecast_year {
        Some(year) if (FIRST_YEAR..=LAST_YEAR).contains(&year) => {}
        Some(_) => problems.push(("/forecastYear".into(), format!("forecastYear must be from {FIRST_YEAR} to {LAST_YEAR}"))),
        None => problems.push(("/forecastYear".into(), "forecastYear must be a whole number (a year, e.g. 2027)".into())),
    }
    let language = match body.language.as_deref() {
        None => Some(Language::En),
        Some(code) => Language::parse(code).or_else(|| {
            problems.push((
                "/language".into(),
                format!("unsupported language '{code}'; supported: {}", Language::supported_codes().join(", ")),
            ));
            None
        }),
    };
    match (birth_date, forecast_year, language) {
        (Some(birth_date), Some(forecast_year), Some(language)) if problems.is_empty() => Ok(Parsed {
            birth_date,
            forecast_year,
            language,
            include_text: body.include_text.unwrap_or(false),
            include_readable_entities: body.include_readable_entities.unwrap_or(false),
        }),
        _ => Err(ApiError::invalid_fields(problems)),
    }
}

#[tracing::instrument(name = "chinese_forecast", skip_all)]
pub async fn chinese_forecast(
    State(app): State<AppState>,
    caller: Caller,
    ApiJson(body): ApiJson<ForecastRequest>,
) -> ApiResult<Document<ForecastData>> {
    let parsed = parse(&body)?;
    if parsed.include_text {
        caller.may_read_texts(&app).await?;
    }
    let ephemeris = &app.ephemeris;
    let birth_year = chinese::chinese_year_of(ephemeris, parsed.birth_date).map_err(ApiError::internal)?;
    let birth = facts(ephemeris, birth_year)?;
    let forecast = facts(ephemeris, parsed.forecast_year)?;
    let (birth_sign, year_sign) = (ChineseSign::of_year(birth_year), ChineseSign::of_year(parsed.forecast_year));
    let (birth_element, year_element) = (Element::of_year(birth_year), Element::of_year(parsed.forecast_year));
    let told = tell((birth_sign, birth_element, is_yang(birth_year)), (year_sign, year_element), parsed.language)
        .ok_or_else(|| ApiError::internal(format!("the corpus lacks a Chinese forecast part in {}", parsed.language.code())))?;
    let readable = parsed.include_readable_entities.then(|| {
        BTreeMap::from([
            ("sign", told.sign_name.clone()),
            ("element", told.element_name.clone()),
            ("polarity", told.polarity_name.clone()),
            ("forecastSign", told.year_sign_name.clone()),
            ("forecastElement", told.year_element_name.clone()),
        ])
    });
    let data = ForecastData {
        sign: birth_sign.id(),
        year: parsed.forecast_year,
        text: told.text,
        categories: told.categories,
        birth,
        forecast,
        relations: relations(birth_sign, year_sign).into_iter().map(|r| r.id()).collect(),
        element_relation: ElementRelation::of(birth_element, year_element).id(),
        sign_text: parsed.include_text.then_some(told.sign_nature),
        readable,
    };
    Ok(Document::new(data).with_meta("language", parsed.language.code()).with_meta("warnings", Value::Array(Vec::new())))
}
