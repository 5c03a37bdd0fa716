//! Deposits, withdrawals and bank accounts. A money move here (crediting a deposit, holding or moving a withdrawal)
//! is one transaction over its own record, the wallet balance and the ledger, so the record's status, the entry and
//! the balance are never apart, and a replay finds the status already moved and changes nothing. The player's
//! WalletActor is the one caller of the moving methods for that player on a node; the engines keep them once across
//! nodes too.

use chrono::{DateTime, Utc};

use super::listing::{Page, Slice};
use crate::bank_account::BankAccount;
use crate::deposit::Deposit;
use crate::error::StoreResult;
use crate::ledger::Moved;
use crate::ledger::{EntryKind, EntryStatus, LedgerEntry};
use crate::money::Kobo;
use crate::responsible::DepositRefused;
use crate::user::UserId;
use crate::withdrawal::{Withdrawal, WithdrawalId, WithdrawalMove, WithdrawalStatus};

/// Why a confirmed payment was not credited. Nothing was written.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CreditRefused {
    #[error("no deposit has this reference")]
    UnknownReference,
    #[error("the payment of {paid} does not match the deposit of {expected}")]
    AmountMismatch { expected: Kobo, paid: Kobo },
}

/// Why a withdrawal request or move was refused. Nothing was written.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum WithdrawalRefused {
    #[error("Your balance of {balance} is less than the {needed} you asked for")]
    InsufficientFunds { balance: Kobo, needed: Kobo },
    #[error("no such withdrawal")]
    NotFound,
    #[error("this withdrawal is {} and cannot be changed that way", .0.as_str())]
    WrongState(WithdrawalStatus),
}

/// A withdrawal's money move as answered: moved, replayed, or refused.
pub type WithdrawalMoved = StoreResult<Result<Moved<Withdrawal>, WithdrawalRefused>>;

/// What crediting a confirmed payment answers: the deposit credited (or found credited before: `replayed`), or why
/// it was not.
pub type DepositCredited = StoreResult<Result<Moved<Deposit>, CreditRefused>>;

pub trait Payments: Send + Sync {
    /// The player's saved bank account.
    fn bank_account(&self, user: UserId) -> StoreResult<Option<BankAccount>>;

    /// Saves or replaces the player's bank account; a replacement keeps the first `created_at`.
    fn save_bank_account(&self, account: BankAccount, now: DateTime<Utc>) -> StoreResult<BankAccount>;

    /// Every saved bank account, by player id.
    fn all_bank_accounts(&self) -> StoreResult<Vec<BankAccount>>;

    /// Records a new pending deposit, unchecked (tools and tests; players' deposits are opened with
    /// `open_deposit`). The reference must be new (it is random; a clash is refused as corrupt).
    fn insert_deposit(&self, deposit: &Deposit) -> StoreResult<()>;

    /// Opens a player's new pending deposit if their responsible-gaming settings at `now` allow it: not excluded,
    /// and within every deposit limit, counting what was credited in each window and the room every open checkout
    /// holds (`ResponsibleGaming::check_deposit`). The check and the insert are one transaction that no other
    /// deposit of the player, on any node, can interleave with: two checkouts opened at once cannot both take the
    /// last room. A refusal writes nothing. The reference must be new, as for `insert_deposit`.
    fn open_deposit(&self, deposit: &Deposit, now: DateTime<Utc>) -> StoreResult<Result<(), DepositRefused>>;

    /// Moves a checkout's expiry (tests age a checkout this way rather than waiting an hour). The record, if any.
    fn set_checkout_expiry(&self, reference: &str, expires_at: DateTime<Utc>) -> StoreResult<Option<Deposit>>;

    /// The deposit with this gateway reference.
    fn deposit(&self, reference: &str) -> StoreResult<Option<Deposit>>;

    /// A player's deposits, newest first.
    fn deposits_of_user(&self, user: UserId) -> StoreResult<Vec<Deposit>>;

    /// Remembers where the player pays.
    fn set_authorization_url(&self, reference: &str, url: &str, now: DateTime<Utc>) -> StoreResult<Option<Deposit>>;

    /// Marks a pending deposit failed (the gateway said so); any other status is left alone. Returns the record.
    fn fail_deposit(&self, reference: &str, reason: &str, now: DateTime<Utc>) -> StoreResult<Option<Deposit>>;

    /// Credits a deposit the gateway confirmed as paid `paid` at `now`: in one transaction the deposit becomes
    /// `success` (`credited_at` = `now`), a `deposit` ledger entry is written and the balance grows. Deposit limits
    /// are counted here, at credit time, in the same transaction and as exclusively as `open_deposit`
    /// (`ResponsibleGaming::check_credit`): a payment they no longer allow (its checkout expired and the room went
    /// to others, or the player lowered a limit) is not credited but `held` with its reason, no entry and the
    /// balance unchanged, for an operator to refund. A deposit already `success` or `held` is a replay: nothing
    /// changes and `replayed` is set.
    fn credit_deposit(&self, reference: &str, paid: Kobo, entry_id: u64, now: DateTime<Utc>) -> DepositCredited;

    /// Holds the amount of a new withdrawal: in one transaction the balance drops (never below zero), a pending
    /// `withdrawal` entry is written and the withdrawal recorded. The same idempotency key again returns the first
    /// withdrawal.
    fn hold_withdrawal(&self, w: &Withdrawal) -> WithdrawalMoved;

    /// Moves a withdrawal one step (see `WithdrawalMove`), updating its ledger entry and, when money comes back,
    /// the balance, all in one transaction. Repeating a move that already happened is a replay (nothing changes);
    /// any other move the current status does not allow is refused.
    fn move_withdrawal(&self, id: WithdrawalId, step: &WithdrawalMove, now: DateTime<Utc>) -> WithdrawalMoved;

    fn withdrawal(&self, id: WithdrawalId) -> StoreResult<Option<Withdrawal>>;

    /// The withdrawal a gateway transfer reference belongs to.
    fn withdrawal_by_transfer(&self, reference: &str) -> StoreResult<Option<Withdrawal>>;

    /// A player's withdrawals, newest first.
    fn withdrawals_of_user(&self, user: UserId) -> StoreResult<Vec<Withdrawal>>;

    /// A page of every withdrawal in id (creation) order, with how many there are.
    fn withdrawals_page(&self, slice: Slice) -> StoreResult<Page<Withdrawal>>;

    /// Every withdrawal, newest first, read a few at a time (for filters and searches).
    fn withdrawals_newest_first(&self) -> Box<dyn Iterator<Item = StoreResult<Withdrawal>> + Send + '_>;
}

/// `ayo_withdrawals_total{state}`: withdrawals entering each state (after the transaction, never for a replay).
pub(crate) fn count_withdrawal(result: &WithdrawalMoved) {
    if let Ok(Ok(moved)) = result.as_ref().map(|r| r.as_ref()) {
        if !moved.replayed {
            metrics::counter!("ayo_withdrawals_total", "state" => moved.value.status.as_str()).increment(1);
        }
    }
}

/// The `deposit` entry crediting `deposit`, the balance then being `after` (both engines write this one).
pub(crate) fn deposit_entry(deposit: &Deposit, entry_id: u64, after: Kobo, now: DateTime<Utc>) -> LedgerEntry {
    LedgerEntry {
        id: entry_id,
        user_id: deposit.user_id,
        kind: EntryKind::Deposit,
        status: EntryStatus::Success,
        amount: deposit.amount,
        balance_after: after,
        reference: deposit.reference.clone(),
        description: format!("Deposit via {}", gateway_title(&deposit.gateway)),
        created_at: now,
    }
}

fn gateway_title(gateway: &str) -> &str {
    match gateway {
        "paystack" => "Paystack",
        "sandbox" => "the sandbox gateway",
        other => other,
    }
}

/// The pending `withdrawal` entry holding `w`'s amount, the balance then being `after` (both engines write this one).
pub(crate) fn hold_entry(w: &Withdrawal, after: Kobo) -> LedgerEntry {
    LedgerEntry {
        id: w.entry_id,
        user_id: w.user_id,
        kind: EntryKind::Withdrawal,
        status: w.status.entry_status(),
        amount: Kobo(-w.amount.as_i64()),
        balance_after: after,
        reference: format!("withdrawal:{}", w.id),
        description: w.describe(),
        created_at: w.created_at,
    }
}
