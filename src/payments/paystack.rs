//! Paystack's REST API (https://paystack.com/docs/api/): transaction initialize and verify, bank account
//! resolution, transfer recipients, transfers and transfer verification. Every call carries
//! `Authorization: Bearer <secret key>` and a timeout; every answer is Paystack's envelope
//! `{status: bool, message, data}`.

use std::time::Duration;

use reqwest::{RequestBuilder, StatusCode};
use serde::Deserialize;
use serde_json::{json, Value};

use super::protocol::{Checkout, GatewayError, TransferOrder, TransferOutcome, Verification};

pub struct Paystack {
    client: reqwest::Client,
    base: String,
    secret: String,
    timeout: Duration,
}

#[derive(Deserialize)]
struct Envelope {
    status: bool,
    #[serde(default)]
    message: String,
    #[serde(default)]
    data: Value,
}

impl Paystack {
    pub fn new(secret: &str, base_url: &str, timeout: Duration) -> anyhow::Result<Self> {
        let client = reqwest::Client::builder().timeout(timeout).build()?;
        Ok(Self { client, base: base_url.trim_end_matches('/').to_string(), secret: secret.to_string(), timeout })
    }

    pub fn secret_key(&self) -> &str {
        &self.secret
    }

    fn url(&self, path: &str) -> String {
        format!("{}{path}", self.base)
    }

    /// Sends a request and returns `data` of a successful envelope, mapping everything else to a clear error.
    async fn call(&self, request: RequestBuilder, what: &str) -> Result<Value, GatewayError> {
        let response = request.bearer_auth(&self.secret).send().await.map_err(|e| {
            let why = if e.is_timeout() {
                format!("Paystack did not answer {what} within {} ms", self.timeout.as_millis())
            } else if e.is_connect() {
                format!("Paystack could not be reached for {what}")
            } else {
                format!("Paystack request for {what} failed: {e}")
            };
            GatewayError::Unavailable(why)
        })?;
        let status = response.status();
        let text = response
            .text()
            .await
            .map_err(|e| GatewayError::Unavailable(format!("Paystack's answer to {what} could not be read: {e}")))?;
        let envelope: Option<Envelope> = serde_json::from_str(&text).ok();
        if status.is_server_error() {
            return Err(GatewayError::Unavailable(format!(
                "Paystack had a problem with {what} (HTTP {}); try again shortly",
                status.as_u16()
            )));
        }
        if status == StatusCode::UNAUTHORIZED || status == StatusCode::FORBIDDEN {
            return Err(GatewayError::Unavailable(format!(
                "Paystack refused our secret key for {what} (HTTP {}): check AYO_PAYSTACK_SECRET_KEY",
                status.as_u16()
            )));
        }
        let Some(envelope) = envelope else {
            return Err(GatewayError::Unavailable(format!(
                "Paystack's answer to {what} was not JSON (HTTP {})",
                status.as_u16()
            )));
        };
        if status == StatusCode::NOT_FOUND
            || (!envelope.status && envelope.message.to_lowercase().contains("not found"))
        {
            return Err(GatewayError::NotFound);
        }
        if !status.is_success() || !envelope.status {
            let message = if envelope.message.trim().is_empty() {
                format!("Paystack refused {what} (HTTP {})", status.as_u16())
            } else {
                envelope.message
            };
            return Err(GatewayError::Refused(message));
        }
        Ok(envelope.data)
    }

    fn text(data: &Value, field: &str, what: &str) -> Result<String, GatewayError> {
        data[field]
            .as_str()
            .map(str::to_string)
            .ok_or_else(|| GatewayError::Unavailable(format!("Paystack's answer to {what} had no {field}")))
    }

    /// POST /transaction/initialize.
    pub async fn initialize(
        &self,
        Checkout { reference, amount, email, callback_url }: Checkout<'_>,
    ) -> Result<String, GatewayError> {
        let body = json!({
            "email": email,
            "amount": amount.as_i64(),
            "currency": "NGN",
            "reference": reference,
            "callback_url": callback_url,
        });
        let what = "initialising the payment";
        let data = self.call(self.client.post(self.url("/transaction/initialize")).json(&body), what).await?;
        Self::text(&data, "authorization_url", what)
    }

    /// GET /transaction/verify/{reference}.
    pub async fn verify(&self, reference: &str) -> Result<Verification, GatewayError> {
        let what = "verifying the payment";
        let path = format!("/transaction/verify/{}", encode_segment(reference));
        let data = self.call(self.client.get(self.url(&path)), what).await?;
        Ok(Verification {
            status: Self::text(&data, "status", what)?,
            amount: data["amount"]
                .as_i64()
                .ok_or_else(|| GatewayError::Unavailable(format!("Paystack's answer to {what} had no amount")))?,
            currency: Self::text(&data, "currency", what)?,
            gateway_response: data["gateway_response"].as_str().map(str::to_string),
        })
    }

    /// GET /bank/resolve?account_number=…&bank_code=….
    pub async fn resolve_account(&self, bank_code: &str, account_number: &str) -> Result<String, GatewayError> {
        let what = "resolving the account name";
        let request = self
            .client
            .get(self.url("/bank/resolve"))
            .query(&[("account_number", account_number), ("bank_code", bank_code)]);
        match self.call(request, what).await {
            Ok(data) => Self::text(&data, "account_name", what),
            // Paystack answers an unknown account with 422 "Could not resolve account name…"; some versions 404.
            Err(GatewayError::NotFound) => {
                Err(GatewayError::Refused("Could not resolve account name. Check parameters or try again.".into()))
            }
            Err(e) => Err(e),
        }
    }

    /// POST /transferrecipient, then POST /transfer. A refused recipient is a definitive failure (nothing was
    /// sent); a refused transfer is too, unless Paystack says the reference was used already, which means an
    /// earlier attempt got through: that stays unknown until re-checked.
    pub async fn transfer(&self, order: &TransferOrder) -> Result<TransferOutcome, GatewayError> {
        let recipient = json!({
            "type": "nuban",
            "name": order.account_name,
            "account_number": order.account_number,
            "bank_code": order.bank_code,
            "currency": "NGN",
        });
        let what = "creating the transfer recipient";
        let data = match self.call(self.client.post(self.url("/transferrecipient")).json(&recipient), what).await {
            Ok(data) => data,
            Err(GatewayError::Refused(message)) => return Ok(TransferOutcome::Failed(message)),
            Err(e) => return Err(e),
        };
        let recipient_code = Self::text(&data, "recipient_code", what)?;
        let transfer = json!({
            "source": "balance",
            "amount": order.amount.as_i64(),
            "currency": "NGN",
            "recipient": recipient_code,
            "reference": order.reference,
            "reason": order.reason,
        });
        let what = "sending the transfer";
        match self.call(self.client.post(self.url("/transfer")).json(&transfer), what).await {
            Ok(data) => {
                let status = Self::text(&data, "status", what)?;
                Ok(TransferOutcome::from_status(&status, data["message"].as_str().unwrap_or_default()))
            }
            Err(GatewayError::Refused(message)) if mentions_reused_reference(&message) => {
                Err(GatewayError::Unavailable(format!("Paystack already has this transfer: {message}")))
            }
            Err(GatewayError::Refused(message)) => Ok(TransferOutcome::Failed(message)),
            Err(e) => Err(e),
        }
    }

    /// GET /transfer/verify/{reference}.
    pub async fn verify_transfer(&self, reference: &str) -> Result<Option<(TransferOutcome, i64)>, GatewayError> {
        let what = "checking the transfer";
        let path = format!("/transfer/verify/{}", encode_segment(reference));
        match self.call(self.client.get(self.url(&path)), what).await {
            Ok(data) => {
                let status = Self::text(&data, "status", what)?;
                let reason = data["reason"].as_str().or(data["message"].as_str()).unwrap_or_default();
                Ok(Some((TransferOutcome::from_status(&status, reason), data["amount"].as_i64().unwrap_or(0))))
            }
            Err(GatewayError::NotFound) => Ok(None),
            Err(e) => Err(e),
        }
    }
}

fn mentions_reused_reference(message: &str) -> bool {
    let m = message.to_lowercase();
    m.contains("duplicate") || (m.contains("reference") && m.contains("already"))
}

/// References are ours (letters, digits, `-`, `_`, `.`), but a path segment is escaped all the same.
fn encode_segment(raw: &str) -> String {
    raw.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => (b as char).to_string(),
            other => format!("%{other:02X}"),
        })
        .collect()
}
