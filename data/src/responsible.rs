//! Responsible gaming, enforced on the server (docs/product.md §8): deposit limits per day, week and month, time-outs
//! and self-exclusion.
//!
//! - Limits use **rolling windows**: "daily" is the last 24 hours, "weekly" the last 7 days, "monthly" the last 30
//!   days, all counted back from the moment of the deposit. A rolling window cannot be doubled up around midnight
//!   the way a calendar day can.
//! - A decrease (or a new limit where there was none) applies at once. An increase (or removing a limit) waits
//!   [`INCREASE_DELAY_HOURS`]; until then the old limit holds and the pending change is shown with its time.
//! - A time-out (24 hours, 7 days, 30 days) or self-exclusion (6 months, 1 year, 5 years) starts at once and cannot
//!   be shortened or lifted early; a new one may only end later.

use chrono::{DateTime, Duration, Months, Utc};
use serde::{Deserialize, Serialize};

use crate::deposit::Deposit;
use crate::lagos::lagos_time;
use crate::money::Kobo;

/// Hours before a raised (or removed) limit takes effect.
pub const INCREASE_DELAY_HOURS: i64 = 24;
/// The highest limit a player may set, ₦100,000,000: far above the per-deposit maximum.
pub const LIMIT_MAX: Kobo = Kobo::naira(100_000_000);

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Period {
    Daily,
    Weekly,
    Monthly,
}

impl Period {
    pub const ALL: [Period; 3] = [Period::Daily, Period::Weekly, Period::Monthly];

    pub fn as_str(self) -> &'static str {
        match self {
            Self::Daily => "daily",
            Self::Weekly => "weekly",
            Self::Monthly => "monthly",
        }
    }

    /// The rolling window this limit covers.
    pub fn window(self) -> Duration {
        match self {
            Self::Daily => Duration::hours(24),
            Self::Weekly => Duration::days(7),
            Self::Monthly => Duration::days(30),
        }
    }

    /// How the window reads in a sentence.
    pub fn words(self) -> &'static str {
        match self {
            Self::Daily => "in any 24 hours",
            Self::Weekly => "in any 7 days",
            Self::Monthly => "in any 30 days",
        }
    }
}

/// One limit per period; `None` means no limit.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Limits {
    pub daily: Option<Kobo>,
    pub weekly: Option<Kobo>,
    pub monthly: Option<Kobo>,
}

impl Limits {
    pub fn get(&self, period: Period) -> Option<Kobo> {
        match period {
            Period::Daily => self.daily,
            Period::Weekly => self.weekly,
            Period::Monthly => self.monthly,
        }
    }

    fn slot(&mut self, period: Period) -> &mut Option<Kobo> {
        match period {
            Period::Daily => &mut self.daily,
            Period::Weekly => &mut self.weekly,
            Period::Monthly => &mut self.monthly,
        }
    }
}

/// A raised or removed limit waiting for its time. `amount: None` removes the limit.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct PendingLimit {
    pub amount: Option<Kobo>,
    pub effective_at: DateTime<Utc>,
}

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PendingLimits {
    pub daily: Option<PendingLimit>,
    pub weekly: Option<PendingLimit>,
    pub monthly: Option<PendingLimit>,
}

impl PendingLimits {
    pub fn get(&self, period: Period) -> Option<PendingLimit> {
        match period {
            Period::Daily => self.daily,
            Period::Weekly => self.weekly,
            Period::Monthly => self.monthly,
        }
    }

    fn slot(&mut self, period: Period) -> &mut Option<PendingLimit> {
        match period {
            Period::Daily => &mut self.daily,
            Period::Weekly => &mut self.weekly,
            Period::Monthly => &mut self.monthly,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ExclusionKind {
    Timeout,
    SelfExclusion,
}

impl ExclusionKind {
    pub fn parse(raw: &str) -> Option<Self> {
        match raw {
            "timeout" => Some(Self::Timeout),
            "self_exclusion" => Some(Self::SelfExclusion),
            _ => None,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Self::Timeout => "timeout",
            Self::SelfExclusion => "self_exclusion",
        }
    }

    /// The periods a player may choose, as sent in the API.
    pub fn periods(self) -> &'static [&'static str] {
        match self {
            Self::Timeout => &["24h", "7d", "30d"],
            Self::SelfExclusion => &["6m", "1y", "5y"],
        }
    }

    /// When an exclusion of `period` starting at `from` ends; `None` for a period this kind does not offer.
    pub fn ends_at(self, period: &str, from: DateTime<Utc>) -> Option<DateTime<Utc>> {
        match (self, period) {
            (Self::Timeout, "24h") => Some(from + Duration::hours(24)),
            (Self::Timeout, "7d") => Some(from + Duration::days(7)),
            (Self::Timeout, "30d") => Some(from + Duration::days(30)),
            (Self::SelfExclusion, "6m") => from.checked_add_months(Months::new(6)),
            (Self::SelfExclusion, "1y") => from.checked_add_months(Months::new(12)),
            (Self::SelfExclusion, "5y") => from.checked_add_months(Months::new(60)),
            _ => None,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Exclusion {
    pub kind: ExclusionKind,
    /// As chosen: `24h`, `7d`, `30d`, `6m`, `1y`, `5y`.
    pub period: String,
    pub starts_at: DateTime<Utc>,
    pub ends_at: DateTime<Utc>,
}

impl Exclusion {
    pub fn is_active(&self, now: DateTime<Utc>) -> bool {
        self.starts_at <= now && now < self.ends_at
    }
}

/// Why an exclusion request was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ExclusionError {
    #[error("Choose a time-out or a self-exclusion")]
    UnknownKind,
    #[error("Choose one of: {0}")]
    UnknownPeriod(String),
    #[error("You are already taking a break until {0}; a new one can only end later")]
    WouldShorten(String),
}

/// What a limit request did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LimitChange {
    /// The same as the limit in force: nothing to do (a pending raise, if any, is dropped).
    Unchanged,
    /// A decrease or a new limit: in force now.
    Applied,
    /// A raise or removal: in force from the given time.
    Pending(DateTime<Utc>),
}

/// The reality-check intervals a player may choose, in minutes; 0 is off (docs/decisions/025).
pub const REALITY_CHECK_INTERVALS: [u32; 5] = [0, 15, 30, 45, 60];
/// The interval of a player who never chose one: on, once an hour (docs/decisions/025).
pub const REALITY_CHECK_DEFAULT: u32 = 60;

fn default_reality_check() -> u32 {
    REALITY_CHECK_DEFAULT
}

/// A player's responsible-gaming settings, as stored.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ResponsibleGaming {
    #[serde(default)]
    pub limits: Limits,
    #[serde(default)]
    pub pending: PendingLimits,
    #[serde(default)]
    pub exclusion: Option<Exclusion>,
    /// Minutes between reality checks (one of [`REALITY_CHECK_INTERVALS`]; 0 = off). Settings stored before reality
    /// checks existed read as the default.
    #[serde(default = "default_reality_check")]
    pub reality_check_minutes: u32,
}

impl Default for ResponsibleGaming {
    fn default() -> Self {
        Self {
            limits: Limits::default(),
            pending: PendingLimits::default(),
            exclusion: None,
            reality_check_minutes: REALITY_CHECK_DEFAULT,
        }
    }
}

/// What a player's successful ledger entries since the start of their session add up to, in kobo, each figure
/// non-negative except where refunds outweigh stakes (docs/decisions/025):
///
/// - `deposits`: credited deposits; `withdrawals`: paid-out withdrawals (a request still pending is not yet out);
/// - `stakes`: tickets bought less tickets refunded (a cancelled draw's refund gives the stake back);
/// - `wins`: winnings credited, less the withholding tax taken from them (what reached the wallet).
///
/// Admin adjustments are neither play nor the player's own money movement, and are left out.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct SessionMoney {
    pub deposits: i64,
    pub withdrawals: i64,
    pub stakes: i64,
    pub wins: i64,
}

impl SessionMoney {
    /// Adds one entry if it is successful and at or after `since`.
    pub fn add(&mut self, entry: &crate::ledger::LedgerEntry, since: DateTime<Utc>) {
        use crate::ledger::{EntryKind, EntryStatus};
        if entry.status != EntryStatus::Success || entry.created_at < since {
            return;
        }
        let amount = entry.amount.as_i64();
        let slot = match entry.kind {
            EntryKind::Deposit => &mut self.deposits,
            EntryKind::Withdrawal => &mut self.withdrawals,
            EntryKind::Stake | EntryKind::Refund => &mut self.stakes,
            EntryKind::Win | EntryKind::Tax => &mut self.wins,
            EntryKind::Adjustment => return,
        };
        // Deposits and wins credit (+), withdrawals and stakes debit (−), a refund credits back a stake: each figure
        // counts money in its own direction, so stakes = −(stake entries + refund entries).
        let signed = match entry.kind {
            EntryKind::Deposit | EntryKind::Win | EntryKind::Tax => amount,
            _ => amount.saturating_neg(),
        };
        *slot = slot.saturating_add(signed);
    }

    /// Deposits less withdrawals: the money the player has put in, net, this session.
    pub fn net_deposits(&self) -> i64 {
        self.deposits.saturating_sub(self.withdrawals)
    }

    /// Wins less stakes: what the player has won (positive) or lost (negative) on play this session.
    pub fn net(&self) -> i64 {
        self.wins.saturating_sub(self.stakes)
    }
}

impl ResponsibleGaming {
    /// Puts every pending change whose time has come into force; true if anything changed.
    pub fn settle(&mut self, now: DateTime<Utc>) -> bool {
        let mut changed = false;
        for period in Period::ALL {
            if let Some(pending) = self.pending.get(period).filter(|p| p.effective_at <= now) {
                *self.limits.slot(period) = pending.amount;
                *self.pending.slot(period) = None;
                changed = true;
            }
        }
        if self.exclusion.as_ref().is_some_and(|e| e.ends_at <= now) {
            self.exclusion = None;
            changed = true;
        }
        changed
    }

    /// The settings in force at `now`.
    pub fn at(&self, now: DateTime<Utc>) -> Self {
        let mut settled = self.clone();
        settled.settle(now);
        settled
    }

    /// The exclusion in force at `now`, if any.
    pub fn active_exclusion(&self, now: DateTime<Utc>) -> Option<&Exclusion> {
        self.exclusion.as_ref().filter(|e| e.is_active(now))
    }

    /// Asks for a new limit (`None` = no limit) for one period. Call on settled settings.
    pub fn request_limit(&mut self, period: Period, wanted: Option<Kobo>, now: DateTime<Utc>) -> LimitChange {
        let current = self.limits.get(period);
        let tighter = match (current, wanted) {
            (_, w) if w == current => {
                *self.pending.slot(period) = None;
                return LimitChange::Unchanged;
            }
            (None, Some(_)) => true,
            (Some(c), Some(w)) => w < c,
            (Some(_), None) | (None, None) => false,
        };
        if tighter {
            *self.limits.slot(period) = wanted;
            *self.pending.slot(period) = None;
            return LimitChange::Applied;
        }
        let effective_at = now + Duration::hours(INCREASE_DELAY_HOURS);
        *self.pending.slot(period) = Some(PendingLimit { amount: wanted, effective_at });
        LimitChange::Pending(effective_at)
    }

    /// Starts a time-out or self-exclusion now. An active one may only be extended, never shortened.
    pub fn exclude(&mut self, kind: &str, period: &str, now: DateTime<Utc>) -> Result<Exclusion, ExclusionError> {
        let kind = ExclusionKind::parse(kind).ok_or(ExclusionError::UnknownKind)?;
        let ends_at =
            kind.ends_at(period, now).ok_or_else(|| ExclusionError::UnknownPeriod(kind.periods().join(", ")))?;
        if let Some(active) = self.active_exclusion(now) {
            if ends_at < active.ends_at {
                return Err(ExclusionError::WouldShorten(lagos_time(active.ends_at)));
            }
        }
        let starts_at = self.active_exclusion(now).map_or(now, |e| e.starts_at);
        let exclusion = Exclusion { kind, period: period.to_string(), starts_at, ends_at };
        self.exclusion = Some(exclusion.clone());
        Ok(exclusion)
    }

    /// What a limit of `period` has used at `now`: the deposits credited in its window, counted from when they were
    /// credited (not when their checkout opened), plus the room every open checkout holds (docs/decisions/007).
    pub fn used(deposits: &[Deposit], period: Period, now: DateTime<Utc>) -> Kobo {
        Self::counted(deposits, period, now, None, true)
    }

    /// What `period`'s window has credited at `now`, and with `open` the room open checkouts hold; `except` (the
    /// deposit being decided) left out.
    fn counted(deposits: &[Deposit], period: Period, now: DateTime<Utc>, except: Option<u64>, open: bool) -> Kobo {
        let since = now - period.window();
        deposits
            .iter()
            .filter(|d| Some(d.id) != except)
            .filter(|d| (open && d.is_open(now)) || d.credited_at().is_some_and(|at| at > since))
            .fold(Kobo::ZERO, |sum, d| sum.checked_add(d.amount).unwrap_or(Kobo(i64::MAX)))
    }

    /// The first limit that `amount` more, on top of `used` by each period, would pass.
    fn over_limit(&self, amount: Kobo, used: impl Fn(Period) -> Kobo) -> Result<(), DepositRefused> {
        for period in Period::ALL {
            let Some(limit) = self.limits.get(period) else { continue };
            let used = used(period);
            if used.checked_add(amount).is_none_or(|total| total > limit) {
                return Err(DepositRefused::OverLimit { period, limit, used });
            }
        }
        Ok(())
    }

    /// Whether a new deposit of `amount` may start at `now`. Call on settled settings.
    pub fn check_deposit(&self, deposits: &[Deposit], amount: Kobo, now: DateTime<Utc>) -> Result<(), DepositRefused> {
        if let Some(e) = self.active_exclusion(now) {
            return Err(DepositRefused::Excluded { kind: e.kind, until: e.ends_at });
        }
        self.over_limit(amount, |period| Self::used(deposits, period, now))
    }

    /// Whether the payment of `deposit`, confirmed at `now`, may be credited. Call on settled settings, with the
    /// player's deposits as they stand (`deposit` among them or not). Limits are counted at credit time:
    ///
    /// - a checkout still open holds its own room, so it needs only what is credited in the window beside it to
    ///   leave room (which can fail only if the player lowered a limit meanwhile);
    /// - a payment whose checkout expired (or failed) holds no room: like a new deposit, it must also leave the room
    ///   the open checkouts hold, so a stale checkout paid late cannot take what a newer one was promised.
    ///
    /// An exclusion does not stop a payment already made from being credited (docs/decisions/007).
    pub fn check_credit(
        &self,
        deposits: &[Deposit],
        deposit: &Deposit,
        now: DateTime<Utc>,
    ) -> Result<(), DepositRefused> {
        let held_room = deposit.is_open(now);
        self.over_limit(deposit.amount, |period| Self::counted(deposits, period, now, Some(deposit.id), !held_room))
    }
}

/// The longest window any deposit limit looks back over: a credited deposit older than this counts for none.
pub fn longest_window() -> Duration {
    Period::ALL.iter().map(|p| p.window()).max().unwrap_or_else(|| Period::Monthly.window())
}

/// What a player is told about a payment held rather than credited (`Deposit::held_reason`), `refused` saying why.
pub fn held_reason(deposit: &Deposit, refused: &DepositRefused, now: DateTime<Utc>) -> String {
    let late = if deposit.is_open(now) {
        String::new()
    } else {
        format!(" arrived after its checkout had closed ({}) and", lagos_time(deposit.expires_at()))
    };
    let why = match refused {
        DepositRefused::OverLimit { period, limit, .. } => {
            format!("would have gone over your {} deposit limit of {limit} ({})", period.as_str(), period.words())
        }
        DepositRefused::Excluded { until, .. } => format!("came during your break until {}", lagos_time(*until)),
    };
    format!(
        "Your payment of {}{late} {why}, so it was not added to your wallet. It is held for a refund to you, and our \
         support team has been told.",
        deposit.amount
    )
}

/// Why a deposit may not start.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DepositRefused {
    Excluded { kind: ExclusionKind, until: DateTime<Utc> },
    OverLimit { period: Period, limit: Kobo, used: Kobo },
}

impl std::fmt::Display for DepositRefused {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Excluded { until, .. } => write!(f, "{}", excluded_message(*until)),
            Self::OverLimit { period, limit, used } => {
                let room = limit.checked_sub(*used).filter(|r| !r.is_negative()).unwrap_or(Kobo::ZERO);
                write!(
                    f,
                    "This deposit would go over your {} deposit limit of {limit} ({}). You can deposit up to {room} now.",
                    period.as_str(),
                    period.words()
                )
            }
        }
    }
}

/// What an excluded player is told when they try to play or deposit.
pub fn excluded_message(until: DateTime<Utc>) -> String {
    format!(
        "You are taking a break from Ayo Lotto until {}. Tickets and deposits are paused until then; you can still \
         withdraw your balance.",
        lagos_time(until)
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::deposit::DepositStatus;

    fn at(s: &str) -> DateTime<Utc> {
        DateTime::parse_from_rfc3339(s).map(|t| t.with_timezone(&Utc)).unwrap_or_default()
    }

    fn paid(amount: i64, when: DateTime<Utc>) -> Deposit {
        let mut d = Deposit::pending(1, "r".into(), 1, Kobo(amount), "sandbox", when);
        d.status = DepositStatus::Success;
        d
    }

    #[test]
    fn a_decrease_applies_at_once_and_an_increase_after_a_day() {
        let now = at("2026-11-22T12:00:00Z");
        let mut rg = ResponsibleGaming::default();
        assert_eq!(rg.request_limit(Period::Daily, Some(Kobo(50_000)), now), LimitChange::Applied);
        assert_eq!(rg.request_limit(Period::Daily, Some(Kobo(20_000)), now), LimitChange::Applied);
        assert_eq!(rg.limits.daily, Some(Kobo(20_000)));
        let later = now + Duration::hours(24);
        assert_eq!(rg.request_limit(Period::Daily, Some(Kobo(90_000)), now), LimitChange::Pending(later));
        assert_eq!(rg.at(later - Duration::seconds(1)).limits.daily, Some(Kobo(20_000)));
        assert_eq!(rg.at(later).limits.daily, Some(Kobo(90_000)));
        // Removing a limit is a raise too.
        let mut rg = rg.at(later);
        assert_eq!(rg.request_limit(Period::Daily, None, later), LimitChange::Pending(later + Duration::hours(24)));
        assert_eq!(rg.limits.daily, Some(Kobo(90_000)));
    }

    #[test]
    fn a_decrease_cancels_a_pending_raise() {
        let now = at("2026-11-22T12:00:00Z");
        let mut rg = ResponsibleGaming::default();
        rg.request_limit(Period::Weekly, Some(Kobo(100_000)), now);
        rg.request_limit(Period::Weekly, Some(Kobo(500_000)), now);
        assert!(rg.pending.weekly.is_some());
        rg.request_limit(Period::Weekly, Some(Kobo(80_000)), now);
        assert_eq!((rg.limits.weekly, rg.pending.weekly), (Some(Kobo(80_000)), None));
    }

    #[test]
    fn the_daily_limit_allows_exactly_its_amount_in_any_24_hours() {
        let now = at("2026-11-22T12:00:00Z");
        let mut rg = ResponsibleGaming::default();
        rg.request_limit(Period::Daily, Some(Kobo(50_000)), now);
        let deposits = [paid(30_000, now - Duration::hours(23)), paid(40_000, now - Duration::hours(25))];
        assert_eq!(rg.check_deposit(&deposits, Kobo(20_000), now), Ok(()));
        assert_eq!(
            rg.check_deposit(&deposits, Kobo(20_001), now),
            Err(DepositRefused::OverLimit { period: Period::Daily, limit: Kobo(50_000), used: Kobo(30_000) })
        );
    }

    fn opened(id: u64, amount: i64, when: DateTime<Utc>) -> Deposit {
        Deposit::pending(id, format!("r{id}"), 1, Kobo(amount), "sandbox", when)
    }

    #[test]
    fn a_deposit_counts_from_when_it_was_credited_not_from_when_its_checkout_opened() {
        let now = at("2026-11-22T12:00:00Z");
        let mut rg = ResponsibleGaming::default();
        rg.request_limit(Period::Daily, Some(Kobo(50_000)), now);
        // Opened 30 hours ago, paid an hour ago: it is in today's window.
        let mut late = paid(50_000, now - Duration::hours(30));
        late.credited_at = Some(now - Duration::hours(1));
        assert_eq!(ResponsibleGaming::used(&[late.clone()], Period::Daily, now), Kobo(50_000));
        assert!(rg.check_deposit(&[late], Kobo(10_000), now).is_err());
    }

    #[test]
    fn an_open_checkout_holds_room_until_it_expires_and_then_must_find_room_to_be_credited() {
        let now = at("2026-11-22T12:00:00Z");
        let mut rg = ResponsibleGaming::default();
        rg.request_limit(Period::Daily, Some(Kobo(50_000)), now);
        let stale = opened(1, 50_000, now - Duration::minutes(61));
        let fresh = opened(2, 50_000, now - Duration::minutes(1));
        // The stale checkout holds nothing: the fresh one could open beside it.
        assert_eq!(ResponsibleGaming::used(std::slice::from_ref(&stale), Period::Daily, now), Kobo::ZERO);
        assert_eq!(rg.check_deposit(std::slice::from_ref(&stale), Kobo(50_000), now), Ok(()));
        let both = [stale.clone(), fresh.clone()];
        assert_eq!(ResponsibleGaming::used(&both, Period::Daily, now), Kobo(50_000));
        // Paid now, the fresh one is credited on its own room; the stale one may not take that room.
        assert_eq!(rg.check_credit(&both, &fresh, now), Ok(()));
        let refused = rg.check_credit(&both, &stale, now);
        assert_eq!(
            refused,
            Err(DepositRefused::OverLimit { period: Period::Daily, limit: Kobo(50_000), used: Kobo(50_000) })
        );
        // Once the fresh one is credited, the stale one still finds no room; with no fresh one it would have.
        let mut credited = fresh.clone();
        credited.status = DepositStatus::Success;
        credited.credited_at = Some(now);
        assert!(rg.check_credit(&[stale.clone(), credited], &stale, now).is_err());
        assert_eq!(rg.check_credit(std::slice::from_ref(&stale), &stale, now), Ok(()));
        let reason = refused.map_err(|r| held_reason(&stale, &r, now)).err().unwrap_or_default();
        assert!(reason.starts_with("Your payment of ₦500.00 arrived after its checkout had closed ("), "{reason}");
        assert!(reason.contains("daily deposit limit of ₦500.00") && reason.contains("held for a refund"), "{reason}");
    }

    #[test]
    fn an_open_checkout_is_credited_on_its_own_room_unless_the_limit_was_lowered_meanwhile() {
        let now = at("2026-11-22T12:00:00Z");
        let mut rg = ResponsibleGaming::default();
        rg.request_limit(Period::Daily, Some(Kobo(100_000)), now);
        let (a, b) = (opened(1, 60_000, now), opened(2, 40_000, now));
        assert_eq!(rg.check_credit(&[a.clone(), b.clone()], &a, now), Ok(()), "b's room is not a's problem");
        rg.request_limit(Period::Daily, Some(Kobo(50_000)), now);
        assert!(rg.check_credit(&[a.clone(), b.clone()], &a, now).is_err(), "60,000 no longer fits at all");
        assert_eq!(rg.check_credit(&[a, b.clone()], &b, now), Ok(()));
        // An exclusion does not hold back money already paid (docs/decisions/007).
        rg.exclude("timeout", "24h", now).ok();
        assert_eq!(rg.check_credit(std::slice::from_ref(&b), &b, now), Ok(()));
    }

    #[test]
    fn an_exclusion_blocks_deposits_and_can_only_be_extended() {
        let now = at("2026-11-22T12:00:00Z");
        let mut rg = ResponsibleGaming::default();
        let e = rg.exclude("timeout", "7d", now).map(|e| e.ends_at);
        assert_eq!(e, Ok(at("2026-11-29T12:00:00Z")));
        assert!(matches!(rg.check_deposit(&[], Kobo(10_000), now), Err(DepositRefused::Excluded { .. })));
        assert!(matches!(rg.exclude("timeout", "24h", now), Err(ExclusionError::WouldShorten(_))));
        let longer = rg.exclude("self_exclusion", "6m", now).map(|e| (e.kind, e.ends_at));
        assert_eq!(longer, Ok((ExclusionKind::SelfExclusion, at("2027-05-22T12:00:00Z"))));
        assert!(matches!(rg.exclude("timeout", "1y", now), Err(ExclusionError::UnknownPeriod(_))));
        assert_eq!(rg.exclude("holiday", "7d", now), Err(ExclusionError::UnknownKind));
        // Over once its time has passed.
        let after = at("2027-05-22T12:00:01Z");
        assert_eq!(rg.at(after).active_exclusion(after), None);
    }

    fn entry(kind: crate::ledger::EntryKind, amount: i64, when: DateTime<Utc>) -> crate::ledger::LedgerEntry {
        crate::ledger::LedgerEntry {
            id: 1,
            user_id: 1,
            kind,
            status: crate::ledger::EntryStatus::Success,
            amount: Kobo(amount),
            balance_after: Kobo::ZERO,
            reference: String::new(),
            description: String::new(),
            created_at: when,
        }
    }

    #[test]
    fn session_money_counts_successful_entries_since_the_login_and_refunds_as_negative_stakes() {
        use crate::ledger::{EntryKind, EntryStatus};
        let login = at("2026-11-22T12:00:00Z");
        let mut money = SessionMoney::default();
        let mut pending = entry(EntryKind::Withdrawal, -7_000, login);
        pending.status = EntryStatus::Pending;
        for e in [
            entry(EntryKind::Deposit, 500_000, login - Duration::seconds(1)), // before the login
            entry(EntryKind::Deposit, 100_000, login),
            entry(EntryKind::Stake, -30_000, login + Duration::minutes(1)),
            entry(EntryKind::Stake, -20_000, login + Duration::minutes(2)),
            entry(EntryKind::Refund, 20_000, login + Duration::minutes(3)),
            entry(EntryKind::Win, 120_000, login + Duration::minutes(4)),
            entry(EntryKind::Withdrawal, -50_000, login + Duration::minutes(5)),
            entry(EntryKind::Adjustment, 9_999, login + Duration::minutes(6)),
            pending,
        ] {
            money.add(&e, login);
        }
        assert_eq!(money, SessionMoney { deposits: 100_000, withdrawals: 50_000, stakes: 30_000, wins: 120_000 });
        assert_eq!((money.net_deposits(), money.net()), (50_000, 90_000));
    }

    #[test]
    fn settings_stored_before_reality_checks_read_as_the_default_interval() {
        let old: ResponsibleGaming = serde_json::from_str(r#"{"limits":{"daily":null,"weekly":null,"monthly":null}}"#)
            .unwrap_or_else(|_| ResponsibleGaming { reality_check_minutes: 999, ..ResponsibleGaming::default() });
        assert_eq!(old.reality_check_minutes, REALITY_CHECK_DEFAULT);
    }
}
