//! SIGTERM drill against the real binary: under a purchase peak the server drains — `/ready` stops answering 200,
//! sockets are closed with 1012 (reconnect), requests in flight finish — and exits 0 within 10 s; every acknowledged
//! purchase is there after the restart, and no request got a 5xx.

use std::process::Command;
use std::time::{Duration, Instant};

use futures_util::StreamExt;
use tokio_tungstenite::tungstenite::protocol::frame::coding::CloseCode;
use tokio_tungstenite::tungstenite::Message;

use crate::drills::{buy_until_killed, seed_open_draw};
use crate::offline::{kill, reopen, start_server};

#[actix_web::test]
async fn sigterm_under_a_purchase_peak_drains_closes_sockets_with_1012_and_loses_no_acknowledged_purchase() {
    let dir = tempfile::tempdir().unwrap();
    let (draw_id, players) = seed_open_draw(dir.path());
    let (mut server, url) = start_server(dir.path());
    let ready = reqwest::get(format!("{url}/api/v1/ready")).await.unwrap();
    assert_eq!(ready.status(), 200, "ready once the draws are resumed");

    let ws_url = format!("{}/api/v1/ws", url.replace("http://", "ws://"));
    let (mut socket, _) = tokio_tungstenite::connect_async(&ws_url).await.unwrap();
    let buyers: Vec<_> = players
        .iter()
        .enumerate()
        .map(|(p, (_, token))| tokio::spawn(buy_until_killed(url.clone(), token.clone(), 0, p, draw_id)))
        .collect();
    tokio::time::sleep(Duration::from_millis(400)).await;

    let terminated = Instant::now();
    let sent = Command::new("kill").args(["-TERM", &server.id().to_string()]).status().unwrap();
    assert!(sent.success());
    // The socket is told to reconnect: close code 1012 (service restart), which the web client answers by
    // reconnecting with backoff.
    let mut close = None;
    while let Ok(Some(frame)) = tokio::time::timeout(Duration::from_secs(10), socket.next()).await {
        if let Ok(Message::Close(frame)) = frame {
            close = frame.map(|f| f.code);
            break;
        }
    }
    assert_eq!(close, Some(CloseCode::Restart), "the socket was closed with 1012");

    let exit = loop {
        if let Some(status) = server.try_wait().unwrap() {
            break status;
        }
        assert!(terminated.elapsed() < Duration::from_secs(10), "the server exits within 10 s of SIGTERM");
        tokio::time::sleep(Duration::from_millis(50)).await;
    };
    assert!(exit.success(), "a drained server exits 0: {exit:?}");
    eprintln!("SIGTERM drill: exited in {} ms", terminated.elapsed().as_millis());

    // Every buyer stopped at a refused connection, never at a 5xx (buy_until_killed asserts each answer is 201).
    let mut acked = Vec::new();
    for buyer in buyers {
        acked.extend(buyer.await.unwrap());
    }
    assert!(!acked.is_empty(), "purchases were acknowledged before the signal");

    let (restarted, url) = start_server(dir.path());
    assert_eq!(reqwest::get(format!("{url}/api/v1/ready")).await.unwrap().status(), 200);
    let (_, _) =
        tokio_tungstenite::connect_async(format!("{}/api/v1/ws", url.replace("http://", "ws://"))).await.unwrap();
    kill(restarted);
    let store = reopen(dir.path());
    for id in &acked {
        assert!(store.books.ticket(*id).unwrap().is_some(), "acknowledged ticket {id} survived the restart");
    }
    eprintln!("SIGTERM drill: {} acknowledged purchases, all present", acked.len());
}

#[actix_web::test]
async fn with_ayo_log_format_json_every_log_line_is_one_json_object() {
    let dir = tempfile::tempdir().unwrap();
    let mut server = Command::new(env!("CARGO_BIN_EXE_ayo"))
        .args(["serve", "--bind", "127.0.0.1:0", "--data-dir"])
        .arg(dir.path())
        .env("AYO_PAYMENTS", "sandbox")
        .env("AYO_LOG_FORMAT", "json")
        .env_remove("AYO_LOG")
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = String::new();
    std::io::BufRead::read_line(&mut std::io::BufReader::new(server.stdout.take().unwrap()), &mut first).unwrap();
    let url = first.trim().strip_prefix("Ayo Lotto listening on ").unwrap().to_string();
    assert_eq!(reqwest::get(format!("{url}/api/v1/health")).await.unwrap().status(), 200);
    Command::new("kill").args(["-TERM", &server.id().to_string()]).status().unwrap();
    let output = tokio::task::spawn_blocking(move || server.wait_with_output().unwrap()).await.unwrap();
    assert!(output.status.success());
    let logs = String::from_utf8_lossy(&output.stderr);
    let lines: Vec<&str> = logs.lines().filter(|l| !l.trim().is_empty()).collect();
    assert!(lines.len() >= 2, "{logs}");
    for line in &lines {
        let entry: serde_json::Value = serde_json::from_str(line).unwrap_or_else(|e| panic!("{e}: {line}"));
        assert!(entry["level"].is_string() && entry["timestamp"].is_string(), "{line}");
    }
    assert!(lines.iter().any(|l| l.contains("draining before exit")), "{logs}");
}
