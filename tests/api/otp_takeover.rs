//! The account-takeover path of 24 Nov: a reset code checked without its email found its owner among every live code
//! and answered with the owner's email. A code is now only ever checked against the account its email names.

use serde_json::json;

use ayo::rate_limit::{Limit, Limits};

use crate::helpers::{spawn_app, spawn_app_with, PASSWORD};

#[actix_web::test]
async fn a_reset_code_without_its_email_is_refused_and_reveals_no_one() {
    let app = spawn_app().await;
    app.verified_player("ada@example.com", "+2348012345678").await;
    let asked = app.post("/auth/forgot-password", json!({"email": "ada@example.com"}), None).await;
    assert_eq!(asked.status, 200);
    let code = app.latest_code("ada@example.com");

    let guess = app.post("/otps/verify", json!({"otp": code, "type": "password_reset"}), None).await;
    assert_eq!(guess.status, 422, "{:?}", guess.body);
    assert!(!guess.field_errors("email").is_empty(), "the email is required: {:?}", guess.body);
    assert!(!guess.body.to_string().contains("ada@example.com"), "whose code it is stays unknown");

    // With another account's email the right code is wrong, and the owner's code still works.
    app.verified_player("bola@example.com", "+2348012345679").await;
    let wrong_owner = app
        .post("/otps/verify", json!({"otp": code, "type": "password_reset", "email": "bola@example.com"}), None)
        .await;
    assert_eq!(wrong_owner.status, 422);
    let reset = app
        .post("/auth/reset-password", json!({"email": "ada@example.com", "otp": code, "password": "n3w-secret"}), None)
        .await;
    assert_eq!(reset.status, 200, "{:?}", reset.body);
}

#[actix_web::test]
async fn a_verification_code_without_an_email_verifies_but_never_names_the_account() {
    let app = spawn_app().await;
    app.sign_up("Ada Obi", "ada@example.com", "+2348012345678").await;
    let code = app.latest_code("ada@example.com");
    let verified = app.post("/otps/verify", json!({"otp": code, "type": "verification"}), None).await;
    assert_eq!(verified.status, 200, "{:?}", verified.body);
    assert!(!verified.body.to_string().contains("ada@example.com"), "{:?}", verified.body);
    app.login("ada@example.com", PASSWORD).await;
}

#[actix_web::test]
async fn emailless_misses_share_one_budget_and_burn_no_players_code() {
    let limits = Limits {
        otp_verify_anonymous: Limit::per_minute(3),
        otp_verify_per_ip: Limit::per_minute(100),
        ..Limits::default()
    };
    let app = spawn_app_with(limits, |_| {}).await;
    app.sign_up("Ada Obi", "ada@example.com", "+2348012345678").await;
    let code = app.latest_code("ada@example.com");
    let wrong = if code == "000000" { "111111" } else { "000000" };
    for _ in 0..3 {
        let miss = app.post("/otps/verify", json!({"otp": wrong, "type": "verification"}), None).await;
        assert_eq!(miss.status, 422);
    }
    let spent = app.post("/otps/verify", json!({"otp": wrong, "type": "verification"}), None).await;
    assert_eq!(spent.status, 429, "the shared budget is spent: {:?}", spent.body);
    // The player, naming their email, is not held back by it, and their code was not burned by the misses.
    let own =
        app.post("/otps/verify", json!({"otp": code, "type": "verification", "email": "ada@example.com"}), None).await;
    assert_eq!(own.status, 200, "{:?}", own.body);
}

#[actix_web::test]
async fn an_admin_cannot_be_reset_through_the_public_flow() {
    let app = spawn_app().await;
    let boss = ayo::commands::NewStaff {
        role: ayo_data::user::Role::Admin,
        email: "boss@example.com",
        password: "long-admin-pass-1",
        name: "Boss",
        totp_secret: None,
    };
    ayo::commands::make_staff(&app.store, &boss).unwrap();
    let asked = app.post("/auth/forgot-password", json!({"email": "boss@example.com"}), None).await;
    let unknown = app.post("/auth/forgot-password", json!({"email": "nobody@example.com"}), None).await;
    assert_eq!(asked.status, 200);
    assert_eq!(asked.body["message"], unknown.body["message"], "the same answer as for no account");
    assert!(app.mails_to("boss@example.com").is_empty(), "no reset code is ever sent to an admin");
    for otp in ["000000", "123456"] {
        let reset = app
            .post(
                "/auth/reset-password",
                json!({"email": "boss@example.com", "otp": otp, "password": "pwned-pass-123"}),
                None,
            )
            .await;
        assert_eq!(reset.status, 422);
    }
}

#[actix_web::test]
async fn forgot_password_and_resend_answer_alike_for_accounts_that_exist_and_do_not() {
    // Sign-up already sent Ada a code this minute: a per-email limit generous enough to compare like with like.
    let limits = Limits { otp_send_per_email: Limit::per_minute(10), ..Limits::default() };
    let app = spawn_app_with(limits, |_| {}).await;
    app.verified_player("ada@example.com", "+2348012345678").await;
    let known = app.post("/auth/forgot-password", json!({"email": "ada@example.com"}), None).await;
    let unknown = app.post("/auth/forgot-password", json!({"email": "ghost@example.com"}), None).await;
    assert_eq!((known.status, known.body["message"].clone()), (unknown.status, unknown.body["message"].clone()));
    let resend_known =
        app.post("/otps/resend", json!({"email": "ada@example.com", "purpose": "verification"}), None).await;
    let resend_unknown =
        app.post("/otps/resend", json!({"email": "ghost@example.com", "purpose": "verification"}), None).await;
    assert_eq!(resend_known.status, resend_unknown.status);
    assert_eq!(resend_known.body["message"], resend_unknown.body["message"]);
    let wrong_code = app
        .post(
            "/auth/reset-password",
            json!({"email": "ada@example.com", "otp": "000001", "password": "n3w-secret"}),
            None,
        )
        .await;
    let no_account = app
        .post(
            "/auth/reset-password",
            json!({"email": "ghost@example.com", "otp": "000001", "password": "n3w-secret"}),
            None,
        )
        .await;
    assert_eq!(wrong_code.status, no_account.status);
    assert_eq!(wrong_code.body, no_account.body);
}
