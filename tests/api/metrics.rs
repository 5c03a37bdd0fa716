//! `/metrics` on its own listener: Prometheus text whose counters move when players buy, and a bearer token when
//! one is configured. (The recorder is one per process, so counters here include other tests' traffic: the checks
//! are on increases.)

use crate::helpers::spawn_app_with;
use crate::lotto::nap1;
use ayo::rate_limit::Limits;

/// The value of the first sample whose line starts with `series` (name and labels as Prometheus writes them).
fn sample(text: &str, series: &str) -> f64 {
    text.lines()
        .filter(|l| !l.starts_with('#'))
        .find_map(|l| l.strip_prefix(series).and_then(|rest| rest.trim().parse().ok()))
        .unwrap_or(0.0)
}

#[actix_web::test]
async fn metrics_count_purchases_requests_and_sockets_on_their_own_listener() {
    let app = spawn_app_with(Limits::default(), |s| s.metrics_bind = Some("127.0.0.1:0".into())).await;
    let metrics = app.metrics_url.clone().expect("a metrics listener");
    assert!(!metrics.starts_with(&app.url), "metrics are not on the public port");
    let scrape = || async { reqwest::get(&metrics).await.unwrap().text().await.unwrap() };

    let draw = app.quick_draw(60_000, 61_000).await;
    let admin = app.admin("boss@ayolotto.ng").await;
    let ada = app.verified_player("ada@example.com", "+2348012345678").await;
    app.fund(&admin, &ada, 20_000).await;
    let (socket, _) =
        tokio_tungstenite::connect_async(format!("{}/api/v1/ws", app.url.replace("http://", "ws://"))).await.unwrap();
    let before = scrape().await;
    assert_eq!(app.buy(&ada, nap1(draw.id, 9, 5_000, "m1")).await.status, 201);
    assert_eq!(app.buy(&ada, nap1(draw.id, 9, 5_000, "m1")).await.status, 200, "a replay is not a purchase");
    let after = scrape().await;

    assert!(sample(&after, "ayo_purchases_total") >= sample(&before, "ayo_purchases_total") + 1.0, "{after}");
    let created = r#"ayo_http_requests_total{method="POST",route="/api/v1/tickets/create",status="201"}"#;
    assert!(sample(&after, created) >= sample(&before, created) + 1.0, "{after}");
    assert!(after.contains("ayo_http_request_duration_seconds_bucket{"), "latency is a histogram: {after}");
    assert!(after.contains("ayo_store_flush_duration_seconds_count"), "{after}");
    assert!(sample(&after, "ayo_sockets_open") >= 1.0, "{after}");
    assert!(sample(&after, "ayo_wallet_actors_alive") >= 1.0, "{after}");
    drop(socket);
}

#[actix_web::test]
async fn with_a_metrics_token_an_unauthenticated_scrape_is_refused() {
    // 32 random bytes in hex: a guessable token is refused at start (`ayo::secrets::strength`).
    const TOKEN: &str = "338b69d7c65fcceb2a38f6067795bf3481521c6a7d5e7371b0869ea34d807b16";
    let app = spawn_app_with(Limits::default(), |s| {
        s.metrics_bind = Some("127.0.0.1:0".into());
        s.metrics_token = Some(TOKEN.into());
    })
    .await;
    let metrics = app.metrics_url.clone().unwrap();
    let client = reqwest::Client::new();
    assert_eq!(client.get(&metrics).send().await.unwrap().status(), 401);
    let wrong = client.get(&metrics).bearer_auth("nope").send().await.unwrap();
    assert_eq!(wrong.status(), 401);
    let right = client.get(&metrics).bearer_auth(TOKEN).send().await.unwrap();
    assert_eq!(right.status(), 200);
    assert!(right.text().await.unwrap().contains("ayo_"));
}
