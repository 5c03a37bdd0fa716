//! The JSON shapes of deposits, withdrawals, bank accounts and responsible-gaming settings (docs/api-money.md).

use chrono::{DateTime, Utc};
use serde_json::{json, Value};

use ayo_actors::views::time;
use ayo_data::bank_account::BankAccount;
use ayo_data::deposit::Deposit;
use ayo_data::responsible::{PendingLimit, Period, ResponsibleGaming};
use ayo_data::withdrawal::Withdrawal;

/// A deposit as the player sees it at `now`: a checkout still pending after it closed reads `expired`.
pub fn deposit(d: &Deposit, now: DateTime<Utc>) -> Value {
    json!({
        "reference": d.reference,
        "amount": d.amount,
        "status": d.status_at(now),
        "gateway": d.gateway,
        "authorization_url": d.authorization_url,
        "failure_reason": d.failure_reason,
        "held_reason": d.held_reason,
        "expires_at": time(d.expires_at()),
        "created_at": time(d.created_at),
        "updated_at": time(d.updated_at),
    })
}

pub fn withdrawal(w: &Withdrawal) -> Value {
    json!({
        "id": w.id,
        "user_id": w.user_id,
        "amount": w.amount,
        "status": w.status.as_str(),
        "bank_code": w.bank_code,
        "bank_name": w.bank_name,
        "account_number": w.account_number,
        "account_name": w.account_name,
        "reason": w.reason,
        "transfer_reference": w.transfer_reference,
        "transaction_id": w.entry_id,
        "created_at": time(w.created_at),
        "updated_at": time(w.updated_at),
    })
}

pub fn bank_account(a: &BankAccount) -> Value {
    json!({
        "bank_code": a.bank_code,
        "bank_name": a.bank_name,
        "account_number": a.account_number,
        "account_name": a.account_name,
        "created_at": time(a.created_at),
        "updated_at": time(a.updated_at),
        "withdrawals_held_until": a.withdrawals_held_until.map(time),
    })
}

/// A player's saved account as the back office's player record shows it: the number cut to its last four digits
/// (the whole number is on /boss/accounts, where staff pay from it).
pub fn bank_account_masked(a: &BankAccount) -> Value {
    let tail: String = a.account_number.chars().skip(a.account_number.chars().count().saturating_sub(4)).collect();
    json!({
        "bank_name": a.bank_name,
        "masked_account_number": format!("••••{tail}"),
        "account_name": a.account_name,
        "updated_at": time(a.updated_at),
        "withdrawals_held_until": a.withdrawals_held_until.map(time),
    })
}

fn pending(p: Option<PendingLimit>) -> Value {
    p.map_or(Value::Null, |p| json!({ "amount": p.amount, "effective_at": time(p.effective_at) }))
}

/// `{daily, weekly, monthly}` in force and `pending: {daily: {amount, effective_at} | null, …}`.
pub fn limits(rg: &ResponsibleGaming) -> Value {
    json!({
        "daily": rg.limits.daily,
        "weekly": rg.limits.weekly,
        "monthly": rg.limits.monthly,
        "pending": {
            "daily": pending(rg.pending.daily),
            "weekly": pending(rg.pending.weekly),
            "monthly": pending(rg.pending.monthly),
        },
    })
}

pub fn exclusion(rg: &ResponsibleGaming, now: DateTime<Utc>) -> Value {
    rg.active_exclusion(now).map_or(Value::Null, |e| {
        json!({
            "kind": e.kind.as_str(),
            "period": e.period,
            "starts_at": time(e.starts_at),
            "ends_at": time(e.ends_at),
        })
    })
}

/// A player's protection status for the back office (`protection` of `GET /admin/users` rows and of a player's
/// record): the time-out or self-exclusion in force, or `null` (issue 32).
pub fn protection(stored: &ResponsibleGaming, now: DateTime<Utc>) -> Value {
    exclusion(&stored.at(now), now)
}

/// The `responsible_gaming` object of the user (GET /auth/profiles): settings in force at `now`.
pub fn responsible_gaming(stored: &ResponsibleGaming, now: DateTime<Utc>) -> Value {
    let rg = stored.at(now);
    json!({
        "limits": limits(&rg),
        "exclusion": exclusion(&rg, now),
        "window": "rolling",
        "reality_check_minutes": rg.reality_check_minutes,
    })
}

/// What each period's window has used so far.
pub fn used(used: impl Fn(Period) -> i64) -> Value {
    json!({
        "daily": used(Period::Daily),
        "weekly": used(Period::Weekly),
        "monthly": used(Period::Monthly),
    })
}
