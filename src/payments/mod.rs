//! Payment gateways behind one interface (docs/product.md §7): `sandbox`, built in and the default, and `paystack`,
//! used when `AYO_PAYSTACK_SECRET_KEY` is set.
//!
//! A gateway initialises a checkout (→ the URL where the player pays), verifies a transaction server-to-server,
//! resolves a bank account's name, and sends (and re-checks) a transfer. Webhooks from either are signed the
//! Paystack way: `x-paystack-signature` = hex HMAC-SHA512 of the raw body with the gateway's secret key.
//!
//! Gateway errors come in two kinds, because they mean different things for money: `Refused` (the gateway said no:
//! a definitive answer) and `Unavailable` (no answer we can trust: a timeout, a 5xx, a garbled body). A transfer
//! that ends `Unavailable` may or may not have gone out, so its withdrawal stays `processing` until re-checked.

pub mod checkout_page;
pub mod mode;
pub mod paystack;
pub mod protocol;
pub mod sandbox;
pub mod site;

use std::collections::HashSet;
use std::path::Path;
use std::sync::Mutex;
use std::time::Duration;

use actix_web::HttpRequest;

use ayo_data::Store;

use crate::payments::protocol::{Checkout, GatewayError, TransferOrder, TransferOutcome, Verification};

/// Paystack's API, unless `AYO_PAYSTACK_BASE_URL` says otherwise.
pub const PAYSTACK_BASE_URL: &str = "https://api.paystack.co";
/// How long we wait for a gateway answer.
pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(10);

/// Gateway configuration, from `AYO_*` variables (see `with_env`).
#[derive(Clone)]
pub struct PaymentSettings {
    /// Paystack's secret key (`sk_live_…`/`sk_test_…`); when set, Paystack is the gateway.
    pub paystack_secret_key: Option<String>,
    pub paystack_base_url: String,
    /// Timeout of each gateway call.
    pub timeout: Duration,
    /// The site's public origin (`https://ayolotto.ng`) for checkout and callback URLs. Required with a real
    /// gateway; the sandbox may go without it and use the request's own origin (`site`).
    pub public_url: Option<String>,
    /// `AYO_CHECKOUT_TTL_SECS`: how long a new checkout stays open (1 s to a day; an hour by default). After it the
    /// deposit reads `expired` and holds no deposit-limit room; a late payment is still credited once.
    pub checkout_ttl: chrono::Duration,
}

impl Default for PaymentSettings {
    fn default() -> Self {
        Self {
            paystack_secret_key: None,
            paystack_base_url: PAYSTACK_BASE_URL.to_string(),
            timeout: DEFAULT_TIMEOUT,
            public_url: None,
            checkout_ttl: chrono::Duration::minutes(ayo_data::deposit::CHECKOUT_TTL_MINUTES),
        }
    }
}

/// Never prints the secret key.
impl std::fmt::Debug for PaymentSettings {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PaymentSettings")
            .field("paystack_secret_key", &self.paystack_secret_key.as_ref().map(|_| "***"))
            .field("paystack_base_url", &self.paystack_base_url)
            .field("timeout", &self.timeout)
            .field("public_url", &self.public_url)
            .field("checkout_ttl", &self.checkout_ttl)
            .finish()
    }
}

impl PaymentSettings {
    /// `AYO_PAYSTACK_SECRET_KEY`, `AYO_PAYSTACK_BASE_URL`, `AYO_GATEWAY_TIMEOUT_MS`, `AYO_PUBLIC_URL`,
    /// `AYO_CHECKOUT_TTL_SECS`.
    pub fn with_env(mut self) -> Self {
        let var = |name: &str| std::env::var(name).ok().map(|v| v.trim().to_string()).filter(|v| !v.is_empty());
        if let Some(v) = var("AYO_PAYSTACK_SECRET_KEY") {
            self.paystack_secret_key = Some(v);
        }
        if let Some(v) = var("AYO_PAYSTACK_BASE_URL") {
            self.paystack_base_url = v;
        }
        if let Some(ms) = var("AYO_GATEWAY_TIMEOUT_MS").and_then(|v| v.parse().ok()) {
            self.timeout = Duration::from_millis(ms);
        }
        if let Some(v) = var("AYO_PUBLIC_URL") {
            self.public_url = Some(v);
        }
        if let Some(secs) =
            var("AYO_CHECKOUT_TTL_SECS").and_then(|v| v.parse().ok()).filter(|s| (1..=86_400).contains(s))
        {
            self.checkout_ttl = chrono::Duration::seconds(secs);
        }
        self
    }
}

/// The gateway in use.
pub enum Gateway {
    Sandbox(Box<sandbox::Sandbox>),
    Paystack(paystack::Paystack),
}

impl Gateway {
    /// `sandbox` or `paystack`: the path segment of its webhook.
    pub fn name(&self) -> &'static str {
        match self {
            Self::Sandbox(_) => "sandbox",
            Self::Paystack(_) => "paystack",
        }
    }

    /// The key webhooks are signed with.
    pub fn webhook_secret(&self) -> &[u8] {
        match self {
            Self::Sandbox(g) => g.secret_key().as_bytes(),
            Self::Paystack(g) => g.secret_key().as_bytes(),
        }
    }

    /// Starts a checkout: the URL to send the player to.
    pub async fn initialize(&self, checkout: Checkout<'_>) -> Result<String, GatewayError> {
        match self {
            Self::Sandbox(g) => g.initialize(checkout),
            Self::Paystack(g) => g.initialize(checkout).await,
        }
    }

    /// Asks the gateway, server to server, what became of a transaction.
    pub async fn verify(&self, reference: &str) -> Result<Verification, GatewayError> {
        match self {
            Self::Sandbox(g) => g.verify(reference),
            Self::Paystack(g) => g.verify(reference).await,
        }
    }

    /// The name of the holder of a bank account.
    pub async fn resolve_account(&self, bank_code: &str, account_number: &str) -> Result<String, GatewayError> {
        match self {
            Self::Sandbox(g) => g.resolve_account(bank_code, account_number),
            Self::Paystack(g) => g.resolve_account(bank_code, account_number).await,
        }
    }

    /// Sends a payout.
    pub async fn transfer(&self, order: &TransferOrder) -> Result<TransferOutcome, GatewayError> {
        match self {
            Self::Sandbox(g) => g.transfer(order),
            Self::Paystack(g) => g.transfer(order).await,
        }
    }

    /// Where a transfer sent earlier stands; `None` if the gateway never got it.
    pub async fn verify_transfer(&self, reference: &str) -> Result<Option<(TransferOutcome, i64)>, GatewayError> {
        match self {
            Self::Sandbox(g) => g.verify_transfer(reference),
            Self::Paystack(g) => g.verify_transfer(reference).await,
        }
    }
}

/// The gateway plus the bookkeeping the edge needs around it.
pub struct Payments {
    pub gateway: Gateway,
    public_url: Option<String>,
    /// How long a new checkout stays open (`PaymentSettings::checkout_ttl`).
    pub checkout_ttl: chrono::Duration,
    /// Withdrawals whose payout is being sent or re-checked right now: one at a time per withdrawal, so two admins
    /// (or two clicks) never send the same transfer twice.
    in_flight: Mutex<HashSet<u64>>,
}

impl Payments {
    pub fn new(settings: &PaymentSettings, data_dir: &Path, store: Store) -> anyhow::Result<Self> {
        let gateway = match &settings.paystack_secret_key {
            Some(key) => {
                tracing::info!(base_url = %settings.paystack_base_url, "payments go through Paystack");
                Gateway::Paystack(paystack::Paystack::new(key, &settings.paystack_base_url, settings.timeout)?)
            }
            None => {
                tracing::warn!("payments go through the built-in SANDBOX gateway: no real money moves");
                Gateway::Sandbox(Box::new(sandbox::Sandbox::new(
                    store,
                    &sandbox::secret_key(data_dir)?,
                    settings.timeout,
                )?))
            }
        };
        let public_url =
            settings.public_url.as_deref().map(site::public_origin).transpose().map_err(anyhow::Error::msg)?;
        if public_url.is_none() && matches!(gateway, Gateway::Paystack(_)) {
            anyhow::bail!(
                "AYO_PUBLIC_URL is not set: with a real payment gateway the site's public origin (e.g. \
                 https://ayolotto.ng) must be configured, or checkouts would return players to whatever host a \
                 request names"
            );
        }
        Ok(Self { gateway, public_url, checkout_ttl: settings.checkout_ttl, in_flight: Mutex::new(HashSet::new()) })
    }

    /// The site's origin as the player's browser sees it: `AYO_PUBLIC_URL`, else (sandbox only) the request's own.
    pub fn site(&self, req: &HttpRequest, proxies: &crate::client_ip::TrustedProxies) -> String {
        match &self.public_url {
            Some(url) => url.clone(),
            None => site::request_origin(req, proxies),
        }
    }

    /// Marks a withdrawal's payout as in progress; `None` if it already is. The mark goes when the guard drops.
    pub fn begin_payout(&self, withdrawal: u64) -> Option<PayoutGuard<'_>> {
        let newly_busy = self.in_flight.lock().unwrap_or_else(|p| p.into_inner()).insert(withdrawal);
        // Lazily, and after the lock is released: a guard made and dropped here would re-lock it from `drop`.
        newly_busy.then(|| PayoutGuard { payments: self, withdrawal })
    }
}

pub struct PayoutGuard<'a> {
    payments: &'a Payments,
    withdrawal: u64,
}

impl Drop for PayoutGuard<'_> {
    fn drop(&mut self) {
        self.payments.in_flight.lock().unwrap_or_else(|p| p.into_inner()).remove(&self.withdrawal);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[actix_web::test]
    async fn one_payout_per_withdrawal_is_in_flight_at_a_time() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::temporary().unwrap();
        let payments = Payments::new(&PaymentSettings::default(), dir.path(), store).unwrap();
        let first = payments.begin_payout(7);
        assert!(first.is_some());
        assert!(payments.begin_payout(7).is_none(), "busy, and refusing must not deadlock or free it");
        assert!(payments.begin_payout(7).is_none());
        assert!(payments.begin_payout(8).is_some(), "another withdrawal is independent");
        drop(first);
        assert!(payments.begin_payout(7).is_some());
    }
}
