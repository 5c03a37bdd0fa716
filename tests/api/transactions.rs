//! A player's transactions: the docs/product.md §15 table with `type` and `status` filters, and the CSV export.

use crate::helpers::{spawn_app, TestApp};
use crate::lotto::nap1;
use crate::money_helpers::GTBANK;

#[actix_web::test]
async fn my_transactions_page_filter_and_search() {
    let app = spawn_app().await;
    let player = app.player_ready_to_withdraw("ada@example.com", "+2348012345678", 500_000, GTBANK).await;
    app.deposit_paid(&player, 250_000).await;
    app.withdraw(&player, 100_000, "w1").await;

    let all = app.get("/transactions", Some(&player)).await;
    assert_eq!(all.body["meta"]["total"], 3);
    assert_eq!(all.body["data"][0]["type"], "withdrawal", "newest first");
    let deposits = app.get("/transactions?type=deposit", Some(&player)).await;
    assert_eq!(deposits.body["meta"]["total"], 1);
    let pending = app.get("/transactions?status=pending", Some(&player)).await;
    assert_eq!(pending.body["meta"]["total"], 1);
    let page = app.get("/transactions?per_page=2&page=2&sort_by=amount&sort_type=asc", Some(&player)).await;
    assert_eq!((page.body["meta"]["total"].as_u64(), page.body["data"].as_array().map(Vec::len)), (Some(3), Some(1)));
    assert_eq!(page.body["data"][0]["amount"], 500_000, "the largest amount last");
    let search = app.get("/transactions?search=gtbank", Some(&player)).await;
    assert_eq!(search.body["meta"]["total"], 1);
    let bad = app.get("/transactions?status=lost", Some(&player)).await;
    assert_eq!((bad.status, bad.field_errors("status").len()), (422, 1));

    let other = app.verified_player("bola@example.com", "+2348022222222").await;
    assert_eq!(app.get("/transactions", Some(&other)).await.body["meta"]["total"], 0, "only my own");
}

#[actix_web::test]
async fn the_csv_export_has_a_header_and_every_transaction_in_naira_and_kobo() {
    let app = spawn_app().await;
    let player = app.player_ready_to_withdraw("ada@example.com", "+2348012345678", 500_000, GTBANK).await;
    app.deposit_paid(&player, 123_456).await;
    let draw = app.quick_draw(60_000, 120_000).await;
    assert_eq!(app.buy(&player, nap1(draw.id, 7, 5_000, "t1")).await.status, 201);
    app.withdraw(&player, 100_000, "w1").await;

    let resp =
        app.client.get(format!("{}/api/v1/transactions/export", app.url)).bearer_auth(&player).send().await.unwrap();
    assert_eq!(resp.status().as_u16(), 200);
    assert_eq!(resp.headers()["content-type"], "text/csv; charset=utf-8");
    let disposition = resp.headers()["content-disposition"].to_str().unwrap().to_string();
    assert!(disposition.starts_with("attachment; filename=\"ayo-lotto-transactions-"), "{disposition}");
    let csv = resp.text().await.unwrap();
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(
        lines[0],
        "date,id,type,status,description,reference,amount_naira,amount_kobo,balance_after_naira,balance_after_kobo"
    );
    assert_eq!(lines.len(), 5, "a header and four transactions:\n{csv}");
    let rows: Vec<Vec<&str>> = lines[1..].iter().map(|l| l.split(',').collect()).collect();
    // Oldest first: funding, deposit, stake, withdrawal.
    let kinds: Vec<&str> = rows.iter().map(|r| r[2]).collect();
    assert_eq!(kinds, ["adjustment", "deposit", "stake", "withdrawal"]);
    assert_eq!(
        (rows[1][3], rows[1][6], rows[1][7], rows[1][8], rows[1][9]),
        ("success", "1234.56", "123456", "6234.56", "623456")
    );
    assert_eq!((rows[2][6], rows[2][7]), ("-50.00", "-5000"));
    assert_eq!((rows[3][3], rows[3][6], rows[3][7], rows[3][9]), ("pending", "-1000.00", "-100000", "518456"));
    assert!(chrono::DateTime::parse_from_rfc3339(rows[0][0]).is_ok());
    // The page says WAT, so the file does too: Lagos time with its offset (issue 32).
    assert!(rows.iter().all(|r| r[0].ends_with("+01:00")), "{csv}");

    let deposits_only = export(&app, &player, "?type=deposit").await;
    assert_eq!(deposits_only.lines().count(), 2);
    let guest = app.client.get(format!("{}/api/v1/transactions/export", app.url)).send().await.unwrap();
    assert_eq!(guest.status().as_u16(), 401);
}

#[actix_web::test]
async fn the_export_covers_at_least_the_last_twelve_months() {
    let app = spawn_app().await;
    let player = app.verified_player("ada@example.com", "+2348012345678").await;
    let id = app.user_id(&player).await;
    // An entry from 13 months ago, written straight to the ledger as the wallet would have.
    let old = ayo_data::ledger::LedgerEntry {
        id: app.store.ids.next_id().unwrap(),
        user_id: id,
        kind: ayo_data::ledger::EntryKind::Adjustment,
        status: ayo_data::ledger::EntryStatus::Success,
        amount: ayo_data::money::Kobo(10_000),
        balance_after: ayo_data::money::Kobo(10_000),
        reference: "adjustment:1".into(),
        description: "Welcome, \"friend\"".into(),
        created_at: chrono::Utc::now() - chrono::Duration::days(396),
    };
    app.store.wallets().unwrap().apply(old).unwrap();
    let csv = export(&app, &player, "").await;
    assert_eq!(csv.lines().count(), 2, "{csv}");
    assert!(csv.contains("\"Welcome, \"\"friend\"\"\""), "quoted as RFC 4180 says: {csv}");
    let from = (chrono::Utc::now() - chrono::Duration::days(30)).format("%Y-%m-%d");
    let recent = app.get(&format!("/transactions?from={from}"), Some(&player)).await;
    assert_eq!(recent.body["meta"]["total"], 0);
}

/// The player's CSV export, as text.
async fn export(app: &TestApp, player: &str, query: &str) -> String {
    let url = format!("{}/api/v1/transactions/export{query}", app.url);
    app.client.get(url).bearer_auth(player).send().await.unwrap().text().await.unwrap()
}
