//! Back office reports for the regulator, the tax authority and the AML officer (docs/compliance.md): the monthly
//! return by state and game, the withholding-tax remittance schedule, large transactions for NFIU filing and AML
//! flags. Each covers one Lagos calendar month (`month=YYYY-MM`) and runs on the blocking pool.

use actix_web::http::header;
use actix_web::{get, web, HttpResponse};
use serde::Deserialize;
use serde_json::{json, Value};
use utoipa::IntoParams;

use ayo_actors::views::time;
use ayo_data::aml::{self, LARGE_TRANSACTION_KOBO};
use ayo_data::ledger::LedgerEntry;
use ayo_data::user::UserId;
use ayo_data::StoreResult;

use crate::error::ApiError;
use crate::http::extract::AdminUser;
use crate::http::schema::{Envelope, ErrorBody, ServiceConfig};
use crate::http::state::AppState;
use crate::reports::{self, draws, Lookup, Window};

pub fn configure(cfg: &mut ServiceConfig) {
    cfg.service(regulator_return)
        .service(draw_results)
        .service(tax_remittance)
        .service(large_transactions)
        .service(aml_flags);
}

#[derive(Deserialize, Default, IntoParams)]
#[serde(default)]
#[into_params(parameter_in = Query)]
struct ReportQuery {
    /// A Lagos calendar month, `YYYY-MM`.
    #[param(required = true, example = "2026-11")]
    month: String,
    /// Kobo: deposits and withdrawals from this amount up are large (₦5,000,000 by default).
    #[param(minimum = 1)]
    threshold: Option<i64>,
    /// Basis points of gross gaming revenue the licence levies (the return's levy column is empty without it).
    #[param(maximum = 10000)]
    levy_bp: Option<u32>,
    /// `csv` (a header row, amounts in naira) or `json` (`{data: [rows]}`, amounts in kobo). The regulator return
    /// and the remittance schedule answer CSV unless asked; large transactions and AML flags, JSON.
    #[param(pattern = "^(csv|json)$")]
    format: Option<String>,
}

/// How a report is written.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Format {
    Csv,
    Json,
}

impl ReportQuery {
    fn window(&self) -> Result<Window, ApiError> {
        reports::month(&self.month).ok_or_else(|| ApiError::field("month", "Choose a month as YYYY-MM"))
    }

    fn threshold(&self) -> Result<i64, ApiError> {
        match self.threshold {
            None => Ok(LARGE_TRANSACTION_KOBO),
            Some(t) if t > 0 => Ok(t),
            Some(_) => Err(ApiError::field("threshold", "Enter a threshold above zero (kobo)")),
        }
    }

    /// The format asked for, else `default`.
    fn format(&self, default: Format) -> Result<Format, ApiError> {
        match self.format.as_deref().map(str::trim) {
            None | Some("") => Ok(default),
            Some(f) if f.eq_ignore_ascii_case("csv") => Ok(Format::Csv),
            Some(f) if f.eq_ignore_ascii_case("json") => Ok(Format::Json),
            Some(_) => Err(ApiError::field("format", "Choose csv or json")),
        }
    }

    fn levy_bp(&self) -> Result<Option<u32>, ApiError> {
        match self.levy_bp {
            Some(bp) if bp > ayo_data::tax::WHOLE => {
                Err(ApiError::field("levy_bp", "Enter the levy in basis points, 0 to 10000 (100 %)"))
            }
            levy => Ok(levy),
        }
    }
}

/// Reads the ledger entries of `window` and hands them, with a lookup, to `build`: on the blocking pool.
async fn from_month<T: Send + 'static>(
    state: &AppState,
    window: Window,
    build: impl FnOnce(Vec<LedgerEntry>, &mut Lookup) -> StoreResult<T> + Send + 'static,
) -> Result<T, ApiError> {
    let store = state.store.clone();
    Ok(web::block(move || build(reports::entries_in(&store, window)?, &mut Lookup::new(&store))).await??)
}

/// A report row with its player's name and state of residence.
fn with_player(lookup: &mut Lookup, user: UserId, mut row: Value) -> StoreResult<Value> {
    let (player, state) = lookup.player(user)?;
    row["player"] = player.into();
    row["state"] = state.into();
    Ok(row)
}

/// A JSON report's rows, or the same rows as a CSV file named `name` with `columns` (those in `kobo` in naira).
fn rows_answer(
    format: Format,
    name: String,
    columns: &[&str],
    kobo: &[&str],
    rows: Vec<Value>,
    meta: Value,
) -> HttpResponse {
    match format {
        Format::Json => HttpResponse::Ok().json(json!({ "data": rows, "meta": meta })),
        Format::Csv => csv_file(name, reports::csv::rows(columns, kobo, &rows)),
    }
}

fn csv_file(name: String, body: String) -> HttpResponse {
    HttpResponse::Ok()
        .content_type("text/csv; charset=utf-8")
        .insert_header((header::CONTENT_DISPOSITION, format!("attachment; filename=\"{name}\"")))
        .insert_header((header::CACHE_CONTROL, "private, no-store"))
        .body(body)
}

#[utoipa::path(
    summary = "Monthly return (CSV): tickets, sales, wins paid, tax withheld, GGR and levy by state and game",
    params(ReportQuery),
    responses(
        (status = 200, description = "CSV with a header row (format=json: data: [rows], amounts in kobo)", content_type = "text/csv"),
        (status = 422, description = "month is not YYYY-MM, or format is not csv or json", body = ErrorBody),
    )
)]
#[get("/reports/regulator")]
async fn regulator_return(
    state: web::Data<AppState>,
    _: AdminUser,
    query: web::Query<ReportQuery>,
) -> Result<HttpResponse, ApiError> {
    let (window, levy_bp, format) = (query.window()?, query.levy_bp()?, query.format(Format::Csv)?);
    let rows = from_month(&state, window, |entries, lookup| reports::takings(&entries, lookup)).await?;
    let month = query.month.trim();
    if format == Format::Json {
        return Ok(HttpResponse::Ok().json(json!({ "data": reports::takings_rows(month, &rows, levy_bp) })));
    }
    Ok(csv_file(format!("ayo-lotto-return-{month}.csv"), reports::takings_csv(month, &rows, levy_bp)))
}

#[utoipa::path(
    summary = "The month's settled draws (CSV): tickets, stakes, gross winnings paid, tax withheld and the house's result of each, by game in JSON",
    params(ReportQuery),
    responses(
        (status = 200, description = "CSV with a header row: month, game, draw_id, draw_number, draws_at (Lagos time), tickets, winners, stakes, payouts, tax_withheld, net_paid, house_result (naira). format=json: data: [rows] latest first, amounts in kobo; meta: {games: [{game, draws, tickets, winners, stakes, payouts, tax_withheld, net_paid, house_result}], total}", content_type = "text/csv"),
        (status = 422, description = "month is not YYYY-MM, or format is not csv or json", body = ErrorBody),
    )
)]
#[get("/reports/draws")]
async fn draw_results(
    state: web::Data<AppState>,
    _: AdminUser,
    query: web::Query<ReportQuery>,
) -> Result<HttpResponse, ApiError> {
    let (window, format) = (query.window()?, query.format(Format::Csv)?);
    let store = state.store.clone();
    let settled = web::block(move || draws::settled_in(&store, window)).await??;
    let month = query.month.trim();
    let name = format!("ayo-lotto-draws-{month}.csv");
    let rows = draws::rows(month, &settled);
    Ok(rows_answer(format, name, &draws::COLUMNS, &draws::KOBO_COLUMNS, rows, draws::by_game(&settled)))
}

#[utoipa::path(
    summary = "Withholding-tax remittance schedule (CSV): tax withheld by state and player",
    params(ReportQuery),
    responses(
        (status = 200, description = "CSV with a header row (format=json: data: [rows], amounts in kobo)", content_type = "text/csv"),
        (status = 422, description = "month is not YYYY-MM, or format is not csv or json", body = ErrorBody),
    )
)]
#[get("/reports/tax-remittance")]
async fn tax_remittance(
    state: web::Data<AppState>,
    _: AdminUser,
    query: web::Query<ReportQuery>,
) -> Result<HttpResponse, ApiError> {
    let (window, format) = (query.window()?, query.format(Format::Csv)?);
    let rows = from_month(&state, window, |entries, lookup| reports::withheld(&entries, lookup)).await?;
    let month = query.month.trim();
    if format == Format::Json {
        return Ok(HttpResponse::Ok().json(json!({ "data": reports::withheld_rows(month, &rows) })));
    }
    Ok(csv_file(format!("ayo-lotto-tax-remittance-{month}.csv"), reports::withheld_csv(month, &rows)))
}

#[utoipa::path(
    summary = "Deposits and withdrawals at or above the threshold in a month, for NFIU filing",
    params(ReportQuery),
    responses(
        (status = 200, description = "data: [{id, created_at, user_id, player, state, type, status, amount, reference}] (format=csv: the same as CSV, amounts in naira)", body = Envelope),
        (status = 422, description = "month, threshold or format is wrong", body = ErrorBody),
    )
)]
#[get("/reports/large-transactions")]
async fn large_transactions(
    state: web::Data<AppState>,
    _: AdminUser,
    query: web::Query<ReportQuery>,
) -> Result<HttpResponse, ApiError> {
    let columns = ["id", "created_at", "user_id", "player", "state", "type", "status", "amount", "reference"];
    threshold_report(&state, &query, "large-transactions", &columns, &["amount"], large_rows).await
}

/// Each large deposit or withdrawal, with its player.
fn large_rows(entries: &[LedgerEntry], threshold: i64, lookup: &mut Lookup) -> StoreResult<Vec<Value>> {
    aml::large_transactions(entries, threshold)
        .into_iter()
        .map(|e| {
            let row = json!({
                "id": e.id, "created_at": time(e.created_at), "user_id": e.user_id, "type": e.kind,
                "status": e.status, "amount": e.amount, "reference": e.reference,
            });
            with_player(lookup, e.user_id, row)
        })
        .collect()
}

#[utoipa::path(
    summary = "Patterns for the AML officer in a month: deposits just under the threshold, withdrawing with little play",
    params(ReportQuery),
    responses(
        (status = 200, description = "data: [{user_id, player, state, kind (structuring | little_play), detail}] (format=csv: the same as CSV)", body = Envelope),
        (status = 422, description = "month, threshold or format is wrong", body = ErrorBody),
    )
)]
#[get("/reports/aml-flags")]
async fn aml_flags(
    state: web::Data<AppState>,
    _: AdminUser,
    query: web::Query<ReportQuery>,
) -> Result<HttpResponse, ApiError> {
    threshold_report(&state, &query, "aml-flags", &["user_id", "player", "state", "kind", "detail"], &[], flag_rows)
        .await
}

/// Each pattern found, with its player and how the officer reads it.
fn flag_rows(entries: &[LedgerEntry], threshold: i64, lookup: &mut Lookup) -> StoreResult<Vec<Value>> {
    aml::aml_flags(entries, threshold)
        .into_iter()
        .map(|f| {
            let row =
                json!({ "user_id": f.user, "kind": f.pattern.kind(), "detail": reports::flag_detail(&f.pattern) });
            with_player(lookup, f.user, row)
        })
        .collect()
}

/// One of the AML officer's reports: rows made from the month's entries against the threshold, as JSON unless CSV
/// is asked for (`columns` in order, those in `kobo` in naira).
async fn threshold_report(
    state: &AppState,
    query: &ReportQuery,
    stem: &str,
    columns: &[&str],
    kobo: &[&str],
    rows_of: fn(&[LedgerEntry], i64, &mut Lookup) -> StoreResult<Vec<Value>>,
) -> Result<HttpResponse, ApiError> {
    let (window, threshold, format) = (query.window()?, query.threshold()?, query.format(Format::Json)?);
    let rows = from_month(state, window, move |entries, lookup| rows_of(&entries, threshold, lookup)).await?;
    let name = format!("ayo-lotto-{stem}-{}.csv", query.month.trim());
    Ok(rows_answer(format, name, columns, kobo, rows, json!({ "threshold": threshold })))
}
