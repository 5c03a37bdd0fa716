//! The built-in sandbox gateway's own books: what it knows about the charges and transfers it was asked for. It
//! stands in for Paystack's side, so verification reads this, never our deposits.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use crate::error::StoreResult;

pub trait SandboxBooks: Send + Sync {
    fn put_charge(&self, charge: &SandboxCharge) -> StoreResult<()>;

    fn charge(&self, reference: &str) -> StoreResult<Option<SandboxCharge>>;

    /// Moves a charge out of `abandoned` once, whatever node asks: the first of Pay, Cancel or Fail wins. Returns
    /// the charge after.
    fn complete_charge(&self, reference: &str, end: ChargeEnd<'_>) -> StoreResult<Option<SandboxCharge>>;

    /// Records a transfer, unless one with this reference exists: the first one stands (as Paystack refuses a
    /// reused reference). Returns the transfer on record.
    fn put_transfer(&self, transfer: &SandboxTransfer) -> StoreResult<SandboxTransfer>;

    fn transfer(&self, reference: &str) -> StoreResult<Option<SandboxTransfer>>;
}

/// A checkout the sandbox was asked to take. `status` uses Paystack's words: `abandoned` (not paid yet),
/// `success`, `failed`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SandboxCharge {
    pub reference: String,
    pub amount: i64,
    pub currency: String,
    pub email: String,
    pub callback_url: String,
    pub status: String,
    pub gateway_response: String,
    pub created_at: DateTime<Utc>,
    pub paid_at: Option<DateTime<Utc>>,
}

/// How a checkout ended, in Paystack's words (`success` or `failed`, and the bank's answer), and when: what
/// `SandboxBooks::complete_charge` writes on the charge.
#[derive(Debug, Clone, Copy)]
pub struct ChargeEnd<'a> {
    pub status: &'a str,
    pub gateway_response: &'a str,
    pub at: DateTime<Utc>,
}

impl ChargeEnd<'_> {
    /// Whether the charge was paid (`paid_at` is then `at`).
    pub fn paid(&self) -> bool {
        self.status == "success"
    }
}

/// A payout the sandbox was asked to send. `status`: `success` or `failed`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SandboxTransfer {
    pub reference: String,
    pub amount: i64,
    pub bank_code: String,
    pub account_number: String,
    pub account_name: String,
    pub status: String,
    pub reason: String,
    pub created_at: DateTime<Utc>,
}
