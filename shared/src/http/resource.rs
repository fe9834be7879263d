//! The JSON:API single-resource bodies of the dashboard's own resources
//! (widgets, chatbots): `{"data": {"type", "id"?, "attributes"}}`, checked
//! alike for every kind, and the `links.self` of the answers.

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use super::error::ApiError;

/// A create's or an edit's body; the attributes are checked by the
/// resource's own rules (`shared::widget`, `shared::chat`).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ResourceBody {
    data: ResourceData,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct ResourceData {
    #[serde(rename = "type")]
    kind: String,
    #[serde(default)]
    id: Option<String>,
    #[serde(default)]
    attributes: Map<String, Value>,
}

impl ResourceBody {
    /// A create's attributes: `type` is `resource_type`, and no `id` (the
    /// server assigns it; `noun` names the resource in the refusal).
    pub fn for_create(self, resource_type: &str, noun: &str) -> Result<Map<String, Value>, ApiError> {
        self.check_type(resource_type)?;
        if self.data.id.is_some() {
            return Err(ApiError::invalid_field("/data/id", format!("the server assigns a {noun}'s id: leave id out")));
        }
        Ok(self.data.attributes)
    }

    /// An edit's attributes: `type` is `resource_type`, `id` the one the
    /// path addresses.
    pub fn for_edit(self, resource_type: &str, addressed: &str) -> Result<Map<String, Value>, ApiError> {
        self.check_type(resource_type)?;
        match self.data.id.as_deref() {
            Some(sent) if sent == addressed => Ok(self.data.attributes),
            Some(_) => Err(ApiError::id_mismatch(addressed)),
            None => Err(ApiError::missing_field("/data/id")),
        }
    }

    fn check_type(&self, resource_type: &str) -> Result<(), ApiError> {
        if self.data.kind == resource_type {
            Ok(())
        } else {
            Err(ApiError::invalid_field("/data/type", format!("type must be '{resource_type}'")))
        }
    }
}

/// `links` of a resource: its own address.
#[derive(Debug, Serialize)]
pub struct SelfLink {
    #[serde(rename = "self")]
    pub own: String,
}
