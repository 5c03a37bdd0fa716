//! Who is calling: password hashing, signed tokens, and the extractors handlers ask for.

pub mod enrolment;
pub mod extract;
pub mod guesses;
pub mod hash_queue;
pub mod password;
pub mod token;
pub mod totp;

pub use extract::{AdminUser, AuthUser, WitnessUser};
pub use token::Tokens;
