//! Brings a store written by an older version up to the current layout when it is opened, before anything else
//! reads or writes it. Layout 2 added the tallies (`tally`), the draw-time index and the tickets' game index;
//! layout 3 the players' tally (`users`); layout 4 numbered every draw within its game (`Draw::number`,
//! docs/decisions/059) and put the tax withheld in each day's money (`money_tally`, docs/decisions/061); layout 5 is
//! layout 4 again, for a store opened by a build that had only one of the two. Each is rebuilt from the records once,
//! then kept by every write.

use super::activities::ActivityStore;
use super::games::GameStore;
use super::users::UserStore;
use super::wallets::WalletStore;
use crate::error::StoreResult;

const LAYOUT: &[u8] = b"layout";
const CURRENT: u8 = 5;

/// The stores whose tallies an older layout lacks.
pub(super) struct Tallied<'a> {
    pub wallets: &'a WalletStore,
    pub games: &'a GameStore,
    pub activities: &'a ActivityStore,
    pub users: &'a UserStore,
}

pub(super) fn run(db: &sled::Db, meta: &sled::Tree, stores: Tallied<'_>) -> StoreResult<()> {
    let layout = meta.get(LAYOUT)?.and_then(|v| v.first().copied()).unwrap_or(1);
    if layout >= CURRENT {
        return Ok(());
    }
    // A brand-new store has nothing to rebuild; an older one gets its tallies from its records.
    if layout < 5 {
        stores.wallets.rebuild_tallies()?;
    }
    if layout < 2 {
        stores.games.rebuild_tallies()?;
        stores.activities.rebuild_tallies()?;
    }
    if layout < 3 {
        stores.users.rebuild_tallies()?;
    }
    if layout < 5 {
        stores.games.number_draws()?;
    }
    meta.insert(LAYOUT, &[CURRENT])?;
    db.flush()?;
    Ok(())
}
