use serde_json::json;

use crate::helpers::{spawn_app, PASSWORD};

#[actix_web::test]
async fn forgot_password_then_the_emailed_code_sets_a_new_password() {
    let app = spawn_app().await;
    let old_token = app.verified_player("ada@example.com", "+2348012345678").await;
    let forgot = app.post("/auth/forgot-password", json!({"email": "ada@example.com"}), None).await;
    assert_eq!(forgot.status, 200);
    let code = app.latest_code("ada@example.com");

    let checked = app
        .post("/otps/verify", json!({"otp": code, "type": "password_reset", "email": "ada@example.com"}), None)
        .await;
    assert_eq!(checked.status, 200, "checking a reset code keeps it usable: {:?}", checked.body);

    let reset = app
        .post("/auth/reset-password", json!({"email": "ada@example.com", "otp": code, "password": "fresh-pass"}), None)
        .await;
    assert_eq!(reset.status, 200, "{:?}", reset.body);
    app.login("ada@example.com", "fresh-pass").await;
    let old = app.post("/auth/login", json!({"userIdentity": "ada@example.com", "password": PASSWORD}), None).await;
    assert_eq!(old.status, 401);
    assert_eq!(app.get("/auth/profiles", Some(&old_token)).await.status, 401, "a reset signs sessions out");
    let again = app
        .post("/auth/reset-password", json!({"email": "ada@example.com", "otp": code, "password": "other-pass"}), None)
        .await;
    assert_eq!(again.status, 422, "the code works once");
}

#[actix_web::test]
async fn forgot_password_answers_the_same_for_an_unknown_email_and_sends_nothing() {
    let app = spawn_app().await;
    app.verified_player("ada@example.com", "+2348012345678").await;
    let known = app.post("/auth/forgot-password", json!({"email": "ada@example.com"}), None).await;
    let unknown = app.post("/auth/forgot-password", json!({"email": "who@example.com"}), None).await;
    assert_eq!((known.status, unknown.status), (200, 200));
    assert_eq!(known.message(), unknown.message());
    assert!(app.mails_to("who@example.com").is_empty());
}

#[actix_web::test]
async fn a_wrong_reset_code_changes_nothing() {
    let app = spawn_app().await;
    app.verified_player("ada@example.com", "+2348012345678").await;
    app.post("/auth/forgot-password", json!({"email": "ada@example.com"}), None).await;
    let code = app.latest_code("ada@example.com");
    let wrong = if code == "000000" { "111111" } else { "000000" };
    let reply = app
        .post(
            "/auth/reset-password",
            json!({"email": "ada@example.com", "otp": wrong, "password": "hacked-pass"}),
            None,
        )
        .await;
    assert_eq!(reply.status, 422);
    app.login("ada@example.com", PASSWORD).await;
}
