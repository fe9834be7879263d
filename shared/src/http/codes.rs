//! Every error code the API answers with: one table, from which the error
//! bodies take their status and title, and against which the OpenAPI
//! document's `ErrorObject.code` enum and the docs' error table are checked
//! (`tests/api/error_codes.rs`). A new code is a new row here.

use axum::http::StatusCode;

macro_rules! codes {
    ($($variant:ident = $id:literal, $status:literal, $title:literal;)*) => {
        /// A stable, machine-readable reason of an error answer.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum Code {
            $($variant,)*
        }

        impl Code {
            /// Every code, in the table's order.
            pub const ALL: &'static [Code] = &[$(Code::$variant,)*];

            /// What a client branches on: `invalid_field`, `rate_limited`, ...
            pub fn id(self) -> &'static str {
                match self {
                    $(Code::$variant => $id,)*
                }
            }

            /// The status the code answers with (`more_errors` takes its
            /// answer's; `invalid_parameter` is a 400 for a malformed
            /// query of a single resource, see `ApiError::bad_request`).
            pub fn status(self) -> StatusCode {
                match self {
                    $(Code::$variant => StatusCode::from_u16($status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR),)*
                }
            }

            pub fn title(self) -> &'static str {
                match self {
                    $(Code::$variant => $title,)*
                }
            }
        }
    };
}

codes! {
    MalformedJson = "malformed_json", 400, "Malformed JSON";
    OrganizationRequired = "organization_required", 400, "Bad request";
    MissingApiKey = "missing_api_key", 401, "Unauthorized";
    InvalidApiKey = "invalid_api_key", 401, "Unauthorized";
    RevokedApiKey = "revoked_api_key", 401, "Unauthorized";
    ExpiredApiKey = "expired_api_key", 401, "Unauthorized";
    MissingToken = "missing_token", 401, "Unauthorized";
    InvalidToken = "invalid_token", 401, "Unauthorized";
    InvalidLink = "invalid_link", 401, "Unauthorized";
    ExpiredLink = "expired_link", 401, "Unauthorized";
    RevokedLink = "revoked_link", 401, "Unauthorized";
    MissingUserHash = "missing_user_hash", 401, "Unauthorized";
    InvalidUserHash = "invalid_user_hash", 401, "Unauthorized";
    PermissionDenied = "permission_denied", 403, "Forbidden";
    ModuleNotInPlan = "module_not_in_plan", 403, "Forbidden";
    ModuleNotAllowed = "module_not_allowed", 403, "Forbidden";
    DomainNotAllowed = "domain_not_allowed", 403, "Forbidden";
    WidgetDisabled = "widget_disabled", 403, "Forbidden";
    ChatbotDisabled = "chatbot_disabled", 403, "Forbidden";
    InsufficientRole = "insufficient_role", 403, "Forbidden";
    PermissionExceedsRole = "permission_exceeds_role", 403, "Forbidden";
    PermissionExceedsOwnerRole = "permission_exceeds_owner_role", 403, "Forbidden";
    PermissionExceedsKey = "permission_exceeds_key", 403, "Forbidden";
    ModuleExceedsKey = "module_exceeds_key", 403, "Forbidden";
    DomainExceedsKey = "domain_exceeds_key", 403, "Forbidden";
    ExpiryExceedsKey = "expiry_exceeds_key", 403, "Forbidden";
    RateLimitExceedsKey = "rate_limit_exceeds_key", 403, "Forbidden";
    InvitationEmailMismatch = "invitation_email_mismatch", 403, "Forbidden";
    NotThroughCdn = "not_through_cdn", 403, "Forbidden";
    TextsNotAllowed = "texts_not_allowed", 403, "Forbidden";
    NotFound = "not_found", 404, "Not found";
    WidgetNotFound = "widget_not_found", 404, "Not found";
    ChatbotNotFound = "chatbot_not_found", 404, "Not found";
    ConversationNotFound = "conversation_not_found", 404, "Not found";
    MethodNotAllowed = "method_not_allowed", 405, "Method not allowed";
    LastOwner = "last_owner", 409, "Conflict";
    IdMismatch = "id_mismatch", 409, "Conflict";
    AlreadyMember = "already_member", 409, "Conflict";
    InvitationExists = "invitation_exists", 409, "Conflict";
    InvitationAccepted = "invitation_accepted", 409, "Conflict";
    KeyRevoked = "key_revoked", 409, "Conflict";
    KeyChanged = "key_changed", 409, "Conflict";
    OwnerNotMember = "owner_not_member", 409, "Conflict";
    Conflict = "conflict", 409, "Conflict";
    CopyExists = "copy_exists", 409, "Conflict";
    NotACopy = "not_a_copy", 409, "Conflict";
    ProfileExists = "profile_exists", 409, "Conflict";
    PayloadTooLarge = "payload_too_large", 413, "Payload too large";
    InvalidField = "invalid_field", 422, "Invalid field";
    MissingField = "missing_field", 422, "Missing field";
    AmbiguousPlace = "ambiguous_place", 422, "Invalid field";
    InvalidParameter = "invalid_parameter", 422, "Invalid parameter";
    MoreErrors = "more_errors", 422, "More errors";
    RateLimited = "rate_limited", 429, "Too many requests";
    QuotaExceeded = "quota_exceeded", 429, "Too many requests";
    InternalError = "internal_error", 500, "Internal server error";
    ServiceUnavailable = "service_unavailable", 503, "Service unavailable";
    SummaryBusy = "summary_busy", 503, "Service unavailable";
}

impl std::fmt::Display for Code {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.id())
    }
}

#[cfg(test)]
mod tests {
    use super::Code;

    #[test]
    fn ids_are_unique_snake_case_and_statuses_errors() {
        let mut seen = std::collections::HashSet::new();
        for code in Code::ALL {
            assert!(seen.insert(code.id()), "{} twice", code.id());
            assert!(code.id().bytes().all(|b| b.is_ascii_lowercase() || b == b'_'), "{}", code.id());
            assert!(code.status().is_client_error() || code.status().is_server_error(), "{}", code.id());
        }
    }
}
