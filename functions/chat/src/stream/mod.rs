//! POST /widget/chat/{chatbotId}/user/{externalUserId}: a user's message,
//! answered as server-sent events (`text/event-stream`).
//!
//! Request (camelCase, unknown members refused): `message` (1–2,000
//! characters), `conversationId` (optional: continue that conversation),
//! `birthData` {`date`, `time` (optional), `latitude`, `longitude`,
//! `placeName` (optional), `timezone`} (needed on the user's first message,
//! when the chatbot has no profile for the user yet: the profile is made
//! from it; ignored once a profile exists), `userHash` (when the chatbot
//! requires it).
//!
//! Everything that can be refused is refused before the stream starts, as
//! a JSON:API error with its status: the chatbot's rules
//! (`shared::http::chat_access`), a bad body (422 at its pointer; a first
//! message without `birthData` is 422 `missing_field` at `/birthData`), an
//! unknown `conversationId` for this user (404 `conversation_not_found`),
//! the limits and the quota (429, the message charged). Nothing is written
//! before all of them have passed: a first message's profile is stored after
//! the charge, so a refused message leaves nothing behind. Once the stream
//! has started, a failure is an `error` event (`{code, detail}`) and the
//! stream ends: `internal_error` with the API's generic detail (the cause,
//! a store's error say, is logged with the request id, never sent: anyone
//! may read the stream), or `answer_interrupted`.
//!
//! The events (decisions.md): `conversation` (`{conversationId}`) first;
//! `delta` (`{text}`) as the answer is produced, each flushed as it comes;
//! `done` (`{conversationId, messageId, model}`) last, `model` saying who
//! wrote the answer (`built-in`, or `llm:{model}`). A comment line
//! (`: keep-alive`) after 15 s without another (`CHAT_HEARTBEAT_MS`). The work runs in
//! a task that stops when the client goes away (its events have nowhere to
//! go; a language model's request is dropped with them). The exchange is
//! stored when the answer is complete.
//!
//! Who answers: the built-in engine (`shared::chat::engine`), or, when the
//! deployment configures a language model (`LLM_BASE_URL`, `LLM_MODEL`), the
//! model, streamed, told the computed facts and the engine's own reading
//! (`shared::chat::prompt`) and the conversation's latest messages. A model
//! that cannot be reached, fails, or writes nothing within its time limit
//! leaves the answer to the engine; one that breaks off mid-answer ends the
//! stream with an `error` event `answer_interrupted` (what was sent cannot
//! be taken back, and half an answer is not stored).

use shared::http::Code;
use std::convert::Infallible;
use std::sync::Arc;

use axum::Extension;
use axum::extract::{Path, State};
use axum::http::HeaderMap;
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use chrono::{Datelike, NaiveDate, Utc};
use futures_util::StreamExt;
use serde::Deserialize;
use serde_json::json;
use shared::astro::chart::transit::{NatalTarget, TransitInput, TransitingBody, default_transit_orbs, find_transits, transits_at};
use shared::astro::chart::{ChartInput, NatalChart};
use shared::astro::house::HouseSystem;
use shared::astro::point::PointId;
use shared::astro::time::{CivilDateTime, JulianDay, TimeZoneSpec};
use shared::chat::Persona;
use shared::chat::engine::{self, Context, MonthTransit, Topic};
use shared::chat::prompt;
use shared::content::HoroscopeType;
use shared::http::chat_access::{ChatUser, ChatbotLookup, admit_chat_user};
use shared::http::fields::Problems;
use shared::http::{ApiError, ApiJson, AppState};
use shared::language::Language;
use shared::llm::{LanguageModel, Role, Turn};
use shared::repo::chatbots::{self, ChatMessage, ChatProfile, Conversation};
use shared::repo::content::TextSource;
use shared::repo::{RepoError, now_text};
use tracing::Instrument;

use crate::profiles::{BirthFields, UNKNOWN_TIME, check_birth};

const MESSAGE_MAX: usize = 2000;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct ChatBody {
    message: String,
    conversation_id: Option<String>,
    birth_data: Option<BirthData>,
    user_hash: Option<String>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
struct BirthData {
    date: String,
    time: Option<String>,
    latitude: f64,
    longitude: f64,
    place_name: Option<String>,
    timezone: String,
}

/// The longest `conversationId` looked up.
const MAX_CONVERSATION_ID: usize = 64;

#[tracing::instrument(name = "chat", skip_all)]
pub async fn chat(
    State(app): State<AppState>,
    Path((chatbot_id, external_user_id)): Path<(String, String)>,
    read: Option<Extension<ChatbotLookup>>,
    headers: HeaderMap,
    ApiJson(body): ApiJson<ChatBody>,
) -> Result<Response, ApiError> {
    let user = admit_chat_user(&app, &chatbot_id, &external_user_id, read.map(|Extension(read)| read), &headers, body.user_hash.as_deref())
        .await?;
    let message = body.message.trim();
    if message.is_empty() || message.chars().count() > MESSAGE_MAX || message.chars().any(|c| c.is_control() && c != '\n') {
        return Err(ApiError::invalid_field("/message", format!("1 to {MESSAGE_MAX} characters of text")));
    }
    let profile = profile_of(&app, &user, body.birth_data.as_ref()).await?;
    let conversation = match &body.conversation_id {
        // Ids the service makes are UUIDs: a longer one names nothing and
        // is not looked up (a store key has a size limit of its own).
        Some(id) if id.len() > MAX_CONVERSATION_ID => {
            return Err(ApiError::coded(Code::ConversationNotFound, "this user has no conversation with that id (or it has expired)"));
        }
        Some(id) => chatbots::get_conversation(app.table.as_ref(), &user.chatbot.id, &user.external_user_id, id)
            .await?
            .ok_or_else(|| ApiError::coded(Code::ConversationNotFound, "this user has no conversation with that id (or it has expired)"))?,
        None => Conversation {
            id: uuid::Uuid::now_v7().to_string(),
            chatbot_id: user.chatbot.id.clone(),
            external_user_id: user.external_user_id.clone(),
            messages: Vec::new(),
            updated_at: now_text(),
        },
    };
    // The last check, and the first write: a visitor refused by a limit or
    // the quota leaves no profile behind.
    user.charge(&app).await?;
    let profile = match profile {
        UserProfile::Kept(profile) => profile,
        UserProfile::New(profile) => keep_new_profile(&app, profile).await?,
    };

    let (events, receiver) = tokio::sync::mpsc::channel::<Event>(16);
    let heartbeat = app.config.chat_heartbeat;
    let work = Exchange { app, user, profile, conversation, question: message.to_owned() };
    // In the request's span: what the task logs carries its request id.
    tokio::spawn(
        async move {
            if let Err(failure) = work.run(&events).await {
                failure.log();
                let _ = events.send(event("error", json!({ "code": failure.code, "detail": failure.detail }))).await;
            }
        }
        .in_current_span(),
    );
    let stream = futures_util::stream::unfold(receiver, |mut receiver| async move {
        receiver.recv().await.map(|event| (Ok::<Event, Infallible>(event), receiver))
    });
    Ok(Sse::new(stream).keep_alive(KeepAlive::new().interval(heartbeat).text("keep-alive")).into_response())
}

fn event(name: &str, data: serde_json::Value) -> Event {
    Event::default().event(name).data(data.to_string())
}

/// A user's profile: the one kept, or one made from the first message's
/// birth data, checked but not yet stored.
enum UserProfile {
    Kept(ChatProfile),
    New(ChatProfile),
}

/// The user's profile, or the one `birth` makes on the first message
/// (stored by [`keep_new_profile`] once the message is admitted).
async fn profile_of(app: &AppState, user: &ChatUser, birth: Option<&BirthData>) -> Result<UserProfile, ApiError> {
    if let Some(profile) = chatbots::get_profile(app.table.as_ref(), &user.chatbot.id, &user.external_user_id).await? {
        return Ok(UserProfile::Kept(profile));
    }
    let birth = birth.ok_or_else(|| ApiError::missing_field("/birthData"))?;
    let mut problems = Problems::default();
    let fields = BirthFields {
        date: &birth.date,
        time: birth.time.as_deref(),
        latitude: birth.latitude,
        longitude: birth.longitude,
        timezone: &birth.timezone,
        place_name: birth.place_name.as_deref(),
    };
    check_birth(app, &fields, "/birthData", ["date", "time", "latitude", "longitude", "timezone", "placeName"], &mut problems);
    problems.into_result()?;
    let profile = ChatProfile {
        chatbot_id: user.chatbot.id.clone(),
        external_user_id: user.external_user_id.clone(),
        birth_date: birth.date.clone(),
        birth_time: birth.time.clone(),
        birth_place_lat: birth.latitude,
        birth_place_lng: birth.longitude,
        birth_place_name: birth.place_name.clone(),
        timezone: birth.timezone.clone(),
        metadata: json!({}),
        created_at: now_text(),
    };
    Ok(UserProfile::New(profile))
}

/// Stores a first message's profile.
async fn keep_new_profile(app: &AppState, profile: ChatProfile) -> Result<ChatProfile, ApiError> {
    match chatbots::create_profile(app.table.as_ref(), &profile).await {
        Ok(()) => Ok(profile),
        // Two first messages at once: the other one made it.
        Err(RepoError::AlreadyExists) => chatbots::get_profile(app.table.as_ref(), &profile.chatbot_id, &profile.external_user_id)
            .await?
            .ok_or_else(|| ApiError::internal("a profile made concurrently is gone")),
        Err(other) => Err(other.into()),
    }
}

/// What ends a stream once it has started: the `error` event's `code` and
/// `detail`, read by anyone who may chat (no key: a page's visitor), and
/// an internal failure's cause, read only in the log.
struct Failure {
    code: &'static str,
    detail: String,
    cause: Option<String>,
}

/// An internal failure's `detail`, as the API's 500 words it: the cause
/// (a store's or the ephemeris's error) is for the log.
const INTERNAL_DETAIL: &str = "something went wrong on our side; the request id identifies it in our logs";

impl Failure {
    fn internal(error: impl std::fmt::Display) -> Self {
        Self {
            code: shared::http::Code::InternalError.id(),
            detail: INTERNAL_DETAIL.to_owned(),
            cause: Some(format!("the answer could not be made: {error}")),
        }
    }

    fn log(&self) {
        match &self.cause {
            Some(cause) => tracing::error!(code = self.code, error = %cause, "chat answer failed"),
            None => tracing::warn!(code = self.code, detail = %self.detail, "chat answer failed"),
        }
    }
}

/// One message and its answer.
struct Exchange {
    app: AppState,
    user: ChatUser,
    profile: ChatProfile,
    conversation: Conversation,
    question: String,
}

/// The client went away: nothing more to do.
struct Gone;

async fn send(events: &tokio::sync::mpsc::Sender<Event>, event: Event) -> Result<(), Gone> {
    events.send(event).await.map_err(|_| Gone)
}

/// The engine's answer, and what a language model is told instead.
struct Composed {
    parts: Vec<String>,
    /// Only when a model is configured.
    system: Option<String>,
}

/// Who wrote an answer that no language model wrote.
const BUILT_IN: &str = "built-in";

/// What became of asking the language model.
enum ModelAnswer {
    /// The client went away (the model's request is dropped with it).
    Gone,
    /// It could not be reached or wrote nothing: the engine answers.
    NotAnswered,
    /// Its whole answer, every piece already sent.
    Written(String),
}

impl Exchange {
    async fn run(mut self, events: &tokio::sync::mpsc::Sender<Event>) -> Result<(), Failure> {
        let conversation_id = self.conversation.id.clone();
        if send(events, event("conversation", json!({ "conversationId": conversation_id }))).await.is_err() {
            return Ok(());
        }
        let language = Language::parse(&self.user.chatbot.language).unwrap_or(Language::En);
        let persona = Persona::parse(&self.user.chatbot.persona).unwrap_or_default();
        let topic = engine::topic(&self.question);
        // A client gone while the answer is made stops the making.
        let composed = tokio::select! {
            composed = self.compose(topic, language, persona) => composed?,
            () = events.closed() => return Ok(()),
        };
        let from_model = match (self.app.language_model.clone(), composed.system.as_deref()) {
            (Some(model), Some(system)) => (self.ask(&model, system, events).await?, model.name()),
            _ => (ModelAnswer::NotAnswered, String::new()),
        };
        let (answer, written_by) = match from_model {
            (ModelAnswer::Gone, _) => return Ok(()),
            (ModelAnswer::Written(answer), name) => (answer, name),
            (ModelAnswer::NotAnswered, _) => {
                let mut answer = String::new();
                for part in composed.parts {
                    answer.push_str(&part);
                    if send(events, event("delta", json!({ "text": part }))).await.is_err() {
                        return Ok(());
                    }
                }
                (answer, BUILT_IN.to_owned())
            }
        };
        let message_id = uuid::Uuid::now_v7().to_string();
        let at = now_text();
        self.conversation.messages.push(ChatMessage {
            id: uuid::Uuid::now_v7().to_string(),
            role: "user".into(),
            text: self.question,
            at: at.clone(),
        });
        self.conversation.messages.push(ChatMessage { id: message_id.clone(), role: "assistant".into(), text: answer, at: at.clone() });
        self.conversation.updated_at = at;
        chatbots::put_conversation(self.app.table.as_ref(), &self.conversation).await.map_err(Failure::internal)?;
        let done = json!({ "conversationId": conversation_id, "messageId": message_id, "model": written_by });
        let _ = send(events, event("done", done)).await;
        Ok(())
    }

    /// The model's answer, each piece sent as it comes, given the facts,
    /// the conversation's latest messages and the question. One that breaks
    /// off mid-answer is an `error` event: what was sent cannot be taken
    /// back, and half an answer is not stored.
    async fn ask(&self, model: &LanguageModel, system: &str, events: &tokio::sync::mpsc::Sender<Event>) -> Result<ModelAnswer, Failure> {
        let mut turns = vec![Turn::new(Role::System, system)];
        let earlier = self.conversation.messages.len().saturating_sub(prompt::HISTORY_MESSAGES);
        for message in &self.conversation.messages[earlier..] {
            let role = if message.role == "assistant" { Role::Assistant } else { Role::User };
            turns.push(Turn::new(role, message.text.as_str()));
        }
        turns.push(Turn::new(Role::User, self.question.as_str()));
        let started = tokio::select! {
            started = model.stream(&turns) => started,
            () = events.closed() => return Ok(ModelAnswer::Gone),
        };
        let mut pieces = match started {
            Ok(pieces) => pieces,
            Err(error) => {
                tracing::warn!(reason = %error.public_reason(), "the language model did not answer; the built-in engine does");
                return Ok(ModelAnswer::NotAnswered);
            }
        };
        let mut answer = String::new();
        loop {
            let piece = tokio::select! {
                piece = pieces.next() => piece,
                () = events.closed() => return Ok(ModelAnswer::Gone),
            };
            match piece {
                None => return Ok(ModelAnswer::Written(answer)),
                Some(Ok(text)) => {
                    answer.push_str(&text);
                    if send(events, event("delta", json!({ "text": text }))).await.is_err() {
                        return Ok(ModelAnswer::Gone);
                    }
                }
                Some(Err(error)) => {
                    let detail = format!("{}; the answer is incomplete", error.public_reason());
                    return Err(Failure { code: "answer_interrupted", detail, cause: None });
                }
            }
        }
    }

    /// The charts the question needs, then the engine's answer and what a
    /// model is told.
    async fn compose(&self, topic: Topic, language: Language, persona: Persona) -> Result<Composed, Failure> {
        let ephemeris = &self.app.ephemeris;
        let profile = &self.profile;
        let zone = TimeZoneSpec::parse(&profile.timezone).map_err(Failure::internal)?;
        let time = profile.birth_time.as_deref().unwrap_or(UNKNOWN_TIME);
        let civil = CivilDateTime::parse(&format!("{}T{time}", profile.birth_date)).map_err(Failure::internal)?;
        let born = civil.resolve(&zone).map_err(Failure::internal)?;
        let instant = born.julian_day_ut();
        let natal_input =
            ChartInput::with_defaults(ephemeris, instant, profile.birth_place_lat, profile.birth_place_lng, HouseSystem::Placidus);
        // Today's sky only for the questions about it; it holds the natal
        // chart too, so that is then not computed twice.
        let today = if matches!(topic, Topic::TodayTransits | Topic::MoonPhase) {
            let now = JulianDay::from_utc(Utc::now());
            Some(transits_at(ephemeris, &natal_input, now, PointId::PLANETS.to_vec(), &default_transit_orbs()).map_err(Failure::internal)?)
        } else {
            None
        };
        let natal = match &today {
            Some(sky) => sky.natal.clone(),
            None => NatalChart::compute(ephemeris, &natal_input).map_err(Failure::internal)?,
        };
        let month =
            if topic == Topic::MonthTransits { month_transits(ephemeris, &natal, &zone).map_err(Failure::internal)? } else { Vec::new() };
        let partner_sun = match topic {
            Topic::Compatibility(date) => sun_sign_on(ephemeris, date),
            _ => None,
        };
        let horoscope = if matches!(topic, Topic::TodayTransits) { HoroscopeType::Transit } else { HoroscopeType::Natal };
        let texts = TextSource::load(self.app.table.as_ref(), &self.user.organization.id, &[horoscope], language)
            .await
            .map_err(Failure::internal)?;
        let texts = Arc::new(texts);
        let lookup = move |key: &shared::content::ContentKey| texts.text(key);
        let context = Context {
            natal: &natal,
            birth_time_known: profile.birth_time.is_some(),
            today: today.as_ref(),
            month: &month,
            language,
            persona,
            texts: &lookup,
            partner_sun,
        };
        let parts = engine::answer(topic, &context);
        let system = self.app.language_model.is_some().then(|| prompt::system(&context, &parts));
        Ok(Composed { parts, system })
    }
}

/// The Sun's sign on `date` at noon UTC.
fn sun_sign_on(ephemeris: &shared::astro::Ephemeris, date: NaiveDate) -> Option<shared::astro::zodiac::Sign> {
    let noon = date.and_hms_opt(12, 0, 0)?.and_utc();
    let position = ephemeris
        .position(JulianDay::from_utc(noon), shared::astro::ephemeris::Body::Sun, shared::astro::ephemeris::Observer::Geocentric)
        .ok()?;
    Some(shared::astro::zodiac::ZodiacPosition::of(position.longitude).sign)
}

/// This calendar month's (in the user's zone) transits of Mars and the
/// planets beyond to the natal points, within 1°, with the day each is
/// exact on.
fn month_transits(
    ephemeris: &shared::astro::Ephemeris,
    natal: &NatalChart,
    zone: &TimeZoneSpec,
) -> Result<Vec<MonthTransit>, shared::astro::ephemeris::EphemerisError> {
    let today = Utc::now().with_timezone(&zone.offset_at(Utc::now())).date_naive();
    let first = NaiveDate::from_ymd_opt(today.year(), today.month(), 1).unwrap_or(today);
    let next = first.checked_add_months(chrono::Months::new(1)).unwrap_or(today);
    let day_start = |date: NaiveDate| JulianDay::from_utc(date.and_hms_opt(0, 0, 0).unwrap_or_default().and_utc());
    let slow = [PointId::Mars, PointId::Jupiter, PointId::Saturn, PointId::Uranus, PointId::Neptune, PointId::Pluto];
    let input = TransitInput {
        start: day_start(first),
        end: day_start(next),
        transiting: slow.iter().filter_map(|p| TransitingBody::of(*p)).collect(),
        natal: natal.points.iter().map(|p| (NatalTarget::Point(p.point), p.position.longitude)).collect(),
        orbs: default_transit_orbs(),
    };
    let found = find_transits(ephemeris, &input)?;
    let mut transits: Vec<MonthTransit> = found
        .passes
        .iter()
        .map(|pass| MonthTransit {
            transiting: pass.transiting,
            aspect: pass.aspect,
            natal: input.natal[pass.natal].0,
            exact_on: pass
                .exact_at
                .first()
                .and_then(|jd| jd.to_utc())
                .map(|at| at.with_timezone(&zone.offset_at(at)).format("%Y-%m-%d").to_string()),
        })
        .collect();
    transits.sort_by_key(|t| t.exact_on.clone().unwrap_or_else(|| "9999".into()));
    Ok(transits)
}
