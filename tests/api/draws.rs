use serde_json::{json, Value};

use crate::helpers::spawn_app;
use crate::lotto::nap1;

/// A draw closing in 3 s and drawn at 3.5 s (90 purchases fit well before close on a busy machine), and a player holding a ₦50 NAP1 on each of its 90 numbers: (app,
/// draw, an admin's token, the player's token).
async fn every_number_on_nap1() -> (crate::helpers::TestApp, ayo_data::draw::Draw, String, String) {
    let app = spawn_app().await;
    let draw = app.quick_draw(3_000, 3_500).await;
    let admin = app.admin("boss@ayolotto.ng").await;
    let ada = app.verified_player("ada@example.com", "+2348012345678").await;
    app.buy_every_number(&admin, &ada, draw.id).await;
    (app, draw, admin, ada)
}

#[actix_web::test]
async fn a_draw_closes_draws_provably_fair_balls_and_pays_the_winners_once() {
    // A NAP1 on every number: exactly one wins (the first ball), at 40×.
    let (app, draw, _, ada) = every_number_on_nap1().await;
    let published = app.get(&format!("/draws/{}", draw.id), None).await.body["data"].clone();
    assert_eq!(published["seed"], serde_json::Value::Null, "the seed is secret before the draw");

    let settled = app.wait_for_draw(draw.id, |d| d["status"] == "settled").await;
    let numbers: Vec<u8> = serde_json::from_value(settled["numbers"].clone()).unwrap();
    assert_eq!(numbers.len(), 5);
    assert_eq!(settled["ticket_count"], 90);
    assert_eq!(app.balance(&ada).await, 5_000 * 40, "one NAP1 winner at 40x, the rest lost");

    let tickets = app.get("/tickets?per_page=100", Some(&ada)).await.body;
    let won: Vec<_> = tickets["data"].as_array().unwrap().iter().filter(|t| t["status"] == "won").collect();
    assert_eq!(won.len(), 1);
    assert_eq!(won[0]["numbers"], json!([numbers[0]]));

    // Anyone can recompute: the published seed matches the commitment, the leaves the root.
    let leaves = app.get(&format!("/draws/{}/leaves", draw.id), None).await.body["data"].clone();
    assert_eq!(leaves["tree_size"], 90);
    let leaves: Vec<[u8; 32]> = leaves["leaves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| hex::decode(l.as_str().unwrap()).unwrap().try_into().unwrap())
        .collect();
    let seed = ayo_data::lotto::Seed::from_hex(settled["seed"].as_str().unwrap()).unwrap();
    assert_eq!(seed.commitment(), settled["commitment"].as_str().unwrap());
    assert_eq!(hex::encode(ayo_data::merkle::root(&leaves)), settled["tickets_root"].as_str().unwrap());
    let report = ayo::commands::verify_draw::verify_draw(&app.store, draw.id).unwrap();
    assert!(report.contains("verified"));
}

#[actix_web::test]
async fn a_cancelled_draw_refunds_every_ticket_in_full() {
    let app = spawn_app().await;
    let draw = app.quick_draw(60_000, 61_000).await;
    let admin = app.admin("boss@ayolotto.ng").await;
    let ada = app.verified_player("ada@example.com", "+2348012345678").await;
    app.fund(&admin, &ada, 30_000).await;
    let perm = json!({"draw_id": draw.id, "bet_type": "PERM2", "numbers": [1, 2, 3], "stake_per_line": 2_000, "idempotency_key": "p"});
    assert_eq!(app.buy(&ada, perm).await.status, 201);
    assert_eq!(app.balance(&ada).await, 24_000);
    let cancel =
        app.post(&format!("/admin/draws/{}/cancel", draw.id), json!({"reason": "machine fault"}), Some(&admin)).await;
    assert_eq!(cancel.status, 200, "{:?}", cancel.body);
    app.wait_for_draw(draw.id, |d| d["status"] == "cancelled").await;
    for _ in 0..100 {
        if app.balance(&ada).await == 30_000 {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    assert_eq!(app.balance(&ada).await, 30_000);
    let tickets = app.get("/tickets", Some(&ada)).await.body;
    assert_eq!(tickets["data"][0]["status"], "refunded");
    let again =
        app.post(&format!("/admin/draws/{}/cancel", draw.id), json!({"reason": "machine fault"}), Some(&admin)).await;
    assert_eq!(again.status, 422, "a cancelled draw cannot be cancelled again");
}

#[actix_web::test]
async fn games_list_their_next_draw_with_a_commitment_and_server_time() {
    let app = spawn_app().await;
    app.start_witness().await;
    ayo::commands::demo_games::seed_games(&app.store, ayo::server::config::DEMO_DRAW_MINUTES).unwrap();
    app.engine.scheduler.send(ayo_actors::scheduler::Refresh).await.unwrap();
    for slug in ["ayo-express", "fortune", "lucky-tuesday", "mark-ii"] {
        app.game_on_sale(slug).await;
    }
    let games = app.get("/games", None).await.body["data"].clone();
    assert_eq!(games.as_array().unwrap().len(), 4);
    for game in games.as_array().unwrap() {
        let next = &game["next_draw"];
        assert_eq!(next["status"], "open", "{}", game["name"]);
        assert_eq!(next["commitment"].as_str().unwrap().len(), 64);
        assert!(next["server_time"].is_string());
        assert_eq!(next["seed"], serde_json::Value::Null);
    }
    let express = app.get("/games/ayo-express", None).await.body["data"].clone();
    assert_eq!(express["upcoming_draws"].as_array().unwrap().len(), 2);
    assert_eq!(express["multipliers"]["nap1"], 40);
}

#[actix_web::test]
async fn cancelling_the_open_draw_puts_the_next_one_on_sale_at_once_and_skips_its_slot() {
    let app = spawn_app().await;
    app.start_witness().await;
    ayo::commands::demo_games::seed_games(&app.store, ayo::server::config::DEMO_DRAW_MINUTES).unwrap();
    app.engine.scheduler.send(ayo_actors::scheduler::Refresh).await.unwrap();
    let admin = app.admin("boss@ayolotto.ng").await;
    let fortune = app.game_on_sale("fortune").await;
    let cancelled = fortune["next_draw"].clone();
    assert_eq!(cancelled["status"], "open");

    let cancel =
        app.post(&format!("/admin/draws/{}/cancel", cancelled["id"]), json!({"reason": "holiday"}), Some(&admin)).await;
    assert_eq!(cancel.status, 200, "{:?}", cancel.body);

    // Fortune is drawn twice a week: without this the next draw would wait days for the cancelled one's close.
    let mut fortune = serde_json::Value::Null;
    for _ in 0..100 {
        fortune = app.get("/games/fortune", None).await.body["data"].clone();
        if fortune["next_draw"]["status"] == "open" && fortune["next_draw"]["id"] != cancelled["id"] {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    assert_eq!(fortune["next_draw"]["status"], "open", "{fortune}");
    assert_ne!(fortune["next_draw"]["id"], cancelled["id"]);
    let upcoming = fortune["upcoming_draws"].as_array().unwrap();
    assert_eq!(upcoming.len(), 2, "{fortune}");
    assert!(
        upcoming.iter().all(|d| d["draws_at"] != cancelled["draws_at"]),
        "the cancelled slot is not scheduled again: {fortune}"
    );

    // Cancelling the draw after the open one: its replacement still goes on sale when the open one closes.
    let open = upcoming.iter().find(|d| d["status"] == "open").unwrap().clone();
    let later = upcoming.iter().find(|d| d["status"] == "scheduled").unwrap().clone();
    let cancel =
        app.post(&format!("/admin/draws/{}/cancel", later["id"]), json!({"reason": "holiday"}), Some(&admin)).await;
    assert_eq!(cancel.status, 200, "{:?}", cancel.body);
    let mut replacement = serde_json::Value::Null;
    for _ in 0..100 {
        let fortune = app.get("/games/fortune", None).await.body["data"].clone();
        if let Some(d) = fortune["upcoming_draws"].as_array().unwrap().iter().find(|d| d["id"] != open["id"]) {
            if d["id"] != later["id"] {
                replacement = d.clone();
                break;
            }
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    assert_eq!(replacement["opens_at"], open["closes_at"], "{replacement}");
    assert_ne!(replacement["draws_at"], later["draws_at"]);
}

#[actix_web::test]
async fn a_ticket_is_paid_by_the_terms_it_was_sold_under_not_an_edit_after_purchase() {
    let (app, draw, admin, ada) = every_number_on_nap1().await;
    let sold = app.get("/tickets?per_page=1", Some(&ada)).await.body["data"][0].clone();
    assert_eq!(sold["terms"]["multiplier"], 40, "{sold}");
    // After the sale the admin cuts NAP1 from 40× to 10×: it applies to later sales only.
    let edited = app
        .put(
            &format!("/admin/games/{}", draw.game_id),
            json!({"multipliers": {"nap1": 10, "nap2": 240, "nap3": 2100, "nap4": 6000, "nap5": 44000}}),
            Some(&admin),
        )
        .await;
    assert_eq!(edited.status, 200, "{:?}", edited.body);
    app.wait_for_draw(draw.id, |d| d["status"] == "settled").await;
    assert_eq!(app.balance(&ada).await, 5_000 * 40, "paid at the 40× it was sold under");
}

#[actix_web::test]
async fn after_close_only_an_emergency_cancel_stops_a_draw_and_it_publishes_the_seed_and_would_be_result() {
    let app = spawn_app().await;
    // Its witness has not revealed: nobody, the operator included, can know the balls yet.
    let draw = app.quick_draw_unrevealed(4_000, 120_000).await;
    let admin = app.admin("boss@ayolotto.ng").await;
    let ada = app.verified_player("ada@example.com", "+2348012345678").await;
    app.fund(&admin, &ada, 30_000).await;
    assert_eq!(app.buy(&ada, nap1(draw.id, 7, 5_000, "t1")).await.status, 201);
    app.wait_for_draw(draw.id, |d| d["status"] == "closed" && d["tickets_root"].is_string()).await;

    let path = format!("/admin/draws/{}/cancel", draw.id);
    let quiet = app.post(&path, json!({"reason": "machine fault"}), Some(&admin)).await;
    assert_eq!(quiet.status, 422, "no quiet cancellation after close: {:?}", quiet.body);
    assert!(quiet.message().contains("emergency"), "{}", quiet.message());

    let loud = app.post(&path, json!({"reason": "machine fault", "emergency": true}), Some(&admin)).await;
    assert_eq!(loud.status, 200, "{:?}", loud.body);
    assert_eq!(loud.body["data"]["would_be_numbers"], Value::Null, "unknowable before the witness's reveal");
    let public = app.wait_for_draw(draw.id, |d| d["status"] == "cancelled").await;
    assert_eq!(public["cancelled_reason"], "machine fault");
    // Anyone can check the seed against the commitment published before the first ticket.
    let seed = ayo_data::lotto::Seed::from_hex(public["seed"].as_str().expect("the seed is published")).unwrap();
    assert_eq!(seed.commitment(), public["commitment"].as_str().unwrap());
    let log = app.get("/admin/activities", Some(&admin)).await.body;
    // Nothing was knowable, so the audit records a cancel with its reason (no would-be balls to publish).
    assert!(log["data"].as_array().unwrap().iter().any(|a| a["action"] == "draw.cancelled"));
}

/// The rule of docs/fairness.md: once the witness has revealed, the balls can be computed, so a cancel would be a
/// choice made after seeing the result. It is refused, and the draw is drawn and paid.
#[actix_web::test]
async fn once_the_witness_has_revealed_no_cancel_can_void_the_draw_and_it_is_paid() {
    let app = spawn_app().await;
    let draw = app.quick_draw(1_500, 6_000).await;
    let admin = app.admin("boss@ayolotto.ng").await;
    let ada = app.verified_player("ada@example.com", "+2348012345678").await;
    app.fund(&admin, &ada, 30_000).await;
    assert_eq!(app.buy(&ada, nap1(draw.id, 7, 5_000, "t1")).await.status, 201);
    app.wait_for_draw(draw.id, |d| d["witness"]["secret"].is_string()).await;
    let path = format!("/admin/draws/{}/cancel", draw.id);
    for emergency in [false, true] {
        let refused = app.post(&path, json!({"reason": "machine fault", "emergency": emergency}), Some(&admin)).await;
        assert_eq!(refused.status, 409, "{:?}", refused.body);
        assert!(refused.message().contains("revealed"), "{}", refused.message());
    }
    let settled = app.wait_for_draw(draw.id, |d| d["status"] == "settled").await;
    assert!(settled["numbers"].is_array(), "{settled}");
}

/// No draw is sold without an independent party: with no witness commitment the draw is held, a purchase gets a
/// 409 saying why, and the draw opens as soon as a witness has signed.
#[actix_web::test]
async fn a_draw_without_a_signed_witness_commitment_is_not_sold() {
    let app = spawn_app().await;
    let mut game = crate::offline::paused_game(&app.store, "unwitnessed", 30);
    game.status = ayo_data::game::GameStatus::Active;
    app.store.games.put_game(&game).unwrap();
    app.engine.scheduler.send(ayo_actors::scheduler::Refresh).await.unwrap();
    let upcoming = app.get(&format!("/games/{}", game.id), None).await.body["data"]["upcoming_draws"].clone();
    let id = upcoming.as_array().unwrap().iter().filter_map(|d| d["id"].as_u64()).min().unwrap();
    let held = app.wait_for_draw(id, |d| d["held_reason"].is_string()).await;
    assert_eq!((held["status"].as_str(), &held["witness"]), (Some("scheduled"), &Value::Null));

    let admin = app.admin("boss@ayolotto.ng").await;
    let ada = app.verified_player("ada@example.com", "+2348012345678").await;
    app.fund(&admin, &ada, 30_000).await;
    let refused = app.buy(&ada, nap1(id, 7, 5_000, "held")).await;
    assert_eq!(refused.status, 409, "{:?}", refused.body);
    assert_eq!(refused.body["errorCode"], "NO_WITNESS");
    assert!(refused.body["errors"]["draw_id"].is_array(), "{:?}", refused.body);
    assert_eq!(app.balance(&ada).await, 30_000, "nothing taken");
    // The back office sees why.
    let games = app.get("/admin/games", Some(&admin)).await.body["data"].clone();
    let row = games.as_array().unwrap().iter().find(|g| g["id"] == game.id).unwrap().clone();
    assert!(row["draws"]
        .as_array()
        .unwrap()
        .iter()
        .any(|d| d["held_reason"].as_str().is_some_and(|r| r.contains("witness"))));

    // A witness turns up: the held draw takes its commitment, the witness signs, and it goes on sale.
    app.start_witness().await;
    let open = app.wait_for_draw(id, |d| d["status"] == "open").await;
    assert!(open["witness"]["commitment_signature"].is_string(), "{open}");
    assert_eq!(app.buy(&ada, nap1(id, 7, 5_000, "open")).await.status, 201);
}

#[actix_web::test]
async fn when_shadow_settlement_disagrees_nothing_is_paid_and_the_admins_are_alerted() {
    let (app, draw, admin, ada) = every_number_on_nap1().await;
    // Someone edits the stored tickets (not their cards in the draw's index) to a tenfold stake.
    for id in app.store.books.ticket_ids_of_draw(draw.id).unwrap() {
        let mut ticket = app.store.books.ticket(id).unwrap().unwrap();
        ticket.stake_per_line = ayo_data::money::Kobo(50_000);
        app.store.wallets().unwrap().overwrite_ticket_record(&ticket).unwrap();
    }
    let halted = app.wait_for_draw(draw.id, |d| d["settlement_halted"] == true).await;
    assert_eq!(halted["status"], "drawn", "never settled");
    assert_eq!(app.balance(&ada).await, 0, "nothing was paid");
    let log = app.get("/admin/activities", Some(&admin)).await.body;
    let alert = log["data"].as_array().unwrap().iter().find(|a| a["action"] == "draw.settlement_halted").cloned();
    let alert = alert.expect("the halt is in the audit log");
    assert!(alert["detail"].as_str().unwrap().contains("shadow"), "{alert}");
}

#[actix_web::test]
async fn the_database_files_alone_never_show_an_open_draws_seed() {
    let app = spawn_app().await;
    let draw = app.quick_draw(60_000, 61_000).await;
    app.store.flush().await.unwrap();
    let mut files = vec![app.data_dir.path().join("db")];
    let mut contents = Vec::new();
    while let Some(path) = files.pop() {
        if path.is_dir() {
            files.extend(std::fs::read_dir(&path).unwrap().map(|e| e.unwrap().path()));
        } else {
            contents.extend(std::fs::read(&path).unwrap());
        }
    }
    let text = String::from_utf8_lossy(&contents);
    assert!(text.contains(&draw.commitment), "the scan reads the stored draw");
    assert!(!text.contains(&draw.seed.to_hex()), "the seed is sealed at rest");
    // The server itself still draws from it: the sealed seed opens with the key in secrets/.
    assert_eq!(app.store.games.draw(draw.id).unwrap().unwrap().seed.to_hex(), draw.seed.to_hex());
    let key = std::fs::metadata(app.data_dir.path().join("secrets/seed.key")).unwrap();
    assert_eq!(std::os::unix::fs::PermissionsExt::mode(&key.permissions()) & 0o777, 0o600);
}

#[actix_web::test]
async fn each_games_draws_are_numbered_from_one_in_schedule_order_and_keep_their_ids() {
    let app = spawn_app().await;
    let admin = app.admin("boss@ayolotto.ng").await;
    let mut games = Vec::new();
    for name in ["Gold Rush", "Silver Rush"] {
        let schedule = json!({"kind": "interval", "every_minutes": 10});
        let made = app.post("/admin/games", json!({"name": name, "schedule": schedule}), Some(&admin)).await;
        assert_eq!(made.status, 201, "{:?}", made.body);
        games.push(made.body["data"]["id"].as_u64().unwrap());
    }
    app.engine.scheduler.send(ayo_actors::scheduler::Refresh).await.unwrap();
    let mut ids = Vec::new();
    for game in games {
        let listed = app.get(&format!("/draws?game_id={game}"), None).await;
        assert_eq!(listed.status, 200, "{:?}", listed.body);
        let mut draws = listed.body["data"].as_array().unwrap().clone();
        assert!(draws.len() >= 2, "the scheduler plans a game's next draws: {draws:?}");
        draws.sort_by_key(|d| d["draws_at"].as_str().unwrap().to_string());
        let numbers: Vec<u64> = draws.iter().map(|d| d["number"].as_u64().unwrap()).collect();
        assert_eq!(numbers, (1..=draws.len() as u64).collect::<Vec<_>>(), "per game, from 1, in draw order");
        // One draw by its id, as every path names it: the number rides along.
        let first = app.get(&format!("/draws/{}", draws[0]["id"]), None).await.body["data"].clone();
        assert_eq!((&first["id"], &first["number"]), (&draws[0]["id"], &json!(1)));
        ids.extend(draws.iter().map(|d| d["id"].as_u64().unwrap()));
    }
    let distinct: std::collections::HashSet<_> = ids.iter().collect();
    assert_eq!(distinct.len(), ids.len(), "ids stay unique across games while numbers repeat");
}
