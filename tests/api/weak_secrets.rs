//! The attack of issue 28 (finding 12): with `AYO_JWT_SECRET=changeme` the key came back offline from a player's
//! own token, and an admin token signed with it opened the back office. `ayo serve` now refuses every guessable
//! secret before it listens, naming the variable; the forged token has no server to open.

use std::io::Read;
use std::process::{Command, Stdio};
use std::time::Duration;

use ayo_data::user::Role;

use crate::helpers::{spawn_app, JWT_SECRET};

/// 32 random bytes in hex.
const STRONG: &str = "bf1bb73bd26ed50b0e43a53e1806fd783cef97caa254bd1d9aff2cbf2a1840fb";

/// `ayo serve` on a fresh data directory with `env` set, once it exited: (whether it succeeded, stdout, stderr);
/// `None` when it was still running after ten seconds.
fn serve_with(env: &[(&str, &str)]) -> Option<(bool, String, String)> {
    let dir = tempfile::tempdir().unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_ayo"))
        .args(["serve", "--demo", "--bind", "127.0.0.1:0", "--data-dir"])
        .arg(dir.path())
        .env_remove("AYO_BIND")
        .env_remove("AYO_STORE_URL")
        .env_remove("AYO_BUS_URL")
        .envs(env.iter().copied())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    for _ in 0..200 {
        if let Some(status) = child.try_wait().unwrap() {
            let (mut out, mut err) = (String::new(), String::new());
            child.stdout.take().unwrap().read_to_string(&mut out).unwrap();
            child.stderr.take().unwrap().read_to_string(&mut err).unwrap();
            return Some((status.success(), out, err));
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    child.kill().unwrap();
    child.wait().unwrap();
    None
}

#[test]
fn serve_refuses_a_guessable_secret_naming_the_variable_and_never_listens() {
    for (var, value) in [
        ("AYO_JWT_SECRET", "changeme"),
        ("AYO_JWT_SECRET", &"a".repeat(64)),
        ("AYO_JWT_SECRET", "test-secret-for-tokens-only-in-tests"),
        ("AYO_SEED_KEY", "00112233445566778899aabbccddeeff"),
        ("AYO_SEED_KEY", &"ab".repeat(32)),
        ("AYO_METRICS_TOKEN", "scrape-secret"),
    ] {
        let (succeeded, out, err) = serve_with(&[("AYO_JWT_SECRET", STRONG), (var, value)])
            .unwrap_or_else(|| panic!("{var}={value} was accepted: the server kept running"));
        assert!(!succeeded, "{var}={value}: the exit status says it failed");
        assert!(err.contains(&format!("{var} is too weak")), "{var}={value}: {err}");
        assert!(!err.contains(value), "the value is never printed: {err}");
        assert!(!out.contains("listening"), "{var}={value}: it never listened: {out}");
    }
    // 32 random bytes in hex are strong enough: it serves (with the tests' token key, also 32 random bytes).
    let dir = tempfile::tempdir().unwrap();
    let extra = [("AYO_SEED_KEY", STRONG), ("AYO_METRICS_TOKEN", STRONG)];
    let (server, url) = crate::offline::start_server_with(dir.path(), &["--demo"], &extra);
    assert!(url.starts_with("http://127.0.0.1:"), "{url}");
    crate::offline::kill(server);
}

/// The forgery itself, against a server keyed as every server now must be: an admin token signed with the
/// guessable key of the original attack opens nothing.
#[actix_web::test]
async fn an_admin_token_signed_with_a_guessable_key_opens_nothing() {
    let app = spawn_app().await;
    app.admin("boss@ayolotto.ng").await;
    let boss = app.store.users.find_by_email(&ayo_data::account::Email::parse("boss@ayolotto.ng").unwrap()).unwrap();
    let boss = boss.unwrap();
    assert_eq!(boss.role, Role::Admin);
    for guess in ["changeme", "secret", "test-secret-for-tokens-only-in-tests"] {
        let forged = ayo::auth::Tokens::new(guess.as_bytes(), 3600).issue(&boss).unwrap();
        let reply = app.get("/admin/dashboard", Some(&forged)).await;
        assert_eq!(reply.status, 401, "a token signed with {guess:?}: {:?}", reply.body);
    }
    // The same claims under the server's own key do open it: the refusal above is the key, nothing else.
    let genuine = ayo::auth::Tokens::new(JWT_SECRET.as_bytes(), 3600).issue(&boss).unwrap();
    assert_eq!(app.get("/admin/dashboard", Some(&genuine)).await.status, 200);
}
