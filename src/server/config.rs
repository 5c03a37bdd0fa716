//! Settings from the command line, then `AYO_*` environment variables, which win (docs/architecture.md §12).

use std::path::PathBuf;

/// How often the demo's Ayo Express draws unless `AYO_DEMO_DRAW_MINUTES` says otherwise.
pub const DEMO_DRAW_MINUTES: u32 = 3;

#[derive(Debug, Clone)]
pub struct Settings {
    /// Address to listen on; port 0 picks a free port.
    pub bind: String,
    pub data_dir: PathBuf,
    /// Seed demo data and a demo admin.
    pub demo: bool,
    /// HMAC secret for tokens; generated into the data directory when absent.
    pub jwt_secret: Option<String>,
    pub token_ttl_secs: u64,
    /// `smtp://host:port` (or `smtps://user:pass@host`); without it mail goes to `<data-dir>/outbox/`.
    pub smtp_url: Option<String>,
    pub mail_from: String,
    /// Payment gateway: the sandbox unless a Paystack secret key is configured.
    pub payments: crate::payments::PaymentSettings,
    /// Identity checks (NIN): the sandbox unless `AYO_KYC_PROVIDER=dojah`.
    pub identity: crate::identity::IdentitySettings,
    /// `AYO_TRUSTED_PROXIES`: CIDR blocks whose forwarded headers are believed (none by default).
    pub trusted_proxies: String,
    /// `AYO_FORWARDED_HEADER`: which forwarded headers those proxies write, `x-forwarded-for` (the default) or
    /// `forwarded` (RFC 7239); only that family is read (`crate::client_ip`).
    pub forwarded_header: Option<String>,
    /// `AYO_DEMO_DRAW_MINUTES`: how often the demo's Ayo Express draws (1 to 60 minutes, default 3); read only when
    /// `--demo` creates the demo games. The browser journeys run it at 1 so they wait less for a result.
    pub demo_draw_minutes: u32,
    /// `AYO_ADJUST_APPROVAL_ABOVE`: a manual wallet adjustment larger than this (kobo, either way) waits for a
    /// second admin's approval.
    pub adjust_approval_above: i64,
    /// `AYO_SEED_KEY`: hex key sealing draw seeds at rest; else `<data-dir>/secrets/seed.key`.
    pub seed_key: Option<String>,
    /// `AYO_PAYMENTS=sandbox` (or `--demo`): the sandbox gateway was asked for. `ayo serve` refuses to start without
    /// a Paystack key unless it was.
    pub sandbox_requested: bool,
    /// `--accept-sandbox-history` / `AYO_ACCEPT_SANDBOX_HISTORY=1`: go live on a store that holds sandbox money.
    pub accept_sandbox_history: bool,
    /// Where `/metrics` listens (`AYO_METRICS_BIND`); none when unset.
    pub metrics_bind: Option<String>,
    /// A bearer token `/metrics` requires (`AYO_METRICS_TOKEN`).
    pub metrics_token: Option<String>,
    /// `AYO_AUDIT_RETENTION_DAYS`: audit entries older than this are removed (at least a year); kept forever unset.
    pub audit_retention_days: Option<u32>,
    /// `AYO_LICENSED_STATES`: the states the operator is licensed in (`LA,OG`), written to the store at start;
    /// unset keeps what the back office set (every state until then).
    pub licensed_states: Option<String>,
    /// `--bus` / `AYO_BUS_URL`: the NATS server (`nats://host:port`) that carries events between the nodes of a
    /// cluster (docs/decisions/030); none means this node's events reach its own sockets only.
    pub bus_url: Option<String>,
    /// `--store` / `AYO_STORE_URL`: the PostgreSQL (`postgres://…`) a cluster node keeps its records in
    /// (docs/decisions/029); none means the embedded store in `<data-dir>/db`.
    pub store_url: Option<String>,
    /// `AYO_WS_GUESTS_PER_ADDRESS`: the guest (not signed-in) sockets one client address may hold; unset means
    /// `crate::http::realtime::admission::GUESTS_PER_ADDRESS`. Checked when the server starts.
    pub ws_guests_per_address: Option<String>,
    /// `AYO_BUS_KEY`: 64 hex, the same on every node, sealing every bus message (`bus::key`); required with a bus
    /// outside `--demo`.
    pub bus_key: Option<String>,
    /// `AYO_BUS_CA_FILE`: the PEM CA that signed the NATS server's certificate; set, the bus must be TLS.
    pub bus_ca_file: Option<PathBuf>,
    /// `AYO_OPERATOR_*`: who runs the lottery, written to the store at start (`crate::server::operator`).
    pub operator: crate::server::operator::OperatorEnv,
    /// `AYO_DRAND_URL`: where the drand quicknet rounds of beacon draws are read, `{url}/public/{round}`
    /// (`jobs::beacon::default_url`, the League of Entropy's relay, by default). Whatever serves them, each round is
    /// verified against the chain's pinned key.
    pub drand_url: String,
}

/// ₦100,000: manual adjustments above it need a second admin.
pub const ADJUST_APPROVAL_ABOVE: i64 = 10_000_000;

impl Settings {
    pub fn new(bind: String, data_dir: PathBuf, demo: bool) -> Self {
        Self {
            bind,
            data_dir,
            demo,
            jwt_secret: None,
            token_ttl_secs: 3600,
            smtp_url: None,
            mail_from: "Ayo Lotto <no-reply@ayolotto.ng>".to_string(),
            payments: crate::payments::PaymentSettings::default(),
            identity: crate::identity::IdentitySettings::default(),
            trusted_proxies: String::new(),
            forwarded_header: None,
            demo_draw_minutes: DEMO_DRAW_MINUTES,
            adjust_approval_above: ADJUST_APPROVAL_ABOVE,
            seed_key: None,
            sandbox_requested: demo,
            accept_sandbox_history: false,
            metrics_bind: None,
            metrics_token: None,
            audit_retention_days: None,
            licensed_states: None,
            bus_url: None,
            store_url: None,
            ws_guests_per_address: None,
            bus_key: None,
            bus_ca_file: None,
            operator: Default::default(),
            drand_url: crate::jobs::beacon::default_url(),
        }
    }

    /// Applies `AYO_*` variables over whatever the flags said.
    pub fn with_env(mut self) -> Self {
        let var = |name: &str| std::env::var(name).ok().filter(|v| !v.trim().is_empty());
        if let Some(v) = var("AYO_BIND") {
            self.bind = v;
        }
        if let Some(v) = var("AYO_DATA_DIR") {
            self.data_dir = PathBuf::from(v);
        }
        if let Some(v) = var("AYO_DEMO") {
            self.demo = matches!(v.as_str(), "1" | "true" | "yes");
            self.sandbox_requested |= self.demo;
        }
        if let Some(v) = var("AYO_JWT_SECRET") {
            self.jwt_secret = Some(v);
        }
        if let Some(v) = var("AYO_TOKEN_TTL_SECS").and_then(|v| v.parse().ok()) {
            self.token_ttl_secs = v;
        }
        if let Some(v) = var("AYO_SMTP_URL") {
            self.smtp_url = Some(v);
        }
        if let Some(v) = var("AYO_MAIL_FROM") {
            self.mail_from = v;
        }
        if let Some(v) = var("AYO_TRUSTED_PROXIES") {
            self.trusted_proxies = v;
        }
        if let Some(v) = var("AYO_DEMO_DRAW_MINUTES").and_then(|v| v.parse().ok()).filter(|m| (1..=60).contains(m)) {
            self.demo_draw_minutes = v;
        }
        if let Some(v) = var("AYO_FORWARDED_HEADER") {
            self.forwarded_header = Some(v);
        }
        if let Some(v) = var("AYO_PAYMENTS") {
            self.sandbox_requested |= v == "sandbox";
        }
        if let Some(v) = var("AYO_ACCEPT_SANDBOX_HISTORY") {
            self.accept_sandbox_history = matches!(v.as_str(), "1" | "true" | "yes");
        }
        if let Some(v) = var("AYO_SEED_KEY") {
            self.seed_key = Some(v);
        }
        if let Some(v) = var("AYO_ADJUST_APPROVAL_ABOVE").and_then(|v| v.trim().parse().ok()) {
            self.adjust_approval_above = v;
        }
        if let Some(v) = var("AYO_METRICS_BIND") {
            self.metrics_bind = Some(v);
        }
        if let Some(v) = var("AYO_METRICS_TOKEN") {
            self.metrics_token = Some(v);
        }
        if let Some(v) = var("AYO_AUDIT_RETENTION_DAYS").and_then(|v| v.trim().parse().ok()) {
            self.audit_retention_days = Some(v);
        }
        if let Some(v) = var("AYO_LICENSED_STATES") {
            self.licensed_states = Some(v);
        }
        if let Some(v) = var("AYO_BUS_URL") {
            self.bus_url = Some(v);
        }
        if let Some(v) = var("AYO_STORE_URL") {
            self.store_url = Some(v);
        }
        if let Some(v) = var("AYO_WS_GUESTS_PER_ADDRESS") {
            self.ws_guests_per_address = Some(v);
        }
        if let Some(v) = var("AYO_BUS_KEY") {
            self.bus_key = Some(v);
        }
        if let Some(v) = var("AYO_BUS_CA_FILE") {
            self.bus_ca_file = Some(PathBuf::from(v));
        }
        if let Some(v) = var("AYO_DRAND_URL") {
            self.drand_url = v;
        }
        self.operator = crate::server::operator::OperatorEnv::from_env();
        self.payments = self.payments.with_env();
        self.identity = self.identity.with_env();
        self
    }
}
