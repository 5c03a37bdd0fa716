//! The live core of Ayo Lotto: actors that own the clock of each draw, the balance of each active wallet, and the
//! fan-out of events to connected browsers. Knows actix, not actix-web; persists through `ayo-data` first, then
//! publishes.

pub mod draw_actor;
pub mod engine;
pub mod events;
pub mod hub;
pub mod lead;
pub mod marquee;
pub mod publisher;
pub mod scheduler;
pub mod views;
pub mod wallet;
pub mod witness_turn;
