//! Public messages: `POST /contacts/create` (the contact form) and `GET /marquees/active`.

use actix_web::{get, post, web, HttpRequest, HttpResponse};
use chrono::Utc;
use serde::Deserialize;
use serde_json::json;
use utoipa::ToSchema;

use ayo_data::account::{Email, PersonName};
use ayo_data::notice::Contact;

use crate::error::{ApiError, FieldErrors};
use crate::http::extract::{bearer, session_for_token};
use crate::http::json::JsonBody;
use crate::http::realtime::snapshot::receives_marketing;
use crate::http::schema::{Envelope, ErrorBody, ServiceConfig};
use crate::http::state::client_ip;
use crate::http::state::AppState;
use crate::rate_limit::Limit;

pub fn configure(cfg: &mut ServiceConfig) {
    cfg.service(create_contact).service(active_marquees);
}

#[derive(Deserialize, Default, ToSchema)]
#[serde(default)]
struct ContactBody {
    #[schema(required = true)]
    name: String,
    #[schema(required = true, format = Email)]
    email: String,
    #[schema(required = true, max_length = 120)]
    subject: String,
    #[schema(required = true, min_length = 10, max_length = 5000)]
    message: String,
}

/// A handful of messages a minute per address is plenty for people and useless for spam.
const CONTACTS_PER_IP: Limit = Limit::per_minute(5);

#[utoipa::path(
    summary = "Send a message to the operator",
    tag = "public",
    request_body = ContactBody,
    responses(
        (status = 201, description = "Stored"),
        (status = 429, description = "Rate limited", body = ErrorBody),
    )
)]
#[post("/contacts/create")]
async fn create_contact(
    req: HttpRequest,
    state: web::Data<AppState>,
    JsonBody(body): JsonBody<ContactBody>,
) -> Result<HttpResponse, ApiError> {
    state.limiter.hit(&format!("contact-ip:{}", client_ip(&req)), CONTACTS_PER_IP).await?;
    let mut errors = FieldErrors::default();
    let required = "All fields are required";
    let name = errors
        .required("name", &body.name, required)
        .then(|| errors.check("name", PersonName::parse(&body.name)))
        .flatten();
    let email = errors
        .required("email", &body.email, required)
        .then(|| errors.check("email", Email::parse(&body.email)))
        .flatten();
    let subject = body.subject.trim().to_string();
    if errors.required("subject", &subject, required) && subject.chars().count() > 120 {
        errors.push("subject", "Subject must be at most 120 characters".into());
    }
    let message = body.message.trim().to_string();
    if errors.required("message", &message, required) && !(10..=5_000).contains(&message.chars().count()) {
        errors.push("message", "Message must be between 10 and 5,000 characters".into());
    }
    errors.finish()?;
    let (Some(name), Some(email)) = (name, email) else { return Err(ApiError::field("name", required)) };
    let contact = Contact {
        id: state.store.notices.next_id()?,
        name: name.as_str().to_string(),
        email: email.as_str().to_string(),
        subject,
        message,
        created_at: Utc::now(),
        resolved_at: None,
        resolved_by: None,
    };
    state.store.notices.put_contact(&contact)?;
    state.store.flush().await?;
    Ok(HttpResponse::Created().json(json!({
        "data": { "id": contact.id },
        "message": "Thank you. We have your message and will reply by email.",
    })))
}

#[utoipa::path(
    summary = "Marquee messages live now",
    description = "Public. A signed-in player on a time-out or self-exclusion who sends their token gets an empty \
        list (no marketing to excluded players). A missing or invalid token reads as a guest, never 401.",
    tag = "public",
    responses(
        (status = 200, description = "data: [Marquee]", body = Envelope),
    )
)]
#[get("/marquees/active")]
async fn active_marquees(req: HttpRequest, state: web::Data<AppState>) -> HttpResponse {
    let user = bearer(&req).and_then(|token| session_for_token(&state, &token).ok()).map(|(user, _)| user);
    if user.is_some_and(|u| !receives_marketing(&state, &u)) {
        return HttpResponse::Ok().json(json!({ "data": [] }));
    }
    HttpResponse::Ok().json(json!({ "data": ayo_actors::marquee::live(&state.store) }))
}
