//! Paying a withdrawal out: approve (claim, then transfer), reject, and applying what the gateway says about a
//! transfer (from the approval itself, a re-check, or a `transfer.*` webhook).
//!
//! Money safety: the hold is returned only by a state-machine move into `failed`, `rejected` or `reversed`
//! (exactly once, enforced in the store). A transfer whose fate is unknown (timeout, 5xx) leaves the withdrawal
//! `processing` with the money still held; approving it again re-checks the transfer at the gateway by its stable
//! reference before ever sending it again. One payout per withdrawal is in flight at a time in this process.

use actix_web::HttpRequest;
use chrono::Utc;

use ayo_actors::wallet::MoveWithdrawal;
use ayo_data::ledger::Moved;
use ayo_data::seam::WithdrawalRefused;
use ayo_data::user::User;
use ayo_data::withdrawal::{Withdrawal, WithdrawalId, WithdrawalMove, WithdrawalStatus};

use crate::error::ApiError;
use crate::http::state::AppState;
use crate::payments::protocol::{GatewayError, TransferOrder, TransferOutcome};

/// A withdrawal after an admin action, with what to tell the admin.
pub struct Decided {
    pub withdrawal: Withdrawal,
    pub message: String,
}

fn decided(withdrawal: Withdrawal, message: impl Into<String>) -> Decided {
    Decided { withdrawal, message: message.into() }
}

fn wrong_state(status: WithdrawalStatus, action: &str) -> ApiError {
    ApiError::coded(
        "withdrawal",
        format!("This withdrawal is {}; it cannot be {action}", status.as_str()),
        "WITHDRAWAL_DECIDED",
    )
}

/// Moves a withdrawal through its player's WalletActor (persist, flush, publish `wallet.updated`).
pub async fn move_withdrawal(
    state: &AppState,
    w: &Withdrawal,
    step: WithdrawalMove,
) -> Result<Result<Moved<Withdrawal>, WithdrawalRefused>, ApiError> {
    state
        .engine
        .wallets
        .get(w.user_id)
        .send(MoveWithdrawal { id: w.id, step, now: Utc::now() })
        .await
        .map_err(|e| ApiError::internal(anyhow::anyhow!("wallet mailbox: {e}")))?
        .map_err(ApiError::internal)
}

fn order(w: &Withdrawal) -> TransferOrder {
    TransferOrder {
        bank_code: w.bank_code.clone(),
        account_number: w.account_number.clone(),
        account_name: w.account_name.clone(),
        amount: w.amount,
        reference: w.transfer_reference.clone(),
        reason: format!("Ayo Lotto withdrawal #{}", w.id),
    }
}

/// Approves a withdrawal: a pending one is claimed and its transfer sent; a processing one (an earlier attempt
/// whose outcome is unknown) is re-checked at the gateway, and sent only if the gateway never got it.
pub async fn approve(state: &AppState, req: &HttpRequest, admin: &User, id: WithdrawalId) -> Result<Decided, ApiError> {
    let Some(_in_flight) = state.payments.begin_payout(id) else {
        return Err(ApiError::coded(
            "withdrawal",
            "This withdrawal is being paid out right now; refresh in a moment",
            "WITHDRAWAL_BUSY",
        ));
    };
    let w = state.store.payments.withdrawal(id)?.ok_or(ApiError::NotFound("Withdrawal"))?;
    let target = Some(format!("withdrawal:{id}"));
    let gateway = &state.payments.gateway;
    match w.status {
        WithdrawalStatus::Pending => {
            let claimed = match move_withdrawal(state, &w, WithdrawalMove::Claim { by: admin.id }).await? {
                Ok(moved) => moved.value,
                Err(WithdrawalRefused::WrongState(status)) => return Err(wrong_state(status, "approved")),
                Err(other) => return Err(ApiError::internal(other)),
            };
            let detail = format!("{} kobo to {} {}", w.amount.as_i64(), w.bank_name, w.masked_account());
            state.audit(Some(req), Some(admin), "withdrawal.approved", target, detail);
            let outcome = gateway.transfer(&order(&claimed)).await;
            apply_outcome(state, Some(req), Some(admin), claimed, outcome).await
        }
        WithdrawalStatus::Processing => {
            let outcome = match gateway.verify_transfer(&w.transfer_reference).await {
                Ok(Some((outcome, _amount))) => Ok(outcome),
                // The gateway never got it: sending now (same reference) cannot pay twice.
                Ok(None) => gateway.transfer(&order(&w)).await,
                Err(e) => Err(e),
            };
            apply_outcome(state, Some(req), Some(admin), w, outcome).await
        }
        WithdrawalStatus::Success => Ok(decided(w, "This withdrawal was already paid")),
        other => Err(wrong_state(other, "approved")),
    }
}

/// Rejects a pending withdrawal: the hold goes back to the player's balance. Rejecting again is a no-op.
pub async fn reject(
    state: &AppState,
    req: &HttpRequest,
    admin: &User,
    id: WithdrawalId,
    reason: &str,
) -> Result<Decided, ApiError> {
    let w = state.store.payments.withdrawal(id)?.ok_or(ApiError::NotFound("Withdrawal"))?;
    let step = WithdrawalMove::Reject { by: admin.id, reason: reason.to_string() };
    match move_withdrawal(state, &w, step).await? {
        Ok(moved) if moved.replayed => Ok(decided(moved.value, "This withdrawal was already rejected")),
        Ok(moved) => {
            let detail = format!("{} kobo returned: {reason}", w.amount.as_i64());
            state.audit(Some(req), Some(admin), "withdrawal.rejected", Some(format!("withdrawal:{id}")), detail);
            Ok(decided(moved.value, "Withdrawal rejected; the money is back in the player's balance"))
        }
        Err(WithdrawalRefused::WrongState(status)) => Err(wrong_state(status, "rejected")),
        Err(other) => Err(ApiError::internal(other)),
    }
}

/// Applies what the gateway said about a withdrawal's transfer. `admin` is `None` for webhooks.
pub async fn apply_outcome(
    state: &AppState,
    req: Option<&HttpRequest>,
    admin: Option<&User>,
    w: Withdrawal,
    outcome: Result<TransferOutcome, GatewayError>,
) -> Result<Decided, ApiError> {
    let target = Some(format!("withdrawal:{}", w.id));
    let (step, action, message) =
        match outcome {
            Ok(TransferOutcome::Paid) => {
                (WithdrawalMove::Paid, "withdrawal.paid", "Transfer completed: the withdrawal is paid".to_string())
            }
            Ok(TransferOutcome::Failed(reason)) => (
                WithdrawalMove::Fail { reason: reason.clone() },
                "withdrawal.failed",
                format!("The transfer failed ({reason}); the money is back in the player's balance"),
            ),
            Ok(TransferOutcome::Reversed(reason)) if w.status == WithdrawalStatus::Success => (
                WithdrawalMove::Reverse { reason: reason.clone() },
                "withdrawal.reversed",
                format!("The bank reversed the transfer ({reason}); the money is back in the player's balance"),
            ),
            Ok(TransferOutcome::Reversed(reason)) => (
                WithdrawalMove::Fail { reason: reason.clone() },
                "withdrawal.failed",
                format!("The transfer was reversed ({reason}); the money is back in the player's balance"),
            ),
            Ok(TransferOutcome::Pending) => return Ok(decided(
                w,
                "The gateway accepted the transfer and is waiting for the bank; it completes when the gateway confirms",
            )),
            Err(e) => {
                tracing::warn!(withdrawal = w.id, error = %e, "transfer outcome unknown");
                state.audit(req, admin, "withdrawal.transfer_unconfirmed", target, e.to_string());
                return Ok(decided(
                    w,
                    format!(
                    "The gateway did not confirm the transfer ({e}). The withdrawal stays processing with the money \
                     held; approve it again later to check it"
                ),
                ));
            }
        };
    match move_withdrawal(state, &w, step).await? {
        Ok(moved) => {
            if !moved.replayed {
                state.audit(req, admin, action, target, format!("{} kobo; {message}", w.amount.as_i64()));
            }
            Ok(decided(moved.value, message))
        }
        // Someone else (a webhook, another approval) moved it first: report where it stands.
        Err(WithdrawalRefused::WrongState(status)) => {
            let now = state.store.payments.withdrawal(w.id)?.unwrap_or(w);
            Ok(decided(now, format!("This withdrawal is already {}", status.as_str())))
        }
        Err(other) => Err(ApiError::internal(other)),
    }
}
