//! The board: the numbers a player picks from and the balls a draw produces (docs/product.md §3). At the bottom of
//! `lotto/`, so every rule file names them without reaching up to the folder's top.

/// The lowest number on the board.
pub const MIN_NUMBER: u8 = 1;
/// The highest number on the board.
pub const MAX_NUMBER: u8 = 90;
/// How many winning balls (and how many machine numbers) a draw produces.
pub const BALLS_PER_DRAW: usize = 5;

/// The five winning balls in the order they were drawn; order matters for NAP1.
pub type Balls = [u8; BALLS_PER_DRAW];
