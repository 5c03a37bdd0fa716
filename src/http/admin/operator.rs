//! Back office → Settings: the operator's identity (docs/decisions/049), read with whether this production server
//! still lacks a licence number (staff see a banner), and saved with an audit entry naming what changed.

use actix_web::{get, post, web, HttpRequest, HttpResponse};
use serde::{Deserialize, Serialize};
use serde_json::json;
use utoipa::ToSchema;

use ayo_actors::events::{Event, EventKind, Topic};
use ayo_data::operator::{Operator, OperatorLicence};

use crate::error::{ApiError, FieldErrors};
use crate::http::extract::AdminUser;
use crate::http::json::JsonBody;
use crate::http::schema::{Envelope, ErrorBody, ServiceConfig};
use crate::http::state::AppState;
use crate::http::views::operator::operator as operator_view;

pub fn configure(cfg: &mut ServiceConfig) {
    cfg.service(get_operator).service(update_operator);
}

/// The identity, and `licence_missing`: a real payment gateway is configured ("production",
/// docs/architecture.md §12) yet no licence number is set.
fn answer(state: &AppState, operator: &Operator) -> serde_json::Value {
    let production = state.payments.gateway.name() != "sandbox";
    let mut view = operator_view(operator);
    view["production"] = json!(production);
    view["licence_missing"] = json!(production && !operator.is_licensed());
    json!({ "data": view })
}

#[utoipa::path(
    summary = "The operator's identity, with whether a production server lacks a licence number",
    responses((status = 200, description = "data: the public operator object plus {production, licence_missing}", body = Envelope))
)]
#[get("/operator")]
async fn get_operator(state: web::Data<AppState>, _: AdminUser) -> Result<HttpResponse, ApiError> {
    let operator = state.store.meta.operator()?;
    Ok(HttpResponse::Ok().json(answer(&state, &operator)))
}

#[derive(Deserialize, Serialize, Default, ToSchema)]
#[serde(default)]
struct LicenceBody {
    /// ISO 3166-2:NG code (`FC` for the federal commission).
    state: String,
    regulator: String,
    number: String,
}

/// Every field, as the form shows it: a field left out is saved empty.
#[derive(Deserialize, Default, ToSchema)]
#[serde(default)]
struct OperatorBody {
    company: String,
    rc_number: String,
    licences: Vec<LicenceBody>,
    address: String,
    /// `+2348012345678` or `08012345678`.
    support_phone: String,
    whatsapp: String,
    support_hours: String,
    reply_time: String,
}

/// The fields that differ, for the audit entry: "company, licences".
fn changed(before: &Operator, after: &Operator) -> String {
    let fields = [
        ("company", before.company != after.company),
        ("rc_number", before.rc_number != after.rc_number),
        ("licences", before.licences != after.licences),
        ("address", before.address != after.address),
        ("support_phone", before.support_phone != after.support_phone),
        ("whatsapp", before.whatsapp != after.whatsapp),
        ("support_hours", before.support_hours != after.support_hours),
        ("reply_time", before.reply_time != after.reply_time),
    ];
    let names: Vec<&str> = fields.iter().filter(|(_, c)| *c).map(|(n, _)| *n).collect();
    if names.is_empty() {
        "nothing changed".into()
    } else {
        names.join(", ")
    }
}

#[utoipa::path(
    summary = "Save the operator's identity (AYO_OPERATOR_* variables set at start win over it at the next start)",
    request_body = OperatorBody,
    responses(
        (status = 200, description = "data: as GET /admin/operator", body = Envelope),
        (status = 422, description = "A field is wrong (named)", body = ErrorBody),
    )
)]
#[post("/operator/update")]
async fn update_operator(
    req: HttpRequest,
    state: web::Data<AppState>,
    AdminUser(admin): AdminUser,
    JsonBody(body): JsonBody<OperatorBody>,
) -> Result<HttpResponse, ApiError> {
    let asked = Operator {
        company: body.company,
        rc_number: body.rc_number,
        licences: body
            .licences
            .into_iter()
            .map(|l| OperatorLicence { state: l.state, regulator: l.regulator, number: l.number })
            .collect(),
        address: body.address,
        support_phone: body.support_phone,
        whatsapp: body.whatsapp,
        support_hours: body.support_hours,
        reply_time: body.reply_time,
    };
    let operator = asked.normalised().map_err(|bad| {
        let mut errors = FieldErrors::default();
        for field in bad {
            errors.push(field.field, field.message);
        }
        errors.finish().err().unwrap_or_else(|| ApiError::field("operator", "Check the fields"))
    })?;
    let before = state.store.meta.operator()?;
    state.store.meta.set_operator(&operator)?;
    state.store.flush().await?;
    state.audit(Some(&req), Some(&admin), "operator.updated", None, changed(&before, &operator));
    // Every open page shows the operator in its footer: they follow at once (issue 32). The `draws` topic is the
    // one every socket holds, signed in or not.
    state.bus.publish(Event { topic: Topic::Draws, kind: EventKind::OperatorUpdated, data: operator_view(&operator) });
    Ok(HttpResponse::Ok().json(answer(&state, &operator)))
}
