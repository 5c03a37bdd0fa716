//! Guessing in parallel (issue 28): every password (and code) check is counted before it is evaluated, so a burst
//! fired all at once gets no more tries than a patient attacker would, and one address's burst waits behind
//! nobody's login but its own. Each test is the attack: the burst at login, the stolen token's burst at
//! change-password and at the payout account, the burst beside another player's login, a second-factor burst, and
//! running out of reset tries with a real and an unknown email. The `cluster_` ones split the burst over two nodes
//! on one PostgreSQL (scripts/cluster-services.sh).

use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::Duration;

use futures_util::future::join_all;
use serde_json::{json, Value};

use ayo::rate_limit::{Limit, Limits, RateLimiter};

use crate::helpers::{spawn_app_with, totp_now, Reply, TestApp, ADMIN_PASSWORD, ADMIN_TOTP_SECRET, PASSWORD};

/// At most this many wrong passwords from one source at one identity in any 15 minutes, and wrong current
/// passwords of a session in any hour (docs/security.md; the contract outside checks rely on).
const CONTRACT: usize = 10;

/// How many answers had each status.
fn tally(replies: &[Reply]) -> BTreeMap<u16, usize> {
    let mut counts = BTreeMap::new();
    for reply in replies {
        *counts.entry(reply.status).or_insert(0) += 1;
    }
    counts
}

fn of(counts: &BTreeMap<u16, usize>, status: u16) -> usize {
    counts.get(&status).copied().unwrap_or(0)
}

/// A POST from the forwarded client `from` (the app trusts 127.0.0.1 as its proxy).
async fn post_from(app: &TestApp, from: &str, path: &str, body: Value, token: Option<&str>) -> Reply {
    let mut req = app.client.post(format!("{}/api/v1{path}", app.url)).header("X-Forwarded-For", from).json(&body);
    if let Some(token) = token {
        req = req.bearer_auth(token);
    }
    let resp = req.send().await.unwrap();
    let status = resp.status().as_u16();
    Reply { status, body: resp.json().await.unwrap_or(Value::Null) }
}

fn behind_the_proxy(settings: &mut ayo::server::config::Settings) {
    settings.trusted_proxies = "127.0.0.1".into();
}

/// The default budgets with an Argon2 queue that turns nobody away: what holds the burst then is the budget alone
/// (the queue's own share per address is attacked in `src/auth/hash_queue.rs` and the burst-beside-a-login test).
fn budgets_alone() -> Limits {
    Limits { hashes_per_source: 10_000, hashes_waiting: 10_000, ..Limits::default() }
}

#[actix_web::test]
async fn a_burst_of_250_wrong_passwords_and_the_right_one_gets_only_the_budget_evaluated() {
    let app = spawn_app_with(budgets_alone(), |_| {}).await;
    app.verified_player("ada@example.com", "+2348012345678").await;
    let login = |password: &str| {
        app.post("/auth/login", json!({"userIdentity": "ada@example.com", "password": password}), None)
    };
    let mut burst: Vec<_> = (0..250).map(|i| login(if i == 125 { PASSWORD } else { "wrong-pass" })).collect();
    burst.rotate_left(100);
    let replies = join_all(burst).await;
    let counts = tally(&replies);
    // Five a window; the right password, should it land, starts the identity's count again: ten at most.
    assert!(of(&counts, 401) <= CONTRACT, "wrong passwords evaluated: {counts:?}");
    assert!(of(&counts, 200) <= 1, "{counts:?}");
    assert_eq!(of(&counts, 429), 250 - of(&counts, 401) - of(&counts, 200), "the rest are refused: {counts:?}");
    let refused = replies.iter().find(|r| r.status == 429).unwrap();
    assert_eq!(refused.body["errorCode"], "RATE_LIMITED");
}

#[actix_web::test]
async fn a_stolen_token_cannot_burst_guess_the_password_to_change_it() {
    let app = spawn_app_with(budgets_alone(), |_| {}).await;
    let stolen = app.verified_player("ada@example.com", "+2348012345678").await;
    let change = |current: &str| {
        let body = json!({"current_password": current, "password": "thief-owns-it"});
        app.post("/auth/change-password", body, Some(&stolen))
    };
    let mut wrong = tally(&join_all((0..60).map(|i| change(&format!("guess-{i}")))).await);
    // Whatever the queue turned away unevaluated is tried again one by one, until the budget itself says no.
    while of(&wrong, 429) > 0 {
        let reply = change("guess-again").await;
        *wrong.entry(reply.status).or_insert(0) += 1;
        if reply.status == 429 {
            break;
        }
        assert_eq!(reply.status, 422);
        assert!(!reply.field_errors("current_password").is_empty(), "{:?}", reply.body);
    }
    assert!(of(&wrong, 422) <= CONTRACT, "wrong current passwords evaluated: {wrong:?}");
    assert_eq!(of(&wrong, 422) + of(&wrong, 429), wrong.values().sum::<usize>(), "{wrong:?}");

    let right = change(PASSWORD).await;
    assert_eq!(right.status, 429, "the right password past the budget is not evaluated: {:?}", right.body);
    app.login("ada@example.com", PASSWORD).await;
    let taken = app.post("/auth/login", json!({"userIdentity": "ada@example.com", "password": "thief-owns-it"}), None);
    assert_eq!(taken.await.status, 401, "the account was not taken");
}

#[actix_web::test]
async fn the_payout_account_and_change_password_share_one_budget_against_a_stolen_token() {
    let app = spawn_app_with(budgets_alone(), |_| {}).await;
    let stolen = app.verified_player("ada@example.com", "+2348012345678").await;
    assert_eq!(app.save_account(&stolen, ("058", "0123456785")).await.status, 201);
    let replace = |password: String| {
        let body = json!({"bank_code": "044", "account_number": "0690123456", "current_password": password});
        app.post("/accounts/create", body, Some(&stolen))
    };
    let change = |current: String| {
        app.post(
            "/auth/change-password",
            json!({"current_password": current, "password": "thief-owns-it"}),
            Some(&stolen),
        )
    };
    let (payout, password) = futures_util::future::join(
        join_all((0..40).map(|i| replace(format!("guess-{i}")))),
        join_all((0..40).map(|i| change(format!("other-{i}")))),
    )
    .await;
    let (payout, password) = (tally(&payout), tally(&password));
    let evaluated = of(&payout, 422) + of(&password, 422);
    assert!(evaluated <= CONTRACT, "wrong passwords evaluated: payout {payout:?}, change {password:?}");
    assert_eq!(of(&payout, 422) + of(&payout, 429), 40, "{payout:?}");
    assert_eq!(of(&password, 422) + of(&password, 429), 40, "{password:?}");

    // Fill what the queue turned away, then the right password is refused unevaluated: the payout stays.
    while replace("guess-again".into()).await.status == 422 {}
    let right = replace(PASSWORD.into()).await;
    assert_eq!(right.status, 429, "{:?}", right.body);
    let mine = app.get("/accounts", Some(&stolen)).await;
    assert_eq!(mine.body["data"]["account_number"], "0123456785", "the payout account is the player's own");
}

#[actix_web::test]
async fn one_addresss_burst_is_refused_unhashed_and_another_players_login_goes_through() {
    let app = spawn_app_with(Limits::default(), behind_the_proxy).await;
    app.verified_player("ada@example.com", "+2348012345678").await;
    let attacker = (0..120).map(|i| {
        let body = json!({"userIdentity": format!("victim{i}@example.com"), "password": "wrong-pass"});
        post_from(&app, "6.6.6.6", "/auth/login", body, None)
    });
    let owner = post_from(
        &app,
        "41.58.7.7",
        "/auth/login",
        json!({"userIdentity": "ada@example.com", "password": PASSWORD}),
        None,
    );
    let (burst, owner) = futures_util::future::join(join_all(attacker), owner).await;
    assert_eq!(owner.status, 200, "another address is neither refused nor blocked: {:?}", owner.body);
    let counts = tally(&burst);
    let per_source = Limits::default().login_per_ip.max as usize;
    assert!(of(&counts, 401) <= per_source, "hashed for one address in a minute: {counts:?}");
    assert_eq!(of(&counts, 429), 120 - of(&counts, 401), "the excess is refused before any hash: {counts:?}");
}

#[actix_web::test]
async fn a_burst_of_second_factor_guesses_gets_only_the_budget() {
    let app = spawn_app_with(budgets_alone(), |_| {}).await;
    app.admin("boss@ayolotto.ng").await;
    let mfa_token = app.admin_password_step("boss@ayolotto.ng", ADMIN_PASSWORD).await;
    let right = [totp_now(ADMIN_TOTP_SECRET, -1), totp_now(ADMIN_TOTP_SECRET, 0), totp_now(ADMIN_TOTP_SECRET, 1)];
    let wrong: Vec<String> =
        (0..1000).map(|n| format!("{:06}", n * 997 % 1_000_000)).filter(|c| !right.contains(c)).take(100).collect();
    let burst =
        wrong.iter().map(|code| app.post("/auth/mfa/verify", json!({"mfa_token": mfa_token, "code": code}), None));
    let counts = tally(&join_all(burst).await);
    assert!(of(&counts, 422) <= Limits::default().login_failures_per_identity.max as usize, "{counts:?}");
    assert_eq!(of(&counts, 429), 100 - of(&counts, 422), "{counts:?}");
}

#[actix_web::test]
async fn a_burst_of_emailless_codes_gets_only_the_shared_budget() {
    let limits = Limits {
        otp_verify_anonymous: Limit::per_minute(3),
        otp_verify_per_ip: Limit::per_minute(1000),
        ..Limits::default()
    };
    let app = spawn_app_with(limits, |_| {}).await;
    let burst = (0..100)
        .map(|n| app.post("/otps/verify", json!({"otp": format!("{:06}", n * 7919), "type": "verification"}), None));
    let counts = tally(&join_all(burst).await);
    assert!(of(&counts, 422) <= 3, "{counts:?}");
    assert_eq!(of(&counts, 429), 100 - of(&counts, 422), "{counts:?}");
}

/// Seven wrong codes for `email` at every path that checks a code with its email, after asking for a code.
async fn run_out_of_tries(app: &TestApp, email: &str, purpose: &str, avoid: Option<&str>) -> Vec<(u16, Value)> {
    let wrong = ["000000", "111111"].into_iter().find(|c| Some(*c) != avoid).unwrap();
    let mut answers = Vec::new();
    for n in 0..7 {
        let reply = if n % 2 == 0 || purpose == "verification" {
            app.post("/otps/verify", json!({"otp": wrong, "type": purpose, "email": email}), None).await
        } else {
            let body = json!({"email": email, "otp": wrong, "password": "hacked-pass"});
            app.post("/auth/reset-password", body, None).await
        };
        answers.push((reply.status, reply.body));
    }
    answers
}

fn roomy() -> Limits {
    Limits { otp_verify_per_ip: Limit::per_minute(1000), ..Limits::default() }
}

#[actix_web::test]
async fn a_real_and_an_unknown_email_run_out_of_reset_tries_alike() {
    let app = spawn_app_with(roomy(), |_| {}).await;
    app.verified_player("ada@example.com", "+2348012345678").await;
    for email in ["ada@example.com", "nobody@example.com"] {
        assert_eq!(app.post("/auth/forgot-password", json!({"email": email}), None).await.status, 200);
    }
    app.background.wait_idle(Duration::from_secs(5));
    let code = app.latest_code("ada@example.com");
    let real = run_out_of_tries(&app, "ada@example.com", "password_reset", Some(&code)).await;
    let unknown = run_out_of_tries(&app, "nobody@example.com", "password_reset", Some(&code)).await;
    assert_eq!(real, unknown, "the answers tell the accounts apart");
    assert!(real.iter().all(|(status, _)| *status == 422), "{real:?}");
    let said: Vec<&str> = real.iter().map(|(_, body)| body["errors"]["otp"][0].as_str().unwrap_or("")).collect();
    assert!(said[..4].iter().all(|s| s.contains("not correct")), "{said:?}");
    assert!(said[4..].iter().all(|s| s.contains("Too many wrong codes")), "both run out at the fifth: {said:?}");

    // The real code is spent too: nobody resets with it now.
    let late = app.post(
        "/auth/reset-password",
        json!({"email": "ada@example.com", "otp": code, "password": "hacked-pass"}),
        None,
    );
    assert_eq!(late.await.status, 422);
    app.login("ada@example.com", PASSWORD).await;
}

#[actix_web::test]
async fn an_unverified_and_an_unknown_email_run_out_of_verification_tries_alike() {
    let app = spawn_app_with(roomy(), |_| {}).await;
    app.sign_up("Ada Obi", "ada@example.com", "+2348012345678").await;
    let code = app.latest_code("ada@example.com");
    let real = run_out_of_tries(&app, "ada@example.com", "verification", Some(&code)).await;
    let unknown = run_out_of_tries(&app, "nobody@example.com", "verification", Some(&code)).await;
    assert_eq!(real, unknown, "the answers tell the accounts apart");
}

#[actix_web::test]
async fn the_owner_with_the_right_code_still_resets_after_a_few_misses() {
    let app = spawn_app_with(roomy(), |_| {}).await;
    app.verified_player("ada@example.com", "+2348012345678").await;
    app.post("/auth/forgot-password", json!({"email": "ada@example.com"}), None).await;
    app.background.wait_idle(Duration::from_secs(5));
    let code = app.latest_code("ada@example.com");
    let wrong = if code == "000000" { "111111" } else { "000000" };
    for _ in 0..3 {
        let miss =
            app.post("/otps/verify", json!({"otp": wrong, "type": "password_reset", "email": "ada@example.com"}), None);
        assert_eq!(miss.await.status, 422);
    }
    let reset = app.post(
        "/auth/reset-password",
        json!({"email": "ada@example.com", "otp": code, "password": "fresh-pass"}),
        None,
    );
    assert_eq!(reset.await.status, 200);
    app.login("ada@example.com", "fresh-pass").await;
}

const NEEDS_POSTGRES: &str = "AYO_TEST_POSTGRES_URL: run through scripts/cluster-services.sh";

#[actix_web::test]
#[ignore = "needs PostgreSQL (scripts/cluster-services.sh)"]
async fn cluster_a_burst_of_reservations_on_two_nodes_takes_exactly_the_budget() {
    let (mut client, url) = crate::cluster_migrate::empty_database().await;
    ayo_data::pg::schema::apply(&mut client).await.unwrap();
    let a = Arc::new(RateLimiter::shared(Arc::new(ayo_data::pg::connect(&url).await.unwrap())));
    let b = Arc::new(RateLimiter::shared(Arc::new(ayo_data::pg::connect(&url).await.unwrap())));
    let budget = Limit::per(5, 15 * 60);
    let burst = (0..250).map(|n| {
        let node = if n % 2 == 0 { a.clone() } else { b.clone() };
        async move { node.reserve("login-fail:user:1@6.6.6.6", budget).await }
    });
    let granted: Vec<_> = join_all(burst).await.into_iter().filter_map(Result::ok).collect();
    assert_eq!(granted.len(), 5, "two nodes never both take the last place");
    assert_eq!(a.count("login-fail:user:1@6.6.6.6", budget).await, 5);

    // A reservation given back frees exactly its place, on either node; one from an ended window frees none.
    b.release(&granted[0]).await;
    assert_eq!(a.count("login-fail:user:1@6.6.6.6", budget).await, 4);
    assert!(a.reserve("login-fail:user:1@6.6.6.6", budget).await.is_ok());
    assert!(b.reserve("login-fail:user:1@6.6.6.6", budget).await.is_err());
    a.clear("login-fail:user:1@6.6.6.6").await;
    let fresh = a.reserve("login-fail:user:1@6.6.6.6", budget).await.unwrap();
    b.release(&granted[1]).await;
    assert_eq!(b.count("login-fail:user:1@6.6.6.6", budget).await, 1, "{fresh:?}");
}

#[actix_web::test]
#[ignore = "needs PostgreSQL (scripts/cluster-services.sh)"]
async fn cluster_a_login_burst_split_over_two_nodes_gets_one_budget() {
    let _alone = crate::cluster_bus::ONE_CLUSTER_AT_A_TIME.lock().await;
    let server = std::env::var("AYO_TEST_POSTGRES_URL").expect(NEEDS_POSTGRES);
    let store = ayo_data::pg::new_database(&server, "ayo_guessing").await.unwrap();
    let node = || {
        let store = store.clone();
        spawn_app_with(budgets_alone(), move |settings| {
            settings.store_url = Some(store);
            settings.seed_key = Some(crate::cluster_nodes::SEED_KEY.into());
        })
    };
    let (a, b) = (node().await, node().await);
    // The thief's token, taken before the burst locks this address out of the account.
    let stolen = a.verified_player("ada@example.com", "+2348012345678").await;
    let burst = (0..120).map(|n| {
        let node = if n % 2 == 0 { &a } else { &b };
        let password = if n == 61 { PASSWORD } else { "wrong-pass" };
        node.post("/auth/login", json!({"userIdentity": "ada@example.com", "password": password}), None)
    });
    let counts = tally(&join_all(burst).await);
    assert!(of(&counts, 401) <= CONTRACT, "{counts:?}");
    assert!(of(&counts, 200) <= 1, "{counts:?}");
    assert_eq!(of(&counts, 429), 120 - of(&counts, 401) - of(&counts, 200), "{counts:?}");

    // And a stolen token's burst at change-password, split the same way, gets one session budget in all.
    let change = (0..60).map(|n| {
        let node = if n % 2 == 0 { &a } else { &b };
        let body = json!({"current_password": format!("guess-{n}"), "password": "thief-owns-it"});
        node.post("/auth/change-password", body, Some(&stolen))
    });
    let counts = tally(&join_all(change).await);
    assert!(of(&counts, 422) <= Limits::default().password_rechecks_per_account.max as usize, "{counts:?}");
    assert_eq!(of(&counts, 429), 60 - of(&counts, 422), "{counts:?}");
}
