//! The audit log: every admin action and security event — who, what, target, when, from where. Append-only: the
//! store offers no way to change or delete an entry.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use crate::user::UserId;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Activity {
    pub id: u64,
    pub at: DateTime<Utc>,
    /// Who did it: an account, or nobody known (a failed login for an unknown email, a forged webhook).
    pub actor_id: Option<UserId>,
    pub actor_email: Option<String>,
    /// Dotted name: `login.failed`, `login.locked`, `admin.role_denied`, `wallet.adjusted`, `webhook.forged`, …
    pub action: String,
    /// What it was done to: `user:7`, `draw:12`, `withdrawal:40`, …
    pub target: Option<String>,
    pub ip: Option<String>,
    pub detail: String,
}

impl Activity {
    /// An entry no account and no address caused (the server itself, or the operator at the host's command line),
    /// stamped now; the log gives it its id.
    pub fn unattended(action: &str, target: Option<String>, detail: String) -> Self {
        Self {
            id: 0,
            at: Utc::now(),
            actor_id: None,
            actor_email: None,
            action: action.into(),
            target,
            ip: None,
            detail,
        }
    }
}
