//! Opening an account and getting in: sign-up, codes, login and logout, the admin's second factor, password
//! changes and resets. Anyone may call these; the ones about "me" take any signed-in account (`AuthUser`).

pub mod auth;
pub mod mfa;
pub mod otps;
pub mod password_reset;
pub mod session;
pub mod users;
