//! Games and their draws. A draw is written by its DrawActor only; listing indexes keep a game's draws in time order.

use chrono::{DateTime, Utc};

use super::codec::{decode, encode, id_key};
use super::keys::{last_id, tagged};
use super::listing::{self, Page, Slice};
use super::seal::SeedSealer;
use super::tally;
use crate::draw::{Draw, DrawId, DrawStatus};
use crate::error::{StoreError, StoreResult};
use crate::game::{Game, GameId};
use crate::lotto::merkle::Hash;
use crate::lotto::Balls;
use crate::ticket::TicketId;

const DRAW: u8 = b'd';
const BY_GAME: u8 = b'g';
const UNFINISHED: u8 = b'u';
/// Every draw by draw time: `t` time id.
const BY_TIME: u8 = b't';
/// Tallies (see `tally`): draws in all, and per game.
const COUNT_ALL: u8 = b'n';
const COUNT_OF_GAME: u8 = b'g';
/// A closed draw's Merkle leaves: per ticket in id order, its id (8 bytes, big-endian) then its leaf hash (32).
const LEAVES: u8 = b'l';
const LEAF_ENTRY: usize = 8 + 32;

#[derive(Clone)]
pub struct GameStore {
    db: sled::Db,
    games: sled::Tree,
    pub(super) draws: sled::Tree,
    /// Seals seeds on write and opens them on read; without it seeds are written plain (tools and tests on their
    /// own stores), and a sealed seed cannot be read.
    sealer: Option<SeedSealer>,
}

impl GameStore {
    pub(super) fn open(db: &sled::Db, sealer: Option<SeedSealer>) -> StoreResult<Self> {
        Ok(Self { db: db.clone(), games: db.open_tree("games")?, draws: db.open_tree("draws")?, sealer })
    }

    fn encode_draw(&self, draw: &Draw) -> StoreResult<Vec<u8>> {
        let Some(sealer) = &self.sealer else { return encode(draw) };
        let mut value = serde_json::to_value(draw)?;
        value["seed"] = serde_json::Value::String(sealer.seal(&draw.seed));
        Ok(serde_json::to_vec(&value)?)
    }

    fn decode_draw(&self, bytes: &[u8]) -> StoreResult<Draw> {
        let mut value: serde_json::Value = serde_json::from_slice(bytes)?;
        if let Some(sealed) = value["seed"].as_str().filter(|s| SeedSealer::is_sealed(s)) {
            let sealer = self.sealer.as_ref().ok_or_else(|| StoreError::Corrupt {
                tree: "draws",
                detail: "a sealed seed, and no seal key (secrets/seed.key or AYO_SEED_KEY)".into(),
            })?;
            value["seed"] = serde_json::Value::String(sealer.open(sealed)?.to_hex());
        }
        Ok(serde_json::from_value(value)?)
    }

    pub fn next_id(&self) -> StoreResult<u64> {
        Ok(self.db.generate_id()? + 1)
    }

    pub fn put_game(&self, game: &Game) -> StoreResult<()> {
        self.games.insert(id_key(game.id), encode(game)?)?;
        Ok(())
    }

    pub fn game(&self, id: GameId) -> StoreResult<Option<Game>> {
        self.games.get(id_key(id))?.map(|b| decode(&b)).transpose()
    }

    pub fn games(&self) -> StoreResult<Vec<Game>> {
        self.games.iter().values().map(|v| decode(&v?)).collect()
    }

    /// Saves a draw and keeps the listing indexes true (the unfinished set lists draws to resume at start-up).
    ///
    /// A transaction, not a batch: a purchase reads the draw inside its own transaction, so a close and a purchase
    /// are serialised and a ticket is either in the closed draw's list or refused.
    pub fn put_draw(&self, draw: &Draw) -> StoreResult<()> {
        let bytes = self.encode_draw(draw)?;
        let when = u64::try_from(draw.draws_at.timestamp()).unwrap_or(0);
        let _gate = super::backup::writing();
        self.draws.transaction(|tx| {
            if tx.insert(tagged(DRAW, &[draw.id]), bytes.as_slice())?.is_none() {
                tally::add(tx, &tally::key(COUNT_ALL, &[]), [1])?;
                tally::add(tx, &tally::key(COUNT_OF_GAME, &[draw.game_id]), [1])?;
            }
            tx.insert(tagged(BY_GAME, &[draw.game_id, when, draw.id]), &[])?;
            tx.insert(tagged(BY_TIME, &[when, draw.id]), &[])?;
            if draw.is_finished() {
                tx.remove(tagged(UNFINISHED, &[draw.id]))?;
            } else {
                tx.insert(tagged(UNFINISHED, &[draw.id]), &[])?;
            }
            Ok::<_, sled::transaction::ConflictableTransactionError<crate::error::StoreError>>(())
        })?;
        Ok(())
    }

    pub(super) fn draw_key(id: DrawId) -> Vec<u8> {
        tagged(DRAW, &[id])
    }

    pub fn draw(&self, id: DrawId) -> StoreResult<Option<Draw>> {
        self.draws.get(tagged(DRAW, &[id]))?.map(|b| self.decode_draw(&b)).transpose()
    }

    /// Every draw not yet settled or cancelled.
    pub fn unfinished_draws(&self) -> StoreResult<Vec<Draw>> {
        let mut out = Vec::new();
        for key in self.draws.scan_prefix([UNFINISHED]).keys() {
            if let Some(draw) = last_id(&key?).map(|id| self.draw(id)).transpose()?.flatten() {
                out.push(draw);
            }
        }
        Ok(out)
    }

    /// A game's draws, newest first, up to `limit`, optionally only those due at or before `until`.
    pub fn draws_of_game(&self, game: GameId, limit: usize) -> StoreResult<Vec<Draw>> {
        let mut out = Vec::new();
        for key in self.draws.scan_prefix(tagged(BY_GAME, &[game])).keys().rev() {
            if out.len() >= limit {
                break;
            }
            if let Some(draw) = last_id(&key?).map(|id| self.draw(id)).transpose()?.flatten() {
                out.push(draw);
            }
        }
        Ok(out)
    }

    /// A page of the draws, of one game or all, by draw time.
    pub fn draws_page(&self, game: Option<GameId>, slice: Slice) -> StoreResult<Page<Draw>> {
        let (prefix, count) = match game {
            Some(game) => (tagged(BY_GAME, &[game]), tally::key(COUNT_OF_GAME, &[game])),
            None => (vec![BY_TIME], tally::key(COUNT_ALL, &[])),
        };
        let ids = listing::ids(self.draws.scan_prefix(prefix).keys(), slice)?;
        let [total] = tally::read(&self.draws, &count)?;
        Ok(Page { rows: listing::records(ids, |id| self.draw(id))?, total: tally::count(total) })
    }

    /// The draws, of one game or all, latest draw time first, read one at a time (for filters and searches).
    pub fn draws_latest_first(&self, game: Option<GameId>) -> impl Iterator<Item = StoreResult<Draw>> + '_ {
        let prefix = game.map_or_else(|| vec![BY_TIME], |game| tagged(BY_GAME, &[game]));
        listing::stream(self.draws.scan_prefix(prefix).keys().rev(), |id| self.draw(id))
    }

    /// Rebuilds the draw-time index and the draw tallies from the draws (a store from before them).
    pub(super) fn rebuild_tallies(&self) -> StoreResult<()> {
        let mut per_game = std::collections::HashMap::<GameId, i64>::new();
        let mut all = 0;
        for (id, game, when) in self.draw_times()? {
            self.draws.insert(tagged(BY_TIME, &[when, id]), &[])?;
            *per_game.entry(game).or_default() += 1;
            all += 1;
        }
        for (game, count) in per_game {
            tally::put(&self.draws, &tally::key(COUNT_OF_GAME, &[game]), [count])?;
        }
        tally::put(&self.draws, &tally::key(COUNT_ALL, &[]), [all])
    }

    /// Every draw's id, game and draw time (seconds), read without opening its seed.
    fn draw_times(&self) -> StoreResult<Vec<(DrawId, GameId, u64)>> {
        #[derive(serde::Deserialize)]
        struct Times {
            id: DrawId,
            game_id: GameId,
            draws_at: DateTime<Utc>,
        }
        self.draws
            .scan_prefix([DRAW])
            .values()
            .map(|v| {
                let t: Times = serde_json::from_slice(&v?)?;
                Ok((t.id, t.game_id, u64::try_from(t.draws_at.timestamp()).unwrap_or(0)))
            })
            .collect()
    }

    /// Every draw's id, status and ticket count, read without opening its seed (an audit needs no seal key).
    pub fn draw_summaries(&self) -> StoreResult<Vec<(DrawId, DrawStatus, u64)>> {
        #[derive(serde::Deserialize)]
        struct Summary {
            id: DrawId,
            status: DrawStatus,
            ticket_count: u64,
        }
        self.draws
            .scan_prefix([DRAW])
            .values()
            .map(|v| {
                let s: Summary = serde_json::from_slice(&v?)?;
                Ok((s.id, s.status, s.ticket_count))
            })
            .collect()
    }

    /// Stores a closed draw's Merkle leaves (ticket id and leaf hash, in id order): what receipts are proved from.
    pub fn put_leaves(&self, draw: DrawId, leaves: &[(TicketId, Hash)]) -> StoreResult<()> {
        let mut blob = Vec::with_capacity(leaves.len() * LEAF_ENTRY);
        for (id, leaf) in leaves {
            blob.extend_from_slice(&id.to_be_bytes());
            blob.extend_from_slice(leaf);
        }
        self.draws.insert(tagged(LEAVES, &[draw]), blob)?;
        Ok(())
    }

    /// A closed draw's Merkle leaves, as `put_leaves` stored them.
    pub fn leaves(&self, draw: DrawId) -> StoreResult<Option<Vec<(TicketId, Hash)>>> {
        let Some(blob) = self.draws.get(tagged(LEAVES, &[draw]))? else { return Ok(None) };
        let corrupt = || StoreError::Corrupt { tree: "draws", detail: format!("the leaves of draw {draw}") };
        if blob.len() % LEAF_ENTRY != 0 {
            return Err(corrupt());
        }
        blob.chunks_exact(LEAF_ENTRY)
            .map(|entry| {
                let id = entry[..8].try_into().map(u64::from_be_bytes).map_err(|_| corrupt())?;
                let leaf: Hash = entry[8..].try_into().map_err(|_| corrupt())?;
                Ok((id, leaf))
            })
            .collect::<StoreResult<Vec<_>>>()
            .map(Some)
    }

    /// Finished and drawn draws, newest (highest id) first, from below `before`, that `keep` accepts: up to `limit`
    /// of them, reading at most `scan` draws. Also answers where to go on from (`None` when the start was reached).
    pub fn past_draws(
        &self,
        before: DrawId,
        limit: usize,
        scan: usize,
        keep: impl Fn(&Draw) -> bool,
    ) -> StoreResult<(Vec<Draw>, Option<DrawId>)> {
        let mut out = Vec::new();
        let mut last_seen = None;
        let range = tagged(DRAW, &[0])..tagged(DRAW, &[before]);
        for (read, item) in self.draws.range(range).rev().enumerate() {
            if out.len() >= limit || read >= scan {
                return Ok((out, last_seen));
            }
            let (key, value) = item?;
            last_seen = last_id(&key);
            let draw = self.decode_draw(&value)?;
            let past = matches!(draw.status, DrawStatus::Drawn | DrawStatus::Settled | DrawStatus::Cancelled);
            if past && keep(&draw) {
                out.push(draw);
            }
        }
        Ok((out, None))
    }

    /// The winning balls of a game's latest `last` drawn draws, newest first (reading at most `last` + 1000 draws).
    pub fn recent_results(&self, game: GameId, last: usize) -> StoreResult<Vec<Balls>> {
        let mut out = Vec::new();
        for key in self.draws.scan_prefix(tagged(BY_GAME, &[game])).keys().rev().take(last + 1000) {
            if out.len() >= last {
                break;
            }
            if let Some(numbers) = last_id(&key?).map(|id| self.draw(id)).transpose()?.flatten().and_then(|d| d.numbers)
            {
                out.push(numbers);
            }
        }
        Ok(out)
    }

    /// The latest draw time already scheduled for a game.
    pub fn last_scheduled(&self, game: GameId) -> StoreResult<Option<DateTime<Utc>>> {
        Ok(self.draws_of_game(game, 1)?.first().map(|d| d.draws_at))
    }

    /// Whether any draw of the game is in a live state (used to pause safely).
    pub fn has_live_draw(&self, game: GameId) -> StoreResult<bool> {
        Ok(self.unfinished_draws()?.iter().any(|d| d.game_id == game && d.status != DrawStatus::Scheduled))
    }
}
