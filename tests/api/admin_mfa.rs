//! Admins' second factor against the real server: enrolment at first login (with the host's one-time enrolment
//! code), codes computed as an authenticator app does, single use, recovery codes, and the limits on guessing.

use futures_util::future::join_all;
use serde_json::{json, Value};

use ayo::rate_limit::{Limit, Limits};
use ayo_data::user::EnrolmentCode;

use crate::helpers::{secret_in, spawn_app, spawn_app_with, totp_now, TestApp, ADMIN_PASSWORD};

/// An admin made without a secret, as `ayo create-admin` does: enrols at first login with the enrolment code the
/// host was shown, which this answers.
fn unenrolled_admin(app: &TestApp, email: &str) -> String {
    let admin = ayo::commands::NewStaff {
        role: ayo_data::user::Role::Admin,
        email,
        password: ADMIN_PASSWORD,
        name: "New Admin",
        totp_secret: None,
    };
    let made = ayo::commands::provision_staff(&app.store, &admin).unwrap();
    made.enrolment.expect("an admin without an authenticator gets an enrolment code").code
}

async fn password_step(app: &TestApp, email: &str) -> Value {
    let reply = app.post("/auth/login", json!({"userIdentity": email, "password": ADMIN_PASSWORD}), None).await;
    assert_eq!(reply.status, 200, "{:?}", reply.body);
    reply.body["data"].clone()
}

async fn code_step(app: &TestApp, mfa_token: &Value, code: &str) -> crate::helpers::Reply {
    app.post("/auth/mfa/verify", json!({"mfa_token": mfa_token, "code": code}), None).await
}

/// The enrolment step: the authenticator's code and the host's enrolment code.
async fn enrol_step(app: &TestApp, mfa_token: &Value, code: &str, enrolment_code: &str) -> crate::helpers::Reply {
    let body = json!({"mfa_token": mfa_token, "code": code, "enrolment_code": enrolment_code});
    app.post("/auth/mfa/verify", body, None).await
}

fn actions(app: &TestApp) -> Vec<String> {
    let entries = app.store.activities.newest_first().collect::<Result<Vec<_>, _>>().unwrap();
    entries.into_iter().map(|a| a.action).collect()
}

fn stored_enrolment_code(app: &TestApp, email: &str) -> Option<EnrolmentCode> {
    let email = ayo_data::account::Email::parse(email).unwrap();
    app.store.users.find_by_email(&email).unwrap().unwrap().second_factor.enrolment_code
}

#[actix_web::test]
async fn an_admin_enrols_at_first_login_and_needs_a_code_at_every_login_after() {
    let app = spawn_app().await;
    let enrolment_code = unenrolled_admin(&app, "new@ayolotto.ng");
    let first = password_step(&app, "new@ayolotto.ng").await;
    assert_eq!(first["mfa"], "enroll");
    assert!(first["token"].is_null(), "a password alone never gives an admin a session: {first}");
    let uri = first["otpauth_uri"].as_str().expect("an enrolment URI");
    assert!(uri.starts_with("otpauth://totp/Ayo%20Lotto:new%40ayolotto.ng?secret="), "{uri}");
    let secret = secret_in(uri);

    // The second-step token is not a session.
    let as_session = app.get("/auth/profiles", Some(first["mfa_token"].as_str().unwrap())).await;
    assert_eq!(as_session.status, 401);

    let wrong = enrol_step(&app, &first["mfa_token"], "000000", &enrolment_code).await;
    assert_eq!(wrong.status, 422);
    assert!(!wrong.field_errors("code").is_empty(), "{:?}", wrong.body);

    let enrolled = enrol_step(&app, &first["mfa_token"], &totp_now(&secret, 0), &enrolment_code).await;
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

    assert_eq!(stored_enrolment_code(&app, "new@ayolotto.ng"), None, "the enrolment code is used up");
    let actions = actions(&app);
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

/// The attack of issue 28 (finding 10): someone who phished or guessed a new admin's password logs in before the
/// admin does. The password step shows them the secret on offer, so they can compute the authenticator's codes; what
/// they lack is the enrolment code printed on the host. Without it, or with a guess, nothing is enrolled; the admin,
/// with it, enrols their own phone.
#[actix_web::test]
async fn a_password_alone_enrols_no_authenticator_without_the_hosts_enrolment_code() {
    let app = spawn_app().await;
    let enrolment_code = unenrolled_admin(&app, "new@ayolotto.ng");

    let attacker = password_step(&app, "new@ayolotto.ng").await;
    assert_eq!(attacker["mfa"], "enroll");
    let their_secret = secret_in(attacker["otpauth_uri"].as_str().unwrap());
    let code = totp_now(&their_secret, 0);
    let without = code_step(&app, &attacker["mfa_token"], &code).await;
    assert_eq!(without.status, 422, "{:?}", without.body);
    assert!(!without.field_errors("enrolment_code").is_empty(), "{:?}", without.body);
    let guessed = enrol_step(&app, &attacker["mfa_token"], &code, "abcd-efgh-jkmn-pqrs-tuvw").await;
    assert_eq!(guessed.status, 422, "{:?}", guessed.body);
    assert!(guessed.field_errors("enrolment_code")[0].contains("4 more"), "{:?}", guessed.body);
    assert!(guessed.body["data"]["token"].is_null());
    // Another admin's enrolment code is nothing here either: codes are bound to their account.
    let other_code = unenrolled_admin(&app, "other@ayolotto.ng");
    let borrowed = enrol_step(&app, &attacker["mfa_token"], &code, &other_code).await;
    assert_eq!(borrowed.status, 422, "{:?}", borrowed.body);
    assert!(!borrowed.field_errors("enrolment_code").is_empty(), "{:?}", borrowed.body);

    let after = password_step(&app, "new@ayolotto.ng").await;
    assert_eq!(after["mfa"], "enroll", "still not enrolled: the attacker's secret never became the admin's");

    // The admin, with the code from the host (typed loosely), enrols their own authenticator.
    let secret = secret_in(after["otpauth_uri"].as_str().unwrap());
    assert_ne!(secret, their_secret, "each login offers a new secret");
    let typed = enrolment_code.to_uppercase().replace('-', " ");
    let enrolled = enrol_step(&app, &after["mfa_token"], &totp_now(&secret, 0), &typed).await;
    assert_eq!(enrolled.status, 200, "{:?}", enrolled.body);
    assert_eq!(enrolled.body["data"]["recovery_codes"].as_array().map(Vec::len), Some(10));
    let again = password_step(&app, "new@ayolotto.ng").await;
    assert_eq!(again["mfa"], "required");
    let actions = actions(&app);
    assert_eq!(actions.iter().filter(|a| *a == "mfa.enrolment_code_failed").count(), 2, "{actions:?}");
}

/// The burst: a hundred guessed enrolment codes at once (with a right authenticator code, which the attacker can
/// compute) while the login limits are out of the way. The misses are counted on the code itself in the same edit
/// that compares it, so exactly five are ever compared and the code is then spent, even for its owner; running
/// `create-admin` again issues a new one that works, and the old one stays dead.
#[actix_web::test]
async fn a_burst_of_guessed_enrolment_codes_compares_five_then_spends_the_code_until_the_host_issues_another() {
    let generous = Limit::per_minute(100_000);
    let limits = Limits { login_per_ip: generous, login_failures_per_identity: generous, ..Limits::default() };
    let app = spawn_app_with(limits, |_| {}).await;
    let enrolment_code = unenrolled_admin(&app, "new@ayolotto.ng");
    let step = password_step(&app, "new@ayolotto.ng").await;
    let secret = secret_in(step["otpauth_uri"].as_str().unwrap());
    let code = totp_now(&secret, 0);

    let guessed: Vec<String> = (0..100).map(|n| format!("guess-{n:04}")).collect();
    let replies = join_all(guessed.iter().map(|guess| enrol_step(&app, &step["mfa_token"], &code, guess))).await;
    let statuses: Vec<u16> = replies.iter().map(|r| r.status).collect();
    assert!(statuses.iter().all(|s| *s == 422), "every guess is refused: {statuses:?}");
    let compared_and_wrong = replies.iter().filter(|r| r.body["errorCode"].is_null()).count();
    let locked = replies.iter().filter(|r| r.body["errorCode"] == "ENROLMENT_CODE_LOCKED").count();
    assert_eq!(compared_and_wrong, 4, "four misses say how many tries are left");
    assert_eq!(locked, 96, "the fifth miss spends the code, and every later guess meets a spent code");
    assert_eq!(stored_enrolment_code(&app, "new@ayolotto.ng").map(|c| c.misses), Some(EnrolmentCode::MISSES_ALLOWED));

    let owner = enrol_step(&app, &step["mfa_token"], &code, &enrolment_code).await;
    assert_eq!(owner.body["errorCode"], "ENROLMENT_CODE_LOCKED", "spent even for its owner: {:?}", owner.body);
    let actions = actions(&app);
    assert_eq!(actions.iter().filter(|a| *a == "mfa.enrolment_code_locked").count(), 1, "{actions:?}");

    // The operator runs `ayo create-admin` again: a new code, the old token and the old code dead.
    let fresh = unenrolled_admin(&app, "new@ayolotto.ng");
    let stale = enrol_step(&app, &step["mfa_token"], &code, &fresh).await;
    assert_eq!(stale.status, 422, "the password was set again: the old second-step token is dead");
    assert!(!stale.field_errors("mfa_token").is_empty(), "{:?}", stale.body);
    let step = password_step(&app, "new@ayolotto.ng").await;
    let secret = secret_in(step["otpauth_uri"].as_str().unwrap());
    let old = enrol_step(&app, &step["mfa_token"], &totp_now(&secret, 0), &enrolment_code).await;
    assert_eq!(old.status, 422);
    assert!(old.field_errors("enrolment_code")[0].contains("4 more"), "the old code is just wrong: {:?}", old.body);
    let enrolled = enrol_step(&app, &step["mfa_token"], &totp_now(&secret, 0), &fresh).await;
    assert_eq!(enrolled.status, 200, "{:?}", enrolled.body);
}

/// A code the host printed more than 72 hours ago, and an admin stored before enrolment codes existed (no code
/// at all), cannot enrol: both are told to ask for a new one, and nothing is counted.
#[actix_web::test]
async fn an_expired_or_missing_enrolment_code_enrols_nothing() {
    let app = spawn_app().await;
    let enrolment_code = unenrolled_admin(&app, "new@ayolotto.ng");
    let email = ayo_data::account::Email::parse("new@ayolotto.ng").unwrap();
    let id = app.store.users.find_by_email(&email).unwrap().unwrap().id;
    let expire = |u: &mut ayo_data::user::User| {
        let code = u.second_factor.enrolment_code.as_mut().unwrap();
        code.expires_at = chrono::Utc::now() - chrono::Duration::seconds(1);
        true
    };
    app.store.users.update(id, expire).unwrap();
    let step = password_step(&app, "new@ayolotto.ng").await;
    let secret = secret_in(step["otpauth_uri"].as_str().unwrap());
    let expired = enrol_step(&app, &step["mfa_token"], &totp_now(&secret, 0), &enrolment_code).await;
    assert_eq!((expired.status, expired.body["errorCode"].as_str()), (422, Some("ENROLMENT_CODE_EXPIRED")));
    assert!(expired.field_errors("enrolment_code")[0].contains("create-admin"), "{:?}", expired.body);

    app.store.users.update(id, |u| u.second_factor.enrolment_code.take().is_some()).unwrap();
    let none = enrol_step(&app, &step["mfa_token"], &totp_now(&secret, 0), &enrolment_code).await;
    assert_eq!(none.body["errorCode"], "ENROLMENT_CODE_EXPIRED", "{:?}", none.body);
    assert_eq!(password_step(&app, "new@ayolotto.ng").await["mfa"], "enroll", "still not enrolled");
}
