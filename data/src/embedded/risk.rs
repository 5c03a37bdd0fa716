//! The live risk of the open draws on one node (docs/decisions/048-exact-liability.md): each draw's liability kept
//! in memory, rebuilt from the draw's ticket index the first time it is needed, and its closed numbers, kept in the
//! `risk` tree so they survive a restart. The purchases thread checks and updates it inside the transaction that
//! debits the wallet (`WalletStore::purchase_many`); a sale refused there is never written.
//!
//! Only the draws touched lately stay in memory (`KEPT`); a draw dropped is rebuilt from its tickets, which are the
//! truth, when next touched. A draw is kept live only while its game has limits or the risk desk has looked at it:
//! a sale on any other draw costs only a look-up of its closed numbers (docs/decisions/053-incremental-reserve-check.md).

use std::collections::{BTreeSet, HashMap, HashSet, VecDeque};
use std::sync::Arc;

use parking_lot::{Mutex, MutexGuard};

use super::codec::{decode, encode, id_key};
use crate::draw::DrawId;
use crate::error::StoreResult;
use crate::risk::DrawRisk;

/// How many draws' liabilities stay in memory.
const KEPT: usize = 64;

/// How many draws' closed numbers stay in memory beside them (the tree holds them all).
const CLOSED_KEPT: usize = 4_096;

#[derive(Clone)]
pub struct RiskDesk {
    closed: sled::Tree,
    desk: Arc<Mutex<Desk>>,
}

/// The draws in memory, the most lately touched last.
#[derive(Default)]
pub struct Desk {
    draws: HashMap<DrawId, DrawRisk>,
    touched: VecDeque<DrawId>,
    /// The closed numbers of draws sold without their liability in memory.
    closed: HashMap<DrawId, BTreeSet<u8>>,
    /// The draws whose liability sales changed since the live push last looked (`RiskDesk::take_changed`): one
    /// entry per draw however many sales, so the push is coalesced by construction.
    changed: HashSet<DrawId>,
}

impl Desk {
    /// The numbers closed for a draw whose liability is not in memory, if read (`RiskDesk::read_closed`).
    pub fn closed_of(&self, draw: DrawId) -> Option<&BTreeSet<u8>> {
        self.closed.get(&draw)
    }

    pub fn get_mut(&mut self, draw: DrawId) -> Option<&mut DrawRisk> {
        self.draws.get_mut(&draw)
    }

    /// Notes that sales changed a draw's liability (see `changed`).
    pub fn mark_changed(&mut self, draw: DrawId) {
        self.changed.insert(draw);
    }

    pub fn holds(&self, draw: DrawId) -> bool {
        self.draws.contains_key(&draw)
    }

    /// Keeps `risk` as draw `draw`'s, forgetting the least lately touched draw past `KEPT`.
    pub fn keep(&mut self, draw: DrawId, risk: DrawRisk) {
        self.draws.insert(draw, risk);
        self.touched.retain(|d| *d != draw);
        self.touched.push_back(draw);
        while self.touched.len() > KEPT {
            if let Some(oldest) = self.touched.pop_front() {
                self.draws.remove(&oldest);
            }
        }
    }
}

impl RiskDesk {
    pub(super) fn open(db: &sled::Db) -> StoreResult<Self> {
        Ok(Self { closed: db.open_tree("risk")?, desk: Arc::default() })
    }

    pub fn lock(&self) -> MutexGuard<'_, Desk> {
        self.desk.lock()
    }

    /// Reads a draw's closed numbers into `desk` if neither its liability nor they are there, for a sale to check
    /// without a read of its own.
    pub fn read_closed(&self, desk: &mut Desk, draw: DrawId) -> StoreResult<()> {
        if desk.holds(draw) || desk.closed.contains_key(&draw) {
            return Ok(());
        }
        if desk.closed.len() >= CLOSED_KEPT {
            desk.closed.clear();
        }
        desk.closed.insert(draw, self.closed(draw)?);
        Ok(())
    }

    /// The draws whose liability changed since the last call, forgotten here: the live push's work list.
    pub fn take_changed(&self) -> Vec<DrawId> {
        self.lock().changed.drain().collect()
    }

    /// The numbers closed for a draw.
    pub fn closed(&self, draw: DrawId) -> StoreResult<BTreeSet<u8>> {
        Ok(self.closed.get(id_key(draw))?.map(|b| decode(&b)).transpose()?.unwrap_or_default())
    }

    /// Closes (`close` true) or reopens `numbers` for a draw, durably, and in memory at once; answers the closed
    /// numbers after.
    pub fn set_closed(&self, draw: DrawId, numbers: &[u8], close: bool) -> StoreResult<BTreeSet<u8>> {
        let mut desk = self.lock();
        let mut closed = self.closed(draw)?;
        for n in numbers {
            if close {
                closed.insert(*n);
            } else {
                closed.remove(n);
            }
        }
        self.closed.insert(id_key(draw), encode(&closed)?)?;
        self.closed.flush()?;
        if let Some(risk) = desk.get_mut(draw) {
            risk.closed = closed.clone();
        }
        if let Some(kept) = desk.closed.get_mut(&draw) {
            kept.clone_from(&closed);
        }
        Ok(closed)
    }
}
