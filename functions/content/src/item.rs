//! How a content item is shown: the interface's Content item resource.
//!
//! Base items (the corpus in the build) have their URN as id, belong to
//! `system`, and copy nothing. An organization's items are its copies of base
//! items (same URN, their own random id, `base_content_id` the base URN) and
//! the items it wrote itself (`base_content_id` null, URN
//! `urn:astro:{type}:{content type}:custom:{id}:{language}`).
//!
//! `metadata` carries what the item is about, under the same names in every
//! item: `horoscopeType`, `contentType`, `language`, and the subject:
//! `point` and `sign`, `point` and `house` (`house_5`, with `houseNumber`
//! 5), `angle` and `sign`, or `pointA`, `aspect` and `pointB`. For base
//! items and copies the service sets all of these; an organization's own
//! item gets the first three from the service and may name its subject
//! itself (the list's filters read it).

use serde::Serialize;
use serde_json::{Map, Value, json};
use shared::content::{ContentKey, ContentType, HoroscopeType, Subject, Text, nakshatra_key};
use shared::http::AppState;
use shared::language::Language;
use shared::repo::content::OrgContent;

/// The `created_at` and `updated_at` of every base item: the date the
/// composed corpus (`shared/content/`) was last revised. The corpus ships
/// with the build and has no stored timestamps; bump this when its texts
/// change so clients that cache by date see the change.
pub const CORPUS_DATE: &str = "2026-11-28T07:00:00Z";

pub const RESOURCE_TYPE: &str = "content";
pub const SYSTEM_OWNER: &str = "system";
pub const ORGANIZATION_OWNER: &str = "organization";

#[derive(Debug, Serialize)]
pub struct ContentItem {
    #[serde(rename = "type")]
    kind: &'static str,
    pub id: String,
    pub attributes: Attributes,
    pub links: Links,
}

#[derive(Debug, Serialize)]
pub struct Attributes {
    pub urn: String,
    pub title: String,
    pub body: String,
    pub owner_type: &'static str,
    pub owner_id: String,
    pub base_content_id: Option<String>,
    pub created_at: String,
    pub updated_at: String,
    pub metadata: Value,
}

#[derive(Debug, Serialize)]
pub struct Links {
    #[serde(rename = "self")]
    pub self_link: String,
}

/// Base of absolute links: the configured public URL, else links are
/// relative to the host.
pub fn link_base(app: &AppState) -> &str {
    app.config.public_base_url.as_deref().unwrap_or("")
}

/// The URL of `GET /api/content/{type}/{content type}/{id}`.
pub fn self_link(base: &str, horoscope: &str, content_type: &str, id: &str) -> String {
    format!("{base}/api/content/{horoscope}/{content_type}/{id}")
}

/// What a base item is about, as metadata.
pub fn base_metadata(key: &ContentKey, language: Language) -> Map<String, Value> {
    let mut metadata = type_metadata(key.horoscope.id(), key.content_type().id(), language.code());
    let subject = match key.subject {
        Subject::PointInSign(point, sign) => json!({ "point": point.id(), "sign": sign.id() }),
        Subject::PointInHouse(point, house) => json!({ "point": point.id(), "house": format!("house_{house}"), "houseNumber": house }),
        Subject::AngleInSign(angle, sign) => json!({ "angle": angle.id(), "sign": sign.id() }),
        Subject::Aspect { a, kind, b } => json!({ "pointA": a.id(), "aspect": kind.id(), "pointB": b.id() }),
        Subject::MoonInNakshatra(number) => json!({ "point": "moon", "nakshatra": nakshatra_key(number), "nakshatraNumber": number }),
        Subject::LagnaInRashi(sign) => json!({ "angle": "ascendant", "sign": sign.id() }),
    };
    if let Value::Object(fields) = subject {
        metadata.extend(fields);
    }
    metadata
}

pub fn type_metadata(horoscope: &str, content_type: &str, language: &str) -> Map<String, Value> {
    let mut metadata = Map::new();
    metadata.insert("horoscopeType".into(), horoscope.into());
    metadata.insert("contentType".into(), content_type.into());
    metadata.insert("language".into(), language.into());
    metadata
}

/// A base item with its composed text.
pub fn base_item(key: &ContentKey, language: Language, text: Text, base: &str) -> ContentItem {
    let urn = key.urn(language);
    ContentItem {
        kind: RESOURCE_TYPE,
        links: Links { self_link: self_link(base, key.horoscope.id(), key.content_type().id(), &urn) },
        id: urn.clone(),
        attributes: Attributes {
            urn,
            title: text.title,
            body: text.body,
            owner_type: SYSTEM_OWNER,
            owner_id: SYSTEM_OWNER.into(),
            base_content_id: None,
            created_at: CORPUS_DATE.into(),
            updated_at: CORPUS_DATE.into(),
            metadata: Value::Object(base_metadata(key, language)),
        },
    }
}

/// The metadata the service sets on an organization's item: the base item's
/// for a copy, the type and language for an own item.
pub fn service_metadata(item: &OrgContent) -> Map<String, Value> {
    match item.base_content_id.as_deref().and_then(ContentKey::parse_urn) {
        Some((key, language)) => base_metadata(&key, language),
        None => type_metadata(&item.horoscope_type, &item.content_type, &item.language),
    }
}

/// An organization's item: its stored metadata under what the service sets.
pub fn org_item(item: OrgContent, base: &str) -> ContentItem {
    let mut metadata = match &item.metadata {
        Value::Object(own) => own.clone(),
        _ => Map::new(),
    };
    metadata.extend(service_metadata(&item));
    ContentItem {
        kind: RESOURCE_TYPE,
        links: Links { self_link: self_link(base, &item.horoscope_type, &item.content_type, &item.id) },
        id: item.id,
        attributes: Attributes {
            urn: item.urn,
            title: item.title,
            body: item.body,
            owner_type: ORGANIZATION_OWNER,
            owner_id: item.organization_id,
            base_content_id: item.base_content_id,
            created_at: item.created_at,
            updated_at: item.updated_at,
            metadata: Value::Object(metadata),
        },
    }
}

/// The URN of an organization's own item.
pub fn custom_urn(horoscope: HoroscopeType, content_type: ContentType, id: &str, language: Language) -> String {
    format!("urn:astro:{}:{}:custom:{id}:{}", horoscope.id(), content_type.id(), language.code())
}

pub use shared::repo::now_text;

#[cfg(test)]
mod tests {
    use super::*;
    use shared::astro::aspect::AspectKind;
    use shared::astro::point::PointId;
    use shared::astro::zodiac::Sign;
    use shared::content::AspectTarget;

    #[test]
    fn base_items_carry_their_subject() {
        let key = ContentKey { horoscope: HoroscopeType::Natal, subject: Subject::PointInSign(PointId::Venus, Sign::Libra) };
        let text = Text { title: "t".into(), body: "b".into() };
        let item = serde_json::to_value(base_item(&key, Language::Es, text, "https://x.test")).unwrap();
        assert_eq!(item["id"], "urn:astro:natal:planet-in-sign:venus:libra:es");
        assert_eq!(item["links"]["self"], "https://x.test/api/content/natal/planet-in-sign/urn:astro:natal:planet-in-sign:venus:libra:es");
        assert_eq!(item["attributes"]["owner_type"], "system");
        assert_eq!(item["attributes"]["base_content_id"], Value::Null);
        assert_eq!(item["attributes"]["created_at"], CORPUS_DATE);
        assert_eq!(
            item["attributes"]["metadata"],
            json!({ "horoscopeType": "natal", "contentType": "planet-in-sign", "language": "es", "point": "venus", "sign": "libra" })
        );
        let aspect = ContentKey::aspect(HoroscopeType::Transit, PointId::Mars, AspectKind::Trine, AspectTarget::Point(PointId::Venus));
        let metadata = base_metadata(&aspect, Language::En);
        assert_eq!(
            (metadata["pointA"].as_str(), metadata["aspect"].as_str(), metadata["pointB"].as_str()),
            (Some("mars"), Some("trine"), Some("venus"))
        );
    }

    #[test]
    fn an_organizations_metadata_cannot_hide_the_services() {
        let item = OrgContent {
            id: "c1".into(),
            organization_id: "org".into(),
            urn: "urn:astro:natal:planet-in-house:sun:house_10:en".into(),
            title: "t".into(),
            body: "b".into(),
            base_content_id: Some("urn:astro:natal:planet-in-house:sun:house_10:en".into()),
            horoscope_type: "natal".into(),
            content_type: "planet-in-house".into(),
            language: "en".into(),
            metadata: json!({ "tone": "warm", "house": "house_1" }),
            created_at: "2026-01-01T00:00:00Z".into(),
            updated_at: "2026-01-01T00:00:00Z".into(),
        };
        let shown = serde_json::to_value(org_item(item, "")).unwrap();
        assert_eq!(shown["links"]["self"], "/api/content/natal/planet-in-house/c1");
        let metadata = &shown["attributes"]["metadata"];
        assert_eq!(
            (metadata["tone"].as_str(), metadata["house"].as_str(), metadata["houseNumber"].as_u64()),
            (Some("warm"), Some("house_10"), Some(10))
        );
        assert_eq!(shown["attributes"]["owner_type"], "organization");
    }
}
