//! Games and their draws (`seam::Games`) in the embedded store: the `games` and `draws` trees, with listing
//! indexes that keep a game's draws in time order.

use chrono::{DateTime, Utc};

use super::codec::{decode, encode, id_key};
use super::keys::{last_id, tagged};
use super::listing;
use super::tally;
use crate::draw::{Draw, DrawId, DrawStatus};
use crate::error::{StoreError, StoreResult};
use crate::game::{Game, GameId};
use crate::lotto::{Balls, Seed};
use crate::merkle::Hash;
use crate::seal::SeedSealer;
use crate::seam::{is_past, leaves_blob, leaves_of_blob, open_seed, stored_seed, Games};
use crate::seam::{Page, PastDraws, Slice};
use crate::ticket::TicketId;

const DRAW: u8 = b'd';
const BY_GAME: u8 = b'g';
const UNFINISHED: u8 = b'u';
/// Every draw by draw time: `t` time id.
const BY_TIME: u8 = b't';
/// Tallies (see `tally`): draws in all, and per game.
const COUNT_ALL: u8 = b'n';
const COUNT_OF_GAME: u8 = b'g';
/// A closed draw's Merkle leaves (`seam::games::leaves_blob`).
const LEAVES: u8 = b'l';
/// In the `meta` tree: every seed the store held when first opened with its seal key has been sealed.
const SEEDS_SEALED: &[u8] = b"seeds_sealed";
/// Set once every sealed seed names its draw (`sealed:v2`; `GameStore::bind_sealed_seeds_once`).
const SEEDS_BOUND: &[u8] = b"seeds_bound";

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
        let store = Self { db: db.clone(), games: db.open_tree("games")?, draws: db.open_tree("draws")?, sealer };
        if let Some(sealer) = &store.sealer {
            store.seal_plain_seeds_once(sealer)?;
            store.bind_sealed_seeds_once(sealer)?;
        }
        Ok(store)
    }

    /// A store written before seeds were sealed (or by a tool without the key), opened with the key for the first
    /// time: every plain seed is sealed, once. Afterwards a plain seed of an undrawn draw is refused on read
    /// (`seam::games::open_seed`): the marker keeps this pass from ever sealing a seed slipped in later.
    fn seal_plain_seeds_once(&self, sealer: &SeedSealer) -> StoreResult<()> {
        let meta = self.db.open_tree("meta")?;
        if meta.get(SEEDS_SEALED)?.is_some() {
            return Ok(());
        }
        for entry in self.draws.scan_prefix([DRAW]) {
            let (key, bytes) = entry?;
            let mut value: serde_json::Value = serde_json::from_slice(&bytes)?;
            let Some(plain) = value["seed"].as_str().filter(|s| !SeedSealer::is_sealed(s)) else { continue };
            let seed = Seed::from_hex(plain)
                .map_err(|e| StoreError::Corrupt { tree: "draws", detail: format!("draw {}: {e}", value["id"]) })?;
            let id = value["id"].as_u64().unwrap_or_default();
            value["seed"] = serde_json::Value::String(sealer.seal(&seed, id));
            self.draws.insert(key, serde_json::to_vec(&value)?)?;
        }
        meta.insert(SEEDS_SEALED, &[1])?;
        Ok(())
    }

    /// A store whose seeds were sealed before seals named their draw (`sealed:v1`), opened with the key for the first
    /// time since: every such seed is sealed again for its own draw (`sealed:v2`), once. Afterwards an unbound seal on
    /// a draw still to come is refused on read (`seam::games::open_seed`).
    fn bind_sealed_seeds_once(&self, sealer: &SeedSealer) -> StoreResult<()> {
        let meta = self.db.open_tree("meta")?;
        if meta.get(SEEDS_BOUND)?.is_some() {
            return Ok(());
        }
        for entry in self.draws.scan_prefix([DRAW]) {
            let (key, bytes) = entry?;
            let mut value: serde_json::Value = serde_json::from_slice(&bytes)?;
            let Some(unbound) = value["seed"].as_str().filter(|s| SeedSealer::is_sealed(s) && !SeedSealer::is_bound(s))
            else {
                continue;
            };
            let id = value["id"].as_u64().unwrap_or_default();
            let seed = sealer.open(unbound, id)?;
            value["seed"] = serde_json::Value::String(sealer.seal(&seed, id));
            self.draws.insert(key, serde_json::to_vec(&value)?)?;
        }
        meta.insert(SEEDS_BOUND, &[1])?;
        Ok(())
    }

    fn encode_draw(&self, draw: &Draw) -> StoreResult<Vec<u8>> {
        let Some(sealer) = &self.sealer else { return encode(draw) };
        let mut value = serde_json::to_value(draw)?;
        value["seed"] = serde_json::Value::String(stored_seed(Some(sealer), draw));
        Ok(serde_json::to_vec(&value)?)
    }

    fn decode_draw(&self, bytes: &[u8]) -> StoreResult<Draw> {
        let mut value: serde_json::Value = serde_json::from_slice(bytes)?;
        open_seed(self.sealer.as_ref(), &mut value)?;
        Ok(serde_json::from_value(value)?)
    }

    pub(super) fn draw_key(id: DrawId) -> Vec<u8> {
        tagged(DRAW, &[id])
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

    /// Gives every draw stored without a number its number within its game: 1, 2, 3… by draw time (then id), the
    /// order the scheduler numbers new draws in (`Draw::number_after`). Draws already numbered keep theirs. Runs once,
    /// when a store from before numbers is opened (`upgrade`); the seeds stay as stored (sealed), never opened.
    pub(super) fn number_draws(&self) -> StoreResult<()> {
        let mut draws = self.draw_times()?;
        draws.sort_by_key(|&(id, game, when)| (game, when, id));
        let mut counted: Option<(GameId, u64)> = None;
        for (id, game, _) in draws {
            let number = match counted {
                Some((of, n)) if of == game => n + 1,
                _ => 1,
            };
            counted = Some((game, number));
            let key = tagged(DRAW, &[id]);
            let Some(bytes) = self.draws.get(&key)? else { continue };
            let mut value: serde_json::Value = serde_json::from_slice(&bytes)?;
            if value.get("number").is_some_and(|n| !n.is_null()) {
                continue;
            }
            value["number"] = number.into();
            self.draws.insert(key, serde_json::to_vec(&value)?)?;
        }
        Ok(())
    }

    /// Every draw's id and its seed as stored (sealed when the store has a seal key), by id, never opened: what
    /// `ayo migrate` copies into PostgreSQL's `draws.secrets`.
    pub(crate) fn stored_seeds(&self) -> StoreResult<Vec<(DrawId, String)>> {
        #[derive(serde::Deserialize)]
        struct Stored {
            id: DrawId,
            seed: String,
        }
        self.draws
            .scan_prefix([DRAW])
            .values()
            .map(|v| {
                let s: Stored = serde_json::from_slice(&v?)?;
                Ok((s.id, s.seed))
            })
            .collect()
    }

    /// Every witness commitment a draw holds, read without opening its seed: what the witness pool's record of used
    /// commitments starts from in a store older than it (`witness`).
    pub(super) fn witness_commitments(&self) -> StoreResult<Vec<String>> {
        #[derive(serde::Deserialize)]
        struct Part {
            commitment: String,
        }
        #[derive(serde::Deserialize)]
        struct Witnessed {
            #[serde(default)]
            witness: Option<Part>,
        }
        let mut found = Vec::new();
        for value in self.draws.scan_prefix([DRAW]).values() {
            let draw: Witnessed = serde_json::from_slice(&value?)?;
            found.extend(draw.witness.map(|w| w.commitment));
        }
        Ok(found)
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
}

impl Games for GameStore {
    fn next_id(&self) -> StoreResult<u64> {
        Ok(self.db.generate_id()? + 1)
    }

    fn put_game(&self, game: &Game) -> StoreResult<()> {
        self.games.insert(id_key(game.id), encode(game)?)?;
        Ok(())
    }

    fn game(&self, id: GameId) -> StoreResult<Option<Game>> {
        self.games.get(id_key(id))?.map(|b| decode(&b)).transpose()
    }

    fn games(&self) -> StoreResult<Vec<Game>> {
        self.games.iter().values().map(|v| decode(&v?)).collect()
    }

    // A transaction, not a batch: a purchase reads the draw inside its own transaction, so a close and a purchase
    // are serialised and a ticket is either in the closed draw's list or refused.
    fn put_draw(&self, draw: &Draw) -> StoreResult<()> {
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

    fn draw(&self, id: DrawId) -> StoreResult<Option<Draw>> {
        self.draws.get(tagged(DRAW, &[id]))?.map(|b| self.decode_draw(&b)).transpose()
    }

    fn unfinished_draws(&self) -> StoreResult<Vec<Draw>> {
        let mut out = Vec::new();
        for key in self.draws.scan_prefix([UNFINISHED]).keys() {
            if let Some(draw) = last_id(&key?).map(|id| self.draw(id)).transpose()?.flatten() {
                out.push(draw);
            }
        }
        Ok(out)
    }

    fn draws_of_game(&self, game: GameId, limit: usize) -> StoreResult<Vec<Draw>> {
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

    fn draws_page(&self, game: Option<GameId>, slice: Slice) -> StoreResult<Page<Draw>> {
        let (prefix, count) = match game {
            Some(game) => (tagged(BY_GAME, &[game]), tally::key(COUNT_OF_GAME, &[game])),
            None => (vec![BY_TIME], tally::key(COUNT_ALL, &[])),
        };
        let ids = listing::ids(self.draws.scan_prefix(prefix).keys(), slice)?;
        let [total] = tally::read(&self.draws, &count)?;
        Ok(Page { rows: listing::records(ids, |id| self.draw(id))?, total: tally::count(total) })
    }

    fn draws_latest_first(&self, game: Option<GameId>) -> Box<dyn Iterator<Item = StoreResult<Draw>> + '_> {
        let prefix = game.map_or_else(|| vec![BY_TIME], |game| tagged(BY_GAME, &[game]));
        Box::new(listing::stream(self.draws.scan_prefix(prefix).keys().rev(), |id| self.draw(id)))
    }

    fn draw_summaries(&self) -> StoreResult<Vec<(DrawId, DrawStatus, u64)>> {
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

    fn put_leaves(&self, draw: DrawId, leaves: &[(TicketId, Hash)]) -> StoreResult<()> {
        self.draws.insert(tagged(LEAVES, &[draw]), leaves_blob(leaves))?;
        Ok(())
    }

    fn leaves(&self, draw: DrawId) -> StoreResult<Option<Vec<(TicketId, Hash)>>> {
        let Some(blob) = self.draws.get(tagged(LEAVES, &[draw]))? else { return Ok(None) };
        leaves_of_blob(draw, &blob).map(Some)
    }

    fn past_draws(&self, query: PastDraws<'_>) -> StoreResult<(Vec<Draw>, Option<DrawId>)> {
        let PastDraws { before, limit, scan, keep } = query;
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
            if is_past(&draw) && keep(&draw) {
                out.push(draw);
            }
        }
        Ok((out, None))
    }

    fn recent_results(&self, game: GameId, last: usize) -> StoreResult<Vec<Balls>> {
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

    fn last_scheduled(&self, game: GameId) -> StoreResult<Option<DateTime<Utc>>> {
        Ok(self.draws_of_game(game, 1)?.first().map(|d| d.draws_at))
    }

    fn has_live_draw(&self, game: GameId) -> StoreResult<bool> {
        Ok(self.unfinished_draws()?.iter().any(|d| d.game_id == game && d.status != DrawStatus::Scheduled))
    }
}
