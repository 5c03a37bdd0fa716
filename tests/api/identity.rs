//! Identity checks before the first withdrawal (issue 15, decision 024): the NIN, the sandbox and Dojah providers,
//! the name match and the admins' review queue, and what never happens to a NIN (stored plain, logged).

use std::process::Command;

use serde_json::json;

use crate::dojah_stand_in::{DojahStandIn, APP_ID, SECRET};
use crate::helpers::{code_in, mails_in, sign_up_body, spawn_app, spawn_app_with, TestApp, PASSWORD};
use crate::money_helpers::{GTBANK, SANDBOX_NIN};

/// The name the sandbox gateway resolves GTBANK's number to, so a player of that name matches all three ways.
const TUNDE: &str = "Tunde Oladipo";
/// Access Bank: the sandbox resolves it to KEMI NWOSU.
const ACCESS: (&str, &str) = ("044", "0690123456");

/// A funded player called `name` with GTBANK saved and no identity check yet.
async fn player_named(app: &TestApp, name: &str, email: &str, phone: &str) -> String {
    assert_eq!(app.sign_up(name, email, phone).await.status, 201);
    let code = app.latest_code(email);
    assert_eq!(app.post("/otps/verify", json!({"otp": code, "type": "verification"}), None).await.status, 200);
    let token = app.login(email, PASSWORD).await;
    let admin = app.admin(&format!("boss-{email}")).await;
    app.fund(&admin, &token, 500_000).await;
    assert_eq!(app.save_account(&token, GTBANK).await.status, 201);
    token
}

/// The next `identity.updated` on a signed-in socket (other events may come first).
async fn identity_updated(socket: &mut crate::ws::Socket) -> serde_json::Value {
    for _ in 0..50 {
        let message = crate::ws::next(socket).await;
        if message["type"] == "identity.updated" {
            return message;
        }
    }
    panic!("no identity.updated came");
}

#[actix_web::test]
async fn a_withdrawal_before_the_nin_is_verified_is_refused_with_a_clear_message() {
    let app = spawn_app().await;
    let player = app.funded_player_with_account("ada@example.com", "+2348012345678", 500_000, GTBANK).await;

    let refused = app.withdraw(&player, 100_000, "w1").await;
    assert_eq!(refused.status, 403, "{:?}", refused.body);
    assert_eq!(refused.body["errorCode"], "KYC_REQUIRED");
    assert_eq!(refused.body["data"]["identity_status"], "none");
    assert!(refused.message().contains("Verify your NIN"), "{}", refused.message());
    assert!(refused.message().contains("Withdraw page"), "{}", refused.message());
    // Checked before any other rule: a bad amount and no key still hear about the NIN first.
    let bad = app.post("/withdrawals/create", json!({"amount": 1}), Some(&player)).await;
    assert_eq!((bad.status, bad.body["errorCode"].as_str()), (403, Some("KYC_REQUIRED")), "{:?}", bad.body);
    assert_eq!(app.balance(&player).await, 500_000, "nothing was held");

    let mine = app.get("/identity", Some(&player)).await;
    assert_eq!(mine.status, 200);
    assert_eq!(mine.body["data"]["status"], "none");
    assert_eq!(mine.body["data"]["sandbox"], true, "the sandbox says so");
}

#[actix_web::test]
async fn a_verified_nin_lets_the_player_withdraw_and_shows_only_masked() {
    let app = spawn_app().await;
    let player = player_named(&app, TUNDE, "tunde@example.com", "+2348012345678").await;

    let checked = app.submit_nin(&player, SANDBOX_NIN).await;
    assert_eq!(checked.status, 201, "{:?}", checked.body);
    assert_eq!(checked.body["data"]["status"], "verified");
    assert_eq!(checked.body["data"]["masked_nin"], "•••••••6789");
    assert_eq!(checked.body["data"]["provider"], "sandbox");
    assert!(!checked.body.to_string().contains(SANDBOX_NIN), "the NIN is never sent back");
    let again = app.submit_nin(&player, SANDBOX_NIN).await;
    assert_eq!(again.status, 409, "a verified NIN is not checked twice");

    let paid = app.withdraw(&player, 100_000, "w1").await;
    assert_eq!(paid.status, 201, "{:?}", paid.body);
    assert!(app.audit_actions().iter().any(|a| a == "identity.submitted"));
    assert_eq!(app.get("/health", None).await.body["data"]["identity"], "sandbox");
}

/// Issue 32: a player's record in the back office says where they stand before a withdrawal, with the numbers masked.
#[actix_web::test]
async fn the_back_office_record_shows_the_state_the_nin_check_and_the_bank_account_masked() {
    let app = spawn_app().await;
    let player = player_named(&app, TUNDE, "tunde@example.com", "+2348012345678").await;
    let admin = app.admin("boss@ayolotto.ng").await;
    let id = app.user_id(&player).await;
    let before = app.get(&format!("/admin/users/{id}"), Some(&admin)).await.body["data"].clone();
    assert_eq!(before["identity"], json!(null), "no NIN given yet");
    assert_eq!(before["state"], "OG");
    let account = &before["bank_account"];
    assert_eq!(account["masked_account_number"], "••••6785", "{account}");
    assert!(account["account_name"].as_str().unwrap().eq_ignore_ascii_case(TUNDE), "{account}");
    assert_eq!(app.submit_nin(&player, SANDBOX_NIN).await.status, 201);
    let record = app.get(&format!("/admin/users/{id}"), Some(&admin)).await.body["data"].clone();
    let identity = &record["identity"];
    assert_eq!((identity["status"].as_str(), identity["masked_nin"].as_str()), (Some("verified"), Some("•••••••6789")));
    let text = record.to_string();
    assert!(!text.contains(SANDBOX_NIN) && !text.contains(GTBANK.1), "neither number whole: {text}");
}

#[actix_web::test]
async fn a_nin_in_someone_elses_name_goes_to_review_and_an_admins_approval_lets_the_withdrawal_through() {
    let app = spawn_app().await;
    let player = player_named(&app, TUNDE, "tunde@example.com", "+2348012345678").await;
    let id = app.user_id(&player).await;

    let checked = app.submit_nin(&player, "70123451111").await;
    assert_eq!(checked.status, 201, "{:?}", checked.body);
    assert_eq!(checked.body["data"]["status"], "review");
    assert!(checked.message().contains("check them"), "{}", checked.message());
    // The player learns which of their names differs, never the register's name for the number they typed.
    let said = checked.body["data"]["message"].as_str().unwrap_or_default().to_string();
    assert!(said.contains(&format!("your name on Ayo Lotto ({TUNDE})")), "{said}");
    assert!(!said.to_uppercase().contains("MUSA") && !said.to_uppercase().contains("GARBA"), "{said}");
    let refused = app.withdraw(&player, 100_000, "w1").await;
    assert_eq!((refused.status, refused.body["errorCode"].as_str()), (403, Some("KYC_REQUIRED")));
    assert_eq!(refused.body["data"]["identity_status"], "review");
    assert!(refused.message().contains("reviewed"), "{}", refused.message());

    // The queue is the back office's alone.
    assert_eq!(app.get("/admin/identity-reviews", Some(&player)).await.status, 403);
    let approve = format!("/admin/identity-reviews/{id}/approve");
    assert_eq!(app.post(&approve, json!({"reason": "looks fine"}), Some(&player)).await.status, 403);

    let admin = app.admin("boss@ayolotto.ng").await;
    // The back office's menu counts it; the counts are the back office's alone too.
    assert_eq!(app.get("/admin/queues", Some(&player)).await.status, 403);
    let queues = app.get("/admin/queues", Some(&admin)).await;
    assert_eq!(queues.status, 200, "{:?}", queues.body);
    assert_eq!(queues.body["data"]["identity_reviews"], 1);
    let queue = app.get("/admin/identity-reviews", Some(&admin)).await;
    assert_eq!(queue.status, 200, "{:?}", queue.body);
    assert_eq!(queue.body["meta"]["total"], 1);
    let row = &queue.body["data"][0];
    assert_eq!(row["id"], id);
    assert_eq!(row["player_name"], TUNDE);
    assert_eq!(row["name_on_id"], "MUSA GARBA");
    assert_eq!(row["account_name"], "TUNDE OLADIPO");
    assert_eq!(row["masked_nin"], "•••••••1111");
    assert!(row["score"].as_u64().unwrap() < 50, "{row}");
    assert!(!queue.body.to_string().contains("70123451111"), "admins see the NIN masked");

    let no_reason = app.post(&approve, json!({}), Some(&admin)).await;
    assert_eq!(no_reason.status, 422);
    assert!(!no_reason.field_errors("reason").is_empty());
    // The player's NIN page is open: the decision reaches it live.
    let mut socket = crate::ws::signed_in(&app, &player).await;
    let approved = app.post(&approve, json!({"reason": "Changed name by deed poll, papers seen"}), Some(&admin)).await;
    assert_eq!(approved.status, 200, "{:?}", approved.body);
    let pushed = identity_updated(&mut socket).await;
    assert_eq!(pushed["topic"], format!("user:{id}"));
    assert_eq!(
        (&pushed["data"]["status"], &pushed["data"]["message"]),
        (&json!("verified"), &json!("Your NIN is verified."))
    );
    assert_eq!(pushed["data"]["masked_nin"], "•••••••1111", "masked, as GET /identity shows it");
    assert_eq!(app.post(&approve, json!({"reason": "twice over"}), Some(&admin)).await.status, 409);
    assert!(app.audit_actions().iter().any(|a| a == "identity.approved"));
    assert_eq!(app.get("/admin/identity-reviews", Some(&admin)).await.body["meta"]["total"], 0);
    assert_eq!(app.get("/admin/queues", Some(&admin)).await.body["data"]["identity_reviews"], 0);

    assert_eq!(app.get("/identity", Some(&player)).await.body["data"]["status"], "verified");
    let paid = app.withdraw(&player, 100_000, "w2").await;
    assert_eq!(paid.status, 201, "{:?}", paid.body);
}

#[actix_web::test]
async fn a_rejected_check_tells_the_player_why_and_lets_them_try_again() {
    let app = spawn_app().await;
    let player = player_named(&app, TUNDE, "tunde@example.com", "+2348012345678").await;
    let id = app.user_id(&player).await;
    assert_eq!(app.submit_nin(&player, "70123451111").await.body["data"]["status"], "review");
    let admin = app.admin("boss@ayolotto.ng").await;
    let mut socket = crate::ws::signed_in(&app, &player).await;
    let reject = format!("/admin/identity-reviews/{id}/reject");
    let rejected = app.post(&reject, json!({"reason": "The NIN belongs to someone else"}), Some(&admin)).await;
    assert_eq!(rejected.status, 200, "{:?}", rejected.body);
    let pushed = identity_updated(&mut socket).await;
    assert_eq!(pushed["data"], app.get("/identity", Some(&player)).await.body["data"], "what the page would fetch");
    let told = pushed["data"]["message"].as_str().unwrap_or_default();
    assert!(told.contains("The NIN belongs to someone else") && told.contains("try again"), "{told}");
    assert!(app.audit_actions().iter().any(|a| a == "identity.rejected"));

    let mine = app.get("/identity", Some(&player)).await.body;
    assert_eq!(mine["data"]["status"], "rejected");
    assert_eq!(mine["data"]["reason"], "The NIN belongs to someone else");
    let refused = app.withdraw(&player, 100_000, "w1").await;
    assert_eq!(refused.body["data"]["identity_status"], "rejected");
    assert!(refused.message().contains("belongs to someone else"), "{}", refused.message());

    assert_eq!(app.submit_nin(&player, SANDBOX_NIN).await.body["data"]["status"], "verified");
}

#[actix_web::test]
async fn a_badly_formed_nin_is_refused_naming_the_field_and_an_unknown_one_is_not_found() {
    let app = spawn_app().await;
    let player = app.verified_player("ada@example.com", "+2348012345678").await;
    for bad in ["12345", "7012345678a", "701234567890", ""] {
        let reply = app.submit_nin(&player, bad).await;
        assert_eq!(reply.status, 422, "{bad}: {:?}", reply.body);
        assert!(!reply.field_errors("nin").is_empty(), "{bad}: {:?}", reply.body);
    }
    let bad_vnin = app.post("/identity/create", json!({"vnin": "AB0123456789YZ"}), Some(&player)).await;
    assert_eq!(bad_vnin.status, 422);
    assert!(!bad_vnin.field_errors("vnin").is_empty(), "{:?}", bad_vnin.body);
    let garbage = app.post("/identity/create", json!({"nin": 70123456789u64}), Some(&player)).await;
    assert!([400, 422].contains(&garbage.status), "never a 500: {:?}", garbage.body);

    let unknown = app.submit_nin(&player, "70123450000").await;
    assert_eq!((unknown.status, unknown.body["errorCode"].as_str()), (422, Some("NIN_NOT_FOUND")));
    assert!(!unknown.field_errors("nin").is_empty());
    let down = app.submit_nin(&player, "70123452222").await;
    assert_eq!((down.status, down.body["errorCode"].as_str()), (503, Some("GATEWAY_UNAVAILABLE")));
    assert_eq!(app.get("/identity", Some(&player)).await.body["data"]["status"], "none");

    let vnin = app.post("/identity/create", json!({"vnin": "ab012345678910yz"}), Some(&player)).await;
    assert_eq!(vnin.status, 201, "{:?}", vnin.body);
    assert_eq!(vnin.body["data"]["kind"], "vnin");
    assert_eq!(vnin.body["data"]["masked_nin"], "••••••••••••10YZ");
}

#[actix_web::test]
async fn a_new_payout_account_in_another_name_sends_a_verified_player_back_to_review() {
    let app = spawn_app().await;
    let player = player_named(&app, TUNDE, "tunde@example.com", "+2348012345678").await;
    assert_eq!(app.submit_nin(&player, SANDBOX_NIN).await.body["data"]["status"], "verified");
    assert_eq!(app.save_account(&player, ACCESS).await.status, 200, "replaced by KEMI NWOSU's account");
    assert_eq!(app.get("/identity", Some(&player)).await.body["data"]["status"], "review");
    let admin = app.admin("boss@ayolotto.ng").await;
    let row = &app.get("/admin/identity-reviews", Some(&admin)).await.body["data"][0];
    assert_eq!(row["account_name"], "KEMI NWOSU");
    assert!(row["match_reason"].as_str().unwrap().contains("payout account"), "{row}");
    let refused = app.withdraw(&player, 100_000, "w1").await;
    assert_eq!(refused.body["errorCode"], "KYC_REQUIRED");
}

#[actix_web::test]
async fn the_nin_is_stored_sealed_never_in_plain() {
    let app = spawn_app().await;
    let player = player_named(&app, TUNDE, "tunde@example.com", "+2348012345678").await;
    assert_eq!(app.submit_nin(&player, SANDBOX_NIN).await.status, 201);
    let id = app.user_id(&player).await;
    let stored = app.store.identities.get(id).unwrap().unwrap();
    assert!(stored.sealed.as_deref().unwrap().starts_with("sealed-id:v1:"));
    assert_eq!(app.store.identities.open_nin(&stored).unwrap().as_deref(), Some(SANDBOX_NIN), "opens with the key");
    app.store.flush_blocking().unwrap();

    // Every byte of the data directory (database, outbox, secrets): the player's email is there, the NIN is not.
    let mut bytes = Vec::new();
    let mut dirs = vec![app.data_dir.path().to_path_buf()];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(dir).unwrap().flatten() {
            let path = entry.path();
            if path.is_dir() {
                dirs.push(path);
            } else {
                bytes.extend(std::fs::read(path).unwrap_or_default());
            }
        }
    }
    let has = |needle: &[u8]| bytes.windows(needle.len()).any(|w| w == needle);
    assert!(has(b"tunde@example.com"), "the scan reads the stored records");
    assert!(!has(SANDBOX_NIN.as_bytes()), "no NIN in plain anywhere in the data directory");
}

async fn dojah_app(stand_in: &DojahStandIn, secret: &str) -> TestApp {
    let (base, secret) = (stand_in.url.clone(), secret.to_string());
    spawn_app_with(ayo::rate_limit::Limits::default(), move |s| {
        s.identity.provider = Some("dojah".into());
        s.identity.dojah_app_id = Some(APP_ID.into());
        s.identity.dojah_secret_key = Some(secret);
        s.identity.dojah_base_url = base;
    })
    .await
}

#[actix_web::test]
async fn dojah_checks_a_nin_and_a_vnin_with_its_headers_and_its_answers_map_clearly() {
    let stand_in = DojahStandIn::start().await;
    stand_in.add("70123456789", "OLADIPO", "BABATUNDE", "ADEWALE");
    stand_in.add("AB012345678910YZ", "Tunde", "", "Oladipo");
    let app = dojah_app(&stand_in, SECRET).await;
    assert_eq!(app.get("/health", None).await.body["data"]["identity"], "dojah");
    let player = player_named(&app, TUNDE, "tunde@example.com", "+2348012345678").await;

    let unknown = app.submit_nin(&player, "70999999999").await;
    assert_eq!(
        (unknown.status, unknown.body["errorCode"].as_str()),
        (422, Some("NIN_NOT_FOUND")),
        "{:?}",
        unknown.body
    );
    // NIMC writes surname first, with a middle name and the full form of "Tunde": still a clear match.
    let checked = app.submit_nin(&player, "70123456789").await;
    assert_eq!(checked.status, 201, "{:?}", checked.body);
    assert_eq!(checked.body["data"]["status"], "verified", "{:?}", checked.body);
    assert_eq!(checked.body["data"]["sandbox"], false);
    assert_eq!(checked.body["data"]["provider"], "dojah");

    let other = player_named(&app, TUNDE, "tunde2@example.com", "+2348012345679").await;
    let vnin = app.post("/identity/create", json!({"vnin": "AB012345678910YZ"}), Some(&other)).await;
    assert_eq!(vnin.body["data"]["status"], "verified", "{:?}", vnin.body);
    let id = app.user_id(&other).await;
    assert_eq!(app.store.identities.get(id).unwrap().unwrap().sealed, None, "a vNIN is never stored");

    let seen = stand_in.register.lock().unwrap().requests.clone();
    assert_eq!(seen.len(), 3, "{seen:?}");
    assert_eq!(seen[1], ("/api/v1/kyc/nin".to_string(), APP_ID.to_string(), SECRET.to_string()));
    assert_eq!(seen[2].0, "/api/v1/kyc/vnin");

    stand_in.register.lock().unwrap().down = true;
    let third = player_named(&app, TUNDE, "tunde3@example.com", "+2348012345670").await;
    let down = app.submit_nin(&third, "70123456789").await;
    assert_eq!((down.status, down.body["errorCode"].as_str()), (503, Some("GATEWAY_UNAVAILABLE")));
}

#[actix_web::test]
async fn dojah_refusing_our_keys_is_our_outage_not_the_players_nin() {
    let stand_in = DojahStandIn::start().await;
    stand_in.add("70123456789", "TUNDE", "", "OLADIPO");
    let app = dojah_app(&stand_in, "wrong-key").await;
    let player = player_named(&app, TUNDE, "tunde@example.com", "+2348012345678").await;
    let refused = app.submit_nin(&player, "70123456789").await;
    assert_eq!((refused.status, refused.body["errorCode"].as_str()), (503, Some("GATEWAY_UNAVAILABLE")));
    assert!(refused.field_errors("nin").is_empty(), "not the player's fault: {:?}", refused.body);
}

#[test]
fn a_live_server_refuses_the_sandbox_identity_provider_unless_asked_for() {
    let dir = tempfile::tempdir().unwrap();
    let run = |kyc: Option<&str>| {
        let mut env = vec![
            ("AYO_PAYSTACK_SECRET_KEY", "sk_test_x"),
            ("AYO_PAYSTACK_BASE_URL", "http://127.0.0.1:9"),
            ("AYO_PUBLIC_URL", "https://ayolotto.example"),
        ];
        env.extend(kyc.map(|kyc| ("AYO_KYC_PROVIDER", kyc)));
        crate::payment_modes::refused(dir.path(), &[], &env)
    };
    let said = run(None).expect("refuses");
    assert!(said.contains("AYO_KYC_PROVIDER"), "{said}");
    assert_eq!(run(Some("sandbox")), None, "starts when the sandbox is asked for");
    let said = run(Some("dojah")).expect("dojah needs its keys");
    assert!(said.contains("AYO_DOJAH_APP_ID"), "{said}");
}

/// The whole server at the most verbose log level, checking NINs through Dojah (the HTTP client logs too): the
/// NIN appears in no log line.
#[actix_web::test]
async fn no_log_line_ever_holds_the_nin_even_at_trace() {
    let stand_in = DojahStandIn::start().await;
    let nin = "70123456789";
    stand_in.add(nin, "MUSA", "", "GARBA");
    let dir = tempfile::tempdir().unwrap();
    // To a file, not a pipe: at trace the server writes megabytes, and a pipe nobody drains would stall it.
    let log_path = dir.path().join("server.log");
    let log_file = std::fs::File::create(&log_path).unwrap();
    let mut server = Command::new(env!("CARGO_BIN_EXE_ayo"))
        .args(["serve", "--demo", "--bind", "127.0.0.1:0", "--data-dir"])
        .arg(dir.path())
        .env("AYO_LOG", "trace")
        .env("AYO_KYC_PROVIDER", "dojah")
        .env("AYO_DOJAH_APP_ID", APP_ID)
        .env("AYO_DOJAH_SECRET_KEY", SECRET)
        .env("AYO_DOJAH_BASE_URL", &stand_in.url)
        .env_remove("AYO_LOG_FORMAT")
        .stdout(std::process::Stdio::piped())
        .stderr(log_file)
        .spawn()
        .unwrap();
    let stdout = server.stdout.take().unwrap();
    let url = tokio::task::spawn_blocking(move || {
        let mut reader = std::io::BufReader::new(stdout);
        loop {
            let mut line = String::new();
            assert!(std::io::BufRead::read_line(&mut reader, &mut line).unwrap() > 0, "the server exited");
            if let Some(url) = line.trim().strip_prefix("Ayo Lotto listening on ") {
                // Keep reading, so whatever the server prints later never meets a closed pipe.
                std::thread::spawn(move || std::io::copy(&mut reader, &mut std::io::sink()));
                return url.to_string();
            }
        }
    })
    .await
    .unwrap();
    let client = reqwest::Client::new();
    let api = |path: &str| format!("{url}/api/v1{path}");
    let email = "ada@example.com";
    let signed = client.post(api("/users/create")).json(&sign_up_body("Ada Obi", email, "+2348012345678")).send();
    assert_eq!(signed.await.unwrap().status(), 201);
    let mut code = None;
    for _ in 0..100 {
        code = mails_in(&dir.path().join("outbox"), email).last().and_then(|m| code_in(m));
        if code.is_some() {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    let verify = json!({"otp": code.expect("a code"), "type": "verification"});
    assert_eq!(client.post(api("/otps/verify")).json(&verify).send().await.unwrap().status(), 200);
    let login = json!({"userIdentity": email, "password": PASSWORD});
    let logged: serde_json::Value =
        client.post(api("/auth/login")).json(&login).send().await.unwrap().json().await.unwrap();
    let token = logged["data"]["token"].as_str().unwrap().to_string();
    for number in ["70999999999", nin] {
        let sent = client.post(api("/identity/create")).bearer_auth(&token).json(&json!({"nin": number})).send();
        let sent = sent.await.unwrap();
        let status = sent.status().as_u16();
        assert!([201, 422].contains(&status), "{status}: {}", sent.text().await.unwrap());
    }
    assert_eq!(stand_in.register.lock().unwrap().requests.len(), 2, "both went to Dojah");

    Command::new("kill").args(["-TERM", &server.id().to_string()]).status().unwrap();
    tokio::task::spawn_blocking(move || server.wait().unwrap()).await.unwrap();
    let logs = std::fs::read_to_string(&log_path).unwrap();
    assert!(logs.contains("TRACE") && logs.contains("/api/v1/identity/create"), "trace logging was on");
    assert!(!logs.contains(nin) && !logs.contains("70999999999"), "a NIN in the logs");
}
