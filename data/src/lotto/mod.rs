//! Pure 5/90 lotto rules: what a bet is, what it costs, what it wins, and how the balls are drawn.
//!
//! Five balls are drawn in order from 1–90, plus five machine numbers that are shown but never settled on
//! (docs/product.md §3–§6). Everything here is a pure function of its inputs — no clock, no storage, no actor —
//! so the server, the settlement code, the `ayo verify-draw` command and the rules pages all compute the
//! same answers from the same game configuration.
//!
//! - [`bet_type`]: the eleven wire names (`NAP1` … `AGAINST`).
//! - [`bet`]: [`Bet`], validated once by [`Bet::parse`], and its line count.
//! - [`settlement`]: lines won against drawn balls, winnings, the best possible win.
//! - [`multipliers`] and [`limits`]: the per-game, admin-editable odds and stake rules, and [`price`].
//! - [`fair`]: the provably fair draw (commitment, tickets hash, HMAC ball stream, verification).
//! - [`beacon`]: the drand quicknet beacon, each round verified against the network's key.
//! - [`canonical`]: the one spelling (lowercase hex) of every 32-byte value a draw hashes.
//! - [`witness_signature`]: the bytes a named witness signs (its commitment to a draw, and its reveal), and their
//!   Ed25519 check.
//! - [`combinatorics`]: `C(n, k)`.
//! - `board`: the numbers 1–90 and the five balls of a draw ([`Balls`]), which every rule above speaks.

pub mod beacon;
pub mod bet;
pub mod bet_type;
mod board;
pub mod canonical;
pub mod combinatorics;
pub mod fair;
pub mod limits;
pub mod multipliers;
pub mod settlement;
pub mod shadow;
pub mod witness_signature;

pub use bet::{Bet, BetError, BetField, BetSpec};
pub use bet_type::{BetType, UnknownBetType};
pub use board::{Balls, BALLS_PER_DRAW, MAX_NUMBER, MIN_NUMBER};
pub use fair::{
    commitment, draw_balls, draw_balls_bound, tickets_hash, verify, verify_outcome, witness_commitment, Binding,
    DrawOutcome, Seed, SeedError, VerifyError,
};
pub use limits::{price, StakeError, StakeRules, StakeRulesError, TicketPrice};
pub use multipliers::{MultiplierKey, Multipliers, MultipliersError};
pub use settlement::{outcome, outcome_at, potential_max_win, winnings};
