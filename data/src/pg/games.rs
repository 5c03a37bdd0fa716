//! Games and their draws (`seam::Games`) on PostgreSQL: the `games` and `draws` rows (migrations 0001 and 0005),
//! each record's JSON in `doc` without its seed; the seed in `draws.secrets`, sealed as the embedded store seals it;
//! the listings are queries over the draws' indexes.

use chrono::{DateTime, Utc};
use serde_json::Value;
use tokio_postgres::Row;

use super::blocking::PgSync;
use super::pages::Pages;
use super::tables::document;
use crate::draw::{Draw, DrawId, DrawStatus};
use crate::error::{StoreError, StoreResult};
use crate::game::{Game, GameId};
use crate::lotto::Balls;
use crate::merkle::Hash;
use crate::seal::SeedSealer;
use crate::seam::{is_past, leaves_blob, leaves_of_blob, open_seed, stored_seed, Games};
use crate::seam::{Page, PastDraws, Slice};
use crate::ticket::TicketId;

/// What a draw is read from: its record, the columns that are authoritative over it, and its stored seed.
const DRAW: &str = "SELECT doc, status, ticket_count, secrets->>'seed', id FROM draws";
/// Draws read at a time by the iterating listings.
const CHUNK: i64 = 200;

/// In `meta`: every seed sealed before seals named their draw has been bound to it.
const SEEDS_BOUND: &[u8] = b"seeds_bound";

/// One node's games and draws on PostgreSQL. Cheap to clone.
#[derive(Clone)]
pub struct PgGames {
    pg: PgSync,
    /// Seals seeds on write and opens them on read, as the embedded store's `GameStore` does with the same key.
    sealer: Option<SeedSealer>,
}

/// A draw's row, as read, before its seed is opened.
struct Stored {
    doc: Value,
    status: String,
    ticket_count: i64,
    seed: Option<String>,
    id: i64,
}

impl Stored {
    fn of(row: &Row) -> Self {
        Self { doc: row.get(0), status: row.get(1), ticket_count: row.get(2), seed: row.get(3), id: row.get(4) }
    }
}

fn id(id: u64) -> i64 {
    i64::try_from(id).unwrap_or(i64::MAX)
}

impl PgGames {
    pub fn new(pg: PgSync, sealer: Option<SeedSealer>) -> Self {
        Self { pg, sealer }
    }

    /// The draws `sql` (a `DRAW` query) selects with `params`, seeds still sealed.
    fn stored<P>(&self, sql: String, params: P) -> StoreResult<Vec<Stored>>
    where
        P: FnOnce() -> Vec<Box<dyn tokio_postgres::types::ToSql + Sync + Send>> + Send + 'static,
    {
        self.pg.run(move |pool| async move {
            let client = pool.get().await?;
            let params = params();
            let refs: Vec<&(dyn tokio_postgres::types::ToSql + Sync)> =
                params.iter().map(|p| p.as_ref() as &(dyn tokio_postgres::types::ToSql + Sync)).collect();
            Ok(client.query(&sql, &refs).await?.iter().map(Stored::of).collect())
        })
    }

    /// Seeds sealed before seals named their draw (`sealed:v1`) sealed again, each for its own draw (`sealed:v2`), the
    /// first time a node with the key connects since; a marker in `meta` keeps it from ever binding a seal copied in
    /// later (`seam::games::open_seed` then refuses it on a draw still to come). Nodes starting together may both run
    /// it: each writes a valid seal of the same seed.
    pub(crate) fn bind_sealed_seeds_once(&self) -> StoreResult<()> {
        let Some(sealer) = self.sealer.clone() else { return Ok(()) };
        self.pg.run(move |pool| async move {
            let client = pool.get().await?;
            let marker: &[u8] = SEEDS_BOUND;
            let done = client.query_opt("SELECT 1 FROM records WHERE tree = 'meta' AND key = $1", &[&marker]).await?;
            if done.is_some() {
                return Ok(());
            }
            let rows = client
                .query("SELECT id, secrets->>'seed' FROM draws WHERE secrets->>'seed' LIKE 'sealed:v1:%'", &[])
                .await?;
            for row in rows {
                let (draw, sealed): (i64, String) = (row.get(0), row.get(1));
                let bound = sealer.seal(&sealer.open(&sealed, draw as u64)?, draw as u64);
                client
                    .execute(
                        "UPDATE draws SET secrets = jsonb_build_object('seed', $2::text) WHERE id = $1",
                        &[&draw, &bound],
                    )
                    .await?;
            }
            let one: &[u8] = &[1];
            client
                .execute(
                    "INSERT INTO records (tree, key, value) VALUES ('meta', $1, $2) ON CONFLICT DO NOTHING",
                    &[&marker, &one],
                )
                .await?;
            Ok(())
        })
    }

    fn open(&self, stored: Stored) -> StoreResult<Draw> {
        let mut value = stored.doc;
        value["status"] = Value::String(stored.status);
        value["ticket_count"] = Value::from(stored.ticket_count);
        let seed = stored.seed.ok_or_else(|| StoreError::Corrupt {
            tree: "draws",
            detail: format!("draw {} has no seed in `secrets`", stored.id),
        })?;
        value["seed"] = Value::String(seed);
        open_seed(self.sealer.as_ref(), &mut value)?;
        Ok(serde_json::from_value(value)?)
    }

    fn draws(&self, sql: String, params: impl FnOnce() -> Params + Send + 'static) -> StoreResult<Vec<Draw>> {
        self.stored(sql, params)?.into_iter().map(|s| self.open(s)).collect()
    }
}

type Params = Vec<Box<dyn tokio_postgres::types::ToSql + Sync + Send>>;

/// Where a game's draws, or all, are: the `WHERE` clause and its first parameter.
fn of_game(game: Option<GameId>) -> (&'static str, Params) {
    match game {
        Some(game) => ("game_id = $1", vec![Box::new(id(game))]),
        None => ("$1::bigint IS NULL", vec![Box::new(None::<i64>)]),
    }
}

impl Games for PgGames {
    fn next_id(&self) -> StoreResult<u64> {
        self.pg.next_id()
    }

    fn put_game(&self, game: &Game) -> StoreResult<()> {
        let (game_id, slug, doc) = (id(game.id), game.slug.clone(), document(game).map_err(pg)?);
        let status = doc["status"].as_str().unwrap_or_default().to_owned();
        let limits = doc["risk_limits"].clone();
        self.pg.run(move |pool| async move {
            let mut conn = pool.get().await?;
            let tx = conn.transaction().await?;
            let before =
                tx.query_opt("SELECT doc->'risk_limits' FROM games WHERE id = $1 FOR UPDATE", &[&game_id]).await?;
            let limits_change = before.is_some_and(|row| row.get::<_, Option<Value>>(0).unwrap_or_default() != limits);
            // A change of limits waits for the purchase batches selling into the game's draws under the old ones
            // (they hold those draws `FOR SHARE`), and every batch after it reads the new ones; the new epoch makes
            // every node read those draws' tickets whole before its next check, the old batches' included. So no
            // batch's sales straddle the change (docs/decisions/066-a-change-of-limits-waits-for-the-sales.md).
            if limits_change {
                tx.execute(
                    "SELECT 1 FROM draws WHERE game_id = $1 AND status IN ('scheduled', 'open') ORDER BY id FOR UPDATE",
                    &[&game_id],
                )
                .await?;
            }
            tx.execute(
                "INSERT INTO games (id, slug, status, doc) VALUES ($1, $2, $3, $4)
                 ON CONFLICT (id) DO UPDATE SET slug = excluded.slug, status = excluded.status, doc = excluded.doc",
                &[&game_id, &slug, &status, &doc],
            )
            .await?;
            if limits_change {
                tx.execute(
                    "INSERT INTO draw_risk (draw_id, epoch)
                     SELECT id, 1 FROM draws WHERE game_id = $1 AND status IN ('scheduled', 'open')
                     ON CONFLICT (draw_id) DO UPDATE SET epoch = draw_risk.epoch + 1",
                    &[&game_id],
                )
                .await?;
                // No share granted under the old limits outlives them (decision 067).
                let selling = "SELECT id FROM draws WHERE game_id = ANY($1) AND status IN ('scheduled', 'open')";
                super::risk::shares_end(&tx, selling, &[game_id], None).await?;
            }
            tx.commit().await?;
            Ok(())
        })
    }

    fn game(&self, game: GameId) -> StoreResult<Option<Game>> {
        let game = id(game);
        let doc: Option<Value> = self.pg.run(move |pool| async move {
            let row = pool.get().await?.query_opt("SELECT doc FROM games WHERE id = $1", &[&game]).await?;
            Ok(row.map(|row| row.get(0)))
        })?;
        Ok(doc.map(serde_json::from_value).transpose()?)
    }

    fn games(&self) -> StoreResult<Vec<Game>> {
        let docs: Vec<Value> = self.pg.run(|pool| async move {
            let rows = pool.get().await?.query("SELECT doc FROM games ORDER BY id", &[]).await?;
            Ok(rows.iter().map(|row| row.get(0)).collect())
        })?;
        docs.into_iter().map(|doc| serde_json::from_value(doc).map_err(Into::into)).collect()
    }

    fn put_draw(&self, draw: &Draw) -> StoreResult<()> {
        let seed = stored_seed(self.sealer.as_ref(), draw);
        let doc = document(draw).map_err(pg)?;
        let row = (id(draw.id), id(draw.game_id), draw.status.as_str(), id(draw.ticket_count), draw.draws_at);
        let finished = draw.is_finished();
        let written = self.pg.run(move |pool| async move {
            let (draw, game, status, tickets, draws_at) = row;
            // A copy whose status is behind the stored one (another node closed the draw meanwhile) is not written:
            // it would reopen the draw to sales.
            let written = pool
                .get()
                .await?
                .execute(
                    "INSERT INTO draws (id, game_id, status, ticket_count, draws_at, doc, secrets, finished)
                     VALUES ($1, $2, $3, $4, $5, $6, jsonb_build_object('seed', $7::text), $8)
                     ON CONFLICT (id) DO UPDATE SET game_id = excluded.game_id, status = excluded.status,
                         ticket_count = excluded.ticket_count, draws_at = excluded.draws_at, doc = excluded.doc,
                         secrets = excluded.secrets, finished = excluded.finished
                     WHERE array_position(ARRAY['scheduled', 'open', 'closed', 'drawn', 'settled', 'cancelled'], draws.status)
                        <= array_position(ARRAY['scheduled', 'open', 'closed', 'drawn', 'settled', 'cancelled'], excluded.status)",
                    &[&draw, &game, &status, &tickets, &draws_at, &doc, &seed, &finished],
                )
                .await?;
            Ok(written)
        })?;
        if written == 0 {
            return Err(StoreError::Transaction(format!(
                "draw {}: a copy {} behind the stored one was not written",
                draw.id,
                draw.status.as_str()
            )));
        }
        Ok(())
    }

    fn draw(&self, draw: DrawId) -> StoreResult<Option<Draw>> {
        let draw = id(draw);
        Ok(self.draws(format!("{DRAW} WHERE id = $1"), move || vec![Box::new(draw)])?.pop())
    }

    fn unfinished_draws(&self) -> StoreResult<Vec<Draw>> {
        self.draws(format!("{DRAW} WHERE NOT finished ORDER BY id"), Vec::new)
    }

    fn draws_of_game(&self, game: GameId, limit: usize) -> StoreResult<Vec<Draw>> {
        let (game, limit) = (id(game), id(limit as u64));
        self.draws(format!("{DRAW} WHERE game_id = $1 ORDER BY draws_at DESC, id DESC LIMIT $2"), move || {
            vec![Box::new(game), Box::new(limit)]
        })
    }

    fn draws_page(&self, game: Option<GameId>, slice: Slice) -> StoreResult<Page<Draw>> {
        let (filter, _) = of_game(game);
        let order = if slice.oldest_first { "ASC" } else { "DESC" };
        let (offset, limit) = (id(slice.offset as u64), id(slice.limit as u64));
        let sql = format!("{DRAW} WHERE {filter} ORDER BY draws_at {order}, id {order} OFFSET $2 LIMIT $3");
        let rows = self.draws(sql, move || {
            let (_, mut params) = of_game(game);
            params.push(Box::new(offset));
            params.push(Box::new(limit));
            params
        })?;
        let count = format!("SELECT count(*) FROM draws WHERE {filter}");
        let total: i64 = self.pg.run(move |pool| async move {
            let (_, params) = of_game(game);
            let refs: Vec<&(dyn tokio_postgres::types::ToSql + Sync)> =
                params.iter().map(|p| p.as_ref() as &(dyn tokio_postgres::types::ToSql + Sync)).collect();
            Ok(pool.get().await?.query_one(&count, &refs).await?.get(0))
        })?;
        Ok(Page { rows, total: total as u64 })
    }

    fn draws_latest_first(&self, game: Option<GameId>) -> Box<dyn Iterator<Item = StoreResult<Draw>> + '_> {
        // `CHUNK` draws a query, each after the last one read (keyset paging on the draw time and id).
        let sql = format!(
            "{DRAW} WHERE {} AND ($2::timestamptz IS NULL OR (draws_at, id) < ($2, $3))
             ORDER BY draws_at DESC, id DESC LIMIT $4",
            of_game(game).0
        );
        Box::new(Pages::new(
            CHUNK as usize,
            |draw: &Draw| (draw.draws_at, id(draw.id)),
            move |after| {
                let after = after.copied();
                let chunk = self.stored(sql.clone(), move || {
                    let (_, mut params) = of_game(game);
                    params.push(Box::new(after.map(|(at, _)| at)));
                    params.push(Box::new(after.map_or(0, |(_, id)| id)));
                    params.push(Box::new(CHUNK));
                    params
                })?;
                chunk.into_iter().map(|stored| self.open(stored)).collect()
            },
        ))
    }

    fn draw_summaries(&self) -> StoreResult<Vec<(DrawId, DrawStatus, u64)>> {
        let rows: Vec<(i64, String, i64)> = self.pg.run(|pool| async move {
            let rows = pool.get().await?.query("SELECT id, status, ticket_count FROM draws ORDER BY id", &[]).await?;
            Ok(rows.iter().map(|row| (row.get(0), row.get(1), row.get(2))).collect())
        })?;
        rows.into_iter()
            .map(|(draw, status, count)| {
                let status: DrawStatus = serde_json::from_value(Value::String(status))?;
                Ok((draw as u64, status, count as u64))
            })
            .collect()
    }

    fn put_leaves(&self, draw: DrawId, leaves: &[(TicketId, Hash)]) -> StoreResult<()> {
        let (draw, blob) = (id(draw), leaves_blob(leaves));
        self.pg.run(move |pool| async move {
            pool.get()
                .await?
                .execute(
                    "INSERT INTO draw_leaves (draw_id, leaves) VALUES ($1, $2)
                     ON CONFLICT (draw_id) DO UPDATE SET leaves = excluded.leaves",
                    &[&draw, &blob],
                )
                .await?;
            Ok(())
        })
    }

    fn leaves(&self, draw: DrawId) -> StoreResult<Option<Vec<(TicketId, Hash)>>> {
        let key = id(draw);
        let blob: Option<Vec<u8>> = self.pg.run(move |pool| async move {
            let row = pool.get().await?.query_opt("SELECT leaves FROM draw_leaves WHERE draw_id = $1", &[&key]).await?;
            Ok(row.map(|row| row.get(0)))
        })?;
        blob.map(|blob| leaves_of_blob(draw, &blob)).transpose()
    }

    fn past_draws(&self, query: PastDraws<'_>) -> StoreResult<(Vec<Draw>, Option<DrawId>)> {
        let PastDraws { before, limit, scan, keep } = query;
        // As the embedded store walks its draws by id: a chunk at a time, stopping where it would.
        let (mut out, mut last_seen, mut read, mut below) = (Vec::new(), None, 0, id(before));
        loop {
            let chunk = self.stored(format!("{DRAW} WHERE id < $1 ORDER BY id DESC LIMIT $2"), move || {
                vec![Box::new(below), Box::new(CHUNK)]
            })?;
            let full = chunk.len() as i64 == CHUNK;
            for stored in chunk {
                if out.len() >= limit || read >= scan {
                    return Ok((out, last_seen));
                }
                read += 1;
                below = stored.id;
                last_seen = Some(stored.id as u64);
                let draw = self.open(stored)?;
                if is_past(&draw) && keep(&draw) {
                    out.push(draw);
                }
            }
            if !full {
                return Ok((out, None));
            }
        }
    }

    fn recent_results(&self, game: GameId, last: usize) -> StoreResult<Vec<Balls>> {
        let (game, last, scan) = (id(game), id(last as u64), id(last as u64 + 1000));
        let numbers: Vec<Value> = self.pg.run(move |pool| async move {
            let rows = pool
                .get()
                .await?
                .query(
                    "SELECT numbers FROM (
                         SELECT doc->'numbers' AS numbers, draws_at, id FROM draws WHERE game_id = $1
                         ORDER BY draws_at DESC, id DESC LIMIT $2
                     ) latest
                     WHERE numbers IS NOT NULL AND numbers <> 'null'::jsonb
                     ORDER BY draws_at DESC, id DESC LIMIT $3",
                    &[&game, &scan, &last],
                )
                .await?;
            Ok(rows.iter().map(|row| row.get(0)).collect())
        })?;
        numbers.into_iter().map(|balls| serde_json::from_value(balls).map_err(Into::into)).collect()
    }

    fn last_scheduled(&self, game: GameId) -> StoreResult<Option<DateTime<Utc>>> {
        let game = id(game);
        self.pg.run(move |pool| async move {
            Ok(pool
                .get()
                .await?
                .query_one("SELECT max(draws_at) FROM draws WHERE game_id = $1", &[&game])
                .await?
                .get(0))
        })
    }

    fn has_live_draw(&self, game: GameId) -> StoreResult<bool> {
        let game = id(game);
        self.pg.run(move |pool| async move {
            let sql =
                "SELECT EXISTS (SELECT 1 FROM draws WHERE game_id = $1 AND NOT finished AND status <> 'scheduled')";
            Ok(pool.get().await?.query_one(sql, &[&game]).await?.get(0))
        })
    }
}

fn pg(e: super::error::PgError) -> StoreError {
    StoreError::Database(e.to_string())
}
