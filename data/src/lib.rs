//! Ayo Lotto's model and its storage, in floors (each imports only from those below it):
//!
//! 1. the model and its rules: money, accounts, games, draws, tickets, the lotto maths, tax, AML, Lagos time (the
//!    files at this crate's root and `lotto/`), with `seal` (how secrets rest) beside them, and `merkle` (the tree
//!    over a draw's tickets) and `signed_receipt` (the operator's signature over a ticket's leaf), which speak of
//!    draws and tickets and so stand above them, not in `lotto/`;
//! 2. `seam`: the store's vocabulary, each family of records as a trait and every type those traits speak;
//! 3. the two engines side by side, neither importing the other: `embedded` (sled, one process) and `pg`
//!    (PostgreSQL, a cluster);
//! 4. `engine` (`Store`: the choice between them) and `migrate` (moving an embedded store into PostgreSQL).

pub mod account;
pub mod activity;
pub mod adjustment;
pub mod aml;
pub mod bank_account;
pub mod banks;
pub mod committed_tickets;
pub mod deposit;
pub mod draw;
pub mod draw_record;
pub mod draw_settlement;
pub mod draw_takings;
pub mod embedded;
pub mod engine;
pub mod error;
pub mod game;
pub mod identity;
pub mod lagos;
pub mod ledger;
pub mod lotto;
pub mod merkle;
pub mod migrate;
pub mod money;
pub mod name_match;
pub mod notice;
pub mod nuban;
pub mod operator;
pub mod pg;
pub mod residence;
pub mod responsible;
pub mod risk;
pub mod risk_limits;
pub mod seal;
pub mod seam;
pub mod signed_receipt;
pub mod tax;
pub mod ticket;
pub mod user;
pub mod withdrawal;

pub use engine::Store;
pub use error::{StoreError, StoreResult};
