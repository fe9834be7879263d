//! Who may chat with a chatbot (`/widget/chat/{chatbotId}/user/{externalUserId}`),
//! and what a message costs. Called from a visitor's browser on the
//! customer's site, with no key: the chatbot decides, as a widget does (see
//! `widget_access`): it and its organization exist (404
//! `chatbot_not_found`), the plan still has `chat` (403
//! `module_not_in_plan`), the page's site is among its `allowedDomains` (403
//! `domain_not_allowed`), it is enabled (403 `chatbot_disabled`); then, when
//! it requires one, the `userHash` of the user (401 `missing_user_hash`,
//! `invalid_user_hash`). Each message is one unit of the organization's
//! quota on the chatbot's usage line, within its per-minute limits per
//! chatbot and per user.

use crate::http::Code;
use axum::http::HeaderMap;

use super::auth::require_module;
use super::error::ApiError;
use super::state::AppState;
use super::widget_access::{SiteRule, check_site};
use crate::auth::Module;
use crate::metering::{Account, Spender, Usage};
use crate::repo::chatbots::{self, Chatbot};
use crate::repo::orgs::{self, Organization};

/// A chat route's chatbot and organization as the stack read them for the
/// request's CORS answer (`None`: either is gone).
#[derive(Debug, Clone)]
pub struct ChatbotLookup(pub Option<(Chatbot, Organization)>);

/// A user admitted to a chatbot.
#[derive(Debug, Clone)]
pub struct ChatUser {
    pub chatbot: Chatbot,
    pub organization: Organization,
    pub external_user_id: String,
}

pub fn chatbot_not_found() -> ApiError {
    ApiError::coded(Code::ChatbotNotFound, "no such chatbot")
}

/// The chatbot and its organization, whatever their state.
pub async fn find_with_organization(app: &AppState, chatbot_id: &str) -> Result<Option<(Chatbot, Organization)>, ApiError> {
    let Some(chatbot) = chatbots::find(app.table.as_ref(), chatbot_id).await? else { return Ok(None) };
    let Some(organization) = orgs::get_organization(app.table.as_ref(), &chatbot.organization_id).await? else { return Ok(None) };
    Ok(Some((chatbot, organization)))
}

/// The checks of the module documentation, in order; nothing charged yet.
pub async fn admit_chat_user(
    app: &AppState,
    chatbot_id: &str,
    external_user_id: &str,
    read: Option<ChatbotLookup>,
    headers: &HeaderMap,
    user_hash: Option<&str>,
) -> Result<ChatUser, ApiError> {
    let found = match read {
        Some(ChatbotLookup(found)) => found.filter(|(chatbot, _)| chatbot.id == chatbot_id),
        None => find_with_organization(app, chatbot_id).await?,
    };
    let (chatbot, organization) = found.ok_or_else(chatbot_not_found)?;
    tracing::Span::current().record("org", organization.id.as_str());
    require_module(organization.plan, Module::Chat)?;
    check_site(&chatbot.allowed_domains, headers, SiteRule::Page, "the chatbot")?;
    if !chatbot.enabled {
        return Err(ApiError::coded(Code::ChatbotDisabled, "this chatbot is turned off by its owner"));
    }
    if !crate::chat::is_external_user_id(external_user_id) {
        return Err(ApiError::invalid_parameter("externalUserId", "1 to 128 characters: letters, digits and . _ - : @"));
    }
    if chatbot.require_user_hash {
        let presented = user_hash.ok_or_else(|| {
            ApiError::coded(Code::MissingUserHash, "this chatbot verifies its users: send userHash, computed by the site's server")
        })?;
        if !crate::chat::verify_user_hash(&chatbot.secret, external_user_id, presented) {
            return Err(ApiError::coded(Code::InvalidUserHash, "userHash does not match this user"));
        }
    }
    Ok(ChatUser { chatbot, organization, external_user_id: external_user_id.to_owned() })
}

impl ChatUser {
    /// Charges one message to the chatbot's organization, within the
    /// chatbot's limits (429 with `Retry-After`).
    pub async fn charge(&self, app: &AppState) -> Result<(), ApiError> {
        let account = Account {
            organization_id: &self.organization.id,
            plan: self.organization.plan,
            spender: Spender::Chatbot { id: &self.chatbot.id, user: &self.external_user_id, limits: app.config.chat_limits },
        };
        super::auth::charge(app, &account, Usage::Request).await
    }
}
