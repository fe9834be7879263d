//! What a content request names: the horoscope type and content type of
//! the path, the language, and the list's filters.
//!
//! Filters (`filter[point]`, `filter[sign]`, `filter[house]`,
//! `filter[aspect]`, `filter[angle]`) each take one id or several separated
//! by commas (any of them); different filters must all hold. A filter that
//! cannot apply to the list (`filter[house]` on aspects) is refused like an
//! unknown parameter, so a typo never silently returns everything.

use serde_json::{Map, Value};
use shared::astro::aspect::AspectKind;
use shared::astro::point::{AngleId, PointId};
use shared::astro::zodiac::Sign;
use shared::content::{AspectTarget, ContentKey, ContentType, HoroscopeType, Subject, all_keys};
use shared::http::ApiError;
use shared::http::page::{PAGE_NUMBER, PAGE_SIZE};
use shared::language::Language;

/// The compatibility date, which every endpoint accepts.
pub const API_VERSION: &str = "api_version";
pub const LANGUAGE: &str = "language";

fn ids<T: Copy>(all: &[T], id: impl Fn(T) -> &'static str) -> String {
    all.iter().map(|x| id(*x)).collect::<Vec<_>>().join(", ")
}

/// The path's horoscope type and content type, or a 404 listing the valid ones.
pub fn kinds(horoscope: &str, content_type: &str) -> Result<(HoroscopeType, ContentType), ApiError> {
    let Some(horoscope_type) = HoroscopeType::parse(horoscope) else {
        return Err(ApiError::not_found(format!(
            "no horoscope type '{horoscope}'; horoscope types: {}",
            ids(&HoroscopeType::ALL, HoroscopeType::id)
        )));
    };
    let valid = horoscope_type.content_types();
    match ContentType::parse(content_type) {
        Some(kind) if valid.contains(&kind) => Ok((horoscope_type, kind)),
        _ => Err(ApiError::not_found(format!(
            "{horoscope} has no content type '{content_type}'; its content types: {}",
            ids(valid, ContentType::id)
        ))),
    }
}

/// `language` (default `en`), or a 422 listing the supported codes.
pub fn language(value: Option<&str>, refuse: impl Fn(String) -> ApiError) -> Result<Language, ApiError> {
    match value {
        None => Ok(Language::En),
        Some(code) => Language::parse(code.trim())
            .ok_or_else(|| refuse(format!("unsupported language '{code}'; supported: {}", Language::supported_codes().join(", ")))),
    }
}

/// The one value of a parameter; sent twice is a 422.
pub fn single<'a>(pairs: &'a [(String, String)], name: &str) -> Result<Option<&'a str>, ApiError> {
    let mut values = pairs.iter().filter(|(key, _)| key == name).map(|(_, value)| value.as_str());
    let first = values.next();
    if values.next().is_some() {
        let detail = if name.starts_with("filter[") {
            format!("{name} is given more than once; send one, with several ids separated by commas")
        } else {
            format!("{name} is given more than once; send it once")
        };
        return Err(ApiError::invalid_parameter(name, detail));
    }
    Ok(first)
}

pub const SOURCE: &str = "source";

/// Which text an item's URN reads (`source`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Source {
    /// What the key's organization reads: its copy where it has one, else
    /// the base item. The default.
    Organization,
    /// The base item, whatever copy the organization has.
    Base,
}

impl Source {
    const ALL: [Source; 2] = [Self::Base, Self::Organization];

    fn id(self) -> &'static str {
        match self {
            Self::Organization => "organization",
            Self::Base => "base",
        }
    }

    /// The query of `GET /api/content/{type}/{content type}/{id}`: `source`
    /// (default `organization`) and `api_version`, nothing else (the id
    /// names the language).
    pub fn of_item_query(pairs: &[(String, String)]) -> Result<Self, ApiError> {
        if let Some((key, _)) = pairs.iter().find(|(key, _)| key != SOURCE && key != API_VERSION) {
            return Err(ApiError::invalid_parameter(
                key.clone(),
                format!("unknown query parameter '{key}'; an item accepts {SOURCE} (and {API_VERSION}); its id names its language"),
            ));
        }
        let Some(given) = single(pairs, SOURCE)? else { return Ok(Self::Organization) };
        Self::ALL
            .into_iter()
            .find(|source| source.id() == given.trim())
            .ok_or_else(|| ApiError::invalid_parameter(SOURCE, format!("unknown source '{given}'; valid: {}", ids(&Self::ALL, Self::id))))
    }
}

/// A 422 for the first parameter not in `accepted`.
pub fn refuse_unknown(pairs: &[(String, String)], accepted: &[&str]) -> Result<(), ApiError> {
    match pairs.iter().find(|(key, _)| !accepted.contains(&key.as_str())) {
        None => Ok(()),
        Some((key, _)) => {
            let listed: Vec<&str> = accepted.iter().copied().filter(|name| *name != API_VERSION).collect();
            Err(ApiError::invalid_parameter(
                key.clone(),
                format!("unknown query parameter '{key}'; this list accepts {} (and {API_VERSION})", listed.join(", ")),
            ))
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FilterName {
    Point,
    Sign,
    House,
    Aspect,
    Angle,
}

impl FilterName {
    pub const ALL: [FilterName; 5] = [Self::Point, Self::Sign, Self::House, Self::Aspect, Self::Angle];

    pub fn parameter(self) -> &'static str {
        match self {
            Self::Point => "filter[point]",
            Self::Sign => "filter[sign]",
            Self::House => "filter[house]",
            Self::Aspect => "filter[aspect]",
            Self::Angle => "filter[angle]",
        }
    }

    /// Whether the filter can select anything among these texts.
    fn applies(self, horoscope: HoroscopeType, content_type: ContentType) -> bool {
        match (content_type, self) {
            (ContentType::PlanetInSign, Self::Point | Self::Sign)
            | (ContentType::PlanetInHouse, Self::Point | Self::House)
            | (ContentType::AngleInSign, Self::Angle | Self::Sign)
            | (ContentType::Aspect, Self::Point | Self::Aspect)
            | (ContentType::Lagna, Self::Sign) => true,
            // Aspects to angles: only where a horoscope type has them (transits to the natal angles).
            (ContentType::Aspect, Self::Angle) => {
                all_keys(horoscope, content_type).iter().any(|key| matches!(key.subject, Subject::Aspect { b: AspectTarget::Angle(_), .. }))
            }
            _ => false,
        }
    }
}

/// The filters of a list.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Filters {
    pub points: Option<Vec<PointId>>,
    pub signs: Option<Vec<Sign>>,
    pub houses: Option<Vec<u8>>,
    pub aspects: Option<Vec<AspectKind>>,
    pub angles: Option<Vec<AngleId>>,
}

/// The parameters a list of these texts accepts.
pub fn accepted_parameters(horoscope: HoroscopeType, content_type: ContentType) -> Vec<&'static str> {
    let mut accepted = vec![LANGUAGE, PAGE_NUMBER, PAGE_SIZE];
    accepted.extend(FilterName::ALL.into_iter().filter(|f| f.applies(horoscope, content_type)).map(FilterName::parameter));
    accepted.push(API_VERSION);
    accepted
}

/// The most values one filter may name: more than any filter has.
pub const MAX_FILTER_VALUES: usize = 64;

fn parse_list<T>(name: FilterName, text: &str, parse: impl Fn(&str) -> Option<T>, valid: impl Fn() -> String) -> Result<Vec<T>, ApiError> {
    let parameter = name.parameter();
    let count = text.split(',').count();
    if count > MAX_FILTER_VALUES {
        return Err(ApiError::invalid_parameter(parameter, format!("{parameter} names at most {MAX_FILTER_VALUES} values (got {count})")));
    }
    let mut values = Vec::new();
    for id in text.split(',').map(str::trim) {
        if id.is_empty() {
            return Err(ApiError::invalid_parameter(parameter, format!("{parameter} names no value; valid: {}", valid())));
        }
        let value = parse(id)
            .ok_or_else(|| ApiError::invalid_parameter(parameter, format!("unknown {parameter} value '{id}'; valid: {}", valid())))?;
        values.push(value);
    }
    Ok(values)
}

fn parse_house(id: &str) -> Option<u8> {
    id.strip_prefix("house_").unwrap_or(id).parse().ok().filter(|n| (1..=12).contains(n))
}

impl Filters {
    /// The filters among `pairs` (unknown parameters are refused by the caller).
    pub fn parse(pairs: &[(String, String)]) -> Result<Self, ApiError> {
        let mut filters = Self::default();
        for name in FilterName::ALL {
            let Some(text) = single(pairs, name.parameter())? else { continue };
            match name {
                FilterName::Point => filters.points = Some(parse_list(name, text, PointId::parse, || ids(&PointId::ALL, PointId::id))?),
                FilterName::Sign => {
                    let parse = |id: &str| Sign::ALL.into_iter().find(|s| s.id() == id);
                    filters.signs = Some(parse_list(name, text, parse, || ids(&Sign::ALL, Sign::id))?)
                }
                FilterName::House => {
                    filters.houses = Some(parse_list(name, text, parse_house, || "house_1 ... house_12, or 1 ... 12".into())?)
                }
                FilterName::Aspect => {
                    filters.aspects = Some(parse_list(name, text, AspectKind::parse, || ids(&AspectKind::ALL, AspectKind::id))?)
                }
                FilterName::Angle => {
                    let parse = |id: &str| AngleId::ALL.into_iter().find(|a| a.id() == id);
                    filters.angles = Some(parse_list(name, text, parse, || ids(&AngleId::ALL, AngleId::id))?)
                }
            }
        }
        Ok(filters)
    }

    pub fn is_empty(&self) -> bool {
        *self == Self::default()
    }

    /// Whether a base text is selected.
    pub fn matches(&self, key: &ContentKey) -> bool {
        fn within<T: PartialEq>(wanted: &Option<Vec<T>>, value: Option<T>) -> bool {
            match wanted {
                None => true,
                Some(wanted) => value.is_some_and(|v| wanted.contains(&v)),
            }
        }
        let (point, point_b, sign, house, aspect, angle) = match key.subject {
            Subject::PointInSign(p, s) => (Some(p), None, Some(s), None, None, None),
            Subject::PointInHouse(p, h) => (Some(p), None, None, Some(h), None, None),
            Subject::AngleInSign(a, s) => (None, None, Some(s), None, None, Some(a)),
            Subject::Aspect { a, kind, b: AspectTarget::Point(b) } => (Some(a), Some(b), None, None, Some(kind), None),
            Subject::Aspect { a, kind, b: AspectTarget::Angle(b) } => (Some(a), None, None, None, Some(kind), Some(b)),
            Subject::MoonInNakshatra(_) => (Some(PointId::Moon), None, None, None, None, None),
            Subject::LagnaInRashi(s) => (None, None, Some(s), None, None, Some(AngleId::Ascendant)),
        };
        (within(&self.points, point) || point_b.is_some() && within(&self.points, point_b))
            && within(&self.signs, sign)
            && within(&self.houses, house)
            && within(&self.aspects, aspect)
            && within(&self.angles, angle)
    }

    /// Whether an organization's own item is selected, by the subject its
    /// metadata names (the names base items use).
    pub fn matches_metadata(&self, metadata: &Value) -> bool {
        let empty = Map::new();
        let fields = metadata.as_object().unwrap_or(&empty);
        let text = |name: &str| fields.get(name).and_then(Value::as_str);
        let any_of = |names: &[&str], ids: &[&'static str]| names.iter().any(|name| text(name).is_some_and(|value| ids.contains(&value)));
        let points = self.points.as_ref().is_none_or(|wanted| {
            let ids: Vec<&str> = wanted.iter().map(|p| p.id()).collect();
            any_of(&["point", "pointA", "pointB"], &ids)
        });
        let signs = self.signs.as_ref().is_none_or(|wanted| any_of(&["sign"], &wanted.iter().map(|s| s.id()).collect::<Vec<_>>()));
        let aspects = self.aspects.as_ref().is_none_or(|wanted| any_of(&["aspect"], &wanted.iter().map(|a| a.id()).collect::<Vec<_>>()));
        let angles =
            self.angles.as_ref().is_none_or(|wanted| any_of(&["angle", "pointB"], &wanted.iter().map(|a| a.id()).collect::<Vec<_>>()));
        let houses = self.houses.as_ref().is_none_or(|wanted| {
            let house = match fields.get("houseNumber").or_else(|| fields.get("house")) {
                Some(Value::Number(n)) => n.as_u64().and_then(|n| u8::try_from(n).ok()),
                Some(Value::String(s)) => parse_house(s),
                _ => None,
            };
            house.is_some_and(|h| wanted.contains(&h))
        });
        points && signs && aspects && angles && houses
    }
}

/// What `GET /api/content/{type}/{content type}` was asked.
#[derive(Debug, Clone)]
pub struct ListQuery {
    pub language: Language,
    pub filters: Filters,
}

impl ListQuery {
    pub fn parse(pairs: &[(String, String)], horoscope: HoroscopeType, content_type: ContentType) -> Result<Self, ApiError> {
        let accepted = accepted_parameters(horoscope, content_type);
        if let Some((key, _)) = pairs.iter().find(|(key, _)| key.starts_with("filter[") && !accepted.contains(&key.as_str())) {
            let usable: Vec<&str> = accepted.iter().copied().filter(|name| name.starts_with("filter[")).collect();
            let known = FilterName::ALL.iter().any(|f| f.parameter() == key);
            let what = if known {
                format!("{key} does not apply to {} {} texts", horoscope.id(), content_type.id())
            } else {
                format!("unknown filter '{key}'")
            };
            return Err(ApiError::invalid_parameter(key.clone(), format!("{what}; filters here: {}", usable.join(", "))));
        }
        refuse_unknown(pairs, &accepted)?;
        let language = language(single(pairs, LANGUAGE)?, |detail| ApiError::invalid_parameter(LANGUAGE, detail))?;
        Ok(Self { language, filters: Filters::parse(pairs)? })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pairs(query: &str) -> Vec<(String, String)> {
        shared::http::page::query_pairs(Some(query))
    }

    fn parameter_of(error: ApiError) -> String {
        match error {
            ApiError::Client { errors, .. } => errors[0].source.as_ref().and_then(|s| s.parameter.clone()).expect("parameter"),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn path_kinds_404_with_the_valid_ones() {
        assert_eq!(kinds("natal", "aspect").unwrap(), (HoroscopeType::Natal, ContentType::Aspect));
        for (h, c, listed) in [
            ("chinese", "aspect", "natal, transit, synastry, progressions, solar-return, lunar-return"),
            ("natal", "planets", "planet-in-sign, planet-in-house, angle-in-sign, aspect"),
            ("transit", "planet-in-sign", "its content types: aspect"),
        ] {
            let Err(ApiError::Client { status, errors, .. }) = kinds(h, c) else { panic!("{h} {c}") };
            assert_eq!(status.as_u16(), 404);
            assert!(errors[0].detail.contains(listed), "{}", errors[0].detail);
        }
    }

    #[test]
    fn filters_select_by_subject() {
        let natal = |query: &str| ListQuery::parse(&pairs(query), HoroscopeType::Natal, ContentType::Aspect);
        let query = natal("filter[point]=venus&filter[aspect]=trine,square").unwrap();
        let selected: Vec<_> = all_keys(HoroscopeType::Natal, ContentType::Aspect).iter().filter(|k| query.filters.matches(k)).collect();
        // Venus with each of the 16 other points, two aspects each, less the
        // ones one sky cannot hold: Sun–Venus trine and square, Mercury–Venus
        // trine and square.
        assert_eq!(selected.len(), 32 - 4);
        assert_eq!(parameter_of(natal("filter[point]=vulcan").unwrap_err()), "filter[point]");
        assert_eq!(parameter_of(natal("filter[sign]=libra").unwrap_err()), "filter[sign]");
        assert_eq!(parameter_of(natal("filter[angle]=ascendant").unwrap_err()), "filter[angle]");
        assert_eq!(parameter_of(natal("filter[colour]=red").unwrap_err()), "filter[colour]");
        assert_eq!(parameter_of(natal("sort=urn").unwrap_err()), "sort");
        assert_eq!(parameter_of(natal("language=fr").unwrap_err()), "language");
        assert_eq!(parameter_of(natal("filter[point]=sun&filter[point]=moon").unwrap_err()), "filter[point]");
        assert_eq!(natal("language=es&api_version=2026-01-01&page[size]=5").unwrap().language, Language::Es);

        let transit = ListQuery::parse(&pairs("filter[angle]=midheaven"), HoroscopeType::Transit, ContentType::Aspect).unwrap();
        let to_mc = all_keys(HoroscopeType::Transit, ContentType::Aspect).iter().filter(|k| transit.filters.matches(k)).count();
        // Every transiting point but the Part of Fortune and the vertex,
        // which no transit reports.
        assert_eq!(to_mc, (PointId::ALL.len() - 2) * AspectKind::ALL.len());

        let houses = ListQuery::parse(&pairs("filter[house]=house_10,4"), HoroscopeType::Natal, ContentType::PlanetInHouse).unwrap();
        assert_eq!(houses.filters.houses, Some(vec![10, 4]));
        let bad_house = ListQuery::parse(&pairs("filter[house]=13"), HoroscopeType::Natal, ContentType::PlanetInHouse);
        assert_eq!(parameter_of(bad_house.unwrap_err()), "filter[house]");
    }

    #[test]
    fn an_item_reads_the_organizations_text_unless_the_base_is_asked_for() {
        assert_eq!(Source::of_item_query(&pairs("")).unwrap(), Source::Organization);
        assert_eq!(Source::of_item_query(&pairs("source=base&api_version=2026-01-01")).unwrap(), Source::Base);
        assert_eq!(Source::of_item_query(&pairs("source=organization")).unwrap(), Source::Organization);
        assert_eq!(parameter_of(Source::of_item_query(&pairs("source=mine")).unwrap_err()), "source");
        assert_eq!(parameter_of(Source::of_item_query(&pairs("source=base&source=base")).unwrap_err()), "source");
        assert_eq!(parameter_of(Source::of_item_query(&pairs("language=es")).unwrap_err()), "language");
    }

    #[test]
    fn own_items_are_filtered_by_their_metadata() {
        let filters = Filters::parse(&pairs("filter[point]=venus&filter[house]=7")).unwrap();
        assert!(filters.matches_metadata(&serde_json::json!({ "point": "venus", "house": "house_7" })));
        assert!(filters.matches_metadata(&serde_json::json!({ "point": "venus", "houseNumber": 7 })));
        assert!(!filters.matches_metadata(&serde_json::json!({ "point": "venus" })));
        assert!(!filters.matches_metadata(&Value::Null));
        assert!(Filters::default().matches_metadata(&Value::Null));
    }
}
