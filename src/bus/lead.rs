//! Draw commands for the node that runs the draws (docs/decisions/033): in a cluster only the holder of the
//! lottery's lease runs them, but an admin's request may reach any node. A node that does not run the draws passes
//! the command over NATS: `ayo.lead.refresh` (a game was created or changed: plan its draws now) is published to
//! every node, whose scheduler ignores it unless it runs the draws; `ayo.lead.cancel` and `ayo.lead.witness` (a
//! witness's signature of its commitment, or its reveal, that reached another node) are requests that only the node
//! running the draws answers, with the outcome, so a witness's act is taken by the draw's own actor, in order with its
//! opening, close and cancellation.
//!
//! ```text
//! ayo.lead.refresh  {}
//! ayo.lead.cancel   {"draw_id":7,"reason":"…","emergency":false,
//!                    "asker":{"admin_id":3,"admin_email":"…","ip":"…","node":"…"}}
//!                   →  {"would_be":[…]|null} or {"refused":"…"}
//! ayo.lead.witness  {"draw_id":7,"act":{"Reveal":{"witness_id":5,"secret":"…","signature":"…"}}}
//!                   or {"draw_id":7,"act":{"Sign":{"witness_id":5,"signature":"…"}}}
//!                   →  {"Ok":7} or {"Err":<why, `RevealRefused`>}
//! ```
//!
//! Every command and answer is sealed with the cluster's key (`seal`): a command from anyone else is dropped and
//! counted, and so is a copy of a genuine one played again. A cancellation is carried out and written to the audit
//! log by one function, `cancel_audited`, whichever node the admin asked: the entry names the admin, the address
//! they asked from and, when it came over the bus, the node that passed it on.

use std::time::Duration;

use actix::Addr;
use futures_util::StreamExt;
use serde::{Deserialize, Serialize};

use ayo_actors::draw_actor::{RevealRefused, RevealWitness, SignCommitment};
use ayo_actors::scheduler::{Cancel, Leading, Refresh, Reveal, Scheduler, Sign, ANOTHER_NODE};
use ayo_data::activity::Activity;
use ayo_data::draw::Draw;
use ayo_data::lotto::Balls;
use ayo_data::user::{Role, UserId, UserStatus};
use ayo_data::Store;

use super::nats::Outlet;
use super::seal::{Opener, Sealer, Stream};

const REFRESH: &str = "ayo.lead.refresh";
const CANCEL: &str = "ayo.lead.cancel";
const WITNESS: &str = "ayo.lead.witness";
const ALL: &str = "ayo.lead.>";

/// How long a node waits for the node running the draws to answer a cancellation; a command older than this is
/// not carried out either, since whoever asked has been told nobody answered.
const ANSWER_WAIT: Duration = Duration::from_secs(10);

/// Why a cancellation found no node to run it (the lease changing hands, or NATS away).
pub const NOBODY_LEADS: &str = "No node of the cluster runs the draws at this moment: try again in a few seconds";

/// Who asked for a draw command: written with it to the audit log wherever it is carried out.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Asker {
    pub admin_id: UserId,
    pub admin_email: String,
    /// The address the admin asked from, as the node they asked saw it.
    pub ip: Option<String>,
    /// The node the admin asked, when another node carries the command out.
    #[serde(default)]
    pub node: Option<String>,
}

#[derive(Serialize, Deserialize)]
struct CancelRequest {
    draw_id: u64,
    reason: String,
    emergency: bool,
    asker: Asker,
}

/// What a witness does to a draw, passed to the node that runs the draws.
#[derive(Clone, Serialize, Deserialize)]
pub enum WitnessAct {
    /// Its signature of its commitment on the draw, before sales.
    Sign(SignCommitment),
    /// Its secret, signed, after close.
    Reveal(RevealWitness),
}

#[derive(Serialize, Deserialize)]
struct WitnessRequest {
    draw_id: u64,
    act: WitnessAct,
}

/// The draw's id once taken.
type WitnessAnswer = Result<u64, RevealRefused>;

/// A witness's act given to this node's scheduler, which hands it to the draw's actor when this node runs the draws.
pub async fn witness_here(scheduler: &Addr<Scheduler>, draw_id: u64, act: WitnessAct) -> Result<Draw, RevealRefused> {
    let sent = match act {
        WitnessAct::Sign(sign) => scheduler.send(Sign { draw_id, sign }).await,
        WitnessAct::Reveal(reveal) => scheduler.send(Reveal { draw_id, reveal }).await,
    };
    sent.map_err(|_| RevealRefused::NotSaved)?
}

#[derive(Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
enum CancelAnswer {
    WouldBe(Option<Balls>),
    Refused(String),
}

/// Answers the draw commands of other nodes with this node's scheduler, while it runs the draws.
pub async fn serve(outlet: &Outlet, scheduler: Addr<Scheduler>, store: Store) -> anyhow::Result<()> {
    let client = outlet.client().clone();
    let mut commands = client.subscribe(ALL).await?;
    let mut opener = Opener::new(outlet.key(), outlet.id(), Stream::Lead, ANSWER_WAIT);
    opener.listening();
    let mut answers = Sealer::new(outlet.key(), outlet.id(), Stream::Answers);
    actix_web::rt::spawn(async move {
        while let Some(message) = commands.next().await {
            let subject = message.subject.as_str();
            let Some(body) = opener.body(subject, message.reply.as_deref(), &message.payload) else { continue };
            match subject {
                REFRESH => scheduler.do_send(Refresh),
                CANCEL => {
                    let (Some(reply), Ok(request)) = (&message.reply, serde_json::from_slice::<CancelRequest>(body))
                    else {
                        continue;
                    };
                    if !scheduler.send(Leading).await.unwrap_or(false) {
                        continue;
                    }
                    let cancel =
                        Cancel { draw_id: request.draw_id, reason: request.reason, emergency: request.emergency };
                    let answer = match cancel_audited(&scheduler, &store, &request.asker, cancel).await {
                        Ok(would_be) => CancelAnswer::WouldBe(would_be),
                        Err(refused) => CancelAnswer::Refused(refused),
                    };
                    if let Ok(payload) = serde_json::to_vec(&answer) {
                        let sealed = answers.seal(reply.as_str(), None, &payload);
                        let _ = client.publish(reply.clone(), sealed.into()).await;
                    }
                }
                WITNESS => {
                    let (Some(reply), Ok(request)) = (&message.reply, serde_json::from_slice::<WitnessRequest>(body))
                    else {
                        continue;
                    };
                    // Only the node running the draws answers; the others stay silent.
                    let answer: WitnessAnswer = match witness_here(&scheduler, request.draw_id, request.act).await {
                        Err(RevealRefused::Elsewhere) => continue,
                        taken => taken.map(|draw| draw.id),
                    };
                    if let Ok(payload) = serde_json::to_vec(&answer) {
                        let sealed = answers.seal(reply.as_str(), None, &payload);
                        let _ = client.publish(reply.clone(), sealed.into()).await;
                    }
                }
                _ => {}
            }
        }
    });
    Ok(())
}

/// Plans draws now on the node that runs them.
pub async fn refresh(outlet: &Outlet) {
    if let Err(e) = outlet.publish_lead(REFRESH, None, b"{}").await {
        tracing::warn!(error = %e, "could not ask the node running the draws to plan them");
    }
}

/// Cancels a draw on the node that runs the draws: its answer, or `NOBODY_LEADS`.
pub async fn cancel(outlet: &Outlet, cancel: Cancel, asker: Asker) -> Result<Option<Balls>, String> {
    let asker = Asker { node: Some(outlet.node().to_string()), ..asker };
    let request = CancelRequest { draw_id: cancel.draw_id, reason: cancel.reason, emergency: cancel.emergency, asker };
    let payload = serde_json::to_vec(&request).map_err(|e| e.to_string())?;
    let body = ask(outlet, CANCEL, &payload).await.ok_or_else(|| NOBODY_LEADS.to_string())?;
    match serde_json::from_slice(&body) {
        Ok(CancelAnswer::WouldBe(would_be)) => Ok(would_be),
        Ok(CancelAnswer::Refused(why)) => Err(why),
        Err(e) => Err(format!("unreadable answer from the node running the draws: {e}")),
    }
}

/// Passes a witness's signature or reveal to the node that runs the draws, whose draw actor takes it (or refuses it,
/// saying why); the draw as saved there, read from the store the nodes share. `Elsewhere` when no node answers.
pub async fn witness(outlet: &Outlet, store: &Store, draw_id: u64, act: WitnessAct) -> Result<Draw, RevealRefused> {
    let payload = serde_json::to_vec(&WitnessRequest { draw_id, act }).map_err(|_| RevealRefused::NotSaved)?;
    let body = ask(outlet, WITNESS, &payload).await.ok_or(RevealRefused::Elsewhere)?;
    let id = serde_json::from_slice::<WitnessAnswer>(&body).unwrap_or(Err(RevealRefused::NotSaved))?;
    store.games.draw(id).ok().flatten().ok_or(RevealRefused::NotSaved)
}

/// Sends `payload` on `subject` as a request only the node running the draws answers, and waits at most
/// `ANSWER_WAIT` for the first answer sealed by a node of the cluster for this inbox (anything else sent to it is
/// dropped): its body, or `None` when no node answered.
async fn ask(outlet: &Outlet, subject: &'static str, payload: &[u8]) -> Option<Vec<u8>> {
    let client = outlet.client();
    let inbox = client.new_inbox();
    let mut replies = client.subscribe(inbox.clone()).await.ok()?;
    let mut opener = Opener::new(outlet.key(), outlet.id(), Stream::Answers, ANSWER_WAIT);
    outlet.publish_lead(subject, Some(inbox), payload).await.ok()?;
    let answer = async {
        while let Some(reply) = replies.next().await {
            if reply.status == Some(async_nats::StatusCode::NO_RESPONDERS) {
                return None;
            }
            if let Some(body) = opener.body(reply.subject.as_str(), reply.reply.as_deref(), &reply.payload) {
                return Some(body.to_vec());
            }
        }
        None
    };
    tokio::time::timeout(ANSWER_WAIT, answer).await.ok().flatten()
}

/// Cancels a draw with this node's scheduler and, when it is done, writes the audit entry naming who asked: the
/// one path of every cancellation, asked here or passed on by another node.
pub async fn cancel_audited(
    scheduler: &Addr<Scheduler>,
    store: &Store,
    asker: &Asker,
    cancel: Cancel,
) -> Result<Option<Balls>, String> {
    if asker.node.is_some() {
        // Passed on by another node: the account it names must still be an admin here (the nodes share the store).
        admin_still(store, asker)?;
    }
    let (draw_id, reason) = (cancel.draw_id, cancel.reason.clone());
    let outcome = scheduler.send(cancel).await.map_err(|e| format!("The draws' scheduler is not answering: {e}"))?;
    if let Ok(would_be) = &outcome {
        record(store, asker, draw_id, &reason, would_be.as_ref());
    }
    outcome
}

/// Whether a scheduler's refusal means "ask the node that runs the draws".
pub fn elsewhere(refusal: &Result<Option<Balls>, String>) -> bool {
    matches!(refusal, Err(why) if why == ANOTHER_NODE)
}

fn admin_still(store: &Store, asker: &Asker) -> Result<(), String> {
    let admin = store.users.get(asker.admin_id).ok().flatten();
    match admin {
        Some(user) if user.role == Role::Admin && user.status != UserStatus::Suspended => Ok(()),
        _ => {
            tracing::warn!(admin = asker.admin_id, node = asker.node, "draw cancellation refused: not an admin");
            Err("The account that asked is not an active admin".to_string())
        }
    }
}

fn record(store: &Store, asker: &Asker, draw_id: u64, reason: &str, would_be: Option<&Balls>) {
    let (action, mut detail) = match would_be {
        Some(balls) => ("draw.emergency_cancelled", format!("{reason} (would have drawn {balls:?}; seed published)")),
        None => ("draw.cancelled", reason.to_string()),
    };
    if let Some(node) = &asker.node {
        // First, so cutting a long reason never cuts it.
        detail = format!("(asked on node {node}) {detail}");
    }
    let activity = Activity {
        actor_id: Some(asker.admin_id),
        actor_email: Some(asker.admin_email.clone()),
        ip: asker.ip.clone(),
        ..Activity::unattended(action, Some(format!("draw:{draw_id}")), crate::audit_detail::clip(&detail))
    };
    if let Err(e) = store.activities.record(activity) {
        tracing::error!(action, error = %e, "could not write the audit log");
    }
}
