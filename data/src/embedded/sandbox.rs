//! The built-in sandbox gateway's books (`seam::SandboxBooks`) in the embedded store (`sandbox_gateway` tree), and
//! the records they hold.

use super::codec::{decode, encode};
use crate::error::StoreResult;
use crate::seam::SandboxBooks;
use crate::seam::{ChargeEnd, SandboxCharge, SandboxTransfer};

const CHARGE: u8 = b'c';
const TRANSFER: u8 = b't';

#[derive(Clone)]
pub struct SandboxStore {
    tree: sled::Tree,
}

fn key(tag: u8, reference: &str) -> Vec<u8> {
    let mut k = vec![tag];
    k.extend_from_slice(reference.as_bytes());
    k
}

impl SandboxStore {
    pub(super) fn open(db: &sled::Db) -> StoreResult<Self> {
        Ok(Self { tree: db.open_tree("sandbox_gateway")? })
    }
}

impl SandboxBooks for SandboxStore {
    fn put_charge(&self, charge: &SandboxCharge) -> StoreResult<()> {
        self.tree.insert(key(CHARGE, &charge.reference), encode(charge)?)?;
        Ok(())
    }

    fn charge(&self, reference: &str) -> StoreResult<Option<SandboxCharge>> {
        self.tree.get(key(CHARGE, reference))?.map(|b| decode(&b)).transpose()
    }

    fn complete_charge(&self, reference: &str, end: ChargeEnd<'_>) -> StoreResult<Option<SandboxCharge>> {
        let k = key(CHARGE, reference);
        loop {
            let Some(old) = self.tree.get(&k)? else { return Ok(None) };
            let mut charge: SandboxCharge = decode(&old)?;
            if charge.status != "abandoned" {
                return Ok(Some(charge));
            }
            charge.status = end.status.to_string();
            charge.gateway_response = end.gateway_response.to_string();
            if end.paid() {
                charge.paid_at = Some(end.at);
            }
            if self.tree.compare_and_swap(&k, Some(old), Some(encode(&charge)?))?.is_ok() {
                return Ok(Some(charge));
            }
        }
    }

    fn put_transfer(&self, transfer: &SandboxTransfer) -> StoreResult<SandboxTransfer> {
        let k = key(TRANSFER, &transfer.reference);
        match self.tree.compare_and_swap(&k, None as Option<&[u8]>, Some(encode(transfer)?))? {
            Ok(()) => Ok(transfer.clone()),
            Err(existing) => match existing.current {
                Some(bytes) => decode(&bytes),
                None => Ok(transfer.clone()),
            },
        }
    }

    fn transfer(&self, reference: &str) -> StoreResult<Option<SandboxTransfer>> {
        self.tree.get(key(TRANSFER, reference))?.map(|b| decode(&b)).transpose()
    }
}
