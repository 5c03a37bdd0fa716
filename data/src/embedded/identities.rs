//! Identity checks (`seam::Identities`) in the embedded store: the `identities` tree, one record per player by id,
//! and the admins' review queue (`identity_reviews`: the ids of players whose check waits for an admin, so the
//! queue is read without walking every player). Both trees change together in one transaction.

use sled::transaction::Transactional;

use super::codec::abort;
use super::codec::{decode, encode, id_key};
use super::listing;
use crate::error::StoreResult;
use crate::identity::{Identity, IdentityStatus};
use crate::seal::SecretSealer;
use crate::seam::Identities;
use crate::seam::{Page, Slice};
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
}

impl Identities for IdentityStore {
    fn get(&self, user: UserId) -> StoreResult<Option<Identity>> {
        self.tree.get(id_key(user))?.map(|b| decode(&b)).transpose()
    }

    fn put(&self, identity: &Identity) -> StoreResult<()> {
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

    fn decide_with(
        &self,
        user: UserId,
        expected: IdentityStatus,
        f: &dyn Fn(&mut Identity),
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

    fn reviews(&self, slice: Slice) -> StoreResult<Page<Identity>> {
        let ids = listing::ids(self.reviews.iter().keys(), slice)?;
        let rows = ids.into_iter().filter_map(|id| self.get(id).transpose()).collect::<StoreResult<Vec<_>>>()?;
        Ok(Page { rows, total: self.reviews.len() as u64 })
    }

    fn sealer(&self) -> &SecretSealer {
        &self.sealer
    }
}
