//! The risk desk, live (issue 31: "the risk desk's live update reaches /boss within 1 s of a sale"): one embedded
//! server, a game with risk limits, an admin's socket signed in as the desk's page has it. A player buys N tickets one
//! after another, each after the previous one's push; for each, the time from sending the purchase to the admin's
//! `risk.updated` counting it, and to the desk's full report (GET /admin/draws/{id}/risk, which the page reads on
//! the push) answering with it. Prints figures; asserts nothing about time.

use std::time::{Duration, Instant};

use chrono::Utc;
use futures_util::{SinkExt, StreamExt};
use serde_json::Value;
use tokio_tungstenite::tungstenite::Message;

use ayo_data::game::GameStatus;
use ayo_data::money::Kobo;
use ayo_data::risk_limits::RiskLimits;

use crate::rawhttp::{self, Conn};
use crate::seed;
use crate::server::Server;
use crate::stats::{self, summary};

const STAKE: i64 = 5_000;

pub fn run(sales: usize) -> anyhow::Result<()> {
    stats::heading(&format!("risk desk: {sales} sales one after another, each timed to the admin's risk.updated"));
    let dir = tempfile::tempdir()?;
    let (draw_id, player, admin) = {
        let store = seed::open(dir.path())?;
        let mut game = seed::game(&store, "peak", GameStatus::Paused, 60, 0)?;
        let far = Some(Kobo::naira(1_000_000_000_000));
        game.risk_limits = RiskLimits { reserve: far, ..RiskLimits::default() };
        store.games.put_game(&game)?;
        let now = Utc::now();
        let closes = now + chrono::Duration::minutes(30);
        let draw = seed::open_draw(&store, &game, now - chrono::Duration::minutes(5), closes, closes)?;
        let users = seed::players(&store, 0, 1, 100_000_000_000)?;
        let player = seed::tokens().issue(&users[0])?;
        let admin = seed::admin(&store)?;
        store.flush_blocking()?;
        (draw.id, player, admin)
    };
    let server = Server::start(dir.path(), &[])?;
    let (host, ws_url) = (server.addr().to_string(), server.ws_url());
    let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build()?;
    let (pushed, read) = runtime.block_on(async {
        let (mut socket, _) = tokio_tungstenite::connect_async(ws_url.as_str()).await?;
        next_of(&mut socket, |m| m["type"] == "snapshot").await?;
        let auth = format!(r#"{{"type":"auth","token":"{admin}"}}"#);
        socket.send(Message::Text(auth.into())).await?;
        next_of(&mut socket, |m| m["type"] == "snapshot").await?;
        let mut buyer = Conn::connect(host.parse()?).await?;
        let mut desk = Conn::connect(host.parse()?).await?;
        let report = format!(
            "GET /api/v1/admin/draws/{draw_id}/risk HTTP/1.1\r\nHost: {host}\r\nAuthorization: Bearer {admin}\r\n\r\n"
        );
        let (mut pushed, mut read) = (Vec::new(), Vec::new());
        for sale in 1..=sales {
            let body = format!(
                r#"{{"draw_id":{draw_id},"bet_type":"NAP1","numbers":[{}],"stake_per_line":{STAKE},"idempotency_key":"s{sale}"}}"#,
                sale % 90 + 1
            );
            let started = Instant::now();
            let answer = buyer.call(&rawhttp::post_json(&host, "/api/v1/tickets/create", &player, &body)).await?;
            anyhow::ensure!(answer.status == 201, "sale {sale}: {}", String::from_utf8_lossy(answer.body));
            next_of(&mut socket, |m| m["type"] == "risk.updated" && m["data"]["tickets"].as_u64() >= Some(sale as u64))
                .await?;
            pushed.push(started.elapsed().as_secs_f64() * 1e3);
            let answer = desk.call(report.as_bytes()).await?;
            let data: Value = serde_json::from_slice(answer.body)?;
            anyhow::ensure!(data["data"]["tickets"].as_u64() >= Some(sale as u64), "the report lags: {data}");
            read.push(started.elapsed().as_secs_f64() * 1e3);
        }
        anyhow::Ok((pushed, read))
    })?;
    println!("sale → risk.updated on the admin's socket: {}", summary(pushed));
    println!("sale → the desk's report read after it: {}", summary(read));
    println!("(the push is coalesced per draw every 250 ms: the wait for the next tick is part of these figures)");
    server.kill();
    Ok(())
}

/// The next message on the socket that passes `wanted` (within 10 s).
async fn next_of<S>(socket: &mut S, wanted: impl Fn(&Value) -> bool) -> anyhow::Result<Value>
where
    S: futures_util::Stream<Item = Result<Message, tokio_tungstenite::tungstenite::Error>> + Unpin,
{
    let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
    loop {
        let Some(frame) = tokio::time::timeout_at(deadline, socket.next()).await? else {
            anyhow::bail!("the socket closed");
        };
        if let Message::Text(text) = frame? {
            let message: Value = serde_json::from_str(&text)?;
            if wanted(&message) {
                return Ok(message);
            }
        }
    }
}
