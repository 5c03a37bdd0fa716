//! What anyone may read or send without an account: health, games, draws and results, notices and the contact
//! form, the named witnesses, and the payment gateway's webhooks and sandbox checkout page.

pub mod beacon;
pub mod closed_numbers;
pub mod fairness;
pub mod games;
pub mod health;
pub mod notices;
pub mod operator;
pub mod payments;
pub mod results;
pub mod tax_rates;
pub mod witnesses;
