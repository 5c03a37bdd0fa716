//! The binary's command-line contract (docs/architecture.md §12), run as a separate process.

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};

use serde_json::json;

use crate::helpers::{secret_in, totp_now, ADMIN_TOTP_SECRET};

#[actix_web::test]
async fn create_admin_then_serve_on_port_zero_prints_the_url_and_the_admins_log_in_with_their_codes() {
    let dir = tempfile::tempdir().unwrap();
    let bin = env!("CARGO_BIN_EXE_ayo");
    let create = |email: &str, password: &str, totp: Option<&str>| {
        let mut command = Command::new(bin);
        command.args(["create-admin", "--email", email, "--password", password]).arg("--data-dir").arg(dir.path());
        if let Some(secret) = totp {
            command.args(["--totp-secret", secret]);
        }
        command.output().unwrap()
    };
    let made = create("Boss@AyoLotto.ng", "admin-pass-long", Some(ADMIN_TOTP_SECRET));
    assert!(made.status.success(), "{}", String::from_utf8_lossy(&made.stderr));
    let said = String::from_utf8_lossy(&made.stdout).to_string();
    assert!(said.contains("Created admin boss@ayolotto.ng") && said.contains("authenticator enrolled"), "{said}");
    assert!(!create("nope", "admin-pass-long", None).status.success());
    let short = create("short@ayolotto.ng", "admin-pass", None);
    assert!(!short.status.success(), "an admin password under 12 characters is refused");
    assert!(String::from_utf8_lossy(&short.stderr).contains("at least 12"));
    assert!(!create("b@ayolotto.ng", "admin-pass-long", Some("not base32!")).status.success());
    let new = create("new@ayolotto.ng", "admin-pass-long", None);
    assert!(new.status.success());
    let enrolment_code = enrolment_code_in(&String::from_utf8_lossy(&new.stdout));

    let mut server = Command::new(bin)
        .args(["serve", "--bind", "127.0.0.1:0", "--demo", "--data-dir"])
        .arg(dir.path())
        .env_remove("AYO_BIND")
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut lines = BufReader::new(server.stdout.take().unwrap()).lines();
    let first = lines.next().unwrap().unwrap();
    let url = first.strip_prefix("Ayo Lotto listening on ").expect("prints its URL").to_string();
    let demo_email = lines.next().unwrap().unwrap();
    let demo_password = lines.next().unwrap().unwrap();
    let demo_totp = lines.next().unwrap().unwrap();
    assert_eq!(demo_email, "Demo admin email: admin@ayolotto.demo");
    let demo_password = demo_password.strip_prefix("Demo admin password: ").unwrap().to_string();
    let demo_uri = demo_totp.strip_prefix("Demo admin TOTP: ").expect("prints the enrolment URI").to_string();
    let demo_secret = secret_in(&demo_uri);

    let client = reqwest::Client::new();
    let post = |path: &str, body: serde_json::Value| {
        let request = client.post(format!("{url}/api/v1{path}")).json(&body);
        async move { request.send().await.unwrap().json::<serde_json::Value>().await.unwrap() }
    };
    for (identity, password, secret) in [
        ("boss@ayolotto.ng", "admin-pass-long", ADMIN_TOTP_SECRET),
        ("admin@ayolotto.demo", &demo_password, &demo_secret),
    ] {
        let login = post("/auth/login", json!({"userIdentity": identity, "password": password})).await;
        assert_eq!(login["data"]["mfa"], "required", "{identity}: {login}");
        assert!(login["data"]["token"].is_null(), "no session before the code: {login}");
        let code = totp_now(secret, 0);
        let verified = post("/auth/mfa/verify", json!({"mfa_token": login["data"]["mfa_token"], "code": code})).await;
        assert_eq!(verified["data"]["user"]["role"], "admin", "{identity}: {verified}");
        let token = verified["data"]["token"].as_str().unwrap();
        let dash = client.get(format!("{url}/api/v1/admin/dashboard")).bearer_auth(token).send().await.unwrap();
        assert_eq!(dash.status().as_u16(), 200);
    }
    let enrolling =
        post("/auth/login", json!({"userIdentity": "new@ayolotto.ng", "password": "admin-pass-long"})).await;
    assert_eq!(enrolling["data"]["mfa"], "enroll", "{enrolling}");
    let uri = enrolling["data"]["otpauth_uri"].as_str().unwrap();
    assert!(uri.starts_with("otpauth://totp/"));
    let code = totp_now(&secret_in(uri), 0);
    let body = json!({"mfa_token": enrolling["data"]["mfa_token"], "code": code, "enrolment_code": enrolment_code});
    let enrolled = post("/auth/mfa/verify", body).await;
    assert_eq!(enrolled["data"]["user"]["role"], "admin", "the code create-admin printed enrols: {enrolled}");
    server.kill().unwrap();
    server.wait().unwrap();
}

#[test]
fn creating_or_resetting_an_admin_from_the_host_is_in_the_audit_log() {
    let dir = tempfile::tempdir().unwrap();
    let create = |password: &str| {
        let made = Command::new(env!("CARGO_BIN_EXE_ayo"))
            .args(["create-admin", "--email", "boss@ayolotto.ng", "--password", password, "--data-dir"])
            .arg(dir.path())
            .output()
            .unwrap();
        assert!(made.status.success(), "{}", String::from_utf8_lossy(&made.stderr));
    };
    create("admin-pass-long");
    create("a-new-admin-pass");

    let store = ayo_data::Store::open(&dir.path().join("db")).unwrap();
    let actions: Vec<(String, String)> =
        store.activities.newest_first().map(|entry| entry.map(|a| (a.action, a.detail)).unwrap()).collect();
    assert_eq!(actions.len(), 2, "{actions:?}");
    assert_eq!(actions[0].0, "staff.reset_on_host", "the reset, newest first: {actions:?}");
    assert_eq!(actions[1].0, "staff.created_on_host", "{actions:?}");
    assert!(actions[0].1.contains("admin boss@ayolotto.ng") && actions[0].1.contains("password set"), "{actions:?}");
    assert!(!actions.iter().any(|(_, detail)| detail.contains("a-new-admin-pass")), "no password in the log");
}

/// The enrolment code `ayo create-admin` prints (`Enrolment code: abcd-efgh-… (one use, until …)`).
fn enrolment_code_in(said: &str) -> String {
    let line = said.lines().find_map(|l| l.strip_prefix("Enrolment code: ")).unwrap_or_else(|| panic!("{said}"));
    line.split_whitespace().next().unwrap().to_string()
}

/// `create-admin` without `--totp-secret` prints a one-time enrolment code, keeps only its digest (nowhere in the
/// data directory, nor in the audit log), and a second run replaces it; an enrolled admin gets none.
#[test]
fn create_admin_prints_a_one_time_enrolment_code_and_keeps_only_its_digest() {
    let dir = tempfile::tempdir().unwrap();
    let create = |email: &str, totp: Option<&str>| {
        let mut command = Command::new(env!("CARGO_BIN_EXE_ayo"));
        command.args(["create-admin", "--email", email, "--password", "admin-pass-long", "--data-dir"]).arg(dir.path());
        if let Some(secret) = totp {
            command.args(["--totp-secret", secret]);
        }
        let made = command.output().unwrap();
        assert!(made.status.success(), "{}", String::from_utf8_lossy(&made.stderr));
        String::from_utf8_lossy(&made.stdout).to_string()
    };
    let said = create("boss@ayolotto.ng", None);
    assert!(said.contains("enrols at first login with the enrolment code below"), "{said}");
    assert!(said.contains("one use, until"), "{said}");
    let first = enrolment_code_in(&said);
    assert_eq!(first.len(), 24, "20 characters in groups of four: {first}");
    let second = enrolment_code_in(&create("boss@ayolotto.ng", None));
    assert_ne!(first, second, "running create-admin again issues a new code");
    let enrolled = create("other@ayolotto.ng", Some(ADMIN_TOTP_SECRET));
    assert!(!enrolled.contains("Enrolment code"), "an enrolled admin needs none: {enrolled}");

    let mut bytes = Vec::new();
    let mut dirs = vec![dir.path().to_path_buf()];
    while let Some(next) = dirs.pop() {
        for entry in std::fs::read_dir(next).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                dirs.push(path);
            } else {
                bytes.extend(std::fs::read(path).unwrap_or_default());
            }
        }
    }
    let has = |needle: &str| bytes.windows(needle.len()).any(|w| w == needle.as_bytes());
    assert!(has("boss@ayolotto.ng"), "the scan reads the stored records");
    for code in [&first, &second] {
        assert!(!has(code) && !has(&code.replace('-', "")), "the code itself is stored nowhere");
    }
    let store = ayo_data::Store::open(&dir.path().join("db")).unwrap();
    let details: Vec<String> = store.activities.newest_first().map(|a| a.unwrap().detail).collect();
    assert!(details[1].contains("enrolment code issued here"), "{details:?}");
    assert!(!details.iter().any(|d| d.contains(&second) || d.contains(&first)), "no code in the log: {details:?}");
    let boss = store.users.find_by_email(&ayo_data::account::Email::parse("boss@ayolotto.ng").unwrap()).unwrap();
    let stored = boss.unwrap().second_factor.enrolment_code.expect("the code's record");
    assert_eq!(stored.misses, 0);
    let hours = (stored.expires_at - chrono::Utc::now()).num_hours();
    assert!((71..=72).contains(&hours), "good for 72 hours: {hours}");
}
