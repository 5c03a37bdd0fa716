//! Brings a store written by an older version up to the current layout when it is opened, before anything else
//! reads or writes it. Layout 2 added the tallies (`tally`), the draw-time index and the tickets' game index;
//! they are rebuilt from the records once, then kept by every write.

use super::Store;
use crate::error::StoreResult;

const LAYOUT: &[u8] = b"layout";
const CURRENT: u8 = 2;

pub(super) fn run(store: &Store, meta: &sled::Tree) -> StoreResult<()> {
    let layout = meta.get(LAYOUT)?.and_then(|v| v.first().copied()).unwrap_or(1);
    if layout >= CURRENT {
        return Ok(());
    }
    // A brand-new store has nothing to rebuild; an older one gets its tallies from its records.
    store.wallets.rebuild_tallies()?;
    store.sled_games.rebuild_tallies()?;
    store.activities.rebuild_tallies()?;
    meta.insert(LAYOUT, &[CURRENT])?;
    store.flush_blocking()
}
