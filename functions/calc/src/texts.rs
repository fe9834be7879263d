//! The interpretation texts an answer carries with `includeText`.

use shared::astro::aspect::AspectKind;
use shared::astro::point::{AngleId, PointId};
use shared::astro::zodiac::Sign;
use shared::content::{AspectTarget, ContentKey, HoroscopeType, Subject};
use shared::http::{ApiError, AppState, Caller};
use shared::repo::content::TextSource;

use crate::request::CommonOptions;

/// The interpretation texts of one horoscope type for one answer, in the
/// request's language: the caller's organization's copy where it has one,
/// the base text otherwise (one store query when loaded, however many texts
/// are then asked for).
pub struct Texts {
    horoscope: HoroscopeType,
    source: TextSource,
}

impl Texts {
    /// `None` unless the request asked for texts (`includeText`).
    pub async fn load(
        app: &AppState,
        caller: &Caller,
        horoscope: HoroscopeType,
        options: &CommonOptions,
    ) -> Result<Option<Self>, ApiError> {
        if !options.include_text {
            return Ok(None);
        }
        caller.may_read_texts(app).await?;
        let source = TextSource::load(app.table.as_ref(), &caller.organization.id, &[horoscope], options.language).await?;
        Ok(Some(Self { horoscope, source }))
    }

    pub fn point_in_sign(&self, point: PointId, sign: Sign) -> Option<String> {
        self.body(ContentKey { horoscope: self.horoscope, subject: Subject::PointInSign(point, sign) })
    }

    /// `house`: 1–12.
    pub fn point_in_house(&self, point: PointId, house: u8) -> Option<String> {
        if !(1..=12).contains(&house) {
            return None;
        }
        self.body(ContentKey { horoscope: self.horoscope, subject: Subject::PointInHouse(point, house) })
    }

    pub fn angle_in_sign(&self, angle: AngleId, sign: Sign) -> Option<String> {
        self.body(ContentKey { horoscope: self.horoscope, subject: Subject::AngleInSign(angle, sign) })
    }

    /// `a` as the calculation reports it (the moving point for transits and
    /// progressions); the key orders unordered pairs itself.
    pub fn aspect(&self, a: PointId, kind: AspectKind, b: AspectTarget) -> Option<String> {
        self.body(ContentKey::aspect(self.horoscope, a, kind, b))
    }

    /// The body of `key`. A missing text (the corpus completeness test
    /// forbids it) or an organization's copy left empty leaves the field out
    /// rather than failing the calculation; a missing one is logged.
    fn body(&self, key: ContentKey) -> Option<String> {
        if !key.in_corpus() {
            return None;
        }
        match self.source.text(&key) {
            Some(text) if !text.body.trim().is_empty() => Some(text.body),
            Some(_) => None,
            None => {
                tracing::error!(urn = %key.urn(self.source.language()), "interpretation text missing; the field is left out");
                None
            }
        }
    }
}
