//! Objects in request bodies. A struct serde derives also reads a JSON
//! array, its fields by position (`["Rome, IT", null, null, null]` as a
//! location), which the OpenAPI document refuses. These deserializers take
//! an object only (`#[serde(deserialize_with = "object::only")]`, or
//! `object::optional` for an `Option`); the struct's own rules (unknown
//! fields, required fields) still apply, and errors keep their pointer.

use std::fmt;
use std::marker::PhantomData;

use serde::Deserialize;
use serde::de::value::MapAccessDeserializer;
use serde::de::{self, Deserializer, MapAccess, Visitor};

/// An object read as `T`.
pub fn only<'de, D, T>(deserializer: D) -> Result<T, D::Error>
where
    D: Deserializer<'de>,
    T: Deserialize<'de>,
{
    deserializer.deserialize_map(ObjectVisitor(PhantomData))
}

/// An optional object: absent or `null` is `None`.
pub fn optional<'de, D, T>(deserializer: D) -> Result<Option<T>, D::Error>
where
    D: Deserializer<'de>,
    T: Deserialize<'de>,
{
    deserializer.deserialize_option(OptionalVisitor(PhantomData))
}

struct ObjectVisitor<T>(PhantomData<T>);

impl<'de, T: Deserialize<'de>> Visitor<'de> for ObjectVisitor<T> {
    type Value = T;

    fn expecting(&self, formatter: &mut fmt::Formatter) -> fmt::Result {
        formatter.write_str("an object")
    }

    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<T, A::Error> {
        T::deserialize(MapAccessDeserializer::new(map))
    }
}

struct OptionalVisitor<T>(PhantomData<T>);

impl<'de, T: Deserialize<'de>> Visitor<'de> for OptionalVisitor<T> {
    type Value = Option<T>;

    fn expecting(&self, formatter: &mut fmt::Formatter) -> fmt::Result {
        formatter.write_str("an object or null")
    }

    fn visit_none<E: de::Error>(self) -> Result<Self::Value, E> {
        Ok(None)
    }

    fn visit_unit<E: de::Error>(self) -> Result<Self::Value, E> {
        Ok(None)
    }

    fn visit_some<D: Deserializer<'de>>(self, deserializer: D) -> Result<Self::Value, D::Error> {
        only(deserializer).map(Some)
    }
}

#[cfg(test)]
mod tests {
    use serde::Deserialize;

    #[derive(Debug, Deserialize, PartialEq)]
    #[serde(deny_unknown_fields)]
    struct Inner {
        a: Option<u8>,
        b: Option<u8>,
    }

    #[derive(Debug, Deserialize, PartialEq)]
    struct Outer {
        #[serde(deserialize_with = "super::only")]
        inner: Inner,
        #[serde(default, deserialize_with = "super::optional")]
        maybe: Option<Inner>,
    }

    #[test]
    fn objects_are_read_and_arrays_refused() {
        let read: Outer = serde_json::from_str(r#"{"inner": {"a": 1}, "maybe": {"b": 2}}"#).unwrap();
        assert_eq!(read.inner, Inner { a: Some(1), b: None });
        assert_eq!(read.maybe, Some(Inner { a: None, b: Some(2) }));
        let absent: Outer = serde_json::from_str(r#"{"inner": {}, "maybe": null}"#).unwrap();
        assert_eq!(absent.maybe, None);
        let missing: Outer = serde_json::from_str(r#"{"inner": {}}"#).unwrap();
        assert_eq!(missing.maybe, None);
        for refused in [r#"{"inner": [1, 2]}"#, r#"{"inner": {}, "maybe": [null, null]}"#, r#"{"inner": {"c": 1}}"#] {
            assert!(serde_json::from_str::<Outer>(refused).is_err(), "{refused}");
        }
        // Derived alone, the array would have been read by position.
        assert!(serde_json::from_str::<Inner>("[1, 2]").is_ok());
    }
}
