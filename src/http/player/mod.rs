//! What a signed-in player does: tickets, money in and out, bank account, identity check, limits and exclusions,
//! reality checks, statements. Each handler takes `PlayerUser` (`crate::http::extract`).

pub mod accounts;
pub mod bank_accounts;
pub mod deposits;
pub mod identity;
pub mod reality_check;
pub mod residence;
pub mod responsible;
pub mod tax_statement;
pub mod tickets;
pub mod transactions;
pub mod withdrawals;
