//! Draw commands for the node that runs the draws (docs/decisions/033): in a cluster only the holder of the
//! lottery's lease runs them, but an admin's request may reach any node. A node that does not run the draws passes
//! the command over NATS: `ayo.lead.refresh` (a game was created or changed: plan its draws now) is published to
//! every node, whose scheduler ignores it unless it runs the draws; `ayo.lead.cancel` is a request that only the
//! node running the draws answers, with the cancellation's outcome.
//!
//! ```text
//! ayo.lead.refresh  {}
//! ayo.lead.cancel   {"draw_id":7,"reason":"…","emergency":false}  →  {"would_be":[…]|null} or {"refused":"…"}
//! ```

use std::time::Duration;

use actix::Addr;
use futures_util::StreamExt;
use serde::{Deserialize, Serialize};

use ayo_actors::scheduler::{Cancel, Leading, Refresh, Scheduler, ANOTHER_NODE};
use ayo_data::lotto::Balls;

const REFRESH: &str = "ayo.lead.refresh";
const CANCEL: &str = "ayo.lead.cancel";
const ALL: &str = "ayo.lead.>";

/// How long a node waits for the node running the draws to answer a cancellation.
const ANSWER_WAIT: Duration = Duration::from_secs(10);

/// Why a cancellation found no node to run it (the lease changing hands, or NATS away).
pub const NOBODY_LEADS: &str = "No node of the cluster runs the draws at this moment: try again in a few seconds";

#[derive(Serialize, Deserialize)]
struct CancelRequest {
    draw_id: u64,
    reason: String,
    emergency: bool,
}

#[derive(Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
enum CancelAnswer {
    WouldBe(Option<Balls>),
    Refused(String),
}

/// Answers the draw commands of other nodes with this node's scheduler, while it runs the draws.
pub async fn serve(client: async_nats::Client, scheduler: Addr<Scheduler>) -> anyhow::Result<()> {
    let mut commands = client.subscribe(ALL).await?;
    actix_web::rt::spawn(async move {
        while let Some(message) = commands.next().await {
            match message.subject.as_str() {
                REFRESH => scheduler.do_send(Refresh),
                CANCEL => {
                    let (Some(reply), Ok(request)) =
                        (message.reply, serde_json::from_slice::<CancelRequest>(&message.payload))
                    else {
                        continue;
                    };
                    if !scheduler.send(Leading).await.unwrap_or(false) {
                        continue;
                    }
                    let cancel =
                        Cancel { draw_id: request.draw_id, reason: request.reason, emergency: request.emergency };
                    let answer = match scheduler.send(cancel).await {
                        Ok(Ok(would_be)) => CancelAnswer::WouldBe(would_be),
                        Ok(Err(refused)) => CancelAnswer::Refused(refused),
                        Err(e) => CancelAnswer::Refused(format!("The draws' scheduler is not answering: {e}")),
                    };
                    if let Ok(payload) = serde_json::to_vec(&answer) {
                        let _ = client.publish(reply, payload.into()).await;
                    }
                }
                _ => {}
            }
        }
    });
    Ok(())
}

/// Plans draws now on the node that runs them.
pub async fn refresh(client: &async_nats::Client) {
    if let Err(e) = client.publish(REFRESH, "{}".into()).await {
        tracing::warn!(error = %e, "could not ask the node running the draws to plan them");
    }
}

/// Cancels a draw on the node that runs the draws: its answer, or `NOBODY_LEADS`.
pub async fn cancel(client: &async_nats::Client, cancel: Cancel) -> Result<Option<Balls>, String> {
    let request = CancelRequest { draw_id: cancel.draw_id, reason: cancel.reason, emergency: cancel.emergency };
    let payload = serde_json::to_vec(&request).map_err(|e| e.to_string())?;
    match tokio::time::timeout(ANSWER_WAIT, client.request(CANCEL, payload.into())).await {
        Ok(Ok(reply)) => match serde_json::from_slice(&reply.payload) {
            Ok(CancelAnswer::WouldBe(would_be)) => Ok(would_be),
            Ok(CancelAnswer::Refused(why)) => Err(why),
            Err(e) => Err(format!("unreadable answer from the node running the draws: {e}")),
        },
        _ => Err(NOBODY_LEADS.to_string()),
    }
}

/// Whether a scheduler's refusal means "ask the node that runs the draws".
pub fn elsewhere(refusal: &Result<Option<Balls>, String>) -> bool {
    matches!(refusal, Err(why) if why == ANOTHER_NODE)
}
