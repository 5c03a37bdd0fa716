//! The players of a run: each buys NAP1 tickets back to back, on its own node first, and sends the same request
//! (same idempotency key) to the next node when a node answers 503 or not at all, as a client would; each watches
//! its wallet on a socket held on another node (so the bus carries its `wallet.updated`), resynchronising from a
//! snapshot when an event is missing, and reconnecting elsewhere when the socket ends. Each also deposits through
//! the sandbox gateway, driving its HTTP as the checkout page and the deposit page do, and asks for withdrawals, now
//! and then between purchases (`bank`). Every answer is kept by the phase of the run it came in, for the figures and
//! for the invariants.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicI64, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use tokio_tungstenite::tungstenite::Message;

pub const STAKE: i64 = 5_000;
/// A purchase slower than this is described try by try in the run's report (where did the time go?).
pub const SLOW: Duration = Duration::from_secs(3);

/// What the players saw in one phase.
#[derive(Default, Clone)]
pub struct Tally {
    /// Purchases acknowledged (201, or 200 for a replay of an unanswered one) and how long each took, in ms.
    pub latencies: Vec<f64>,
    pub unavailable: u64,
    pub no_answer: u64,
    pub closed: u64,
    /// Deposits credited and withdrawals held, as their player was told.
    pub money_moves: u64,
    /// The purchases acknowledged after more than `SLOW`: how long, and each try on its way (node, answer, time).
    pub slow: Vec<(f64, String)>,
    /// Anything else: a 500, an unexpected status. Each is a failure of the run.
    pub wrong: Vec<String>,
}

/// Everything the players did, shared with the run.
#[derive(Default)]
pub struct Record {
    pub phase: AtomicUsize,
    pub tallies: Mutex<HashMap<usize, Tally>>,
    /// (player, idempotency key, draw) → the ticket id acknowledged for it.
    pub acked: Mutex<HashMap<(u64, String), (u64, u64)>>,
    /// A ticket acknowledged under a second key, or a key acknowledged with two ids.
    pub doubles: Mutex<Vec<String>>,
    /// (player, reference, kobo) of every deposit its player saw credited.
    pub deposits: Mutex<Vec<(u64, String, i64)>>,
    /// (player, idempotency key) → (withdrawal id, kobo) of every withdrawal acknowledged.
    pub withdrawals: Mutex<HashMap<(u64, String), (u64, i64)>>,
    /// The buyers stop.
    pub stop: AtomicBool,
    /// The sockets close (after the buyers, once the run has checked what they show).
    pub stop_watching: AtomicBool,
}

impl Record {
    fn tally(&self, at: usize, add: impl FnOnce(&mut Tally)) {
        add(self.tallies.lock().expect("tallies").entry(at).or_default());
    }
}

/// The draws on sale, with their close: a player buys into the one closing soonest that still sells.
#[derive(Default)]
pub struct Draws(Mutex<Vec<(u64, chrono::DateTime<chrono::Utc>)>>);

impl Draws {
    pub fn add(&self, draw: u64, closes_at: chrono::DateTime<chrono::Utc>) {
        self.0.lock().expect("draws").push((draw, closes_at));
    }

    /// The draw to buy into now, skipping `closed` (those a node said were closed).
    fn pick(&self, closed: &[u64]) -> Option<u64> {
        let soon = chrono::Utc::now() + chrono::Duration::milliseconds(300);
        let draws = self.0.lock().expect("draws");
        draws.iter().filter(|(id, at)| *at > soon && !closed.contains(id)).min_by_key(|(_, at)| *at).map(|(id, _)| *id)
    }
}

/// One player buying until `record.stop`: `urls` are the nodes, `home` the one it tries first.
pub async fn buy(record: Arc<Record>, urls: Vec<String>, home: usize, player: u64, token: String, draws: Arc<Draws>) {
    let client = reqwest::Client::builder().timeout(Duration::from_secs(8)).build().expect("a client");
    let mut seq = 0u64;
    let mut closed = Vec::new();
    while !record.stop.load(Ordering::SeqCst) {
        seq += 1;
        let Some(draw) = draws.pick(&closed) else { return };
        let key = format!("p{player}-{seq}");
        let body = json!({
            "draw_id": draw, "bet_type": "NAP1", "numbers": [seq % 90 + 1], "stake_per_line": STAKE, "idempotency_key": key,
        });
        let mut node = home;
        let started = Instant::now();
        let mut tries: Vec<String> = Vec::new();
        // The same request until it is answered for good: acknowledged, or refused for a reason of its own.
        loop {
            let phase = record.phase.load(Ordering::SeqCst);
            let tried = Instant::now();
            let sent = client
                .post(format!("{}/api/v1/tickets/create", urls[node]))
                .bearer_auth(&token)
                .json(&body)
                .send()
                .await;
            let answer = match sent {
                Ok(resp) => {
                    let status = resp.status().as_u16();
                    Some((status, resp.json::<Value>().await.unwrap_or(Value::Null)))
                }
                Err(_) => None,
            };
            let said = answer.as_ref().map_or_else(|| "no answer".to_string(), |(status, _)| status.to_string());
            tries.push(format!("node {node} {said} in {:.1} s", tried.elapsed().as_secs_f64()));
            match answer {
                Some((201 | 200, reply)) => {
                    let id = reply["data"]["id"].as_u64().unwrap_or(0);
                    let ms = started.elapsed().as_secs_f64() * 1000.0;
                    let slow = (started.elapsed() > SLOW).then(|| (ms, tries.join(", ")));
                    record.tally(phase, |t| {
                        t.latencies.push(ms);
                        t.slow.extend(slow);
                    });
                    let mut acked = record.acked.lock().expect("acked");
                    if let Some((before, _)) = acked.insert((player, key.clone()), (id, draw)) {
                        if before != id {
                            record.doubles.lock().expect("doubles").push(format!("{key}: {before} then {id}"));
                        }
                    }
                    break;
                }
                Some((422, reply)) if reply["errorCode"] == "DRAW_CLOSED" => {
                    record.tally(phase, |t| t.closed += 1);
                    closed.push(draw);
                    break;
                }
                Some((503, _)) => record.tally(phase, |t| t.unavailable += 1),
                None => record.tally(phase, |t| t.no_answer += 1),
                Some((status, reply)) => {
                    record.tally(phase, |t| t.wrong.push(format!("{status} {reply}")));
                    break;
                }
            }
            if record.stop.load(Ordering::SeqCst) {
                // Unanswered at the end: it may or may not have been bought; it was never acknowledged.
                return;
            }
            node = (node + 1) % urls.len();
            tokio::time::sleep(Duration::from_millis(200)).await;
        }
    }
}

/// What one deposit costs and one withdrawal asks (kobo): above the minimum of each (data/src/deposit.rs,
/// data/src/withdrawal.rs).
pub const DEPOSIT: i64 = 20_000;
pub const WITHDRAWAL: i64 = 100_000;
/// The pause between one player's money moves: a few a minute each, beside their purchases back to back.
const BANKING_PAUSE: Duration = Duration::from_millis(1500);
/// How long a player waits on a deposit page that still says pending before giving up on it (unacknowledged).
const DEPOSIT_PATIENCE: Duration = Duration::from_secs(30);

/// What a step of a money move came to.
enum Step {
    /// Answered for good, with the answer's body.
    Done(Value),
    /// The run stopped, or an answer the run counts as wrong (recorded).
    Over,
}

/// Sends one request (built by `send` for a node's URL) until it is answered for good: a 503 or no answer goes to
/// the next node after a short pause, as a client retries; `ok` says which statuses are an answer.
async fn until_answered(
    record: &Record,
    urls: &[String],
    node: &mut usize,
    what: &str,
    ok: impl Fn(u16) -> bool,
    send: impl Fn(&str) -> reqwest::RequestBuilder,
) -> Step {
    loop {
        let phase = record.phase.load(Ordering::SeqCst);
        match send(&urls[*node]).send().await {
            Ok(resp) if ok(resp.status().as_u16()) => {
                let text = resp.text().await.unwrap_or_default();
                return Step::Done(serde_json::from_str(&text).unwrap_or(Value::String(text)));
            }
            Ok(resp) if resp.status().as_u16() == 503 => record.tally(phase, |t| t.unavailable += 1),
            Ok(resp) => {
                let status = resp.status().as_u16();
                let body = resp.text().await.unwrap_or_default();
                record.tally(phase, |t| t.wrong.push(format!("{what}: {status} {body}")));
                return Step::Over;
            }
            Err(_) => record.tally(phase, |t| t.no_answer += 1),
        }
        if record.stop.load(Ordering::SeqCst) {
            return Step::Over;
        }
        *node = (*node + 1) % urls.len();
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}

/// One player's deposits and withdrawals until `record.stop`, taking turns, starting on `home`. A deposit is
/// opened (`POST /deposits/create`), paid on the sandbox's checkout page (the form's Pay, which sends the signed
/// webhook), and read back on the deposit page (`GET /deposits/{reference}`, which verifies a pending one with the
/// gateway): acknowledged once that page says `success`. A withdrawal is acknowledged by its 201 (or the 200 of a
/// replay of its key on another node).
pub async fn bank(record: Arc<Record>, urls: Vec<String>, home: usize, player: u64, token: String) {
    let client = reqwest::Client::builder()
        .timeout(Duration::from_secs(8))
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .expect("a client");
    let mut node = home;
    let mut turn = 0u64;
    while !record.stop.load(Ordering::SeqCst) {
        tokio::time::sleep(BANKING_PAUSE).await;
        turn += 1;
        if turn % 2 == 1 {
            deposit(&record, &client, &urls, &mut node, player, &token).await;
        } else {
            withdraw(&record, &client, &urls, &mut node, player, &token, turn).await;
        }
    }
}

async fn deposit(
    record: &Record,
    client: &reqwest::Client,
    urls: &[String],
    node: &mut usize,
    player: u64,
    token: &str,
) {
    let opened = until_answered(
        record,
        urls,
        node,
        "deposit",
        |s| s == 201,
        |url| {
            client.post(format!("{url}/api/v1/deposits/create")).bearer_auth(token).json(&json!({ "amount": DEPOSIT }))
        },
    )
    .await;
    let Step::Done(opened) = opened else { return };
    let Some(reference) = opened["data"]["reference"].as_str().map(str::to_string) else {
        record.tally(record.phase.load(Ordering::SeqCst), |t| t.wrong.push(format!("deposit opened as {opened}")));
        return;
    };
    // The checkout page's Pay, on whichever node answers (the sandbox's books are shared): 303 back to the site.
    let paid = until_answered(
        record,
        urls,
        node,
        "checkout",
        |s| s == 303,
        |url| client.post(format!("{url}/api/v1/payments/sandbox/checkout/{reference}")).form(&[("action", "pay")]),
    )
    .await;
    if matches!(paid, Step::Over) {
        return;
    }
    // The deposit page the player returns to: it verifies a pending deposit with the gateway and credits it.
    let given_up = Instant::now() + DEPOSIT_PATIENCE;
    loop {
        let read = until_answered(
            record,
            urls,
            node,
            "deposit page",
            |s| s == 200,
            |url| client.get(format!("{url}/api/v1/deposits/{reference}")).bearer_auth(token),
        )
        .await;
        let Step::Done(read) = read else { return };
        match read["data"]["status"].as_str() {
            Some("success") => {
                record.deposits.lock().expect("deposits").push((player, reference, DEPOSIT));
                record.tally(record.phase.load(Ordering::SeqCst), |t| t.money_moves += 1);
                return;
            }
            Some("pending") if Instant::now() < given_up && !record.stop.load(Ordering::SeqCst) => {
                *node = (*node + 1) % urls.len();
                tokio::time::sleep(Duration::from_millis(500)).await;
            }
            Some("pending") => return,
            _ => {
                let phase = record.phase.load(Ordering::SeqCst);
                record.tally(phase, |t| t.wrong.push(format!("a paid deposit reads {read}")));
                return;
            }
        }
    }
}

async fn withdraw(
    record: &Record,
    client: &reqwest::Client,
    urls: &[String],
    node: &mut usize,
    player: u64,
    token: &str,
    turn: u64,
) {
    let key = format!("w{player}-{turn}");
    let body = json!({ "amount": WITHDRAWAL, "idempotency_key": key });
    let held = until_answered(
        record,
        urls,
        node,
        "withdrawal",
        |s| s == 201 || s == 200,
        |url| client.post(format!("{url}/api/v1/withdrawals/create")).bearer_auth(token).json(&body),
    )
    .await;
    let Step::Done(held) = held else { return };
    let id = held["data"]["id"].as_u64().unwrap_or(0);
    let mut withdrawals = record.withdrawals.lock().expect("withdrawals");
    if let Some((before, _)) = withdrawals.insert((player, key.clone()), (id, WITHDRAWAL)) {
        if before != id {
            record.doubles.lock().expect("doubles").push(format!("withdrawal {key}: {before} then {id}"));
        }
    }
    record.tally(record.phase.load(Ordering::SeqCst), |t| t.money_moves += 1);
}

/// What one player's socket knows.
#[derive(Default)]
pub struct Watch {
    pub balance: AtomicI64,
    pub reconnects: AtomicU64,
    pub resyncs: AtomicU64,
    /// The node the socket is on now.
    pub node: AtomicUsize,
}

/// Holds a socket for `token`, starting on `urls[start]`, tracking the balance, until `record.stop_watching`.
pub async fn watch(record: Arc<Record>, urls: Vec<String>, start: usize, token: String, seen: Arc<Watch>) {
    let mut node = start;
    while !record.stop_watching.load(Ordering::SeqCst) {
        let ws = format!("{}/api/v1/ws", urls[node].replacen("http://", "ws://", 1));
        let Ok(Ok((mut socket, _))) =
            tokio::time::timeout(Duration::from_secs(5), tokio_tungstenite::connect_async(ws)).await
        else {
            node = (node + 1) % urls.len();
            seen.reconnects.fetch_add(1, Ordering::SeqCst);
            tokio::time::sleep(Duration::from_millis(500)).await;
            continue;
        };
        seen.node.store(node, Ordering::SeqCst);
        let auth = Message::Text(json!({"type": "auth", "token": token}).to_string().into());
        if socket.send(auth.clone()).await.is_err() {
            continue;
        }
        let mut last: HashMap<String, u64> = HashMap::new();
        loop {
            let frame = tokio::select! {
                frame = socket.next() => frame,
                _ = tokio::time::sleep(Duration::from_millis(250)) => {
                    if record.stop_watching.load(Ordering::SeqCst) { return; }
                    continue;
                }
            };
            let Some(Ok(frame)) = frame else { break };
            let Message::Text(text) = frame else { continue };
            let Ok(message) = serde_json::from_str::<Value>(&text) else { continue };
            match message["type"].as_str() {
                Some("snapshot") => {
                    last.clear();
                    if let Some(balance) = message["data"]["wallet"]["balance"].as_i64() {
                        seen.balance.store(balance, Ordering::SeqCst);
                    }
                    continue;
                }
                Some("wallet.updated") => {
                    if let Some(balance) = message["data"]["balance"].as_i64() {
                        seen.balance.store(balance, Ordering::SeqCst);
                    }
                }
                _ => {}
            }
            if let (Some(topic), Some(seq)) = (message["topic"].as_str(), message["seq"].as_u64()) {
                if let Some(before) = last.insert(topic.to_string(), seq) {
                    if seq > before + 1 {
                        // A missed event: start again from a snapshot, as the web app does.
                        seen.resyncs.fetch_add(1, Ordering::SeqCst);
                        if socket.send(auth.clone()).await.is_err() {
                            break;
                        }
                    }
                }
            }
        }
        seen.reconnects.fetch_add(1, Ordering::SeqCst);
        node = (node + 1) % urls.len();
        tokio::time::sleep(Duration::from_millis(500)).await;
    }
}

/// Nearest-rank percentile of `values` (ms).
pub fn percentile(values: &[f64], p: f64) -> f64 {
    if values.is_empty() {
        return 0.0;
    }
    let mut sorted = values.to_vec();
    sorted.sort_by(f64::total_cmp);
    let rank = ((p / 100.0) * sorted.len() as f64).ceil() as usize;
    sorted[rank.clamp(1, sorted.len()) - 1]
}
