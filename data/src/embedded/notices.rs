//! Contact messages and marquees (`seam::Notices`) in the embedded store: small trees keyed by id.

use chrono::{DateTime, Utc};

use super::codec::{decode, encode, id_key};
use crate::error::StoreResult;
use crate::notice::{Contact, Marquee};
use crate::seam::Notices;
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
}

impl Notices for NoticeStore {
    fn next_id(&self) -> StoreResult<u64> {
        Ok(self.db.generate_id()? + 1)
    }

    fn put_contact(&self, contact: &Contact) -> StoreResult<()> {
        self.contacts.insert(id_key(contact.id), encode(contact)?)?;
        Ok(())
    }

    fn contacts(&self) -> StoreResult<Vec<Contact>> {
        self.contacts.iter().values().rev().map(|v| decode(&v?)).collect()
    }

    fn resolve_contact(&self, id: u64, by: UserId, at: DateTime<Utc>) -> StoreResult<Option<Contact>> {
        let Some(bytes) = self.contacts.get(id_key(id))? else { return Ok(None) };
        let mut contact: Contact = decode(&bytes)?;
        if contact.resolved_at.is_none() {
            contact.resolved_at = Some(at);
            contact.resolved_by = Some(by);
            self.put_contact(&contact)?;
        }
        Ok(Some(contact))
    }

    fn put_marquee(&self, marquee: &Marquee) -> StoreResult<()> {
        self.marquees.insert(id_key(marquee.id), encode(marquee)?)?;
        Ok(())
    }

    fn marquee(&self, id: u64) -> StoreResult<Option<Marquee>> {
        self.marquees.get(id_key(id))?.map(|b| decode(&b)).transpose()
    }

    fn delete_marquee(&self, id: u64) -> StoreResult<bool> {
        Ok(self.marquees.remove(id_key(id))?.is_some())
    }

    fn marquees(&self) -> StoreResult<Vec<Marquee>> {
        self.marquees.iter().values().rev().map(|v| decode(&v?)).collect()
    }
}
