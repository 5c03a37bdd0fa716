//! Paying a decided draw in a cluster: the lease holder settles its players one at a time through the money engine,
//! and stops as soon as its lease is lost (issue 14; decisions 029 and 031).
//!
//! Settlement needs no fence for its safety: each player's settlement is one transaction that pays only tickets
//! still `pending` and writes the player's `settlements` row with them (`PgMoney::settle`), so a node that was paused
//! and resumes after another took over pays nothing twice: its late settlements find the work done. The lease is
//! what keeps two live nodes from doing the work twice, and what hands a dead node's draw to another: the new
//! holder runs the same payout from the start, and the players already settled answer `replayed`.

use std::collections::BTreeMap;

use chrono::{DateTime, Utc};

use super::error::PgError;
use super::lease::LeaseKeeper;
use super::money::PgMoney;
use crate::draw::DrawId;
use crate::seam::Outcome;
use crate::user::UserId;

/// What one payout run did.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Paid {
    /// Players settled by this run.
    pub settled: usize,
    /// Players found settled already (by an earlier run, on this node or another).
    pub already: usize,
}

/// Settles every player of `draw` with their tickets' outcomes (`decided`: every pending ticket of each player, as
/// `WalletStore::settle` wants them), while `keeper` holds the draw's lease.
pub async fn pay_draw(
    money: &PgMoney,
    keeper: &LeaseKeeper,
    draw: DrawId,
    decided: &BTreeMap<UserId, Vec<Outcome>>,
    now: DateTime<Utc>,
) -> Result<Paid, PgError> {
    let mut paid = Paid::default();
    for (user, outcomes) in decided {
        if !keeper.is_held() {
            let lease = keeper.lease();
            return Err(PgError::Fenced { draw: lease.draw, fence: lease.fence.0 });
        }
        let mut ids = Vec::new();
        for _ in 0..outcomes.iter().map(Outcome::entry_count).sum::<usize>() {
            ids.push(money.next_id().await?);
        }
        if money.settle(*user, draw, outcomes.clone(), ids, now).await?.replayed {
            paid.already += 1;
        } else {
            paid.settled += 1;
        }
    }
    Ok(paid)
}
