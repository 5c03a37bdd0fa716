//! Who is calling: password hashing, signed tokens, TOTP and guess budgets. The extractors handlers ask for sit
//! above, in `crate::http::extract`.

pub mod enrolment;
pub mod guesses;
pub mod hash_queue;
pub mod password;
pub mod token;
pub mod totp;

pub use token::Tokens;
