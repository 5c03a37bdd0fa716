//! The one error type handlers return, and its JSON shape (docs/api-accounts.md):
//! `{message, errorCode?, errors?, data?}`.
//!
//! Internal causes are logged with their whole chain and never shown to the client.

use std::collections::BTreeMap;

use actix_web::http::{header, StatusCode};
use actix_web::{HttpResponse, ResponseError};
use serde_json::json;

use ayo_data::account::Invalid;

#[derive(Debug, thiserror::Error)]
pub enum ApiError {
    #[error("{message}")]
    Validation { message: String, errors: BTreeMap<String, Vec<String>> },
    /// A 422 about one field that also carries a machine-readable code (`INSUFFICIENT_FUNDS`, `DRAW_CLOSED`).
    #[error("{message}")]
    Coded { field: String, message: String, code: &'static str },
    #[error("{0}")]
    BadRequest(String),
    /// No token, or one that is expired, tampered with or outdated.
    #[error("Your session has expired, please login again")]
    Unauthenticated,
    #[error("Invalid login details")]
    InvalidCredentials,
    #[error("You do not have permission to do this")]
    Forbidden,
    #[error("Please verify your email address. We have sent a new code to {email}.")]
    Unverified { email: String },
    #[error("This account is suspended. Please contact support.")]
    Suspended,
    #[error("Too many attempts. Please try again in {} minute(s).", retry_after_secs.div_ceil(60))]
    RateLimited { retry_after_secs: u64 },
    #[error("{0} not found")]
    NotFound(&'static str),
    /// The resource is not in the state the request needs yet (409 `CONFLICT`): e.g. a draw still on sale.
    #[error("{0}")]
    Conflict(String),
    /// A 409 `CONFLICT` about one field whose value is already taken (a witness commitment pooled before).
    #[error("{message}")]
    FieldConflict { field: String, message: String },
    /// The player is on a time-out or self-exclusion: no tickets, no deposits (403 `EXCLUDED`).
    #[error("{message}")]
    Excluded { message: String, until: String },
    /// Where the player lives keeps them from depositing or playing (403 `STATE_REQUIRED`: not said yet;
    /// `STATE_NOT_LICENSED`: a state the operator holds no licence in).
    #[error("{message}")]
    Residence { message: String, code: &'static str },
    /// A withdrawal before the player's NIN is verified (403 `KYC_REQUIRED`, decision 024); `status` is where their
    /// identity check stands (`none`, `review`, `rejected`).
    #[error("{message}")]
    KycRequired { message: String, status: &'static str },
    /// A draw not opened for sale because no independent witness has signed its commitment (409 `NO_WITNESS`,
    /// naming `draw_id`; docs/fairness.md, "No sale without an independent party").
    #[error("{0}")]
    NoWitness(String),
    /// A sale that would take its draw past a risk limit, or picks a closed number (409 `LIABILITY_LIMIT`, decision
    /// 048); `largest_stake_per_line` is the most the draw would still take on this ticket, if any.
    #[error("{message}")]
    LiabilityLimit { message: String, largest_stake_per_line: Option<ayo_data::money::Kobo> },
    /// The payment gateway gave no usable answer; try again later (503 `GATEWAY_UNAVAILABLE`).
    #[error("{0}")]
    GatewayUnavailable(String),
    #[error("Something went wrong, please contact admin")]
    Internal(#[from] anyhow::Error),
}

impl ApiError {
    /// A 422 for one field.
    pub fn field(field: &str, message: impl Into<String>) -> Self {
        let message = message.into();
        let errors = BTreeMap::from([(field.to_string(), vec![message.clone()])]);
        Self::Validation { message, errors }
    }

    pub fn coded(field: &str, message: impl Into<String>, code: &'static str) -> Self {
        Self::Coded { field: field.to_string(), message: message.into(), code }
    }

    pub fn internal(e: impl Into<anyhow::Error>) -> Self {
        Self::Internal(e.into())
    }
}

impl From<ayo_data::StoreError> for ApiError {
    fn from(e: ayo_data::StoreError) -> Self {
        Self::Internal(e.into())
    }
}

impl From<actix_web::error::BlockingError> for ApiError {
    fn from(e: actix_web::error::BlockingError) -> Self {
        Self::Internal(anyhow::anyhow!("blocking task failed: {e}"))
    }
}

impl ResponseError for ApiError {
    fn status_code(&self) -> StatusCode {
        match self {
            Self::Validation { .. } | Self::Coded { .. } => StatusCode::UNPROCESSABLE_ENTITY,
            Self::BadRequest(_) => StatusCode::BAD_REQUEST,
            Self::Unauthenticated | Self::InvalidCredentials => StatusCode::UNAUTHORIZED,
            Self::Forbidden | Self::Unverified { .. } | Self::Suspended => StatusCode::FORBIDDEN,
            Self::RateLimited { .. } => StatusCode::TOO_MANY_REQUESTS,
            Self::NotFound(_) => StatusCode::NOT_FOUND,
            Self::Conflict(_) | Self::FieldConflict { .. } | Self::NoWitness(_) | Self::LiabilityLimit { .. } => {
                StatusCode::CONFLICT
            }
            Self::Excluded { .. } | Self::Residence { .. } | Self::KycRequired { .. } => StatusCode::FORBIDDEN,
            Self::GatewayUnavailable(_) => StatusCode::SERVICE_UNAVAILABLE,
            Self::Internal(cause) if store_unavailable(cause) => StatusCode::SERVICE_UNAVAILABLE,
            Self::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }

    fn error_response(&self) -> HttpResponse {
        let message = self.to_string();
        let body = match self {
            Self::Validation { errors, .. } => json!({ "message": message, "errors": errors }),
            Self::Coded { field, code, .. } => {
                json!({ "message": message, "errorCode": code, "errors": { field.as_str(): [message.clone()] } })
            }
            Self::Unauthenticated => json!({ "message": message, "errorCode": "N403" }),
            Self::Forbidden => json!({ "message": message, "errorCode": "FORBIDDEN" }),
            Self::Unverified { email } => {
                json!({ "message": message, "errorCode": "UNVERIFIED", "data": { "email": email } })
            }
            Self::Suspended => json!({ "message": message, "errorCode": "SUSPENDED" }),
            Self::RateLimited { .. } => json!({ "message": message, "errorCode": "RATE_LIMITED" }),
            Self::Excluded { until, .. } => {
                json!({ "message": message, "errorCode": "EXCLUDED", "data": { "excluded_until": until } })
            }
            Self::Residence { code, .. } => json!({ "message": message, "errorCode": code }),
            Self::KycRequired { status, .. } => {
                json!({ "message": message, "errorCode": "KYC_REQUIRED", "data": { "identity_status": status } })
            }
            Self::GatewayUnavailable(_) => json!({ "message": message, "errorCode": "GATEWAY_UNAVAILABLE" }),
            Self::Conflict(_) => json!({ "message": message, "errorCode": "CONFLICT" }),
            Self::NoWitness(_) => {
                json!({ "message": message, "errorCode": "NO_WITNESS", "errors": { "draw_id": [message] } })
            }
            Self::LiabilityLimit { largest_stake_per_line, .. } => json!({
                "message": message,
                "errorCode": "LIABILITY_LIMIT",
                "data": { "largest_stake_per_line": largest_stake_per_line },
            }),
            Self::FieldConflict { field, .. } => {
                json!({ "message": message, "errorCode": "CONFLICT", "errors": { field.as_str(): [message.clone()] } })
            }
            Self::Internal(cause) if store_unavailable(cause) => {
                tracing::warn!(error = format!("{cause:#}"), "the cluster's database failed: answered 503");
                json!({ "message": STORE_UNAVAILABLE, "errorCode": "STORE_UNAVAILABLE" })
            }
            Self::Internal(cause) => {
                tracing::error!(error = format!("{cause:#}"), "internal error");
                json!({ "message": message })
            }
            _ => json!({ "message": message }),
        };
        let mut response = HttpResponse::build(self.status_code());
        if let Self::RateLimited { retry_after_secs } = self {
            response.insert_header((header::RETRY_AFTER, retry_after_secs.to_string()));
        }
        if self.status_code() == StatusCode::SERVICE_UNAVAILABLE {
            response.insert_header((header::RETRY_AFTER, "1"));
        }
        response.json(body)
    }
}

const STORE_UNAVAILABLE: &str = "The service is briefly unavailable; please try again";

/// Whether an internal failure is the cluster's database failing or out of reach (a cut link, a restart, a pool
/// that timed out): the request did nothing durable it could acknowledge, and the same request (same idempotency
/// key) may be sent again, so it answers 503 with `Retry-After` rather than a 500 (issue 33; docs/scaling.md,
/// "Failure modes"). A commit whose answer was lost on the way back is found by that retry, which answers the first
/// result.
fn store_unavailable(cause: &anyhow::Error) -> bool {
    cause.chain().any(|c| {
        matches!(c.downcast_ref::<ayo_data::StoreError>(), Some(ayo_data::StoreError::Database(_)))
            || matches!(
                c.downcast_ref::<ayo_data::pg::PgError>(),
                Some(ayo_data::pg::PgError::Postgres(_) | ayo_data::pg::PgError::Pool(_))
            )
    })
}

/// Collects field errors of one request. `message` is 'All fields are required' when a required field is missing
/// (docs/product.md §13), else the first problem found, so the 'Error!' dialog always names it.
#[derive(Default)]
pub struct FieldErrors {
    errors: BTreeMap<String, Vec<String>>,
    first: Option<String>,
    missing: bool,
}

impl FieldErrors {
    /// Records an empty required field.
    pub fn required(&mut self, field: &str, value: &str, message: &str) -> bool {
        let present = !value.trim().is_empty();
        if !present {
            self.missing = true;
            self.push(field, message.to_string());
        }
        present
    }

    /// Keeps a parsed value, or records why it was rejected.
    pub fn check<T>(&mut self, field: &str, parsed: Result<T, Invalid>) -> Option<T> {
        parsed.map_err(|Invalid(why)| self.push(field, why.to_string())).ok()
    }

    pub fn push(&mut self, field: &str, message: String) {
        self.first.get_or_insert_with(|| message.clone());
        self.errors.entry(field.to_string()).or_default().push(message);
    }

    pub fn finish(self) -> Result<(), ApiError> {
        if self.errors.is_empty() {
            return Ok(());
        }
        let message = if self.missing { "All fields are required".to_string() } else { self.first.unwrap_or_default() };
        Err(ApiError::Validation { message, errors: self.errors })
    }
}

/// A path value that does not parse (`/tickets/xyz`): 404 in the error envelope, naming the segment, instead of
/// actix's plain-text answer.
pub fn path_config() -> actix_web::web::PathConfig {
    actix_web::web::PathConfig::default().error_handler(|_err, req| {
        let (field, value) = req
            .match_info()
            .iter()
            .find(|(_, value)| value.parse::<u64>().is_err())
            .map(|(name, value)| (name.to_string(), value.to_string()))
            .unwrap_or_else(|| ("id".into(), String::new()));
        let message = format!("Nothing here has the {field} '{}'", clip(&value, 40));
        let body = json!({ "message": message, "errors": { field: [message.clone()] } });
        actix_web::error::InternalError::from_response(message, HttpResponse::NotFound().json(body)).into()
    })
}

/// A query value of the wrong kind (`?page=abc`): 422 naming the parameter.
pub fn query_config() -> actix_web::web::QueryConfig {
    actix_web::web::QueryConfig::default().error_handler(|err, req| {
        let field = bad_query_field(req.query_string()).unwrap_or_else(|| "query".into());
        let message = format!("{field} has the wrong type");
        tracing::debug!(error = %err, "query refused");
        let body = json!({ "message": message, "errors": { field: [message.clone()] } });
        actix_web::error::InternalError::from_response(message, HttpResponse::UnprocessableEntity().json(body)).into()
    })
}

/// Query parameters that are whole numbers wherever they appear.
const NUMERIC_PARAMS: &[&str] = &[
    "page",
    "per_page",
    "rows_per_page",
    "rowsPerPage",
    "game_id",
    "draw_id",
    "user_id",
    "limit",
    "last",
    "offset",
    "before",
    "number",
];

/// The first numeric parameter whose value is not a whole number.
fn bad_query_field(query: &str) -> Option<String> {
    query
        .split('&')
        .map(|pair| pair.split_once('=').unwrap_or((pair, "")))
        .find(|(k, v)| NUMERIC_PARAMS.contains(k) && v.parse::<u64>().is_err())
        .map(|(k, _)| clip(k, 40))
}

fn clip(text: &str, max: usize) -> String {
    text.chars().take(max).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_database_out_of_reach_answers_503_with_retry_after_and_a_bug_still_answers_500() {
        let unreachable = ayo_data::StoreError::Database("connection closed".into());
        // However deep it sits: a wallet's error keeps the store's below it.
        let from_wallet = ApiError::internal(ayo_actors::wallet::WalletError::Store(unreachable));
        assert_eq!(from_wallet.status_code(), StatusCode::SERVICE_UNAVAILABLE);
        let response = from_wallet.error_response();
        assert_eq!(response.headers().get(header::RETRY_AFTER).map(|v| v.as_bytes()), Some(&b"1"[..]));
        let direct = ApiError::from(ayo_data::StoreError::Database("pool timed out".into()));
        assert_eq!(direct.status_code(), StatusCode::SERVICE_UNAVAILABLE);

        let corrupt = ApiError::from(ayo_data::StoreError::Corrupt { tree: "tickets", detail: "bad".into() });
        assert_eq!(corrupt.status_code(), StatusCode::INTERNAL_SERVER_ERROR);
    }
}
