//! What the worst-case searches answer (`worst` by branch and bound, `sweep` over every set): the result that would
//! cost a draw the most. Its own file so both searches can name it without naming each other.

use crate::lotto::BALLS_PER_DRAW;

/// The result that would cost the draw the most, and what it would pay (kobo, gross).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct WorstCase {
    pub payout: i64,
    /// The five balls, the first ball first, the others ascending.
    pub balls: [u8; BALLS_PER_DRAW],
}
