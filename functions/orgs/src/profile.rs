//! The signed-in user's profile: the token's claims name them; what the
//! store already knows fills what a token leaves out.

use shared::auth::jwt::UserClaims;
use shared::http::{ApiError, AppState};
use shared::repo::orgs::{self, User};

fn given(value: Option<&str>) -> Option<String> {
    value.map(str::trim).filter(|v| !v.is_empty()).map(str::to_owned)
}

/// The profile to record for the user of `claims`. A token without a name
/// keeps the stored one; a user never named at all is shown by their email.
pub async fn of(app: &AppState, claims: &UserClaims) -> Result<User, ApiError> {
    let stored = orgs::get_user(app.table.as_ref(), &claims.sub).await?;
    let email = given(claims.email.as_deref()).or_else(|| stored.as_ref().map(|u| u.email.clone())).unwrap_or_default();
    let name =
        given(claims.name.as_deref()).or_else(|| stored.as_ref().and_then(|u| given(Some(&u.name)))).unwrap_or_else(|| email.clone());
    Ok(User { id: claims.sub.clone(), email, name })
}
