//! Turning a gateway's verification into a credit, once. Used by webhooks (after the signature checked out) and by
//! `GET /deposits/{reference}` (the player's return from checkout), so a missed webhook still credits the payment.
//!
//! Credit only if the gateway itself says `success` for exactly the deposit's amount in NGN; the crediting is one
//! transaction in the player's WalletActor that flips the deposit to `success`, so a second confirmation (a replayed
//! webhook, the callback after the webhook) finds it credited and changes nothing.
//!
//! The same transaction counts the player's deposit limits at credit time (docs/decisions/007): a payment they no
//! longer allow (its checkout expired and others took the room, or the player lowered a limit) becomes `held`, not
//! credited and not lost. That is flagged where an operator looks (`deposit.held` in the audit log, the
//! `ayo_deposits_held_total` metric) and the player is told why, on the deposit and by mail. It too is final: a
//! replay changes nothing.

use actix_web::web;
use chrono::Utc;

use ayo_actors::wallet::CreditDeposit;
use ayo_data::deposit::{Deposit, DepositStatus};
use ayo_data::money::Kobo;
use ayo_data::seam::CreditRefused;

use crate::error::ApiError;
use crate::http::state::AppState;
use crate::payments::protocol::Verification;

/// What a confirmation did.
#[derive(Debug)]
pub enum Confirmation {
    /// Credited now; the balance after.
    Credited(Deposit, Kobo),
    /// Its payment was credited or held before: nothing changed.
    AlreadyDecided(Deposit),
    /// Paid, but the player's deposit limits no longer allow it: held for a refund, nothing credited.
    Held(Deposit),
    /// The gateway reports a payment that does not match the deposit: nothing credited.
    Mismatch(Deposit, String),
    /// The gateway says it failed: the deposit is marked failed.
    Failed(Deposit),
    /// Not paid (yet).
    NotYet(Deposit, String),
}

pub async fn confirm_deposit(
    state: &web::Data<AppState>,
    deposit: Deposit,
    verified: &Verification,
) -> Result<Confirmation, ApiError> {
    if deposit.status.is_final() {
        return Ok(Confirmation::AlreadyDecided(deposit));
    }
    match verified.status.as_str() {
        "success" => {}
        "failed" | "reversed" => {
            let reason = verified.gateway_response.clone().unwrap_or_else(|| "The payment failed".into());
            let now = Utc::now();
            let failed = state.store.payments.fail_deposit(&deposit.reference, &reason, now)?.unwrap_or(deposit);
            state.store.flush().await?;
            return Ok(Confirmation::Failed(failed));
        }
        other => return Ok(Confirmation::NotYet(deposit, format!("the gateway says '{other}'"))),
    }
    if verified.currency != "NGN" || verified.amount != deposit.amount.as_i64() {
        let detail = format!(
            "the gateway reports {} {} paid; the deposit is {} NGN",
            verified.amount,
            verified.currency,
            deposit.amount.as_i64()
        );
        return Ok(Confirmation::Mismatch(deposit, detail));
    }
    let credit = CreditDeposit { reference: deposit.reference.clone(), paid: Kobo(verified.amount), now: Utc::now() };
    let moved = state
        .engine
        .wallets
        .get(deposit.user_id)
        .send(credit)
        .await
        .map_err(|e| ApiError::internal(anyhow::anyhow!("wallet mailbox: {e}")))?
        .map_err(ApiError::internal)?;
    Ok(match moved {
        Ok(moved) if moved.replayed => Confirmation::AlreadyDecided(moved.value),
        Ok(moved) if moved.value.status == DepositStatus::Held => {
            flag_held(state, &moved.value).await;
            Confirmation::Held(moved.value)
        }
        Ok(moved) => {
            metrics::counter!("ayo_deposits_total").increment(1);
            metrics::counter!("ayo_deposits_kobo_total").increment(moved.value.amount.as_i64().unsigned_abs());
            Confirmation::Credited(moved.value, moved.balance)
        }
        Err(CreditRefused::AmountMismatch { expected, paid }) => {
            Confirmation::Mismatch(deposit, format!("paid {paid}, expected {expected}"))
        }
        Err(CreditRefused::UnknownReference) => Confirmation::NotYet(deposit, "the deposit disappeared".into()),
    })
}

/// Tells the operator and the player about a payment just held: an audit entry an admin sees (`deposit.held`, with
/// the player, amount and reason), the `ayo_deposits_held_total` metric, and a mail to the player.
async fn flag_held(state: &web::Data<AppState>, deposit: &Deposit) {
    let reason = deposit.held_reason.clone().unwrap_or_default();
    metrics::counter!("ayo_deposits_held_total").increment(1);
    tracing::warn!(reference = %deposit.reference, user = deposit.user_id, "payment held: over the deposit limits");
    let player = state.store.users.get(deposit.user_id).unwrap_or_else(|e| {
        tracing::error!(reference = %deposit.reference, error = %e, "the held payment's player could not be read");
        None
    });
    // Entered in the player's name: an entry no account caused is rate-limited, and none of these may be dropped.
    let target = Some(format!("deposit:{}", deposit.reference));
    let detail = format!("{} paid, not credited: to refund. {reason}", deposit.amount);
    state.audit(None, player.as_ref(), "deposit.held", target, detail);
    let Some(player) = player else { return };
    let mail = crate::mail::templates::deposit_held(&player.email, &player.name, &deposit.reference, &reason);
    let job = state.clone();
    state.background.spawn(async move { job.send_mail(mail).await });
}
