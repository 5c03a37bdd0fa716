//! The audit log cannot be flooded by events an outsider causes at will (forged webhooks: `deposits.rs`).

use serde_json::json;

use crate::helpers::spawn_app;

#[actix_web::test]
async fn refused_admin_calls_from_one_source_are_logged_a_bounded_number_of_times() {
    let app = spawn_app().await;
    let player = app.verified_player("ada@example.com", "+2348012345678").await;
    for _ in 0..40 {
        assert_eq!(app.get("/admin/dashboard", Some(&player)).await.status, 403);
    }
    let log = app.store.activities.newest_first().collect::<Result<Vec<_>, _>>().unwrap();
    let count = |action: &str| log.iter().filter(|a| a.action == action).count();
    assert_eq!(count("admin.role_denied"), 20, "the first 20 a minute from one source are kept");
    // Someone else's events still get in.
    let admin = app.admin("boss@ayolotto.ng").await;
    let id = app.get("/auth/profiles", Some(&player)).await.body["data"]["id"].as_u64().unwrap();
    assert_eq!(app.post(&format!("/admin/users/{id}/suspend"), json!({}), Some(&admin)).await.status, 200);
    assert!(app
        .store
        .activities
        .newest_first()
        .collect::<Result<Vec<_>, _>>()
        .unwrap()
        .iter()
        .any(|a| a.action == "user.suspended"));
}
