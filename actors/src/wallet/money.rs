//! The WalletActor's money in and out: opening and crediting deposits, holding and moving withdrawals.
//!
//! Same rule as the rest of the wallet: one sled transaction per move, flushed before the reply, then
//! `wallet.updated` (balance and the transaction) on the player's topic. Opening a deposit moves no money but goes
//! through the actor too, in the player's order; its deposit-limit check and the new pending deposit are one store
//! transaction (`seam::Payments::open_deposit`), which also keeps another node's deposits of the player out.

use actix::prelude::*;
use chrono::{DateTime, Utc};

use ayo_data::deposit::Deposit;
use ayo_data::ledger::Moved;
use ayo_data::money::Kobo;
use ayo_data::responsible::DepositRefused;
use ayo_data::seam::{CreditRefused, WithdrawalRefused};
use ayo_data::withdrawal::{Withdrawal, WithdrawalId, WithdrawalMove};

use super::{WalletActor, WalletError};

/// Open a pending deposit if the player is not excluded and it fits their deposit limits at `now`.
#[derive(Message)]
#[rtype(result = "Result<Result<Deposit, DepositRefused>, WalletError>")]
pub struct OpenDeposit {
    pub deposit: Deposit,
    pub now: DateTime<Utc>,
}

/// Credit a deposit the gateway confirmed as paid `paid`, or hold it (`held`, nothing credited) when the player's
/// deposit limits no longer allow it; a replay changes nothing (`replayed`).
#[derive(Message)]
#[rtype(result = "Result<Result<Moved<Deposit>, CreditRefused>, WalletError>")]
pub struct CreditDeposit {
    pub reference: String,
    pub paid: Kobo,
    pub now: DateTime<Utc>,
}

/// Hold the amount of a new withdrawal; the same idempotency key again returns the first one.
#[derive(Message)]
#[rtype(result = "Result<Result<Moved<Withdrawal>, WithdrawalRefused>, WalletError>")]
pub struct HoldWithdrawal(pub Withdrawal);

/// Move a withdrawal of this player one step (claim, paid, fail, reject, reverse).
#[derive(Message)]
#[rtype(result = "Result<Result<Moved<Withdrawal>, WithdrawalRefused>, WalletError>")]
pub struct MoveWithdrawal {
    pub id: WithdrawalId,
    pub step: WithdrawalMove,
    pub now: DateTime<Utc>,
}

type Refusable<T, R> = ResponseActFuture<WalletActor, Result<Result<T, R>, WalletError>>;

impl WalletActor {
    /// Makes a move durable and announces it, or passes a refusal or an error straight back.
    fn finish<T: 'static, R: 'static>(
        &self,
        result: Result<Result<Moved<T>, R>, ayo_data::StoreError>,
    ) -> Refusable<Moved<T>, R> {
        match result {
            Ok(Ok(moved)) => Box::pin(self.durable(moved, super::Tickets::none()).map(|r, _, _| r.map(Ok))),
            Ok(Err(refused)) => Box::pin(fut::ready(Ok(Err(refused)))),
            Err(e) => Box::pin(fut::ready(Err(e.into()))),
        }
    }
}

impl Handler<OpenDeposit> for WalletActor {
    type Result = Refusable<Deposit, DepositRefused>;

    fn handle(&mut self, msg: OpenDeposit, _: &mut Context<Self>) -> Self::Result {
        self.touch();
        let decided =
            self.store.payments.open_deposit(&msg.deposit, msg.now).map(|opened| opened.map(|()| msg.deposit));
        let store = self.store.clone();
        match decided {
            // Durable before the player is sent to pay: a webhook must never find an unknown reference.
            Ok(Ok(deposit)) => Box::pin(
                async move { store.flush().await.map(|_| Ok(deposit)).map_err(WalletError::from) }.into_actor(self),
            ),
            Ok(Err(refused)) => Box::pin(fut::ready(Ok(Err(refused)))),
            Err(e) => Box::pin(fut::ready(Err(e.into()))),
        }
    }
}

impl Handler<CreditDeposit> for WalletActor {
    type Result = Refusable<Moved<Deposit>, CreditRefused>;

    fn handle(&mut self, msg: CreditDeposit, _: &mut Context<Self>) -> Self::Result {
        self.touch();
        let result = self
            .store
            .ids
            .next_id()
            .and_then(|entry_id| self.store.payments.credit_deposit(&msg.reference, msg.paid, entry_id, msg.now));
        self.finish(result)
    }
}

impl Handler<HoldWithdrawal> for WalletActor {
    type Result = Refusable<Moved<Withdrawal>, WithdrawalRefused>;

    fn handle(&mut self, HoldWithdrawal(withdrawal): HoldWithdrawal, _: &mut Context<Self>) -> Self::Result {
        self.touch();
        let result = self.store.payments.hold_withdrawal(&withdrawal);
        self.finish(result)
    }
}

impl Handler<MoveWithdrawal> for WalletActor {
    type Result = Refusable<Moved<Withdrawal>, WithdrawalRefused>;

    fn handle(&mut self, msg: MoveWithdrawal, _: &mut Context<Self>) -> Self::Result {
        self.touch();
        let result = self.store.payments.move_withdrawal(msg.id, &msg.step, msg.now);
        self.finish(result)
    }
}
