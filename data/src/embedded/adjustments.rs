//! Adjustments and four eyes on them (`seam::Adjustments`) in the embedded store: the `adjustments` tree holds each
//! request waiting for a second admin by id, and by requester and key; and each admin's sums of a Lagos day, for one
//! player and alone in total. An adjustment is decided in one sled transaction over that tree and the wallet's
//! (balance, ledger, idempotency): sled runs transactions one at a time, so two adjustments asked at once, for one
//! player or for two, always see each other's sums.

use chrono::{Datelike, NaiveDate};
use sled::transaction::{ConflictableTransactionError as Conflict, TransactionalTree};
use sled::Transactional;

use super::codec::abort;
use super::codec::{decode, encode, id_key};
use super::keys::{last_id, tagged};
use super::wallets::{apply_in, once_key, replay_of, WalletStore};
use crate::adjustment::{Adjusted, ApprovalStatus, Decision, FourEyes, PendingAdjustment};
use crate::error::{StoreError, StoreResult};
use crate::seam::Adjustments;
use crate::user::UserId;

const BY_ID: u8 = b'i';
const BY_KEY: u8 = b'k';
/// What an admin asked for one player on one Lagos day (kobo, either way): (admin, day, player) → sum.
const PLAYER_DAY: u8 = b'p';
/// What an admin moved alone on one Lagos day across every player: (admin, day) → sum.
const ADMIN_DAY: u8 = b'd';

#[derive(Clone)]
pub struct AdjustmentStore {
    db: sled::Db,
    tree: sled::Tree,
    balances: sled::Tree,
    ledger: sled::Tree,
    idempotency: sled::Tree,
}

fn key_of(requester: UserId, key: &str) -> Vec<u8> {
    let mut k = tagged(BY_KEY, &[requester]);
    k.extend_from_slice(key.as_bytes());
    k
}

fn day_number(day: NaiveDate) -> u64 {
    u64::try_from(day.num_days_from_ce()).unwrap_or(0)
}

fn read_sum(tree: &TransactionalTree, key: &[u8]) -> Result<i64, Conflict<StoreError>> {
    tree.get(key)?.map(|bytes| decode(&bytes).map_err(abort)).transpose().map(Option::unwrap_or_default)
}

fn add_to_sum(tree: &TransactionalTree, key: &[u8], before: i64, size: i64) -> Result<(), Conflict<StoreError>> {
    tree.insert(key, encode(&before.saturating_add(size)).map_err(abort)?)?;
    Ok(())
}

/// The request a requester's key filed, if any.
fn filed_with(tree: &TransactionalTree, by_key: &[u8]) -> Result<Option<PendingAdjustment>, Conflict<StoreError>> {
    let Some(first) = tree.get(by_key)? else { return Ok(None) };
    let id = last_id(&first).unwrap_or_default();
    tree.get(tagged(BY_ID, &[id]))?.map(|bytes| decode(&bytes).map_err(abort)).transpose()
}

fn file(tree: &TransactionalTree, by_key: &[u8], request: &PendingAdjustment) -> Result<(), Conflict<StoreError>> {
    tree.insert(tagged(BY_ID, &[request.id]), encode(request).map_err(abort)?)?;
    tree.insert(by_key, &id_key(request.id))?;
    Ok(())
}

impl AdjustmentStore {
    pub(super) fn open(db: &sled::Db, wallets: &WalletStore) -> StoreResult<Self> {
        Ok(Self {
            db: db.clone(),
            tree: db.open_tree("adjustments")?,
            balances: wallets.balances.clone(),
            ledger: wallets.ledger.clone(),
            idempotency: wallets.idempotency.clone(),
        })
    }
}

impl Adjustments for AdjustmentStore {
    fn next_id(&self) -> StoreResult<u64> {
        Ok(self.db.generate_id()? + 1)
    }

    fn adjust(&self, asked: &PendingAdjustment, entry_id: u64, limits: FourEyes) -> StoreResult<Adjusted> {
        let (admin, player, day) = (asked.requested_by, asked.user_id, day_number(asked.day()));
        let by_key = key_of(admin, &asked.idempotency_key);
        let once = once_key(player, &asked.once_key());
        let (player_day, admin_day) = (tagged(PLAYER_DAY, &[admin, day, player]), tagged(ADMIN_DAY, &[admin, day]));
        let entry = asked.alone_entry(entry_id);
        let size = asked.size();
        let _gate = super::backup::writing();
        let result = (&self.tree, &self.balances, &self.ledger, &self.idempotency).transaction(
            |(tree, balances, ledger, idempotency)| {
                if let Some(replayed) = replay_of(balances, ledger, idempotency, player, &once)? {
                    return Ok(Adjusted::Applied(replayed));
                }
                if let Some(filed) = filed_with(tree, &by_key)? {
                    return Ok(Adjusted::Filed(filed, false));
                }
                let (for_player, alone) = (read_sum(tree, &player_day)?, read_sum(tree, &admin_day)?);
                if let Some(why) = limits.held(size, for_player, alone) {
                    let request = PendingAdjustment { held_because: why, ..asked.clone() };
                    file(tree, &by_key, &request)?;
                    add_to_sum(tree, &player_day, for_player, size)?;
                    return Ok(Adjusted::Filed(request, true));
                }
                let Some(moved) = apply_in(balances, ledger, idempotency, &entry, Some(&once))? else {
                    return Ok(Adjusted::Overdrawn);
                };
                add_to_sum(tree, &player_day, for_player, size)?;
                add_to_sum(tree, &admin_day, alone, size)?;
                Ok(Adjusted::Applied(moved))
            },
        )?;
        Ok(result)
    }

    fn request(&self, adjustment: &PendingAdjustment) -> StoreResult<(PendingAdjustment, bool)> {
        let by_key = key_of(adjustment.requested_by, &adjustment.idempotency_key);
        let _gate = super::backup::writing();
        let result = self.tree.transaction(|tree| {
            if let Some(first) = filed_with(tree, &by_key)? {
                return Ok((first, false));
            }
            file(tree, &by_key, adjustment)?;
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

    fn decide(&self, id: u64, decision: Decision) -> StoreResult<Option<PendingAdjustment>> {
        let key = tagged(BY_ID, &[id]);
        let _gate = super::backup::writing();
        let result = self.tree.transaction(|tree| {
            let Some(bytes) = tree.get(&key)? else { return Ok(None) };
            let mut adjustment: PendingAdjustment = decode(&bytes).map_err(abort)?;
            if adjustment.status == ApprovalStatus::Pending {
                adjustment.status = decision.status;
                adjustment.decided_by = Some(decision.by);
                adjustment.decided_at = Some(decision.at);
                tree.insert(key.as_slice(), encode(&adjustment).map_err(abort)?)?;
            }
            Ok(Some(adjustment))
        })?;
        Ok(result)
    }
}
