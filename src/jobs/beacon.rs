//! The drand beacon's client (docs/fairness.md, "The drand beacon"): for every closed draw fixed to a quicknet round,
//! once that round is due, fetch it from `AYO_DRAND_URL` and hand it to the draw (`scheduler::Beacon`), which takes it
//! only if its BLS signature is the network's on that round. Nothing fetched is trusted: a relay that serves a wrong
//! or forged round is refused and the round is asked for again, until the deadline published with the round; then
//! the draw is cancelled with refunds (`DrawActor`, the rule on /lottery-rules).
//!
//! Runs on every node, acting only on the node that runs the draws (in a cluster, the lease holder).

use std::time::Duration;

use actix::Addr;
use chrono::Utc;
use serde::Deserialize;

use ayo_actors::draw_actor::TakeBeacon;
use ayo_actors::scheduler::{Beacon, Leading, Scheduler};
use ayo_data::draw::{Draw, DrawStatus};
use ayo_data::lotto::beacon::{published_at, QUICKNET_CHAIN_HASH};
use ayo_data::Store;

/// Where quicknet's rounds are read by default: the League of Entropy's HTTP relay, `{url}/public/{round}`.
pub fn default_url() -> String {
    format!("https://api.drand.sh/{QUICKNET_CHAIN_HASH}")
}

/// How often due rounds are looked for (quicknet publishes every 3 s).
const EVERY: Duration = Duration::from_secs(1);
/// How long one fetch may take before it is tried again.
const FETCH_TIMEOUT: Duration = Duration::from_secs(5);

/// A round as drand's HTTP API serves it (`GET /{chain}/public/{round}`); `randomness` is recomputed, never read.
#[derive(Deserialize)]
struct Round {
    round: u64,
    signature: String,
}

/// Starts the loop in the background.
pub fn start(store: Store, scheduler: Addr<Scheduler>, url: String) {
    actix_web::rt::spawn(async move {
        let client = match reqwest::Client::builder().timeout(FETCH_TIMEOUT).build() {
            Ok(client) => client,
            Err(e) => {
                tracing::error!(error = %e, "no HTTP client for the drand beacon: beacon draws will be cancelled");
                return;
            }
        };
        let url = url.trim_end_matches('/').to_string();
        let mut tick = actix_web::rt::time::interval(EVERY);
        loop {
            tick.tick().await;
            if !scheduler.send(Leading).await.unwrap_or(false) {
                continue;
            }
            let reading = store.clone();
            let due = match actix_web::rt::task::spawn_blocking(move || reading.games.unfinished_draws()).await {
                Ok(Ok(draws)) => draws.into_iter().filter(round_due).collect::<Vec<_>>(),
                Ok(Err(e)) => {
                    tracing::warn!(error = %e, "could not read the draws waiting for a drand round");
                    continue;
                }
                Err(_) => continue,
            };
            for draw in due {
                let Some(round) = draw.beacon.as_ref().map(|b| b.round) else { continue };
                match fetch(&client, &url, round).await {
                    Ok(take) => match scheduler.send(Beacon { draw_id: draw.id, take }).await {
                        Ok(Ok(_)) => tracing::info!(draw = draw.id, round, "drand round verified and taken"),
                        Ok(Err(refused)) => tracing::warn!(draw = draw.id, round, %refused, "drand round refused"),
                        Err(e) => tracing::warn!(draw = draw.id, error = %e, "could not hand the drand round over"),
                    },
                    Err(e) => tracing::warn!(draw = draw.id, round, error = %e, "could not fetch the drand round"),
                }
            }
        }
    });
}

/// A closed draw with its tickets root out, whose round is published by now and not yet taken.
fn round_due(draw: &Draw) -> bool {
    draw.status == DrawStatus::Closed
        && draw.tickets_root.is_some()
        && draw
            .beacon
            .as_ref()
            .is_some_and(|b| b.randomness.is_none() && published_at(b.round) <= Utc::now().timestamp())
}

/// `{url}/public/{round}`, read as drand serves it.
async fn fetch(client: &reqwest::Client, url: &str, round: u64) -> anyhow::Result<TakeBeacon> {
    let answer = client.get(format!("{url}/public/{round}")).send().await?.error_for_status()?;
    let served: Round = answer.json().await?;
    Ok(TakeBeacon { round: served.round, signature: served.signature })
}
