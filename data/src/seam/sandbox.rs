//! The built-in sandbox gateway's own books: what it knows about the charges and transfers it was asked for. It
//! stands in for Paystack's side, so verification reads this, never our deposits.

use chrono::{DateTime, Utc};

use crate::error::StoreResult;
use crate::store::{SandboxCharge, SandboxTransfer};

pub trait SandboxBooks: Send + Sync {
    fn put_charge(&self, charge: &SandboxCharge) -> StoreResult<()>;

    fn charge(&self, reference: &str) -> StoreResult<Option<SandboxCharge>>;

    /// Moves a charge out of `abandoned` once, whatever node asks: the first of Pay, Cancel or Fail wins. Returns
    /// the charge after.
    fn complete_charge(
        &self,
        reference: &str,
        status: &str,
        gateway_response: &str,
        now: DateTime<Utc>,
    ) -> StoreResult<Option<SandboxCharge>>;

    /// Records a transfer, unless one with this reference exists: the first one stands (as Paystack refuses a
    /// reused reference). Returns the transfer on record.
    fn put_transfer(&self, transfer: &SandboxTransfer) -> StoreResult<SandboxTransfer>;

    fn transfer(&self, reference: &str) -> StoreResult<Option<SandboxTransfer>>;
}
