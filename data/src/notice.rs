//! Messages in and out of the back office: contact-form messages from the public, and marquee messages that the
//! operator broadcasts to every open page.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use crate::user::UserId;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Contact {
    pub id: u64,
    pub name: String,
    pub email: String,
    pub subject: String,
    pub message: String,
    pub created_at: DateTime<Utc>,
    /// When an admin marked it handled, and who.
    pub resolved_at: Option<DateTime<Utc>>,
    pub resolved_by: Option<UserId>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Marquee {
    pub id: u64,
    pub text: String,
    pub active: bool,
    pub starts_at: Option<DateTime<Utc>>,
    pub ends_at: Option<DateTime<Utc>>,
    /// Higher shows first.
    pub priority: i32,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

impl Marquee {
    pub fn is_live(&self, now: DateTime<Utc>) -> bool {
        self.active && self.starts_at.is_none_or(|s| s <= now) && self.ends_at.is_none_or(|e| now < e)
    }
}
