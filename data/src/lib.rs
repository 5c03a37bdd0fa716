//! Ayo Lotto's model and its storage: the only crate that touches sled.

pub mod account;
pub mod activity;
pub mod adjustment;
pub mod bank_account;
pub mod banks;
pub mod deposit;
pub mod draw;
pub mod draw_settlement;
pub mod error;
pub mod game;
pub mod identity;
pub mod ledger;
pub mod lotto;
pub mod money;
pub mod money_engine;
pub mod name_match;
pub mod notice;
pub mod nuban;
pub mod pg;
pub mod residence;
pub mod responsible;
pub mod seam;
pub mod store;
pub mod tax;
pub mod ticket;
pub mod user;
pub mod withdrawal;

pub use error::{StoreError, StoreResult};
pub use store::Store;
