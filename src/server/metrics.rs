//! `/metrics` in Prometheus text format, on its own listener (`AYO_METRICS_BIND`, e.g. `10.0.0.5:9100`: bind it to
//! a private address), optionally behind a bearer token (`AYO_METRICS_TOKEN`). What is measured:
//!
//! - `ayo_http_requests_total{method,route,status}` and `ayo_http_request_duration_seconds{method,route}` (a
//!   histogram), by route pattern (`/api/v1/draws/{id}`), never by raw path;
//! - `ayo_sockets_open`, `ayo_events_fanned_out_total`, `ayo_laggards_dropped_total`, `ayo_resyncs_pushed_total`
//!   (fresh snapshots pushed to sockets after events were lost on the bus: `ayo_actors::hub::Resync`);
//! - `ayo_purchases_total`, `ayo_purchases_per_transaction` (a histogram: how many purchases shared each sled
//!   transaction), `ayo_stakes_kobo_total`, `ayo_deposits_total`, `ayo_deposits_kobo_total`,
//!   `ayo_withdrawals_total{state}` (withdrawals entering each state);
//! - `ayo_settlement_duration_seconds` (one observation per draw), `ayo_tickets_settled_total`;
//! - `ayo_wallet_actors_alive`, `ayo_store_flush_duration_seconds` (each group commit);
//! - cluster mode's event bus (`src/bus`): `ayo_bus_published_total` (messages handed to NATS),
//!   `ayo_bus_received_total` (other nodes' messages handed to the Hub), `ayo_bus_dropped_total` (messages for
//!   other nodes dropped because the queue to NATS was full or NATS refused them);
//!   `ayo_bus_rejected_total{reason}` (messages received and dropped unread: `unsealed`, `forged` — not sealed
//!   with this cluster's `AYO_BUS_KEY` —, `stale`, `replayed`; `src/bus/seal.rs`): any increase is someone on NATS
//!   who is not a node, a node with another key, or clocks apart.
//!
//! - `ayo_risk_reserve_used_percent{draw}`: the share of its game's reserve a draw's worst case takes, set after
//!   sales (at most every 250 ms per draw, `src/jobs/risk_live.rs`) and when the desk reads the draw
//!   (`src/http/admin/risk.rs`). Between searches it is the running upper bound's share; /boss alerts
//!   (`risk.reserve_warning`) only once the exact figure passes 80 % (docs/decisions/058): alert on the same share,
//!   over a minute or so rather than one scrape.
//!
//! Counters are recorded where things happen through the `metrics` facade; gauges are read when scraped.

use std::sync::OnceLock;
use std::time::Instant;

use actix_web::body::MessageBody;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::middleware::Next;
use actix_web::{web, App, HttpRequest, HttpResponse, HttpServer};
use anyhow::Context;
use metrics_exporter_prometheus::{Matcher, PrometheusBuilder, PrometheusHandle};

use crate::http::state::AppState;

/// Latency buckets in seconds, for every histogram but the counts.
const BUCKETS: [f64; 14] = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0];
/// Buckets of `ayo_purchases_per_transaction` (at most 256: `ayo_data::embedded`, the purchase queue).
const PURCHASES: [f64; 9] = [1.0, 2.0, 4.0, 8.0, 16.0, 32.0, 64.0, 128.0, 256.0];

static RECORDER: OnceLock<Option<PrometheusHandle>> = OnceLock::new();

/// The process's recorder, installed at first use (one per process, whatever the number of servers in it).
fn recorder() -> Option<&'static PrometheusHandle> {
    RECORDER
        .get_or_init(|| {
            let builder = PrometheusBuilder::new()
                .set_buckets(&BUCKETS)
                .and_then(|b| {
                    b.set_buckets_for_metric(Matcher::Full("ayo_purchases_per_transaction".into()), &PURCHASES)
                })
                .ok()?;
            builder.install_recorder().map_err(|e| tracing::error!(error = %e, "no metrics recorder")).ok()
        })
        .as_ref()
}

/// Counts each API request and times it, by route pattern.
pub async fn track(
    req: ServiceRequest,
    next: Next<impl MessageBody>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    let started = Instant::now();
    let method = req.method().as_str().to_owned();
    let response = next.call(req).await?;
    let route = response.request().match_pattern().unwrap_or_else(|| "unmatched".into());
    let status = response.status().as_u16().to_string();
    let seconds = started.elapsed().as_secs_f64();
    metrics::counter!("ayo_http_requests_total", "method" => method.clone(), "route" => route.clone(), "status" => status)
        .increment(1);
    metrics::histogram!("ayo_http_request_duration_seconds", "method" => method, "route" => route).record(seconds);
    Ok(response)
}

struct Scrape {
    state: web::Data<AppState>,
    handle: &'static PrometheusHandle,
    token: Option<String>,
}

async fn scrape(req: HttpRequest, scrape: web::Data<Scrape>) -> HttpResponse {
    if let Some(token) = &scrape.token {
        let given =
            req.headers().get("authorization").and_then(|v| v.to_str().ok()).and_then(|v| v.strip_prefix("Bearer "));
        if given != Some(token.as_str()) {
            return HttpResponse::Unauthorized().insert_header(("WWW-Authenticate", "Bearer")).finish();
        }
    }
    if let Ok(hub) = scrape.state.hub.send(ayo_actors::hub::Stats).await {
        metrics::gauge!("ayo_sockets_open").set(hub.connections as f64);
    }
    metrics::gauge!("ayo_wallet_actors_alive").set(scrape.state.engine.wallets.alive() as f64);
    HttpResponse::Ok().content_type("text/plain; version=0.0.4").body(scrape.handle.render())
}

/// Starts the metrics listener on `bind` when set; answers its URL. Called before any request is served, so the
/// recorder sees every request of the public listener.
pub fn serve(bind: Option<&str>, token: Option<String>, state: web::Data<AppState>) -> anyhow::Result<Option<String>> {
    let Some(bind) = bind else { return Ok(None) };
    let handle = recorder().context("the metrics recorder could not be installed")?;
    let listener = std::net::TcpListener::bind(bind).with_context(|| format!("binding the metrics listener {bind}"))?;
    let address = listener.local_addr()?;
    let data = web::Data::new(Scrape { state, handle, token });
    let server = HttpServer::new(move || App::new().app_data(data.clone()).route("/metrics", web::get().to(scrape)))
        .workers(1)
        .disable_signals()
        .listen(listener)?
        .run();
    actix_web::rt::spawn(server);
    let url = format!("http://{address}/metrics");
    tracing::info!(url, "metrics");
    Ok(Some(url))
}

/// Installs the recorder before the first request when metrics will be served.
pub fn prepare(bind: Option<&str>) {
    if bind.is_some() {
        let _ = recorder();
    }
}
