//! Chatbots, their users' chat profiles, and (later) their conversations.
//!
//! | pk             | sk                     | holds                                          |
//! |----------------|------------------------|------------------------------------------------|
//! | `ORG#{org}`    | `CHATBOT#{id}`         | the chatbot (listed with one prefix query)     |
//! | `CHATBOT#{id}` | `META`                 | its copy, for the public chat route (one read) |
//! | `CHATBOT#{id}` | `PROFILE#{externalId}` | a user's chat profile                          |
//! | `CHATBOT#{id}` | `CONV#{externalId}#{conversationId}` | a conversation: its last [`KEPT_MESSAGES`] messages |
//!
//! A conversation is kept [`RETENTION_DAYS`] after its last message: past
//! that it reads as gone (a new message starts another one). Only its
//! user's key reaches it: another `externalUserId` names another item.
//! The chatbot and its copy are written in one transaction. The secret
//! (`userHash` verification) is kept in both, never shown after it is made.
//! Deleting a chatbot deletes its profiles; deleting a profile deletes what
//! is kept of that user.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::{RepoError, conflict_as_exists, from_item, schema, to_attrs};
use crate::store::{Condition, Item, StoreError, Table, WriteOp};

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Chatbot {
    pub id: String,
    pub organization_id: String,
    pub name: String,
    /// `crate::chat::Persona` id.
    pub persona: String,
    /// Language code.
    pub language: String,
    pub enabled: bool,
    #[serde(default)]
    pub allowed_domains: Vec<String>,
    /// Every chatbot this API has stored holds it (it is written whatever
    /// its value); one without it, put there by other means, reads as
    /// requiring `userHash`, the default of a new chatbot.
    #[serde(default = "require_user_hash_by_default")]
    pub require_user_hash: bool,
    /// The HMAC key of `userHash` (hex), shown once when made or rotated.
    pub secret: String,
    pub created_at: String,
    pub updated_at: String,
}

fn require_user_hash_by_default() -> bool {
    crate::chat::REQUIRE_USER_HASH
}

/// A user's birth data, as the customer gave it (validated when stored).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ChatProfile {
    pub chatbot_id: String,
    pub external_user_id: String,
    /// `YYYY-MM-DD`.
    pub birth_date: String,
    /// `HH:MM`; `None` when unknown (the chart is then cast for noon and
    /// the answers leave out houses and the rising sign).
    #[serde(default)]
    pub birth_time: Option<String>,
    pub birth_place_lat: f64,
    pub birth_place_lng: f64,
    #[serde(default)]
    pub birth_place_name: Option<String>,
    pub timezone: String,
    #[serde(default)]
    pub metadata: Value,
    pub created_at: String,
}

/// Messages a conversation keeps (the oldest go first).
pub const KEPT_MESSAGES: usize = 20;
/// Days a conversation is kept after its last message.
pub const RETENTION_DAYS: i64 = 30;

/// One message of a conversation.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ChatMessage {
    pub id: String,
    /// `user` or `assistant`.
    pub role: String,
    pub text: String,
    pub at: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Conversation {
    pub id: String,
    pub chatbot_id: String,
    pub external_user_id: String,
    pub messages: Vec<ChatMessage>,
    pub updated_at: String,
}

fn not_found(error: StoreError) -> RepoError {
    match error {
        StoreError::ConditionFailed => RepoError::NotFound,
        other => RepoError::Store(other),
    }
}

pub async fn create(table: &dyn Table, chatbot: &Chatbot) -> Result<(), RepoError> {
    let attrs = to_attrs(chatbot)?;
    table
        .write(vec![
            WriteOp::Put {
                item: Item::new(schema::org(&chatbot.organization_id), schema::chatbot(&chatbot.id), attrs.clone()),
                condition: Condition::MustNotExist,
            },
            WriteOp::Put { item: Item::new(schema::chatbot(&chatbot.id), schema::META, attrs), condition: Condition::MustNotExist },
        ])
        .await
        .map_err(conflict_as_exists)
}

/// The organization's chatbot `id`.
pub async fn get(table: &dyn Table, org_id: &str, id: &str) -> Result<Option<Chatbot>, RepoError> {
    Ok(table.get(&schema::org(org_id), &schema::chatbot(id)).await?.map(from_item).transpose()?)
}

/// The chatbot `id`, whichever organization it belongs to (its public route).
pub async fn find(table: &dyn Table, id: &str) -> Result<Option<Chatbot>, RepoError> {
    Ok(table.get(&schema::chatbot(id), schema::META).await?.map(from_item).transpose()?)
}

/// Rewrites an existing chatbot and its copy ([`RepoError::NotFound`] if gone).
pub async fn update(table: &dyn Table, chatbot: &Chatbot) -> Result<(), RepoError> {
    let attrs = to_attrs(chatbot)?;
    table
        .write(vec![
            WriteOp::Put {
                item: Item::new(schema::org(&chatbot.organization_id), schema::chatbot(&chatbot.id), attrs.clone()),
                condition: Condition::MustExist,
            },
            WriteOp::Put { item: Item::new(schema::chatbot(&chatbot.id), schema::META, attrs), condition: Condition::None },
        ])
        .await
        .map_err(not_found)
}

/// Deletes the chatbot, its copy and every profile of its users.
pub async fn delete(table: &dyn Table, org_id: &str, id: &str) -> Result<(), RepoError> {
    table
        .write(vec![
            WriteOp::Delete { pk: schema::org(org_id), sk: schema::chatbot(id), condition: Condition::MustExist },
            WriteOp::Delete { pk: schema::chatbot(id), sk: schema::META.to_owned(), condition: Condition::None },
        ])
        .await
        .map_err(not_found)?;
    for profile in table.query(&schema::chatbot(id), "", None).await? {
        table.write(vec![WriteOp::Delete { pk: profile.pk, sk: profile.sk, condition: Condition::None }]).await?;
    }
    Ok(())
}

/// The organization's chatbots, oldest first.
pub async fn list(table: &dyn Table, org_id: &str) -> Result<Vec<Chatbot>, RepoError> {
    let items = table.query(&schema::org(org_id), schema::CHATBOT_PREFIX, None).await?;
    let mut chatbots: Vec<Chatbot> = items.into_iter().map(from_item).collect::<Result<_, _>>()?;
    chatbots.sort_by(|a, b| a.created_at.cmp(&b.created_at).then_with(|| a.id.cmp(&b.id)));
    Ok(chatbots)
}

/// Stores a new profile ([`RepoError::AlreadyExists`] when the user has one).
pub async fn create_profile(table: &dyn Table, profile: &ChatProfile) -> Result<(), RepoError> {
    table
        .write(vec![WriteOp::Put {
            item: Item::new(schema::chatbot(&profile.chatbot_id), schema::chat_profile(&profile.external_user_id), to_attrs(profile)?),
            condition: Condition::MustNotExist,
        }])
        .await
        .map_err(conflict_as_exists)
}

pub async fn get_profile(table: &dyn Table, chatbot_id: &str, external_user_id: &str) -> Result<Option<ChatProfile>, RepoError> {
    Ok(table.get(&schema::chatbot(chatbot_id), &schema::chat_profile(external_user_id)).await?.map(from_item).transpose()?)
}

/// The chatbot's profiles, by `externalUserId`.
pub async fn list_profiles(table: &dyn Table, chatbot_id: &str) -> Result<Vec<ChatProfile>, RepoError> {
    let items = table.query(&schema::chatbot(chatbot_id), schema::PROFILE_PREFIX, None).await?;
    Ok(items.into_iter().map(from_item).collect::<Result<_, _>>()?)
}

/// Erases a user: the profile and every conversation kept under its id.
pub async fn delete_profile(table: &dyn Table, chatbot_id: &str, external_user_id: &str) -> Result<(), RepoError> {
    table
        .write(vec![WriteOp::Delete {
            pk: schema::chatbot(chatbot_id),
            sk: schema::chat_profile(external_user_id),
            condition: Condition::MustExist,
        }])
        .await
        .map_err(not_found)?;
    for item in table.query(&schema::chatbot(chatbot_id), &schema::conversations_of(external_user_id), None).await? {
        table.write(vec![WriteOp::Delete { pk: item.pk, sk: item.sk, condition: Condition::None }]).await?;
    }
    Ok(())
}

/// The user's conversation `id`, unless it is past its retention.
pub async fn get_conversation(
    table: &dyn Table,
    chatbot_id: &str,
    external_user_id: &str,
    id: &str,
) -> Result<Option<Conversation>, RepoError> {
    let Some(item) = table.get(&schema::chatbot(chatbot_id), &schema::conversation(external_user_id, id)).await? else { return Ok(None) };
    let conversation: Conversation = from_item(item)?;
    let kept_until = chrono::DateTime::parse_from_rfc3339(&conversation.updated_at)
        .map(|at| at.with_timezone(&chrono::Utc) + chrono::Duration::days(RETENTION_DAYS))
        .map_err(|e| StoreError::Corrupt(format!("conversation {id}: {e}")))?;
    Ok((kept_until > chrono::Utc::now()).then_some(conversation))
}

/// Writes the conversation (its last [`KEPT_MESSAGES`] messages).
pub async fn put_conversation(table: &dyn Table, conversation: &Conversation) -> Result<(), RepoError> {
    let mut kept = conversation.clone();
    let excess = kept.messages.len().saturating_sub(KEPT_MESSAGES);
    kept.messages.drain(..excess);
    table
        .write(vec![WriteOp::Put {
            item: Item::new(schema::chatbot(&kept.chatbot_id), schema::conversation(&kept.external_user_id, &kept.id), to_attrs(&kept)?),
            condition: Condition::None,
        }])
        .await?;
    Ok(())
}
