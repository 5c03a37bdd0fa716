//! The built-in sandbox gateway: a stand-in for Paystack that runs inside the server, for local development,
//! demos and tests. It keeps its own books (the `sandbox_gateway` tree), serves a checkout page, and on Pay sends
//! a `charge.success` webhook to our own webhook endpoint over real HTTP, signed exactly as Paystack signs.
//!
//! Deterministic test accounts (docs/api-money.md):
//! - resolving an account number ending in `9999` fails ("could not resolve"); any other number resolves to a
//!   name made from its digits;
//! - a transfer to an account number ending in `0000` fails (the bank declines); any other transfer succeeds.

use std::path::Path;
use std::time::Duration;

use chrono::Utc;
use serde_json::{json, Value};

use ayo_data::seam::{ChargeEnd, SandboxCharge, SandboxTransfer};
use ayo_data::Store;

use super::protocol::{sign, Checkout, GatewayError, TransferOrder, TransferOutcome, Verification, SIGNATURE_HEADER};

/// Account numbers ending like this cannot be resolved.
pub const UNRESOLVABLE_SUFFIX: &str = "9999";
/// Transfers to account numbers ending like this fail.
pub const FAILING_TRANSFER_SUFFIX: &str = "0000";
/// The checkout page of a reference, under `/api/v1`.
pub const CHECKOUT_PATH: &str = "/payments/sandbox/checkout";

const FIRST_NAMES: [&str; 10] =
    ["ADA", "CHIOMA", "EMEKA", "FUNMILAYO", "IBRAHIM", "KEMI", "NGOZI", "OLUWASEUN", "TUNDE", "YETUNDE"];
const SURNAMES: [&str; 10] =
    ["ADEBAYO", "BELLO", "EZE", "IBRAHIM", "NWOSU", "OKAFOR", "OKONKWO", "OLADIPO", "USMAN", "YUSUF"];

/// The sandbox's secret key, `sk_sandbox_<hex>`, made once per data directory (`secrets/sandbox-gateway.key`).
pub fn secret_key(data_dir: &Path) -> anyhow::Result<String> {
    Ok(format!("sk_sandbox_{}", hex::encode(crate::secrets::load_or_create(data_dir, "sandbox-gateway")?)))
}

/// What a press on the checkout page does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CheckoutAction {
    Pay,
    Cancel,
    Fail,
}

impl CheckoutAction {
    pub fn parse(raw: &str) -> Option<Self> {
        match raw {
            "pay" => Some(Self::Pay),
            "cancel" => Some(Self::Cancel),
            "fail" => Some(Self::Fail),
            _ => None,
        }
    }
}

pub struct Sandbox {
    store: Store,
    secret: String,
    client: reqwest::Client,
}

impl Sandbox {
    pub fn new(store: Store, secret: &str, timeout: Duration) -> anyhow::Result<Self> {
        let client = reqwest::Client::builder().timeout(timeout).build()?;
        Ok(Self { store, secret: secret.to_string(), client })
    }

    pub fn secret_key(&self) -> &str {
        &self.secret
    }

    fn store_error(e: ayo_data::StoreError) -> GatewayError {
        GatewayError::Unavailable(format!("sandbox books: {e}"))
    }

    /// Opens a checkout on the same site as the callback (the page lives on this server).
    pub fn initialize(
        &self,
        Checkout { reference, amount, email, callback_url }: Checkout<'_>,
    ) -> Result<String, GatewayError> {
        let charge = SandboxCharge {
            reference: reference.to_string(),
            amount: amount.as_i64(),
            currency: "NGN".into(),
            email: email.to_string(),
            callback_url: callback_url.to_string(),
            status: "abandoned".into(),
            gateway_response: "The transaction was not completed".into(),
            created_at: Utc::now(),
            paid_at: None,
        };
        self.store.sandbox.put_charge(&charge).map_err(Self::store_error)?;
        Ok(format!("{}/api/v1{CHECKOUT_PATH}/{reference}", origin_of(callback_url)))
    }

    pub fn verify(&self, reference: &str) -> Result<Verification, GatewayError> {
        let charge = self.store.sandbox.charge(reference).map_err(Self::store_error)?.ok_or(GatewayError::NotFound)?;
        Ok(Verification {
            status: charge.status,
            amount: charge.amount,
            currency: charge.currency,
            gateway_response: Some(charge.gateway_response),
        })
    }

    pub fn resolve_account(&self, _bank_code: &str, account_number: &str) -> Result<String, GatewayError> {
        if account_number.ends_with(UNRESOLVABLE_SUFFIX) {
            return Err(GatewayError::Refused("Could not resolve account name. Check parameters or try again.".into()));
        }
        Ok(name_for(account_number))
    }

    pub fn transfer(&self, order: &TransferOrder) -> Result<TransferOutcome, GatewayError> {
        let (status, reason) = if order.account_number.ends_with(FAILING_TRANSFER_SUFFIX) {
            ("failed", "Sandbox: the receiving bank declined this transfer")
        } else {
            ("success", "")
        };
        let transfer = SandboxTransfer {
            reference: order.reference.clone(),
            amount: order.amount.as_i64(),
            bank_code: order.bank_code.clone(),
            account_number: order.account_number.clone(),
            account_name: order.account_name.clone(),
            status: status.into(),
            reason: reason.into(),
            created_at: Utc::now(),
        };
        let on_record = self.store.sandbox.put_transfer(&transfer).map_err(Self::store_error)?;
        Ok(TransferOutcome::from_status(&on_record.status, &on_record.reason))
    }

    pub fn verify_transfer(&self, reference: &str) -> Result<Option<(TransferOutcome, i64)>, GatewayError> {
        let transfer = self.store.sandbox.transfer(reference).map_err(Self::store_error)?;
        Ok(transfer.map(|t| (TransferOutcome::from_status(&t.status, &t.reason), t.amount)))
    }

    /// The charge behind a checkout page.
    pub fn charge(&self, reference: &str) -> Result<Option<SandboxCharge>, GatewayError> {
        self.store.sandbox.charge(reference).map_err(Self::store_error)
    }

    /// Records the player's choice on the checkout page (the first choice stands). On Pay, delivers the signed
    /// `charge.success` webhook to `webhook_url` before returning, as Paystack would (a delivery failure is
    /// logged: the deposit page's own verification still credits the payment). Returns the charge after.
    pub async fn complete(
        &self,
        reference: &str,
        action: CheckoutAction,
        webhook_url: &str,
    ) -> Result<Option<SandboxCharge>, GatewayError> {
        let (status, response) = match action {
            CheckoutAction::Pay => ("success", "Approved by the sandbox bank"),
            CheckoutAction::Cancel => ("failed", "Cancelled by the customer"),
            CheckoutAction::Fail => ("failed", "Declined by the sandbox bank"),
        };
        let before = self.charge(reference)?;
        let end = ChargeEnd { status, gateway_response: response, at: Utc::now() };
        let after = self.store.sandbox.complete_charge(reference, end).map_err(Self::store_error)?;
        let newly_paid = before.as_ref().is_some_and(|c| c.status == "abandoned")
            && after.as_ref().is_some_and(|c| c.status == "success");
        if let (true, Some(charge)) = (newly_paid, &after) {
            self.deliver(&charge_success_event(charge), webhook_url).await;
        }
        Ok(after)
    }

    async fn deliver(&self, event: &Value, url: &str) {
        let body = event.to_string();
        let signature = sign(self.secret.as_bytes(), body.as_bytes());
        let sent = self
            .client
            .post(url)
            .header("content-type", "application/json")
            .header(SIGNATURE_HEADER, signature)
            .body(body)
            .send()
            .await;
        match sent {
            Ok(resp) if resp.status().is_success() => {}
            Ok(resp) => tracing::warn!(status = resp.status().as_u16(), "sandbox webhook not accepted"),
            Err(e) => tracing::warn!(error = %e, "sandbox webhook not delivered"),
        }
    }
}

/// `https://host:port` of an absolute URL; empty for a relative one.
fn origin_of(url: &str) -> &str {
    let Some(scheme_end) = url.find("://") else { return "" };
    let rest = &url[scheme_end + 3..];
    match rest.find('/') {
        Some(path_start) => &url[..scheme_end + 3 + path_start],
        None => url,
    }
}

/// A plausible account holder's name, the same every time for the same number.
pub fn name_for(account_number: &str) -> String {
    let digit = |from_end: usize| {
        account_number.as_bytes().iter().rev().nth(from_end).map_or(0, |b| usize::from(b.saturating_sub(b'0')) % 10)
    };
    format!("{} {}", FIRST_NAMES[digit(1)], SURNAMES[digit(2)])
}

/// The webhook Paystack sends when a charge succeeds (its documented shape, test-mode values).
pub fn charge_success_event(charge: &SandboxCharge) -> Value {
    let paid_at = charge.paid_at.unwrap_or(charge.created_at).to_rfc3339();
    json!({
        "event": "charge.success",
        "data": {
            "id": charge.created_at.timestamp_millis(),
            "domain": "test",
            "status": "success",
            "reference": charge.reference,
            "amount": charge.amount,
            "message": null,
            "gateway_response": charge.gateway_response,
            "paid_at": paid_at,
            "created_at": charge.created_at.to_rfc3339(),
            "channel": "card",
            "currency": charge.currency,
            "ip_address": null,
            "metadata": {},
            "fees": 0,
            "customer": {
                "id": 0,
                "first_name": null,
                "last_name": null,
                "email": charge.email,
                "customer_code": "CUS_sandbox",
                "phone": null,
                "metadata": null,
                "risk_action": "default"
            },
            "authorization": {
                "authorization_code": "AUTH_sandbox",
                "bin": "408408",
                "last4": "4081",
                "exp_month": "12",
                "exp_year": "2030",
                "channel": "card",
                "card_type": "visa",
                "bank": "TEST BANK",
                "country_code": "NG",
                "brand": "visa",
                "reusable": false,
                "signature": null
            },
            "plan": {}
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_stable_and_depend_on_the_number() {
        assert_eq!(name_for("0123456785"), name_for("0123456785"));
        assert_eq!(name_for("0123456785"), "TUNDE OLADIPO");
        assert_ne!(name_for("0123456785"), name_for("0123456795"));
    }

    #[test]
    fn the_checkout_lives_on_the_callbacks_site() {
        assert_eq!(origin_of("http://127.0.0.1:8080/user/deposit"), "http://127.0.0.1:8080");
        assert_eq!(origin_of("https://ayolotto.ng"), "https://ayolotto.ng");
        assert_eq!(origin_of("/user/deposit"), "");
    }
}
