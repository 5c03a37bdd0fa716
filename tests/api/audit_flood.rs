//! The audit log cannot be flooded by events an outsider causes at will, and long details are cut.

use serde_json::json;

use crate::helpers::spawn_app;

#[actix_web::test]
async fn refused_roles_and_forged_webhooks_from_one_source_are_logged_a_bounded_number_of_times() {
    let app = spawn_app().await;
    let player = app.verified_player("ada@example.com", "+2348012345678").await;
    for _ in 0..40 {
        assert_eq!(app.get("/admin/dashboard", Some(&player)).await.status, 403);
    }
    let body = format!("{{\"event\":\"charge.success\",\"data\":{{\"reference\":\"{}\"}}}}", "x".repeat(2_000));
    for _ in 0..40 {
        let forged = app.webhook("sandbox", &body, Some("not-the-signature")).await;
        assert!(forged.status >= 400, "{:?}", forged.body);
    }
    let log = app.store.activities.all().unwrap();
    let count = |action: &str| log.iter().filter(|a| a.action == action).count();
    assert_eq!(count("admin.role_denied"), 20, "the first 20 a minute from one source are kept");
    assert_eq!(count("webhook.forged"), 20);
    assert!(log.iter().all(|a| a.detail.chars().count() <= ayo::audit::DETAIL_MAX + 1));
    // Someone else's events still get in.
    let admin = app.admin("boss@ayolotto.ng").await;
    let id = app.get("/auth/profiles", Some(&player)).await.body["data"]["id"].as_u64().unwrap();
    assert_eq!(app.post(&format!("/admin/users/{id}/suspend"), json!({}), Some(&admin)).await.status, 200);
    assert!(app.store.activities.all().unwrap().iter().any(|a| a.action == "user.suspended"));
}
