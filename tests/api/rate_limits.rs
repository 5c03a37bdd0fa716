use serde_json::json;

use ayo::rate_limit::{Limit, Limits};

use crate::helpers::{spawn_app, spawn_app_with, PASSWORD};

#[actix_web::test]
async fn five_wrong_passwords_lock_the_account_for_email_and_phone_alike() {
    let app = spawn_app().await;
    app.verified_player("ada@example.com", "+2348012345678").await;
    for _ in 0..5 {
        let r =
            app.post("/auth/login", json!({"userIdentity": "ada@example.com", "password": "wrong-pass"}), None).await;
        assert_eq!(r.status, 401);
    }
    let locked = app.post("/auth/login", json!({"userIdentity": "ada@example.com", "password": PASSWORD}), None).await;
    assert_eq!(locked.status, 429);
    assert_eq!(locked.body["errorCode"], "RATE_LIMITED");
    let by_phone = app.post("/auth/login", json!({"userIdentity": "08012345678", "password": PASSWORD}), None).await;
    assert_eq!(by_phone.status, 429, "the lock is on the account, whichever identity names it");
}

#[actix_web::test]
async fn one_address_cannot_try_logins_without_limit() {
    let limits = Limits { login_per_ip: Limit::per_minute(3), ..Limits::default() };
    let app = spawn_app_with(limits, |_| {}).await;
    for i in 0..3 {
        let r = app
            .post("/auth/login", json!({"userIdentity": format!("u{i}@example.com"), "password": "x-x-x-x"}), None)
            .await;
        assert_eq!(r.status, 401);
    }
    let refused = app.post("/auth/login", json!({"userIdentity": "u9@example.com", "password": "x-x-x-x"}), None).await;
    assert_eq!(refused.status, 429);
}

#[actix_web::test]
async fn guessing_codes_without_an_email_is_limited_per_address() {
    let limits = Limits { otp_verify_per_ip: Limit::per_minute(3), ..Limits::default() };
    let app = spawn_app_with(limits, |_| {}).await;
    for _ in 0..3 {
        let r = app.post("/otps/verify", json!({"otp": "123456", "type": "verification"}), None).await;
        assert_eq!(r.status, 422);
    }
    let refused = app.post("/otps/verify", json!({"otp": "123456", "type": "verification"}), None).await;
    assert_eq!(refused.status, 429);
}
