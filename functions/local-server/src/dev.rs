//! `local-server dev-token`: bearer tokens for local dashboard users,
//! signed with the server's own HS256 secret.

use shared::auth::jwt::{JwtError, JwtVerifier};
use shared::config::JwtSettings;

/// How long a dev token lives: a working day, unless the server takes less.
const DEV_TOKEN_LIFETIME_SECONDS: i64 = 12 * 3600;

/// The domain of local users' addresses. Invitations take only addresses
/// whose domain has two labels or more, locally as deployed (the rule is
/// the document's, and a local server that accepted `someone@localhost`
/// would teach a flow production refuses), so a dev token cannot carry
/// `@localhost`. `.test` is reserved for testing (RFC 2606): no mail ever
/// reaches anyone there.
pub const DEV_EMAIL_DOMAIN: &str = "local.test";

/// The email claim of `user_id`'s dev tokens, the address to invite them
/// at: `<user-id>@local.test`, or the id itself when it is already an
/// address (a deployed table's owner is by default known by their email).
pub fn dev_email(user_id: &str) -> String {
    if user_id.contains('@') { user_id.to_owned() } else { format!("{user_id}@{DEV_EMAIL_DOMAIN}") }
}

/// A token for `user_id` (its `sub`) with [`dev_email`], as `dev-token`
/// prints it.
pub fn dev_token(settings: &JwtSettings, user_id: &str) -> Result<String, JwtError> {
    let verifier = JwtVerifier::new(&settings.key, &settings.issuer, &settings.audience)?.with_max_lifetime(settings.max_lifetime_seconds);
    let lifetime = verifier.max_lifetime_seconds().min(DEV_TOKEN_LIFETIME_SECONDS);
    verifier.mint(user_id, &dev_email(user_id), lifetime)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn local_users_get_an_address_of_the_reserved_test_domain() {
        assert_eq!(dev_email("ada"), "ada@local.test");
        assert_eq!(dev_email(crate::bootstrap::LOCAL_OWNER_ID), crate::bootstrap::LOCAL_OWNER_EMAIL);
        assert_eq!(dev_email("ada@example.com"), "ada@example.com");
    }
}
