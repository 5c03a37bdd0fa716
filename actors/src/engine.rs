//! The engine: the wallets, the draw scheduler and the marquee, started together, handed to the HTTP edge as one value.

use std::sync::Arc;

use actix::prelude::*;

use ayo_data::Store;

use crate::lead::Lead;
use crate::marquee::MarqueeActor;
use crate::publisher::Publisher;
use crate::scheduler::Scheduler;
use crate::wallet::Wallets;

/// Threads for wallet actors: purchases of different players run side by side on them.
const WALLET_THREADS: usize = 2;

#[derive(Clone)]
pub struct Engine {
    pub wallets: Arc<Wallets>,
    pub scheduler: Addr<Scheduler>,
    pub marquee: Addr<MarqueeActor>,
}

impl Engine {
    /// Starts the engine inside the running actix system: unfinished draws resume at once.
    pub fn start(store: Store, publish: Publisher) -> Self {
        Self::start_leading(store, publish, true)
    }

    /// Starts the engine running the draws or, with `leading` false, standing by (a cluster node until it takes
    /// the lottery's lease: see `lead`).
    pub fn start_leading(store: Store, publish: Publisher, leading: bool) -> Self {
        let wallets = Wallets::new(store.clone(), publish.clone(), WALLET_THREADS);
        let marquee = MarqueeActor::new(store.clone(), publish.clone(), leading).start();
        let scheduler = Scheduler::new(store, wallets.clone(), publish, leading).start();
        Self { wallets, scheduler, marquee }
    }

    /// Starts or stops running the draws and the marquee's timers.
    pub fn lead(&self, leading: bool) {
        self.scheduler.do_send(Lead(leading));
        self.marquee.do_send(Lead(leading));
    }
}
