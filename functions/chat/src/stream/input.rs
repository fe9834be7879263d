//! The body of a chat message (camelCase, unknown members refused), parsed
//! into what the exchange takes.

use serde::Deserialize;
use shared::astro::Ephemeris;
use shared::http::ApiError;
use shared::http::fields::Problems;

use crate::profiles::{BirthFields, check_birth};

const MESSAGE_MAX: usize = 2000;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct ChatBody {
    message: String,
    conversation_id: Option<String>,
    birth_data: Option<BirthData>,
    /// Checked by the chatbot's rules, before the body is parsed.
    pub user_hash: Option<String>,
}

/// Birth data as a first message gives it, and as its profile keeps it.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct BirthData {
    pub date: String,
    pub time: Option<String>,
    pub latitude: f64,
    pub longitude: f64,
    pub place_name: Option<String>,
    pub timezone: String,
}

/// A message, parsed.
#[derive(Debug)]
pub struct ChatInput {
    /// The message, trimmed.
    pub question: String,
    /// The conversation it continues, if any.
    pub conversation_id: Option<String>,
    /// The birth data a first message makes the user's profile of, checked;
    /// or why it cannot make one (none given, or the 422 of what was).
    /// Whether it is needed is known only once the store says the user has
    /// no profile yet: a user with one may send anything here.
    pub birth: Result<BirthData, ApiError>,
}

impl ChatBody {
    pub fn parse(self, ephemeris: &Ephemeris) -> Result<ChatInput, ApiError> {
        let question = self.message.trim();
        let mut problems = Problems::default();
        if question.is_empty() || question.chars().count() > MESSAGE_MAX || question.chars().any(|c| c.is_control() && c != '\n') {
            problems.add("/message", format!("1 to {MESSAGE_MAX} characters of text"));
        }
        problems.into_result()?;
        let birth = match self.birth_data {
            None => Err(ApiError::missing_field("/birthData")),
            Some(birth) => checked(birth, ephemeris),
        };
        Ok(ChatInput { question: question.to_owned(), conversation_id: self.conversation_id, birth })
    }
}

fn checked(birth: BirthData, ephemeris: &Ephemeris) -> Result<BirthData, ApiError> {
    let mut problems = Problems::default();
    let fields = BirthFields {
        date: &birth.date,
        time: birth.time.as_deref(),
        latitude: birth.latitude,
        longitude: birth.longitude,
        timezone: &birth.timezone,
        place_name: birth.place_name.as_deref(),
    };
    check_birth(ephemeris, &fields, "/birthData", ["date", "time", "latitude", "longitude", "timezone", "placeName"], &mut problems);
    problems.into_result()?;
    Ok(birth)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn parse(body: serde_json::Value) -> Result<ChatInput, ApiError> {
        let body: ChatBody = serde_json::from_value(body).expect("a body of the documented shape");
        body.parse(&Ephemeris::with_embedded_files().expect("ephemeris"))
    }

    fn pointers(error: &ApiError) -> Vec<String> {
        match error {
            ApiError::Client { errors, .. } => errors.iter().filter_map(|e| e.source.as_ref()).map(|s| s.pointer.clone()).collect(),
            other => panic!("not a client error: {other:?}"),
        }
    }

    #[test]
    fn a_message_is_trimmed_and_one_of_nothing_or_control_characters_is_refused_at_its_pointer() {
        let input = parse(json!({ "message": "  What is my moon sign?\n" })).unwrap();
        assert_eq!(input.question, "What is my moon sign?");
        for bad in ["   ", "a\u{7}b", &"x".repeat(MESSAGE_MAX + 1)] {
            let error = parse(json!({ "message": bad })).unwrap_err();
            assert_eq!(pointers(&error), ["/message"], "{bad:?}");
        }
        assert!(parse(json!({ "message": "line one\nline two" })).is_ok());
    }

    #[test]
    fn birth_data_is_checked_but_its_refusal_is_held_for_when_it_is_needed() {
        let input = parse(json!({ "message": "hi" })).unwrap();
        assert_eq!(input.birth.unwrap_err().status(), 422);
        let bad = json!({ "date": "1990-02-30", "latitude": 95.0, "longitude": 0.0, "timezone": "Europe/Madrid" });
        let input = parse(json!({ "message": "hi", "birthData": bad })).unwrap();
        assert_eq!(pointers(&input.birth.unwrap_err()), ["/birthData/latitude", "/birthData/date"]);
        let good = json!({ "date": "1990-05-15", "time": "14:30", "latitude": 40.4, "longitude": -3.7, "timezone": "Europe/Madrid" });
        let input = parse(json!({ "message": "hi", "birthData": good })).unwrap();
        assert_eq!(input.birth.unwrap().time.as_deref(), Some("14:30"));
    }
}
