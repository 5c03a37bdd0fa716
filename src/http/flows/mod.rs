//! Steps that handlers of more than one room take with the whole `AppState` (store, gateway, provider, audit, mail):
//! confirming a deposit (the player's page and the gateway's webhook), paying a withdrawal out (the back office and
//! the webhook), and checking a player's identity (the player and the back office).

pub mod confirm_deposit;
pub mod identity_check;
pub mod payout;
pub mod payout_name;
