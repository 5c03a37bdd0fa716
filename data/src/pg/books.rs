//! The money's books as read (`seam::WalletBooks`) on PostgreSQL: the rows the money engine (`pg::money`) writes.
//! A ticket's row is updated when it is settled or refunded, so a ticket reads as it stands with no settlement
//! applied on top. Pages are in id order, as in the embedded store (ids come from the shared sequence in blocks per
//! node, so across nodes id order is near, not exact, purchase order).

use std::collections::HashSet;

use chrono::{DateTime, Duration, NaiveDate, Utc};
use serde::de::DeserializeOwned;
use serde_json::Value;
use tokio_postgres::types::ToSql;

use super::blocking::PgSync;
use super::pages::Pages;
use crate::draw::DrawId;
use crate::error::StoreResult;
use crate::game::GameId;
use crate::lagos::lagos_midnight;
use crate::ledger::LedgerEntry;
use crate::responsible::SessionMoney;
use crate::seam::Books;
use crate::seam::ENTRY_ORDER_SLACK_SECS;
use crate::seam::{MoneyDay, Page, PlayerSettlement, Slice};
use crate::ticket::{Ticket, TicketCard, TicketId, TicketStatus};
use crate::user::UserId;

/// Rows read at a time by the newest-first iterators.
const READ_AHEAD: i64 = 500;

#[derive(Clone)]
pub struct PgBooks {
    pg: PgSync,
}

/// A query's parameters, owned so they can travel to the node's PostgreSQL runtime.
type Params = Vec<Box<dyn ToSql + Send + Sync>>;

impl PgBooks {
    pub fn new(pg: PgSync) -> Self {
        Self { pg }
    }

    /// The first column of every row of `sql`, as JSON documents decoded.
    fn docs<T: DeserializeOwned>(&self, sql: String, params: Params) -> StoreResult<Vec<T>> {
        let docs: Vec<Value> = self.pg.run(move |pool| async move {
            let refs: Vec<&(dyn ToSql + Sync)> = params.iter().map(|p| p.as_ref() as &(dyn ToSql + Sync)).collect();
            Ok(pool.get().await?.query(&sql, &refs).await?.iter().map(|row| row.get(0)).collect())
        })?;
        docs.into_iter().map(|doc| Ok(serde_json::from_value(doc)?)).collect()
    }

    /// The ids (tickets', players') `sql` answers for `draw` (`$1`).
    fn ids_of_draw(&self, sql: &'static str, draw: DrawId) -> StoreResult<Vec<u64>> {
        let ids: Vec<i64> = self.pg.run(move |pool| async move {
            Ok(pool.get().await?.query(sql, &[&(draw as i64)]).await?.iter().map(|row| row.get(0)).collect())
        })?;
        Ok(ids.into_iter().map(|id| id as u64).collect())
    }

    /// The one number `sql` answers.
    fn number(&self, sql: String, params: Params) -> StoreResult<i64> {
        self.pg.run(move |pool| async move {
            let refs: Vec<&(dyn ToSql + Sync)> = params.iter().map(|p| p.as_ref() as &(dyn ToSql + Sync)).collect();
            Ok(pool.get().await?.query_one(&sql, &refs).await?.get(0))
        })
    }

    /// A page of `table`'s docs where `filter` (on `$1`, `key`) holds, in id order, and how many rows match.
    fn page<T: DeserializeOwned>(&self, table: &str, filter: &str, key: i64, slice: Slice) -> StoreResult<Page<T>> {
        let order = if slice.oldest_first { "ASC" } else { "DESC" };
        let rows = self.docs(
            format!("SELECT doc FROM {table} WHERE {filter} ORDER BY id {order} OFFSET $2 LIMIT $3"),
            vec![Box::new(key), Box::new(slice.offset as i64), Box::new(slice.limit as i64)],
        )?;
        let total = self.number(format!("SELECT count(*) FROM {table} WHERE {filter}"), vec![Box::new(key)])?;
        Ok(Page { rows, total: total.unsigned_abs() })
    }

    /// `table`'s docs where `filter` (on `$1`, `key`) holds, newest (highest id) first, read `READ_AHEAD` at a time.
    fn newest_first<T: DeserializeOwned + Send + 'static>(
        &self,
        table: &'static str,
        filter: &'static str,
        key: i64,
        id_of: fn(&T) -> i64,
    ) -> Box<dyn Iterator<Item = StoreResult<T>> + '_> {
        let sql = format!("SELECT doc FROM {table} WHERE {filter} AND id < $2 ORDER BY id DESC LIMIT $3");
        Box::new(Pages::new(READ_AHEAD as usize, id_of, move |before: Option<&i64>| {
            let params: Params =
                vec![Box::new(key), Box::new(before.copied().unwrap_or(i64::MAX)), Box::new(READ_AHEAD)];
            self.docs(sql.clone(), params)
        }))
    }

    fn money(&self, from: Option<DateTime<Utc>>, to: Option<DateTime<Utc>>) -> StoreResult<Vec<(NaiveDate, MoneyDay)>> {
        // Successful deposits, stakes not refunded and wins, each on its Lagos day.
        let rows: Vec<(NaiveDate, i64, i64, i64, i64)> = self.pg.run(move |pool| async move {
            let rows = pool
                .get()
                .await?
                .query(
                    "SELECT (l.created_at AT TIME ZONE 'Africa/Lagos')::date AS day,
                            coalesce(sum(abs(l.amount)) FILTER (WHERE l.kind = 'deposit'), 0)::bigint,
                            coalesce(sum(abs(l.amount)) FILTER (WHERE l.kind = 'stake' AND NOT EXISTS (
                                SELECT 1 FROM ledger_entries r
                                WHERE r.kind = 'refund' AND r.reference = l.reference AND r.user_id = l.user_id)), 0)::bigint,
                            coalesce(sum(abs(l.amount)) FILTER (WHERE l.kind = 'win'), 0)::bigint,
                            coalesce(sum(abs(l.amount)) FILTER (WHERE l.kind = 'tax'), 0)::bigint
                     FROM ledger_entries l
                     WHERE l.status = 'success' AND l.kind IN ('deposit', 'stake', 'win', 'tax')
                       AND ($1::timestamptz IS NULL OR l.created_at >= $1) AND ($2::timestamptz IS NULL OR l.created_at < $2)
                     GROUP BY day ORDER BY day",
                    &[&from, &to],
                )
                .await?;
            Ok(rows.iter().map(|row| (row.get(0), row.get(1), row.get(2), row.get(3), row.get(4))).collect())
        })?;
        Ok(rows
            .into_iter()
            .map(|(day, deposits, stakes, wins, tax)| (day, MoneyDay { deposits, stakes, wins, tax }))
            .collect())
    }
}

impl Books for PgBooks {
    fn balance(&self, user: UserId) -> StoreResult<i64> {
        self.number(
            "SELECT coalesce((SELECT balance FROM wallets WHERE user_id = $1), 0)".into(),
            vec![Box::new(user as i64)],
        )
    }

    fn ticket(&self, id: TicketId) -> StoreResult<Option<Ticket>> {
        Ok(self.docs("SELECT doc FROM tickets WHERE id = $1".into(), vec![Box::new(id as i64)])?.pop())
    }

    fn ticket_ids_of_draw(&self, draw: DrawId) -> StoreResult<Vec<TicketId>> {
        self.ids_of_draw("SELECT id FROM tickets WHERE draw_id = $1 ORDER BY id", draw)
    }

    fn tickets_of_draw(&self, draw: DrawId) -> StoreResult<Vec<Ticket>> {
        self.docs("SELECT doc FROM tickets WHERE draw_id = $1 ORDER BY id".into(), vec![Box::new(draw as i64)])
    }

    fn pending_cards_of_draw(
        &self,
        draw: DrawId,
        skip: &HashSet<UserId>,
        _threads: usize,
    ) -> StoreResult<Vec<TicketCard>> {
        let skip: Vec<i64> = skip.iter().map(|user| *user as i64).collect();
        let pending: Vec<Ticket> = self.docs(
            "SELECT doc FROM tickets WHERE draw_id = $1 AND status = 'pending' AND NOT (user_id = ANY($2)) ORDER BY id"
                .into(),
            vec![Box::new(draw as i64), Box::new(skip)],
        )?;
        Ok(pending.iter().filter(|t| t.status == TicketStatus::Pending).map(TicketCard::of).collect())
    }

    fn settled_players(&self, draw: DrawId) -> StoreResult<HashSet<UserId>> {
        Ok(self.ids_of_draw("SELECT user_id FROM settlements WHERE draw_id = $1", draw)?.into_iter().collect())
    }

    fn settlement(&self, draw: DrawId, user: UserId) -> StoreResult<Option<PlayerSettlement>> {
        Ok(self
            .docs(
                "SELECT doc FROM settlements WHERE draw_id = $1 AND user_id = $2".into(),
                vec![Box::new(draw as i64), Box::new(user as i64)],
            )?
            .pop())
    }

    fn tickets_of_user(&self, user: UserId) -> StoreResult<Vec<Ticket>> {
        self.docs("SELECT doc FROM tickets WHERE user_id = $1 ORDER BY id DESC".into(), vec![Box::new(user as i64)])
    }

    fn tickets_of_user_page(&self, user: UserId, slice: Slice) -> StoreResult<Page<Ticket>> {
        self.page("tickets", "user_id = $1", user as i64, slice)
    }

    fn tickets_of_game_page(&self, game: GameId, slice: Slice) -> StoreResult<Page<Ticket>> {
        self.page("tickets", "(doc->>'game_id')::bigint = $1", game as i64, slice)
    }

    fn tickets_of_game_newest_first(&self, game: GameId) -> Box<dyn Iterator<Item = StoreResult<Ticket>> + '_> {
        self.newest_first("tickets", "(doc->>'game_id')::bigint = $1", game as i64, |t: &Ticket| t.id as i64)
    }

    fn entries_page(&self, slice: Slice) -> StoreResult<Page<LedgerEntry>> {
        self.page("ledger_entries", "$1::bigint IS NOT NULL", 0, slice)
    }

    fn entries_of_user_page(&self, user: UserId, slice: Slice) -> StoreResult<Page<LedgerEntry>> {
        self.page("ledger_entries", "user_id = $1", user as i64, slice)
    }

    fn entries_newest_first(&self) -> Box<dyn Iterator<Item = StoreResult<LedgerEntry>> + '_> {
        self.newest_first("ledger_entries", "$1::bigint IS NOT NULL", 0, |e: &LedgerEntry| e.id as i64)
    }

    fn entries_of_user_newest_first(&self, user: UserId) -> Box<dyn Iterator<Item = StoreResult<LedgerEntry>> + '_> {
        self.newest_first("ledger_entries", "user_id = $1", user as i64, |e: &LedgerEntry| e.id as i64)
    }

    fn session_money(&self, user: UserId, since: DateTime<Utc>) -> StoreResult<SessionMoney> {
        let entries: Vec<LedgerEntry> = self.docs(
            "SELECT doc FROM ledger_entries WHERE user_id = $1 AND created_at >= $2 ORDER BY id".into(),
            vec![Box::new(user as i64), Box::new(since - Duration::seconds(ENTRY_ORDER_SLACK_SECS))],
        )?;
        let mut money = SessionMoney::default();
        for entry in &entries {
            money.add(entry, since);
        }
        Ok(money)
    }

    fn money_by_day(&self, first: NaiveDate, last: NaiveDate) -> StoreResult<Vec<(NaiveDate, MoneyDay)>> {
        let after_last = last.succ_opt().unwrap_or(last);
        let known = self.money(Some(lagos_midnight(first)), Some(lagos_midnight(after_last)))?;
        let mut out = Vec::new();
        let mut day = first;
        while day <= last {
            let money = known.iter().find(|(d, _)| *d == day).map(|(_, m)| *m).unwrap_or_default();
            out.push((day, money));
            day = day.succ_opt().unwrap_or(NaiveDate::MAX);
        }
        Ok(out)
    }

    fn money_all_time(&self) -> StoreResult<MoneyDay> {
        Ok(self.money(None, None)?.into_iter().fold(MoneyDay::default(), |mut all, (_, day)| {
            all.add(day);
            all
        }))
    }

    fn pending_withdrawals(&self) -> StoreResult<(u64, i64)> {
        let (count, amount): (i64, i64) = self.pg.run(|pool| async move {
            let row = pool
                .get()
                .await?
                .query_one(
                    "SELECT count(*), coalesce(sum(abs(amount)), 0)::bigint FROM ledger_entries
                     WHERE kind = 'withdrawal' AND status = 'pending'",
                    &[],
                )
                .await?;
            Ok((row.get(0), row.get(1)))
        })?;
        Ok((count.unsigned_abs(), amount))
    }
}
