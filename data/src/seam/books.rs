//! The money's books as read: balances, tickets as they stand (a settled ticket with its result), the ledger, and
//! the totals the dashboard shows. The moves that write them are `Money`'s.

use std::collections::HashSet;

use chrono::{DateTime, NaiveDate, Utc};

use super::listing::{Page, Slice};
use super::money::PlayerSettlement;
use crate::draw::DrawId;
use crate::error::StoreResult;
use crate::game::GameId;
use crate::ledger::LedgerEntry;
use crate::responsible::SessionMoney;
use crate::ticket::{Ticket, TicketCard, TicketId};
use crate::user::UserId;

pub trait Books: Send + Sync {
    /// The balance in kobo (zero for a player who never had money).
    fn balance(&self, user: UserId) -> StoreResult<i64>;

    /// A ticket as it stands.
    fn ticket(&self, id: TicketId) -> StoreResult<Option<Ticket>>;

    /// The ids of a draw's tickets in id order: what `tickets_hash` covers.
    fn ticket_ids_of_draw(&self, draw: DrawId) -> StoreResult<Vec<TicketId>>;

    /// A draw's tickets as they stand, in id order.
    fn tickets_of_draw(&self, draw: DrawId) -> StoreResult<Vec<Ticket>>;

    /// The cards of a draw's tickets still to settle, in id order: those of every player not in `skip`, where the
    /// caller passes the draw's `settled_players` (`threads`: how many readers the embedded store may use side by
    /// side).
    fn pending_cards_of_draw(
        &self,
        draw: DrawId,
        skip: &HashSet<UserId>,
        threads: usize,
    ) -> StoreResult<Vec<TicketCard>>;

    /// The players of a draw whose tickets are already settled.
    fn settled_players(&self, draw: DrawId) -> StoreResult<HashSet<UserId>>;

    /// The settlement of one player's tickets of a draw, if done.
    fn settlement(&self, draw: DrawId, user: UserId) -> StoreResult<Option<PlayerSettlement>>;

    /// A player's tickets, newest first.
    fn tickets_of_user(&self, user: UserId) -> StoreResult<Vec<Ticket>>;

    /// A page of a player's tickets, in id (purchase) order.
    fn tickets_of_user_page(&self, user: UserId, slice: Slice) -> StoreResult<Page<Ticket>>;

    /// A page of a game's tickets, every player's, in id (purchase) order.
    fn tickets_of_game_page(&self, game: GameId, slice: Slice) -> StoreResult<Page<Ticket>>;

    /// A game's tickets, newest first, read a little at a time (for searches over them).
    fn tickets_of_game_newest_first(&self, game: GameId) -> Box<dyn Iterator<Item = StoreResult<Ticket>> + '_>;

    /// A page of the whole ledger, in id order.
    fn entries_page(&self, slice: Slice) -> StoreResult<Page<LedgerEntry>>;

    /// A page of a player's ledger, in id order.
    fn entries_of_user_page(&self, user: UserId, slice: Slice) -> StoreResult<Page<LedgerEntry>>;

    /// The whole ledger, newest first, read a little at a time (for filters and searches over it).
    fn entries_newest_first(&self) -> Box<dyn Iterator<Item = StoreResult<LedgerEntry>> + '_>;

    /// A player's ledger, newest first.
    fn entries_of_user(&self, user: UserId) -> StoreResult<Vec<LedgerEntry>> {
        self.entries_of_user_newest_first(user).collect()
    }

    /// A player's ledger, newest first, read a little at a time (cut it short with `back_to`).
    fn entries_of_user_newest_first(&self, user: UserId) -> Box<dyn Iterator<Item = StoreResult<LedgerEntry>> + '_>;

    /// What a player's successful entries since `since` add up to (a reality check, docs/decisions/025).
    fn session_money(&self, user: UserId, since: DateTime<Utc>) -> StoreResult<SessionMoney>;

    /// Each Lagos day's deposits, stakes (less those refunded), wins and tax withheld from `first` to `last`, both included,
    /// oldest first (days without money are zero).
    fn money_by_day(&self, first: NaiveDate, last: NaiveDate) -> StoreResult<Vec<(NaiveDate, MoneyDay)>>;

    /// Deposits, stakes and wins since the ledger began.
    fn money_all_time(&self) -> StoreResult<MoneyDay>;

    /// Withdrawals still pending: how many and their amount in kobo.
    fn pending_withdrawals(&self) -> StoreResult<(u64, i64)>;
}

/// How far before a session's start `session_money` keeps reading: more than any gap between an entry's id being
/// handed out and its time being taken.
pub const ENTRY_ORDER_SLACK_SECS: i64 = 60;

/// Entries read newest first (`entries_newest_first`, `entries_of_user_newest_first`) until the first one older
/// than `since` by more than [`ENTRY_ORDER_SLACK_SECS`]: ids are handed out a moment before an entry is timed, so
/// near the boundary id order and time order may differ by a little. Entries in the slack are still yielded; the
/// caller keeps those at or after `since`.
pub fn back_to(
    since: DateTime<Utc>,
    entries: impl Iterator<Item = StoreResult<LedgerEntry>>,
) -> impl Iterator<Item = StoreResult<LedgerEntry>> {
    let stop = since - chrono::Duration::seconds(ENTRY_ORDER_SLACK_SECS);
    entries.take_while(move |entry| entry.as_ref().map_or(true, |e| e.created_at >= stop))
}

/// One Lagos day's money, in kobo (amounts as positive numbers).
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct MoneyDay {
    pub deposits: i64,
    pub stakes: i64,
    pub wins: i64,
    /// Withholding tax taken from the day's wins (docs/decisions on tax): what the operator owes the state.
    pub tax: i64,
}

impl MoneyDay {
    /// Gross gaming revenue: stakes kept minus winnings paid.
    pub fn ggr(&self) -> i64 {
        self.stakes - self.wins
    }

    pub(crate) fn add(&mut self, other: MoneyDay) {
        self.deposits += other.deposits;
        self.stakes += other.stakes;
        self.wins += other.wins;
        self.tax += other.tax;
    }
}
