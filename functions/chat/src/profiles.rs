//! A chatbot's users' chat profiles, from the dashboard (bearer token, as
//! the chatbots: `org:read` to read, `org:update` to write, the `chat`
//! module):
//!
//! | route | |
//! |---|---|
//! | `POST /api/chatbots/{id}/profiles` | the interface's; a second create for the same `externalUserId` is 409 `profile_exists` (delete it first: a profile is never silently replaced) |
//! | `GET /api/chatbots/{id}/profiles` | paginated, by `externalUserId` |
//! | `GET /api/chatbots/{id}/profiles/{externalUserId}` | |
//! | `DELETE /api/chatbots/{id}/profiles/{externalUserId}` | erases the user: the profile and what is kept of its conversations |

use axum::extract::{Path, RawQuery, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use shared::astro::Ephemeris;
use shared::chat::{MAX_EXTERNAL_USER_ID, is_external_user_id};
use shared::http::Code;
use shared::http::fields::{PlacePointers, Problems, parse_date_and_time, parse_place};
use shared::http::member::OrgMember;
use shared::http::page::{PagedDocument, dashboard_page};
use shared::http::{ApiError, ApiJson, ApiResult, AppState, Document};
use shared::repo::chatbots::{self, ChatProfile};
use shared::repo::{RepoError, now_text};

use crate::manage::{admit, owned};

pub const RESOURCE_TYPE: &str = "chat-profile";
const PLACE_NAME_MAX: usize = 200;
/// The most a profile's `metadata` may hold, as JSON.
const METADATA_MAX_BYTES: usize = 4096;
/// The time a chart is cast for when the birth time is unknown.
pub const UNKNOWN_TIME: &str = "12:00";

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ProfileBody {
    data: ProfileData,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct ProfileData {
    #[serde(rename = "type")]
    kind: String,
    attributes: ProfileAttributes,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
struct ProfileAttributes {
    external_user_id: String,
    birth_date: String,
    birth_time: Option<String>,
    birth_place_lat: f64,
    birth_place_lng: f64,
    birth_place_name: Option<String>,
    timezone: String,
    metadata: Option<Value>,
}

#[derive(Debug, Serialize)]
pub struct ProfileResource {
    #[serde(rename = "type")]
    kind: &'static str,
    id: String,
    attributes: ProfileView,
    links: Links,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct ProfileView {
    external_user_id: String,
    birth_date: String,
    birth_time: Option<String>,
    birth_place_lat: f64,
    birth_place_lng: f64,
    birth_place_name: Option<String>,
    timezone: String,
    metadata: Value,
    created_at: String,
}

#[derive(Debug, Serialize)]
struct Links {
    #[serde(rename = "self")]
    own: String,
}

fn resource(app: &AppState, profile: ChatProfile) -> ProfileResource {
    let base = app.config.public_base_url.as_deref().unwrap_or("");
    ProfileResource {
        kind: RESOURCE_TYPE,
        links: Links { own: format!("{base}/api/chatbots/{}/profiles/{}", profile.chatbot_id, profile.external_user_id) },
        id: profile.external_user_id.clone(),
        attributes: ProfileView {
            external_user_id: profile.external_user_id,
            birth_date: profile.birth_date,
            birth_time: profile.birth_time,
            birth_place_lat: profile.birth_place_lat,
            birth_place_lng: profile.birth_place_lng,
            birth_place_name: profile.birth_place_name,
            timezone: profile.timezone,
            metadata: profile.metadata,
            created_at: profile.created_at,
        },
    }
}

/// Birth data as a profile holds it, checked field by field (the pointers
/// under `at`): a real date, a time the clocks showed that day (when
/// given), coordinates, a time zone, an instant the ephemeris covers.
pub struct BirthFields<'a> {
    pub date: &'a str,
    pub time: Option<&'a str>,
    pub latitude: f64,
    pub longitude: f64,
    pub timezone: &'a str,
    pub place_name: Option<&'a str>,
}

/// The checks of [`BirthFields`], each problem at its pointer; the names of
/// the fields under `at` are `names` (date, time, latitude, longitude,
/// timezone, place name).
pub fn check_birth(ephemeris: &Ephemeris, fields: &BirthFields, at: &str, names: [&str; 6], problems: &mut Problems) {
    let pointer = |name: &str| format!("{at}/{name}");
    let pointers = PlacePointers { latitude: &pointer(names[2]), longitude: &pointer(names[3]), timezone: &pointer(names[4]) };
    let place = parse_place(fields.latitude, fields.longitude, fields.timezone, &pointers, problems);
    if fields.place_name.is_some_and(|name| name.chars().count() > PLACE_NAME_MAX || name.chars().any(char::is_control)) {
        problems.add(pointer(names[5]), format!("at most {PLACE_NAME_MAX} characters, without control characters"));
    }
    let time = fields.time.unwrap_or(UNKNOWN_TIME);
    parse_date_and_time(fields.date, time, place.zone.as_ref(), ephemeris, (&pointer(names[0]), &pointer(names[1])), problems);
}

fn not_found(chatbot_id: &str, external_user_id: &str) -> ApiError {
    ApiError::not_found(format!("chatbot '{chatbot_id}' has no profile for user '{external_user_id}'"))
}

impl ProfileBody {
    /// The profile this body describes for `chatbot_id`: every bad field,
    /// each with its pointer, in one 422.
    fn profile(&self, chatbot_id: &str, ephemeris: &Ephemeris) -> Result<ChatProfile, ApiError> {
        if self.data.kind != RESOURCE_TYPE {
            return Err(ApiError::invalid_field("/data/type", format!("type must be '{RESOURCE_TYPE}'")));
        }
        let attributes = &self.data.attributes;
        let mut problems = Problems::default();
        if !is_external_user_id(&attributes.external_user_id) {
            problems
                .add("/data/attributes/externalUserId", format!("1 to {MAX_EXTERNAL_USER_ID} characters: letters, digits and . _ - : @"));
        }
        let birth = BirthFields {
            date: &attributes.birth_date,
            time: attributes.birth_time.as_deref(),
            latitude: attributes.birth_place_lat,
            longitude: attributes.birth_place_lng,
            timezone: &attributes.timezone,
            place_name: attributes.birth_place_name.as_deref(),
        };
        check_birth(
            ephemeris,
            &birth,
            "/data/attributes",
            ["birthDate", "birthTime", "birthPlaceLat", "birthPlaceLng", "timezone", "birthPlaceName"],
            &mut problems,
        );
        let metadata = attributes.metadata.clone().unwrap_or_else(|| Value::Object(Default::default()));
        if !metadata.is_object() {
            problems.add("/data/attributes/metadata", "must be an object");
        } else if metadata.to_string().len() > METADATA_MAX_BYTES {
            problems.add("/data/attributes/metadata", format!("at most {METADATA_MAX_BYTES} bytes of JSON"));
        }
        problems.into_result()?;
        Ok(ChatProfile {
            chatbot_id: chatbot_id.to_owned(),
            external_user_id: attributes.external_user_id.clone(),
            birth_date: attributes.birth_date.clone(),
            birth_time: attributes.birth_time.clone(),
            birth_place_lat: attributes.birth_place_lat,
            birth_place_lng: attributes.birth_place_lng,
            birth_place_name: attributes.birth_place_name.clone(),
            timezone: attributes.timezone.clone(),
            metadata,
            created_at: now_text(),
        })
    }
}

pub async fn create_profile(
    State(app): State<AppState>,
    member: OrgMember,
    Path(id): Path<String>,
    ApiJson(body): ApiJson<ProfileBody>,
) -> Result<Response, ApiError> {
    admit(&member, "org:update")?;
    let chatbot = owned(&app, &member, &id).await?;
    let profile = body.profile(&chatbot.id, &app.ephemeris)?;
    chatbots::create_profile(app.table.as_ref(), &profile).await.map_err(|error| match error {
        RepoError::AlreadyExists => ApiError::coded(
            Code::ProfileExists,
            format!("user '{}' already has a profile: delete it first to replace it", profile.external_user_id),
        ),
        other => other.into(),
    })?;
    let resource = resource(&app, profile);
    let mut headers = HeaderMap::new();
    headers.insert(header::LOCATION, HeaderValue::from_str(&resource.links.own).map_err(ApiError::internal)?);
    Ok((StatusCode::CREATED, headers, Document::new(resource)).into_response())
}

pub async fn list_profiles(
    State(app): State<AppState>,
    member: OrgMember,
    Path(id): Path<String>,
    RawQuery(raw): RawQuery,
) -> ApiResult<PagedDocument<ProfileResource>> {
    admit(&member, "org:read")?;
    let chatbot = owned(&app, &member, &id).await?;
    let all = chatbots::list_profiles(app.table.as_ref(), &chatbot.id).await?;
    let resources = all.into_iter().map(|profile| resource(&app, profile)).collect();
    let base = app.config.public_base_url.clone().unwrap_or_default();
    dashboard_page(&base, &format!("/api/chatbots/{}/profiles", chatbot.id), raw.as_deref(), resources)
}

pub async fn get_profile(
    State(app): State<AppState>,
    member: OrgMember,
    Path((id, external_user_id)): Path<(String, String)>,
) -> ApiResult<Document<ProfileResource>> {
    admit(&member, "org:read")?;
    let chatbot = owned(&app, &member, &id).await?;
    let profile = chatbots::get_profile(app.table.as_ref(), &chatbot.id, &external_user_id)
        .await?
        .ok_or_else(|| not_found(&id, &external_user_id))?;
    Ok(Document::new(resource(&app, profile)))
}

pub async fn delete_profile(
    State(app): State<AppState>,
    member: OrgMember,
    Path((id, external_user_id)): Path<(String, String)>,
) -> ApiResult<StatusCode> {
    admit(&member, "org:update")?;
    let chatbot = owned(&app, &member, &id).await?;
    chatbots::delete_profile(app.table.as_ref(), &chatbot.id, &external_user_id).await.map_err(|error| match error {
        RepoError::NotFound => not_found(&id, &external_user_id),
        other => other.into(),
    })?;
    Ok(StatusCode::NO_CONTENT)
}
