//! Adjustments waiting for a second admin (`seam::Adjustments`) in the embedded store: the `adjustments` tree, each
//! by id, and by requester and key.

use chrono::{DateTime, Utc};

use super::codec::{decode, encode, id_key};
use super::keys::{last_id, tagged};
use super::users::abort;
use crate::adjustment::{ApprovalStatus, PendingAdjustment};
use crate::error::StoreResult;
use crate::seam::Adjustments;
use crate::user::UserId;

const BY_ID: u8 = b'i';
const BY_KEY: u8 = b'k';

#[derive(Clone)]
pub struct AdjustmentStore {
    db: sled::Db,
    tree: sled::Tree,
}

fn key_of(requester: UserId, key: &str) -> Vec<u8> {
    let mut k = tagged(BY_KEY, &[requester]);
    k.extend_from_slice(key.as_bytes());
    k
}

impl AdjustmentStore {
    pub(super) fn open(db: &sled::Db) -> StoreResult<Self> {
        Ok(Self { db: db.clone(), tree: db.open_tree("adjustments")? })
    }
}

impl Adjustments for AdjustmentStore {
    fn next_id(&self) -> StoreResult<u64> {
        Ok(self.db.generate_id()? + 1)
    }

    fn request(&self, adjustment: &PendingAdjustment) -> StoreResult<(PendingAdjustment, bool)> {
        let by_key = key_of(adjustment.requested_by, &adjustment.idempotency_key);
        let _gate = super::backup::writing();
        let result = self.tree.transaction(|tree| {
            if let Some(first) = tree.get(&by_key)? {
                let id = last_id(&first).unwrap_or_default();
                if let Some(bytes) = tree.get(tagged(BY_ID, &[id]))? {
                    return Ok((decode(&bytes).map_err(abort)?, false));
                }
            }
            tree.insert(tagged(BY_ID, &[adjustment.id]), encode(adjustment).map_err(abort)?)?;
            tree.insert(by_key.as_slice(), &id_key(adjustment.id))?;
            Ok((adjustment.clone(), true))
        })?;
        Ok(result)
    }

    fn get(&self, id: u64) -> StoreResult<Option<PendingAdjustment>> {
        self.tree.get(tagged(BY_ID, &[id]))?.map(|b| decode(&b)).transpose()
    }

    fn all(&self) -> StoreResult<Vec<PendingAdjustment>> {
        self.tree.scan_prefix([BY_ID]).values().rev().map(|v| decode(&v?)).collect()
    }

    fn decide(
        &self,
        id: u64,
        status: ApprovalStatus,
        by: UserId,
        at: DateTime<Utc>,
    ) -> StoreResult<Option<PendingAdjustment>> {
        let key = tagged(BY_ID, &[id]);
        let _gate = super::backup::writing();
        let result = self.tree.transaction(|tree| {
            let Some(bytes) = tree.get(&key)? else { return Ok(None) };
            let mut adjustment: PendingAdjustment = decode(&bytes).map_err(abort)?;
            if adjustment.status == ApprovalStatus::Pending {
                adjustment.status = status;
                adjustment.decided_by = Some(by);
                adjustment.decided_at = Some(at);
                tree.insert(key.as_slice(), encode(&adjustment).map_err(abort)?)?;
            }
            Ok(Some(adjustment))
        })?;
        Ok(result)
    }
}
