//! A manual adjustment asked for by one admin, decided by the player's wallet: applied at once, or filed for a
//! second admin when it, or the day's sum it joins, is above the four-eyes threshold (`seam::Adjustments::adjust`).
//! Either way it is durable before the reply; only money that moved is announced to the player.

use actix::prelude::*;

use ayo_data::adjustment::{Adjusted, FourEyes, PendingAdjustment};

use super::{Tickets, WalletActor, WalletError};

/// Decide `asked` against `limits`; `entry_id` is the id of its ledger entry if it applies at once.
#[derive(Message)]
#[rtype(result = "Result<Adjusted, WalletError>")]
pub struct Adjust {
    pub asked: PendingAdjustment,
    pub entry_id: u64,
    pub limits: FourEyes,
}

impl Handler<Adjust> for WalletActor {
    type Result = ResponseActFuture<Self, Result<Adjusted, WalletError>>;

    fn handle(&mut self, Adjust { asked, entry_id, limits }: Adjust, _: &mut Context<Self>) -> Self::Result {
        self.touch();
        match self.store.adjustments.adjust(&asked, entry_id, limits) {
            Ok(Adjusted::Applied(moved)) => {
                Box::pin(self.durable(moved, Tickets::none()).map(|moved, _, _| moved.map(Adjusted::Applied)))
            }
            Ok(decided) => {
                let store = self.store.clone();
                Box::pin(async move { Ok(store.flush().await.map(|_| decided)?) }.into_actor(self))
            }
            Err(e) => Box::pin(fut::ready(Err(e.into()))),
        }
    }
}
