//! Contact messages and marquee messages: small trees keyed by id.

use chrono::{DateTime, Utc};

use super::codec::{decode, encode, id_key};
use crate::error::StoreResult;
use crate::notice::{Contact, Marquee};
use crate::user::UserId;

#[derive(Clone)]
pub struct NoticeStore {
    db: sled::Db,
    contacts: sled::Tree,
    marquees: sled::Tree,
}

impl NoticeStore {
    pub(super) fn open(db: &sled::Db) -> StoreResult<Self> {
        Ok(Self { db: db.clone(), contacts: db.open_tree("contacts")?, marquees: db.open_tree("marquees")? })
    }

    pub fn next_id(&self) -> StoreResult<u64> {
        Ok(self.db.generate_id()? + 1)
    }

    pub fn put_contact(&self, contact: &Contact) -> StoreResult<()> {
        self.contacts.insert(id_key(contact.id), encode(contact)?)?;
        Ok(())
    }

    pub fn contacts(&self) -> StoreResult<Vec<Contact>> {
        self.contacts.iter().values().rev().map(|v| decode(&v?)).collect()
    }

    /// Marks a message handled; the first resolution stands.
    pub fn resolve_contact(&self, id: u64, by: UserId, at: DateTime<Utc>) -> StoreResult<Option<Contact>> {
        let Some(bytes) = self.contacts.get(id_key(id))? else { return Ok(None) };
        let mut contact: Contact = decode(&bytes)?;
        if contact.resolved_at.is_none() {
            contact.resolved_at = Some(at);
            contact.resolved_by = Some(by);
            self.put_contact(&contact)?;
        }
        Ok(Some(contact))
    }

    pub fn put_marquee(&self, marquee: &Marquee) -> StoreResult<()> {
        self.marquees.insert(id_key(marquee.id), encode(marquee)?)?;
        Ok(())
    }

    pub fn marquee(&self, id: u64) -> StoreResult<Option<Marquee>> {
        self.marquees.get(id_key(id))?.map(|b| decode(&b)).transpose()
    }

    pub fn delete_marquee(&self, id: u64) -> StoreResult<bool> {
        Ok(self.marquees.remove(id_key(id))?.is_some())
    }

    pub fn marquees(&self) -> StoreResult<Vec<Marquee>> {
        self.marquees.iter().values().rev().map(|v| decode(&v?)).collect()
    }

    /// Live now, highest priority first.
    pub fn live_marquees(&self, now: DateTime<Utc>) -> StoreResult<Vec<Marquee>> {
        let mut live: Vec<Marquee> = self.marquees()?.into_iter().filter(|m| m.is_live(now)).collect();
        live.sort_by(|a, b| b.priority.cmp(&a.priority).then(b.id.cmp(&a.id)));
        Ok(live)
    }
}
