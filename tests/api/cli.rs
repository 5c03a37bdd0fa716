//! The binary's command-line contract (ARCHITECTURE.md), run as a separate process.

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};

use serde_json::json;

#[actix_web::test]
async fn create_admin_then_serve_on_port_zero_prints_the_url_and_the_admin_can_log_in() {
    let dir = tempfile::tempdir().unwrap();
    let bin = env!("CARGO_BIN_EXE_ayo");
    let made = Command::new(bin)
        .args(["create-admin", "--email", "Boss@AyoLotto.ng", "--password", "admin-pass"])
        .arg("--data-dir")
        .arg(dir.path())
        .output()
        .unwrap();
    assert!(made.status.success(), "{}", String::from_utf8_lossy(&made.stderr));
    assert!(String::from_utf8_lossy(&made.stdout).contains("Created admin boss@ayolotto.ng"));

    let bad = Command::new(bin)
        .args(["create-admin", "--email", "nope", "--password", "admin-pass"])
        .arg("--data-dir")
        .arg(dir.path())
        .output()
        .unwrap();
    assert!(!bad.status.success());

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
    assert_eq!(demo_email, "Demo admin email: admin@ayolotto.demo");
    let demo_password = demo_password.strip_prefix("Demo admin password: ").unwrap().to_string();

    let client = reqwest::Client::new();
    for (identity, password) in [("boss@ayolotto.ng", "admin-pass"), ("admin@ayolotto.demo", demo_password.as_str())] {
        let login: serde_json::Value = client
            .post(format!("{url}/api/v1/auth/login"))
            .json(&json!({"userIdentity": identity, "password": password}))
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        assert_eq!(login["data"]["user"]["role"], "admin", "{identity}: {login}");
        let token = login["data"]["token"].as_str().unwrap();
        let dash = client.get(format!("{url}/api/v1/admin/dashboard")).bearer_auth(token).send().await.unwrap();
        assert_eq!(dash.status().as_u16(), 200);
    }
    server.kill().unwrap();
    server.wait().unwrap();
}
