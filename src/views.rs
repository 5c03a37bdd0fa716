//! The JSON shapes of domain values as the app reads them (docs/api-accounts.md).

use serde_json::{json, Value};

use ayo_data::user::{User, UserStatus};

/// The player's deposit limits (with pending raises) and exclusion in force now: `responsible_gaming` of the user
/// object in `GET /auth/profiles`.
pub fn responsible_gaming(stored: &ayo_data::responsible::ResponsibleGaming) -> Value {
    crate::payments::views::responsible_gaming(stored, chrono::Utc::now())
}

/// The user object of SPEC §3: no password hash, no token version.
pub fn user(user: &User, balance_kobo: i64) -> Value {
    json!({
        "id": user.id,
        "name": user.name,
        "email": user.email,
        "phoneNumber": user.phone,
        "dob": user.dob,
        "role": user.role.as_str(),
        "email_verified": user.is_verified(),
        "status": match user.status { UserStatus::Active => "active", UserStatus::Suspended => "suspended" },
        "created_at": user.created_at,
        "relationships": { "wallet": { "balance": balance_kobo } },
    })
}
