//! Admins' second factor against the real server: enrolment at first login, codes computed as an authenticator app
//! does, single use, recovery codes, and the limits on guessing.

use serde_json::{json, Value};

use crate::helpers::{secret_in, spawn_app, totp_now, TestApp, ADMIN_PASSWORD};

/// An admin made without a secret, as `ayo create-admin` does: enrols at first login.
fn unenrolled_admin(app: &TestApp, email: &str) {
    let admin = ayo::cli::NewStaff {
        role: ayo_data::user::Role::Admin,
        email,
        password: ADMIN_PASSWORD,
        name: "New Admin",
        totp_secret: None,
    };
    ayo::cli::make_staff(&app.store, &admin).unwrap();
}

async fn password_step(app: &TestApp, email: &str) -> Value {
    let reply = app.post("/auth/login", json!({"userIdentity": email, "password": ADMIN_PASSWORD}), None).await;
    assert_eq!(reply.status, 200, "{:?}", reply.body);
    reply.body["data"].clone()
}

async fn code_step(app: &TestApp, mfa_token: &Value, code: &str) -> crate::helpers::Reply {
    app.post("/auth/mfa/verify", json!({"mfa_token": mfa_token, "code": code}), None).await
}

#[actix_web::test]
async fn an_admin_enrols_at_first_login_and_needs_a_code_at_every_login_after() {
    let app = spawn_app().await;
    unenrolled_admin(&app, "new@ayolotto.ng");
    let first = password_step(&app, "new@ayolotto.ng").await;
    assert_eq!(first["mfa"], "enroll");
    assert!(first["token"].is_null(), "a password alone never gives an admin a session: {first}");
    let uri = first["otpauth_uri"].as_str().expect("an enrolment URI");
    assert!(uri.starts_with("otpauth://totp/Ayo%20Lotto:new%40ayolotto.ng?secret="), "{uri}");
    let secret = secret_in(uri);

    // The second-step token is not a session.
    let as_session = app.get("/auth/profiles", Some(first["mfa_token"].as_str().unwrap())).await;
    assert_eq!(as_session.status, 401);

    let wrong = code_step(&app, &first["mfa_token"], "000000").await;
    assert_eq!(wrong.status, 422);
    assert!(!wrong.field_errors("code").is_empty(), "{:?}", wrong.body);

    let enrolled = code_step(&app, &first["mfa_token"], &totp_now(&secret, 0)).await;
    assert_eq!(enrolled.status, 200, "{:?}", enrolled.body);
    let token = enrolled.body["data"]["token"].as_str().expect("a session");
    assert_eq!(app.get("/admin/dashboard", Some(token)).await.status, 200);
    let codes: Vec<String> = serde_json::from_value(enrolled.body["data"]["recovery_codes"].clone()).unwrap();
    assert_eq!(codes.len(), 10);

    // From now on the code is required, and the one just used does not work twice.
    let second = password_step(&app, "new@ayolotto.ng").await;
    assert_eq!(second["mfa"], "required");
    assert!(second["otpauth_uri"].is_null(), "the secret is shown only at enrolment");
    let replayed = code_step(&app, &second["mfa_token"], &totp_now(&secret, 0)).await;
    assert_eq!(replayed.status, 422, "a code works once: {:?}", replayed.body);
    let next = code_step(&app, &second["mfa_token"], &totp_now(&secret, 1)).await;
    assert_eq!(next.status, 200, "{:?}", next.body);
    assert!(next.body["data"]["recovery_codes"].is_null(), "recovery codes are shown once");

    // A recovery code (typed any way) stands in for a lost phone, once.
    let third = password_step(&app, "new@ayolotto.ng").await;
    let typed = codes[0].to_uppercase();
    assert_eq!(code_step(&app, &third["mfa_token"], &typed).await.status, 200);
    let fourth = password_step(&app, "new@ayolotto.ng").await;
    assert_eq!(code_step(&app, &fourth["mfa_token"], &codes[0]).await.status, 422, "a recovery code works once");

    let actions: Vec<String> = app
        .store
        .activities
        .newest_first()
        .collect::<Result<Vec<_>, _>>()
        .unwrap()
        .into_iter()
        .map(|a| a.action)
        .collect();
    for action in ["mfa.enrolled", "mfa.failed", "mfa.recovery_used"] {
        assert!(actions.iter().any(|a| a == action), "{action} is audited: {actions:?}");
    }
}

#[actix_web::test]
async fn guessing_codes_is_cut_off_and_a_forged_or_stale_second_step_token_is_refused() {
    let app = spawn_app().await;
    app.admin("boss@ayolotto.ng").await;
    let step = password_step(&app, "boss@ayolotto.ng").await;
    let mut statuses = Vec::new();
    for guess in 0..6 {
        statuses.push(code_step(&app, &step["mfa_token"], &format!("{guess:06}")).await.status);
    }
    assert_eq!(statuses.last(), Some(&429), "wrong codes are limited per admin: {statuses:?}");

    let forged = code_step(&app, &json!("eyJhbGciOiJIUzI1NiJ9.e30.forged"), "123456").await;
    assert_eq!(forged.status, 422);
    assert!(!forged.field_errors("mfa_token").is_empty());
    // A player's session token is not a second-step token either.
    let player = app.verified_player("ada@example.com", "+2348012345678").await;
    assert_eq!(code_step(&app, &json!(player), "123456").await.status, 422);
}
