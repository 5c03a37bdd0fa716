use serde_json::json;

use crate::helpers::{spawn_app, ADMIN_PASSWORD};

/// Every admin operation the API describes, so a new one cannot be left unguarded: the list comes from
/// openapi.json, not from this file.
async fn admin_operations(app: &crate::helpers::TestApp) -> Vec<(String, String)> {
    let doc = app.get("/openapi.json", None).await.body;
    let mut ops = Vec::new();
    for (path, item) in doc["paths"].as_object().expect("paths") {
        if !path.starts_with("/admin") {
            continue;
        }
        for method in item.as_object().expect("path item").keys() {
            ops.push((method.to_uppercase(), path.replace("{id}", "1")));
        }
    }
    assert!(!ops.is_empty(), "the API describes admin operations");
    ops
}

#[actix_web::test]
async fn every_admin_route_refuses_guests_with_n403_and_players_with_403() {
    let app = spawn_app().await;
    let player = app.verified_player("ada@example.com", "+2348012345678").await;
    for (method, path) in admin_operations(&app).await {
        let url = format!("{}/api/v1{path}", app.url);
        for (token, want) in [(None, 401u16), (Some(player.as_str()), 403)] {
            let mut req = app.client.request(method.parse().unwrap(), &url).json(&json!({}));
            if let Some(t) = token {
                req = req.bearer_auth(t);
            }
            let resp = req.send().await.unwrap();
            assert_eq!(resp.status().as_u16(), want, "{method} {path} with {token:?}");
            let body: serde_json::Value = resp.json().await.unwrap();
            let code = if want == 401 { "N403" } else { "FORBIDDEN" };
            assert_eq!(body["errorCode"], code, "{method} {path}");
        }
    }
}

#[actix_web::test]
async fn an_admin_reads_the_dashboard_with_real_player_counts() {
    let app = spawn_app().await;
    app.verified_player("ada@example.com", "+2348012345678").await;
    app.sign_up("Bola", "bola@example.com", "+2348022222222").await;
    let admin = app.admin("boss@ayolotto.ng").await;
    let reply = app.get("/admin/dashboard", Some(&admin)).await;
    assert_eq!(reply.status, 200, "{:?}", reply.body);
    assert_eq!(reply.body["data"]["players_total"], 2, "admins are not players");
    assert_eq!(reply.body["data"]["players_verified"], 1);
    assert_eq!(reply.body["data"]["players_new_today"], 2);
}

#[actix_web::test]
async fn an_admin_changes_the_admin_password() {
    let app = spawn_app().await;
    let admin = app.admin("boss@ayolotto.ng").await;
    let short = app
        .post(
            "/admin/change-password",
            json!({"current_password": ADMIN_PASSWORD, "password": "short-pass1"}),
            Some(&admin),
        )
        .await;
    assert_eq!(short.status, 422, "an admin password needs 12 characters: {:?}", short.body);
    assert!(!short.field_errors("password").is_empty());
    let reply = app
        .post(
            "/admin/change-password",
            json!({"current_password": ADMIN_PASSWORD, "password": "new-admin-pass-2"}),
            Some(&admin),
        )
        .await;
    assert_eq!(reply.status, 200, "{:?}", reply.body);
    app.admin_login("boss@ayolotto.ng", "new-admin-pass-2").await;
}
