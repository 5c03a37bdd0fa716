//! The risk desk's family of the store (`seam::Risk`) on the embedded engine: the wallet store keeps the liabilities
//! (`risk::RiskDesk`, updated inside the purchase transaction), so the family is answered by it. Its own file so the
//! desk and the wallet store do not name each other.

use std::collections::BTreeSet;

use super::wallets::WalletStore;
use crate::draw::DrawId;
use crate::error::StoreResult;

/// The risk desk's family on the embedded store: its one node's liabilities, kept by the purchases thread.
impl crate::seam::Risk for WalletStore {
    fn report(&self, draw: DrawId, game: Option<&crate::game::Game>) -> StoreResult<crate::risk::RiskReport> {
        self.risk_report(draw, game)
    }

    fn closed(&self, draw: DrawId) -> StoreResult<BTreeSet<u8>> {
        self.risk.closed(draw)
    }

    fn set_closed(&self, draw: DrawId, numbers: &[u8], close: bool) -> StoreResult<BTreeSet<u8>> {
        self.risk.set_closed(draw, numbers, close)
    }

    fn limits_set(&self, draw: DrawId, game: &crate::game::Game) -> StoreResult<()> {
        self.warm_risk(draw, Some(game))
    }

    fn take_changed(&self) -> Vec<DrawId> {
        self.risk.take_changed()
    }

    fn mark_changed(&self, draw: DrawId) {
        self.risk.lock().mark_changed(draw);
    }

    fn glance(&self, draw: DrawId, game: Option<&crate::game::Game>) -> Option<crate::risk::RiskGlance> {
        self.risk_glance(draw, game)
    }
}
