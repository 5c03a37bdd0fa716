//! Lists read from their indexes answer the same rows, in the same order, as reading every row and sorting: page by
//! page, in both directions, for players and the back office; and a search or a filter (which streams the rows)
//! agrees with the pages it narrows.

use serde_json::Value;

use crate::helpers::{spawn_app, TestApp};
use crate::lotto::nap1;
use crate::money_helpers::GTBANK;

/// Every row of a table, read `per` at a time; checks `meta.total` on each page.
async fn walk(app: &TestApp, path: &str, token: &str, per: usize) -> Vec<Value> {
    let sep = if path.contains('?') { '&' } else { '?' };
    let mut rows = Vec::new();
    for page in 1.. {
        let reply = app.get(&format!("{path}{sep}page={page}&per_page={per}"), Some(token)).await;
        assert_eq!(reply.status, 200, "{path}: {:?}", reply.body);
        let data = reply.body["data"].as_array().unwrap().clone();
        let total = reply.body["meta"]["total"].as_u64().unwrap() as usize;
        let done = data.len() < per;
        rows.extend(data);
        if done {
            assert_eq!(rows.len(), total, "{path}: meta.total is the list's length");
            return rows;
        }
    }
    unreachable!()
}

fn ids(rows: &[Value]) -> Vec<u64> {
    rows.iter().map(|r| r["id"].as_u64().unwrap()).collect()
}

fn reversed(mut ids: Vec<u64>) -> Vec<u64> {
    ids.reverse();
    ids
}

#[actix_web::test]
async fn every_list_pages_from_its_index_in_order_and_agrees_with_a_full_read() {
    let app = spawn_app().await;
    let admin = app.admin("boss@ayolotto.ng").await;
    let ada = app.verified_player("ada@example.com", "+2348012345678").await;
    let bola = app.verified_player("bola@example.com", "+2348012345679").await;
    let (ada_id, bola_id) = (app.user_id(&ada).await, app.user_id(&bola).await);
    app.fund(&admin, &ada, 1_000_000).await;
    app.fund(&admin, &bola, 1_000_000).await;
    let draw = app.quick_draw(600_000, 700_000).await;
    for i in 0..13u8 {
        let (token, key) = if i % 3 == 0 { (&bola, format!("b{i}")) } else { (&ada, format!("a{i}")) };
        let reply = app.buy(token, nap1(draw.id, i + 1, 5_000, &key)).await;
        assert_eq!(reply.status, 201, "{:?}", reply.body);
    }

    // A player's tickets: newest first by default, oldest first when asked, as the store holds them.
    let mine: Vec<u64> = app.store.books.tickets_of_user(ada_id).unwrap().iter().map(|t| t.id).collect();
    assert_eq!(mine.len(), 8, "bola bought every third ticket");
    assert_eq!(ids(&walk(&app, "/tickets", &ada, 4).await), mine);
    assert_eq!(ids(&walk(&app, "/tickets?sort_type=asc", &ada, 4).await), reversed(mine.clone()));
    assert_eq!(ids(&walk(&app, &format!("/admin/users/{ada_id}/tickets"), &admin, 5).await), mine);

    // A player's ledger: the funding and eight stakes; a filter (streamed) keeps the stakes in the same order.
    let ledger: Vec<u64> = app.store.books.entries_of_user(ada_id).unwrap().iter().map(|e| e.id).collect();
    assert_eq!(ledger.len(), 9);
    assert_eq!(ids(&walk(&app, "/transactions", &ada, 3).await), ledger);
    let stakes = walk(&app, "/transactions?type=stake", &ada, 4).await;
    assert_eq!(ids(&stakes), ledger[..8].to_vec(), "the stakes are the newest eight");
    assert_eq!(ids(&walk(&app, &format!("/admin/users/{ada_id}/transactions"), &admin, 20).await), ledger);

    // The whole ledger: both players, newest first; the streamed path (a filter matching all) agrees.
    let mut every: Vec<u64> =
        [ada_id, bola_id].iter().flat_map(|u| app.store.books.entries_of_user(*u).unwrap()).map(|e| e.id).collect();
    every.sort_unstable_by(|a, b| b.cmp(a));
    let paged = walk(&app, "/admin/transactions", &admin, 4).await;
    assert_eq!(ids(&paged), every);
    assert_eq!(ids(&walk(&app, "/admin/transactions?status=success", &admin, 6).await), every);
    assert_eq!(ids(&walk(&app, "/admin/transactions?sort_type=asc", &admin, 7).await), reversed(every.clone()));
    assert_eq!(ids(&walk(&app, &format!("/admin/transactions?user_id={bola_id}"), &admin, 2).await).len(), 6);
    assert!(paged.iter().all(|r| r["player"]["email"].is_string()), "each row names its player");

    // A game's tickets (every player's), and its search, which streams them.
    let game = draw.game_id;
    let of_game = walk(&app, &format!("/admin/games/{game}/players"), &admin, 5).await;
    let mut sold: Vec<u64> =
        [ada_id, bola_id].iter().flat_map(|u| app.store.books.tickets_of_user(*u).unwrap()).map(|t| t.id).collect();
    sold.sort_unstable_by(|a, b| b.cmp(a));
    assert_eq!(ids(&of_game), sold);
    let searched = walk(&app, &format!("/admin/games/{game}/players?search=ada%20obi"), &admin, 5).await;
    assert_eq!(searched, of_game, "a search matching every row answers the pages' rows in their order");
    assert!(walk(&app, &format!("/admin/games/{game}/players?search=nobody"), &admin, 5).await.is_empty());

    // Draws: all, and one game's, by draw time; the back office's view of a game's draws is the public one.
    let public = walk(&app, &format!("/draws?game_id={game}"), &admin, 1).await;
    assert_eq!(ids(&public), vec![draw.id]);
    assert_eq!(ids(&walk(&app, &format!("/admin/games/{game}/draws"), &admin, 1).await), ids(&public));
    let all_draws = walk(&app, "/draws", &admin, 2).await;
    let times: Vec<&str> = all_draws.iter().map(|d| d["draws_at"].as_str().unwrap()).collect();
    assert!(times.windows(2).all(|w| w[0] >= w[1]), "latest draw time first: {times:?}");
    let open = walk(&app, "/draws?status=open", &admin, 2).await;
    let open_in_pages: Vec<Value> = all_draws.iter().filter(|d| d["status"] == "open").cloned().collect();
    assert_eq!(ids(&open), ids(&open_in_pages), "a status filter narrows the same order");

    // The audit log: as many rows as the store holds, newest first.
    let log = walk(&app, "/admin/activities", &admin, 3).await;
    let log_ids = ids(&log);
    assert!(log_ids.windows(2).all(|w| w[0] > w[1]));
    let stored = app.store.activities.newest_first().count();
    assert_eq!(log.len(), stored);
}

#[actix_web::test]
async fn the_dashboard_counts_from_running_totals_what_the_ledger_holds() {
    let app = spawn_app().await;
    let admin = app.admin("boss@ayolotto.ng").await;
    let ada = app.verified_player("ada@example.com", "+2348012345678").await;
    app.deposit_paid(&ada, 500_000).await;
    let draw = app.quick_draw(600_000, 700_000).await;
    for i in 0..3u8 {
        assert_eq!(app.buy(&ada, nap1(draw.id, i + 1, 10_000, &format!("k{i}"))).await.status, 201);
    }
    let figures = app.get("/admin/dashboard", Some(&admin)).await.body["data"].clone();
    assert_eq!(figures["deposits"], 500_000);
    assert_eq!(figures["stakes"], 30_000);
    assert_eq!(figures["today"]["stakes"], 30_000);
    assert_eq!(figures["series"].as_array().unwrap().len(), 30);

    // Cancelled before its draw: the stakes are refunded and stop counting, today and in all.
    let cancel = app
        .post(
            &format!("/admin/draws/{}/cancel", draw.id),
            serde_json::json!({"reason": "test of refunds"}),
            Some(&admin),
        )
        .await;
    assert_eq!(cancel.status, 200, "{:?}", cancel.body);
    app.wait_for_draw(draw.id, |d| d["status"] == "cancelled").await;
    let figures = app.get("/admin/dashboard", Some(&admin)).await.body["data"].clone();
    assert_eq!((figures["stakes"].clone(), figures["today"]["stakes"].clone()), (0.into(), 0.into()));
    assert_eq!(figures["deposits"], 500_000);
}

#[actix_web::test]
async fn the_audit_log_keeps_what_its_retention_says_and_logs_the_pruning() {
    let app = spawn_app().await;
    // The log is in time order: what happened long ago was written first.
    let old = |days: i64, action: &str| ayo_data::activity::Activity {
        id: 0,
        at: chrono::Utc::now() - chrono::Duration::days(days),
        actor_id: None,
        actor_email: None,
        action: action.into(),
        target: None,
        ip: None,
        detail: String::new(),
    };
    app.store.activities.record(old(800, "old.one")).unwrap();
    app.store.activities.record(old(500, "old.two")).unwrap();
    app.store.activities.record(old(100, "recent")).unwrap();
    let admin = app.admin("boss@ayolotto.ng").await;
    let before = walk(&app, "/admin/activities", &admin, 50).await.len();

    assert_eq!(ayo::jobs::retention::prune(&app.store, 400).unwrap(), 2);
    let after = walk(&app, "/admin/activities", &admin, 50).await;
    let actions: Vec<&str> = after.iter().map(|a| a["action"].as_str().unwrap()).collect();
    assert_eq!(after.len(), before - 2 + 1, "two removed, the removal logged: {actions:?}");
    assert_eq!(actions[0], "audit.pruned");
    assert!(actions.contains(&"recent") && !actions.contains(&"old.one") && !actions.contains(&"old.two"));
    // A retention below a year is raised to a year: nothing younger goes.
    assert_eq!(ayo::jobs::retention::prune(&app.store, 30).unwrap(), 0);
}

#[actix_web::test]
async fn the_back_offices_withdrawals_page_from_their_index_and_a_status_filter_narrows_the_same_order() {
    let app = spawn_app().await;
    let admin = app.admin("boss@ayolotto.ng").await;
    let ada = app.player_ready_to_withdraw("ada@example.com", "+2348012345678", 2_000_000, GTBANK).await;
    let bola = app.player_ready_to_withdraw("bola@example.com", "+2348012345679", 2_000_000, GTBANK).await;
    let mut made = Vec::new();
    for i in 0..5 {
        let token = if i % 2 == 0 { &ada } else { &bola };
        let reply = app.withdraw(token, 100_000 + i * 1_000, &format!("w{i}")).await;
        assert_eq!(reply.status, 201, "{:?}", reply.body);
        made.push(reply.body["data"]["id"].as_u64().unwrap());
    }
    let rejected = made[1];
    let reply = app
        .post(
            &format!("/admin/withdrawals/{rejected}/reject"),
            serde_json::json!({"reason": "Checks failed"}),
            Some(&admin),
        )
        .await;
    assert_eq!(reply.status, 200, "{:?}", reply.body);

    let newest_first = reversed(made.clone());
    let paged = walk(&app, "/admin/withdrawals", &admin, 2).await;
    assert_eq!(ids(&paged), newest_first);
    assert!(paged.iter().all(|r| r["player"]["email"].is_string()), "each row names its player");
    assert_eq!(ids(&walk(&app, "/admin/withdrawals?sort_type=asc", &admin, 3).await), made);
    let pending: Vec<u64> = newest_first.iter().copied().filter(|id| *id != rejected).collect();
    assert_eq!(ids(&walk(&app, "/admin/withdrawals?status=pending", &admin, 2).await), pending);
    assert_eq!(ids(&walk(&app, "/admin/withdrawals?status=rejected", &admin, 2).await), vec![rejected]);
    assert_eq!(ids(&walk(&app, "/admin/withdrawals?search=bola", &admin, 2).await), vec![made[3], made[1]]);
}
