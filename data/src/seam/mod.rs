//! The store seam (decisions 029 and 032), the bottom of the storage floors: each family of records the server
//! keeps is one trait with two implementations, the embedded store's (sled, in `embedded/`) and PostgreSQL's (in
//! `pg/`), so handlers and actors call `store.meta.licence()` the same way whatever engine answers; and here too is
//! every type those traits speak (pages, money moves, purchases, outcomes, reports) and the pure rules both engines
//! share (the ledger lines of a move, how an OTP is checked), so neither engine imports the other. The calls are
//! synchronous, as the embedded store's always were; PostgreSQL answers them through `pg::blocking`. The money moves
//! (`Money`: the WalletActor's purchases, settlements, refunds and entries) follow the contract in `money.rs`,
//! tested against both in `data/tests/money_contract.rs`; the other contract tests (`data/tests/store_*.rs`) run
//! every case against both too.
//!
//! Every name is used as `seam::Name`: the files are private, so each type has one path.

mod activities;
mod adjustments;
mod audit;
mod books;
mod games;
mod identities;
mod ids;
mod listing;
mod meta;
mod money;
mod notices;
mod otps;
mod payments;
mod responsible;
mod risk;
mod sandbox;
mod users;
mod witness;

pub use activities::Activities;
pub use adjustments::Adjustments;
pub use audit::AuditReport;
pub use books::{back_to, Books, MoneyDay, ENTRY_ORDER_SLACK_SECS};
pub(crate) use games::{is_past, leaves_blob, leaves_of_blob, open_seed, stored_seed};
pub use games::{Games, PastDraws};
pub use identities::Identities;
pub use ids::Ids;
pub use listing::{Page, Slice};
pub use meta::Meta;
pub(crate) use meta::{LICENCE, OPERATOR, PAYMENTS_MODE, PSEUDONYM_KEY, TAX_TABLE};
pub(crate) use money::{refund_entry, settlement_entry, stake_entry};
pub use money::{
    unbalanced, Answer, Bought, Money, Outcome, Payout, PlayerSettlement, Purchase, PurchaseError, Refund,
};
pub use notices::Notices;
pub use otps::{
    OtpAction, OtpClaim, OtpIssue, OtpPepper, OtpPurpose, OtpVerdict, Otps, OTP_MAX_ATTEMPTS, OTP_RESEND_SECONDS,
    OTP_TTL_MINUTES,
};
pub(crate) use payments::{count_withdrawal, deposit_entry, hold_entry};
pub use payments::{CreditRefused, DepositCredited, Payments, WithdrawalMoved, WithdrawalRefused};
pub use responsible::Responsible;
pub use risk::Risk;
pub use sandbox::{ChargeEnd, SandboxBooks, SandboxCharge, SandboxTransfer};
pub use users::{PlayerCounts, SignUp, Staff, Users};
pub use witness::{key_refused, DuplicateCommitment, KeyRefused, PooledCommitment, WitnessEntry, WitnessPool};
