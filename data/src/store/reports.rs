//! Read-only views across every player for the back office: the whole ledger, every ticket.

use super::codec::decode;
use super::wallets::{Settlements, WalletStore};
use crate::error::StoreResult;
use crate::ledger::LedgerEntry;
use crate::ticket::Ticket;

const ENTRY: u8 = b'e';
const TICKET: u8 = b't';

impl WalletStore {
    /// Every ledger entry of every player, newest first.
    pub fn all_entries(&self) -> StoreResult<Vec<LedgerEntry>> {
        self.ledger.scan_prefix([ENTRY]).values().rev().map(|v| decode(&v?)).collect()
    }

    /// Every ticket as it stands (settlements applied), newest first.
    pub fn all_tickets(&self) -> StoreResult<Vec<Ticket>> {
        let mut settlements = Settlements::default();
        self.tickets.scan_prefix([TICKET]).values().rev().map(|v| settlements.apply(self, decode(&v?)?)).collect()
    }
}
