//! Which node of a cluster runs the draws (decision 029): the holder of the lottery's lease, row 0 of
//! `draw_leases` (draw ids start at 1), taken with a fencing token and renewed every third of its life
//! (`pg::lease`). A node starts standing by and tries to take the lease every few seconds; while it holds it, its
//! scheduler runs every unfinished draw and plans the next ones, its marquee announces the moments messages start
//! and end, and it purges the shared rate-limit windows. When it loses the lease (the database unreachable past the
//! lease's life, or the node paused), it stops all of that at once; the node that takes the lease next resumes
//! every draw from the store, as a restarted server does: a player already settled is skipped, a ticket never paid
//! twice, the balls the same (they follow from the draw's sealed seed, the witness's secret and the tickets root).

use std::sync::Arc;
use std::time::Duration;

use tokio::sync::watch;

use ayo_actors::engine::Engine;
use ayo_data::pg::lease::LeaseKeeper;
use ayo_data::pg::Client;

/// The lease's row in `draw_leases`: no draw has id 0.
const LOTTERY: i64 = 0;
/// How long a lease lasts unrenewed: a dead node's draws wait at most this long for another node.
pub const TTL: Duration = Duration::from_secs(10);
/// How often a standing-by node tries to take the lease.
const RETRY: Duration = Duration::from_secs(3);
/// The longest rate-limit window (an identity's 15 minutes of failed logins): older windows are purged.
const LONGEST_WINDOW: Duration = Duration::from_secs(15 * 60);

/// This node's part in the contest for the lottery's lease; `resign` leaves it (a node shutting down hands the
/// draws over at once instead of letting its lease run out).
#[derive(Clone)]
pub struct Contention {
    stop: Arc<watch::Sender<bool>>,
    done: watch::Receiver<bool>,
}

impl Contention {
    /// Stops contending: stops running the draws and gives the lease up if held, so another node takes it at its
    /// next try. Answers once done.
    pub async fn resign(&self) {
        let _ = self.stop.send(true);
        let _ = self.done.clone().wait_for(|done| *done).await;
    }
}

/// Contends for the lottery's lease until `resign` (a task on the current runtime); `holder` names this run of
/// this node.
pub fn contend(url: String, engine: Engine, holder: String) -> Contention {
    let (stop, stopped) = watch::channel(false);
    let (finished, done) = watch::channel(false);
    actix_web::rt::spawn(async move {
        let mut stopped = stopped;
        // One connection for as long as it works, not one per try.
        let mut client: Option<Arc<Client>> = None;
        while !*stopped.borrow() {
            if client.is_none() {
                match ayo_data::pg::connect(&url).await {
                    Ok(connected) => client = Some(Arc::new(connected)),
                    Err(e) => tracing::warn!(error = %e, "could not reach the database to contend for the lease"),
                }
            }
            if let Some(connected) = &client {
                if let Err(e) = lead_while_held(connected, &engine, &holder, &mut stopped).await {
                    tracing::warn!(error = %e, "could not contend for the lottery's lease");
                    client = None;
                }
            }
            if *stopped.borrow() {
                break;
            }
            tokio::select! {
                _ = tokio::time::sleep(RETRY) => {}
                _ = stopped.changed() => {}
            }
        }
        let _ = finished.send(true);
    });
    Contention { stop: Arc::new(stop), done }
}

/// Takes the lease if it is free and runs the draws until it is lost or `stopped`; answers at once when another
/// node holds it.
async fn lead_while_held(
    client: &Arc<Client>,
    engine: &Engine,
    holder: &str,
    stopped: &mut watch::Receiver<bool>,
) -> anyhow::Result<()> {
    let Some(keeper) = LeaseKeeper::acquire(client.clone(), LOTTERY, holder, TTL).await? else {
        return Ok(());
    };
    tracing::info!(fence = keeper.lease().fence.0, "this node took the lottery's lease");
    engine.lead(true);
    let mut purge = tokio::time::interval(Duration::from_secs(60));
    let resigned = loop {
        tokio::select! {
            _ = keeper.lost() => break false,
            _ = stopped.wait_for(|stop| *stop) => break true,
            _ = purge.tick() => {
                if let Err(e) = ayo_data::pg::rate::purge(client, LONGEST_WINDOW).await {
                    tracing::warn!(error = %e, "could not purge the rate-limit windows");
                }
            }
        }
    };
    engine.lead(false);
    if resigned {
        keeper.release().await?;
        tracing::info!("this node gave the lottery's lease up");
    } else {
        tracing::warn!("this node lost the lottery's lease");
    }
    Ok(())
}
