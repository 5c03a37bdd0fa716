//! Licensable in Lagos (issue 15): the state of residence, the states the operator is licensed in, and the 5 %
//! withholding tax on net winnings.

use serde_json::{json, Value};

use crate::helpers::{sign_up_body, spawn_app, spawn_app_with, TestApp};
use crate::lotto::nap1;
use ayo::rate_limit::Limits;

/// A verified player who said `state` at sign-up (`None`: said nothing).
async fn resident(app: &TestApp, email: &str, phone: &str, state: Option<&str>) -> String {
    let mut body = sign_up_body("Ada Obi", email, phone);
    match state {
        Some(code) => body["state"] = json!(code),
        None => {
            body.as_object_mut().unwrap().remove("state");
        }
    }
    assert_eq!(app.post("/users/create", body, None).await.status, 201);
    let code = app.latest_code(email);
    let verified = app.post("/otps/verify", json!({"otp": code, "type": "verification", "email": email}), None).await;
    assert_eq!(verified.status, 200, "{:?}", verified.body);
    app.login(email, crate::helpers::PASSWORD).await
}

async fn deposit(app: &TestApp, token: &str) -> crate::helpers::Reply {
    app.post("/deposits/create", json!({"amount": 500_000}), Some(token)).await
}

#[actix_web::test]
async fn a_state_that_is_not_a_state_is_refused_at_sign_up_naming_the_field() {
    let app = spawn_app().await;
    let mut body = sign_up_body("Ada Obi", "ada@example.com", "+2348012345678");
    body["state"] = json!("Lagos");
    let reply = app.post("/users/create", body, None).await;
    assert_eq!(reply.status, 422);
    assert!(!reply.field_errors("state").is_empty(), "{:?}", reply.body);
}

#[actix_web::test]
async fn a_player_says_where_they_live_before_their_first_deposit_and_only_once() {
    let app = spawn_app().await;
    let ada = resident(&app, "ada@example.com", "+2348012345678", None).await;
    let refused = deposit(&app, &ada).await;
    assert_eq!(refused.status, 403, "{:?}", refused.body);
    assert_eq!(refused.body["errorCode"], "STATE_REQUIRED");
    assert!(refused.body["message"].as_str().unwrap().contains("state of residence"));

    let bad = app.post("/users/residence", json!({"state": "XX"}), Some(&ada)).await;
    assert_eq!(bad.status, 422);
    assert!(!bad.field_errors("state").is_empty());
    let saved = app.post("/users/residence", json!({"state": "la"}), Some(&ada)).await;
    assert_eq!(saved.status, 200, "{:?}", saved.body);
    assert_eq!(saved.body["data"]["state"], "LA");
    assert_eq!(app.get("/auth/profiles", Some(&ada)).await.body["data"]["state"], "LA");
    let again = app.post("/users/residence", json!({"state": "KN"}), Some(&ada)).await;
    assert_eq!(again.status, 409, "moving state goes through support");

    assert_eq!(deposit(&app, &ada).await.status, 201);
}

#[actix_web::test]
async fn players_of_states_without_a_licence_browse_but_cannot_deposit_or_play() {
    let app = spawn_app_with(Limits::default(), |s| s.licensed_states = Some("LA,OG".into())).await;
    let admin = app.admin("boss@ayolotto.ng").await;
    let draw = app.quick_draw(60_000, 61_000).await;
    let kano = resident(&app, "musa@example.com", "+2348012345678", Some("KN")).await;
    let lagos = resident(&app, "ada@example.com", "+2348022222222", Some("LA")).await;

    let states = app.get("/states", None).await.body["data"].clone();
    let licensed =
        |code: &str| states.as_array().unwrap().iter().find(|s| s["code"] == code).unwrap()["licensed"].clone();
    assert_eq!((licensed("LA"), licensed("KN")), (json!(true), json!(false)));

    let refused = deposit(&app, &kano).await;
    assert_eq!(refused.status, 403);
    assert_eq!(refused.body["errorCode"], "STATE_NOT_LICENSED");
    assert!(refused.body["message"].as_str().unwrap().contains("Kano State"), "{:?}", refused.body);
    app.fund(&admin, &kano, 100_000).await;
    let ticket = app.buy(&kano, nap1(draw.id, 7, 5_000, "k1")).await;
    assert_eq!(ticket.status, 403);
    assert_eq!(ticket.body["errorCode"], "STATE_NOT_LICENSED");
    assert_eq!(app.get("/draws", None).await.status, 200, "browsing is open to everyone");
    assert_eq!(deposit(&app, &lagos).await.status, 201);

    // The back office extends the licence to Kano: Musa may deposit now; the change is audited.
    let update = app.post("/admin/licence/update", json!({"states": ["LA", "OG", "KN"]}), Some(&admin)).await;
    assert_eq!(update.status, 200, "{:?}", update.body);
    assert_eq!(deposit(&app, &kano).await.status, 201);
    let bad = app.post("/admin/licence/update", json!({"states": ["LA", "Lagos"]}), Some(&admin)).await;
    assert_eq!(bad.status, 422);
    assert!(!bad.field_errors("states").is_empty());
    let audit = app.get("/admin/activities?search=licence.updated", Some(&admin)).await;
    assert!(audit.body.to_string().contains("licence.updated"), "{:?}", audit.body);
    assert_eq!(app.post("/admin/licence/update", json!({"states": []}), Some(&lagos)).await.status, 403);
}

fn entries_of(transactions: &Value, kind: &str) -> Vec<Value> {
    transactions["data"].as_array().unwrap().iter().filter(|e| e["type"] == kind).cloned().collect()
}

#[actix_web::test]
async fn a_lagos_win_bears_five_percent_of_its_net_rounded_down_on_its_own_ledger_line() {
    let app = spawn_app().await;
    let admin = app.admin("boss@ayolotto.ng").await;
    let draw = app.quick_draw(4_000, 4_500).await;
    let ada = resident(&app, "ada@example.com", "+2348012345678", Some("LA")).await;
    let stake = 5_010; // NAP1 pays 40×: a net win of 39 × 5,010 = 195,390 kobo, whose 5 % is 9,769.5 kobo.
    app.fund(&admin, &ada, 90 * stake).await;
    for n in 1..=90u8 {
        assert_eq!(app.buy(&ada, nap1(draw.id, n, stake, &format!("n{n}"))).await.status, 201);
    }
    app.wait_for_draw(draw.id, |d| d["status"] == "settled").await;

    let tickets = app.get("/tickets?per_page=100", Some(&ada)).await.body["data"].clone();
    let won: Vec<&Value> = tickets.as_array().unwrap().iter().filter(|t| t["status"] == "won").collect();
    assert_eq!(won.len(), 1);
    let ticket = won[0];
    assert_eq!(ticket["winnings"], 40 * stake);
    assert_eq!(ticket["tax"], 9_769, "rounded down: the half kobo stays with the player");
    assert_eq!(ticket["net_winnings"], 40 * stake - 9_769);
    let one = app.get(&format!("/tickets/{}", ticket["id"]), Some(&ada)).await.body["data"].clone();
    assert_eq!((one["tax"].clone(), one["net_winnings"].clone()), (json!(9_769), json!(40 * stake - 9_769)));

    let transactions = app.get("/transactions?per_page=200", Some(&ada)).await.body;
    let taxes = entries_of(&transactions, "tax");
    assert_eq!(taxes.len(), 1, "{transactions:?}");
    assert_eq!(taxes[0]["amount"], -9_769);
    assert_eq!(taxes[0]["reference"], format!("ticket:{}", ticket["id"]));
    let wins = entries_of(&transactions, "win");
    assert_eq!(wins[0]["amount"], 40 * stake, "the win line is gross");

    let user = app.get("/auth/profiles", Some(&ada)).await.body["data"]["id"].as_u64().unwrap();
    let ledger: i64 = app.store.books.entries_of_user(user).unwrap().iter().map(|e| e.amount.as_i64()).sum();
    let balance = app.store.books.balance(user).unwrap();
    assert_eq!(ledger, balance, "ledger = balance with the tax line");
    assert_eq!(balance, 40 * stake - 9_769);
    let session = app.get("/reality-check", Some(&ada)).await.body["data"].clone();
    assert_eq!(session["wins"], 40 * stake - 9_769, "a reality check counts what reached the wallet: {session:?}");
}

#[actix_web::test]
async fn other_states_pay_no_tax_until_a_rule_says_so_and_rules_start_today_or_later() {
    let app = spawn_app().await;
    let admin = app.admin("boss@ayolotto.ng").await;
    let past = app
        .post("/admin/tax-rules/create", json!({"state": "KN", "rate_bp": 500, "from": "2026-01-01"}), Some(&admin))
        .await;
    assert_eq!(past.status, 422);
    assert!(!past.field_errors("from").is_empty(), "past draws keep the tax they bore");
    let too_much = app
        .post("/admin/tax-rules/create", json!({"state": "KN", "rate_bp": 10_001, "from": "2099-01-01"}), Some(&admin))
        .await;
    assert!(!too_much.field_errors("rate_bp").is_empty());
    let today = ayo_data::lagos::lagos_day(chrono::Utc::now()).to_string();
    let kano = app
        .post("/admin/tax-rules/create", json!({"state": "KN", "rate_bp": 1_000, "from": today}), Some(&admin))
        .await;
    assert_eq!(kano.status, 201, "{:?}", kano.body);
    let rules = app.get("/admin/tax-rules", Some(&admin)).await.body["data"].clone();
    assert_eq!(rules.as_array().unwrap().len(), 2, "Lagos's 5 % and Kano's new 10 %: {rules:?}");

    let draw = app.quick_draw(4_000, 4_500).await;
    let musa = resident(&app, "musa@example.com", "+2348012345678", Some("KN")).await;
    let bola = resident(&app, "bola@example.com", "+2348022222222", Some("OY")).await;
    for player in [&musa, &bola] {
        app.fund(&admin, player, 90 * 5_000).await;
        for n in 1..=90u8 {
            assert_eq!(app.buy(player, nap1(draw.id, n, 5_000, &format!("n{n}"))).await.status, 201);
        }
    }
    app.wait_for_draw(draw.id, |d| d["status"] == "settled").await;
    let taxes = |t: Value| entries_of(&t, "tax").iter().map(|e| e["amount"].as_i64().unwrap()).collect::<Vec<_>>();
    assert_eq!(taxes(app.get("/transactions", Some(&musa)).await.body), vec![-19_500], "10 % of 195,000");
    assert_eq!(taxes(app.get("/transactions", Some(&bola)).await.body), Vec::<i64>::new(), "Oyo has no rule");
}
