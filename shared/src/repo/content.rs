//! An organization's own texts: copies of base items (same URN, edited or
//! not) and items it wrote itself. The base corpus is in the build
//! (`crate::content`); only what organizations change is stored.
//!
//! Items sit in the organization's partition under `CONTENT#{urn}`, so one
//! prefix query finds every text of a horoscope type (what embedding texts
//! into a chart needs), and `CONTENTID#{id}` points from an item's id to its
//! URN.

use std::collections::HashMap;

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use super::{RepoError, conflict_as_exists, from_item, schema, to_attrs};
use crate::content::{ContentKey, HoroscopeType, Text, compose};
use crate::language::Language;
use crate::store::{Condition, Item, Table, WriteOp};

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct OrgContent {
    /// Random, unlike base items, whose id is their URN.
    pub id: String,
    pub organization_id: String,
    pub urn: String,
    pub title: String,
    pub body: String,
    /// The base item this copies (its id, which is its URN); `None` for an
    /// item the organization wrote itself.
    pub base_content_id: Option<String>,
    pub horoscope_type: String,
    pub content_type: String,
    pub language: String,
    #[serde(default)]
    pub metadata: Value,
    pub created_at: String,
    pub updated_at: String,
}

/// Stores a new item; [`RepoError::AlreadyExists`] if the organization has
/// one with this URN already (one copy per base item).
pub async fn create(table: &dyn Table, item: &OrgContent) -> Result<(), RepoError> {
    let mut pointer = Map::new();
    pointer.insert("urn".into(), item.urn.clone().into());
    table
        .write(vec![
            WriteOp::Put {
                item: Item::new(schema::org(&item.organization_id), schema::content(&item.urn), to_attrs(item)?),
                condition: Condition::MustNotExist,
            },
            WriteOp::Put {
                item: Item::new(schema::org(&item.organization_id), schema::content_id(&item.id), pointer),
                condition: Condition::MustNotExist,
            },
        ])
        .await
        .map_err(conflict_as_exists)
}

pub async fn get_by_urn(table: &dyn Table, org_id: &str, urn: &str) -> Result<Option<OrgContent>, RepoError> {
    Ok(table.get(&schema::org(org_id), &schema::content(urn)).await?.map(from_item).transpose()?)
}

pub async fn get_by_id(table: &dyn Table, org_id: &str, id: &str) -> Result<Option<OrgContent>, RepoError> {
    let Some(pointer) = table.get(&schema::org(org_id), &schema::content_id(id)).await? else { return Ok(None) };
    let Some(urn) = pointer.attrs.get("urn").and_then(Value::as_str) else {
        return Err(crate::store::StoreError::Corrupt("content pointer without urn".into()).into());
    };
    get_by_urn(table, org_id, urn).await
}

/// Rewrites an existing item ([`RepoError::NotFound`] if it is gone).
pub async fn update(table: &dyn Table, item: &OrgContent) -> Result<(), RepoError> {
    table
        .write(vec![WriteOp::Put {
            item: Item::new(schema::org(&item.organization_id), schema::content(&item.urn), to_attrs(item)?),
            condition: Condition::MustExist,
        }])
        .await
        .map_err(|error| match error {
            crate::store::StoreError::ConditionFailed => RepoError::NotFound,
            other => RepoError::Store(other),
        })
}

pub async fn delete(table: &dyn Table, item: &OrgContent) -> Result<(), RepoError> {
    table
        .write(vec![
            WriteOp::Delete { pk: schema::org(&item.organization_id), sk: schema::content(&item.urn), condition: Condition::MustExist },
            WriteOp::Delete { pk: schema::org(&item.organization_id), sk: schema::content_id(&item.id), condition: Condition::None },
        ])
        .await
        .map_err(|error| match error {
            crate::store::StoreError::ConditionFailed => RepoError::NotFound,
            other => RepoError::Store(other),
        })
}

/// The organization's items whose URN starts with `urn_prefix`
/// (`urn:astro:natal:` for every natal text), in URN order.
pub async fn list(table: &dyn Table, org_id: &str, urn_prefix: &str) -> Result<Vec<OrgContent>, RepoError> {
    let items = table.query(&schema::org(org_id), &schema::content(urn_prefix), None).await?;
    Ok(items.into_iter().map(from_item).collect::<Result<_, _>>()?)
}

/// Where the base items of one horoscope type, content type and language
/// are stored, one item per URN.
pub fn base_partition(horoscope: HoroscopeType, content_type: crate::content::ContentType, language: Language) -> String {
    schema::base_corpus(horoscope.id(), content_type.id(), language.code())
}

/// Loads the base corpus into the store: every composed base item (every
/// combination, every language) under its URN, then a marker naming the
/// corpus version, so a later call with the same build writes nothing.
/// Returns how many items were written (`None`: already there).
///
/// The API serves base texts from the same build-time data in memory (a
/// calculation embeds dozens per request); the store's copy is the catalog
/// organizations' copies refer to (`base_content_id`) and what tools outside
/// this service read.
pub async fn load_base_corpus(table: &dyn Table) -> Result<Option<usize>, RepoError> {
    use crate::content::{all_keys, corpus};
    let version = corpus::version();
    if table.get(schema::SYSTEM, &schema::corpus(&version)).await?.is_some() {
        return Ok(None);
    }
    // One partition at a time: the whole corpus built at once was some 60 MB
    // of a first start's memory that the allocator then kept. The marker,
    // written last, makes a start interrupted half-way load it all again.
    let mut count = 0;
    for language in Language::SUPPORTED {
        for horoscope in HoroscopeType::ALL {
            for &content_type in horoscope.content_types() {
                let partition = base_partition(horoscope, content_type, language);
                let keys = all_keys(horoscope, content_type);
                let mut items = Vec::with_capacity(keys.len());
                for key in keys {
                    let urn = key.urn(language);
                    let text = compose(key, language)
                        .ok_or_else(|| crate::store::StoreError::Corrupt(format!("the corpus has no text for {urn}")))?;
                    let mut attrs = Map::new();
                    attrs.insert("id".into(), urn.clone().into());
                    attrs.insert("urn".into(), urn.clone().into());
                    attrs.insert("title".into(), text.title.into());
                    attrs.insert("body".into(), text.body.into());
                    attrs.insert("corpusVersion".into(), version.clone().into());
                    items.push(Item::new(partition.clone(), urn, attrs));
                }
                count += items.len();
                table.put_many(items).await?;
            }
        }
    }
    let mut marker = Map::new();
    marker.insert("items".into(), count.into());
    marker.insert("loadedAt".into(), chrono::Utc::now().to_rfc3339_opts(chrono::SecondsFormat::Secs, true).into());
    table
        .write(vec![WriteOp::Put { item: Item::new(schema::SYSTEM, schema::corpus(&version), marker), condition: Condition::None }])
        .await?;
    Ok(Some(count))
}

/// What an organization's key reads for a base item.
#[derive(Debug, Clone, PartialEq)]
pub enum Resolved<'a> {
    /// The organization's copy of the base item, as it last edited it.
    Copy(&'a OrgContent),
    /// The base text: the organization has no copy.
    Base(Text),
}

impl Resolved<'_> {
    pub fn text(self) -> Text {
        match self {
            Self::Copy(copy) => Text { title: copy.title.clone(), body: copy.body.clone() },
            Self::Base(text) => text,
        }
    }
}

/// The one way an organization's keys read interpretation texts (content
/// items by URN and in the lists, `includeText`, summaries, PDF reports,
/// the chat): the organization's copy of a text where it has one, the base
/// text otherwise. The copies are read from the store when the source is
/// made, for one request, and kept no longer: an edit shows on the next
/// request.
///
/// A source knows which URNs it read copies for (its scope: some horoscope
/// types, one content type or one URN, in one language). A text outside
/// that scope is a reader's mistake, and the base text there could hide a
/// copy: it is logged and left out, never guessed at.
#[derive(Debug, Clone)]
pub struct TextSource {
    language: Language,
    /// The URN prefixes the copies were read for.
    scope: Vec<String>,
    /// The organization's copies by URN. Its own items are not here: they
    /// are no subject's text.
    copies: HashMap<String, OrgContent>,
}

impl TextSource {
    /// The organization's texts of `horoscopes` in `language`: one store
    /// query per horoscope type, whatever the number of texts then read.
    pub async fn load(table: &dyn Table, org_id: &str, horoscopes: &[HoroscopeType], language: Language) -> Result<Self, RepoError> {
        let mut source = Self { language, scope: Vec::new(), copies: HashMap::new() };
        for horoscope in horoscopes {
            let prefix = format!("urn:astro:{}:", horoscope.id());
            let stored = list(table, org_id, &prefix).await?;
            source.add(prefix, stored);
        }
        Ok(source)
    }

    /// The organization's text of one base item: one store read.
    pub async fn load_one(table: &dyn Table, org_id: &str, key: &ContentKey, language: Language) -> Result<Self, RepoError> {
        let urn = key.urn(language);
        let stored = get_by_urn(table, org_id, &urn).await?;
        let mut source = Self { language, scope: Vec::new(), copies: HashMap::new() };
        source.add(urn, stored);
        Ok(source)
    }

    /// A source over items already read from the store: every item of the
    /// organization whose URN starts with `prefix` (`list`), own items
    /// included (they are left out here).
    pub fn of_listed(language: Language, prefix: &str, listed: &[OrgContent]) -> Self {
        let mut source = Self { language, scope: Vec::new(), copies: HashMap::new() };
        source.add(prefix.to_owned(), listed.iter().cloned());
        source
    }

    fn add(&mut self, prefix: String, stored: impl IntoIterator<Item = OrgContent>) {
        let suffix = format!(":{}", self.language.code());
        let copies = stored.into_iter().filter(|item| item.base_content_id.is_some() && item.urn.ends_with(&suffix));
        self.copies.extend(copies.map(|copy| (copy.urn.clone(), copy)));
        self.scope.push(prefix);
    }

    /// The text the organization's keys read for `key`: its copy if it has
    /// one, else the base text. `None` for a key without texts (points the
    /// corpus does not write for), for one the corpus lacks (a test forbids
    /// that) and for one outside what this source read (logged).
    pub fn resolve(&self, key: &ContentKey) -> Option<Resolved<'_>> {
        if !key.in_corpus() {
            return None;
        }
        let urn = key.urn(self.language);
        if !self.scope.iter().any(|prefix| urn.starts_with(prefix.as_str())) {
            tracing::error!(%urn, scope = ?self.scope, "a text outside what its source read; left out");
            return None;
        }
        match self.copies.get(&urn) {
            Some(copy) => Some(Resolved::Copy(copy)),
            None => compose(key, self.language).map(Resolved::Base),
        }
    }

    /// The title and body of [`resolve`](Self::resolve).
    pub fn text(&self, key: &ContentKey) -> Option<Text> {
        self.resolve(key).map(Resolved::text)
    }

    pub fn language(&self) -> Language {
        self.language
    }

    /// Names the organization's copies this source reads (empty without
    /// any): a stored document (a summary, a PDF report) keyed with it is
    /// not served after the organization edits one of them.
    pub fn fingerprint(&self) -> String {
        use sha2::{Digest, Sha256};
        if self.copies.is_empty() {
            return String::new();
        }
        let mut copies: Vec<&OrgContent> = self.copies.values().collect();
        copies.sort_by(|a, b| a.urn.cmp(&b.urn));
        let mut hash = Sha256::new();
        for copy in copies {
            for part in [copy.urn.as_str(), copy.title.as_str(), copy.body.as_str()] {
                hash.update(part.as_bytes());
                hash.update([0]);
            }
        }
        hex::encode(&hash.finalize()[..8])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::embedded::EmbeddedTable;

    fn item(urn: &str, id: &str) -> OrgContent {
        OrgContent {
            id: id.into(),
            organization_id: "org-1".into(),
            urn: urn.into(),
            title: "Venus in Libra".into(),
            body: "Our own words.".into(),
            base_content_id: Some(urn.into()),
            horoscope_type: "natal".into(),
            content_type: "planet-in-sign".into(),
            language: "en".into(),
            metadata: Value::Null,
            created_at: "2026-11-22T00:00:00Z".into(),
            updated_at: "2026-11-22T00:00:00Z".into(),
        }
    }

    /// The whole base corpus goes into the store once per corpus version,
    /// each item the composed text under its URN.
    #[tokio::test]
    async fn the_base_corpus_is_loaded_into_the_store_once() {
        use crate::content::ContentType;
        let dir = tempfile::tempdir().unwrap();
        let table = EmbeddedTable::open(&dir.path().join("t.redb")).unwrap();
        let written = load_base_corpus(&table).await.unwrap().unwrap();
        let every: usize =
            HoroscopeType::ALL.iter().flat_map(|h| h.content_types().iter().map(|c| crate::content::all_keys(*h, *c).len())).sum::<usize>()
                * Language::SUPPORTED.len();
        assert_eq!(written, every);
        assert_eq!(written, 2 * 14_519, "docs/api.md and the OpenAPI document say 14,519 items per language");
        assert_eq!(load_base_corpus(&table).await.unwrap(), None, "a second load writes nothing");
        let partition = base_partition(HoroscopeType::Natal, ContentType::PlanetInSign, Language::Es);
        let stored = table.query(&partition, "", None).await.unwrap();
        assert_eq!(stored.len(), 17 * 12);
        for urn in ["urn:astro:natal:planet-in-sign:venus:libra:es", "urn:astro:natal:planet-in-sign:true_node:pisces:es"] {
            let item = stored.iter().find(|i| i.sk == urn).unwrap();
            let (key, language) = ContentKey::parse_urn(urn).unwrap();
            assert_eq!(item.attrs["body"], compose(&key, language).unwrap().body.as_str());
        }
    }

    /// The lookup order every reader follows: the organization's copy of
    /// the URN, else the base text; own items and copies of the other
    /// language never stand in; a text outside what was read is left out.
    #[tokio::test]
    async fn a_source_reads_the_copy_else_the_base_text_within_its_scope() {
        use crate::astro::aspect::AspectKind;
        use crate::astro::point::PointId;
        use crate::astro::zodiac::Sign;
        use crate::content::{AspectTarget, Subject};
        let dir = tempfile::tempdir().unwrap();
        let table = EmbeddedTable::open(&dir.path().join("t.redb")).unwrap();
        let venus = ContentKey { horoscope: HoroscopeType::Natal, subject: Subject::PointInSign(PointId::Venus, Sign::Libra) };
        let mars = ContentKey { horoscope: HoroscopeType::Natal, subject: Subject::PointInSign(PointId::Mars, Sign::Aries) };
        create(&table, &item(&venus.urn(Language::En), "a1")).await.unwrap();
        let mut spanish = item(&mars.urn(Language::Es), "a2");
        spanish.language = "es".into();
        create(&table, &spanish).await.unwrap();
        let mut own = item("urn:astro:natal:planet-in-sign:custom:a3:en", "a3");
        own.base_content_id = None;
        create(&table, &own).await.unwrap();

        let source = TextSource::load(&table, "org-1", &[HoroscopeType::Natal], Language::En).await.unwrap();
        assert!(matches!(source.resolve(&venus), Some(Resolved::Copy(copy)) if copy.id == "a1"));
        assert_eq!(source.text(&venus).unwrap().body, "Our own words.");
        assert_eq!(source.text(&mars), compose(&mars, Language::En));
        let transit = ContentKey::aspect(HoroscopeType::Transit, PointId::Mars, AspectKind::Trine, AspectTarget::Point(PointId::Venus));
        assert_eq!(source.resolve(&transit), None, "transit texts were not read");
        let other = TextSource::load(&table, "org-2", &[HoroscopeType::Natal], Language::En).await.unwrap();
        assert_eq!(other.text(&venus), compose(&venus, Language::En));
        assert_eq!(other.fingerprint(), "");

        let one = TextSource::load_one(&table, "org-1", &venus, Language::En).await.unwrap();
        assert_eq!(one.text(&venus).unwrap().body, "Our own words.");
        assert_eq!(one.resolve(&mars), None, "only Venus in Libra was read");
        assert_eq!(one.fingerprint(), source.fingerprint());

        let mut edited = item(&venus.urn(Language::En), "a1");
        edited.body = "Edited.".into();
        update(&table, &edited).await.unwrap();
        let reread = TextSource::load(&table, "org-1", &[HoroscopeType::Natal], Language::En).await.unwrap();
        assert_eq!(reread.text(&venus).unwrap().body, "Edited.");
        assert_ne!(reread.fingerprint(), source.fingerprint());
    }

    #[tokio::test]
    async fn copies_are_one_per_urn_found_by_id_and_prefix() {
        let dir = tempfile::tempdir().unwrap();
        let table = EmbeddedTable::open(&dir.path().join("t.redb")).unwrap();
        let venus = item("urn:astro:natal:planet-in-sign:venus:libra:en", "a1");
        create(&table, &venus).await.unwrap();
        assert!(matches!(create(&table, &item(&venus.urn, "a2")).await, Err(RepoError::AlreadyExists)));
        create(&table, &item("urn:astro:transit:aspect:mars:trine:venus:en", "b1")).await.unwrap();
        assert_eq!(get_by_id(&table, "org-1", "a1").await.unwrap(), Some(venus.clone()));
        assert_eq!(list(&table, "org-1", "urn:astro:natal:").await.unwrap(), vec![venus.clone()]);
        let mut edited = venus.clone();
        edited.body = "Edited.".into();
        update(&table, &edited).await.unwrap();
        assert_eq!(get_by_urn(&table, "org-1", &venus.urn).await.unwrap().unwrap().body, "Edited.");
        delete(&table, &edited).await.unwrap();
        assert_eq!(get_by_id(&table, "org-1", "a1").await.unwrap(), None);
        assert!(matches!(update(&table, &edited).await, Err(RepoError::NotFound)));
    }
}
