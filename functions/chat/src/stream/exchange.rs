//! One message and its answer: the chat exchange, without its transport.
//!
//! [`open`] decides everything that can refuse the message before anything
//! is sent or written, reading only: the user's profile (or the one a first
//! message's birth data makes) and the conversation (continued, or new).
//! [`Opened::begin`] stores a first message's profile: the caller charges
//! the message between the two, so a refused message leaves nothing behind.
//! [`Exchange::run`] then answers, telling what happens as
//! [`ExchangeEvent`]s: the conversation first, the answer's pieces as they
//! are produced, and last that it is stored, or why the answer broke off.
//!
//! Who answers: the built-in engine (`shared::chat::engine`), or, when a
//! language model is configured, the model, streamed, told the computed
//! facts and the engine's own reading (`shared::chat::prompt`) and the
//! conversation's latest messages. A model that cannot be reached, fails,
//! or writes nothing within its time limit leaves the answer to the engine;
//! one that breaks off mid-answer ends the exchange with `answer_interrupted`
//! (what was sent cannot be taken back, and half an answer is not stored).
//! A client that goes away (the events' receiver dropped) stops the work:
//! its events have nowhere to go, and a model's request is dropped with it.

use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;

use chrono::{Datelike, NaiveDate, Utc};
use futures_util::StreamExt;
use serde_json::json;
use shared::astro::Ephemeris;
use shared::astro::chart::transit::{NatalTarget, TransitInput, TransitingBody, default_transit_orbs, find_transits, transits_at};
use shared::astro::chart::{ChartInput, NatalChart};
use shared::astro::house::HouseSystem;
use shared::astro::point::PointId;
use shared::astro::time::{CivilDateTime, JulianDay, TimeZoneSpec};
use shared::chat::Persona;
use shared::chat::engine::{self, Context, MonthTransit, Topic};
use shared::chat::prompt;
use shared::content::HoroscopeType;
use shared::http::chat_access::ChatUser;
use shared::http::{ApiError, Code};
use shared::language::Language;
use shared::llm::{AnswerPieces, LanguageModel, LlmError, Role, Turn};
use shared::repo::chatbots::{self, ChatMessage, ChatProfile, Conversation};
use shared::repo::content::TextSource;
use shared::repo::{RepoError, now_text};
use shared::store::SharedTable;
use tokio::sync::mpsc::Sender;

use super::input::{BirthData, ChatInput};
use crate::profiles::UNKNOWN_TIME;

/// A language model as the exchange asks it: streamed.
pub trait AnswerModel: Send + Sync {
    /// Who wrote an answer it wrote: `llm:{model}`.
    fn name(&self) -> String;

    /// Its answer to `turns`, piece by piece: an error here means it wrote
    /// nothing (the engine may answer instead); an error among the pieces,
    /// that it broke off.
    fn stream<'a>(&'a self, turns: &'a [Turn]) -> Pin<Box<dyn Future<Output = Result<AnswerPieces, LlmError>> + Send + 'a>>;
}

impl AnswerModel for LanguageModel {
    fn name(&self) -> String {
        LanguageModel::name(self)
    }

    fn stream<'a>(&'a self, turns: &'a [Turn]) -> Pin<Box<dyn Future<Output = Result<AnswerPieces, LlmError>> + Send + 'a>> {
        Box::pin(LanguageModel::stream(self, turns))
    }
}

/// What an exchange works with.
#[derive(Clone)]
pub struct Ports {
    pub ephemeris: Arc<Ephemeris>,
    /// Profiles, conversations and the organization's texts.
    pub table: SharedTable,
    /// The deployment's language model, if it has one.
    pub model: Option<Arc<dyn AnswerModel>>,
}

/// What happens in an exchange, in order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ExchangeEvent {
    /// First: the conversation the answer belongs to.
    Conversation { conversation_id: String },
    /// A piece of the answer, as it is produced.
    Delta { text: String },
    /// Last, once the exchange is stored: `model` says who wrote the answer
    /// (`built-in`, or `llm:{model}`).
    Done { conversation_id: String, message_id: String, model: String },
    /// The answer broke off: nothing follows. `detail` is read by anyone
    /// who may chat; an internal cause is logged, never told.
    Failed { code: &'static str, detail: String },
}

/// Why a message is refused before its answer starts.
#[derive(Debug)]
pub enum ExchangeError {
    /// The user has no profile yet and the message cannot make one: why
    /// not, as its parse said (no birth data, or birth data that does not hold).
    NoProfile(ApiError),
    /// The conversation to continue is not this user's (or has expired).
    ConversationNotFound,
    Store(RepoError),
    /// A first message's profile, made concurrently by another one, is gone.
    ProfileGone,
}

impl From<RepoError> for ExchangeError {
    fn from(error: RepoError) -> Self {
        Self::Store(error)
    }
}

impl From<ExchangeError> for ApiError {
    fn from(error: ExchangeError) -> Self {
        match error {
            ExchangeError::NoProfile(refusal) => refusal,
            ExchangeError::ConversationNotFound => {
                ApiError::coded(Code::ConversationNotFound, "this user has no conversation with that id (or it has expired)")
            }
            ExchangeError::Store(error) => error.into(),
            ExchangeError::ProfileGone => ApiError::internal("a profile made concurrently is gone"),
        }
    }
}

/// The longest `conversationId` looked up.
const MAX_CONVERSATION_ID: usize = 64;

/// A user's profile: the one kept, or one made from the first message's
/// birth data, checked but not yet stored.
enum UserProfile {
    Kept(ChatProfile),
    New(ChatProfile),
}

/// A message that passed every check, nothing written yet.
pub struct Opened {
    ports: Ports,
    user: ChatUser,
    profile: UserProfile,
    conversation: Conversation,
    question: String,
}

/// The checks of a message, reading only (see the module docs).
pub async fn open(ports: &Ports, user: ChatUser, input: ChatInput) -> Result<Opened, ExchangeError> {
    let table = ports.table.as_ref();
    let profile = match chatbots::get_profile(table, &user.chatbot.id, &user.external_user_id).await? {
        Some(profile) => UserProfile::Kept(profile),
        None => UserProfile::New(new_profile(&user, input.birth.map_err(ExchangeError::NoProfile)?)),
    };
    let conversation = match &input.conversation_id {
        // Ids the service makes are UUIDs: a longer one names nothing and
        // is not looked up (a store key has a size limit of its own).
        Some(id) if id.len() > MAX_CONVERSATION_ID => return Err(ExchangeError::ConversationNotFound),
        Some(id) => chatbots::get_conversation(table, &user.chatbot.id, &user.external_user_id, id)
            .await?
            .ok_or(ExchangeError::ConversationNotFound)?,
        None => Conversation {
            id: uuid::Uuid::now_v7().to_string(),
            chatbot_id: user.chatbot.id.clone(),
            external_user_id: user.external_user_id.clone(),
            messages: Vec::new(),
            updated_at: now_text(),
        },
    };
    Ok(Opened { ports: ports.clone(), user, profile, conversation, question: input.question })
}

fn new_profile(user: &ChatUser, birth: BirthData) -> ChatProfile {
    ChatProfile {
        chatbot_id: user.chatbot.id.clone(),
        external_user_id: user.external_user_id.clone(),
        birth_date: birth.date,
        birth_time: birth.time,
        birth_place_lat: birth.latitude,
        birth_place_lng: birth.longitude,
        birth_place_name: birth.place_name,
        timezone: birth.timezone,
        metadata: json!({}),
        created_at: now_text(),
    }
}

impl Opened {
    /// Who sent the message (to charge it).
    pub fn user(&self) -> &ChatUser {
        &self.user
    }

    /// The first write: a first message's profile stored.
    pub async fn begin(self) -> Result<Exchange, ExchangeError> {
        let profile = match self.profile {
            UserProfile::Kept(profile) => profile,
            UserProfile::New(profile) => keep_new_profile(self.ports.table.as_ref(), profile).await?,
        };
        Ok(Exchange { ports: self.ports, user: self.user, profile, conversation: self.conversation, question: self.question })
    }
}

async fn keep_new_profile(table: &dyn shared::store::Table, profile: ChatProfile) -> Result<ChatProfile, ExchangeError> {
    match chatbots::create_profile(table, &profile).await {
        Ok(()) => Ok(profile),
        // Two first messages at once: the other one made it.
        Err(RepoError::AlreadyExists) => {
            chatbots::get_profile(table, &profile.chatbot_id, &profile.external_user_id).await?.ok_or(ExchangeError::ProfileGone)
        }
        Err(other) => Err(other.into()),
    }
}

/// One message and its answer, admitted.
pub struct Exchange {
    ports: Ports,
    user: ChatUser,
    profile: ChatProfile,
    conversation: Conversation,
    question: String,
}

/// Why an answer broke off: the `Failed` event's code and detail, and an
/// internal failure's cause, for the log only.
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
            code: Code::InternalError.id(),
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

/// The client went away: nothing more to do.
struct Gone;

async fn tell(events: &Sender<ExchangeEvent>, event: ExchangeEvent) -> Result<(), Gone> {
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
    /// Its whole answer, every piece already told.
    Written(String),
}

impl Exchange {
    /// The answer, told through `events`; a failure is logged and told as
    /// the last event.
    pub async fn run(self, events: Sender<ExchangeEvent>) {
        if let Err(failure) = self.answer(&events).await {
            failure.log();
            let _ = events.send(ExchangeEvent::Failed { code: failure.code, detail: failure.detail }).await;
        }
    }

    async fn answer(mut self, events: &Sender<ExchangeEvent>) -> Result<(), Failure> {
        let conversation_id = self.conversation.id.clone();
        if tell(events, ExchangeEvent::Conversation { conversation_id: conversation_id.clone() }).await.is_err() {
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
        let from_model = match (self.ports.model.clone(), composed.system.as_deref()) {
            (Some(model), Some(system)) => (self.ask(model.as_ref(), system, events).await?, model.name()),
            _ => (ModelAnswer::NotAnswered, String::new()),
        };
        let (answer, written_by) = match from_model {
            (ModelAnswer::Gone, _) => return Ok(()),
            (ModelAnswer::Written(answer), name) => (answer, name),
            (ModelAnswer::NotAnswered, _) => {
                let mut answer = String::new();
                for part in composed.parts {
                    answer.push_str(&part);
                    if tell(events, ExchangeEvent::Delta { text: part }).await.is_err() {
                        return Ok(());
                    }
                }
                (answer, BUILT_IN.to_owned())
            }
        };
        let message_id = self.keep(answer).await?;
        let _ = tell(events, ExchangeEvent::Done { conversation_id, message_id, model: written_by }).await;
        Ok(())
    }

    /// Stores the question and its answer in the conversation; the
    /// answer's id.
    async fn keep(&mut self, answer: String) -> Result<String, Failure> {
        let message_id = uuid::Uuid::now_v7().to_string();
        let at = now_text();
        self.conversation.messages.push(ChatMessage {
            id: uuid::Uuid::now_v7().to_string(),
            role: "user".into(),
            text: std::mem::take(&mut self.question),
            at: at.clone(),
        });
        self.conversation.messages.push(ChatMessage { id: message_id.clone(), role: "assistant".into(), text: answer, at: at.clone() });
        self.conversation.updated_at = at;
        chatbots::put_conversation(self.ports.table.as_ref(), &self.conversation).await.map_err(Failure::internal)?;
        Ok(message_id)
    }

    /// The model's answer, each piece told as it comes, given the facts,
    /// the conversation's latest messages and the question. One that breaks
    /// off mid-answer is a failure: what was told cannot be taken back, and
    /// half an answer is not stored.
    async fn ask(&self, model: &dyn AnswerModel, system: &str, events: &Sender<ExchangeEvent>) -> Result<ModelAnswer, Failure> {
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
                    if tell(events, ExchangeEvent::Delta { text }).await.is_err() {
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
        let ephemeris = self.ports.ephemeris.as_ref();
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
        let texts = TextSource::load(self.ports.table.as_ref(), &self.user.organization.id, &[horoscope], language)
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
        let system = self.ports.model.is_some().then(|| prompt::system(&context, &parts));
        Ok(Composed { parts, system })
    }
}

/// The Sun's sign on `date` at noon UTC.
fn sun_sign_on(ephemeris: &Ephemeris, date: NaiveDate) -> Option<shared::astro::zodiac::Sign> {
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
    ephemeris: &Ephemeris,
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

#[cfg(test)]
mod tests {
    use std::sync::Mutex;

    use shared::auth::Plan;
    use shared::repo::chatbots::Chatbot;
    use shared::repo::orgs::Organization;
    use shared::store::embedded::EmbeddedTable;
    use tokio::sync::mpsc;

    use super::*;

    /// What the scripted model does when asked.
    enum Script {
        /// It cannot be reached.
        Unreachable,
        /// It writes these pieces.
        Writes(Vec<&'static str>),
        /// It writes these pieces, then breaks off.
        BreaksOff(Vec<&'static str>),
    }

    struct ScriptedModel {
        script: Script,
        /// The turns of each request.
        asked: Mutex<Vec<Vec<Turn>>>,
    }

    impl AnswerModel for ScriptedModel {
        fn name(&self) -> String {
            "llm:scripted".into()
        }

        fn stream<'a>(&'a self, turns: &'a [Turn]) -> Pin<Box<dyn Future<Output = Result<AnswerPieces, LlmError>> + Send + 'a>> {
            self.asked.lock().unwrap().push(turns.to_vec());
            let answer: Result<AnswerPieces, LlmError> = match &self.script {
                Script::Unreachable => Err(LlmError::Transport("refused".into())),
                Script::Writes(pieces) => {
                    Ok(Box::pin(futures_util::stream::iter(pieces.iter().map(|p| Ok(p.to_string())).collect::<Vec<_>>())))
                }
                Script::BreaksOff(pieces) => {
                    let mut pieces: Vec<_> = pieces.iter().map(|p| Ok(p.to_string())).collect();
                    pieces.push(Err(LlmError::Timeout(std::time::Duration::from_secs(1))));
                    Ok(Box::pin(futures_util::stream::iter(pieces)))
                }
            };
            Box::pin(async move { answer })
        }
    }

    struct World {
        _dir: tempfile::TempDir,
        ports: Ports,
    }

    fn world(model: Option<Arc<ScriptedModel>>) -> World {
        let dir = tempfile::tempdir().expect("a temporary directory");
        let table = EmbeddedTable::open(&dir.path().join("astro.redb")).expect("the table");
        let ports = Ports {
            ephemeris: Arc::new(Ephemeris::with_embedded_files().expect("ephemeris")),
            table: Arc::new(table),
            model: model.map(|model| model as Arc<dyn AnswerModel>),
        };
        World { _dir: dir, ports }
    }

    fn scripted(script: Script) -> Arc<ScriptedModel> {
        Arc::new(ScriptedModel { script, asked: Mutex::new(Vec::new()) })
    }

    fn user() -> ChatUser {
        let at = "2026-01-01T00:00:00Z".to_owned();
        ChatUser {
            chatbot: Chatbot {
                id: "bot-1".into(),
                organization_id: "org-1".into(),
                name: "Stella".into(),
                persona: "friendly".into(),
                language: "en".into(),
                enabled: true,
                allowed_domains: Vec::new(),
                require_user_hash: false,
                secret: String::new(),
                created_at: at.clone(),
                updated_at: at.clone(),
            },
            organization: Organization { id: "org-1".into(), name: "Org".into(), plan: Plan::Deluxe, api_version: None, created_at: at },
            external_user_id: "u-1".into(),
        }
    }

    fn birth() -> BirthData {
        BirthData {
            date: "1990-05-11".into(),
            time: Some("14:30".into()),
            latitude: 40.4168,
            longitude: -3.7038,
            place_name: Some("Madrid".into()),
            timezone: "Europe/Madrid".into(),
        }
    }

    fn message(question: &str, conversation_id: Option<&str>, birth: Result<BirthData, ApiError>) -> ChatInput {
        ChatInput { question: question.into(), conversation_id: conversation_id.map(str::to_owned), birth }
    }

    /// The events of an exchange, from open to its end.
    async fn exchange(ports: &Ports, input: ChatInput) -> Vec<ExchangeEvent> {
        let exchange = open(ports, user(), input).await.expect("admitted").begin().await.expect("begun");
        let (events, mut told) = mpsc::channel(16);
        let running = tokio::spawn(exchange.run(events));
        let mut all = Vec::new();
        while let Some(event) = told.recv().await {
            all.push(event);
        }
        running.await.expect("the exchange ends");
        all
    }

    fn conversation_id(events: &[ExchangeEvent]) -> String {
        match events.first() {
            Some(ExchangeEvent::Conversation { conversation_id }) => conversation_id.clone(),
            other => panic!("not a conversation first: {other:?}"),
        }
    }

    fn answer(events: &[ExchangeEvent]) -> String {
        events.iter().filter_map(|event| if let ExchangeEvent::Delta { text } = event { Some(text.as_str()) } else { None }).collect()
    }

    async fn stored(ports: &Ports, conversation_id: &str) -> Option<Conversation> {
        chatbots::get_conversation(ports.table.as_ref(), "bot-1", "u-1", conversation_id).await.unwrap()
    }

    #[tokio::test]
    async fn a_first_message_makes_the_profile_and_the_engines_answer_is_told_then_stored() {
        let world = world(None);
        let events = exchange(&world.ports, message("What is my moon sign?", None, Ok(birth()))).await;
        let id = conversation_id(&events);
        let told = answer(&events);
        assert!(!told.is_empty(), "{events:?}");
        let Some(ExchangeEvent::Done { conversation_id, message_id, model }) = events.last() else { panic!("not done last: {events:?}") };
        assert_eq!((conversation_id, model.as_str()), (&id, BUILT_IN));
        let conversation = stored(&world.ports, &id).await.expect("stored");
        let said: Vec<_> = conversation.messages.iter().map(|m| (m.role.as_str(), m.text.as_str())).collect();
        assert_eq!(said, [("user", "What is my moon sign?"), ("assistant", told.as_str())]);
        assert_eq!(&conversation.messages[1].id, message_id);
        let profile = chatbots::get_profile(world.ports.table.as_ref(), "bot-1", "u-1").await.unwrap().expect("the profile");
        assert_eq!(profile.birth_date, "1990-05-11");
    }

    #[tokio::test]
    async fn without_a_profile_the_messages_reason_refuses_it_and_an_opened_message_writes_nothing() {
        let world = world(None);
        let refused = open(&world.ports, user(), message("hi", None, Err(ApiError::missing_field("/birthData")))).await;
        assert!(matches!(refused, Err(ExchangeError::NoProfile(_))));
        // Opened, then refused by the charge: never begun.
        let opened = open(&world.ports, user(), message("hi", None, Ok(birth()))).await.expect("admitted");
        drop(opened);
        assert!(chatbots::get_profile(world.ports.table.as_ref(), "bot-1", "u-1").await.unwrap().is_none());
    }

    #[tokio::test]
    async fn a_kept_profile_ignores_later_birth_data_and_a_conversation_goes_on() {
        let world = world(None);
        let first = exchange(&world.ports, message("What is my moon sign?", None, Ok(birth()))).await;
        let id = conversation_id(&first);
        let no_birth = Err(ApiError::missing_field("/birthData"));
        let second = exchange(&world.ports, message("And my sun sign?", Some(&id), no_birth)).await;
        assert_eq!(conversation_id(&second), id);
        assert_eq!(stored(&world.ports, &id).await.expect("stored").messages.len(), 4);
    }

    #[tokio::test]
    async fn an_unknown_or_overlong_conversation_is_not_found() {
        let world = world(None);
        for id in ["0190f1c2-0000-7000-8000-000000000000".to_owned(), "x".repeat(MAX_CONVERSATION_ID + 1)] {
            let refused = open(&world.ports, user(), message("hi", Some(&id), Ok(birth()))).await;
            assert!(matches!(refused, Err(ExchangeError::ConversationNotFound)), "{id}");
        }
    }

    #[tokio::test]
    async fn the_model_writes_the_answer_when_it_can_told_the_facts_and_the_question() {
        let model = scripted(Script::Writes(vec!["Your Moon ", "is in Taurus."]));
        let world = world(Some(model.clone()));
        let events = exchange(&world.ports, message("What is my moon sign?", None, Ok(birth()))).await;
        let id = conversation_id(&events);
        assert_eq!(
            events[1..3],
            [ExchangeEvent::Delta { text: "Your Moon ".into() }, ExchangeEvent::Delta { text: "is in Taurus.".into() }]
        );
        assert!(matches!(events.last(), Some(ExchangeEvent::Done { model, .. }) if model == "llm:scripted"), "{events:?}");
        assert_eq!(stored(&world.ports, &id).await.expect("stored").messages[1].text, "Your Moon is in Taurus.");
        let asked = model.asked.lock().unwrap();
        let turns = &asked[0];
        assert!(matches!(turns[0].role, Role::System) && !turns[0].content.is_empty());
        assert_eq!(turns.last().map(|t| t.content.as_str()), Some("What is my moon sign?"));
    }

    #[tokio::test]
    async fn a_model_that_cannot_answer_leaves_it_to_the_engine() {
        let world = world(Some(scripted(Script::Unreachable)));
        let events = exchange(&world.ports, message("What is my moon sign?", None, Ok(birth()))).await;
        assert!(!answer(&events).is_empty());
        assert!(matches!(events.last(), Some(ExchangeEvent::Done { model, .. }) if model == BUILT_IN), "{events:?}");
    }

    #[tokio::test]
    async fn a_model_that_breaks_off_ends_the_exchange_and_half_an_answer_is_not_stored() {
        let world = world(Some(scripted(Script::BreaksOff(vec!["Your Moon "]))));
        let events = exchange(&world.ports, message("What is my moon sign?", None, Ok(birth()))).await;
        let id = conversation_id(&events);
        assert_eq!(events[1], ExchangeEvent::Delta { text: "Your Moon ".into() });
        assert!(
            matches!(&events[2], ExchangeEvent::Failed { code: "answer_interrupted", detail } if detail.ends_with("the answer is incomplete"))
        );
        assert_eq!(events.len(), 3);
        assert!(stored(&world.ports, &id).await.is_none());
    }

    #[tokio::test]
    async fn a_client_gone_stops_the_exchange_and_nothing_is_stored() {
        let world = world(None);
        let exchange =
            open(&world.ports, user(), message("What is my moon sign?", None, Ok(birth()))).await.unwrap().begin().await.unwrap();
        let id = exchange.conversation.id.clone();
        let (events, told) = mpsc::channel(16);
        drop(told);
        exchange.run(events).await;
        assert!(stored(&world.ports, &id).await.is_none());
    }
}
