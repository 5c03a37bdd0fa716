//! The server, spawned for real on port 0 with a temp data directory, exercised over HTTP like a client.
#![allow(clippy::unwrap_used, clippy::expect_used)] // a failed unwrap is a failed test

mod helpers;
mod lotto;

mod admin_roles;
mod back_office;
mod cli;
mod draws;
mod login;
mod openapi;
mod otp;
mod password_reset;
mod rate_limits;
mod recovery;
mod sign_up;
mod smtp;
mod tickets;
mod tokens;
mod ws;
