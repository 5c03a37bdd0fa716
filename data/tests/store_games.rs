//! Games and their draws (`seam::Games`), the same cases on both engines (`common::nodes`).
#![allow(clippy::unwrap_used, clippy::expect_used)] // a failed unwrap is a failed test

use std::collections::HashSet;
use std::sync::Arc;

use chrono::{DateTime, Duration, Utc};

use ayo_data::draw::{Draw, DrawId, DrawStatus};
use ayo_data::game::Game;
use ayo_data::lotto::Balls;
use ayo_data::pg::games::PgGames;
use ayo_data::seal::SeedSealer;
use ayo_data::seam::Slice;
use ayo_data::seam::{Games, PastDraws};

mod common;
use common::nodes::Node;
use common::{a_draw, a_game};

fn games(node: &Node) -> Arc<dyn Games> {
    match node {
        Node::Embedded(store) => Arc::clone(&store.games),
        Node::Cluster(pg) => Arc::new(PgGames::new(pg.clone(), None)),
    }
}

fn ids(draws: &[Draw]) -> Vec<DrawId> {
    draws.iter().map(|d| d.id).collect()
}

fn base() -> DateTime<Utc> {
    DateTime::parse_from_rfc3339("2030-01-01T12:00:00Z").unwrap().with_timezone(&Utc)
}

fn stored_game(games: &dyn Games, slug: &str) -> Game {
    let game = a_game(games.next_id().unwrap(), slug);
    games.put_game(&game).unwrap();
    game
}

fn balls(k: u8) -> Balls {
    std::array::from_fn(|i| k + i as u8 + 1)
}

fn a_game_and_its_draws_written_on_one_node_are_read_on_every_other(nodes: &[Node]) {
    let (a, b, c) = (games(&nodes[0]), games(&nodes[1]), games(&nodes[2]));
    let game = stored_game(&*a, "daily");
    assert_eq!(b.game(game.id).unwrap(), Some(game.clone()));
    assert_eq!(c.games().unwrap(), vec![game.clone()]);
    assert_eq!(b.game(game.id + 1).unwrap(), None);

    let mut draw = a_draw(a.next_id().unwrap(), &game, base());
    a.put_draw(&draw).unwrap();
    assert_eq!(c.draw(draw.id).unwrap(), Some(draw.clone()));
    draw.status = DrawStatus::Open;
    draw.ticket_count = 3;
    b.put_draw(&draw).unwrap();
    assert_eq!(a.draw(draw.id).unwrap(), Some(draw.clone()), "a plain overwrite, read back whole");
    assert_eq!(c.draw_summaries().unwrap(), vec![(draw.id, DrawStatus::Open, 3)]);
}

fn ids_taken_on_three_nodes_at_once_never_collide(nodes: &[Node]) {
    const EACH: usize = 1_500; // more than one block of the cluster's sequence per node
    let taken: Vec<Vec<u64>> = std::thread::scope(|scope| {
        let takers: Vec<_> = nodes
            .iter()
            .map(|node| scope.spawn(move || (0..EACH).map(|_| games(node).next_id().unwrap()).collect::<Vec<_>>()))
            .collect();
        takers.into_iter().map(|t| t.join().unwrap()).collect()
    });
    let unique: HashSet<u64> = taken.iter().flatten().copied().collect();
    assert_eq!(unique.len(), EACH * nodes.len(), "every id handed out once");
    assert!(!unique.contains(&0));
}

/// Two games' draws, ids in one order and draw times in another, some of them past.
fn two_games_of_draws(games: &dyn Games) -> (Game, Game, Vec<Draw>) {
    let (red, blue) = (stored_game(games, "red"), stored_game(games, "blue"));
    let mut draws = Vec::new();
    for i in 0..250u32 {
        let game = if i % 5 == 0 { &blue } else { &red };
        let at = base() + Duration::minutes(i64::from((i * 37) % 250));
        let mut draw = a_draw(games.next_id().unwrap(), game, at);
        draw.status = match i % 4 {
            0 => DrawStatus::Drawn,
            1 => DrawStatus::Scheduled,
            2 => DrawStatus::Settled,
            _ => DrawStatus::Cancelled,
        };
        games.put_draw(&draw).unwrap();
        draws.push(draw);
    }
    (red, blue, draws)
}

fn by_time_latest_first(draws: &[Draw], game: Option<&Game>) -> Vec<DrawId> {
    let mut of: Vec<&Draw> = draws.iter().filter(|d| game.is_none_or(|g| d.game_id == g.id)).collect();
    of.sort_by_key(|d| std::cmp::Reverse((d.draws_at, d.id)));
    of.iter().map(|d| d.id).collect()
}

fn draws_are_listed_and_paged_by_draw_time(nodes: &[Node]) {
    let (writer, reader) = (games(&nodes[0]), games(&nodes[1]));
    let (red, blue, draws) = two_games_of_draws(&*writer);
    let all = by_time_latest_first(&draws, None);
    let reds = by_time_latest_first(&draws, Some(&red));
    let blues = by_time_latest_first(&draws, Some(&blue));
    assert_ne!(
        all,
        {
            let mut by_id = all.clone();
            by_id.sort_unstable_by(|a, b| b.cmp(a));
            by_id
        },
        "a real test"
    );

    let page = reader.draws_page(None, Slice { offset: 10, limit: 7, oldest_first: false }).unwrap();
    assert_eq!((ids(&page.rows), page.total), (all[10..17].to_vec(), 250));
    let page = reader.draws_page(Some(blue.id), Slice { offset: 45, limit: 10, oldest_first: true }).unwrap();
    let oldest_blues: Vec<DrawId> = blues.iter().rev().copied().collect();
    assert_eq!((ids(&page.rows), page.total), (oldest_blues[45..50].to_vec(), 50));
    assert_eq!(reader.draws_page(Some(red.id), Slice { offset: 0, limit: 3, oldest_first: false }).unwrap().total, 200);

    let latest: Vec<DrawId> = reader.draws_latest_first(None).map(|d| d.unwrap().id).collect();
    assert_eq!(latest, all, "every draw, once, latest first (more than one chunk)");
    let latest_reds: Vec<DrawId> = reader.draws_latest_first(Some(red.id)).map(|d| d.unwrap().id).collect();
    assert_eq!(latest_reds, reds);
    assert_eq!(ids(&reader.draws_of_game(blue.id, 4).unwrap()), blues[..4].to_vec());
    assert_eq!(reader.last_scheduled(red.id).unwrap(), draws.iter().find(|d| d.id == reds[0]).map(|d| d.draws_at));
    let whole = reader.draw(all[3]).unwrap().unwrap();
    assert_eq!(Some(&whole), draws.iter().find(|d| d.id == all[3]), "listed draws are whole");
}

fn past_draws_go_back_by_id_within_their_scan(nodes: &[Node]) {
    let (writer, reader) = (games(&nodes[0]), games(&nodes[2]));
    let (_, blue, draws) = two_games_of_draws(&*writer);
    let past = |d: &Draw| matches!(d.status, DrawStatus::Drawn | DrawStatus::Settled | DrawStatus::Cancelled);
    let mut expected: Vec<DrawId> = draws.iter().filter(|d| past(d) && d.game_id == blue.id).map(|d| d.id).collect();
    expected.sort_unstable_by(|a, b| b.cmp(a));
    let keep = |d: &Draw| d.game_id == blue.id;

    let (mut got, mut before, mut pages) = (Vec::new(), DrawId::MAX, 0);
    loop {
        let (rows, next) = reader.past_draws(PastDraws { before, limit: 9, scan: 1_000, keep: &keep }).unwrap();
        assert!(rows.iter().all(|d| past(d) && d.id < before));
        got.extend(ids(&rows));
        pages += 1;
        match next {
            Some(next) => before = next,
            None => break,
        }
    }
    assert_eq!(got, expected, "every past blue draw once, newest first");
    assert!(pages > 1);

    let mut newest: Vec<DrawId> = ids(&draws);
    newest.sort_unstable_by(|a, b| b.cmp(a));
    let (rows, next) =
        reader.past_draws(PastDraws { before: DrawId::MAX, limit: 100, scan: 7, keep: &|_| true }).unwrap();
    let in_scan: Vec<DrawId> =
        newest[..7].iter().copied().filter(|id| draws.iter().any(|d| d.id == *id && past(d))).collect();
    assert_eq!((ids(&rows), next), (in_scan, Some(newest[6])), "reads 7 draws, goes on from the 7th");
}

fn unfinished_draws_are_the_ones_still_to_run(nodes: &[Node]) {
    let (writer, reader) = (games(&nodes[0]), games(&nodes[1]));
    let (quiet, busy) = (stored_game(&*writer, "quiet"), stored_game(&*writer, "busy"));
    assert_eq!(reader.last_scheduled(quiet.id).unwrap(), None);
    let mut unfinished = Vec::new();
    let put = |game: &Game, minutes: i64, status: DrawStatus, settled: bool| {
        let mut draw = a_draw(writer.next_id().unwrap(), game, base() + Duration::minutes(minutes));
        draw.status = status;
        draw.settled_at = settled.then(Utc::now);
        writer.put_draw(&draw).unwrap();
        draw
    };
    unfinished.push(put(&quiet, 30, DrawStatus::Scheduled, false).id);
    put(&quiet, 10, DrawStatus::Settled, true);
    put(&busy, 5, DrawStatus::Cancelled, true);
    assert!(!reader.has_live_draw(quiet.id).unwrap(), "scheduled only");
    assert!(!reader.has_live_draw(busy.id).unwrap(), "finished only");
    unfinished.push(put(&busy, 1, DrawStatus::Cancelled, false).id); // refunds still to make
    assert!(reader.has_live_draw(busy.id).unwrap(), "a cancelled draw whose refunds are to make");
    let mut closed = put(&busy, 20, DrawStatus::Closed, false);
    unfinished.push(closed.id);
    unfinished.push(put(&busy, 25, DrawStatus::Open, false).id);
    assert!(reader.has_live_draw(busy.id).unwrap());
    assert_eq!(reader.last_scheduled(quiet.id).unwrap(), Some(base() + Duration::minutes(30)));
    assert_eq!(ids(&reader.unfinished_draws().unwrap()), unfinished);

    closed.status = DrawStatus::Settled;
    closed.settled_at = Some(Utc::now());
    writer.put_draw(&closed).unwrap();
    unfinished.retain(|id| *id != closed.id);
    assert_eq!(ids(&reader.unfinished_draws().unwrap()), unfinished, "settling finishes it");
}

fn leaves_and_results_round_trip(nodes: &[Node]) {
    let (writer, reader) = (games(&nodes[0]), games(&nodes[1]));
    let game = stored_game(&*writer, "results");
    let mut draws = Vec::new();
    for i in 0..6u8 {
        let mut draw = a_draw(writer.next_id().unwrap(), &game, base() + Duration::minutes(i64::from(10 - i)));
        if i != 1 {
            draw.status = DrawStatus::Drawn;
            draw.numbers = Some(balls(i * 10));
        }
        writer.put_draw(&draw).unwrap();
        draws.push(draw);
    }
    // Latest draw time first: draws 0, 1 (no balls), 2, 3…
    assert_eq!(reader.recent_results(game.id, 3).unwrap(), vec![balls(0), balls(20), balls(30)]);
    assert_eq!(reader.recent_results(game.id, 50).unwrap().len(), 5);

    let leaves: Vec<(u64, [u8; 32])> = (0..1_000u64).map(|i| (i * 3 + 7, [(i % 251) as u8; 32])).collect();
    assert_eq!(reader.leaves(draws[0].id).unwrap(), None);
    writer.put_leaves(draws[0].id, &leaves).unwrap();
    assert_eq!(reader.leaves(draws[0].id).unwrap(), Some(leaves.clone()));
    writer.put_leaves(draws[0].id, &leaves[..2]).unwrap();
    assert_eq!(reader.leaves(draws[0].id).unwrap(), Some(leaves[..2].to_vec()));
    assert_eq!(reader.leaves(draws[2].id).unwrap(), None);
}

both_engines!(
    a_game_and_its_draws_written_on_one_node_are_read_on_every_other,
    embedded_games_are_shared,
    cluster_games_are_shared
);
both_engines!(
    ids_taken_on_three_nodes_at_once_never_collide,
    embedded_game_ids_never_collide,
    cluster_game_ids_never_collide
);
both_engines!(draws_are_listed_and_paged_by_draw_time, embedded_draws_paged_by_time, cluster_draws_paged_by_time);
both_engines!(past_draws_go_back_by_id_within_their_scan, embedded_past_draws, cluster_past_draws);
both_engines!(unfinished_draws_are_the_ones_still_to_run, embedded_unfinished_draws, cluster_unfinished_draws);
both_engines!(leaves_and_results_round_trip, embedded_leaves_and_results, cluster_leaves_and_results);

// A sealed seed: the embedded store opened with a seed key, and PostgreSQL nodes given the same key.

const SEED_KEY: &[u8] = b"the contract tests' seed key";

fn a_sealed_seed_reads_back_and_is_never_at_rest_in_plain(games: &[Arc<dyn Games>], at_rest: &dyn Fn() -> Vec<u8>) {
    let game = stored_game(&*games[0], "sealed");
    let draw = a_draw(games[0].next_id().unwrap(), &game, base());
    games[0].put_draw(&draw).unwrap();
    let seed = draw.seed.to_hex();
    let read = games[1].draw(draw.id).unwrap().unwrap();
    assert_eq!(read.seed.to_hex(), seed);
    assert_eq!(games[2].unfinished_draws().unwrap()[0].seed.to_hex(), seed);
    let rest = at_rest();
    assert!(!rest.is_empty());
    let rest = String::from_utf8_lossy(&rest);
    assert!(rest.contains(&draw.commitment), "the check reads the draw's record");
    assert!(!rest.contains(&seed), "no seed in plain at rest");
    assert!(rest.contains("sealed:v2:"), "sealed for its draw");
}

#[test]
fn embedded_sealed_seed() {
    let dir = tempfile::tempdir().unwrap();
    let store = ayo_data::Store::open_sealed(&dir.path().join("db"), SEED_KEY).unwrap();
    let nodes: Vec<Arc<dyn Games>> = (0..3).map(|_| Arc::clone(&store.games)).collect();
    a_sealed_seed_reads_back_and_is_never_at_rest_in_plain(&nodes, &|| {
        let mut copy = Vec::new();
        store.snapshot(&mut copy).unwrap();
        copy
    });
}

#[test]
#[ignore = "needs PostgreSQL: scripts/test.sh runs it beside a throwaway one"]
fn cluster_sealed_seed() {
    let nodes = common::nodes::cluster(3);
    let pgs: Vec<_> = nodes
        .iter()
        .map(|n| match n {
            Node::Cluster(pg) => pg.clone(),
            Node::Embedded(_) => unreachable!(),
        })
        .collect();
    let games: Vec<Arc<dyn Games>> = pgs
        .iter()
        .map(|pg| Arc::new(PgGames::new(pg.clone(), Some(SeedSealer::new(SEED_KEY)))) as Arc<dyn Games>)
        .collect();
    let pg = pgs[0].clone();
    a_sealed_seed_reads_back_and_is_never_at_rest_in_plain(&games, &move || {
        pg.run(|pool| async move {
            let client = pool.get().await?;
            let row = client.query_one("SELECT string_agg(d::text, ' ') FROM (SELECT * FROM draws) AS d", &[]).await?;
            Ok(row.get::<_, Option<String>>(0).unwrap_or_default().into_bytes())
        })
        .unwrap()
    });
}

/// Issue 30: someone who can write the database but has no seal key cannot put in a seed of their choosing for a draw
/// still to come. A store from before sealing has its seeds sealed the first time the key opens it, once.
#[test]
fn embedded_plain_seeds_are_sealed_once_and_a_plain_seed_slipped_in_later_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("db");
    let (old, later, game) = {
        let plain = ayo_data::Store::open(&path).unwrap();
        let game = stored_game(&*plain.games, "old");
        let old = a_draw(plain.games.next_id().unwrap(), &game, base());
        plain.games.put_draw(&old).unwrap();
        plain.flush_blocking().unwrap();
        (old, a_draw(plain.games.next_id().unwrap(), &game, base() + Duration::minutes(5)), game)
    };
    {
        let sealed = common::reopened(|| ayo_data::Store::open_sealed(&path, SEED_KEY));
        assert_eq!(sealed.games.draw(old.id).unwrap().unwrap().seed, old.seed, "the old plain seed, sealed");
        sealed.flush_blocking().unwrap();
    }
    {
        // A tool without the key writes two plain seeds: one of a draw still to come, one of a drawn draw.
        let plain = common::reopened(|| ayo_data::Store::open(&path));
        plain.games.put_draw(&later).unwrap();
        let mut past = a_draw(plain.games.next_id().unwrap(), &game, base() - Duration::minutes(5));
        past.status = DrawStatus::Drawn;
        plain.games.put_draw(&past).unwrap();
        plain.flush_blocking().unwrap();
        let sealed_elsewhere = plain.games.draw(old.id);
        assert!(sealed_elsewhere.is_err(), "a sealed seed cannot be read without the key");
        drop(plain);
        let sealed = common::reopened(|| ayo_data::Store::open_sealed(&path, SEED_KEY));
        let refused = sealed.games.draw(later.id).unwrap_err().to_string();
        assert!(refused.contains("unsealed before the draw"), "{refused}");
        assert_eq!(sealed.games.draw(past.id).unwrap().unwrap().seed, past.seed, "a drawn draw's seed is public");
        assert_eq!(sealed.games.draw(old.id).unwrap().unwrap().seed, old.seed);
    }
}

/// Issue 30: a sealed seed names its draw, so whoever can write the database cannot copy one draw's sealed seed (and
/// commitment) onto another, e.g. a past draw's, whose seed is public, onto a draw still to come.
#[test]
fn embedded_a_sealed_seed_copied_onto_another_draw_does_not_open() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("db");
    let (a, b) = {
        let store = common::reopened(|| ayo_data::Store::open_sealed(&path, SEED_KEY));
        let game = stored_game(&*store.games, "moved");
        let a = a_draw(store.games.next_id().unwrap(), &game, base());
        store.games.put_draw(&a).unwrap();
        let b = a_draw(store.games.next_id().unwrap(), &game, base() + Duration::minutes(5));
        store.games.put_draw(&b).unwrap();
        store.flush_blocking().unwrap();
        (a, b)
    };
    {
        let db = common::reopened(|| sled::open(&path).map_err(ayo_data::StoreError::from));
        let draws = db.open_tree("draws").unwrap();
        let record = |id: u64| {
            draws.iter().filter_map(Result::ok).find_map(|(key, bytes)| {
                let value: serde_json::Value = serde_json::from_slice(&bytes).ok()?;
                (value["id"] == id && value.get("seed").is_some()).then_some((key, value))
            })
        };
        let (_, from_a) = record(a.id).unwrap();
        let (key_b, mut on_b) = record(b.id).unwrap();
        assert!(from_a["seed"].as_str().unwrap().starts_with("sealed:v2:"), "{}", from_a["seed"]);
        on_b["seed"] = from_a["seed"].clone();
        on_b["commitment"] = from_a["commitment"].clone();
        draws.insert(key_b, serde_json::to_vec(&on_b).unwrap()).unwrap();
        db.flush().unwrap();
    }
    let store = common::reopened(|| ayo_data::Store::open_sealed(&path, SEED_KEY));
    let refused = store.games.draw(b.id).unwrap_err().to_string();
    assert!(refused.contains("another draw"), "{refused}");
    assert_eq!(store.games.draw(a.id).unwrap().unwrap().seed, a.seed, "the seed opens on its own draw");
}

#[test]
#[ignore = "needs PostgreSQL: scripts/test.sh runs it beside a throwaway one"]
fn cluster_a_plain_seed_slipped_in_before_the_draw_is_refused() {
    let nodes = common::nodes::cluster(1);
    let Node::Cluster(pg) = &nodes[0] else { unreachable!() };
    let games = PgGames::new(pg.clone(), Some(SeedSealer::new(SEED_KEY)));
    let game = stored_game(&games, "slipped");
    let draw = a_draw(games.next_id().unwrap(), &game, base());
    games.put_draw(&draw).unwrap();
    let (id, plain) = (draw.id as i64, draw.seed.to_hex());
    let slip = move |status: &'static str| {
        let plain = plain.clone();
        pg.run(move |pool| async move {
            let sql = "UPDATE draws SET secrets = jsonb_build_object('seed', $2::text), status = $3 WHERE id = $1";
            pool.get().await?.execute(sql, &[&id, &plain, &status]).await?;
            Ok(())
        })
        .unwrap()
    };
    slip("open");
    let refused = games.draw(draw.id).unwrap_err().to_string();
    assert!(refused.contains("unsealed before the draw"), "{refused}");
    slip("drawn");
    assert_eq!(games.draw(draw.id).unwrap().unwrap().seed, draw.seed, "a drawn draw's seed is public");
}

#[test]
#[ignore = "needs PostgreSQL: scripts/test.sh runs it beside a throwaway one"]
fn cluster_a_sealed_seed_copied_onto_another_draw_does_not_open() {
    let nodes = common::nodes::cluster(1);
    let Node::Cluster(pg) = &nodes[0] else { unreachable!() };
    let games = PgGames::new(pg.clone(), Some(SeedSealer::new(SEED_KEY)));
    let game = stored_game(&games, "moved");
    let a = a_draw(games.next_id().unwrap(), &game, base());
    games.put_draw(&a).unwrap();
    let b = a_draw(games.next_id().unwrap(), &game, base() + Duration::minutes(5));
    games.put_draw(&b).unwrap();
    let (from, to) = (a.id as i64, b.id as i64);
    pg.run(move |pool| async move {
        let sql = "UPDATE draws SET secrets = (SELECT secrets FROM draws WHERE id = $1) WHERE id = $2";
        pool.get().await?.execute(sql, &[&from, &to]).await?;
        Ok(())
    })
    .unwrap();
    let refused = games.draw(b.id).unwrap_err().to_string();
    assert!(refused.contains("another draw"), "{refused}");
    assert_eq!(games.draw(a.id).unwrap().unwrap().seed, a.seed);
}

/// PostgreSQL only: the embedded store has one writer per draw (its DrawActor), but nodes may hold copies of a draw
/// another node has moved on.
#[test]
#[ignore = "needs PostgreSQL: scripts/test.sh runs it beside a throwaway one"]
fn cluster_a_stale_copy_never_reopens_a_closed_draw() {
    let nodes = common::nodes::cluster(2);
    let (a, b) = (games(&nodes[0]), games(&nodes[1]));
    let game = stored_game(&*a, "daily");
    let mut open = a_draw(a.next_id().unwrap(), &game, base());
    open.status = DrawStatus::Open;
    a.put_draw(&open).unwrap();
    let mut closed = open.clone();
    closed.status = DrawStatus::Closed;
    closed.ticket_count = 7;
    b.put_draw(&closed).unwrap();

    open.ticket_count = 3;
    assert!(a.put_draw(&open).is_err(), "node A's stale copy is refused");
    assert_eq!(b.draw(open.id).unwrap(), Some(closed.clone()), "still closed, its tickets counted");
    closed.status = DrawStatus::Drawn;
    a.put_draw(&closed).unwrap();
    assert_eq!(b.draw(open.id).unwrap().unwrap().status, DrawStatus::Drawn, "moving on is written");
}

/// PostgreSQL only: a node that planned a game's next draw after losing the lottery's lease (decision 033) cannot
/// add a second draw for a slot the node running the draws already planned.
#[test]
#[ignore = "needs PostgreSQL: scripts/test.sh runs it beside a throwaway one"]
fn cluster_one_draw_per_slot() {
    let nodes = common::nodes::cluster(2);
    let (a, b) = (games(&nodes[0]), games(&nodes[1]));
    let game = stored_game(&*a, "daily");
    let planned = a_draw(a.next_id().unwrap(), &game, base());
    a.put_draw(&planned).unwrap();
    let late = a_draw(b.next_id().unwrap(), &game, base());
    assert!(b.put_draw(&late).is_err(), "the same slot twice is refused");
    assert_eq!(a.draw(late.id).unwrap(), None);
    let next = a_draw(b.next_id().unwrap(), &game, base() + chrono::Duration::minutes(5));
    b.put_draw(&next).unwrap();
}

// Draw numbers (issue 32, docs/decisions/059): a store from before them numbers each game's draws 1, 2, 3… by draw
// time, once, on either engine; a draw already numbered keeps its number.

/// Two games' draws, stored out of time order and without numbers: what each should get, by id.
fn unnumbered_draws(games: &dyn Games) -> Vec<(DrawId, u64)> {
    let (red, blue) = (stored_game(games, "red"), stored_game(games, "blue"));
    let mut expected = Vec::new();
    // Red at minutes 30, 10, 20 (stored in that order), blue at 15 and 5.
    for (game, minute, number) in [(&red, 30, 3), (&red, 10, 1), (&blue, 15, 2), (&red, 20, 2), (&blue, 5, 1)] {
        let draw = a_draw(games.next_id().unwrap(), game, base() + Duration::minutes(minute));
        assert_eq!(draw.number, None);
        games.put_draw(&draw).unwrap();
        expected.push((draw.id, number));
    }
    expected
}

fn numbers_read(games: &dyn Games, expected: &[(DrawId, u64)]) -> Vec<(DrawId, u64)> {
    expected.iter().map(|&(id, _)| (id, games.draw(id).unwrap().unwrap().number.unwrap_or(0))).collect()
}

#[test]
fn a_store_from_before_draw_numbers_numbers_each_games_draws_in_draw_order_when_opened() {
    let dir = tempfile::tempdir().unwrap();
    let expected = {
        let store = ayo_data::Store::open(dir.path()).unwrap();
        let expected = unnumbered_draws(&*store.games);
        store.flush_blocking().unwrap();
        expected
    };
    {
        // As layout 3 left it.
        let db = common::reopened(|| sled::open(dir.path()).map_err(ayo_data::StoreError::from));
        db.open_tree("meta").unwrap().insert(b"layout", &[3u8]).unwrap();
        db.flush().unwrap();
    }
    let store = common::reopened(|| ayo_data::Store::open(dir.path()));
    assert_eq!(numbers_read(&*store.games, &expected), expected);
}

#[test]
#[ignore = "needs PostgreSQL: scripts/test.sh runs it beside a throwaway one"]
fn cluster_the_draw_numbers_migration_numbers_each_games_draws_in_draw_order() {
    let nodes = common::nodes::cluster(1);
    let Node::Cluster(pg) = &nodes[0] else { unreachable!() };
    let games = PgGames::new(pg.clone(), None);
    let expected = unnumbered_draws(&games);
    let (_, _, sql) = ayo_data::pg::schema::MIGRATIONS.iter().find(|(v, _, _)| *v == 17).expect("migration 0017");
    // Run again over draws written without numbers, as it ran over the draws a store held when it was applied.
    pg.run(move |pool| async move {
        pool.get().await?.batch_execute(sql).await?;
        Ok(())
    })
    .unwrap();
    assert_eq!(numbers_read(&games, &expected), expected);
}

/// PostgreSQL only (the embedded store buys on one thread): a change of a game's risk limits waits for a purchase
/// batch already selling into one of its draws under the old ones, and then makes every node read the draw's tickets
/// again (a new epoch), so no batch's sales straddle the change unseen by the limits.
#[test]
#[ignore = "needs PostgreSQL: scripts/test.sh runs it beside a throwaway one"]
fn cluster_a_change_of_limits_waits_for_the_sales_already_under_way() {
    let nodes = common::nodes::cluster(1);
    let Node::Cluster(pg) = &nodes[0] else { unreachable!() };
    let g = games(&nodes[0]);
    let mut game = stored_game(&*g, "daily");
    let mut open = a_draw(g.next_id().unwrap(), &game, base());
    open.status = DrawStatus::Open;
    g.put_draw(&open).unwrap();

    // A batch selling into the draw: it holds the draw `FOR SHARE` (as `pg::money` does) until told to commit.
    let (locked, holding) = std::sync::mpsc::channel();
    let (release, released) = tokio::sync::oneshot::channel::<()>();
    let batch = {
        let (pg, draw) = (pg.clone(), open.id as i64);
        std::thread::spawn(move || {
            pg.run(move |conns| async move {
                let mut conn = conns.get().await?;
                let tx = conn.transaction().await?;
                tx.execute("SELECT 1 FROM draws WHERE id = $1 FOR SHARE", &[&draw]).await?;
                locked.send(()).ok();
                released.await.ok();
                tx.commit().await?;
                Ok(())
            })
            .unwrap();
        })
    };
    holding.recv().unwrap();
    let (saved, saving) = std::sync::mpsc::channel();
    let change = {
        let g = Arc::clone(&g);
        game.risk_limits.reserve = Some(ayo_data::money::Kobo(1_000_000));
        let game = game.clone();
        std::thread::spawn(move || {
            g.put_game(&game).unwrap();
            saved.send(()).unwrap();
        })
    };
    assert!(
        saving.recv_timeout(std::time::Duration::from_millis(500)).is_err(),
        "the change of limits waits while the batch sells under the old ones"
    );
    release.send(()).unwrap();
    batch.join().unwrap();
    saving.recv().unwrap();
    change.join().unwrap();
    assert_eq!(g.game(game.id).unwrap().unwrap().risk_limits, game.risk_limits);
    let epoch = || -> i64 {
        pg.run(move |conns| async move {
            let row = conns
                .get()
                .await?
                .query_one("SELECT epoch FROM draw_risk WHERE draw_id = $1", &[&(open.id as i64)])
                .await?;
            Ok(row.get(0))
        })
        .unwrap()
    };
    assert_eq!(epoch(), 1, "every node reads the draw's tickets again before its next check");

    // A save that leaves the limits as they are takes no lock and starts no new epoch.
    game.name = "Daily, renamed".into();
    g.put_game(&game).unwrap();
    assert_eq!(epoch(), 1);
}
