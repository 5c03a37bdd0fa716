//! Ayo Lotto's model and its storage: the only crate that touches sled.

pub mod lotto;
pub mod money;
pub mod nuban;
