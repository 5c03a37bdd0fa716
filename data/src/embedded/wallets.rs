//! Wallets (balances in kobo), the ledger, tickets and idempotency records: every money move is one sled
//! transaction over these trees, so a balance and its ledger entry are never apart.
//!
//! The WalletActor of a player is the only caller of the writing methods for that player; the transactions make
//! each move atomic, the actor keeps one player's moves in order.
//!
//! Settlement does not rewrite tickets. A draw's ticket index (`d` draw ticket) holds each ticket's [`TicketCard`]
//! (what settling and showing it needs, a few dozen bytes), so a draw's tickets are read in one scan without
//! decoding any ticket. Each player's tickets of a draw are then settled together by one record,
//! `s` draw player → [`PlayerSettlement`], written in the same transaction as the winnings credited and their
//! ledger entries: the record's presence is what makes a rerun pay nothing twice, and every read of a ticket
//! here applies it (a ticket stored `pending` whose player's record exists is won or lost as the record says).

use std::cell::RefCell;
use std::collections::{HashMap, HashSet};

use chrono::{DateTime, NaiveDate, Utc};
use sled::transaction::{ConflictableTransactionError as Conflict, TransactionalTree};
use sled::Transactional;

use super::cards::{decode_card, encode_card};
use super::codec::abort;
use super::codec::{decode, encode, id_key};
use super::games::GameStore;
use super::keys::{last_id, tagged};
use super::listing;
use super::money_tally;
use super::risk::{Desk, RiskDesk};
use super::tally;
use crate::draw::{DrawId, DrawSales};
use crate::error::{StoreError, StoreResult};
use crate::game::{Game, GameId};
use crate::ledger::LedgerEntry;
use crate::ledger::Moved;
use crate::lotto::MAX_NUMBER;
use crate::money::Kobo;
use crate::responsible::SessionMoney;
use crate::risk::{Admitted, DrawRisk, Exposure, Liability, RiskGlance, RiskReport, WorstCase};
use crate::seam::MoneyDay;
use crate::seam::{
    back_to, refund_entry, settlement_entry, stake_entry, Outcome, PlayerSettlement, Purchase, PurchaseError,
};
use crate::seam::{Page, Slice};
use crate::ticket::{Ticket, TicketCard, TicketId, TicketStatus};
use crate::user::UserId;

/// A purchase's idempotency key and its encoded card, made before the transaction.
type Keyed = (Vec<u8>, Vec<u8>);

const ENTRY: u8 = b'e';
const ENTRY_BY_USER: u8 = b'u';
const TICKET: u8 = b't';
const TICKET_BY_DRAW: u8 = b'd';
const TICKET_BY_USER: u8 = b'u';
const TICKET_BY_GAME: u8 = b'g';
const SETTLED: u8 = b's';

#[derive(Clone)]
pub struct WalletStore {
    db: sled::Db,
    pub(super) balances: sled::Tree,
    pub(super) ledger: sled::Tree,
    pub(super) tickets: sled::Tree,
    pub(super) idempotency: sled::Tree,
    draws: sled::Tree,
    games: GameStore,
    /// The open draws' liabilities and closed numbers, checked in each purchase's transaction.
    pub risk: RiskDesk,
}

fn settled_key(draw: DrawId, user: UserId) -> Vec<u8> {
    tagged(SETTLED, &[draw, user])
}

pub(super) fn read_balance(tx: &TransactionalTree, user: UserId) -> Result<Kobo, Conflict<StoreError>> {
    Ok(match tx.get(id_key(user))? {
        Some(bytes) => Kobo(i64::from_be_bytes(
            bytes
                .as_ref()
                .try_into()
                .map_err(|_| abort(StoreError::Corrupt { tree: "wallets", detail: "balance width".into() }))?,
        )),
        None => Kobo::ZERO,
    })
}

/// Writes a new ledger entry, its player's index key and the ledger's tallies.
pub(super) fn put_entry(ledger: &TransactionalTree, entry: &LedgerEntry) -> Result<(), Conflict<StoreError>> {
    ledger.insert(tagged(ENTRY, &[entry.id]), encode(entry).map_err(abort)?)?;
    ledger.insert(tagged(ENTRY_BY_USER, &[entry.user_id, entry.id]), &[])?;
    money_tally::entry_written(ledger, None, entry)
}

/// Writes an existing entry anew (a withdrawal that moved on), keeping the tallies true.
pub(super) fn rewrite_entry(
    ledger: &TransactionalTree,
    before: &LedgerEntry,
    after: &LedgerEntry,
) -> Result<(), Conflict<StoreError>> {
    ledger.insert(tagged(ENTRY, &[after.id]), encode(after).map_err(abort)?)?;
    money_tally::entry_written(ledger, Some(before), after)
}

pub(super) fn read_entry(ledger: &TransactionalTree, id: u64) -> Result<Option<LedgerEntry>, Conflict<StoreError>> {
    ledger.get(tagged(ENTRY, &[id]))?.map(|b| decode(&b).map_err(abort)).transpose()
}

/// The idempotency record of a keyed move of `user`'s wallet (`apply_once`).
pub(super) fn once_key(user: UserId, key: &str) -> Vec<u8> {
    let mut k = tagged(b'a', &[user]);
    k.extend_from_slice(key.as_bytes());
    k
}

/// The move a keyed move's key already made, with the balance now; none if the key is new.
pub(super) fn replay_of(
    balances: &TransactionalTree,
    ledger: &TransactionalTree,
    idempotency: &TransactionalTree,
    user: UserId,
    once: &[u8],
) -> Result<Option<Moved<LedgerEntry>>, Conflict<StoreError>> {
    let Some(first) = idempotency.get(once)? else { return Ok(None) };
    let Some(existing) = read_entry(ledger, last_id(&first).unwrap_or_default())? else { return Ok(None) };
    let balance = read_balance(balances, user)?;
    Ok(Some(Moved { value: existing, entries: vec![], balance, replayed: true }))
}

/// `apply_once` inside a transaction that may write more (an adjustment's daily sums): a repeat of `once` answers
/// the first entry, `replayed`; `None` (nothing written) when it would overdraw.
pub(super) fn apply_in(
    balances: &TransactionalTree,
    ledger: &TransactionalTree,
    idempotency: &TransactionalTree,
    entry: &LedgerEntry,
    once: Option<&[u8]>,
) -> Result<Option<Moved<LedgerEntry>>, Conflict<StoreError>> {
    if let Some(once) = once {
        if let Some(replayed) = replay_of(balances, ledger, idempotency, entry.user_id, once)? {
            return Ok(Some(replayed));
        }
    }
    let balance = read_balance(balances, entry.user_id)?;
    let Some(after) = balance.checked_add(entry.amount).filter(|b| !b.is_negative()) else {
        return Ok(None);
    };
    if let Some(once) = once {
        idempotency.insert(once, &id_key(entry.id))?;
    }
    let mut entry = entry.clone();
    entry.balance_after = after;
    balances.insert(&id_key(entry.user_id), &after.as_i64().to_be_bytes())?;
    put_entry(ledger, &entry)?;
    Ok(Some(Moved { value: entry.clone(), entries: vec![entry], balance: after, replayed: false }))
}

fn put_ticket(tickets: &TransactionalTree, ticket: &Ticket) -> Result<(), Conflict<StoreError>> {
    tickets.insert(tagged(TICKET, &[ticket.id]), encode(ticket).map_err(abort)?)?;
    Ok(())
}

/// A ticket as it stands: its stored record with its player's settlement of that draw applied, if any.
fn read_ticket(tickets: &TransactionalTree, id: TicketId) -> Result<Option<Ticket>, Conflict<StoreError>> {
    let Some(mut ticket) =
        tickets.get(tagged(TICKET, &[id]))?.map(|b| decode::<Ticket>(&b)).transpose().map_err(abort)?
    else {
        return Ok(None);
    };
    if ticket.status == TicketStatus::Pending {
        if let Some(bytes) = tickets.get(settled_key(ticket.draw_id, ticket.user_id))? {
            decode::<PlayerSettlement>(&bytes).map_err(abort)?.apply(&mut ticket);
        }
    }
    Ok(Some(ticket))
}

fn idem_key(user: UserId, key: &str) -> Vec<u8> {
    let mut k = tagged(b'p', &[user]);
    k.extend_from_slice(key.as_bytes());
    k
}

/// The trees a purchase writes, inside its transaction.
struct BuyTrees<'a> {
    balances: &'a TransactionalTree,
    ledger: &'a TransactionalTree,
    tickets: &'a TransactionalTree,
    idempotency: &'a TransactionalTree,
    draws: &'a TransactionalTree,
}

impl BuyTrees<'_> {
    /// One purchase: a replay answers the first ticket; otherwise the draw must be selling and the balance cover
    /// the stake, and the ticket, its indexes, the stake entry, the balance and the idempotency record are written.
    fn buy(
        &self,
        purchase: &Purchase,
        idem: &[u8],
        card: &[u8],
        risk: &mut dyn FnMut() -> Result<(), PurchaseError>,
    ) -> Result<Result<Moved<Ticket>, PurchaseError>, Conflict<StoreError>> {
        let ticket = &purchase.ticket;
        let user = ticket.user_id;
        if let Some(first) = self.idempotency.get(idem)? {
            let id = last_id(&first).unwrap_or_default();
            if let Some(existing) = read_ticket(self.tickets, id)? {
                let balance = read_balance(self.balances, user)?;
                return Ok(Ok(Moved { value: existing, entries: vec![], balance, replayed: true }));
            }
        }
        let Some(draw_bytes) = self.draws.get(GameStore::draw_key(ticket.draw_id))? else {
            return Ok(Err(PurchaseError::NoSuchDraw));
        };
        // Only what decides a sale is read (the seed stays sealed).
        let draw: DrawSales = decode(&draw_bytes).map_err(abort)?;
        if !draw.is_selling(purchase.now) {
            return Ok(Err(PurchaseError::DrawNotSelling));
        }
        let balance = read_balance(self.balances, user)?;
        let after = balance.checked_sub(ticket.total_stake).filter(|b| !b.is_negative());
        let Some(after) = after else {
            return Ok(Err(PurchaseError::InsufficientFunds { balance, needed: ticket.total_stake }));
        };
        // Last of the checks, so that only a sale about to be written counts against the draw's limits.
        if let Err(refused) = risk() {
            return Ok(Err(refused));
        }
        let entry = stake_entry(purchase, after);
        self.balances.insert(&id_key(user), &after.as_i64().to_be_bytes())?;
        put_entry(self.ledger, &entry)?;
        put_ticket(self.tickets, ticket)?;
        self.tickets.insert(tagged(TICKET_BY_DRAW, &[ticket.draw_id, ticket.id]), card)?;
        self.tickets.insert(tagged(TICKET_BY_USER, &[user, ticket.id]), &[])?;
        self.tickets.insert(tagged(TICKET_BY_GAME, &[ticket.game_id, ticket.id]), &[])?;
        tally::add(self.tickets, &tally::key(TICKET_BY_GAME, &[ticket.game_id]), [1])?;
        self.idempotency.insert(idem, &id_key(ticket.id))?;
        Ok(Ok(Moved { value: ticket.clone(), entries: vec![entry], balance: after, replayed: false }))
    }
}

/// Takes back what a transaction's closure admitted (it is running again, or failed).
fn give_back(desk: &mut Desk, taken: &mut Vec<(DrawId, Admitted)>) {
    while let Some((draw, admitted)) = taken.pop() {
        if let Some(risk) = desk.get_mut(draw) {
            risk.undo(admitted);
        }
    }
}

/// Admits a purchase's ticket into its draw's risk under its game's limits, or says why not, with the largest stake
/// per line the draw would still take (if any the game allows). A draw whose liability is not in memory (its game
/// has no limits and the risk desk has not looked at it) refuses only its closed numbers.
fn admit(
    desk: &mut Desk,
    taken: &mut Vec<(DrawId, Admitted)>,
    purchase: &Purchase,
    exposure: Option<&Exposure>,
    game: Option<&Game>,
) -> Result<(), PurchaseError> {
    let ticket = &purchase.ticket;
    let picks = crate::risk::picks(&ticket.bet);
    let Some(exposure) = exposure.filter(|_| desk.holds(ticket.draw_id)) else {
        let shut: Vec<u8> = match desk.closed_of(ticket.draw_id) {
            Some(closed) => picks.iter().copied().filter(|n| closed.contains(n)).collect(),
            None => Vec::new(),
        };
        if shut.is_empty() {
            return Ok(());
        }
        let breach = crate::risk::Breach::Closed(crate::risk::Combo::of(&shut));
        return Err(PurchaseError::LiabilityLimit { message: breach.sentence(), largest_stake_per_line: None });
    };
    let Some(risk) = desk.get_mut(ticket.draw_id) else { return Ok(()) };
    let limits = game.map(|g| g.risk_limits).unwrap_or_default();
    match risk.admit(&limits, &picks, exposure.clone()) {
        Ok(admitted) => {
            taken.push((ticket.draw_id, admitted));
            Ok(())
        }
        Err(breach) => {
            let (message, largest) = crate::risk::refusal(risk, &limits, ticket, game, &breach);
            Err(PurchaseError::LiabilityLimit { message, largest_stake_per_line: largest })
        }
    }
}

impl WalletStore {
    pub(super) fn open(db: &sled::Db, games: &GameStore) -> StoreResult<Self> {
        Ok(Self {
            db: db.clone(),
            balances: db.open_tree("wallets")?,
            ledger: db.open_tree("ledger")?,
            tickets: db.open_tree("tickets")?,
            idempotency: db.open_tree("idempotency")?,
            draws: games.draws.clone(),
            games: games.clone(),
            risk: RiskDesk::open(db)?,
        })
    }

    /// Fresh ids for tickets and ledger entries (one shared, increasing sequence).
    pub fn next_id(&self) -> StoreResult<u64> {
        Ok(self.db.generate_id()? + 1)
    }

    /// The balance in kobo.
    pub fn balance(&self, user: UserId) -> StoreResult<i64> {
        match self.balances.get(id_key(user))? {
            None => Ok(0),
            Some(bytes) => {
                let arr: [u8; 8] = bytes.as_ref().try_into().map_err(|_| StoreError::Corrupt {
                    tree: "wallets",
                    detail: format!("balance of {} bytes", bytes.len()),
                })?;
                Ok(i64::from_be_bytes(arr))
            }
        }
    }

    /// Buys a ticket: checks the draw is selling and the balance covers it, then writes the ticket, the stake entry,
    /// the new balance and the idempotency record together. A repeated idempotency key returns the first ticket.
    pub fn purchase(&self, purchase: &Purchase) -> StoreResult<Result<Moved<Ticket>, PurchaseError>> {
        let mut answers = self.purchase_many(std::slice::from_ref(purchase))?;
        answers.pop().ok_or_else(|| StoreError::Corrupt { tree: "tickets", detail: "no answer to a purchase".into() })
    }

    /// Buys many tickets, of one player or many, in one transaction: each is decided as `purchase` would decide it
    /// alone, in order (a later one sees the balance and idempotency records the earlier ones wrote), and only the
    /// accepted ones are written. sled 0.34 makes every transaction roll its log buffer twice (two `pwrite` +
    /// `sync_file_range`) under one global lock, whatever its size: buying together is how purchases of many players
    /// share that cost (see `purchases::PurchaseQueue`). Nothing is written if the transaction fails.
    pub fn purchase_many(&self, purchases: &[Purchase]) -> StoreResult<Vec<Result<Moved<Ticket>, PurchaseError>>> {
        let games = self.games_of(purchases)?;
        let limited = |p: &Purchase| games.get(&p.ticket.game_id).is_some_and(|g| g.risk_limits.any());
        let exposure_of = |p: &Purchase, card: &TicketCard| {
            let terms = card.terms_in(games.get(&p.ticket.game_id));
            Exposure::of(&p.ticket.bet, p.ticket.stake_per_line, terms, MAX_NUMBER)
        };
        // Each ticket's card once: its stored bytes, and (for a game with limits) the risk it adds, before the lock.
        let (prepared, mut exposures): (Vec<Keyed>, Vec<Option<Exposure>>) = purchases
            .iter()
            .map(|p| {
                let card = TicketCard::of(&p.ticket);
                let exposure = limited(p).then(|| exposure_of(p, &card));
                ((idem_key(p.ticket.user_id, &p.ticket.idempotency_key), encode_card(&card)), exposure)
            })
            .unzip();
        let mut desk = self.risk.lock();
        for (purchase, exposure) in purchases.iter().zip(exposures.iter_mut()) {
            let draw = purchase.ticket.draw_id;
            if exposure.is_some() {
                // Warmed at start-up or when the limits were set; loaded here only if not.
                self.load_risk(&mut desk, draw, games.get(&purchase.ticket.game_id))?;
            } else if desk.holds(draw) {
                // No limits, but the risk desk follows this draw: keep its liability whole.
                *exposure = Some(exposure_of(purchase, &TicketCard::of(&purchase.ticket)));
            } else {
                self.risk.read_closed(&mut desk, draw)?;
            }
        }
        // What this transaction admitted: a rerun of its closure (sled may run it twice) starts by taking them back.
        let taken: RefCell<Vec<(DrawId, Admitted)>> = RefCell::default();
        let desk = RefCell::new(&mut *desk);
        let _gate = super::backup::writing();
        let answers = (&self.balances, &self.ledger, &self.tickets, &self.idempotency, &self.draws).transaction(
            |(balances, ledger, tickets, idempotency, draws)| {
                let mut desk = desk.borrow_mut();
                give_back(&mut desk, &mut taken.borrow_mut());
                let trees = BuyTrees { balances, ledger, tickets, idempotency, draws };
                let mut answers = Vec::with_capacity(purchases.len());
                for ((purchase, (idem, card)), exposure) in purchases.iter().zip(&prepared).zip(&exposures) {
                    let game = games.get(&purchase.ticket.game_id);
                    let mut risk = || admit(&mut desk, &mut taken.borrow_mut(), purchase, exposure.as_ref(), game);
                    answers.push(trees.buy(purchase, idem, card, &mut risk)?);
                }
                Ok(answers)
            },
        );
        let answers = match answers {
            Ok(answers) => answers,
            Err(e) => {
                give_back(&mut desk.borrow_mut(), &mut taken.borrow_mut());
                return Err(e.into());
            }
        };
        // For the risk desk's live push: one set entry per draw, under the lock already held.
        let mut desk = desk.borrow_mut();
        for (draw, _) in taken.borrow().iter() {
            desk.mark_changed(*draw);
        }
        Ok(answers)
    }

    /// The games of `purchases`' tickets, by id.
    fn games_of(&self, purchases: &[Purchase]) -> StoreResult<HashMap<GameId, Game>> {
        let mut games = HashMap::new();
        for purchase in purchases {
            let id = purchase.ticket.game_id;
            if let std::collections::hash_map::Entry::Vacant(slot) = games.entry(id) {
                if let Some(game) = crate::seam::Games::game(&self.games, id)? {
                    slot.insert(game);
                }
            }
        }
        Ok(games)
    }

    /// Puts a draw's risk in memory if it is not: its tickets' exposures and its closed numbers.
    fn load_risk(&self, desk: &mut Desk, draw: DrawId, game: Option<&Game>) -> StoreResult<()> {
        if desk.holds(draw) {
            return Ok(());
        }
        let mut risk = DrawRisk::new(Liability::new(MAX_NUMBER));
        for card in self.pending_cards_of_draw(draw, &HashSet::new(), 1)? {
            risk.add_sold(&Exposure::of(&card.bet, card.stake_per_line, card.terms_in(game), MAX_NUMBER));
        }
        risk.closed = self.risk.closed(draw)?;
        desk.keep(draw, risk);
        Ok(())
    }

    /// Puts a draw's liability in memory ahead of its sales (at start-up, or when its game's limits are set) and
    /// learns its exact worst case, searched for outside the risk lock: so no buyer's purchase waits for either.
    pub fn warm_risk(&self, draw: DrawId, game: Option<&Game>) -> StoreResult<()> {
        {
            let mut desk = self.risk.lock();
            self.load_risk(&mut desk, draw, game)?;
        }
        self.risk_report(draw, game).map(|_| ())
    }

    /// What the risk desk shows of a draw. When its exact worst case is not known, it is searched for on a copy of
    /// the liability outside the risk lock, so sales go on meanwhile, and learnt if no sale came in between
    /// (docs/decisions/053-incremental-reserve-check.md).
    pub fn risk_report(&self, draw: DrawId, game: Option<&Game>) -> StoreResult<RiskReport> {
        let limits = game.map(|g| g.risk_limits).unwrap_or_default();
        // The exact worst case is brought forward from the last one known over the lines sold since, or searched
        // for over the whole draw if none is known: on a copy, outside the lock, one search per draw at a time
        // (decision 053); while one runs, the answer is the running bound the sales are checked against.
        let (copy, closed, started, bound) = {
            let mut desk = self.risk.lock();
            self.load_risk(&mut desk, draw, game)?;
            let risk = desk
                .get_mut(draw)
                .ok_or_else(|| StoreError::Corrupt { tree: "risk", detail: "a draw just loaded".into() })?;
            if let Some(worst) = risk.known_worst_case() {
                return Ok(RiskReport::with_worst(&risk.liability, &risk.closed, worst, &limits));
            }
            let balls = risk.last_worst_balls();
            let bound = WorstCase { payout: risk.bound(), balls };
            (risk.liability.clone(), risk.closed.clone(), risk.begin_search(), bound)
        };
        let Some((plan, mark)) = started else {
            return Ok(RiskReport::while_searching(&copy, &closed, bound, &limits));
        };
        let worst = plan.run(&copy);
        if let Some(risk) = self.risk.lock().get_mut(draw) {
            risk.finish_search(mark, worst);
        }
        Ok(RiskReport::with_worst(&copy, &closed, worst, &limits))
    }

    /// A draw's headline figures if its liability is in memory, without a search or a load (`RiskGlance`).
    pub fn risk_glance(&self, draw: DrawId, game: Option<&Game>) -> Option<RiskGlance> {
        let limits = game.map(|g| g.risk_limits).unwrap_or_default();
        self.risk.lock().get_mut(draw).map(|risk| RiskGlance::of(risk, &limits))
    }

    /// A draw's risk as it stands, loaded if need be, for `f` to read.
    pub fn with_risk<T>(
        &self,
        draw: DrawId,
        game: Option<&Game>,
        f: impl FnOnce(&mut DrawRisk) -> T,
    ) -> StoreResult<T> {
        let mut desk = self.risk.lock();
        self.load_risk(&mut desk, draw, game)?;
        let risk = desk
            .get_mut(draw)
            .ok_or_else(|| StoreError::Corrupt { tree: "risk", detail: "a draw just loaded".into() })?;
        Ok(f(risk))
    }

    /// Settles one player's pending tickets of a draw, all together and once: credits every win with its own ledger
    /// entry and debits its withholding tax, if any, with another right after it (`entry_ids`: as many as the
    /// outcomes' [`Outcome::entry_count`], in order) and writes the player's
    /// [`PlayerSettlement`], in one transaction. If that record already exists (a rerun after a crash), nothing is
    /// written and the answer is `replayed`: so no ticket is ever paid twice.
    ///
    /// `outcomes` must hold every ticket of this player in this draw still pending (the DrawActor reads them all
    /// from the draw's index before calling): a pending ticket left out would read as lost.
    pub fn settle(
        &self,
        user: UserId,
        draw: DrawId,
        outcomes: &[Outcome],
        entry_ids: &[u64],
        now: DateTime<Utc>,
    ) -> StoreResult<Moved<Vec<Outcome>>> {
        let key = settled_key(draw, user);
        let record = encode(&PlayerSettlement::of(outcomes, now))?;
        let _gate = super::backup::writing();
        let result = (&self.balances, &self.ledger, &self.tickets).transaction(|(balances, ledger, tickets)| {
            let mut balance = read_balance(balances, user)?;
            if tickets.get(&key)?.is_some() {
                return Ok(Moved { value: vec![], entries: vec![], balance, replayed: true });
            }
            let mut entries = Vec::new();
            let mut ids = entry_ids.iter();
            for outcome in outcomes.iter().filter(|o| o.entry_count() > 0) {
                for (kind, amount) in outcome.ledger_lines().into_iter().filter(|(_, amount)| *amount != 0) {
                    let Some(entry_id) = ids.next() else {
                        return Err(abort(StoreError::Corrupt { tree: "ledger", detail: "too few entry ids".into() }));
                    };
                    balance = balance.checked_add(Kobo(amount)).ok_or_else(|| {
                        abort(StoreError::Corrupt { tree: "wallets", detail: "balance overflow".into() })
                    })?;
                    let entry = settlement_entry((user, draw), outcome, (kind, amount), *entry_id, balance, now);
                    put_entry(ledger, &entry)?;
                    entries.push(entry);
                }
            }
            tickets.insert(key.as_slice(), record.as_slice())?;
            if !entries.is_empty() {
                balances.insert(&id_key(user), &balance.as_i64().to_be_bytes())?;
            }
            Ok(Moved { value: outcomes.to_vec(), entries, balance, replayed: false })
        })?;
        Ok(result)
    }

    /// The players of a draw whose tickets are already settled (their [`PlayerSettlement`] is written).
    pub fn settled_players(&self, draw: DrawId) -> StoreResult<HashSet<UserId>> {
        self.tickets.scan_prefix(tagged(SETTLED, &[draw])).keys().map(|k| Ok(last_id(&k?).unwrap_or(0))).collect()
    }

    /// The settlement of one player's tickets of a draw, if done.
    pub fn settlement(&self, draw: DrawId, user: UserId) -> StoreResult<Option<PlayerSettlement>> {
        self.tickets.get(settled_key(draw, user))?.map(|b| decode(&b)).transpose()
    }

    /// The cards of a draw's pending tickets, in id order, except those of players in `skip`. The index is read
    /// in `threads` id ranges side by side. Index entries written before cards existed fall back to the ticket
    /// itself (and skip it if it is no longer pending).
    pub fn pending_cards_of_draw(
        &self,
        draw: DrawId,
        skip: &HashSet<UserId>,
        threads: usize,
    ) -> StoreResult<Vec<TicketCard>> {
        let prefix = tagged(TICKET_BY_DRAW, &[draw]);
        let first = self.tickets.scan_prefix(&prefix).keys().next().transpose()?.and_then(|k| last_id(&k));
        let last = self.tickets.scan_prefix(&prefix).keys().next_back().transpose()?.and_then(|k| last_id(&k));
        let (Some(first), Some(last)) = (first, last) else { return Ok(vec![]) };
        let parts = u64::try_from(threads.max(1)).unwrap_or(1);
        let width = (last - first) / parts + 1;
        let ranges: Vec<(u64, u64)> = (0..parts)
            .map(|p| {
                (first.saturating_add(p.saturating_mul(width)), first.saturating_add((p + 1).saturating_mul(width)))
            })
            .filter(|(from, _)| *from <= last)
            .collect();
        let read = |(from, to): (u64, u64)| -> StoreResult<Vec<TicketCard>> {
            let mut out = Vec::new();
            let range = tagged(TICKET_BY_DRAW, &[draw, from])..tagged(TICKET_BY_DRAW, &[draw, to]);
            for item in self.tickets.range(range) {
                let (key, value) = item?;
                let Some(id) = last_id(&key) else { continue };
                let card = match decode_card(id, &value)? {
                    Some(card) => card,
                    None => match self.ticket(id)? {
                        Some(ticket) if ticket.status == TicketStatus::Pending => TicketCard::of(&ticket),
                        _ => continue,
                    },
                };
                if !skip.contains(&card.user_id) {
                    out.push(card);
                }
            }
            Ok(out)
        };
        let parts: Vec<StoreResult<Vec<TicketCard>>> = if ranges.len() <= 1 {
            ranges.into_iter().map(read).collect()
        } else {
            std::thread::scope(|scope| {
                let handles: Vec<_> = ranges.into_iter().map(|r| scope.spawn(move || read(r))).collect();
                handles
                    .into_iter()
                    .map(|h| {
                        h.join().unwrap_or_else(|_| {
                            Err(StoreError::Corrupt { tree: "tickets", detail: "a reader thread panicked".into() })
                        })
                    })
                    .collect()
            })
        };
        let mut cards = Vec::new();
        for part in parts {
            cards.extend(part?);
        }
        Ok(cards)
    }

    /// Refunds one player's pending tickets of a cancelled draw in full, once.
    pub fn refund(
        &self,
        user: UserId,
        tickets_to_refund: &[TicketId],
        entry_ids: &[u64],
        now: DateTime<Utc>,
    ) -> StoreResult<Moved<Vec<Ticket>>> {
        let _gate = super::backup::writing();
        let result = (&self.balances, &self.ledger, &self.tickets).transaction(|(balances, ledger, tickets)| {
            let mut balance = read_balance(balances, user)?;
            let mut refunded = Vec::new();
            let mut entries = Vec::new();
            for (id, entry_id) in tickets_to_refund.iter().zip(entry_ids) {
                let Some(mut ticket) = read_ticket(tickets, *id)? else { continue };
                if ticket.status != TicketStatus::Pending || ticket.user_id != user {
                    continue;
                }
                ticket.status = TicketStatus::Refunded;
                ticket.settled_at = Some(now);
                balance = balance
                    .checked_add(ticket.total_stake)
                    .ok_or_else(|| abort(StoreError::Corrupt { tree: "wallets", detail: "balance overflow".into() }))?;
                let entry = refund_entry(&ticket, *entry_id, balance, now);
                put_entry(ledger, &entry)?;
                money_tally::stake_refunded(ledger, ticket.created_at, ticket.total_stake.as_i64())?;
                put_ticket(tickets, &ticket)?;
                entries.push(entry);
                refunded.push(ticket);
            }
            balances.insert(&id_key(user), &balance.as_i64().to_be_bytes())?;
            Ok(Moved { value: refunded, entries, balance, replayed: false })
        })?;
        Ok(result)
    }

    /// Adds a signed amount with its entry (deposits, adjustments); refuses to go below zero.
    pub fn apply(&self, entry: LedgerEntry) -> StoreResult<Option<Moved<LedgerEntry>>> {
        self.apply_once(entry, None)
    }

    /// `apply`, at most once per `key` (an admin's idempotency key): a repeat answers the first entry, `replayed`,
    /// and moves nothing.
    pub fn apply_once(&self, entry: LedgerEntry, key: Option<&str>) -> StoreResult<Option<Moved<LedgerEntry>>> {
        let once = key.map(|key| once_key(entry.user_id, key));
        let _gate = super::backup::writing();
        let result =
            (&self.balances, &self.ledger, &self.idempotency).transaction(|(balances, ledger, idempotency)| {
                apply_in(balances, ledger, idempotency, &entry, once.as_deref())
            })?;
        Ok(result)
    }

    /// Every keyed move (`apply_once` with a key): player, key and the entry it wrote; for `ayo migrate`.
    pub fn keyed_moves(&self) -> impl Iterator<Item = StoreResult<(UserId, String, u64)>> + '_ {
        self.idempotency.scan_prefix([b'a']).map(|item| {
            let (key, value) = item?;
            let corrupt = || StoreError::Corrupt { tree: "idempotency", detail: "keyed move".into() };
            let user = key.get(1..9).and_then(|b| b.try_into().ok()).map(u64::from_be_bytes).ok_or_else(corrupt)?;
            let name = String::from_utf8(key.get(9..).unwrap_or_default().to_vec()).map_err(|_| corrupt())?;
            Ok((user, name, last_id(&value).ok_or_else(corrupt)?))
        })
    }

    /// Every player's settlement of every draw (draw, player, record); for `ayo migrate`.
    pub fn settlements(&self) -> impl Iterator<Item = StoreResult<(DrawId, UserId, PlayerSettlement)>> + '_ {
        self.tickets.scan_prefix([SETTLED]).map(|item| {
            let (key, value) = item?;
            let id = |at: usize| key.get(at..at + 8).and_then(|b| b.try_into().ok()).map(u64::from_be_bytes);
            let (Some(draw), Some(user)) = (id(1), id(9)) else {
                return Err(StoreError::Corrupt { tree: "tickets", detail: "settlement key".into() });
            };
            Ok((draw, user, decode(&value)?))
        })
    }

    /// Rewrites a ticket's stored record as given, leaving its draw's index entry (card) alone: for repair tools,
    /// and for tests proving that a record and a card that disagree halt settlement instead of paying.
    pub fn overwrite_ticket_record(&self, ticket: &Ticket) -> StoreResult<()> {
        self.tickets.insert(tagged(TICKET, &[ticket.id]), encode(ticket)?)?;
        Ok(())
    }

    /// Rewrites a ticket everywhere it is kept (its record and its draw's index entry) as given, as someone with
    /// write access to the database could: for tests proving that settlement then halts, because the ticket's leaf no
    /// longer is the one under its draw's published root (docs/fairness.md, "Settling exactly what was committed").
    pub fn overwrite_ticket(&self, ticket: &Ticket) -> StoreResult<()> {
        self.tickets.insert(tagged(TICKET, &[ticket.id]), encode(ticket)?)?;
        self.tickets
            .insert(tagged(TICKET_BY_DRAW, &[ticket.draw_id, ticket.id]), encode_card(&TicketCard::of(ticket)))?;
        Ok(())
    }

    /// A ticket as it stands (its player's settlement of its draw applied).
    pub fn ticket(&self, id: TicketId) -> StoreResult<Option<Ticket>> {
        let Some(ticket) = self.stored_ticket(id)? else { return Ok(None) };
        let mut settlements = Settlements::default();
        Ok(Some(settlements.apply(self, ticket)?))
    }

    /// A ticket's record as written at purchase (or by a refund), with no settlement applied.
    fn stored_ticket(&self, id: TicketId) -> StoreResult<Option<Ticket>> {
        self.tickets.get(tagged(TICKET, &[id]))?.map(|b| decode(&b)).transpose()
    }

    /// The ids of a draw's tickets in id order: what `tickets_hash` covers.
    pub fn ticket_ids_of_draw(&self, draw: DrawId) -> StoreResult<Vec<TicketId>> {
        self.tickets
            .scan_prefix(tagged(TICKET_BY_DRAW, &[draw]))
            .keys()
            .map(|k| Ok(last_id(&k?).unwrap_or(0)))
            .collect()
    }

    pub fn tickets_of_draw(&self, draw: DrawId) -> StoreResult<Vec<Ticket>> {
        let mut out = Vec::new();
        let mut settlements = Settlements::default();
        for id in self.ticket_ids_of_draw(draw)? {
            if let Some(ticket) = self.stored_ticket(id)? {
                out.push(settlements.apply(self, ticket)?);
            }
        }
        Ok(out)
    }

    /// A player's tickets, newest first.
    pub fn tickets_of_user(&self, user: UserId) -> StoreResult<Vec<Ticket>> {
        let mut out = Vec::new();
        let mut settlements = Settlements::default();
        for key in self.tickets.scan_prefix(tagged(TICKET_BY_USER, &[user])).keys().rev() {
            if let Some(t) = last_id(&key?).map(|id| self.stored_ticket(id)).transpose()?.flatten() {
                out.push(settlements.apply(self, t)?);
            }
        }
        Ok(out)
    }

    /// Tickets as they stand, in the order of `ids`.
    fn tickets_by_id(&self, ids: Vec<TicketId>) -> StoreResult<Vec<Ticket>> {
        let mut settlements = Settlements::default();
        let mut out = Vec::with_capacity(ids.len());
        for ticket in listing::records(ids, |id| self.stored_ticket(id))? {
            out.push(settlements.apply(self, ticket)?);
        }
        Ok(out)
    }

    /// A page of a player's tickets, in id (purchase) order.
    pub fn tickets_of_user_page(&self, user: UserId, slice: Slice) -> StoreResult<Page<Ticket>> {
        let prefix = tagged(TICKET_BY_USER, &[user]);
        let ids = listing::ids(self.tickets.scan_prefix(&prefix).keys(), slice)?;
        Ok(Page { rows: self.tickets_by_id(ids)?, total: listing::count(self.tickets.scan_prefix(&prefix).keys())? })
    }

    /// A page of a game's tickets, every player's, in id (purchase) order.
    pub fn tickets_of_game_page(&self, game: GameId, slice: Slice) -> StoreResult<Page<Ticket>> {
        let ids = listing::ids(self.tickets.scan_prefix(tagged(TICKET_BY_GAME, &[game])).keys(), slice)?;
        let [total] = tally::read(&self.tickets, &tally::key(TICKET_BY_GAME, &[game]))?;
        Ok(Page { rows: self.tickets_by_id(ids)?, total: tally::count(total) })
    }

    /// A game's tickets, newest first, read one at a time (for searches over them).
    pub fn tickets_of_game_newest_first(&self, game: GameId) -> impl Iterator<Item = StoreResult<Ticket>> + '_ {
        let keys = self.tickets.scan_prefix(tagged(TICKET_BY_GAME, &[game])).keys().rev();
        // No settlement cache: a search may walk millions of tickets.
        listing::stream(keys, |id| self.stored_ticket(id)).map(|t| Settlements::default().apply(self, t?))
    }

    fn entry(&self, id: u64) -> StoreResult<Option<LedgerEntry>> {
        self.ledger.get(tagged(ENTRY, &[id]))?.map(|b| decode(&b)).transpose()
    }

    /// A page of the whole ledger, in id order.
    pub fn entries_page(&self, slice: Slice) -> StoreResult<Page<LedgerEntry>> {
        let ids = listing::ids(self.ledger.scan_prefix([ENTRY]).keys(), slice)?;
        Ok(Page { rows: listing::records(ids, |id| self.entry(id))?, total: money_tally::entry_count(&self.ledger)? })
    }

    /// A page of a player's ledger, in id order.
    pub fn entries_of_user_page(&self, user: UserId, slice: Slice) -> StoreResult<Page<LedgerEntry>> {
        let prefix = tagged(ENTRY_BY_USER, &[user]);
        let ids = listing::ids(self.ledger.scan_prefix(&prefix).keys(), slice)?;
        Ok(Page {
            rows: listing::records(ids, |id| self.entry(id))?,
            total: listing::count(self.ledger.scan_prefix(&prefix).keys())?,
        })
    }

    /// The whole ledger, newest first, read one entry at a time (for filters and searches over it).
    pub fn entries_newest_first(&self) -> impl Iterator<Item = StoreResult<LedgerEntry>> {
        self.ledger.scan_prefix([ENTRY]).values().rev().map(|v| decode(&v?))
    }

    /// Each Lagos day's deposits, stakes and wins from `first` to `last`, oldest first.
    pub fn money_by_day(&self, first: NaiveDate, last: NaiveDate) -> StoreResult<Vec<(NaiveDate, MoneyDay)>> {
        money_tally::days(&self.ledger, first, last)
    }

    /// Deposits, stakes and wins since the ledger began.
    pub fn money_all_time(&self) -> StoreResult<MoneyDay> {
        money_tally::all_time(&self.ledger)
    }

    /// Withdrawals still pending: how many and their amount in kobo.
    pub fn pending_withdrawals(&self) -> StoreResult<(u64, i64)> {
        money_tally::pending_withdrawals(&self.ledger)
    }

    /// Rebuilds the ledger's tallies and the tickets' game index from the records (a store from before them).
    pub(super) fn rebuild_tallies(&self) -> StoreResult<()> {
        money_tally::rebuild(&self.ledger, self.ledger.scan_prefix([ENTRY]).values().map(|v| decode(&v?)))?;
        let mut per_game = HashMap::<GameId, i64>::new();
        for value in self.tickets.scan_prefix([TICKET]).values() {
            let ticket: Ticket = decode(&value?)?;
            self.tickets.insert(tagged(TICKET_BY_GAME, &[ticket.game_id, ticket.id]), &[])?;
            *per_game.entry(ticket.game_id).or_default() += 1;
        }
        for (game, count) in per_game {
            tally::put(&self.tickets, &tally::key(TICKET_BY_GAME, &[game]), [count])?;
        }
        Ok(())
    }

    /// What a player's successful entries since `since` add up to (a reality check, docs/decisions/025). Walks the
    /// player's index newest first and stops at the first entry older than `since` by more than
    /// [`ENTRY_ORDER_SLACK_SECS`] (ids are handed out a moment before an entry is timed, so near the boundary id
    /// order and time order may differ by a little): the cost is the session's entries, not the player's history.
    pub fn session_money(&self, user: UserId, since: DateTime<Utc>) -> StoreResult<SessionMoney> {
        let mut money = SessionMoney::default();
        for entry in back_to(since, self.entries_of_user_newest_first(user)) {
            money.add(&entry?, since);
        }
        Ok(money)
    }

    /// A player's ledger, newest first.
    pub fn entries_of_user(&self, user: UserId) -> StoreResult<Vec<LedgerEntry>> {
        self.entries_of_user_newest_first(user).collect()
    }

    /// A player's ledger, newest first, read one entry at a time (cut it short with [`back_to`]).
    pub fn entries_of_user_newest_first(&self, user: UserId) -> impl Iterator<Item = StoreResult<LedgerEntry>> + '_ {
        self.ledger.scan_prefix(tagged(ENTRY_BY_USER, &[user])).keys().rev().filter_map(move |key| {
            let id = last_id(&match key {
                Ok(key) => key,
                Err(e) => return Some(Err(e.into())),
            })?;
            self.entry(id).transpose()
        })
    }
}

/// The embedded store's books: the wallet store's own reads.
impl crate::seam::Books for WalletStore {
    fn balance(&self, user: UserId) -> StoreResult<i64> {
        WalletStore::balance(self, user)
    }

    fn ticket(&self, id: TicketId) -> StoreResult<Option<Ticket>> {
        WalletStore::ticket(self, id)
    }

    fn ticket_ids_of_draw(&self, draw: DrawId) -> StoreResult<Vec<TicketId>> {
        WalletStore::ticket_ids_of_draw(self, draw)
    }

    fn tickets_of_draw(&self, draw: DrawId) -> StoreResult<Vec<Ticket>> {
        WalletStore::tickets_of_draw(self, draw)
    }

    fn pending_cards_of_draw(
        &self,
        draw: DrawId,
        skip: &HashSet<UserId>,
        threads: usize,
    ) -> StoreResult<Vec<TicketCard>> {
        WalletStore::pending_cards_of_draw(self, draw, skip, threads)
    }

    fn settled_players(&self, draw: DrawId) -> StoreResult<HashSet<UserId>> {
        WalletStore::settled_players(self, draw)
    }

    fn settlement(&self, draw: DrawId, user: UserId) -> StoreResult<Option<PlayerSettlement>> {
        WalletStore::settlement(self, draw, user)
    }

    fn tickets_of_user(&self, user: UserId) -> StoreResult<Vec<Ticket>> {
        WalletStore::tickets_of_user(self, user)
    }

    fn tickets_of_user_page(&self, user: UserId, slice: Slice) -> StoreResult<Page<Ticket>> {
        WalletStore::tickets_of_user_page(self, user, slice)
    }

    fn tickets_of_game_page(&self, game: GameId, slice: Slice) -> StoreResult<Page<Ticket>> {
        WalletStore::tickets_of_game_page(self, game, slice)
    }

    fn tickets_of_game_newest_first(&self, game: GameId) -> Box<dyn Iterator<Item = StoreResult<Ticket>> + '_> {
        Box::new(WalletStore::tickets_of_game_newest_first(self, game))
    }

    fn entries_page(&self, slice: Slice) -> StoreResult<Page<LedgerEntry>> {
        WalletStore::entries_page(self, slice)
    }

    fn entries_of_user_page(&self, user: UserId, slice: Slice) -> StoreResult<Page<LedgerEntry>> {
        WalletStore::entries_of_user_page(self, user, slice)
    }

    fn entries_newest_first(&self) -> Box<dyn Iterator<Item = StoreResult<LedgerEntry>> + '_> {
        Box::new(WalletStore::entries_newest_first(self))
    }

    fn entries_of_user_newest_first(&self, user: UserId) -> Box<dyn Iterator<Item = StoreResult<LedgerEntry>> + '_> {
        Box::new(WalletStore::entries_of_user_newest_first(self, user))
    }

    fn session_money(&self, user: UserId, since: DateTime<Utc>) -> StoreResult<SessionMoney> {
        WalletStore::session_money(self, user, since)
    }

    fn money_by_day(&self, first: NaiveDate, last: NaiveDate) -> StoreResult<Vec<(NaiveDate, MoneyDay)>> {
        WalletStore::money_by_day(self, first, last)
    }

    fn money_all_time(&self) -> StoreResult<MoneyDay> {
        WalletStore::money_all_time(self)
    }

    fn pending_withdrawals(&self) -> StoreResult<(u64, i64)> {
        WalletStore::pending_withdrawals(self)
    }
}

/// Settlement records read so far, by (draw, player): a list of tickets reads each record once.
#[derive(Default)]
pub(super) struct Settlements(HashMap<(DrawId, UserId), Option<PlayerSettlement>>);

impl Settlements {
    /// The ticket as it stands: a pending one gets its player's settlement of its draw, if written.
    pub(super) fn apply(&mut self, store: &WalletStore, mut ticket: Ticket) -> StoreResult<Ticket> {
        if ticket.status != TicketStatus::Pending {
            return Ok(ticket);
        }
        let key = (ticket.draw_id, ticket.user_id);
        let settlement = match self.0.get(&key) {
            Some(known) => known,
            None => {
                let read = store.settlement(key.0, key.1)?;
                self.0.entry(key).or_insert(read)
            }
        };
        if let Some(settlement) = settlement {
            settlement.apply(&mut ticket);
        }
        Ok(ticket)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lotto::Bet;

    fn ticket(id: TicketId, user: UserId, draw: DrawId, status: TicketStatus) -> Ticket {
        Ticket {
            id,
            user_id: user,
            draw_id: draw,
            game_id: 1,
            bet: Bet::Nap { numbers: vec![7] },
            stake_per_line: Kobo(5_000),
            lines: 1,
            total_stake: Kobo(5_000),
            max_win: Kobo(200_000),
            status,
            lines_won: 0,
            winnings: Kobo::ZERO,
            tax: Kobo::ZERO,
            idempotency_key: format!("k{id}"),
            created_at: Utc::now(),
            settled_at: None,
            terms: None,
        }
    }

    #[test]
    fn index_entries_written_before_cards_fall_back_to_the_ticket_and_skip_it_once_settled() {
        let db = sled::Config::new().temporary(true).open().unwrap();
        let wallets = WalletStore::open(&db, &GameStore::open(&db, None).unwrap()).unwrap();
        // As the previous version wrote them: the ticket, and an index entry with no value.
        let pending = ticket(10, 1, 5, TicketStatus::Pending);
        let settled = ticket(11, 2, 5, TicketStatus::Lost);
        for t in [&pending, &settled] {
            wallets.tickets.insert(tagged(TICKET, &[t.id]), encode(t).unwrap()).unwrap();
            wallets.tickets.insert(tagged(TICKET_BY_DRAW, &[5, t.id]), &[]).unwrap();
        }
        let cards = wallets.pending_cards_of_draw(5, &HashSet::new(), 2).unwrap();
        assert_eq!(cards, vec![TicketCard::of(&pending)]);
    }
}
