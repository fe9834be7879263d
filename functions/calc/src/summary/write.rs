//! Who writes a summary: the built-in writer, or a language model when one
//! is configured, with the built-in one answering whenever the model fails
//! or runs out of time (the answer's `meta.fallback` says why).

use std::sync::Arc;
use std::time::Duration;

use shared::astro::aspect::Aspect;
use shared::astro::chart::transit::{NatalTarget, TransitInput, TransitingBody, find_transits};
use shared::astro::chart::{ChartInput, NatalChart};
use shared::astro::point::{AngleId, PointId};
use shared::astro::time::JulianDay;
use shared::content::{AspectTarget, HoroscopeType};
use shared::http::{ApiError, AppState};
use shared::language::Language;
use shared::llm::LanguageModel;
use shared::repo::content::TextSource;
use shared::repo::summaries::StoredSummary;
use shared::summary::{Contact, Draft, Subject, Whose, prompt};

use super::link::{SummaryClaims, invalid_content};
use shared::http::chart_link::{ChartSpec, InputSpec, points};

use crate::drawn::Drawn;
use crate::request::ephemeris_error;

/// The built-in writer needs no time to speak of.
const BUILT_IN_TIME_LIMIT: Duration = Duration::from_secs(5);

pub struct Writer {
    model: Option<Arc<LanguageModel>>,
}

/// A summary ready to be written: the built-in draft (the fallback, and the
/// highlights of either writer).
pub struct Prepared {
    horoscope: HoroscopeType,
    language: Language,
    draft: Draft,
}

impl Writer {
    pub fn of(app: &AppState) -> Self {
        Self { model: app.language_model.clone() }
    }

    pub fn is_built_in(&self) -> bool {
        self.model.is_none()
    }

    /// The writer and its version, as `model` reports it: part of the
    /// cache key, so a new version writes anew.
    pub fn model(&self) -> String {
        match &self.model {
            None => shared::summary::built_in_model(),
            Some(model) => format!("{}+{}", model.name(), prompt::PROMPT_VERSION),
        }
    }

    /// The longest a summary takes to write.
    pub fn time_limit(&self) -> Duration {
        self.model.as_ref().map_or(BUILT_IN_TIME_LIMIT, |model| model.time_limit())
    }

    /// Computes the charts and the built-in draft: what can fail. `texts`:
    /// the organization's texts of the summary's horoscope type.
    pub async fn prepare(
        &self,
        app: &AppState,
        claims: &SummaryClaims,
        horoscope: HoroscopeType,
        texts: &TextSource,
    ) -> Result<Prepared, ApiError> {
        let language = texts.language();
        let texts = texts.clone();
        let ephemeris = app.ephemeris.clone();
        let chart = claims.chart.clone();
        let draft = tokio::task::spawn_blocking(move || {
            let lookup = |key: &shared::content::ContentKey| texts.text(key);
            draft_of(&ephemeris, &chart, horoscope, language, &lookup)
        })
        .await
        .map_err(ApiError::internal)??;
        Ok(Prepared { horoscope, language, draft })
    }

    /// The summary: the model's words when it delivers, else the draft's.
    pub async fn finish(&self, prepared: Prepared) -> StoredSummary {
        let Prepared { horoscope, language, draft } = prepared;
        let (summary, model, fallback) = match &self.model {
            None => (draft.text, draft.model, None),
            Some(model) => {
                let messages = prompt::messages(horoscope, language, &draft.highlights);
                match model.complete(&messages).await.map(|answer| prompt::accept(&answer)) {
                    Ok(Some(text)) => (text, self.model(), None),
                    Ok(None) => (draft.text, draft.model, Some("the language model's answer was not a usable summary".to_owned())),
                    Err(error) => {
                        tracing::warn!(%error, "language model failed; the built-in writer answers");
                        (draft.text, draft.model, Some(error.public_reason()))
                    }
                }
            }
        };
        StoredSummary {
            horoscope_type: horoscope.id().to_owned(),
            language: language.code().to_owned(),
            summary,
            generated_at: chrono::Utc::now().to_rfc3339_opts(chrono::SecondsFormat::Millis, true),
            model,
            highlights: draft.highlights,
            fallback,
        }
    }
}

/// The built-in draft of the calculation `spec`, computed anew.
fn draft_of(
    ephemeris: &shared::astro::Ephemeris,
    spec: &ChartSpec,
    horoscope: HoroscopeType,
    language: Language,
    texts: &dyn Fn(&shared::content::ContentKey) -> Option<shared::content::Text>,
) -> Result<Draft, ApiError> {
    let draft = |subject: Subject<'_>| shared::summary::built_in(horoscope, language, &subject, texts);
    if let ChartSpec::Transit { i, at, x, e: Some(end) } = spec {
        let contacts = transit_period(ephemeris, i, JulianDay(*at), JulianDay(*end), x)?;
        return Ok(draft(Subject::Across { contacts: &contacts, luminaries: &[] }));
    }
    let drawn = Drawn::compute(ephemeris, spec)?;
    let contacts = |aspects: &[Aspect<PointId>]| aspects.iter().map(Contact::of).collect::<Vec<_>>();
    Ok(match (spec, &drawn.outer) {
        (ChartSpec::Return { .. }, Some((returned, ..))) => draft(Subject::Chart(returned)),
        (ChartSpec::Progressed { .. }, Some((progressed, aspects, _))) => {
            draft(Subject::Across { contacts: &contacts(aspects), luminaries: &[(Whose::Progressed, progressed)] })
        }
        (ChartSpec::Synastry { .. }, Some((second, aspects, _))) => draft(Subject::Across {
            contacts: &contacts(aspects),
            luminaries: &[(Whose::FirstPerson, &drawn.inner), (Whose::SecondPerson, second)],
        }),
        (ChartSpec::Transit { .. }, Some((_, aspects, _))) => draft(Subject::Across { contacts: &contacts(aspects), luminaries: &[] }),
        _ => draft(Subject::Chart(&drawn.inner)),
    })
}

/// Whether transits of `point` say something about a period of `days`: over
/// months the fast bodies touch every natal point (the Sun conjoins the
/// natal Sun every year), so a longer period speaks of slower ones only.
fn worth_a_period(point: PointId, days: f64) -> bool {
    let fast = matches!(point, PointId::Moon | PointId::Sun | PointId::Mercury | PointId::Venus);
    match days {
        d if d <= 45.0 => true,
        d if d <= 180.0 => !fast,
        _ => !fast && point != PointId::Mars,
    }
}

/// Every pass of the transiting points `x` over the natal chart `i`'s
/// points and angles (Ascendant, Midheaven) from `start` to `end`, each at
/// the tightest orb it reaches in the period.
fn transit_period(
    ephemeris: &shared::astro::Ephemeris,
    i: &InputSpec,
    start: JulianDay,
    end: JulianDay,
    x: &[String],
) -> Result<Vec<Contact>, ApiError> {
    let input: ChartInput = i.input()?;
    let natal = NatalChart::compute(ephemeris, &input).map_err(|e| ephemeris_error(e, "/token"))?;
    let mut targets: Vec<(NatalTarget, f64)> = natal.points.iter().map(|p| (NatalTarget::Point(p.point), p.position.longitude)).collect();
    targets.extend(
        natal
            .angles
            .iter()
            .filter(|(angle, _)| matches!(angle, AngleId::Ascendant | AngleId::Midheaven))
            .map(|(angle, longitude)| (NatalTarget::Angle(*angle), *longitude)),
    );
    let transiting: Vec<TransitingBody> =
        points(x)?.into_iter().filter(|p| worth_a_period(*p, end.0 - start.0)).filter_map(TransitingBody::of).collect();
    let period = TransitInput { start, end, transiting, natal: targets.clone(), orbs: input.orbs.clone() };
    let transits = find_transits(ephemeris, &period).map_err(|e| ephemeris_error(e, "/token"))?;
    transits
        .passes
        .iter()
        .map(|pass| {
            let (target, _) = targets.get(pass.natal).ok_or_else(invalid_content)?;
            let b = match *target {
                NatalTarget::Point(point) => AspectTarget::Point(point),
                NatalTarget::Angle(angle) => AspectTarget::Angle(angle),
            };
            Ok(Contact { a: pass.transiting, kind: pass.aspect, b, orb: pass.orb, applying: pass.applying })
        })
        .collect()
}
