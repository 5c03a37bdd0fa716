//! Limits key on the real client: the peer, or behind a proxy listed in `AYO_TRUSTED_PROXIES` the forwarded client.
//! One identity's failures slow that identity down but never lock its owner out.

use std::time::Duration;

use serde_json::{json, Value};

use ayo::rate_limit::{Limit, Limits};

use crate::helpers::{spawn_app_with, Reply, TestApp, PASSWORD};

async fn login_from(app: &TestApp, forwarded_for: &str, identity: &str, password: &str) -> Reply {
    let resp = app
        .client
        .post(format!("{}/api/v1/auth/login", app.url))
        .header("X-Forwarded-For", forwarded_for)
        .json(&json!({"userIdentity": identity, "password": password}))
        .send()
        .await
        .unwrap();
    let status = resp.status().as_u16();
    let body: Value = resp.json().await.unwrap_or(Value::Null);
    Reply { status, body }
}

fn three_failures_per_source() -> Limits {
    Limits { login_per_ip: Limit::per_minute(3), login_delay_step: Duration::from_millis(10), ..Limits::default() }
}

#[actix_web::test]
async fn behind_a_trusted_proxy_each_forwarded_client_has_its_own_limit() {
    let app = spawn_app_with(three_failures_per_source(), |s| s.trusted_proxies = "127.0.0.1/32".into()).await;
    for i in 0..3 {
        let r = login_from(&app, "41.58.0.1", &format!("u{i}@example.com"), "wrong-pass").await;
        assert_eq!(r.status, 401);
    }
    let blocked = login_from(&app, "41.58.0.1", "u9@example.com", "wrong-pass").await;
    assert_eq!(blocked.status, 429, "the scripted source is blocked");
    let other = login_from(&app, "41.58.0.2", "u9@example.com", "wrong-pass").await;
    assert_eq!(other.status, 401, "another player behind the same proxy is not");
    // A client cannot escape its limit by writing its own X-Forwarded-For: the proxy appends the real one.
    let forged = login_from(&app, "1.1.1.1, 41.58.0.1", "u9@example.com", "wrong-pass").await;
    assert_eq!(forged.status, 429);
}

#[actix_web::test]
async fn without_trusted_proxies_a_forwarded_header_changes_nothing() {
    let app = spawn_app_with(three_failures_per_source(), |_| {}).await;
    for i in 0..3 {
        let r = login_from(&app, &format!("41.58.0.{i}"), "u@example.com", "wrong-pass").await;
        assert_eq!(r.status, 401);
    }
    let blocked = login_from(&app, "41.58.0.99", "u@example.com", "wrong-pass").await;
    assert_eq!(blocked.status, 429, "every request comes from the same peer");
}

#[actix_web::test]
async fn ipv6_clients_share_a_limit_per_64() {
    let app = spawn_app_with(three_failures_per_source(), |s| s.trusted_proxies = "127.0.0.1".into()).await;
    for i in 1..=3 {
        let r = login_from(&app, &format!("2001:db8:1:2::{i}"), "u@example.com", "wrong-pass").await;
        assert_eq!(r.status, 401);
    }
    let same_64 = login_from(&app, "2001:db8:1:2:ffff::9", "u@example.com", "wrong-pass").await;
    assert_eq!(same_64.status, 429);
    let next_64 = login_from(&app, "2001:db8:1:3::1", "u@example.com", "wrong-pass").await;
    assert_eq!(next_64.status, 401);
}

#[actix_web::test]
async fn failures_from_an_attacker_cannot_lock_the_owner_out() {
    let limits = Limits { login_delay_step: Duration::from_millis(10), ..Limits::default() };
    let app = spawn_app_with(limits, |s| s.trusted_proxies = "127.0.0.1".into()).await;
    app.verified_player("ada@example.com", "+2348012345678").await;
    for _ in 0..5 {
        let r = login_from(&app, "6.6.6.6", "ada@example.com", "wrong-pass").await;
        assert_eq!(r.status, 401);
    }
    let attacker = login_from(&app, "6.6.6.6", "ada@example.com", PASSWORD).await;
    assert_eq!(attacker.status, 429, "the guessing source is blocked for this account");
    let owner = login_from(&app, "41.58.7.7", "ada@example.com", PASSWORD).await;
    assert_eq!(owner.status, 200, "the owner, elsewhere, still gets in: {:?}", owner.body);
}

#[actix_web::test]
async fn an_identity_longer_than_100_characters_is_a_422() {
    let app = spawn_app_with(Limits::default(), |_| {}).await;
    let long = format!("{}@example.com", "a".repeat(95));
    let r = app.post("/auth/login", json!({"userIdentity": long, "password": "x"}), None).await;
    assert_eq!(r.status, 422);
    assert!(!r.field_errors("userIdentity").is_empty(), "{:?}", r.body);
}

/// The attack: behind the documented nginx (which overwrites `X-Forwarded-For`), a client adds its own RFC 7239
/// `Forwarded` header, which nginx passes through, to pick a fresh address for every guess.
#[actix_web::test]
async fn a_clients_forwarded_header_cannot_choose_its_address_behind_a_proxy_writing_x_forwarded_for() {
    let app = spawn_app_with(three_failures_per_source(), |s| s.trusted_proxies = "127.0.0.1".into()).await;
    let mut statuses = Vec::new();
    for i in 0..5 {
        let resp = app
            .client
            .post(format!("{}/api/v1/auth/login", app.url))
            .header("X-Forwarded-For", "41.58.0.1")
            .header("Forwarded", format!("for=6.6.6.{i}"))
            .json(&json!({"userIdentity": format!("u{i}@example.com"), "password": "wrong-pass"}))
            .send()
            .await
            .unwrap();
        statuses.push(resp.status().as_u16());
    }
    assert_eq!(statuses, [401, 401, 401, 429, 429], "every guess counts against the address the proxy wrote");
}

/// The same rule for the host a sandbox checkout returns to: a client's `X-Forwarded-Host` or `Forwarded: host=`
/// is not believed from a peer that is not a trusted proxy, so the player's return link names the real host.
#[actix_web::test]
async fn a_checkout_link_never_follows_a_host_the_client_forwarded() {
    let app = spawn_app_with(Limits::default(), |_| {}).await;
    let player = app.verified_player("ada@example.com", "+2348012345678").await;
    let resp = app
        .client
        .post(format!("{}/api/v1/deposits/create", app.url))
        .bearer_auth(&player)
        .header("X-Forwarded-Host", "evil.example")
        .header("Forwarded", "host=evil.example;proto=https")
        .json(&json!({"amount": 500_000}))
        .send()
        .await
        .unwrap();
    assert_eq!(resp.status().as_u16(), 201);
    let body: Value = resp.json().await.unwrap();
    let link = body["data"]["authorization_url"].as_str().unwrap_or_default();
    assert!(!link.contains("evil.example"), "{link}");
    let page = app.checkout_page(link).await;
    assert!(!page.html.contains("evil.example"), "the return link stays on our host");
}
