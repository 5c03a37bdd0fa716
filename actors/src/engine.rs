//! The engine: the wallets, the draw scheduler and the marquee, started together, handed to the HTTP edge as one value.

use std::sync::Arc;

use actix::prelude::*;

use ayo_data::Store;

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
        let wallets = Wallets::new(store.clone(), publish.clone(), WALLET_THREADS);
        let marquee = MarqueeActor::new(store.clone(), publish.clone()).start();
        let scheduler = Scheduler::new(store, wallets.clone(), publish).start();
        Self { wallets, scheduler, marquee }
    }
}
