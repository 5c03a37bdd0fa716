//! Ayo Lotto's model and its storage: the only crate that touches sled.

pub mod account;
pub mod banks;
pub mod error;
pub mod lotto;
pub mod money;
pub mod nuban;
pub mod store;
pub mod user;

pub use error::{StoreError, StoreResult};
pub use store::Store;
