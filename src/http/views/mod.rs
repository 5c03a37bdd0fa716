//! The JSON shapes of domain values as the app reads them (docs/api-accounts.md).

pub mod money;
pub mod operator;
pub mod receipt;

use serde_json::{json, Value};

use ayo_actors::views::time;
use ayo_data::activity::Activity;
use ayo_data::user::{User, UserStatus};

/// The player's deposit limits (with pending raises) and exclusion in force now: `responsible_gaming` of the user
/// object in `GET /auth/profiles`.
pub fn responsible_gaming(stored: &ayo_data::responsible::ResponsibleGaming) -> Value {
    crate::http::views::money::responsible_gaming(stored, chrono::Utc::now())
}

/// The user object of docs/product.md §12: no password hash, no token version.
pub fn user(user: &User, balance_kobo: i64) -> Value {
    json!({
        "id": user.id,
        "name": user.name,
        "email": user.email,
        "phoneNumber": user.phone,
        "dob": user.dob,
        "state": user.state,
        "role": user.role.as_str(),
        "email_verified": user.is_verified(),
        "status": match user.status { UserStatus::Active => "active", UserStatus::Suspended => "suspended" },
        "created_at": user.created_at,
        // The login before this session's (null on a first login): "Last login" after logging in.
        "previous_login_at": user.previous_login_at.map(time),
        "relationships": { "wallet": { "balance": balance_kobo } },
    })
}

/// An audit entry as every back-office list shows it (`GET /admin/activities` and a player's detail alike).
pub fn activity(a: &Activity) -> Value {
    json!({
        "id": a.id, "created_at": time(a.at), "actor_id": a.actor_id, "actor": a.actor_email,
        "action": a.action, "target": a.target, "ip": a.ip, "detail": a.detail,
    })
}
