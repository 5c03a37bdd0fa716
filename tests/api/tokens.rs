use jsonwebtoken::{encode, EncodingKey, Header};
use serde_json::json;

use crate::helpers::{spawn_app, JWT_SECRET, PASSWORD};

fn signed(secret: &str, sub: &str, exp_offset: i64) -> String {
    let now = chrono::Utc::now().timestamp();
    let claims = json!({"sub": sub, "role": "user", "ver": 0, "iat": now, "exp": now + exp_offset});
    encode(&Header::default(), &claims, &EncodingKey::from_secret(secret.as_bytes())).unwrap()
}

async fn assert_n403(app: &crate::helpers::TestApp, token: Option<&str>) {
    let reply = app.get("/auth/profiles", token).await;
    assert_eq!(reply.status, 401, "{:?}", reply.body);
    assert_eq!(reply.body["errorCode"], "N403");
}

#[actix_web::test]
async fn missing_expired_tampered_and_foreign_tokens_get_401_n403() {
    let app = spawn_app().await;
    let token = app.verified_player("ada@example.com", "+2348012345678").await;
    let id = app.get("/auth/profiles", Some(&token)).await.body["data"]["id"].to_string();
    assert_n403(&app, None).await;
    assert_n403(&app, Some("not-a-token")).await;
    assert_n403(&app, Some(&signed(JWT_SECRET, &id, -5))).await;
    assert_n403(&app, Some(&signed("some-other-secret", &id, 600))).await;
    let mut tampered = token.clone();
    tampered.insert(tampered.len() - 3, 'x');
    assert_n403(&app, Some(&tampered)).await;
    assert_eq!(app.get("/auth/profiles", Some(&signed(JWT_SECRET, &id, 600))).await.status, 200);
}

#[actix_web::test]
async fn changing_the_password_signs_older_tokens_out_and_hands_back_a_new_one() {
    let app = spawn_app().await;
    let old = app.verified_player("ada@example.com", "+2348012345678").await;
    let wrong = app
        .post("/auth/change-password", json!({"current_password": "nope-nope", "password": "brand-new"}), Some(&old))
        .await;
    assert_eq!(wrong.status, 422);
    assert!(!wrong.field_errors("current_password").is_empty());
    let short =
        app.post("/auth/change-password", json!({"current_password": PASSWORD, "password": "12345"}), Some(&old)).await;
    assert_eq!(short.message(), "Password must be upto 6 characters");

    let changed = app
        .post("/auth/change-password", json!({"current_password": PASSWORD, "password": "brand-new"}), Some(&old))
        .await;
    assert_eq!(changed.status, 200, "{:?}", changed.body);
    let new = changed.body["data"]["token"].as_str().unwrap().to_string();
    assert_n403(&app, Some(&old)).await;
    assert_eq!(app.get("/auth/profiles", Some(&new)).await.status, 200);
    app.login("ada@example.com", "brand-new").await;
}
