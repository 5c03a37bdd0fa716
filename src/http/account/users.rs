//! `POST /users/create`: sign-up. The answer is the same whether the email or phone is new or taken (the mail
//! tells the owner what happened), so the form cannot be used to learn who plays.

use actix_web::{post, web, HttpRequest, HttpResponse};
use serde::Deserialize;
use serde_json::json;
use utoipa::ToSchema;

use ayo_data::account::{DateOfBirth, Email, Password, PersonName, PhoneNumber};
use ayo_data::residence::parse_state;
use ayo_data::seam::{OtpPurpose, SignUp};
use ayo_data::user::NewPlayer;

use super::otps::send_code;
use crate::error::{ApiError, FieldErrors};
use crate::http::json::JsonBody;
use crate::http::schema::{Envelope, ErrorBody, ServiceConfig};
use crate::http::state::client_ip;
use crate::http::state::AppState;
use crate::mail::templates;

pub fn configure(cfg: &mut ServiceConfig) {
    cfg.service(create);
}

#[derive(Deserialize, Default, ToSchema)]
#[serde(default, rename_all = "camelCase")]
struct SignUpBody {
    #[schema(required = true, max_length = 70)]
    name: String,
    #[schema(required = true, max_length = 50, format = Email)]
    email: String,
    /// Date of birth: players are 18 or older.
    #[schema(required = true, format = Date)]
    dob: String,
    #[schema(required = true, pattern = "^\\+?[0-9]{11,19}$")]
    phone_number: String,
    #[schema(required = true, min_length = 6, max_length = 128)]
    password: String,
    /// State of residence, an ISO 3166-2:NG code (`LA`, `KN`, `FC`…); optional here, asked before the first
    /// deposit when not given.
    #[schema(max_length = 5, example = "LA")]
    state: String,
}

const REQUIRED: &str = "All fields are required";

/// An optional state of residence: `None` when not given, an error on `state` when not a state's code.
pub fn residence_of(raw: &str, errors: &mut FieldErrors) -> Option<&'static str> {
    if raw.trim().is_empty() {
        return None;
    }
    let code = parse_state(raw);
    if code.is_none() {
        errors.push("state", "Choose your state of residence from the list (a code such as LA for Lagos)".into());
    }
    code
}

#[utoipa::path(
    summary = "Sign up (emails a verification code)",
    tag = "accounts",
    request_body = SignUpBody,
    responses(
        (status = 201, description = "Created (same answer whether or not the email is taken)", body = Envelope),
        (status = 429, description = "Rate limited (Retry-After header)", body = ErrorBody),
    )
)]
#[post("/users/create")]
async fn create(
    req: HttpRequest,
    state: web::Data<AppState>,
    JsonBody(body): JsonBody<SignUpBody>,
) -> Result<HttpResponse, ApiError> {
    state.limiter.hit(&format!("signup-ip:{}", client_ip(&req)), state.limits.otp_send_per_ip).await?;
    let mut errors = FieldErrors::default();
    let mut parse = |field: &str, raw: &str| errors.required(field, raw, REQUIRED);
    let present = [
        parse("name", &body.name),
        parse("email", &body.email),
        parse("dob", &body.dob),
        parse("phoneNumber", &body.phone_number),
        parse("password", &body.password),
    ];
    let [has_name, has_email, has_dob, has_phone, has_password] = present;
    let name = has_name.then(|| errors.check("name", PersonName::parse(&body.name))).flatten();
    let email = has_email.then(|| errors.check("email", Email::parse(&body.email))).flatten();
    let dob = has_dob.then(|| errors.check("dob", DateOfBirth::parse(&body.dob, state.today()))).flatten();
    let phone = has_phone.then(|| errors.check("phoneNumber", PhoneNumber::parse(&body.phone_number))).flatten();
    let password = has_password.then(|| errors.check("password", Password::parse(&body.password))).flatten();
    let residence = residence_of(&body.state, &mut errors);
    errors.finish()?;
    let (Some(name), Some(email), Some(dob), Some(phone), Some(password)) = (name, email, dob, phone, password) else {
        return Err(ApiError::BadRequest(REQUIRED.into()));
    };
    state.limiter.hit(&format!("otp-send:verification:{}", email.as_str()), state.limits.otp_send_per_email).await?;
    super::otps::fresh_tries(&state, OtpPurpose::Verification, &email).await;

    let password_hash = state.hashing.hash(&client_ip(&req), password.expose()).await?;
    let new = NewPlayer { name: name.clone(), email: email.clone(), phone, dob, password_hash, state: residence };
    let store = state.store.clone();
    let outcome = web::block(move || store.users.sign_up(new)).await??;
    state.store.flush().await?;
    // Codes and mails go out after the answer, so how long it takes says nothing about which case this was.
    let background = state.background.clone();
    let state = state.into_inner();
    background.spawn(async move {
        let sent = match outcome {
            SignUp::Created(user) | SignUp::Replaced(user) => send_code(&state, &user, OtpPurpose::Verification).await,
            SignUp::EmailTaken(user) => {
                state.send_mail(templates::already_registered(&user.email, &user.name)).await;
                Ok(())
            }
            SignUp::PhoneTaken(owner) => {
                state.send_mail(templates::phone_taken(&owner.email, &owner.name)).await;
                Ok(())
            }
        };
        if let Err(e) = sent {
            tracing::error!(error = %e, "could not send the sign-up code");
        }
    });
    Ok(HttpResponse::Created().json(json!({
        "data": { "name": name.as_str(), "email": email.as_str() },
        "message": "Account created successfully! Enter the code we sent to your email to verify it.",
    })))
}
