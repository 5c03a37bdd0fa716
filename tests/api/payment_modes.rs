//! The sandbox gateway runs only when asked for, and never on a store that holds real money.

use std::process::Command;

use crate::helpers::spawn_app_with;

/// `ayo serve` on `dir` with these variables (and no other `AYO_*` that decides the gateway): what it said on
/// stderr, when it refused at once.
pub(crate) fn refused(dir: &std::path::Path, args: &[&str], env: &[(&str, &str)]) -> Option<String> {
    let mut command = Command::new(env!("CARGO_BIN_EXE_ayo"));
    command.args(["serve", "--bind", "127.0.0.1:0", "--data-dir"]).arg(dir).args(args);
    for name in [
        "AYO_PAYMENTS",
        "AYO_PAYSTACK_SECRET_KEY",
        "AYO_DEMO",
        "AYO_ACCEPT_SANDBOX_HISTORY",
        "AYO_BIND",
        "AYO_KYC_PROVIDER",
        "AYO_PUBLIC_URL",
    ] {
        command.env_remove(name);
    }
    command.envs(env.iter().copied());
    let mut child = command.stdout(std::process::Stdio::null()).stderr(std::process::Stdio::piped()).spawn().unwrap();
    // A server that starts keeps running; one that refuses exits at once.
    for _ in 0..100 {
        if let Some(status) = child.try_wait().unwrap() {
            assert!(!status.success());
            let mut said = String::new();
            std::io::Read::read_to_string(child.stderr.as_mut().unwrap(), &mut said).unwrap();
            return Some(said);
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    child.kill().unwrap();
    child.wait().unwrap();
    None
}

#[test]
fn without_a_paystack_key_serve_refuses_unless_the_sandbox_is_asked_for() {
    let dir = tempfile::tempdir().unwrap();
    let said = refused(dir.path(), &[], &[]).expect("refuses without a key");
    assert!(said.contains("AYO_PAYSTACK_SECRET_KEY is not set"), "{said}");
    assert!(said.contains("AYO_PAYMENTS=sandbox"), "{said}");
    assert_eq!(refused(dir.path(), &[], &[("AYO_PAYMENTS", "sandbox")]), None, "starts when asked for");
}

#[test]
fn a_store_that_ran_the_sandbox_goes_live_only_with_an_acknowledgement_and_never_back() {
    let dir = tempfile::tempdir().unwrap();
    assert_eq!(refused(dir.path(), &["--demo"], &[]), None);
    // Live on sandbox money: refused, unless acknowledged (the stand-in URL is never reached at start).
    let live = [
        ("AYO_PAYSTACK_SECRET_KEY", "sk_test_x"),
        ("AYO_PAYSTACK_BASE_URL", "http://127.0.0.1:9"),
        ("AYO_KYC_PROVIDER", "sandbox"),
        ("AYO_PUBLIC_URL", "https://ayolotto.example"),
    ];
    let said = refused(dir.path(), &[], &live).expect("refuses to go live on sandbox money");
    assert!(said.contains("holds SANDBOX money"), "{said}");
    assert_eq!(refused(dir.path(), &["--accept-sandbox-history"], &live), None);
    // Once live, never the sandbox again.
    let said = refused(dir.path(), &[], &[("AYO_PAYMENTS", "sandbox")]).expect("refuses the sandbox on real money");
    assert!(said.contains("has run live"), "{said}");
}

#[actix_web::test]
async fn health_says_which_gateway_runs() {
    let app = spawn_app_with(Default::default(), |_| {}).await;
    assert_eq!(app.get("/health", None).await.body["data"]["payments"], "sandbox");
}

/// The attack behind it: without a configured origin, a checkout's return link followed the request's `Host` /
/// `X-Forwarded-Host` / `Forwarded: host=`, so a crafted request sent the player back to `evil.example`.
#[test]
fn a_live_server_needs_its_public_url() {
    let dir = tempfile::tempdir().unwrap();
    let live = [
        ("AYO_PAYSTACK_SECRET_KEY", "sk_test_x"),
        ("AYO_PAYSTACK_BASE_URL", "http://127.0.0.1:9"),
        ("AYO_KYC_PROVIDER", "sandbox"),
    ];
    let said = refused(dir.path(), &[], &live).expect("refuses to go live without AYO_PUBLIC_URL");
    assert!(said.contains("AYO_PUBLIC_URL is not set"), "{said}");
    let with_path = [live.as_slice(), &[("AYO_PUBLIC_URL", "https://ayolotto.example/pay")]].concat();
    let said = refused(dir.path(), &[], &with_path).expect("refuses a URL that is not an origin");
    assert!(said.contains("AYO_PUBLIC_URL"), "{said}");
    let with_origin = [live.as_slice(), &[("AYO_PUBLIC_URL", "https://ayolotto.example")]].concat();
    assert_eq!(refused(dir.path(), &[], &with_origin), None, "starts with it");
    // The sandbox still runs without one (demo and tests).
    let demo = tempfile::tempdir().unwrap();
    assert_eq!(refused(demo.path(), &["--demo"], &[]), None);
}
