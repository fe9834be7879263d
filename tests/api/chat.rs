//! POST /widget/chat/{chatbotId}/user/{externalUserId}: a user's message
//! answered as server-sent events, read as a client reads them. The events
//! come in order, `done` last; the answers name what the calculation
//! endpoints compute for the same birth data; conversations continue for
//! their own user only; the chatbot's sites, enabled flag and userHash
//! (required unless the chatbot is made open) decide before the stream
//! starts, and a refused visitor leaves nothing behind.

use axum::body::Body;
use axum::http::Request;
use serde_json::{Value, json};

use crate::orgs::{OWNER, call};
use crate::support::{TestApp, TestResponse};

const SHOP: &str = "https://shop.example.com";

async fn chatbot(app: &TestApp, attributes: Value) -> (String, String) {
    let created =
        call(app, "POST", "/api/chatbots", OWNER, Some(json!({ "data": { "type": "chatbots", "attributes": attributes } }))).await;
    assert_eq!(created.status, 201, "{}", created.text);
    let data = &created.body["data"];
    (data["id"].as_str().unwrap().to_owned(), data["attributes"]["secret"].as_str().unwrap().to_owned())
}

fn birth() -> Value {
    json!({ "date": "1990-05-11", "time": "14:30", "latitude": 41.9028, "longitude": 12.4964, "timezone": "Europe/Rome", "placeName": "Roma" })
}

async fn say(app: &TestApp, chatbot: &str, user: &str, body: Value, headers: &[(&str, &str)]) -> TestResponse {
    let mut all = vec![("origin", SHOP)];
    all.extend_from_slice(headers);
    app.post_raw(&format!("/widget/chat/{chatbot}/user/{user}"), &body.to_string(), &all).await
}

/// The events of a `text/event-stream` body: (event name, data as JSON).
fn events(response: &TestResponse) -> Vec<(String, Value)> {
    assert_eq!(response.status, 200, "{}", response.text);
    assert_eq!(response.headers["content-type"], "text/event-stream");
    response
        .text
        .split("\n\n")
        .filter(|block| !block.trim().is_empty() && !block.starts_with(':'))
        .map(|block| {
            let field = |name: &str| block.lines().find_map(|line| line.strip_prefix(name)).map(str::trim).unwrap_or_default().to_owned();
            (field("event:"), serde_json::from_str(&field("data:")).unwrap_or(Value::Null))
        })
        .collect()
}

/// The answer's text: its deltas joined.
fn answer(events: &[(String, Value)]) -> String {
    events.iter().filter(|(name, _)| name == "delta").filter_map(|(_, data)| data["text"].as_str()).collect()
}

fn sign_of(natal: &Value, point: &str) -> String {
    natal["data"]["points"][point]["sign"].as_str().unwrap_or_else(|| panic!("{point} in {natal}")).to_owned()
}

#[tokio::test]
async fn the_answer_streams_in_order_and_names_the_signs_the_calculation_gives() {
    let app = TestApp::spawn().await;
    let natal = app
        .post(
            "/api/calc/natal",
            &json!({ "dateTime": "1990-05-11T14:30", "location": { "latitude": 41.9028, "longitude": 12.4964, "timezone": "Europe/Rome" },
                     "includeReadableEntities": true }),
        )
        .await;
    assert_eq!(natal.status, 200, "{}", natal.text);
    let moon = sign_of(&natal.body, "moon");
    let ascendant = natal.body["data"]["angles"]["ascendant"]["sign"].as_str().unwrap().to_owned();

    for (language, moon_question, rising_question) in
        [("en", "What is my moon sign?", "what is my rising sign?"), ("es", "¿Cuál es mi signo lunar?", "¿Cuál es mi ascendente?")]
    {
        let (id, _) = chatbot(
            &app,
            json!({ "name": "Luna", "language": language, "allowedDomains": ["shop.example.com"], "requireUserHash": false }),
        )
        .await;
        let language_code = shared::language::Language::parse(language).unwrap();
        let sign_name = |id: &str| {
            let sign = shared::astro::zodiac::Sign::ALL.into_iter().find(|s| s.id() == id).unwrap();
            language_code.sign_name(sign).to_owned()
        };
        let first = events(&say(&app, &id, "user-1", json!({ "message": moon_question, "birthData": birth() }), &[]).await);
        let names: Vec<&str> = first.iter().map(|(name, _)| name.as_str()).collect();
        assert_eq!(names.first(), Some(&"conversation"), "{names:?}");
        assert_eq!(names.last(), Some(&"done"), "{names:?}");
        assert!(names[1..names.len() - 1].iter().all(|n| *n == "delta") && names.len() >= 3, "{names:?}");
        let conversation = first[0].1["conversationId"].as_str().unwrap();
        assert_eq!(first.last().unwrap().1["conversationId"], conversation);
        let text = answer(&first);
        assert!(text.contains(&sign_name(&moon)), "{language}: the moon in {moon}: {text}");

        let rising = events(&say(&app, &id, "user-1", json!({ "message": rising_question, "conversationId": conversation }), &[]).await);
        let text = answer(&rising);
        assert!(text.contains(&sign_name(&ascendant)), "{language}: rising {ascendant}: {text}");
    }
}

#[tokio::test]
async fn todays_transits_are_the_ones_the_transit_endpoint_finds_in_orb_now() {
    let app = TestApp::spawn().await;
    let (id, _) = chatbot(&app, json!({ "name": "Sol", "allowedDomains": ["shop.example.com"], "requireUserHash": false })).await;
    let chat = events(&say(&app, &id, "user-1", json!({ "message": "What are my transits today?", "birthData": birth() }), &[]).await);
    let text = answer(&chat);
    let now = chrono::Utc::now();
    let today = now.format("%Y-%m-%d").to_string();
    let period = app
        .post(
            "/api/calc/transit",
            &json!({ "birthDateTime": "1990-05-11T14:30", "birthLocation": { "latitude": 41.9028, "longitude": 12.4964, "timezone": "Europe/Rome" },
                     "startDate": today, "endDate": today, "transitLocation": { "latitude": 0.0, "longitude": 0.0, "timezone": "UTC" },
                     "includeReadableEntities": true }),
        )
        .await;
    assert_eq!(period.status, 200, "{}", period.text);
    let instant = |value: &Value| value.as_str().map(|t| chrono::DateTime::parse_from_rfc3339(t).unwrap().with_timezone(&chrono::Utc));
    // In orb now by the period search (a minute of slack at the edges).
    let slack = chrono::Duration::minutes(1);
    let in_orb: Vec<String> = period.body["data"]["aspects"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|pass| {
            instant(&pass["startsAt"]).is_none_or(|at| at + slack < now) && instant(&pass["endsAt"]).is_none_or(|at| at - slack > now)
        })
        .map(|pass| {
            format!(
                "transiting {} {} your natal {}",
                pass["pointAName"].as_str().unwrap(),
                pass["aspectName"].as_str().unwrap().to_lowercase(),
                pass["pointBName"].as_str().unwrap()
            )
        })
        .collect();
    if in_orb.is_empty() {
        assert!(text.contains("quiet sky") || text.contains("No planet"), "nothing in orb now, the chat says so: {text}");
    } else {
        assert!(in_orb.iter().any(|transit| text.contains(transit)), "the chat names one of {in_orb:?}: {text}");
    }
}

#[tokio::test]
async fn a_conversation_continues_for_its_own_user_only_and_is_erased_with_the_user() {
    let app = TestApp::spawn().await;
    let (id, _) = chatbot(&app, json!({ "name": "Sol", "allowedDomains": ["shop.example.com"], "requireUserHash": false })).await;
    let first = events(&say(&app, &id, "user-1", json!({ "message": "What is my sun sign?", "birthData": birth() }), &[]).await);
    let conversation = first[0].1["conversationId"].as_str().unwrap().to_owned();
    let second = events(&say(&app, &id, "user-1", json!({ "message": "And my Venus?", "conversationId": conversation }), &[]).await);
    assert_eq!(second[0].1["conversationId"], conversation.as_str());
    let kept = shared::repo::chatbots::get_conversation(app.state.table.as_ref(), &id, "user-1", &conversation).await.unwrap().unwrap();
    let roles: Vec<&str> = kept.messages.iter().map(|m| m.role.as_str()).collect();
    assert_eq!(roles, ["user", "assistant", "user", "assistant"]);
    assert_eq!(kept.messages[2].text, "And my Venus?");
    assert_eq!(kept.messages[3].text, answer(&second));
    assert_eq!(kept.messages[3].id, second.last().unwrap().1["messageId"].as_str().unwrap());

    // Another user cannot continue (or read) it.
    let intruder =
        say(&app, &id, "user-2", json!({ "message": "What did we say?", "conversationId": conversation, "birthData": birth() }), &[]).await;
    assert_eq!((intruder.status.as_u16(), intruder.error()["code"].as_str()), (404, Some("conversation_not_found")), "{}", intruder.text);
    // An id longer than any the service gives is not looked up.
    let long = say(&app, &id, "user-1", json!({ "message": "And my Mars?", "conversationId": "c".repeat(5_000) }), &[]).await;
    assert_eq!((long.status.as_u16(), long.error()["code"].as_str()), (404, Some("conversation_not_found")), "{}", long.text);

    // A first message needs birth data; a later one does not.
    let stranger = say(&app, &id, "user-3", json!({ "message": "Hello" }), &[]).await;
    assert_eq!(stranger.status, 422, "{}", stranger.text);
    assert_eq!(stranger.pointers(), ["/birthData"]);
    let bad_birth = say(
        &app,
        &id,
        "user-3",
        json!({ "message": "Hello", "birthData": { "date": "1990-13-01", "latitude": 0, "longitude": 0, "timezone": "UTC" } }),
        &[],
    )
    .await;
    assert_eq!(bad_birth.pointers(), ["/birthData/date"], "{}", bad_birth.text);

    // Erasing the user erases the conversation.
    assert_eq!(call(&app, "DELETE", &format!("/api/chatbots/{id}/profiles/user-1"), OWNER, None).await.status, 204);
    let gone = shared::repo::chatbots::get_conversation(app.state.table.as_ref(), &id, "user-1", &conversation).await.unwrap();
    assert!(gone.is_none());
}

#[tokio::test]
async fn the_chatbots_sites_enabled_flag_and_user_hash_decide_before_the_stream() {
    let app = TestApp::spawn().await;
    let (id, secret) = chatbot(&app, json!({ "name": "Sol", "allowedDomains": ["shop.example.com"], "requireUserHash": true })).await;
    let hash = shared::chat::user_hash(&secret, "user-1");
    let body = json!({ "message": "What is my sun sign?", "birthData": birth(), "userHash": hash });

    let ok = say(&app, &id, "user-1", body.clone(), &[]).await;
    assert_eq!(ok.headers["access-control-allow-origin"], SHOP);
    assert!(!events(&ok).is_empty());
    let mut no_hash = body.clone();
    no_hash.as_object_mut().unwrap().remove("userHash");
    let missing = say(&app, &id, "user-1", no_hash, &[]).await;
    assert_eq!((missing.status.as_u16(), missing.error()["code"].as_str()), (401, Some("missing_user_hash")), "{}", missing.text);
    // Another user's hash does not let anyone speak as user-1.
    let mut other = body.clone();
    other["userHash"] = json!(shared::chat::user_hash(&secret, "user-2"));
    let wrong = say(&app, &id, "user-1", other, &[]).await;
    assert_eq!((wrong.status.as_u16(), wrong.error()["code"].as_str()), (401, Some("invalid_user_hash")), "{}", wrong.text);

    // A foreign site: refused, with no CORS header to read it by.
    let foreign = app.post_raw(&format!("/widget/chat/{id}/user/user-1"), &body.to_string(), &[("origin", "https://copycat.test")]).await;
    assert_eq!((foreign.status.as_u16(), foreign.error()["code"].as_str()), (403, Some("domain_not_allowed")), "{}", foreign.text);
    assert!(!foreign.headers.contains_key("access-control-allow-origin"));
    let preflight = app
        .send(
            Request::options(format!("/widget/chat/{id}/user/user-1"))
                .header("origin", "https://copycat.test")
                .header("access-control-request-method", "POST")
                .body(Body::empty())
                .unwrap(),
        )
        .await;
    assert!(!preflight.headers.contains_key("access-control-allow-origin"));

    // Turned off.
    let off = call(
        &app,
        "PATCH",
        &format!("/api/chatbots/{id}"),
        OWNER,
        Some(json!({ "data": { "type": "chatbots", "id": id, "attributes": { "enabled": false } } })),
    )
    .await;
    assert_eq!(off.status, 200);
    let disabled = say(&app, &id, "user-1", body.clone(), &[]).await;
    assert_eq!((disabled.status.as_u16(), disabled.error()["code"].as_str()), (403, Some("chatbot_disabled")), "{}", disabled.text);

    let unknown = say(&app, "0190f5c2-0000-7000-8000-000000000000", "user-1", body, &[]).await;
    assert_eq!((unknown.status.as_u16(), unknown.error()["code"].as_str()), (404, Some("chatbot_not_found")));
}

/// The profiles the chatbot holds, by `externalUserId`.
async fn profiles(app: &TestApp, chatbot: &str) -> Vec<String> {
    let all = shared::repo::chatbots::list_profiles(app.state.table.as_ref(), chatbot).await.unwrap();
    all.into_iter().map(|profile| profile.external_user_id).collect()
}

#[tokio::test]
async fn a_visitor_refused_by_the_limits_leaves_no_profile_behind() {
    let app = TestApp::spawn_with(|config| config.chat_limits.per_widget = 3).await;
    let (id, _) = chatbot(&app, json!({ "name": "Sol", "allowedDomains": ["shop.example.com"], "requireUserHash": false })).await;
    let mut answered = Vec::new();
    let mut refused = 0;
    for visitor in 0..10 {
        let user = format!("visitor-{visitor}");
        let answer = say(&app, &id, &user, json!({ "message": "What is my sun sign?", "birthData": birth() }), &[]).await;
        if answer.status == 200 {
            answered.push(user);
        } else {
            assert_eq!((answer.status.as_u16(), answer.error()["code"].as_str()), (429, Some("rate_limited")), "{}", answer.text);
            refused += 1;
        }
    }
    // A minute boundary may fall inside the loop: two windows at most.
    assert!(refused >= 4, "{refused} refused");
    assert_eq!(profiles(&app, &id).await, answered, "only the visitors answered have a profile");
}

#[tokio::test]
async fn a_chatbot_made_without_require_user_hash_requires_it() {
    let app = TestApp::spawn().await;
    let (id, secret) = chatbot(&app, json!({ "name": "Sol", "allowedDomains": ["shop.example.com"] })).await;
    let read = call(&app, "GET", &format!("/api/chatbots/{id}"), OWNER, None).await;
    assert_eq!(read.body["data"]["attributes"]["requireUserHash"], true, "{}", read.text);
    let first = json!({ "message": "What is my sun sign?", "birthData": birth() });

    // Whoever knows the chatbot's id and guesses a user's cannot read that
    // user's chart, nor squat the profile with birth data of their own.
    let anonymous = say(&app, &id, "user-1", first.clone(), &[]).await;
    assert_eq!((anonymous.status.as_u16(), anonymous.error()["code"].as_str()), (401, Some("missing_user_hash")), "{}", anonymous.text);
    assert!(profiles(&app, &id).await.is_empty());
    let mut signed = first.clone();
    signed["userHash"] = json!(shared::chat::user_hash(&secret, "user-1"));
    assert!(!events(&say(&app, &id, "user-1", signed, &[]).await).is_empty());

    // Anonymous chat is said, not inferred; `null` restores the default.
    let set = |value: Value| {
        let app = &app;
        let id = id.clone();
        async move {
            let body = json!({ "data": { "type": "chatbots", "id": id, "attributes": { "requireUserHash": value } } });
            let edited = call(app, "PATCH", &format!("/api/chatbots/{id}"), OWNER, Some(body)).await;
            assert_eq!(edited.status, 200, "{}", edited.text);
            edited.body["data"]["attributes"]["requireUserHash"].clone()
        }
    };
    assert_eq!(set(json!(false)).await, false);
    assert!(!events(&say(&app, &id, "user-2", first.clone(), &[]).await).is_empty());
    assert_eq!(set(Value::Null).await, true);
    assert_eq!(say(&app, &id, "user-3", first.clone(), &[]).await.status, 401);

    // A stored chatbot without the attribute (the API has always written
    // it) reads as requiring the hash.
    assert_eq!(set(json!(false)).await, false);
    let table = app.state.table.as_ref();
    let mut copy = table.get(&format!("CHATBOT#{id}"), "META").await.unwrap().unwrap();
    assert_eq!(copy.attrs.remove("requireUserHash"), Some(json!(false)));
    table.write(vec![shared::store::WriteOp::Put { item: copy, condition: shared::store::Condition::None }]).await.unwrap();
    let unmarked = say(&app, &id, "user-4", first, &[]).await;
    assert_eq!((unmarked.status.as_u16(), unmarked.error()["code"].as_str()), (401, Some("missing_user_hash")), "{}", unmarked.text);
}

/// The store, except that a conversation cannot be written: the failure
/// comes once the stream has started.
struct ConversationsFail(shared::store::SharedTable);

const STORE_FAILURE: &str = "ProvisionedThroughputExceededException on table astro-prod-7f3a";

#[async_trait::async_trait]
impl shared::store::Table for ConversationsFail {
    async fn get(&self, pk: &str, sk: &str) -> Result<Option<shared::store::Item>, shared::store::StoreError> {
        self.0.get(pk, sk).await
    }

    async fn query(&self, pk: &str, sk_prefix: &str, limit: Option<usize>) -> Result<Vec<shared::store::Item>, shared::store::StoreError> {
        self.0.query(pk, sk_prefix, limit).await
    }

    async fn write(&self, ops: Vec<shared::store::WriteOp>) -> Result<(), shared::store::StoreError> {
        let conversation =
            |op: &shared::store::WriteOp| matches!(op, shared::store::WriteOp::Put { item, .. } if item.sk.starts_with("CONV#"));
        if ops.iter().any(conversation) {
            return Err(shared::store::StoreError::Backend(STORE_FAILURE.into()));
        }
        self.0.write(ops).await
    }

    async fn increment(
        &self,
        pk: &str,
        sk: &str,
        by: i64,
        limit: Option<i64>,
        expires_at: Option<i64>,
    ) -> Result<shared::store::Increment, shared::store::StoreError> {
        self.0.increment(pk, sk, by, limit, expires_at).await
    }

    async fn increment_all(
        &self,
        adds: &[shared::store::CounterIncrement],
    ) -> Result<shared::store::Increments, shared::store::StoreError> {
        self.0.increment_all(adds).await
    }

    async fn counter(&self, pk: &str, sk: &str) -> Result<i64, shared::store::StoreError> {
        self.0.counter(pk, sk).await
    }

    async fn counters(&self, pk: &str, sk_prefix: &str) -> Result<Vec<(String, i64)>, shared::store::StoreError> {
        self.0.counters(pk, sk_prefix).await
    }
}

/// What this thread's log subscriber wrote.
#[derive(Clone, Default)]
struct Log(std::sync::Arc<std::sync::Mutex<Vec<u8>>>);

impl std::io::Write for Log {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(bytes);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

#[tokio::test]
async fn a_failure_after_the_start_tells_the_visitor_a_code_and_logs_the_cause_by_request_id() {
    // The test's runtime runs every task on this thread: its subscriber
    // sees the answer's task too. A second one, registered beside it, keeps
    // the other tests' threads from deciding alone (with no subscriber)
    // that a span or event is never wanted: with a single one registered,
    // `tracing` asks the registering thread's subscriber.
    let log = Log::default();
    let writer = log.clone();
    let subscriber = tracing_subscriber::fmt().with_ansi(false).with_writer(move || writer.clone()).finish();
    let _logging = tracing::subscriber::set_default(subscriber);
    let _beside = tracing::Dispatch::new(tracing::subscriber::NoSubscriber::default());
    let app = TestApp::spawn_with_table(|table| std::sync::Arc::new(ConversationsFail(table))).await;
    let (id, _) = chatbot(&app, json!({ "name": "Sol", "allowedDomains": ["shop.example.com"], "requireUserHash": false })).await;

    let response = say(&app, &id, "user-1", json!({ "message": "What is my sun sign?", "birthData": birth() }), &[]).await;
    let stream = events(&response);
    let (name, data) = stream.last().unwrap();
    assert_eq!(name, "error", "{}", response.text);
    assert_eq!(data["code"], "internal_error");
    assert_eq!(data["detail"], "something went wrong on our side; the request id identifies it in our logs");
    assert!(!response.text.contains("Provisioned") && !response.text.contains("storage"), "{}", response.text);

    let request_id = response.headers["x-request-id"].to_str().unwrap().to_owned();
    let log = String::from_utf8_lossy(&log.0.lock().unwrap()).into_owned();
    let line = log.lines().find(|line| line.contains(STORE_FAILURE)).unwrap_or_else(|| panic!("the cause is logged: {log}"));
    assert!(line.contains(&request_id), "with the request id {request_id}: {line}");
}
