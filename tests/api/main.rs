//! The server, spawned for real on port 0 with a temp data directory, exercised over HTTP like a client.
#![allow(clippy::unwrap_used, clippy::expect_used)] // a failed unwrap is a failed test

mod dojah_stand_in;
mod helpers;
mod lotto;
mod metrics;
mod money_helpers;
mod offline;
mod paystack_stand_in;

mod admin_mfa;
mod admin_roles;
mod audit_flood;
mod back_office;
mod back_office_consistency;
mod backup;
mod bank_accounts;
mod cli;
mod client_addresses;
mod deposits;
mod draws;
mod drills;
mod fairness;
mod graceful;
mod headers_and_errors;
mod identity;
mod lists;
mod login;
mod money_controls;
mod openapi;
mod otp;
mod otp_takeover;
mod password_reset;
mod payment_modes;
mod paystack;
mod rate_limits;
mod recovery;
mod responsible_gaming;
mod session_end;
mod sign_up;
mod smtp;
mod tickets;
mod tokens;
mod transactions;
mod withdrawals;
mod ws;
