//! A manual wallet adjustment and four eyes on it (docs/security.md, "Adjustments"): one admin alone moves at most
//! the threshold a Lagos day, per player and in total; anything more waits for a second admin.
//!
//! An adjustment is decided in the transaction that applies or files it (`seam::Adjustments::adjust`), against what
//! the asking admin already asked for that day, so requests split small, or fired at once on many nodes, add up
//! exactly as one large request would.

use chrono::{DateTime, NaiveDate, Utc};
use serde::{Deserialize, Serialize};

use crate::lagos::wat;
use crate::ledger::{EntryKind, EntryStatus, LedgerEntry, Moved};
use crate::money::Kobo;
use crate::user::UserId;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ApprovalStatus {
    Pending,
    Approved,
    Rejected,
}

impl ApprovalStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            ApprovalStatus::Pending => "pending",
            ApprovalStatus::Approved => "approved",
            ApprovalStatus::Rejected => "rejected",
        }
    }
}

/// A second admin's decision on a filed request, as `seam::Adjustments::decide` takes it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Decision {
    /// Approved or rejected.
    pub status: ApprovalStatus,
    pub by: UserId,
    pub at: DateTime<Utc>,
}

/// Why an adjustment waits for a second admin.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum HeldBecause {
    /// Larger than the threshold by itself (requests filed before the daily sums were kept say this too).
    #[default]
    Amount,
    /// With what this admin already asked for this player today, above the threshold.
    PlayerDay,
    /// With what this admin already moved alone today, across every player, above the threshold.
    AdminDay,
}

impl HeldBecause {
    pub fn as_str(self) -> &'static str {
        match self {
            HeldBecause::Amount => "amount",
            HeldBecause::PlayerDay => "player_day",
            HeldBecause::AdminDay => "admin_day",
        }
    }
}

/// A manual adjustment filed for a second admin (four eyes).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PendingAdjustment {
    pub id: u64,
    pub user_id: UserId,
    /// Signed: a credit or a debit.
    pub amount: Kobo,
    pub reason: String,
    pub requested_by: UserId,
    /// The requester's key: asking again with it answers this approval.
    pub idempotency_key: String,
    pub status: ApprovalStatus,
    pub decided_by: Option<UserId>,
    pub created_at: DateTime<Utc>,
    pub decided_at: Option<DateTime<Utc>>,
    /// Why it was filed rather than applied at once.
    #[serde(default)]
    pub held_because: HeldBecause,
}

impl PendingAdjustment {
    /// A request as its admin asks for it, at `at`: pending and undecided, until `seam::Adjustments::adjust`
    /// applies it or files it (saying then why it is held).
    pub fn asked(
        id: u64,
        user_id: UserId,
        amount: Kobo,
        reason: String,
        by: UserId,
        key: String,
        at: DateTime<Utc>,
    ) -> Self {
        PendingAdjustment {
            id,
            user_id,
            amount,
            reason,
            requested_by: by,
            idempotency_key: key,
            status: ApprovalStatus::Pending,
            decided_by: None,
            created_at: at,
            decided_at: None,
            held_because: HeldBecause::Amount,
        }
    }

    /// The Lagos (WAT) day it was asked for: the day whose sums it counts in.
    pub fn day(&self) -> NaiveDate {
        self.created_at.with_timezone(&wat()).date_naive()
    }

    /// Its size either way: a debit counts as much as a credit.
    pub fn size(&self) -> i64 {
        self.amount.as_i64().saturating_abs()
    }

    /// The wallet's key that makes the adjustment, applied at once, happen once (the format the server always
    /// used, so a replay of a key from before still finds its entry).
    pub fn once_key(&self) -> String {
        format!("admin:{}:{}", self.requested_by, self.idempotency_key)
    }

    /// The ledger entry the adjustment writes when it applies at once, without a second admin: its reference names
    /// the one admin (`routes::admin_adjust::adjusted_by` reads it).
    pub fn alone_entry(&self, id: u64) -> LedgerEntry {
        LedgerEntry {
            id,
            user_id: self.user_id,
            kind: EntryKind::Adjustment,
            status: EntryStatus::Success,
            amount: self.amount,
            balance_after: Kobo::ZERO,
            reference: format!("adjustment:{}", self.requested_by),
            description: self.reason.clone(),
            created_at: self.created_at,
        }
    }
}

/// The four-eyes thresholds, in kobo: what one request, what one admin asks for one player in a Lagos day (applied,
/// waiting or approved), and what one admin moves alone in a Lagos day across every player, may each reach
/// before a second admin must approve. `AYO_ADJUST_APPROVAL_ABOVE` sets all three (`FourEyes::at`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FourEyes {
    pub request: i64,
    pub player_day: i64,
    pub admin_day: i64,
}

impl FourEyes {
    /// One threshold for all three: the per-player sum is the per-request threshold spread over a day, and the
    /// all-players total the same again, since ten accomplices credited ₦100,000 each are the same ₦1,000,000 as
    /// one credited ten times.
    pub fn at(threshold: i64) -> Self {
        Self { request: threshold, player_day: threshold, admin_day: threshold }
    }

    /// Whether an adjustment of `size` (kobo, either way) must wait, given what its admin already asked for this
    /// player today (`player_today`) and moved alone today (`admin_today`); the first reason that applies.
    pub fn held(self, size: i64, player_today: i64, admin_today: i64) -> Option<HeldBecause> {
        if size > self.request {
            Some(HeldBecause::Amount)
        } else if player_today.saturating_add(size) > self.player_day {
            Some(HeldBecause::PlayerDay)
        } else if admin_today.saturating_add(size) > self.admin_day {
            Some(HeldBecause::AdminDay)
        } else {
            None
        }
    }
}

/// What became of an adjustment an admin asked for (`seam::Adjustments::adjust`).
#[derive(Debug, Clone, PartialEq)]
pub enum Adjusted {
    /// Applied at once with its ledger entry; or, `replayed`, applied before under the same key (nothing moved now).
    Applied(Moved<LedgerEntry>),
    /// Filed for a second admin: nothing moved. `true` when filed now, `false` when the key filed it before.
    Filed(PendingAdjustment, bool),
    /// It would take the balance below zero: nothing written, nothing counted.
    Overdrawn,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_reason_that_applies_holds_it() {
        let eyes = FourEyes::at(100);
        assert_eq!(eyes.held(100, 0, 0), None, "exactly the threshold passes alone");
        assert_eq!(eyes.held(101, 0, 0), Some(HeldBecause::Amount));
        assert_eq!(eyes.held(1, 100, 0), Some(HeldBecause::PlayerDay));
        assert_eq!(eyes.held(40, 60, 60), None);
        assert_eq!(eyes.held(41, 0, 60), Some(HeldBecause::AdminDay));
        assert_eq!(eyes.held(1, i64::MAX, 0), Some(HeldBecause::PlayerDay), "a sum never wraps round");
    }

    #[test]
    fn the_day_is_lagos_time() {
        let at = |t: &str| {
            PendingAdjustment::asked(1, 2, Kobo(-5), "x".into(), 3, "k".into(), t.parse().unwrap_or_default())
        };
        // 23:30 UTC is already 00:30 the next day in Lagos (UTC+1).
        assert_eq!(at("2026-03-01T23:30:00Z").day(), NaiveDate::from_ymd_opt(2026, 3, 2).unwrap_or_default());
        assert_eq!(at("2026-03-01T22:59:00Z").day(), NaiveDate::from_ymd_opt(2026, 3, 1).unwrap_or_default());
        assert_eq!(at("2026-03-01T22:59:00Z").size(), 5, "a debit counts by its size");
    }
}
