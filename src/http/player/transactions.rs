//! `GET /transactions` (a docs/product.md §15 table of my ledger, filters `type` and `status`) and
//! `GET /transactions/export` (the same as CSV, the whole history by default: docs/product.md §8 asks for at least 12
//! months, self-service).

use actix_web::http::header;
use actix_web::{get, web, HttpResponse};
use chrono::{NaiveDate, Utc};
use serde::Deserialize;
use serde_json::Value;
use utoipa::IntoParams;

use ayo_data::lagos::lagos_day;
use ayo_data::ledger::{EntryKind, EntryStatus, LedgerEntry};

use crate::error::{ApiError, FieldErrors};
use crate::http::extract::AuthUser;
use crate::http::paging::{TableQuery, CREATION_ORDER};
use crate::http::schema::{Envelope, ServiceConfig};
use crate::http::state::AppState;
use crate::reports::csv::{field, naira};

pub fn configure(cfg: &mut ServiceConfig) {
    cfg.service(list).service(export);
}

pub const TYPES: [&str; 7] = ["deposit", "withdrawal", "stake", "win", "tax", "refund", "adjustment"];
pub const STATUSES: [&str; 4] = ["pending", "success", "failed", "reversed"];

/// `type`, `status` and, for the export, `from`/`to` (YYYY-MM-DD, inclusive, Lagos calendar days).
#[derive(Deserialize, Default, IntoParams)]
#[serde(default)]
#[into_params(parameter_in = Query)]
pub struct Filters {
    #[serde(rename = "type")]
    #[param(inline, value_type = Option<EntryKind>)]
    pub kind: Option<String>,
    #[param(inline, value_type = Option<EntryStatus>)]
    pub status: Option<String>,
    /// Inclusive, a Lagos calendar day.
    #[param(format = Date)]
    pub from: Option<String>,
    /// Inclusive, a Lagos calendar day.
    #[param(format = Date)]
    pub to: Option<String>,
}

fn kind_name(kind: EntryKind) -> &'static str {
    match kind {
        EntryKind::Deposit => "deposit",
        EntryKind::Withdrawal => "withdrawal",
        EntryKind::Stake => "stake",
        EntryKind::Win => "win",
        EntryKind::Refund => "refund",
        EntryKind::Adjustment => "adjustment",
        EntryKind::Tax => "tax",
    }
}

fn status_name(status: EntryStatus) -> &'static str {
    match status {
        EntryStatus::Pending => "pending",
        EntryStatus::Success => "success",
        EntryStatus::Failed => "failed",
        EntryStatus::Reversed => "reversed",
    }
}

fn wanted(value: &Option<String>) -> Option<&str> {
    value.as_deref().map(str::trim).filter(|v| !v.is_empty())
}

impl Filters {
    /// Keeps the entries that match; 422 names a filter with a value we do not know.
    pub fn apply(&self, entries: Vec<LedgerEntry>) -> Result<Vec<LedgerEntry>, ApiError> {
        let matches = self.matcher()?;
        Ok(entries.into_iter().filter(|e| matches(e)).collect())
    }

    /// Whether no filter is set.
    pub fn is_empty(&self) -> bool {
        [&self.kind, &self.status, &self.from, &self.to].iter().all(|v| wanted(v).is_none())
    }

    /// The test an entry must pass; 422 names a filter with a value we do not know.
    pub fn matcher(&self) -> Result<impl Fn(&LedgerEntry) -> bool + Send + 'static, ApiError> {
        let mut errors = FieldErrors::default();
        let kind = wanted(&self.kind).map(str::to_string);
        if kind.as_deref().is_some_and(|k| !TYPES.contains(&k)) {
            errors.push("type", format!("type is one of {}", TYPES.join(", ")));
        }
        let status = wanted(&self.status).map(str::to_string);
        if status.as_deref().is_some_and(|s| !STATUSES.contains(&s)) {
            errors.push("status", format!("status is one of {}", STATUSES.join(", ")));
        }
        let date = |field: &str, value: &Option<String>, errors: &mut FieldErrors| {
            let raw = wanted(value)?;
            match NaiveDate::parse_from_str(raw, "%Y-%m-%d") {
                Ok(day) => Some(day),
                Err(_) => {
                    errors.push(field, format!("{field} is a date like 2026-01-31"));
                    None
                }
            }
        };
        let from = date("from", &self.from, &mut errors);
        let to = date("to", &self.to, &mut errors);
        errors.finish()?;
        Ok(move |e: &LedgerEntry| {
            kind.as_deref().is_none_or(|k| kind_name(e.kind) == k)
                && status.as_deref().is_none_or(|s| status_name(e.status) == s)
                && from.is_none_or(|d| lagos_day(e.created_at) >= d)
                && to.is_none_or(|d| lagos_day(e.created_at) <= d)
        })
    }
}

/// A ledger entry as a table row: the Transaction object, plus `withdrawal_id` for withdrawals.
pub fn row(entry: &LedgerEntry) -> Value {
    let mut row = ayo_actors::views::entry(entry);
    if entry.kind == EntryKind::Withdrawal {
        row["withdrawal_id"] = entry.reference.strip_prefix("withdrawal:").and_then(|id| id.parse::<u64>().ok()).into();
    }
    row
}

pub const SEARCHABLE: [&str; 5] = ["description", "reference", "type", "status", "id"];

#[utoipa::path(
    summary = "My transactions (ledger)",
    tag = "money",
    security(("bearer" = [])),
    params(TableQuery, Filters),
    responses(
        (status = 200, description = "data: [Transaction], meta", body = Envelope),
    )
)]
#[get("/transactions")]
async fn list(
    state: web::Data<AppState>,
    AuthUser(user): AuthUser,
    table: web::Query<TableQuery>,
    filters: web::Query<Filters>,
) -> Result<HttpResponse, ApiError> {
    let store = state.store.clone();
    Ok(HttpResponse::Ok().json(web::block(move || entries_table(&store, user.id, &filters, &table)).await??))
}

/// A player's ledger as a docs/product.md §15 table with the `type`/`status`/`from`/`to` filters (their own list, and
/// the back office's view of it).
pub fn entries_table(
    store: &ayo_data::Store,
    user: ayo_data::user::UserId,
    filters: &Filters,
    table: &TableQuery,
) -> Result<Value, ApiError> {
    let matches = filters.matcher()?;
    if filters.is_empty() && table.reads_index(&CREATION_ORDER) {
        let page = store.books.entries_of_user_page(user, table.slice())?;
        return Ok(table.answer_page(page.rows.iter().map(row).collect(), page.total));
    }
    let rows = store.books.entries_of_user(user)?.iter().filter(|e| matches(e)).map(row).collect();
    Ok(table.answer(rows, &SEARCHABLE))
}

pub const CSV_HEADER: &str =
    "date,id,type,status,description,reference,amount_naira,amount_kobo,balance_after_naira,balance_after_kobo";

/// When an entry was made, as the player's page says it: Lagos time with its offset, `2026-11-22T09:00:11+01:00`
/// (a spreadsheet shows the hour the player saw, and the offset keeps the instant exact).
fn lagos_time(at: chrono::DateTime<Utc>) -> String {
    at.with_timezone(&ayo_data::lagos::wat()).to_rfc3339_opts(chrono::SecondsFormat::Secs, false)
}

/// The ledger as CSV, oldest first, times in Lagos time.
pub fn csv(entries: &[LedgerEntry]) -> String {
    let mut out = String::with_capacity(64 * (entries.len() + 1));
    out.push_str(CSV_HEADER);
    out.push_str("\r\n");
    let mut oldest_first: Vec<&LedgerEntry> = entries.iter().collect();
    oldest_first.sort_by_key(|e| (e.created_at, e.id));
    for e in oldest_first {
        let cells = [
            lagos_time(e.created_at),
            e.id.to_string(),
            kind_name(e.kind).to_string(),
            status_name(e.status).to_string(),
            field(&e.description),
            field(&e.reference),
            naira(e.amount.as_i64()),
            e.amount.as_i64().to_string(),
            naira(e.balance_after.as_i64()),
            e.balance_after.as_i64().to_string(),
        ];
        out.push_str(&cells.join(","));
        out.push_str("\r\n");
    }
    out
}

#[utoipa::path(
    summary = "My transactions as CSV (whole history by default)",
    tag = "money",
    security(("bearer" = [])),
    params(Filters),
    responses(
        (status = 200, description = "CSV with a header row", content_type = "text/csv"),
    )
)]
#[get("/transactions/export")]
async fn export(
    state: web::Data<AppState>,
    AuthUser(user): AuthUser,
    filters: web::Query<Filters>,
) -> Result<HttpResponse, ApiError> {
    let entries = filters.apply(state.store.books.entries_of_user(user.id)?)?;
    let filename = format!("ayo-lotto-transactions-{}.csv", lagos_day(Utc::now()).format("%Y-%m-%d"));
    Ok(HttpResponse::Ok()
        .content_type("text/csv; charset=utf-8")
        .insert_header((header::CONTENT_DISPOSITION, format!("attachment; filename=\"{filename}\"")))
        .insert_header((header::CACHE_CONTROL, "private, no-store"))
        .body(csv(&entries)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn naira_has_two_decimals_and_a_sign() {
        assert_eq!(naira(123_456), "1234.56");
        assert_eq!(naira(-50_000), "-500.00");
        assert_eq!(naira(5), "0.05");
        assert_eq!(naira(0), "0.00");
    }

    #[test]
    fn date_filters_mean_lagos_days() {
        let late_evening_utc = chrono::DateTime::parse_from_rfc3339("2026-11-22T23:30:00Z").unwrap().to_utc();
        assert_eq!(lagos_day(late_evening_utc), NaiveDate::from_ymd_opt(2026, 11, 23).unwrap());
        let noon = chrono::DateTime::parse_from_rfc3339("2026-11-22T12:00:00Z").unwrap().to_utc();
        assert_eq!(lagos_day(noon), NaiveDate::from_ymd_opt(2026, 11, 22).unwrap());
    }

    #[test]
    fn csv_times_are_lagos_times_with_their_offset() {
        let late_evening_utc = chrono::DateTime::parse_from_rfc3339("2026-11-22T23:30:05.250Z").unwrap().to_utc();
        assert_eq!(lagos_time(late_evening_utc), "2026-11-23T00:30:05+01:00");
    }

    #[test]
    fn csv_fields_are_quoted_and_formulas_defused() {
        assert_eq!(field("plain"), "plain");
        assert_eq!(field("a, b"), "\"a, b\"");
        assert_eq!(field("say \"hi\""), "\"say \"\"hi\"\"\"");
        assert_eq!(field("=HYPERLINK(\"x\")"), "\"'=HYPERLINK(\"\"x\"\")\"");
    }
}
