//! `spawn_app()`: the real server on port 0 with its own temp data directory, and a typed client for it.

use std::path::{Path, PathBuf};

use ayo::rate_limit::Limits;
use ayo::server::config::Settings;
use ayo::server::startup::Application;
use serde_json::{json, Value};

/// 32 random bytes in hex: `ayo serve` refuses a guessable token key (`ayo::secrets::strength`).
pub const JWT_SECRET: &str = "34955458d24ac8898f063715474e9bd59c649bfff76c2f363f5c34b9606479dd";
pub const PASSWORD: &str = "s3cret-pass";
/// Admins need at least 12 characters.
pub const ADMIN_PASSWORD: &str = "long-admin-pass-1";
/// The authenticator secret test admins are enrolled with (base32 of "12345678901234567890", RFC 6238's key).
pub const ADMIN_TOTP_SECRET: &str = "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ";

pub struct TestApp {
    pub url: String,
    pub data_dir: tempfile::TempDir,
    pub client: reqwest::Client,
    pub store: ayo_data::Store,
    /// The running server's WebSocket hub: publish through it as the actors would.
    pub hub: actix::Addr<ayo_actors::hub::Hub>,
    pub engine: ayo_actors::engine::Engine,
    /// Mail the server sends after answering: wait for it before reading the outbox.
    pub background: ayo::http::state::Background,
    /// Where `/metrics` is served, when the settings asked for it.
    pub metrics_url: Option<String>,
    /// A cluster node's part in running the draws.
    pub leadership: Option<ayo::jobs::leadership::Contention>,
}

pub struct Reply {
    pub status: u16,
    pub body: Value,
}

impl Reply {
    pub fn message(&self) -> &str {
        self.body["message"].as_str().unwrap_or_default()
    }
    pub fn field_errors(&self, field: &str) -> Vec<String> {
        self.body["errors"][field]
            .as_array()
            .map(|a| a.iter().filter_map(|v| v.as_str().map(String::from)).collect())
            .unwrap_or_default()
    }
}

pub async fn spawn_app() -> TestApp {
    spawn_app_with(Limits::default(), |_| {}).await
}

pub async fn spawn_app_with(limits: Limits, tweak: impl FnOnce(&mut Settings)) -> TestApp {
    let data_dir = tempfile::tempdir().expect("temp dir");
    let mut settings = Settings::new("127.0.0.1:0".into(), data_dir.path().to_path_buf(), false);
    settings.jwt_secret = Some(JWT_SECRET.into());
    tweak(&mut settings);
    let app = Application::build_with_limits(settings, limits).await.expect("app builds");
    let url = app.url();
    let store = app.store();
    let hub = app.hub();
    let engine = app.engine();
    let background = app.background();
    let metrics_url = app.metrics_url().map(str::to_string);
    let leadership = app.leadership();
    actix_web::rt::spawn(app.run_until_stopped());
    // The server closes a keep-alive connection idle for 5 s (actix's default); a client that reused one at that
    // moment would see it closed under its request (a test waiting for a 5-second dashboard tick did). So the
    // client lets idle connections go first.
    let client = reqwest::Client::builder()
        .pool_idle_timeout(std::time::Duration::from_secs(3))
        .build()
        .expect("an HTTP client");
    TestApp { url, data_dir, client, store, hub, engine, background, metrics_url, leadership }
}

impl TestApp {
    pub async fn post(&self, path: &str, body: Value, token: Option<&str>) -> Reply {
        let mut req = self.client.post(format!("{}/api/v1{path}", self.url)).json(&body);
        if let Some(t) = token {
            req = req.bearer_auth(t);
        }
        Self::reply(req.send().await.expect("request sent")).await
    }

    pub async fn put(&self, path: &str, body: Value, token: Option<&str>) -> Reply {
        let mut req = self.client.put(format!("{}/api/v1{path}", self.url)).json(&body);
        if let Some(t) = token {
            req = req.bearer_auth(t);
        }
        Self::reply(req.send().await.expect("request sent")).await
    }

    pub async fn get(&self, path: &str, token: Option<&str>) -> Reply {
        let mut req = self.client.get(format!("{}/api/v1{path}", self.url));
        if let Some(t) = token {
            req = req.bearer_auth(t);
        }
        Self::reply(req.send().await.expect("request sent")).await
    }

    async fn reply(resp: reqwest::Response) -> Reply {
        let status = resp.status().as_u16();
        let text = resp.text().await.unwrap_or_default();
        let body = serde_json::from_str(&text).unwrap_or(Value::String(text));
        Reply { status, body }
    }

    pub fn outbox(&self) -> PathBuf {
        self.data_dir.path().join("outbox")
    }

    /// Every mail sent to `email`, oldest first, as raw RFC 5322 text.
    pub fn mails_to(&self, email: &str) -> Vec<String> {
        self.background.wait_idle(std::time::Duration::from_secs(10));
        mails_in(&self.outbox(), email)
    }

    /// The code in the newest mail to `email`.
    pub fn latest_code(&self, email: &str) -> String {
        let mails = self.mails_to(email);
        let last = mails.last().unwrap_or_else(|| panic!("no mail to {email}"));
        code_in(last).unwrap_or_else(|| panic!("no code in mail: {last}"))
    }

    pub async fn sign_up(&self, name: &str, email: &str, phone: &str) -> Reply {
        self.post("/users/create", sign_up_body(name, email, phone), None).await
    }

    /// Signs up, verifies by the emailed code and logs in: a ready player's token.
    pub async fn verified_player(&self, email: &str, phone: &str) -> String {
        let signed = self.sign_up("Ada Obi", email, phone).await;
        assert_eq!(signed.status, 201, "{:?}", signed.body);
        let code = self.latest_code(email);
        let verified = self.post("/otps/verify", json!({"otp": code, "type": "verification"}), None).await;
        assert_eq!(verified.status, 200, "{:?}", verified.body);
        self.login(email, PASSWORD).await
    }

    pub async fn login(&self, identity: &str, password: &str) -> String {
        let reply = self.post("/auth/login", json!({"userIdentity": identity, "password": password}), None).await;
        assert_eq!(reply.status, 200, "{:?}", reply.body);
        reply.body["data"]["token"].as_str().expect("token").to_string()
    }

    /// Makes an admin the way `ayo create-admin --totp-secret` does, and logs in with password and code: an
    /// admin's token.
    pub async fn admin(&self, email: &str) -> String {
        let admin = ayo::commands::NewStaff {
            role: ayo_data::user::Role::Admin,
            email,
            password: ADMIN_PASSWORD,
            name: "Test Admin",
            totp_secret: Some(ADMIN_TOTP_SECRET),
        };
        ayo::commands::make_staff(&self.store, &admin).expect("admin created");
        self.admin_login(email, ADMIN_PASSWORD).await
    }

    /// The password step of an admin login: its `mfa_token`.
    pub async fn admin_password_step(&self, email: &str, password: &str) -> String {
        let reply = self.post("/auth/login", json!({"userIdentity": email, "password": password}), None).await;
        assert_eq!(reply.status, 200, "{:?}", reply.body);
        assert!(reply.body["data"]["token"].is_null(), "no session before the code: {:?}", reply.body);
        reply.body["data"]["mfa_token"].as_str().expect("mfa_token").to_string()
    }

    /// Password, then the authenticator's code: an enrolled admin's session token. A code works once, so a second
    /// login within the same 30 s uses the next step's code (the server allows one step of clock drift).
    pub async fn admin_login(&self, email: &str, password: &str) -> String {
        let mfa_token = self.admin_password_step(email, password).await;
        for drift in [0, 1] {
            let code = totp_now(ADMIN_TOTP_SECRET, drift);
            let reply = self.post("/auth/mfa/verify", json!({"mfa_token": mfa_token, "code": code}), None).await;
            if reply.status == 200 {
                return reply.body["data"]["token"].as_str().expect("token").to_string();
            }
        }
        panic!("no authenticator code was accepted for {email}");
    }
}

/// What an authenticator app shows now (or `drift` steps later) for a base32 secret: RFC 6238 with HMAC-SHA1,
/// 30 s steps and 6 digits, written here independently of the server's code.
pub fn totp_now(secret: &str, drift: i64) -> String {
    use hmac::{Hmac, Mac};
    let key = data_encoding::BASE32_NOPAD.decode(secret.as_bytes()).expect("base32 secret");
    let step = (chrono::Utc::now().timestamp() / 30 + drift) as u64;
    let mut mac = Hmac::<sha1::Sha1>::new_from_slice(&key).expect("any key length");
    mac.update(&step.to_be_bytes());
    let digest = mac.finalize().into_bytes();
    let at = (digest[19] & 0x0f) as usize;
    let word = u32::from_be_bytes([digest[at] & 0x7f, digest[at + 1], digest[at + 2], digest[at + 3]]);
    format!("{:06}", word % 1_000_000)
}

/// The `secret` parameter of an `otpauth://` URI.
pub fn secret_in(uri: &str) -> String {
    let query = uri.split_once('?').expect("a query").1;
    query.split('&').find_map(|p| p.strip_prefix("secret=")).expect("a secret").to_string()
}

/// An idempotency key never used before in this test run.
pub fn fresh_key() -> String {
    static NEXT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);
    format!("key-{}", NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed))
}

/// Test players live in Ogun State, which has no withholding tax by default, so a win credits its gross and tests
/// about other things need not work out the tax; `tests/api/lagos.rs` covers residence and tax.
pub fn sign_up_body(name: &str, email: &str, phone: &str) -> Value {
    json!({"name": name, "email": email, "dob": "1990-05-17", "phoneNumber": phone, "password": PASSWORD, "state": "OG"})
}

pub fn mails_in(outbox: &Path, email: &str) -> Vec<String> {
    let mut files: Vec<_> =
        std::fs::read_dir(outbox).map(|dir| dir.filter_map(|e| e.ok()).map(|e| e.path()).collect()).unwrap_or_default();
    files.sort();
    files
        .iter()
        .filter_map(|p| std::fs::read_to_string(p).ok())
        .filter(|m| m.lines().any(|l| l.starts_with("To: ") && l.contains(email)))
        .collect()
}

pub fn code_in(mail: &str) -> Option<String> {
    let at = mail.find("Your code is ")? + "Your code is ".len();
    Some(mail[at..at + 6].to_string())
}
