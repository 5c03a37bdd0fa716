use serde_json::json;

use crate::helpers::{spawn_app, PASSWORD};

#[actix_web::test]
async fn a_verified_player_logs_in_by_email_or_phone_and_reads_the_profile() {
    let app = spawn_app().await;
    let token = app.verified_player("ada@example.com", "+2348012345678").await;
    for identity in ["ADA@example.com", "+2348012345678", "08012345678", "2348012345678"] {
        let reply = app.post("/auth/login", json!({"userIdentity": identity, "password": PASSWORD}), None).await;
        assert_eq!(reply.status, 200, "{identity}: {:?}", reply.body);
        assert_eq!(reply.body["data"]["expires_in"], 3600);
        assert_eq!(reply.body["data"]["user"]["role"], "user");
    }
    let profile = app.get("/auth/profiles", Some(&token)).await;
    assert_eq!(profile.status, 200);
    let user = &profile.body["data"];
    assert_eq!(user["email"], "ada@example.com");
    assert_eq!(user["phoneNumber"], "+2348012345678");
    assert_eq!(user["dob"], "1990-05-17");
    assert_eq!(user["relationships"]["wallet"]["balance"], 0);
    assert!(user.get("password_hash").is_none(), "no hash leaves the server");
}

#[actix_web::test]
async fn a_login_without_both_fields_says_all_fields_are_required() {
    let app = spawn_app().await;
    for body in [json!({"userIdentity": "ada@example.com"}), json!({"password": "x"}), json!({})] {
        let reply = app.post("/auth/login", body, None).await;
        assert_eq!(reply.status, 422);
        assert_eq!(reply.message(), "All fields are required");
    }
}

#[actix_web::test]
async fn a_wrong_password_and_an_unknown_account_get_the_same_answer() {
    let app = spawn_app().await;
    app.verified_player("ada@example.com", "+2348012345678").await;
    let wrong =
        app.post("/auth/login", json!({"userIdentity": "ada@example.com", "password": "wrong-pass"}), None).await;
    let unknown =
        app.post("/auth/login", json!({"userIdentity": "who@example.com", "password": "wrong-pass"}), None).await;
    assert_eq!((wrong.status, unknown.status), (401, 401));
    assert_eq!(wrong.body, unknown.body);
    assert!(wrong.body.get("errorCode").is_none(), "not N403: the app shows the message, it does not redirect");
}
