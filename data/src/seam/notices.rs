//! Messages from the contact form, and the marquee messages admins broadcast.

use chrono::{DateTime, Utc};

use crate::error::StoreResult;
use crate::notice::{Contact, Marquee};
use crate::user::UserId;

pub trait Notices: Send + Sync {
    /// A fresh id for a contact message or a marquee.
    fn next_id(&self) -> StoreResult<u64>;

    fn put_contact(&self, contact: &Contact) -> StoreResult<()>;

    /// Every contact message, newest first.
    fn contacts(&self) -> StoreResult<Vec<Contact>>;

    /// Marks a message handled; the first resolution stands, whatever node made it.
    fn resolve_contact(&self, id: u64, by: UserId, at: DateTime<Utc>) -> StoreResult<Option<Contact>>;

    fn put_marquee(&self, marquee: &Marquee) -> StoreResult<()>;

    fn marquee(&self, id: u64) -> StoreResult<Option<Marquee>>;

    /// Whether there was such a marquee.
    fn delete_marquee(&self, id: u64) -> StoreResult<bool>;

    /// Every marquee, newest first.
    fn marquees(&self) -> StoreResult<Vec<Marquee>>;

    /// Live now, highest priority first (the newest first among equals).
    fn live_marquees(&self, now: DateTime<Utc>) -> StoreResult<Vec<Marquee>> {
        let mut live: Vec<Marquee> = self.marquees()?.into_iter().filter(|m| m.is_live(now)).collect();
        live.sort_by(|a, b| b.priority.cmp(&a.priority).then(b.id.cmp(&a.id)));
        Ok(live)
    }
}
