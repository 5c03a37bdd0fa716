//! Identity checks (`identities` tree, one record per player by id) and the admins' review queue
//! (`identity_reviews`: the ids of players whose check waits for an admin, so the queue is read without walking every
//! player). Both trees change together in one transaction.
//!
//! The NIN is sealed here, never written plain: the caller hands over the number and gets the record back with only
//! the masked form and the sealed text (see `seal::SecretSealer`).

use sled::transaction::Transactional;

use super::codec::{decode, encode, id_key};
use super::listing::{self, Page, Slice};
use super::seal::SecretSealer;
use super::users::abort;
use crate::error::StoreResult;
use crate::identity::{IdNumber, Identity, IdentityStatus};
use crate::user::UserId;

#[derive(Clone)]
pub struct IdentityStore {
    tree: sled::Tree,
    reviews: sled::Tree,
    sealer: SecretSealer,
}

impl IdentityStore {
    pub(super) fn open(db: &sled::Db, sealer: SecretSealer) -> StoreResult<Self> {
        Ok(Self { tree: db.open_tree("identities")?, reviews: db.open_tree("identity_reviews")?, sealer })
    }

    pub fn get(&self, user: UserId) -> StoreResult<Option<Identity>> {
        self.tree.get(id_key(user))?.map(|b| decode(&b)).transpose()
    }

    /// The number in the form to store: a NIN sealed, a vNIN not at all (NIMC: never stored).
    pub fn seal(&self, number: &IdNumber) -> Option<String> {
        match number {
            IdNumber::Nin(nin) => Some(self.sealer.seal(nin.as_bytes())),
            IdNumber::Vnin(_) => None,
        }
    }

    /// The NIN a record holds, opened: for a re-check with the provider, never for display.
    pub fn open_nin(&self, identity: &Identity) -> StoreResult<Option<String>> {
        identity
            .sealed
            .as_deref()
            .map(|s| self.sealer.open(s).map(|b| String::from_utf8_lossy(&b).into_owned()))
            .transpose()
    }

    /// Writes a record and keeps the review queue in step with its status.
    pub fn put(&self, identity: &Identity) -> StoreResult<()> {
        let _gate = super::backup::writing();
        let key = id_key(identity.user_id);
        let value = encode(identity)?;
        let in_review = identity.status == IdentityStatus::Review;
        (&self.tree, &self.reviews).transaction(|(tree, reviews)| {
            tree.insert(&key, value.clone())?;
            if in_review {
                reviews.insert(&key, Vec::<u8>::new())?;
            } else {
                reviews.remove(&key)?;
            }
            Ok::<_, sled::transaction::ConflictableTransactionError<crate::error::StoreError>>(())
        })?;
        Ok(())
    }

    /// Changes a record only if it is still in `expected` status (two admins deciding the same review: one wins).
    pub fn decide(
        &self,
        user: UserId,
        expected: IdentityStatus,
        f: impl Fn(&mut Identity),
    ) -> StoreResult<Option<Identity>> {
        let _gate = super::backup::writing();
        let key = id_key(user);
        Ok((&self.tree, &self.reviews).transaction(|(tree, reviews)| {
            let Some(bytes) = tree.get(key)? else { return Ok(None) };
            let mut identity: Identity = decode(&bytes).map_err(abort)?;
            if identity.status != expected {
                return Ok(None);
            }
            f(&mut identity);
            tree.insert(&key, encode(&identity).map_err(abort)?)?;
            if identity.status == IdentityStatus::Review {
                reviews.insert(&key, Vec::<u8>::new())?;
            } else {
                reviews.remove(&key)?;
            }
            Ok::<_, sled::transaction::ConflictableTransactionError<crate::error::StoreError>>(Some(identity))
        })?)
    }

    /// The review queue, oldest first by player id.
    pub fn reviews(&self, slice: Slice) -> StoreResult<Page<Identity>> {
        let ids = listing::ids(self.reviews.iter().keys(), slice)?;
        let rows = ids.into_iter().filter_map(|id| self.get(id).transpose()).collect::<StoreResult<Vec<_>>>()?;
        Ok(Page { rows, total: self.reviews.len() as u64 })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Store;
    use chrono::Utc;

    fn record(store: &Store, user: UserId, number: &IdNumber, status: IdentityStatus) -> Identity {
        Identity {
            user_id: user,
            status,
            kind: number.kind().into(),
            masked: number.masked(),
            sealed: store.identities.seal(number),
            provider: "sandbox".into(),
            name_on_id: "ADA OBI".into(),
            player_name: "Ada Obi".into(),
            account_name: None,
            score: 100,
            match_reason: String::new(),
            decided_by: None,
            decision_reason: None,
            submitted_at: Utc::now(),
            updated_at: Utc::now(),
        }
    }

    #[test]
    fn a_nin_is_kept_sealed_and_a_review_joins_and_leaves_the_queue() {
        let store = Store::temporary().unwrap();
        let nin = IdNumber::nin("70123456789").unwrap();
        let identity = record(&store, 7, &nin, IdentityStatus::Review);
        assert!(!identity.sealed.as_deref().unwrap().contains("70123456789"));
        store.identities.put(&identity).unwrap();
        assert_eq!(store.identities.open_nin(&identity).unwrap().as_deref(), Some("70123456789"));
        let queue = store.identities.reviews(Slice { offset: 0, limit: 10, oldest_first: true }).unwrap();
        assert_eq!((queue.total, queue.rows.len()), (1, 1));

        let decided = store.identities.decide(7, IdentityStatus::Review, |i| i.status = IdentityStatus::Verified);
        assert_eq!(decided.unwrap().map(|i| i.status), Some(IdentityStatus::Verified));
        // A second decision on the same review finds nothing to decide.
        assert_eq!(store.identities.decide(7, IdentityStatus::Review, |_| {}).unwrap(), None);
        assert_eq!(store.identities.reviews(Slice { offset: 0, limit: 10, oldest_first: true }).unwrap().total, 0);
    }

    #[test]
    fn a_vnin_is_never_stored() {
        let store = Store::temporary().unwrap();
        let vnin = IdNumber::vnin("AB012345678910YZ").unwrap();
        let identity = record(&store, 8, &vnin, IdentityStatus::Verified);
        assert_eq!(identity.sealed, None);
        assert!(!encode(&identity).unwrap().windows(16).any(|w| w == b"AB012345678910YZ"));
    }
}
