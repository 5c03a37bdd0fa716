//! Turning a gateway's verification into a credit, once. Used by webhooks (after the signature checked out) and by
//! `GET /deposits/{reference}` (the player's return from checkout), so a missed webhook still credits the payment.
//!
//! Credit only if the gateway itself says `success` for exactly the deposit's amount in NGN; the crediting is one
//! transaction in the player's WalletActor that flips the deposit to `success`, so a second confirmation (a replayed
//! webhook, the callback after the webhook) finds it credited and changes nothing.

use chrono::Utc;

use ayo_actors::wallet::CreditDeposit;
use ayo_data::deposit::{Deposit, DepositStatus};
use ayo_data::money::Kobo;
use ayo_data::store::CreditRefused;

use super::Verification;
use crate::error::ApiError;
use crate::state::AppState;

/// What a confirmation did.
#[derive(Debug)]
pub enum Confirmation {
    /// Credited now; the balance after.
    Credited(Deposit, Kobo),
    /// It was credited before: nothing changed.
    AlreadyCredited(Deposit),
    /// The gateway reports a payment that does not match the deposit: nothing credited.
    Mismatch(Deposit, String),
    /// The gateway says it failed: the deposit is marked failed.
    Failed(Deposit),
    /// Not paid (yet).
    NotYet(Deposit, String),
}

pub async fn confirm_deposit(
    state: &AppState,
    deposit: Deposit,
    verified: &Verification,
) -> Result<Confirmation, ApiError> {
    if deposit.status == DepositStatus::Success {
        return Ok(Confirmation::AlreadyCredited(deposit));
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
        .map_err(|e| ApiError::internal(anyhow::anyhow!("{e}")))?;
    Ok(match moved {
        Ok(moved) if moved.replayed => Confirmation::AlreadyCredited(moved.value),
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
