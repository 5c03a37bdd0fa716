//! What every gateway speaks (`crate::payments::Gateway` picks one): a checkout to open, what a transaction came to,
//! a transfer and its outcome, the two kinds of error (`Refused`, `Unavailable`: see `crate::payments`), and the
//! Paystack way of signing webhooks that the sandbox follows too.

use hmac::{Hmac, Mac};
use sha2::Sha512;

use ayo_data::money::Kobo;

/// The header Paystack (and our sandbox) sign webhooks with.
pub const SIGNATURE_HEADER: &str = "x-paystack-signature";
/// What the gateway knows about a transaction. `status` in Paystack's words: `success`, `failed`, `abandoned`,
/// `ongoing`, `pending`, `reversed`, …
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Verification {
    pub status: String,
    pub amount: i64,
    pub currency: String,
    pub gateway_response: Option<String>,
}

/// A checkout to open: the deposit's reference and amount, the player's email, and where the gateway sends the
/// player back to.
#[derive(Debug, Clone, Copy)]
pub struct Checkout<'a> {
    pub reference: &'a str,
    pub amount: Kobo,
    pub email: &'a str,
    pub callback_url: &'a str,
}

/// A payout to send.
#[derive(Debug, Clone)]
pub struct TransferOrder {
    pub bank_code: String,
    pub account_number: String,
    pub account_name: String,
    pub amount: Kobo,
    /// Stable per withdrawal, so the gateway recognises a retry.
    pub reference: String,
    pub reason: String,
}

/// Where a transfer stands, as the gateway says.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TransferOutcome {
    /// The money reached the bank.
    Paid,
    /// Accepted, not final yet (a `transfer.*` webhook or a re-check will tell).
    Pending,
    /// The gateway refused or the bank declined: nothing was sent.
    Failed(String),
    /// Completed, then reversed by the bank: the money came back to us.
    Reversed(String),
}

impl TransferOutcome {
    /// Paystack's transfer statuses.
    pub fn from_status(status: &str, message: &str) -> Self {
        match status {
            "success" => Self::Paid,
            "failed" | "rejected" | "abandoned" | "blocked" => Self::Failed(non_empty(message, "The transfer failed")),
            "reversed" => Self::Reversed(non_empty(message, "The bank reversed the transfer")),
            _ => Self::Pending,
        }
    }
}

fn non_empty(message: &str, fallback: &str) -> String {
    if message.trim().is_empty() {
        fallback.to_string()
    } else {
        message.trim().to_string()
    }
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GatewayError {
    /// The gateway answered no. The message is the gateway's, safe to show.
    #[error("{0}")]
    Refused(String),
    /// The gateway does not know this reference.
    #[error("not found at the gateway")]
    NotFound,
    /// No trustworthy answer (timeout, network, 5xx, unreadable body): try again later. The detail is for logs and
    /// admins, not players.
    #[error("{0}")]
    Unavailable(String),
}

/// Hex HMAC-SHA512 of `body` under `secret`: the `x-paystack-signature` value.
pub fn sign(secret: &[u8], body: &[u8]) -> String {
    match Hmac::<Sha512>::new_from_slice(secret) {
        Ok(mut mac) => {
            mac.update(body);
            hex::encode(mac.finalize().into_bytes())
        }
        // HMAC takes keys of any length; unreachable, and an empty signature never verifies.
        Err(_) => String::new(),
    }
}

/// Whether `signature` (hex) is the HMAC-SHA512 of the raw `body` under `secret`, compared in constant time.
pub fn signature_valid(secret: &[u8], body: &[u8], signature: Option<&str>) -> bool {
    let Some(given) = signature.and_then(|s| hex::decode(s.trim()).ok()) else { return false };
    match Hmac::<Sha512>::new_from_slice(secret) {
        Ok(mut mac) => {
            mac.update(body);
            mac.verify_slice(&given).is_ok()
        }
        Err(_) => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_signature_verifies_only_for_its_exact_body_and_key() {
        let body = br#"{"event":"charge.success"}"#;
        let sig = sign(b"sk_test_key", body);
        assert_eq!(sig.len(), 128, "hex of 64 bytes");
        assert!(signature_valid(b"sk_test_key", body, Some(&sig)));
        assert!(signature_valid(b"sk_test_key", body, Some(&sig.to_uppercase())));
        assert!(!signature_valid(b"sk_test_key", br#"{"event":"charge.success" }"#, Some(&sig)));
        assert!(!signature_valid(b"another_key", body, Some(&sig)));
        assert!(!signature_valid(b"sk_test_key", body, None));
        assert!(!signature_valid(b"sk_test_key", body, Some("not hex")));
        assert!(!signature_valid(b"sk_test_key", body, Some(&sig[..64])));
    }

    #[test]
    fn paystack_transfer_statuses_map_to_outcomes() {
        assert_eq!(TransferOutcome::from_status("success", ""), TransferOutcome::Paid);
        assert_eq!(TransferOutcome::from_status("pending", ""), TransferOutcome::Pending);
        assert_eq!(TransferOutcome::from_status("otp", ""), TransferOutcome::Pending);
        assert_eq!(TransferOutcome::from_status("failed", ""), TransferOutcome::Failed("The transfer failed".into()));
        assert!(matches!(TransferOutcome::from_status("reversed", "x"), TransferOutcome::Reversed(_)));
    }
}
