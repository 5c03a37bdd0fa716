//! The risk desk, live (issue 31 item 4): sales on a draw with limits reach the admins' sockets as `risk.updated`
//! with the figures the desk shows, and a draw whose exact worst case passes the warning share of its reserve raises
//! one `admin.alert`; closing or reopening numbers reaches every open play page (`draw.closed_numbers`).

use std::time::Duration;

use futures_util::StreamExt;
use serde_json::{json, Value};
use tokio_tungstenite::tungstenite::Message;

use crate::helpers::TestApp;
use crate::lotto::nap1;
use crate::ws::{signed_in, Socket};

/// Messages on an admin's socket until one passes `wanted`, which is answered.
pub(crate) async fn until(socket: &mut Socket, wanted: impl Fn(&Value) -> bool) -> Value {
    let deadline = tokio::time::Instant::now() + Duration::from_secs(20);
    loop {
        let frame = tokio::time::timeout_at(deadline, socket.next()).await.expect("the awaited event in time");
        if let Message::Text(text) = frame.expect("socket open").expect("frame read") {
            let message: Value = serde_json::from_str(&text).unwrap();
            if wanted(&message) {
                return message;
            }
        }
    }
}

async fn limited_draw(app: &TestApp, admin: &str, reserve: i64) -> ayo_data::draw::Draw {
    let draw = app.quick_draw(60_000, 61_000).await;
    let path = format!("/admin/games/{}", draw.game_id);
    let set = app.put(&path, json!({ "risk_limits": { "reserve": reserve } }), Some(admin)).await;
    assert_eq!(set.status, 200, "{:?}", set.body);
    draw
}

#[actix_web::test]
async fn sales_on_a_draw_with_limits_reach_the_admins_socket_with_the_desks_figures() {
    let app = crate::helpers::spawn_app().await;
    let admin = app.admin("boss@ayolotto.ng").await;
    let draw = limited_draw(&app, &admin, 100_000_000).await;
    let ada = app.verified_player("ada@example.com", "+2348012345678").await;
    app.fund(&admin, &ada, 100_000).await;
    let mut boss = signed_in(&app, &admin).await;

    for (i, number) in [7, 21, 33].into_iter().enumerate() {
        assert_eq!(app.buy(&ada, nap1(draw.id, number, 5_000, &format!("k{i}"))).await.status, 201);
    }
    let pushed = until(&mut boss, |m| m["type"] == "risk.updated" && m["data"]["tickets"].as_u64() == Some(3)).await;
    assert_eq!(pushed["topic"], "admin");
    let data = &pushed["data"];
    assert_eq!((data["draw_id"].as_u64(), data["game_id"].as_u64()), (Some(draw.id), Some(draw.game_id)), "{data}");
    assert_eq!(data["stakes"], 15_000);
    assert_eq!(data["reserve"], 100_000_000);
    assert_eq!(data["past_warning"], false);
    // Never below the exact figure the desk reads: it is that figure, or the running bound above it.
    let desk = app.get(&format!("/admin/draws/{}/risk", draw.id), Some(&admin)).await;
    assert_eq!(desk.body["data"]["tickets"], 3);
    assert!(data["worst_case_payout"].as_i64() >= desk.body["data"]["worst_case_payout"].as_i64(), "{data}");

    // A player's socket hears nothing of it.
    let mut player = signed_in(&app, &ada).await;
    assert_eq!(app.buy(&ada, nap1(draw.id, 8, 5_000, "k3")).await.status, 201);
    until(&mut boss, |m| m["type"] == "risk.updated" && m["data"]["tickets"].as_u64() == Some(4)).await;
    let told = until(&mut player, |m| m["type"] == "wallet.updated").await;
    assert_eq!(told["topic"].as_str().map(|t| t.starts_with("user:")), Some(true));
}

#[actix_web::test]
async fn a_draw_whose_exact_worst_case_passes_the_warning_share_alerts_the_admins_once() {
    let app = crate::helpers::spawn_app().await;
    let admin = app.admin("boss@ayolotto.ng").await;
    // NAP1 at ₦50 pays ₦2,000 (×40): one ticket takes 200,000 of a 240,000 reserve, 83.3 %.
    let draw = limited_draw(&app, &admin, 240_000).await;
    let ada = app.verified_player("ada@example.com", "+2348012345678").await;
    app.fund(&admin, &ada, 100_000).await;
    let mut boss = signed_in(&app, &admin).await;

    assert_eq!(app.buy(&ada, nap1(draw.id, 7, 5_000, "hot")).await.status, 201);
    // The first push may carry the running bound; the exact figure follows, flagged, then the alert.
    let flagged = until(&mut boss, |m| m["type"] == "risk.updated" && m["data"]["past_warning"] == true).await;
    assert_eq!(flagged["data"]["worst_case_known"], true, "{flagged}");
    assert_eq!(flagged["data"]["worst_case_payout"], 200_000);
    assert_eq!(flagged["data"]["reserve_used_percent"], 83.3);
    let alert = until(&mut boss, |m| m["type"] == "admin.alert").await;
    assert_eq!(alert["data"]["action"], "risk.reserve_warning");
    assert_eq!(alert["data"]["draw_id"].as_u64(), Some(draw.id));
    assert!(alert["data"]["message"].as_str().unwrap().contains("83.3%"), "{alert}");

    // Another sale on another number keeps it past the share: no second alert for the same crossing.
    assert_eq!(app.buy(&ada, nap1(draw.id, 9, 5_000, "cool")).await.status, 201);
    let next = until(&mut boss, |m| {
        m["type"] == "admin.alert"
            || (m["type"] == "risk.updated" && m["data"]["worst_case_known"] == true && m["data"]["tickets"] == 2)
    })
    .await;
    assert_eq!(next["type"], "risk.updated", "{next}");
}

#[actix_web::test]
async fn closing_and_reopening_numbers_reaches_every_open_play_page_at_once() {
    let app = crate::helpers::spawn_app().await;
    let admin = app.admin("boss@ayolotto.ng").await;
    let draw = app.quick_draw(60_000, 61_000).await;
    let mut guest = crate::ws::guest(&app).await;
    let path = |what: &str| format!("/admin/draws/{}/{what}", draw.id);
    let body = |numbers: Value| json!({ "numbers": numbers, "reason": "too much riding tonight" });

    assert_eq!(app.post(&path("close-numbers"), body(json!([21, 7])), Some(&admin)).await.status, 200);
    let closed = until(&mut guest, |m| m["type"] == "draw.closed_numbers").await;
    assert_eq!(closed["topic"], "draws");
    assert_eq!(closed["data"], json!({ "draw_id": draw.id, "closed_numbers": [7, 21] }));

    assert_eq!(app.post(&path("reopen-numbers"), body(json!([7])), Some(&admin)).await.status, 200);
    let reopened = until(&mut guest, |m| m["type"] == "draw.closed_numbers").await;
    assert_eq!(reopened["data"], json!({ "draw_id": draw.id, "closed_numbers": [21] }));
}
