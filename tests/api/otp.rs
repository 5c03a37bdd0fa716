use serde_json::json;

use crate::helpers::{spawn_app, PASSWORD};

#[actix_web::test]
async fn the_code_alone_verifies_the_account_as_spec_sends_it() {
    let app = spawn_app().await;
    app.sign_up("Ada", "ada@example.com", "+2348012345678").await;
    let code = app.latest_code("ada@example.com");
    let reply = app.post("/otps/verify", json!({"otp": code, "type": "verification"}), None).await;
    assert_eq!(reply.status, 200, "{:?}", reply.body);
    assert!(reply.message().contains("verified"));
    let replay = app.post("/otps/verify", json!({"otp": code, "type": "verification"}), None).await;
    assert_eq!(replay.status, 422, "a code works once");
    assert!(!replay.field_errors("otp").is_empty());
}

#[actix_web::test]
async fn a_code_that_is_not_six_digits_gets_the_spec_message() {
    let app = spawn_app().await;
    for otp in ["", "12345", "12345a", "1234567"] {
        let reply = app.post("/otps/verify", json!({"otp": otp, "type": "verification"}), None).await;
        assert_eq!(reply.status, 422);
        assert_eq!(reply.message(), "Make sure you entered the OTP sent to your email");
    }
    let bad_type = app.post("/otps/verify", json!({"otp": "123456", "type": "banana"}), None).await;
    assert_eq!(bad_type.status, 422);
    assert!(!bad_type.field_errors("type").is_empty());
}

#[actix_web::test]
async fn five_wrong_codes_for_an_email_burn_its_code() {
    let app = spawn_app().await;
    app.sign_up("Ada", "ada@example.com", "+2348012345678").await;
    let code = app.latest_code("ada@example.com");
    let wrong = if code == "000000" { "111111" } else { "000000" };
    for _ in 0..4 {
        let r = app
            .post("/otps/verify", json!({"otp": wrong, "type": "verification", "email": "ada@example.com"}), None)
            .await;
        assert_eq!(r.status, 422);
    }
    let fifth =
        app.post("/otps/verify", json!({"otp": wrong, "type": "verification", "email": "ada@example.com"}), None).await;
    assert!(fifth.message().contains("Too many wrong codes"), "{:?}", fifth.body);
    let right_too_late = app.post("/otps/verify", json!({"otp": code, "type": "verification"}), None).await;
    assert_eq!(right_too_late.status, 422, "the burned code no longer works");
}

#[actix_web::test]
async fn a_code_of_another_account_does_not_verify_the_named_one() {
    let app = spawn_app().await;
    app.sign_up("Ada", "ada@example.com", "+2348012345678").await;
    app.sign_up("Bola", "bola@example.com", "+2348022222222").await;
    let bolas = app.latest_code("bola@example.com");
    let r =
        app.post("/otps/verify", json!({"otp": bolas, "type": "verification", "email": "ada@example.com"}), None).await;
    assert_eq!(r.status, 422);
}

#[actix_web::test]
async fn a_resend_within_a_minute_is_refused_and_after_it_a_new_code_replaces_the_old() {
    let app = spawn_app().await;
    app.sign_up("Ada", "ada@example.com", "+2348012345678").await;
    let resend = app.post("/otps/resend", json!({"email": "ada@example.com", "purpose": "verification"}), None).await;
    assert_eq!(resend.status, 429);
    assert_eq!(resend.body["errorCode"], "RATE_LIMITED");
    assert_eq!(app.mails_to("ada@example.com").len(), 1);
}

#[actix_web::test]
async fn resend_answers_the_same_for_an_unknown_email() {
    let app = spawn_app().await;
    let reply = app.post("/otps/resend", json!({"email": "nobody@example.com", "purpose": "verification"}), None).await;
    assert_eq!(reply.status, 200);
    assert!(app.mails_to("nobody@example.com").is_empty());
}

#[actix_web::test]
async fn an_unverified_player_who_logs_in_is_sent_back_to_the_code_step() {
    let app = spawn_app().await;
    app.sign_up("Ada", "ada@example.com", "+2348012345678").await;
    let reply = app.post("/auth/login", json!({"userIdentity": "ada@example.com", "password": PASSWORD}), None).await;
    assert_eq!(reply.status, 403);
    assert_eq!(reply.body["errorCode"], "UNVERIFIED");
    assert_eq!(reply.body["data"]["email"], "ada@example.com");
    let wrong_password =
        app.post("/auth/login", json!({"userIdentity": "ada@example.com", "password": "nope-nope"}), None).await;
    assert_eq!(wrong_password.status, 401, "unverified status is only told to the password holder");
}
