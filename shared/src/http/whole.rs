//! Whole numbers in request bodies. JSON has one number type, and JSON
//! Schema's `integer` admits `2027.0` as readily as `2027`; serde's integer
//! types refuse the first. These deserializers take any JSON number without a
//! fractional part that fits the target type, for fields declared
//! `type: integer` (`#[serde(deserialize_with = "whole::number")]`, or
//! `whole::optional` for an `Option`).

use std::fmt;
use std::marker::PhantomData;

use serde::de::{self, Deserializer, Unexpected, Visitor};

/// A whole number, `T` an integer type.
pub fn number<'de, D, T>(deserializer: D) -> Result<T, D::Error>
where
    D: Deserializer<'de>,
    T: TryFrom<i64> + TryFrom<u64>,
{
    deserializer.deserialize_any(WholeVisitor(PhantomData))
}

/// An optional whole number: absent or `null` is `None`.
pub fn optional<'de, D, T>(deserializer: D) -> Result<Option<T>, D::Error>
where
    D: Deserializer<'de>,
    T: TryFrom<i64> + TryFrom<u64>,
{
    deserializer.deserialize_option(OptionalVisitor(PhantomData))
}

/// A whole number that may be cleared: absent is `None` (keep),
/// `null` is `Some(None)` (clear). Pair with `#[serde(default)]`.
pub fn clearable<'de, D, T>(deserializer: D) -> Result<Option<Option<T>>, D::Error>
where
    D: Deserializer<'de>,
    T: TryFrom<i64> + TryFrom<u64>,
{
    optional(deserializer).map(Some)
}

/// A JSON number as an `i64` when it is whole (`2027`, `2027.0`, `-3`).
pub fn of_value(value: &serde_json::Value) -> Option<i64> {
    let number = value.as_number()?;
    number.as_i64().or_else(|| number.as_f64().and_then(whole_f64).and_then(|n| i64::try_from(n).ok()))
}

/// The float as an integer when it has no fractional part and is within the
/// range where floats are exact integers.
fn whole_f64(value: f64) -> Option<i128> {
    const EXACT: f64 = 9_007_199_254_740_992.0; // 2^53
    (value.fract() == 0.0 && value.abs() <= EXACT).then_some(value as i128)
}

const EXPECTED: &str = "a whole number";

struct WholeVisitor<T>(PhantomData<T>);

impl<T: TryFrom<i64> + TryFrom<u64>> Visitor<'_> for WholeVisitor<T> {
    type Value = T;

    fn expecting(&self, formatter: &mut fmt::Formatter) -> fmt::Result {
        formatter.write_str(EXPECTED)
    }

    fn visit_i64<E: de::Error>(self, value: i64) -> Result<T, E> {
        T::try_from(value).map_err(|_| E::invalid_value(Unexpected::Signed(value), &self))
    }

    fn visit_u64<E: de::Error>(self, value: u64) -> Result<T, E> {
        T::try_from(value).map_err(|_| E::invalid_value(Unexpected::Unsigned(value), &self))
    }

    fn visit_f64<E: de::Error>(self, value: f64) -> Result<T, E> {
        match whole_f64(value) {
            Some(whole) => {
                i64::try_from(whole).ok().and_then(|n| T::try_from(n).ok()).ok_or_else(|| E::invalid_value(Unexpected::Float(value), &self))
            }
            None => Err(E::invalid_value(Unexpected::Float(value), &self)),
        }
    }
}

struct OptionalVisitor<T>(PhantomData<T>);

impl<'de, T: TryFrom<i64> + TryFrom<u64>> Visitor<'de> for OptionalVisitor<T> {
    type Value = Option<T>;

    fn expecting(&self, formatter: &mut fmt::Formatter) -> fmt::Result {
        formatter.write_str(EXPECTED)
    }

    fn visit_none<E: de::Error>(self) -> Result<Self::Value, E> {
        Ok(None)
    }

    fn visit_unit<E: de::Error>(self) -> Result<Self::Value, E> {
        Ok(None)
    }

    fn visit_some<D: Deserializer<'de>>(self, deserializer: D) -> Result<Self::Value, D::Error> {
        number(deserializer).map(Some)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, serde::Deserialize)]
    struct Body {
        #[serde(deserialize_with = "number")]
        year: i32,
        #[serde(default, deserialize_with = "optional")]
        limit: Option<u32>,
        #[serde(default, deserialize_with = "clearable")]
        cleared: Option<Option<u32>>,
    }

    fn parse(json: &str) -> Result<Body, String> {
        serde_json::from_str(json).map_err(|e| e.to_string())
    }

    #[test]
    fn a_whole_float_is_a_whole_number() {
        let body = parse(r#"{"year": 2027.0, "limit": 600.0, "cleared": 5.0}"#).unwrap();
        assert_eq!((body.year, body.limit, body.cleared), (2027, Some(600), Some(Some(5))));
        let body = parse(r#"{"year": -3, "cleared": null}"#).unwrap();
        assert_eq!((body.year, body.limit, body.cleared), (-3, None, Some(None)));
        assert_eq!(parse(r#"{"year": 1}"#).unwrap().cleared, None);
    }

    #[test]
    fn fractions_strings_and_overflow_are_refused() {
        for json in
            [r#"{"year": 2027.5}"#, r#"{"year": "2027"}"#, r#"{"year": 1e300}"#, r#"{"year": 3000000000}"#, r#"{"year": 1, "limit": -1}"#]
        {
            assert!(parse(json).unwrap_err().contains("expected a whole number"), "{json}");
        }
    }

    #[test]
    fn values_read_whole() {
        assert_eq!(of_value(&serde_json::json!(2027.0)), Some(2027));
        assert_eq!(of_value(&serde_json::json!(2027)), Some(2027));
        assert_eq!(of_value(&serde_json::json!(2027.5)), None);
        assert_eq!(of_value(&serde_json::json!("2027")), None);
    }
}
