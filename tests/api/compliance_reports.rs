//! The regulator's, the tax authority's and the AML officer's reports (issue 15), from a real ledger: a Lagos and
//! an Ogun player win the same draw; one player deposits three times just under the threshold.

use serde_json::{json, Value};

use crate::helpers::{spawn_app, TestApp};
use crate::lotto::nap1;

fn this_month() -> String {
    ayo_data::lagos::lagos_day(chrono::Utc::now()).format("%Y-%m").to_string()
}

async fn text(app: &TestApp, path: &str, token: &str) -> (u16, String) {
    let reply = app.client.get(format!("{}/api/v1{path}", app.url)).bearer_auth(token).send().await.unwrap();
    (reply.status().as_u16(), reply.text().await.unwrap())
}

/// Two players, one in Lagos and one in Ogun, each buy every NAP1 number of one draw at ₦50: one ticket each wins
/// 40 × ₦50 = ₦2,000; Lagos withholds 5 % of the ₦1,950 net, ₦97.50.
async fn a_settled_draw(app: &TestApp, admin: &str) -> (String, String) {
    let draw = app.quick_draw(6_000, 6_500).await;
    let ada = app.verified_player("ada@example.com", "+2348012345678").await;
    assert_eq!(app.post("/users/residence", json!({"state": "LA"}), Some(&ada)).await.status, 409, "said at sign-up");
    let lagos = resident_of_lagos(app).await;
    for player in [&ada, &lagos] {
        app.fund(admin, player, 90 * 5_000).await;
        for n in 1..=90u8 {
            assert_eq!(app.buy(player, nap1(draw.id, n, 5_000, &format!("n{n}"))).await.status, 201);
        }
    }
    app.wait_for_draw(draw.id, |d| d["status"] == "settled").await;
    (ada, lagos)
}

async fn resident_of_lagos(app: &TestApp) -> String {
    let mut body = crate::helpers::sign_up_body("Tunde Bello", "tunde@example.com", "+2348033333333");
    body["state"] = json!("LA");
    assert_eq!(app.post("/users/create", body, None).await.status, 201);
    let code = app.latest_code("tunde@example.com");
    let verify = json!({"otp": code, "type": "verification", "email": "tunde@example.com"});
    assert_eq!(app.post("/otps/verify", verify, None).await.status, 200);
    app.login("tunde@example.com", crate::helpers::PASSWORD).await
}

#[actix_web::test]
async fn the_monthly_return_and_the_remittance_schedule_add_up_by_state() {
    let app = spawn_app().await;
    let admin = app.admin("boss@ayolotto.ng").await;
    let (ogun, lagos) = a_settled_draw(&app, &admin).await;
    let month = this_month();

    let (status, csv) = text(&app, &format!("/admin/reports/regulator?month={month}&levy_bp=1000"), &admin).await;
    assert_eq!(status, 200, "{csv}");
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(
        lines[0],
        "month,state,game,tickets,sales_naira,wins_paid_naira,tax_withheld_naira,ggr_naira,levy_naira"
    );
    let row = |state: &str| lines.iter().find(|l| l.split(',').nth(1) == Some(state)).copied().unwrap_or_default();
    // 90 tickets of ₦50 = ₦4,500 sold; ₦2,000 won; GGR ₦2,500; a 10 % levy is ₦250.
    assert!(row("LA").ends_with(",90,4500.00,2000.00,97.50,2500.00,250.00"), "{csv}");
    assert!(row("OG").ends_with(",90,4500.00,2000.00,0.00,2500.00,250.00"), "{csv}");

    let (_, remittance) = text(&app, &format!("/admin/reports/tax-remittance?month={month}"), &admin).await;
    let taxed: Vec<&str> = remittance.lines().skip(1).collect();
    let lagos_id = app.user_id(&lagos).await;
    assert_eq!(taxed, vec![format!("{month},LA,{lagos_id},Tunde Bello,1,2000.00,97.50").as_str()], "{remittance}");

    // The same figures as JSON (amounts in kobo), and CSV asked by name answers the same file.
    let json = app.get(&format!("/admin/reports/regulator?month={month}&levy_bp=1000&format=json"), Some(&admin)).await;
    assert_eq!(json.status, 200, "{:?}", json.body);
    let lagos_row = json.body["data"].as_array().unwrap().iter().find(|r| r["state"] == "LA").cloned().unwrap();
    assert_eq!(
        (&lagos_row["tickets"], &lagos_row["sales"], &lagos_row["wins_paid"], &lagos_row["tax_withheld"]),
        (&json!(90), &json!(450_000), &json!(200_000), &json!(9_750)),
        "{lagos_row}"
    );
    assert_eq!((&lagos_row["ggr"], &lagos_row["levy"]), (&json!(250_000), &json!(25_000)));
    let (_, named) =
        text(&app, &format!("/admin/reports/regulator?month={month}&levy_bp=1000&format=csv"), &admin).await;
    assert_eq!(named, csv);
    let schedule = app.get(&format!("/admin/reports/tax-remittance?month={month}&format=json"), Some(&admin)).await;
    assert_eq!(schedule.body["data"][0]["tax_withheld"], 9_750, "{:?}", schedule.body);
    let dashboard = app.get("/admin/dashboard", Some(&admin)).await;
    let this_month = &dashboard.body["data"]["this_month"];
    assert_eq!(this_month, &json!({"month": month, "tax_withheld": 9_750}), "as the schedule: {:?}", dashboard.body);
    assert_eq!(schedule.body["data"][0]["player_name"], "Tunde Bello");
    let xml = app.get(&format!("/admin/reports/regulator?month={month}&format=xml"), Some(&admin)).await;
    assert_eq!(xml.status, 422);
    assert!(!xml.field_errors("format").is_empty(), "{:?}", xml.body);

    let (status, _) = text(&app, &format!("/admin/reports/regulator?month={month}"), &ogun).await;
    assert_eq!(status, 403, "players never see the operator's reports");
    let bad = app.get("/admin/reports/regulator?month=November", Some(&admin)).await;
    assert_eq!(bad.status, 422);
    assert!(!bad.field_errors("month").is_empty());
    let levy = app.get(&format!("/admin/reports/regulator?month={month}&levy_bp=10001"), Some(&admin)).await;
    assert!(!levy.field_errors("levy_bp").is_empty(), "a levy above 100 % is a mistake");
    let huge = app.get(&format!("/admin/reports/aml-flags?month={month}&threshold={}", i64::MAX), Some(&admin)).await;
    assert_eq!(huge.status, 200, "the largest threshold is only a threshold nothing reaches");
}

#[actix_web::test]
async fn a_player_prints_a_yearly_statement_of_the_tax_withheld() {
    let app = spawn_app().await;
    let admin = app.admin("boss@ayolotto.ng").await;
    let (ogun, lagos) = a_settled_draw(&app, &admin).await;
    let statement = app.get("/tax-statement", Some(&lagos)).await.body["data"].clone();
    assert_eq!(statement["state_name"], "Lagos State");
    assert_eq!(statement["totals"], json!({"gross": 200_000, "tax": 9_750, "net": 190_250}));
    assert_eq!(statement["lines"].as_array().unwrap().len(), 1);
    let untaxed = app.get("/tax-statement", Some(&ogun)).await.body["data"].clone();
    assert_eq!(untaxed["totals"]["tax"], 0);
    assert_eq!(app.get("/tax-statement?year=1999", Some(&lagos)).await.status, 422);
}

#[actix_web::test]
async fn large_deposits_and_deposits_kept_just_under_the_threshold_are_reported() {
    let app = spawn_app().await;
    let admin = app.admin("boss@ayolotto.ng").await;
    let ada = app.verified_player("ada@example.com", "+2348012345678").await;
    // With a ₦10,000 threshold: three deposits of ₦9,500 look like structuring; one of ₦10,000 is large.
    for _ in 0..3 {
        app.deposit_paid(&ada, 950_000).await;
    }
    app.deposit_paid(&ada, 1_000_000).await;
    let month = this_month();
    let large =
        app.get(&format!("/admin/reports/large-transactions?month={month}&threshold=1000000"), Some(&admin)).await;
    assert_eq!(large.status, 200, "{:?}", large.body);
    let amounts: Vec<i64> =
        large.body["data"].as_array().unwrap().iter().map(|r| r["amount"].as_i64().unwrap()).collect();
    assert_eq!(amounts, vec![1_000_000]);
    assert_eq!(large.body["data"][0]["state"], "OG");

    let flags = app.get(&format!("/admin/reports/aml-flags?month={month}&threshold=1000000"), Some(&admin)).await;
    let flags: Vec<Value> = flags.body["data"].as_array().unwrap().clone();
    assert_eq!(flags.len(), 1, "{flags:?}");
    assert_eq!(flags[0]["kind"], "structuring");
    assert_eq!(flags[0]["player"], "Ada Obi");
    // For the NFIU filing as a spreadsheet: the same rows as CSV, amounts in naira.
    let (status, csv) =
        text(&app, &format!("/admin/reports/large-transactions?month={month}&threshold=1000000&format=csv"), &admin)
            .await;
    assert_eq!(status, 200, "{csv}");
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(lines[0], "id,created_at,user_id,player,state,type,status,amount,reference");
    assert_eq!(lines.len(), 2, "{csv}");
    assert!(lines[1].contains(",Ada Obi,OG,deposit,success,10000.00,"), "{csv}");
    let (_, flagged) =
        text(&app, &format!("/admin/reports/aml-flags?month={month}&threshold=1000000&format=csv"), &admin).await;
    assert_eq!(flagged.lines().next(), Some("user_id,player,state,kind,detail"));
    assert!(flagged.lines().nth(1).is_some_and(|l| l.contains(",Ada Obi,OG,structuring,")), "{flagged}");

    let bad = app.get(&format!("/admin/reports/aml-flags?month={month}&threshold=0"), Some(&admin)).await;
    assert!(!bad.field_errors("threshold").is_empty());
}

#[actix_web::test]
async fn each_settled_draw_records_its_stakes_payouts_tax_and_house_result_and_the_month_adds_them_by_game() {
    let app = spawn_app().await;
    let admin = app.admin("boss@ayolotto.ng").await;
    let (ogun, _) = a_settled_draw(&app, &admin).await;
    let month = this_month();

    let report = app.get(&format!("/admin/reports/draws?month={month}&format=json"), Some(&admin)).await;
    assert_eq!(report.status, 200, "{:?}", report.body);
    let rows = report.body["data"].as_array().unwrap();
    assert_eq!(rows.len(), 1, "{rows:?}");
    let row = &rows[0];
    // 180 tickets of ₦50; two winners of ₦2,000 each; the Lagos one had ₦97.50 withheld; the house kept ₦5,000.
    let figures = |v: &Value| {
        json!([
            v["tickets"],
            v["winners"],
            v["stakes"],
            v["payouts"],
            v["tax_withheld"],
            v["net_paid"],
            v["house_result"]
        ])
    };
    assert_eq!(figures(row), json!([180, 2, 900_000, 400_000, 9_750, 390_250, 500_000]), "{row}");
    assert!(row["draw_id"].is_u64() && row.get("draw_number").is_some(), "{row}");
    assert!(row["draws_at"].as_str().unwrap().ends_with("+01:00"), "Lagos time: {row}");
    let game = &report.body["meta"]["games"][0];
    assert_eq!((&game["game"], &game["draws"]), (&row["game"], &json!(1)));
    assert_eq!(figures(game), figures(row));
    assert_eq!(figures(&report.body["meta"]["total"]), figures(row));

    // The regulator's return, summed from the ledger by state, says the same of the month.
    let regulator = app.get(&format!("/admin/reports/regulator?month={month}&format=json"), Some(&admin)).await;
    let states = regulator.body["data"].as_array().unwrap();
    let sum = |column: &str| states.iter().map(|r| r[column].as_i64().unwrap()).sum::<i64>();
    assert_eq!((sum("sales"), sum("wins_paid"), sum("tax_withheld")), (900_000, 400_000, 9_750));

    let (status, csv) = text(&app, &format!("/admin/reports/draws?month={month}"), &admin).await;
    assert_eq!(status, 200, "{csv}");
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(
        lines[0],
        "month,game,draw_id,draw_number,draws_at,tickets,winners,stakes,payouts,tax_withheld,net_paid,house_result"
    );
    assert!(lines[1].ends_with(",180,2,9000.00,4000.00,97.50,3902.50,5000.00"), "{csv}");

    let earlier = app.get("/admin/reports/draws?month=2025-01&format=json", Some(&admin)).await;
    assert_eq!(earlier.body["data"], json!([]), "another month has none of them");
    assert_eq!(earlier.body["meta"]["total"]["draws"], 0);
    let bad = app.get("/admin/reports/draws?month=2026-13", Some(&admin)).await;
    assert!(!bad.field_errors("month").is_empty(), "{:?}", bad.body);
    let (status, _) = text(&app, &format!("/admin/reports/draws?month={month}"), &ogun).await;
    assert_eq!(status, 403, "players never see the house's result");
}
