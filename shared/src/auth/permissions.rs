//! Permissions of API keys and roles, and the modules of plans.

use serde::{Deserialize, Serialize};

/// What an API key may call.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum KeyPermission {
    #[serde(rename = "calc:read")]
    CalcRead,
    #[serde(rename = "content:read")]
    ContentRead,
    #[serde(rename = "chart:read")]
    ChartRead,
    #[serde(rename = "modules:read")]
    ModulesRead,
    /// Managing keys with a key: create, list, view, edit, rotate and revoke
    /// the keys it created (directly or through keys it created) and itself,
    /// never more than it holds. Opt-in only: never in [`Self::DEFAULT`].
    #[serde(rename = "keys:write")]
    KeysWrite,
    /// Setting the organization's compatibility-date pin
    /// (`PATCH /api/org/api-version`), which changes the answers of every
    /// client of the organization. Opt-in only: never in [`Self::DEFAULT`].
    #[serde(rename = "api-version:write")]
    ApiVersionWrite,
}

impl KeyPermission {
    /// Every key permission there is.
    pub const ALL: [KeyPermission; 6] =
        [Self::CalcRead, Self::ContentRead, Self::ChartRead, Self::ModulesRead, Self::KeysWrite, Self::ApiVersionWrite];

    /// What a key gets when it is created without `permissions`: every
    /// permission to call the service, none to manage keys or the
    /// organization. A key that can make keys is a credential that can
    /// multiply itself, and a key that moves the version pin changes what
    /// every other client of the organization gets, so both must be asked
    /// for by name.
    pub const DEFAULT: [KeyPermission; 4] = [Self::CalcRead, Self::ContentRead, Self::ChartRead, Self::ModulesRead];

    pub fn id(self) -> &'static str {
        match self {
            Self::CalcRead => "calc:read",
            Self::ContentRead => "content:read",
            Self::ChartRead => "chart:read",
            Self::ModulesRead => "modules:read",
            Self::KeysWrite => "keys:write",
            Self::ApiVersionWrite => "api-version:write",
        }
    }

    pub fn parse(id: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|p| p.id() == id)
    }

    /// The role permission a key permission stands for: a key never holds
    /// a permission its owner's role lacks.
    ///
    /// `keys:write` stands for `org:read`, membership itself: every member,
    /// whatever the role, may create keys and manage the keys they created
    /// (key management rule 2), and a key with `keys:write` reaches no more
    /// than that (its own keys, never the organization's as an owner or a
    /// manager does), so it needs no permission a member lacks.
    ///
    /// `api-version:write` stands for `org:update`, what a signed-in user
    /// needs to set the pin: only owners' and managers' keys may hold it.
    pub fn role_permission(self) -> &'static str {
        match self {
            Self::CalcRead => "calc:use",
            Self::ContentRead => "content:read",
            Self::ChartRead => "chart:use",
            Self::ModulesRead => "modules:read",
            Self::KeysWrite => "org:read",
            Self::ApiVersionWrite => "org:update",
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Role {
    Owner,
    Manager,
    Member,
}

/// The role permission table of the interface: owner holds all, manager
/// those held by two roles, member those held by all three.
const ROLE_TABLE: &[(&str, &[Role])] = &[
    ("org:create", &[Role::Owner]),
    ("org:read", &[Role::Owner, Role::Manager, Role::Member]),
    ("org:update", &[Role::Owner, Role::Manager]),
    ("org:users:read", &[Role::Owner, Role::Manager]),
    ("org:users:create", &[Role::Owner, Role::Manager]),
    ("org:users:update", &[Role::Owner, Role::Manager]),
    ("org:users:delete", &[Role::Owner, Role::Manager]),
    ("billing:read", &[Role::Owner, Role::Manager]),
    ("billing:manage", &[Role::Owner, Role::Manager]),
    ("content:read", &[Role::Owner, Role::Manager, Role::Member]),
    ("content:create", &[Role::Owner, Role::Manager]),
    ("content:update", &[Role::Owner, Role::Manager]),
    ("content:delete", &[Role::Owner, Role::Manager]),
    ("content:custom-copy", &[Role::Owner, Role::Manager, Role::Member]),
    ("content:restore", &[Role::Owner, Role::Manager]),
    ("calc:use", &[Role::Owner, Role::Manager, Role::Member]),
    ("chart:use", &[Role::Owner, Role::Manager, Role::Member]),
    ("modules:read", &[Role::Owner, Role::Manager, Role::Member]),
    ("admin:access", &[Role::Owner]),
];

impl Role {
    pub fn id(self) -> &'static str {
        match self {
            Self::Owner => "owner",
            Self::Manager => "manager",
            Self::Member => "member",
        }
    }

    pub fn has(self, permission: &str) -> bool {
        ROLE_TABLE.iter().any(|(name, roles)| *name == permission && roles.contains(&self))
    }

    pub fn permissions() -> impl Iterator<Item = &'static str> {
        ROLE_TABLE.iter().map(|(name, _)| *name)
    }
}

/// Plan features.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Module {
    AiSummary,
    PdfReports,
    Widgets,
    Chat,
    Chinese,
    Numerology,
    Content,
    Vedic,
}

impl Module {
    pub const ALL: [Module; 8] =
        [Self::AiSummary, Self::PdfReports, Self::Widgets, Self::Chat, Self::Chinese, Self::Numerology, Self::Content, Self::Vedic];

    pub fn id(self) -> &'static str {
        match self {
            Self::AiSummary => "ai-summary",
            Self::PdfReports => "pdf-reports",
            Self::Widgets => "widgets",
            Self::Chat => "chat",
            Self::Chinese => "chinese",
            Self::Numerology => "numerology",
            Self::Content => "content",
            Self::Vedic => "vedic",
        }
    }

    pub fn parse(id: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|m| m.id() == id)
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Plan {
    Free,
    Basic,
    Premium,
    Deluxe,
}

impl Plan {
    pub const ALL: [Plan; 4] = [Self::Free, Self::Basic, Self::Premium, Self::Deluxe];

    pub fn id(self) -> &'static str {
        match self {
            Self::Free => "free",
            Self::Basic => "basic",
            Self::Premium => "premium",
            Self::Deluxe => "deluxe",
        }
    }

    /// Modules by plan. The AI summary is in premium and deluxe (interface).
    pub fn modules(self) -> &'static [Module] {
        use Module::*;
        match self {
            Self::Free => &[Numerology, Content],
            Self::Basic => &[Numerology, Content, Chinese, Widgets, Vedic],
            Self::Premium => &[Numerology, Content, Chinese, Widgets, Vedic, Chat, PdfReports, AiSummary],
            Self::Deluxe => &[Numerology, Content, Chinese, Widgets, Vedic, Chat, PdfReports, AiSummary],
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn role_table_marks_follow_the_rule() {
        // owner holds all; member exactly those of all three; manager those of two or three.
        for permission in Role::permissions() {
            assert!(Role::Owner.has(permission), "{permission}");
            let holders = [Role::Owner, Role::Manager, Role::Member].into_iter().filter(|r| r.has(permission)).count();
            assert_eq!(Role::Member.has(permission), holders == 3, "{permission}");
            assert_eq!(Role::Manager.has(permission), holders >= 2, "{permission}");
        }
        assert!(!Role::Manager.has("admin:access"));
        assert!(!Role::Member.has("content:create"));
    }

    #[test]
    fn every_key_permission_maps_to_a_role_permission() {
        for permission in KeyPermission::ALL {
            assert!(Role::permissions().any(|p| p == permission.role_permission()));
        }
    }

    #[test]
    fn key_management_is_never_a_default_and_every_member_may_hold_it() {
        assert!(!KeyPermission::DEFAULT.contains(&KeyPermission::KeysWrite));
        assert_eq!(KeyPermission::parse("keys:write"), Some(KeyPermission::KeysWrite));
        for role in [Role::Owner, Role::Manager, Role::Member] {
            assert!(role.has(KeyPermission::KeysWrite.role_permission()), "{role:?}");
        }
    }

    #[test]
    fn the_version_pin_is_never_a_default_and_only_owners_and_managers_may_hold_it() {
        assert!(!KeyPermission::DEFAULT.contains(&KeyPermission::ApiVersionWrite));
        assert_eq!(KeyPermission::parse("api-version:write"), Some(KeyPermission::ApiVersionWrite));
        let holders: Vec<Role> = [Role::Owner, Role::Manager, Role::Member]
            .into_iter()
            .filter(|r| r.has(KeyPermission::ApiVersionWrite.role_permission()))
            .collect();
        assert_eq!(holders, [Role::Owner, Role::Manager]);
    }

    #[test]
    fn the_defaults_are_every_permission_but_the_opt_in_ones() {
        let opt_in = [KeyPermission::KeysWrite, KeyPermission::ApiVersionWrite];
        let rest: Vec<KeyPermission> = KeyPermission::ALL.into_iter().filter(|p| !opt_in.contains(p)).collect();
        assert_eq!(rest, KeyPermission::DEFAULT);
    }
}
