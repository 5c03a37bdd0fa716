//! Where players live and where the operator is licensed (docs/decisions/026): `POST /users/residence` for a
//! player who has not said yet, `GET /states` for the list, and the checks that keep players of unlicensed states
//! from depositing or playing. They can still browse.

use actix_web::{get, post, web, HttpRequest, HttpResponse};
use serde::Deserialize;
use serde_json::json;
use utoipa::ToSchema;

use ayo_data::residence::{parse_state, state_name, Licence, STATES};
use ayo_data::user::User;

use crate::error::ApiError;
use crate::http::extract::PlayerUser;
use crate::http::json::JsonBody;
use crate::http::schema::{Envelope, ErrorBody, ServiceConfig};
use crate::http::state::AppState;

pub fn configure(cfg: &mut ServiceConfig) {
    cfg.service(list_states).service(set_residence);
}

/// What a deposit needs: a state of residence the operator is licensed in.
pub fn refuse_deposit_outside_licence(state: &AppState, user: &User) -> Result<(), ApiError> {
    match user.state.as_deref() {
        None => Err(ApiError::Residence {
            message: "Tell us your state of residence before your first deposit: lotteries are licensed by state."
                .into(),
            code: "STATE_REQUIRED",
        }),
        Some(code) => refuse_unlicensed(&state.store.meta.licence()?, code),
    }
}

/// What a ticket needs: not a state the operator is unlicensed in. A player who has not said (only possible for
/// accounts from before residence was asked) is asked at their next deposit.
pub fn refuse_play_outside_licence(state: &AppState, user: &User) -> Result<(), ApiError> {
    match user.state.as_deref() {
        None => Ok(()),
        Some(code) => refuse_unlicensed(&state.store.meta.licence()?, code),
    }
}

fn refuse_unlicensed(licence: &Licence, code: &str) -> Result<(), ApiError> {
    if licence.covers(code) {
        return Ok(());
    }
    Err(ApiError::Residence {
        message: format!(
            "Ayo Lotto is not licensed in {}, so players who live there cannot deposit or play. You can still \
             browse draws and results.",
            state_name(code)
        ),
        code: "STATE_NOT_LICENSED",
    })
}

/// The states and whether the operator is licensed in each: the sign-up and residence pickers' options.
pub fn states_view(licence: &Licence) -> serde_json::Value {
    let states: Vec<_> = STATES
        .iter()
        .map(|(code, name)| json!({ "code": code, "name": name, "licensed": licence.covers(code) }))
        .collect();
    json!({ "data": states })
}

#[utoipa::path(
    summary = "Nigeria's states and the FCT (ISO 3166-2:NG codes), each with whether Ayo Lotto is licensed there",
    tag = "accounts",
    responses((status = 200, description = "data: [{code, name, licensed}]", body = Envelope))
)]
#[get("/states")]
async fn list_states(state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    Ok(HttpResponse::Ok().json(states_view(&state.store.meta.licence()?)))
}

#[derive(Deserialize, Default, ToSchema)]
#[serde(default)]
struct ResidenceBody {
    /// ISO 3166-2:NG code: `LA`, `KN`, `FC`…
    #[schema(required = true, example = "LA")]
    state: String,
}

#[utoipa::path(
    summary = "Say my state of residence (once; changing it later goes through support)",
    tag = "accounts",
    security(("bearer" = [])),
    request_body = ResidenceBody,
    responses(
        (status = 200, description = "data: the user", body = Envelope),
        (status = 409, description = "Already set", body = ErrorBody),
        (status = 422, description = "Not a state's code", body = ErrorBody),
    )
)]
#[post("/users/residence")]
async fn set_residence(
    req: HttpRequest,
    state: web::Data<AppState>,
    PlayerUser(user): PlayerUser,
    JsonBody(body): JsonBody<ResidenceBody>,
) -> Result<HttpResponse, ApiError> {
    let code = parse_state(&body.state).ok_or_else(|| {
        ApiError::field("state", "Choose your state of residence from the list (a code such as LA for Lagos)")
    })?;
    let changed = state.store.users.update(user.id, |u| {
        if u.state.is_some() {
            return false;
        }
        u.state = Some(code.to_string());
        true
    })?;
    let Some((updated, true)) = changed else {
        return Err(ApiError::Conflict(
            "Your state of residence is already on record. To change it, contact support with proof of address.".into(),
        ));
    };
    state.store.flush().await?;
    state.audit(Some(&req), Some(&updated), "user.residence", Some(format!("user:{}", updated.id)), code.to_string());
    let balance = state.store.books.balance(updated.id)?;
    Ok(HttpResponse::Ok().json(json!({ "message": "Saved", "data": crate::http::views::user(&updated, balance) })))
}
