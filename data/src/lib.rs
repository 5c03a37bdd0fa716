//! Ayo Lotto's model and its storage: the only crate that touches sled.

pub mod account;
pub mod activity;
pub mod banks;
pub mod draw;
pub mod error;
pub mod game;
pub mod ledger;
pub mod lotto;
pub mod money;
pub mod notice;
pub mod nuban;
pub mod store;
pub mod ticket;
pub mod user;

pub use error::{StoreError, StoreResult};
pub use store::Store;
