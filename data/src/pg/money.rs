//! The money moves on PostgreSQL (`seam::Money`, decision 029): any number of nodes move money in one database.
//!
//! Purchases are bought together, as in the embedded store: a few tasks per node each take every purchase queued
//! while they were busy (up to `MOST`) and buy them in one transaction, a handful of statements whatever the
//! batch's size. Each purchase is still decided alone and in order. The batch first locks its players' wallet rows
//! (`FOR UPDATE`, in id order, so two batches never deadlock) and its draws' rows (`FOR SHARE`: closing a draw
//! waits for the batches buying into it, and no batch after it sees it selling); so purchases of one player are
//! serialised whatever node they arrive on, a replay of an idempotency key committed by another node is seen, and
//! no balance can go below zero (the `balance >= 0` constraint is the last line). The answer comes after
//! `COMMIT` returned: committed, so durable (`synchronous_commit` on, PostgreSQL's default).
//!
//! Settlement (and a cancelled draw's refund) takes a player's wallet row and their pending ticket rows; only tickets still `pending` are paid,
//! and the `settlements` row written with them marks the player settled: a rerun, or another node finishing a
//! draw whose node died, pays nothing twice.

use std::collections::{HashMap, HashSet};
use std::sync::Arc;

use chrono::{DateTime, Utc};
use deadpool_postgres::Pool;
use serde_json::Value;
use tokio::sync::{mpsc, oneshot, Mutex};
use tokio_postgres::{error::SqlState, GenericClient, Transaction};

use super::error::PgError;
use super::purchase_batch::{decide, Reads};
use super::risk::{self, BatchRisk, NodeRisk};
use super::schema;
use super::tables::LEDGER;
use super::writes::{json, set_balances};
use crate::draw::{DrawId, DrawSales};
use crate::error::{StoreError, StoreResult};
use crate::ledger::LedgerEntry;
use crate::ledger::Moved;
use crate::money::Kobo;
use crate::seam::{refund_entry, settlement_entry, unbalanced, Bought, Outcome, PlayerSettlement, Purchase};
use crate::ticket::{Ticket, TicketId, TicketStatus};
use crate::user::UserId;

/// At most this many purchases in one transaction.
const MOST: usize = 256;
/// Transactions buying at once from one node (each holds one connection).
const BUYERS: usize = 4;
/// Connections per node: the buyers' and a few for everything else.
const CONNECTIONS: usize = BUYERS + 4;
/// Ids a node takes from the database's sequence at a time (so a purchase's two ids cost no round trip): the
/// sequence's step (migration 0002).
pub(super) const ID_BLOCK: i64 = 1_000;
/// How often a batch that met a deadlock or a serialisation failure is tried again before its buyers get an error.
const ATTEMPTS: usize = 3;

type Waiter = (Purchase, oneshot::Sender<StoreResult<Bought>>);

/// One node's handle on the money in PostgreSQL. Cheap to clone.
#[derive(Clone)]
pub struct PgMoney {
    pool: Pool,
    purchases: mpsc::UnboundedSender<Waiter>,
    /// Ids taken from the sequence and not handed out yet: unique across nodes, increasing within a node.
    ids: Arc<Mutex<std::ops::Range<u64>>>,
    /// The limited draws' liabilities this node keeps (`risk`), shared by its buyers and its risk desk.
    risk: NodeRisk,
}

fn db(e: impl std::fmt::Display) -> StoreError {
    StoreError::Database(e.to_string())
}

impl PgMoney {
    /// Connects to `url` (`postgres://…`), applies the schema's migrations, and starts this node's buyers on the
    /// current tokio runtime.
    pub async fn connect(url: &str) -> Result<Self, PgError> {
        let pool = super::link::pool(url, CONNECTIONS)?;
        let mut client = pool.get().await.map_err(|e| PgError::Pool(e.to_string()))?;
        schema::apply(&mut client).await?;
        let (purchases, queue) = mpsc::unbounded_channel();
        let queue = Arc::new(Mutex::new(queue));
        let risk = NodeRisk::default();
        for _ in 0..BUYERS {
            tokio::spawn(buyer(pool.clone(), Arc::clone(&queue), risk.clone()));
        }
        Ok(Self { pool, purchases, ids: Arc::new(Mutex::new(0..0)), risk })
    }

    /// The limited draws' liabilities this node keeps, for its risk desk (`risk::PgRisk`).
    pub fn risk(&self) -> NodeRisk {
        self.risk.clone()
    }

    /// Queues one purchase now, in the caller's order, to be bought with whatever else is queued; the answer comes
    /// once its batch committed.
    pub fn queue(&self, purchase: Purchase) -> impl std::future::Future<Output = StoreResult<Bought>> + Send + 'static {
        let (answer, bought) = oneshot::channel();
        let queued = self.purchases.send((purchase, answer)).is_ok();
        async move {
            let gone = || StoreError::Transaction("the purchase buyers stopped".into());
            if !queued {
                return Err(gone());
            }
            bought.await.map_err(|_| gone())?
        }
    }

    async fn client(&self) -> StoreResult<deadpool_postgres::Object> {
        self.pool.get().await.map_err(db)
    }
}

/// Buys batches of queued purchases until every `PgMoney` of this node is gone.
async fn buyer(pool: Pool, queue: Arc<Mutex<mpsc::UnboundedReceiver<Waiter>>>, risk: NodeRisk) {
    loop {
        let batch = {
            let mut queue = queue.lock().await;
            let Some(first) = queue.recv().await else { return };
            let mut batch = vec![first];
            while batch.len() < MOST {
                match queue.try_recv() {
                    Ok(next) => batch.push(next),
                    Err(_) => break,
                }
            }
            batch
        };
        let (purchases, answers): (Vec<Purchase>, Vec<_>) = batch.into_iter().unzip();
        metrics::histogram!("ayo_purchases_per_transaction").record(purchases.len() as f64);
        match buy_with_retries(&pool, &purchases, &risk).await {
            Ok(bought) => {
                for (answer, bought) in answers.into_iter().zip(bought) {
                    let _ = answer.send(Ok(bought));
                }
            }
            Err(e) => {
                for answer in answers {
                    // Each waiter gets its own copy; a database out of reach stays one (the edge answers it 503).
                    let shared = match &e {
                        StoreError::Database(why) => StoreError::Database(why.clone()),
                        other => StoreError::Transaction(other.to_string()),
                    };
                    let _ = answer.send(Err(shared));
                }
            }
        }
    }
}

async fn buy_with_retries(pool: &Pool, purchases: &[Purchase], risk: &NodeRisk) -> StoreResult<Vec<Bought>> {
    let mut client = pool.get().await.map_err(db)?;
    let mut attempt = 1;
    let mut way = Way::Shared;
    loop {
        let tx = client.transaction().await.map_err(db)?;
        match buy_together(&tx, purchases, risk, way).await {
            Ok(Ok((bought, held))) => {
                // A commit that fails drops `held`: the node forgets the liabilities it held (see `risk`).
                tx.commit().await.map_err(db)?;
                held.committed();
                return Ok(bought);
            }
            Ok(Err(again)) => {
                // A sale broke a limit after the batch wrote in hope, or a share it sold under was taken back: all
                // of it again, the next way.
                tx.rollback().await.map_err(db)?;
                way = again;
            }
            Err(e) if attempt < ATTEMPTS && is_transient(&e) => attempt += 1,
            Err(e) => return Err(db(e)),
        }
    }
}

/// A deadlock or serialisation failure: the whole transaction may simply be tried again.
fn is_transient(e: &tokio_postgres::Error) -> bool {
    matches!(e.code(), Some(code) if *code == SqlState::T_R_DEADLOCK_DETECTED || *code == SqlState::T_R_SERIALIZATION_FAILURE)
}

/// How a batch into a limited draw holds the draw's risk (docs/decisions/065-a-batch-writes-before-it-locks-the-risk.md,
/// 067-shares-of-a-draws-headroom.md), each tried when the one before cannot decide the batch.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Way {
    /// Under this node's shares of the draws, when it holds them and every sale fits: no row lock.
    Shared,
    /// Written in hope, then the draws' rows locked and each sale checked: the lock held for the least time.
    Hoping,
    /// The draws' rows locked first, the other nodes' shares taken back, each purchase decided in order with the
    /// limits: a refusal is exact and leaves the player's later purchases their money.
    InLine,
}

/// Decides and writes `purchases` in `tx`, in order (see the module's comment), the `way` given. Answers the way to
/// try next when this one cannot decide the batch (the caller rolls back first).
async fn buy_together(
    tx: &Transaction<'_>,
    purchases: &[Purchase],
    node: &NodeRisk,
    way: Way,
) -> Result<Result<(Vec<Bought>, BatchRisk), Way>, tokio_postgres::Error> {
    let mut users: Vec<i64> = purchases.iter().map(|p| p.ticket.user_id as i64).collect();
    users.sort_unstable();
    users.dedup();
    let balances: HashMap<i64, i64> = tx
        .query("SELECT user_id, balance FROM wallets WHERE user_id = ANY($1) ORDER BY user_id FOR UPDATE", &[&users])
        .await?
        .iter()
        .map(|row| (row.get(0), row.get(1)))
        .collect();
    let mut draw_ids: Vec<i64> = purchases.iter().map(|p| p.ticket.draw_id as i64).collect();
    draw_ids.sort_unstable();
    draw_ids.dedup();
    let draws: HashMap<i64, DrawSales> = tx
        .query(
            "SELECT id, doc || jsonb_build_object('status', status) FROM draws WHERE id = ANY($1) ORDER BY id FOR SHARE",
            &[&draw_ids],
        )
        .await?
        .iter()
        .filter_map(|row| Some((row.get(0), serde_json::from_value(row.get(1)).ok()?)))
        .collect();
    let (key_users, keys): (Vec<i64>, Vec<&str>) =
        purchases.iter().map(|p| (p.ticket.user_id as i64, p.ticket.idempotency_key.as_str())).unzip();
    let firsts: HashMap<(i64, String), Ticket> = tx
        .query(
            "SELECT t.user_id, t.idempotency_key, t.doc FROM tickets t
             JOIN unnest($1::bigint[], $2::text[]) AS k (user_id, key)
               ON t.user_id = k.user_id AND t.idempotency_key = k.key",
            &[&key_users, &keys],
        )
        .await?
        .iter()
        .filter_map(|row| Some(((row.get(0), row.get(1)), serde_json::from_value(row.get(2)).ok()?)))
        .collect();
    let reads = Reads { balances, draws, firsts };
    // After the draws' lock, in a statement of its own: closes and changes of limits committed before are seen.
    let mut risk = BatchRisk::read(tx, node, &draw_ids).await?;
    if way == Way::InLine || !risk.limited() {
        // Each purchase checked in order, the limits (if any) last, with the draws' risk locked first.
        risk.lock(tx, &[], true).await?;
        let mut decided = decide(purchases, &reads, Some(&mut risk));
        decided.write(tx).await?;
        risk.write(tx).await?;
        return Ok(Ok((decided.answers, risk)));
    }
    // A limited draw's risk row, once locked, stays locked to the commit, and every node's batches into the draw
    // wait on it (docs/decisions/065-a-batch-writes-before-it-locks-the-risk.md). So what does not need it comes
    // first: every other check, and the writes, as if every sale passes the limits (the usual case).
    let mut hopeful = decide(purchases, &reads, None);
    let written: Vec<i64> = hopeful.sold.iter().map(|&at| purchases[at].ticket.id as i64).collect();
    hopeful.write(tx).await?;
    if way == Way::Shared && risk.share().await {
        // Every limited draw held under this node's share (decision 067), taken only now: the node's other batches
        // into the draw wait for it from here to the commit, and no other node's do.
        let passed = hopeful.sold.iter().all(|&at| risk.check(&purchases[at]).is_ok());
        if passed {
            if risk.write(tx).await? {
                return Ok(Ok((hopeful.answers, risk)));
            }
            risk.take_back();
            risk.share_lost();
            return Ok(Err(Way::Hoping));
        }
        if !risk.out_of_share() {
            // A closed number: refused in order, like any refusal.
            risk.take_back();
            risk.unchanged();
            return Ok(Err(Way::InLine));
        }
        // A sale the share cannot take: the same writes, checked under the draws' locks instead.
        risk.leave_shares();
    }
    risk.lock(tx, &written, false).await?;
    if hopeful.sold.iter().all(|&at| risk.check(&purchases[at]).is_ok()) {
        risk.write(tx).await?;
        return Ok(Ok((hopeful.answers, risk)));
    }
    // A sale breaks a limit or picks a closed number. Its refusal changes what the player's later purchases may
    // spend, so the batch is bought again, from the start, with the limits checked in order: the node takes its
    // admissions back and keeps its liabilities (they hold exactly the sales committed), and the caller rolls back.
    risk.take_back();
    risk.unchanged();
    Ok(Err(Way::InLine))
}

/// Writes tickets' new records (settled or refunded) with their status and amounts.
async fn update_tickets(tx: &Transaction<'_>, tickets: Vec<Value>) -> Result<(), tokio_postgres::Error> {
    tx.execute(
        "UPDATE tickets t SET status = d->>'status', winnings = (d->>'winnings')::bigint,
                              tax = (d->>'tax')::bigint, doc = d
         FROM jsonb_array_elements($1::jsonb) AS d WHERE t.id = (d->>'id')::bigint",
        &[&Value::Array(tickets)],
    )
    .await?;
    Ok(())
}

/// Locks a player's wallet row, creating it at zero if they never had one; answers its balance.
pub(super) async fn lock_wallet(tx: &Transaction<'_>, user: i64) -> Result<i64, tokio_postgres::Error> {
    tx.execute("INSERT INTO wallets (user_id, balance) VALUES ($1, 0) ON CONFLICT DO NOTHING", &[&user]).await?;
    Ok(tx.query_one("SELECT balance FROM wallets WHERE user_id = $1 FOR UPDATE", &[&user]).await?.get(0))
}

/// The wallets whose balance is not the sum of their ledger entries that stand (pending or successful: a failed or
/// reversed withdrawal's entry stays, its money back in the balance).
pub(super) async fn unbalanced_wallets(client: &impl GenericClient) -> Result<Vec<String>, tokio_postgres::Error> {
    let rows = client
        .query(
            "SELECT w.user_id, w.balance, coalesce(sum(l.amount), 0)::bigint
             FROM wallets w LEFT JOIN ledger_entries l ON l.user_id = w.user_id AND l.status IN ('pending', 'success')
             GROUP BY w.user_id, w.balance HAVING w.balance <> coalesce(sum(l.amount), 0)",
            &[],
        )
        .await?;
    Ok(rows.iter().map(|row| unbalanced(row.get::<_, i64>(0) as UserId, row.get(1), row.get(2))).collect())
}

/// The money engine's moves (`seam::Money` for the contract, answered asynchronously: see `blocking_money` for
/// the WalletActor's blocking face).
impl PgMoney {
    pub async fn next_id(&self) -> StoreResult<u64> {
        let mut ids = self.ids.lock().await;
        if ids.is_empty() {
            // Each `nextval` reserves the `ID_BLOCK` ids up to the value it answers (the sequence steps by as many).
            let client = self.client().await?;
            let last: i64 = client.query_one("SELECT nextval('ids')", &[]).await.map_err(db)?.get(0);
            *ids = (last - ID_BLOCK + 1) as u64..last as u64 + 1;
        }
        ids.next().ok_or_else(|| db("no id left in a fresh block"))
    }

    pub async fn balance(&self, user: UserId) -> StoreResult<Kobo> {
        let client = self.client().await?;
        let row = client.query_opt("SELECT balance FROM wallets WHERE user_id = $1", &[&(user as i64)]).await;
        Ok(Kobo(row.map_err(db)?.map(|row| row.get(0)).unwrap_or(0)))
    }

    pub async fn apply_once(&self, entry: LedgerEntry, key: Option<String>) -> StoreResult<Option<Moved<LedgerEntry>>> {
        let mut client = self.client().await?;
        let tx = client.transaction().await.map_err(db)?;
        let user = entry.user_id as i64;
        let balance = lock_wallet(&tx, user).await.map_err(db)?;
        if let Some(key) = &key {
            let first = tx
                .query_opt(
                    "SELECT l.doc FROM money_keys k JOIN ledger_entries l ON l.id = k.entry_id
                     WHERE k.user_id = $1 AND k.key = $2",
                    &[&user, key],
                )
                .await
                .map_err(db)?;
            if let Some(row) = first {
                let value: LedgerEntry = serde_json::from_value(row.get(0))?;
                return Ok(Some(Moved { value, entries: vec![], balance: Kobo(balance), replayed: true }));
            }
        }
        let after = balance + entry.amount.as_i64();
        if after < 0 {
            return Ok(None);
        }
        let entry = LedgerEntry { balance_after: Kobo(after), ..entry };
        set_balances(&tx, &[user], &[after]).await.map_err(db)?;
        tx.execute(LEDGER.insert, &[&Value::Array(vec![json(&entry)])]).await.map_err(db)?;
        if let Some(key) = &key {
            tx.execute(
                "INSERT INTO money_keys (user_id, key, entry_id) VALUES ($1, $2, $3)",
                &[&user, key, &(entry.id as i64)],
            )
            .await
            .map_err(db)?;
        }
        tx.commit().await.map_err(db)?;
        Ok(Some(Moved { value: entry.clone(), entries: vec![entry], balance: Kobo(after), replayed: false }))
    }

    pub async fn buy(&self, purchase: Purchase) -> StoreResult<Bought> {
        self.queue(purchase).await
    }

    pub async fn settle(
        &self,
        user: UserId,
        draw: DrawId,
        outcomes: Vec<Outcome>,
        entry_ids: Vec<u64>,
        now: DateTime<Utc>,
    ) -> StoreResult<Moved<Vec<Outcome>>> {
        let mut client = self.client().await?;
        let tx = client.transaction().await.map_err(db)?;
        let (player, draw_key) = (user as i64, draw as i64);
        let mut balance = lock_wallet(&tx, player).await.map_err(db)?;
        let settled = tx
            .query_opt("SELECT 1 FROM settlements WHERE draw_id = $1 AND user_id = $2", &[&draw_key, &player])
            .await
            .map_err(db)?;
        let replayed = Moved { value: vec![], entries: vec![], balance: Kobo(balance), replayed: true };
        if settled.is_some() {
            return Ok(replayed);
        }
        let mut pending: Vec<Ticket> = Vec::new();
        for row in tx
            .query(
                "SELECT doc FROM tickets WHERE draw_id = $1 AND user_id = $2 AND status = 'pending' ORDER BY id FOR UPDATE",
                &[&draw_key, &player],
            )
            .await
            .map_err(db)?
        {
            pending.push(serde_json::from_value(row.get(0))?);
        }
        let pending_ids: HashSet<u64> = pending.iter().map(|t| t.id).collect();

        let record = PlayerSettlement::of(&outcomes, now);

        let mut entries = Vec::new();
        let mut ids = entry_ids.iter();
        for outcome in outcomes.iter().filter(|o| o.entry_count() > 0) {
            for (kind, amount) in outcome.ledger_lines().into_iter().filter(|(_, amount)| *amount != 0) {
                let Some(&id) = ids.next() else {
                    return Err(StoreError::Corrupt { tree: "ledger", detail: "too few entry ids".into() });
                };
                // A ticket no longer pending was settled before (by a node that died, or before a move): never
                // paid twice.
                if !pending_ids.contains(&outcome.ticket) {
                    continue;
                }
                balance += amount;
                entries.push(settlement_entry((user, draw), outcome, (kind, amount), id, Kobo(balance), now));
            }
        }
        let mut settled_tickets = Vec::with_capacity(pending.len());
        for mut ticket in pending {
            record.apply(&mut ticket);
            settled_tickets.push(json(&ticket));
        }
        update_tickets(&tx, settled_tickets).await.map_err(db)?;
        tx.execute(
            "INSERT INTO settlements (draw_id, user_id, settled_at, doc) VALUES ($1, $2, $3, $4)",
            &[&draw_key, &player, &now, &json(&record)],
        )
        .await
        .map_err(db)?;
        if !entries.is_empty() {
            set_balances(&tx, &[player], &[balance]).await.map_err(db)?;
            tx.execute(LEDGER.insert, &[&Value::Array(entries.iter().map(json).collect())]).await.map_err(db)?;
        }
        tx.commit().await.map_err(db)?;
        Ok(Moved { value: outcomes, entries, balance: Kobo(balance), replayed: false })
    }

    pub async fn refund(
        &self,
        user: UserId,
        tickets: Vec<TicketId>,
        entry_ids: Vec<u64>,
        now: DateTime<Utc>,
    ) -> StoreResult<Moved<Vec<Ticket>>> {
        let mut client = self.client().await?;
        let tx = client.transaction().await.map_err(db)?;
        let player = user as i64;
        let mut balance = lock_wallet(&tx, player).await.map_err(db)?;
        let wanted: Vec<i64> = tickets.iter().map(|id| *id as i64).collect();
        let mut pending = HashMap::new();
        for row in tx
            .query(
                "SELECT doc FROM tickets WHERE id = ANY($1) AND user_id = $2 AND status = 'pending' FOR UPDATE",
                &[&wanted, &player],
            )
            .await
            .map_err(db)?
        {
            let ticket: Ticket = serde_json::from_value(row.get(0))?;
            pending.insert(ticket.id, ticket);
        }
        let (mut refunded, mut entries) = (Vec::new(), Vec::new());
        for (id, entry_id) in tickets.iter().zip(&entry_ids) {
            let Some(mut ticket) = pending.remove(id) else { continue };
            ticket.status = TicketStatus::Refunded;
            ticket.settled_at = Some(now);
            balance += ticket.total_stake.as_i64();
            entries.push(refund_entry(&ticket, *entry_id, Kobo(balance), now));
            refunded.push(ticket);
        }
        if !refunded.is_empty() {
            update_tickets(&tx, refunded.iter().map(json).collect()).await.map_err(db)?;
            let ids: Vec<i64> = refunded.iter().map(|t| t.id as i64).collect();
            risk::tickets_left(&tx, &ids).await.map_err(db)?;
            set_balances(&tx, &[player], &[balance]).await.map_err(db)?;
            tx.execute(LEDGER.insert, &[&Value::Array(entries.iter().map(json).collect())]).await.map_err(db)?;
        }
        tx.commit().await.map_err(db)?;
        Ok(Moved { value: refunded, entries, balance: Kobo(balance), replayed: false })
    }

    pub async fn unbalanced(&self) -> StoreResult<Vec<String>> {
        let client = self.client().await?;
        unbalanced_wallets(&**client).await.map_err(db)
    }
}
