//! Back office: contact messages, the audit log, and marquee messages (broadcast live through the MarqueeActor).

use actix_web::{delete, get, post, put, web, HttpRequest, HttpResponse};
use chrono::{DateTime, Utc};
use serde::Deserialize;
use serde_json::json;
use utoipa::ToSchema;

use ayo_actors::marquee::MarqueesChanged;
use ayo_actors::views::marquee as view;
use ayo_actors::views::time;
use ayo_data::notice::Marquee;

use crate::error::{ApiError, FieldErrors};
use crate::http::admin::audit_filter::AuditQuery;
use crate::http::extract::AdminUser;
use crate::http::json::JsonBody;
use crate::http::paging::{TableQuery, CREATION_ORDER};
use crate::http::schema::{Envelope, ErrorBody, ServiceConfig};
use crate::http::state::AppState;

pub fn configure(cfg: &mut ServiceConfig) {
    cfg.service(contacts)
        .service(resolve_contact)
        .service(activities)
        .service(marquees)
        .service(create_marquee)
        .service(one_marquee)
        .service(update_marquee)
        .service(delete_marquee);
}

#[utoipa::path(
    summary = "Contact messages",
    params(TableQuery),
    responses(
        (status = 200, description = "ok", body = Envelope),
        (status = 404, description = "Not found", body = ErrorBody),
    )
)]
#[get("/contacts")]
async fn contacts(
    state: web::Data<AppState>,
    _: AdminUser,
    table: web::Query<TableQuery>,
) -> Result<HttpResponse, ApiError> {
    let rows = state
        .store
        .notices
        .contacts()?
        .iter()
        .map(|c| {
            json!({
                "id": c.id, "name": c.name, "email": c.email, "subject": c.subject, "message": c.message,
                "created_at": time(c.created_at), "resolved_at": c.resolved_at.map(time),
                "status": if c.resolved_at.is_some() { "handled" } else { "new" },
            })
        })
        .collect();
    Ok(HttpResponse::Ok().json(table.answer(rows, &["name", "email", "subject", "message", "status"])))
}

#[utoipa::path(
    summary = "Mark a message handled",
    params(("id" = u64, Path)),
    responses(
        (status = 200, description = "ok", body = Envelope),
    )
)]
#[post("/contacts/{id}/resolve")]
async fn resolve_contact(
    req: HttpRequest,
    state: web::Data<AppState>,
    AdminUser(admin): AdminUser,
    id: web::Path<u64>,
) -> Result<HttpResponse, ApiError> {
    let contact =
        state.store.notices.resolve_contact(*id, admin.id, Utc::now())?.ok_or(ApiError::NotFound("Message"))?;
    state.store.flush().await?;
    state.audit(Some(&req), Some(&admin), "contact.resolved", Some(format!("contact:{}", contact.id)), contact.subject);
    Ok(HttpResponse::Ok().json(json!({ "message": "Marked as handled" })))
}

#[utoipa::path(
    summary = "The audit log, filtered by action, actor, Lagos days and the witness's routine entries",
    params(TableQuery, AuditQuery),
    responses(
        (status = 200, description = "ok", body = Envelope),
        (status = 422, description = "A filter's value is wrong (errors names the parameter)", body = ErrorBody),
    )
)]
#[get("/activities")]
async fn activities(
    state: web::Data<AppState>,
    _: AdminUser,
    table: web::Query<TableQuery>,
    audit: web::Query<AuditQuery>,
) -> Result<HttpResponse, ApiError> {
    let filter = audit.filter()?;
    let store = state.store.clone();
    let answer = web::block(move || {
        if filter.keeps_all() && table.reads_index(&CREATION_ORDER) {
            let page = store.activities.page(table.slice())?;
            return Ok::<_, ApiError>(
                table.answer_page(page.rows.iter().map(crate::http::views::activity).collect(), page.total),
            );
        }
        let rows = store.activities.matching(&filter).map(|a| a.map(|a| crate::http::views::activity(&a)));
        Ok(table.answer_stream(rows, &["actor", "action", "target", "ip", "detail"], Some("created_at"))?)
    })
    .await??;
    Ok(HttpResponse::Ok().json(answer))
}

#[utoipa::path(
    summary = "Marquee messages",
    params(TableQuery),
    responses(
        (status = 200, description = "ok", body = Envelope),
        (status = 404, description = "Not found", body = ErrorBody),
    )
)]
#[get("/marquees")]
async fn marquees(
    state: web::Data<AppState>,
    _: AdminUser,
    table: web::Query<TableQuery>,
) -> Result<HttpResponse, ApiError> {
    let now = Utc::now();
    let rows = state
        .store
        .notices
        .marquees()?
        .iter()
        .map(|m| {
            let mut row = view(m);
            row["live"] = json!(m.is_live(now));
            row
        })
        .collect();
    Ok(HttpResponse::Ok().json(table.answer(rows, &["text"])))
}

#[utoipa::path(
    summary = "One marquee message",
    params(("id" = u64, Path)),
    responses(
        (status = 200, description = "ok", body = Envelope),
    )
)]
#[get("/marquees/{id}")]
async fn one_marquee(state: web::Data<AppState>, _: AdminUser, id: web::Path<u64>) -> Result<HttpResponse, ApiError> {
    let m = state.store.notices.marquee(*id)?.ok_or(ApiError::NotFound("Marquee message"))?;
    Ok(HttpResponse::Ok().json(json!({ "data": view(&m) })))
}

#[derive(Deserialize, Default, ToSchema)]
#[serde(default)]
struct MarqueeBody {
    text: Option<String>,
    active: Option<bool>,
    /// `null` clears; absent keeps.
    #[schema(value_type = Option<String>, format = DateTime)]
    starts_at: Option<Option<DateTime<Utc>>>,
    /// `null` clears; absent keeps.
    #[schema(value_type = Option<String>, format = DateTime)]
    ends_at: Option<Option<DateTime<Utc>>>,
    priority: Option<i32>,
}

fn apply(m: &mut Marquee, body: MarqueeBody) -> Result<(), ApiError> {
    let mut errors = FieldErrors::default();
    if let Some(text) = body.text {
        let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
        if text.is_empty() || text.chars().count() > 280 {
            errors.push("text", "A message of 1 to 280 characters".into());
        }
        m.text = text;
    }
    if let Some(active) = body.active {
        m.active = active;
    }
    if let Some(starts) = body.starts_at {
        m.starts_at = starts;
    }
    if let Some(ends) = body.ends_at {
        m.ends_at = ends;
    }
    if let Some(priority) = body.priority {
        m.priority = priority.clamp(-1000, 1000);
    }
    if let (Some(s), Some(e)) = (m.starts_at, m.ends_at) {
        if e <= s {
            errors.push("ends_at", "The end must be after the start".into());
        }
    }
    errors.finish()
}

#[utoipa::path(
    summary = "Publish a marquee message",
    request_body = MarqueeBody,
    responses(
        (status = 200, description = "ok", body = Envelope),
        (status = 404, description = "Not found", body = ErrorBody),
    )
)]
#[post("/marquees")]
async fn create_marquee(
    req: HttpRequest,
    state: web::Data<AppState>,
    AdminUser(admin): AdminUser,
    JsonBody(body): JsonBody<MarqueeBody>,
) -> Result<HttpResponse, ApiError> {
    if body.text.as_deref().is_none_or(|t| t.trim().is_empty()) {
        return Err(ApiError::field("text", "A message of 1 to 280 characters"));
    }
    let now = Utc::now();
    let mut m = Marquee {
        id: state.store.notices.next_id()?,
        text: String::new(),
        active: true,
        starts_at: None,
        ends_at: None,
        priority: 0,
        created_at: now,
        updated_at: now,
    };
    apply(&mut m, body)?;
    save_and_broadcast(&req, &state, &admin, &m, "marquee.created").await?;
    Ok(HttpResponse::Created().json(json!({ "data": view(&m), "message": "Message published" })))
}

/// Stores a message durably, tells every open page, and audits the change.
async fn save_and_broadcast(
    req: &HttpRequest,
    state: &AppState,
    admin: &ayo_data::user::User,
    m: &Marquee,
    action: &str,
) -> Result<(), ApiError> {
    state.store.notices.put_marquee(m)?;
    state.store.flush().await?;
    state.engine.marquee.do_send(MarqueesChanged);
    state.audit(Some(req), Some(admin), action, Some(format!("marquee:{}", m.id)), m.text.clone());
    Ok(())
}

#[utoipa::path(
    summary = "Edit a marquee message",
    request_body = MarqueeBody,
    params(("id" = u64, Path)),
    responses(
        (status = 200, description = "ok", body = Envelope),
    )
)]
#[put("/marquees/{id}")]
async fn update_marquee(
    req: HttpRequest,
    state: web::Data<AppState>,
    AdminUser(admin): AdminUser,
    id: web::Path<u64>,
    JsonBody(body): JsonBody<MarqueeBody>,
) -> Result<HttpResponse, ApiError> {
    let mut m = state.store.notices.marquee(*id)?.ok_or(ApiError::NotFound("Marquee message"))?;
    apply(&mut m, body)?;
    m.updated_at = Utc::now();
    save_and_broadcast(&req, &state, &admin, &m, "marquee.updated").await?;
    Ok(HttpResponse::Ok().json(json!({ "data": view(&m), "message": "Message saved" })))
}

#[utoipa::path(
    summary = "Delete a marquee message",
    params(("id" = u64, Path)),
    responses(
        (status = 200, description = "ok", body = Envelope),
    )
)]
#[delete("/marquees/{id}")]
async fn delete_marquee(
    req: HttpRequest,
    state: web::Data<AppState>,
    AdminUser(admin): AdminUser,
    id: web::Path<u64>,
) -> Result<HttpResponse, ApiError> {
    if !state.store.notices.delete_marquee(*id)? {
        return Err(ApiError::NotFound("Marquee message"));
    }
    state.store.flush().await?;
    state.engine.marquee.do_send(MarqueesChanged);
    state.audit(Some(&req), Some(&admin), "marquee.deleted", Some(format!("marquee:{}", *id)), "");
    Ok(HttpResponse::Ok().json(json!({ "message": "Message deleted" })))
}
