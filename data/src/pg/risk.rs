//! The house's risk in cluster mode (docs/decisions/056-draw-risk-row-in-cluster-mode.md): a game's limits hold
//! when one draw sells on several nodes at once, checked in the purchase batch's own transaction with the same
//! admission as the embedded store (`crate::risk::DrawRisk`).
//!
//! Each draw that sells under limits has a `draw_risk` row (migration 0015). A purchase batch buying into such a
//! draw locks it `FOR UPDATE` after its wallets and draws, so the batches of one limited draw take turns across
//! every node, and batches of other draws (or of games without limits) never wait on it. The node keeps the draw's
//! liability in memory with the number of the last sale it folded in (`sold`); under the lock it folds in the
//! tickets the other nodes sold since (`draw_risk_sales`), admits or refuses each ticket, numbers the ones it takes
//! and writes them with the tickets. The batch writes its sales before it takes the lock, hoping every one passes,
//! and on a refusal takes its admissions back and rolls back to before those writes
//! (docs/decisions/065-a-batch-writes-before-it-locks-the-risk.md): the lock is held for as little as possible.
//! A refused ticket is never written and moves no money; a batch that fails makes
//! the node forget the draw, to be read again from its tickets (they are the truth). A new `epoch` (a refund, or
//! the game's limits just set) makes every node read the draw's tickets again.
//!
//! Far from its limits a draw need not take turns at all (docs/decisions/067-shares-of-a-draws-headroom.md): a
//! batch under the lock grants its node a share of what the draw has left (`crate::risk::share`, migration 0018),
//! and the node's later batches sell under it without the row lock, numbering their sales per node
//! (`draw_risk_share_sales`). The lock's checks leave the other nodes' shares their room; a refusal takes them back
//! first, so it is exact.
//!
//! Closed numbers live in the row too: every batch reads them after locking its draws, so a number closed on one
//! node is refused on every node from the close's commit on (the close locks the draw's row first, so it waits for
//! the batches already buying into it).

use std::collections::{BTreeSet, HashMap};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use serde::Deserialize;
use serde_json::Value;
use tokio::sync::{Mutex, OwnedMutexGuard};
use tokio_postgres::{GenericClient, Transaction};

use super::blocking::PgSync;
use super::error::PgError;
use crate::draw::DrawId;
use crate::error::StoreResult;
use crate::game::Game;
use crate::lotto::{Bet, MAX_NUMBER};
use crate::money::Kobo;
use crate::risk::share::{self, Others, ShareTerms};
use crate::risk::{
    picks, refusal, Admitted, Breach, Combo, DrawRisk, Exposure, Liability, RiskGlance, RiskReport, WorstCase,
};
use crate::risk_limits::RiskLimits;
use crate::seam::{Purchase, PurchaseError};
use crate::ticket::{Terms, TicketCard};

/// How many draws' liabilities a node keeps in memory (past it, those not in use are forgotten).
const KEPT: usize = 64;

/// A draw's liability as this node knows it.
struct Known {
    risk: DrawRisk,
    /// The number of the last sale folded in (`draw_risk.sold` then).
    sold: i64,
    /// Per node, the number of its last sale under shares folded in (`draw_risk_shares.sold` then).
    shared: HashMap<i64, i64>,
    /// The row's `epoch` when the draw's tickets were read.
    epoch: i64,
    /// Which reading of the tickets this is: a search begun on one is never learnt by another.
    reading: u64,
    /// This node's share of the draw's headroom, if it holds one (decision 067).
    share: Option<Share>,
    /// Some per-key limit is more than half taken (`share::keys_half_used`): no share is granted in this epoch, and
    /// the draw's loads are not looked up again.
    keys_full: bool,
}

/// A share this node holds (`crate::risk::share`): its grant, what its sales under it used, and their own
/// liability (what they add to each key since the grant).
struct Share {
    epoch: i64,
    grant_no: i64,
    terms: ShareTerms,
    used: i64,
    own: DrawRisk,
}

type Slot = Arc<Mutex<Option<Known>>>;

/// The limited draws' liabilities this node keeps, each behind its own lock: a batch holds it from its row lock to
/// its commit, the risk desk while it folds in the sales.
#[derive(Clone)]
pub struct NodeRisk {
    /// This node's name in `draw_risk_shares`: drawn at random when the node starts, never reused.
    id: i64,
    draws: Arc<parking_lot::Mutex<HashMap<DrawId, Slot>>>,
    readings: Arc<AtomicU64>,
    /// The draws this node sold into since the live push last looked (`seam::Risk::take_changed`).
    changed: Arc<parking_lot::Mutex<BTreeSet<DrawId>>>,
}

impl Default for NodeRisk {
    fn default() -> Self {
        NodeRisk {
            id: rand::random::<i64>() & i64::MAX,
            draws: Arc::default(),
            readings: Arc::default(),
            changed: Arc::default(),
        }
    }
}

impl NodeRisk {
    fn slot(&self, draw: DrawId) -> Slot {
        let mut draws = self.draws.lock();
        if !draws.contains_key(&draw) && draws.len() >= KEPT {
            draws.retain(|_, slot| Arc::strong_count(slot) > 1);
        }
        Arc::clone(draws.entry(draw).or_default())
    }

    fn next_reading(&self) -> u64 {
        self.readings.fetch_add(1, Ordering::Relaxed)
    }

    fn mark_changed(&self, draw: DrawId) {
        self.changed.lock().insert(draw);
    }
}

/// What a ticket's risk is read from in its stored record.
#[derive(Deserialize)]
struct Sold {
    bet: Bet,
    stake_per_line: Kobo,
    #[serde(default)]
    terms: Option<Terms>,
}

fn add_sold(risk: &mut DrawRisk, doc: Value, game: Option<&Game>) {
    match serde_json::from_value::<Sold>(doc) {
        Ok(sold) => {
            let terms = match (sold.terms, game) {
                (Some(terms), _) => terms,
                (None, Some(game)) => Terms::of(game, &sold.bet),
                (None, None) => Terms { multiplier: 0, payout_cap: Kobo::ZERO },
            };
            risk.add_sold(&Exposure::of(&sold.bet, sold.stake_per_line, terms, MAX_NUMBER));
        }
        Err(e) => tracing::error!(error = %e, "a ticket's record does not read; its risk is not counted"),
    }
}

fn closed_of(numbers: Option<Vec<i16>>) -> BTreeSet<u8> {
    numbers.unwrap_or_default().into_iter().filter_map(|n| u8::try_from(n).ok()).collect()
}

/// A draw's liability read whole from its tickets still pending, leaving out `leaving_out`, and in the same snapshot
/// each node's last sale under shares (so every sale is counted once: in the tickets read, or folded in later).
async fn read_tickets(
    client: &impl GenericClient,
    draw: i64,
    game: Option<&Game>,
    leaving_out: &[i64],
) -> Result<(DrawRisk, HashMap<i64, i64>), tokio_postgres::Error> {
    let rows = client
        .query(
            "SELECT doc, NULL::bigint, NULL::bigint FROM tickets
             WHERE draw_id = $1 AND status = 'pending' AND id <> ALL($2)
             UNION ALL SELECT NULL, node, sold FROM draw_risk_shares WHERE draw_id = $1",
            &[&draw, &leaving_out],
        )
        .await?;
    let mut risk = DrawRisk::new(Liability::new(MAX_NUMBER));
    let mut shared = HashMap::new();
    for row in rows {
        match row.get::<_, Option<Value>>(0) {
            Some(doc) => add_sold(&mut risk, doc, game),
            None => {
                shared.insert(row.get(1), row.get(2));
            }
        }
    }
    Ok((risk, shared))
}

/// A node's share of a draw as the database holds it.
struct ShareRow {
    node: i64,
    epoch: i64,
    room: i64,
    used: i64,
    ppm: i64,
}

/// What the other nodes' shares of the current `epoch` may still add (shares of an earlier epoch are worth nothing:
/// their holders no longer sell under them).
fn others_of(shares: &[ShareRow], me: i64, epoch: i64) -> Others {
    shares
        .iter()
        .filter(|s| s.node != me && s.epoch == epoch)
        .fold(Others::default(), |others, s| others.plus(s.room, s.used, s.ppm))
}

/// A sale read past a node's cursors: numbered under the draw's lock (`node` none), or under a node's share.
struct Sale {
    node: Option<i64>,
    seq: i64,
    doc: Value,
}

/// The sales numbered after `from` up to `upto` under the lock and each node's under shares past `cursors` (every
/// one of them committed), with the draw's shares as they were in the same snapshot: a sale not read is still
/// inside its holder's room.
async fn since(
    client: &impl GenericClient,
    draw: i64,
    (from, upto): (i64, i64),
    cursors: &HashMap<i64, i64>,
) -> Result<(Vec<Sale>, Vec<ShareRow>), tokio_postgres::Error> {
    let (nodes, seqs): (Vec<i64>, Vec<i64>) = cursors.iter().map(|(node, seq)| (*node, *seq)).unzip();
    let rows = client
        .query(
            "SELECT 0, 0::bigint, s.seq, jsonb_build_object('bet', t.doc->'bet',
                    'stake_per_line', t.doc->'stake_per_line', 'terms', t.doc->'terms')
             FROM draw_risk_sales s JOIN tickets t ON t.id = s.ticket_id
             WHERE s.draw_id = $1 AND s.seq > $2 AND s.seq <= $3
             UNION ALL
             SELECT 1, h.node, s.seq, jsonb_build_object('bet', t.doc->'bet',
                    'stake_per_line', t.doc->'stake_per_line', 'terms', t.doc->'terms')
             FROM draw_risk_shares h
             LEFT JOIN unnest($4::bigint[], $5::bigint[]) AS c (node, seq) ON c.node = h.node
             CROSS JOIN LATERAL (SELECT x.seq, x.ticket_id FROM draw_risk_share_sales x
                                 WHERE x.draw_id = h.draw_id AND x.node = h.node AND x.seq > coalesce(c.seq, 0)) s
             JOIN tickets t ON t.id = s.ticket_id
             WHERE h.draw_id = $1
             UNION ALL
             SELECT 2, node, 0, jsonb_build_array(epoch, room, used, ppm) FROM draw_risk_shares WHERE draw_id = $1",
            &[&draw, &from, &upto, &nodes, &seqs],
        )
        .await?;
    let (mut sales, mut shares) = (Vec::new(), Vec::new());
    for row in rows {
        let (kind, node, seq, doc): (i32, i64, i64, Value) = (row.get(0), row.get(1), row.get(2), row.get(3));
        match kind {
            0 => sales.push(Sale { node: None, seq, doc }),
            1 => sales.push(Sale { node: Some(node), seq, doc }),
            _ => {
                let [epoch, room, used, ppm] = serde_json::from_value::<[i64; 4]>(doc).unwrap_or_default();
                shares.push(ShareRow { node, epoch, room, used, ppm });
            }
        }
    }
    Ok((sales, shares))
}

/// Adds to `known` the sales read (`since`) it has not counted yet: read up to `upto` under the lock, and past
/// each node's cursor as it is now (it may have moved on since the read began: what it passed is counted).
fn count_in(known: &mut Known, sales: Vec<Sale>, upto: i64, game: Option<&Game>) {
    let (counted, cursors) = (known.sold, known.shared.clone());
    for sale in sales {
        match sale.node {
            None if sale.seq > counted => add_sold(&mut known.risk, sale.doc, game),
            None => {}
            Some(node) if sale.seq > cursors.get(&node).copied().unwrap_or(0) => {
                add_sold(&mut known.risk, sale.doc, game);
                let last = known.shared.entry(node).or_insert(0);
                *last = (*last).max(sale.seq);
            }
            Some(_) => {}
        }
    }
    known.sold = known.sold.max(upto);
}

/// Folds into `known` the sales numbered after its own up to `upto` and each node's sales under shares since it last
/// looked, and answers the draw's shares as they were in the same snapshot (`since`).
async fn fold(
    client: &impl GenericClient,
    draw: i64,
    known: &mut Known,
    upto: i64,
    game: Option<&Game>,
) -> Result<Vec<ShareRow>, tokio_postgres::Error> {
    let (sales, shares) = since(client, draw, (known.sold, upto), &known.shared).await?;
    count_in(known, sales, upto, game);
    Ok(shares)
}

/// Brings the node's liability of `draw` up to its row's `(sold, epoch)`: read whole from the draw's tickets (leaving
/// out `leaving_out`) when the node holds none or the epoch has moved on, then the sales numbered since folded in;
/// answers it with the draw's shares.
async fn up_to_date<'k>(
    client: &impl GenericClient,
    node: &NodeRisk,
    known: &'k mut Option<Known>,
    draw: i64,
    (sold, epoch): (i64, i64),
    game: Option<&Game>,
    leaving_out: &[i64],
) -> Result<(&'k mut Known, Vec<ShareRow>), tokio_postgres::Error> {
    let k = match known.take().filter(|k| k.epoch == epoch) {
        Some(k) => known.insert(k),
        None => {
            let (risk, shared) = read_tickets(client, draw, game, leaving_out).await?;
            let reading = node.next_reading();
            known.insert(Known { risk, sold, shared, epoch, reading, share: None, keys_full: false })
        }
    };
    let shares = fold(client, draw, k, sold, game).await?;
    Ok((k, shares))
}

/// One draw of a purchase batch: its game, its closed numbers, its risk row's epoch and, if its game has limits, its
/// liability held.
struct BatchDraw {
    game: Option<Game>,
    closed: BTreeSet<u8>,
    /// `draw_risk.epoch` when the batch read it (0 without a row): it cannot change before the batch commits (what
    /// changes it locks the draw's row first).
    epoch: i64,
    held: Option<Held>,
}

/// How a batch holds a limited draw.
enum Hold {
    /// Under the draw's row lock: `draw_risk.sold` then (the batch numbers its sales after it), what the other
    /// nodes' shares may still add, and whether this node's own share in the database still had something left.
    Locked { base: i64, others: Others, mine_left: bool },
    /// Under this node's share of the draw: what the batch's sales add to the share's room.
    Shared { used: i64 },
}

/// A limited draw's liability, held to the commit.
struct Held {
    known: OwnedMutexGuard<Option<Known>>,
    hold: Hold,
    /// The tickets admitted, in order.
    admitted: Vec<i64>,
    /// What taking each back needs (`take_back`), in the same order: in the draw's liability, and under a share in
    /// the share's own.
    undo: Vec<(Admitted, Option<Admitted>)>,
    /// Under the lock: the share this node granted itself in the write, with its number.
    granted: Option<(ShareTerms, i64)>,
    /// Under a share: the number of the batch's last sale under it, once written.
    shared_sold: Option<i64>,
}

impl Held {
    fn new(known: OwnedMutexGuard<Option<Known>>, hold: Hold) -> Held {
        Held { known, hold, admitted: vec![], undo: vec![], granted: None, shared_sold: None }
    }
}

/// What a purchase batch knows of its draws' risk (see the module's comment). Dropped without `committed`, it makes
/// the node forget the limited draws it held: their liability may count sales that were not written.
pub(super) struct BatchRisk {
    draws: HashMap<i64, BatchDraw>,
    committed: bool,
    node: NodeRisk,
    /// Under shares, a sale did not fit this node's share: the batch is to be decided under the draws' locks.
    out_of_share: bool,
}

/// What a refusal looks like before it is worded; never shown when it only means "not within the share".
fn not_within() -> PurchaseError {
    PurchaseError::LiabilityLimit { message: Breach::Reserve.sentence(), largest_stake_per_line: None }
}

impl BatchRisk {
    /// Reads the batch's draws' games, closed numbers and risk epochs. Called after the draws are locked `FOR
    /// SHARE`, in a statement of its own, so it sees every close and every change of limits committed before (both
    /// lock the draw's row `FOR UPDATE` first, so none commits between this read and the batch's commit).
    pub(super) async fn read(
        tx: &Transaction<'_>,
        node: &NodeRisk,
        draw_ids: &[i64],
    ) -> Result<BatchRisk, tokio_postgres::Error> {
        let mut draws = HashMap::new();
        for row in tx
            .query(
                "SELECT d.id, g.doc, r.closed, coalesce(r.epoch, 0) FROM draws d LEFT JOIN games g ON g.id = d.game_id
                 LEFT JOIN draw_risk r ON r.draw_id = d.id WHERE d.id = ANY($1)",
                &[&draw_ids],
            )
            .await?
        {
            let game = row.get::<_, Option<Value>>(1).and_then(|doc| serde_json::from_value::<Game>(doc).ok());
            let (closed, epoch) = (closed_of(row.get(2)), row.get(3));
            draws.insert(row.get::<_, i64>(0), BatchDraw { game, closed, epoch, held: None });
        }
        Ok(BatchRisk { draws, committed: false, node: node.clone(), out_of_share: false })
    }

    /// The batch's draws whose game has limits, in id order (the order their locks are taken in).
    fn limited_ids(&self) -> Vec<i64> {
        let mut limited: Vec<i64> =
            self.draws.iter().filter(|(_, d)| limits_of(d.game.as_ref()).any()).map(|(id, _)| *id).collect();
        limited.sort_unstable();
        limited
    }

    /// Whether a draw of the batch has limits: its liability must be held (`share` or `lock`) before any sale is
    /// admitted.
    pub(super) fn limited(&self) -> bool {
        self.draws.values().any(|d| limits_of(d.game.as_ref()).any())
    }

    /// Holds every limited draw of the batch under this node's share of it, if it holds a live share of each
    /// (decision 067): no row lock is taken, so no other node waits. Holds nothing and answers false otherwise.
    pub(super) async fn share(&mut self) -> bool {
        for id in self.limited_ids() {
            let mut known = self.node.slot(id as DrawId).lock_owned().await;
            let Some(draw) = self.draws.get_mut(&id) else { continue };
            let live = known.as_mut().filter(|k| k.epoch == draw.epoch).and_then(|k| {
                let share = k.share.as_mut().filter(|s| s.epoch == draw.epoch)?;
                share.own.closed.clone_from(&draw.closed);
                k.risk.closed.clone_from(&draw.closed);
                Some(())
            });
            if live.is_none() {
                self.release();
                return false;
            }
            let hold = Hold::Shared { used: 0 };
            draw.held = Some(Held::new(known, hold));
        }
        true
    }

    /// Whether a sale did not fit this node's share (`share`): the batch must be decided under the locks instead.
    pub(super) fn out_of_share(&self) -> bool {
        self.out_of_share
    }

    /// Lets go of the draws held under shares, their admissions taken back, to be locked instead.
    pub(super) fn leave_shares(&mut self) {
        self.take_back();
        self.release();
        self.out_of_share = false;
    }

    fn release(&mut self) {
        for draw in self.draws.values_mut() {
            draw.held = None;
        }
    }

    /// Locks the risk rows of the draws whose game has limits (in id order: two batches never deadlock) and brings
    /// their liabilities up to date, leaving out the tickets this batch has `written` but not yet checked. With
    /// `reclaim`, the other nodes' shares of those draws are taken back first (each waits for its holder's batch
    /// under way), so the checks are against the limits whole. Held to the batch's commit: every node's batches
    /// into those draws wait, except those selling under shares.
    pub(super) async fn lock(
        &mut self,
        tx: &Transaction<'_>,
        written: &[i64],
        reclaim: bool,
    ) -> Result<(), tokio_postgres::Error> {
        let limited = self.limited_ids();
        if limited.is_empty() {
            return Ok(());
        }
        let lock =
            "SELECT draw_id, sold, epoch, closed FROM draw_risk WHERE draw_id = ANY($1) ORDER BY draw_id FOR UPDATE";
        let mut rows = tx.query(lock, &[&limited]).await?;
        if rows.len() < limited.len() {
            // A draw's first sale under limits makes its row (once: a batch inserting it too waits for this one).
            tx.execute(
                "INSERT INTO draw_risk (draw_id) SELECT unnest($1::bigint[]) ON CONFLICT DO NOTHING",
                &[&limited],
            )
            .await?;
            rows = tx.query(lock, &[&limited]).await?;
        }
        // This node's own hold on each draw next, in id order, before anything else waits: a node's batch under a
        // share holds it while it writes its share's row, which a reclaim below may be waiting for.
        let mut guards = Vec::with_capacity(rows.len());
        for row in &rows {
            let id: i64 = row.get(0);
            guards.push(self.node.slot(id as DrawId).lock_owned().await);
        }
        if reclaim {
            shares_end(tx, "SELECT unnest($1::bigint[])", &limited, Some(self.node.id)).await?;
        }
        for (row, mut known) in rows.into_iter().zip(guards) {
            let (id, sold, epoch): (i64, i64, i64) = (row.get(0), row.get(1), row.get(2));
            let Some(draw) = self.draws.get_mut(&id) else { continue };
            draw.closed = closed_of(row.get(3));
            let (k, shares) =
                up_to_date(tx, &self.node, &mut known, id, (sold, epoch), draw.game.as_ref(), written).await?;
            k.risk.closed.clone_from(&draw.closed);
            // Under the lock the node sells outside its share: the share ends here (the write grants another, or
            // gives the rest back).
            k.share = None;
            let me = self.node.id;
            let mine_left = shares.iter().any(|s| s.node == me && s.epoch == epoch && (s.room > s.used || s.ppm > 0));
            let hold = Hold::Locked { base: sold, others: others_of(&shares, me, epoch), mine_left };
            draw.held = Some(Held::new(known, hold));
        }
        Ok(())
    }

    /// Takes back every ticket admitted so far (latest first), as if none had been checked: the batch decides
    /// again.
    pub(super) fn take_back(&mut self) {
        for held in self.draws.values_mut().filter_map(|d| d.held.as_mut()) {
            if let Some(known) = held.known.as_mut() {
                while let Some((admitted, own)) = held.undo.pop() {
                    known.risk.undo(admitted);
                    if let (Some(own), Some(share)) = (own, known.share.as_mut()) {
                        share.own.undo(own);
                    }
                }
            }
            if let Hold::Shared { used } = &mut held.hold {
                *used = 0;
            }
            held.undo.clear();
            held.admitted.clear();
        }
    }

    /// Admits a purchase's ticket into its draw's liability under its game's limits, or says why not (with the
    /// largest stake per line still taken); a draw without limits refuses only its closed numbers. Called last of
    /// the purchase's checks, so only a sale about to be written counts. Under a share, a ticket the share cannot
    /// take is not refused: the batch is marked `out_of_share`, to be decided again under the lock.
    pub(super) fn check(&mut self, purchase: &Purchase) -> Result<(), PurchaseError> {
        let ticket = &purchase.ticket;
        let Some(draw) = self.draws.get_mut(&(ticket.draw_id as i64)) else { return Ok(()) };
        let chosen = picks(&ticket.bet);
        let limits = limits_of(draw.game.as_ref());
        let Some(held) = draw.held.as_mut() else {
            let shut: Vec<u8> = chosen.iter().copied().filter(|n| draw.closed.contains(n)).collect();
            if shut.is_empty() {
                return Ok(());
            }
            let message = Breach::Closed(Combo::of(&shut)).sentence();
            return Err(PurchaseError::LiabilityLimit { message, largest_stake_per_line: None });
        };
        let Some(known) = held.known.as_mut() else {
            // Not reachable (a held draw is always read): refusing keeps the limits whatever happens.
            return Err(not_within());
        };
        let game = draw.game.as_ref();
        let terms = TicketCard::of(ticket).terms_in(game);
        let exposure = Exposure::of(&ticket.bet, ticket.stake_per_line, terms, MAX_NUMBER);
        let admitted = match &mut held.hold {
            Hold::Locked { others, .. } => {
                // The limits less what the other nodes' shares may still add (decision 067).
                let left = share::left_by(&limits, *others);
                match known.risk.admit(&left, &chosen, exposure) {
                    Ok(admitted) => (admitted, None),
                    Err(breach) => {
                        let (message, largest) = refusal(&mut known.risk, &left, ticket, game, &breach);
                        return Err(PurchaseError::LiabilityLimit { message, largest_stake_per_line: largest });
                    }
                }
            }
            Hold::Shared { used } => {
                let Some(share) = known.share.as_mut() else {
                    self.out_of_share = true;
                    return Err(not_within());
                };
                let most = exposure.most;
                let spent = share.used.saturating_add(*used);
                let own = match share::admit_under(&mut share.own, spent, share.terms, &limits, &chosen, &exposure) {
                    Ok(own) => own,
                    // A closed number is refused whichever way the draw is held.
                    Err(Some(closed)) => {
                        let message = closed.sentence();
                        return Err(PurchaseError::LiabilityLimit { message, largest_stake_per_line: None });
                    }
                    Err(None) => {
                        self.out_of_share = true;
                        return Err(not_within());
                    }
                };
                // No limit of its own here: the share's checks above are what keeps the draw's limits.
                let Ok(whole) = known.risk.admit(&RiskLimits::default(), &chosen, exposure) else {
                    share.own.undo(own);
                    self.out_of_share = true;
                    return Err(not_within());
                };
                *used += most;
                (whole, Some(own))
            }
        };
        held.admitted.push(ticket.id as i64);
        held.undo.push(admitted);
        Ok(())
    }

    /// Records the admitted tickets in the batch's transaction: under a lock, numbered after the draw's last sale,
    /// and this node's next share of the draw granted (or the rest of its last given back); under a share, numbered
    /// after the node's last sale under shares, and counted against the share. Answers false, having written
    /// nothing of its own, when a share was taken back meanwhile (the caller rolls back and locks instead).
    pub(super) async fn write(&mut self, tx: &Transaction<'_>) -> Result<bool, tokio_postgres::Error> {
        let (mut sale_draws, mut seqs, mut tickets, mut draws, mut solds) = (vec![], vec![], vec![], vec![], vec![]);
        for (id, held) in self.draws.iter().filter_map(|(id, d)| Some((*id, d.held.as_ref()?))) {
            let Hold::Locked { base, .. } = held.hold else { continue };
            if held.admitted.is_empty() {
                continue;
            }
            for (at, ticket) in (base + 1..).zip(&held.admitted) {
                sale_draws.push(id);
                seqs.push(at);
                tickets.push(*ticket);
            }
            draws.push(id);
            solds.push(base + held.admitted.len() as i64);
        }
        if !draws.is_empty() {
            // One statement: the lock is held to the commit, so every round trip here holds up the draw's other
            // sales.
            tx.execute(
                "WITH sales AS (INSERT INTO draw_risk_sales (draw_id, seq, ticket_id)
                                SELECT * FROM unnest($1::bigint[], $2::bigint[], $3::bigint[]))
                 UPDATE draw_risk r SET sold = v.sold FROM unnest($4::bigint[], $5::bigint[]) AS v (draw_id, sold)
                 WHERE r.draw_id = v.draw_id",
                &[&sale_draws, &seqs, &tickets, &draws, &solds],
            )
            .await?;
        }
        let me = self.node.id;
        // In draw order: a reclaim takes the same rows in the same order (`lock`).
        let mut held_draws: Vec<(&i64, &mut BatchDraw)> = self.draws.iter_mut().collect();
        held_draws.sort_unstable_by_key(|(id, _)| **id);
        for (id, draw) in held_draws {
            let limits = limits_of(draw.game.as_ref());
            let Some(held) = draw.held.as_mut() else { continue };
            let Some(known) = held.known.as_mut() else { continue };
            match held.hold {
                Hold::Locked { others, mine_left, .. } => {
                    let mut granted = None;
                    if !known.keys_full && share::far_from_limits(&limits, known.risk.bound(), others) {
                        let loads = known.risk.liability.loads();
                        known.keys_full = share::keys_half_used(&limits, loads);
                        granted = share::grant(&limits, known.risk.bound(), loads, others);
                    }
                    if granted.is_none() && !mine_left {
                        continue;
                    }
                    let terms = granted.unwrap_or(ShareTerms { room: 0, ppm: 0 });
                    let row = tx
                        .query_one(
                            "INSERT INTO draw_risk_shares (draw_id, node, epoch, grant_no, room, ppm)
                             VALUES ($1, $2, $3, 1, $4, $5)
                             ON CONFLICT (draw_id, node) DO UPDATE SET epoch = $3,
                               grant_no = draw_risk_shares.grant_no + 1, room = $4, used = 0, ppm = $5
                             RETURNING grant_no",
                            &[id, &me, &known.epoch, &terms.room, &terms.ppm],
                        )
                        .await?;
                    held.granted = granted.map(|terms| (terms, row.get(0)));
                }
                Hold::Shared { used } => {
                    if held.admitted.is_empty() {
                        continue;
                    }
                    let Some(share) = known.share.as_ref() else { return Ok(false) };
                    let n = held.admitted.len() as i64;
                    let rows = tx
                        .query(
                            "WITH s AS (UPDATE draw_risk_shares SET used = used + $4, sold = sold + $5
                                        WHERE draw_id = $1 AND node = $2 AND grant_no = $3 RETURNING sold)
                             INSERT INTO draw_risk_share_sales (draw_id, node, seq, ticket_id)
                             SELECT $1, $2, s.sold - $5 + u.o, u.t FROM s, unnest($6::bigint[]) WITH ORDINALITY AS u (t, o)
                             RETURNING seq",
                            &[id, &me, &share.grant_no, &used, &n, &held.admitted],
                        )
                        .await?;
                    if rows.len() != held.admitted.len() {
                        // Taken back by a node that needed the room (`lock` with `reclaim`).
                        return Ok(false);
                    }
                    held.shared_sold = rows.iter().map(|row| row.get::<_, i64>(0)).max();
                }
            }
        }
        Ok(true)
    }

    /// The batch is given up after `take_back`: the node's liabilities are as they were before it, so they are
    /// kept (dropping the batch otherwise makes the node forget them).
    pub(super) fn unchanged(mut self) {
        self.committed = true;
    }

    /// The batch is given up after `take_back` because a share it sold under was taken back: the node forgets those
    /// shares and keeps its liabilities.
    pub(super) fn share_lost(mut self) {
        for held in self.draws.values_mut().filter_map(|d| d.held.as_mut()) {
            if let (Hold::Shared { .. }, Some(known)) = (&held.hold, held.known.as_mut()) {
                known.share = None;
            }
        }
        self.committed = true;
    }

    /// The batch committed: the node's liabilities hold its sales, numbered as written, and its shares what the
    /// write made of them.
    pub(super) fn committed(mut self) {
        let me = self.node.id;
        for (id, held) in self.draws.iter_mut().filter_map(|(id, d)| Some((*id, d.held.as_mut()?))) {
            let Some(known) = held.known.as_mut() else { continue };
            match held.hold {
                Hold::Locked { base, .. } => {
                    known.sold = base + held.admitted.len() as i64;
                    known.share = held.granted.map(|(terms, grant_no)| Share {
                        epoch: known.epoch,
                        grant_no,
                        terms,
                        used: 0,
                        own: DrawRisk::new(Liability::new(MAX_NUMBER)),
                    });
                }
                Hold::Shared { used } => {
                    if let Some(share) = known.share.as_mut() {
                        share.used += used;
                    }
                    if let Some(seq) = held.shared_sold {
                        known.shared.insert(me, seq);
                    }
                }
            }
            if !held.admitted.is_empty() {
                self.node.mark_changed(id as DrawId);
            }
        }
        self.committed = true;
    }
}

impl Drop for BatchRisk {
    fn drop(&mut self) {
        if self.committed {
            return;
        }
        for held in self.draws.values_mut().filter_map(|d| d.held.as_mut()) {
            *held.known = None;
        }
    }
}

fn limits_of(game: Option<&Game>) -> RiskLimits {
    game.map(|g| g.risk_limits).unwrap_or_default()
}

/// Tickets left their draws other than by a sale (a cancelled draw's refund): every node reads those draws' tickets
/// again before it next counts their liability, and every share of them ends.
pub(super) async fn tickets_left(tx: &Transaction<'_>, tickets: &[i64]) -> Result<(), tokio_postgres::Error> {
    tx.execute(
        "UPDATE draw_risk SET epoch = epoch + 1 WHERE draw_id IN (SELECT DISTINCT draw_id FROM tickets WHERE id = ANY($1))",
        &[&tickets],
    )
    .await?;
    shares_end(tx, "SELECT DISTINCT draw_id FROM tickets WHERE id = ANY($1)", tickets, None).await
}

/// Takes back every share of the draws `draws` (a query of one array parameter, `ids`) selects, but `sparing`'s,
/// waiting for each holder's batch under way. Always in (draw, node) order, the order a holder writes its rows in:
/// no two of them deadlock. A refused sale does this before it is decided again in order (`BatchRisk::lock`), and
/// what moves a draw's epoch does it too, so no holder sells on under a share of an epoch nobody counts any more
/// (decision 067).
pub(super) async fn shares_end(
    tx: &Transaction<'_>,
    draws: &str,
    ids: &[i64],
    sparing: Option<i64>,
) -> Result<(), tokio_postgres::Error> {
    let sql = format!(
        "UPDATE draw_risk_shares s SET room = s.used, ppm = 0, grant_no = s.grant_no + 1
         FROM (SELECT draw_id, node FROM draw_risk_shares
               WHERE draw_id IN ({draws}) AND ($2::bigint IS NULL OR node <> $2) AND (room > used OR ppm > 0)
               ORDER BY draw_id, node FOR UPDATE) o
         WHERE s.draw_id = o.draw_id AND s.node = o.node"
    );
    tx.execute(sql.as_str(), &[&ids, &sparing]).await?;
    Ok(())
}

/// The draw's risk row: its last sale number, epoch and closed numbers (none yet: nothing sold under limits, nothing
/// closed).
async fn risk_row(client: &impl GenericClient, id: i64) -> Result<(i64, i64, BTreeSet<u8>), tokio_postgres::Error> {
    let row = client.query_opt("SELECT sold, epoch, closed FROM draw_risk WHERE draw_id = $1", &[&id]).await?;
    Ok(match row {
        Some(row) => (row.get(0), row.get(1), closed_of(row.get(2))),
        None => (0, 0, BTreeSet::new()),
    })
}

/// Brings the node's liability of `draw` up to date with every committed sale, in one snapshot of the database and
/// without the row lock (sales go on), with its closed numbers.
async fn caught_up<'k>(
    pool: &super::blocking::Conns,
    node: &NodeRisk,
    known: &'k mut Option<Known>,
    draw: DrawId,
    game: Option<&Game>,
) -> Result<&'k mut Known, PgError> {
    let mut conn = pool.get().await?;
    let tx = conn.transaction().await?;
    // One snapshot: the row's last sale number, the shares and the tickets read agree.
    tx.batch_execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY").await?;
    let id = draw as i64;
    let (sold, epoch, closed) = risk_row(&*tx, id).await?;
    let (k, _) = up_to_date(&*tx, node, known, id, (sold, epoch), game, &[]).await?;
    tx.commit().await?;
    k.risk.closed = closed;
    Ok(k)
}

/// The risk desk's family on PostgreSQL (`seam::Risk`): the node's liabilities, brought up to date from the sales
/// every node recorded, and the closed numbers in `draw_risk`.
pub struct PgRisk {
    sync: PgSync,
    node: NodeRisk,
}

/// What the desk needs to finish a report: the liability it is of, the closed numbers, and either the worst case
/// or the search still to run for it.
struct Copy {
    liability: Liability,
    closed: BTreeSet<u8>,
    worst: Result<WorstCase, Option<(crate::risk::Refresh, crate::risk::SearchMark, u64)>>,
    bound: WorstCase,
}

impl PgRisk {
    pub fn new(sync: PgSync, node: NodeRisk) -> Self {
        Self { sync, node }
    }

    /// The draw's liability as this node keeps it, brought up to date in one snapshot of the database, and what
    /// the report still needs.
    fn copy_of(&self, draw: DrawId, game: Option<&Game>) -> StoreResult<Copy> {
        let (node, game) = (self.node.clone(), game.cloned());
        self.sync.run(move |pool| async move {
            let mut known = node.slot(draw).lock_owned().await;
            let k = caught_up(&pool, &node, &mut known, draw, game.as_ref()).await?;
            let closed = k.risk.closed.clone();
            let bound = WorstCase { payout: k.risk.bound(), balls: k.risk.last_worst_balls() };
            let worst = match k.risk.known_worst_case() {
                Some(worst) => Ok(worst),
                None => Err(k.risk.begin_search().map(|(plan, mark)| (plan, mark, k.reading))),
            };
            Ok(Copy { liability: k.risk.liability.clone(), closed, worst, bound })
        })
    }

    /// The report of a draw whose game has no limits: its sales carry no numbers, so its tickets are read whole at
    /// each look, and its worst case searched for over the whole draw (one look at a time per draw on this node).
    fn read_whole(&self, draw: DrawId, game: Option<&Game>, limits: RiskLimits) -> StoreResult<RiskReport> {
        let (node, game) = (self.node.clone(), game.cloned());
        self.sync.run(move |pool| async move {
            let one_at_a_time = node.slot(draw).lock_owned().await;
            let conn = pool.get().await?;
            let id = draw as i64;
            let closed = conn.query_opt("SELECT closed FROM draw_risk WHERE draw_id = $1", &[&id]).await?;
            let (mut risk, _) = read_tickets(conn.client(), id, game.as_ref(), &[]).await?;
            risk.closed = closed_of(closed.map(|row| row.get(0)));
            let report = tokio::task::spawn_blocking(move || {
                let _one = one_at_a_time;
                RiskReport::of(&mut risk, &limits)
            });
            report.await.map_err(|e| PgError::Pool(e.to_string()))
        })
    }

    /// Learns what a search begun on this node's liability found, if it is still the same reading of the tickets.
    fn finish(&self, draw: DrawId, mark: crate::risk::SearchMark, reading: u64, worst: WorstCase) -> StoreResult<()> {
        let node = self.node.clone();
        self.sync.run(move |_| async move {
            if let Some(known) = node.slot(draw).lock_owned().await.as_mut().filter(|k| k.reading == reading) {
                known.risk.finish_search(mark, worst);
            }
            Ok(())
        })
    }

    /// Runs `sql` (an upsert of the draw's row with `numbers`, answering its closed numbers) with the draw locked
    /// first (`FOR UPDATE`): it waits for the purchase batches already buying into the draw, and every later one sees
    /// the change.
    fn change_row(&self, draw: DrawId, sql: &'static str, numbers: Vec<i16>) -> StoreResult<BTreeSet<u8>> {
        self.sync.run(move |pool| async move {
            let mut conn = pool.get().await?;
            let tx = conn.transaction().await?;
            let id = draw as i64;
            tx.execute("SELECT 1 FROM draws WHERE id = $1 FOR UPDATE", &[&id]).await?;
            let row = tx.query_one(sql, &[&id, &numbers]).await?;
            tx.commit().await?;
            Ok(closed_of(row.get(0)))
        })
    }
}

impl crate::seam::Risk for PgRisk {
    fn report(&self, draw: DrawId, game: Option<&Game>) -> StoreResult<RiskReport> {
        let limits = limits_of(game);
        if !limits.any() {
            return self.read_whole(draw, game, limits);
        }
        let copy = self.copy_of(draw, game)?;
        let worst = match copy.worst {
            Ok(worst) => worst,
            Err(None) => return Ok(RiskReport::while_searching(&copy.liability, &copy.closed, copy.bound, &limits)),
            Err(Some((plan, mark, reading))) => {
                // Off the sale path, on the caller's thread: the sales go on meanwhile.
                let worst = plan.run(&copy.liability);
                self.finish(draw, mark, reading, worst)?;
                worst
            }
        };
        Ok(RiskReport::with_worst(&copy.liability, &copy.closed, worst, &limits))
    }

    fn closed(&self, draw: DrawId) -> StoreResult<BTreeSet<u8>> {
        self.sync.run(move |pool| async move {
            let row = pool
                .get()
                .await?
                .query_opt("SELECT closed FROM draw_risk WHERE draw_id = $1", &[&(draw as i64)])
                .await?;
            Ok(closed_of(row.map(|row| row.get(0))))
        })
    }

    fn set_closed(&self, draw: DrawId, numbers: &[u8], close: bool) -> StoreResult<BTreeSet<u8>> {
        let numbers: Vec<i16> = numbers.iter().map(|n| i16::from(*n)).collect();
        let sql = if close {
            "INSERT INTO draw_risk (draw_id, closed) VALUES ($1, (SELECT array_agg(DISTINCT n ORDER BY n) FROM unnest($2::smallint[]) n))
             ON CONFLICT (draw_id) DO UPDATE SET closed =
               (SELECT array_agg(DISTINCT n ORDER BY n) FROM unnest(draw_risk.closed || $2::smallint[]) n)
             RETURNING closed"
        } else {
            "INSERT INTO draw_risk (draw_id) VALUES ($1)
             ON CONFLICT (draw_id) DO UPDATE SET closed =
               coalesce((SELECT array_agg(n ORDER BY n) FROM unnest(draw_risk.closed) n WHERE n <> ALL ($2::smallint[])), '{}')
             RETURNING closed"
        };
        self.change_row(draw, sql, numbers)
    }

    fn take_changed(&self) -> Vec<DrawId> {
        std::mem::take(&mut *self.node.changed.lock()).into_iter().collect()
    }

    fn mark_changed(&self, draw: DrawId) {
        self.node.mark_changed(draw);
    }

    fn glance(&self, draw: DrawId, game: Option<&Game>) -> Option<RiskGlance> {
        let slot = self.node.draws.lock().get(&draw).cloned()?;
        // Where the node's count stands, read at once: a batch holding the draw to its commit (or the desk folding
        // sales in) means look again at the next tick.
        let Ok(known) = slot.try_lock() else {
            self.node.mark_changed(draw);
            return None;
        };
        let (from, cursors) = known.as_ref().map(|k| (k.sold, k.shared.clone()))?;
        drop(known);
        // What the node sold under its share it knows; what the others sold since it looked it reads first, without
        // holding the draw (its sales go on), so the figures are the draw's, not this node's (decision 067).
        let id = draw as i64;
        let read = self.sync.run(move |pool| async move {
            let mut conn = pool.get().await?;
            let tx = conn.transaction().await?;
            tx.batch_execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY").await?;
            let (upto, epoch, closed) = risk_row(&*tx, id).await?;
            let (sales, _) = since(&*tx, id, (from, upto), &cursors).await?;
            tx.commit().await?;
            Ok((upto, epoch, closed, sales))
        });
        let (upto, epoch, closed, sales) = read.ok()?;
        let Ok(mut known) = slot.try_lock() else {
            self.node.mark_changed(draw);
            return None;
        };
        // A new epoch: the node's next batch reads the draw whole; until then there are no figures to show.
        let k = known.as_mut().filter(|k| k.epoch == epoch)?;
        count_in(k, sales, upto, game);
        k.risk.closed = closed;
        Some(RiskGlance::of(&k.risk, &limits_of(game)))
    }

    fn limits_set(&self, _draw: DrawId, _game: &Game) -> StoreResult<()> {
        // Nothing more to do: the save that changed the limits moved the epochs of the game's selling draws in its own
        // transaction (`PgGames::put_game`, decision 066), so every node reads each draw's tickets whole, those sold
        // without limits included, before it next checks a sale against them.
        Ok(())
    }
}
