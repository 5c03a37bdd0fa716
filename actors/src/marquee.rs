//! MarqueeActor: tells every open page which marquee messages are live. It publishes when an admin changes a
//! message and again at each moment a message starts or ends, so a scheduled message appears and disappears on
//! time without anyone touching it.

use std::time::Duration;

use actix::prelude::*;
use chrono::Utc;
use serde_json::{json, Value};

use ayo_data::Store;

use crate::events::{Event, EventKind, Topic};
use crate::publisher::Publisher;
use crate::views;

/// The marquee messages changed: publish the live list now.
#[derive(Message)]
#[rtype(result = "()")]
pub struct MarqueesChanged;

pub struct MarqueeActor {
    store: Store,
    publish: Publisher,
    timer: Option<SpawnHandle>,
    /// Whether this node announces the moments messages start and end: in a cluster only the node running the
    /// draws does, so pages are not told once per node.
    leading: bool,
}

/// The live messages as every client sees them.
pub fn live(store: &Store) -> Vec<Value> {
    store.notices.live_marquees(Utc::now()).unwrap_or_default().iter().map(views::marquee).collect()
}

impl MarqueeActor {
    pub fn new(store: Store, publish: Publisher, leading: bool) -> Self {
        Self { store, publish, timer: None, leading }
    }

    fn announce(&mut self, ctx: &mut Context<Self>) {
        self.publish.publish(Event {
            topic: Topic::Marquee,
            kind: EventKind::MarqueeUpdated,
            data: json!({ "marquees": live(&self.store) }),
        });
        self.schedule_next_boundary(ctx);
    }

    /// Sleeps until the next start or end of any active message.
    fn schedule_next_boundary(&mut self, ctx: &mut Context<Self>) {
        if let Some(old) = self.timer.take() {
            ctx.cancel_future(old);
        }
        if !self.leading {
            return;
        }
        let now = Utc::now();
        let next = self
            .store
            .notices
            .marquees()
            .unwrap_or_default()
            .iter()
            .filter(|m| m.active)
            .flat_map(|m| [m.starts_at, m.ends_at])
            .flatten()
            .filter(|t| *t > now)
            .min();
        if let Some(at) = next {
            let wait = (at - now).to_std().unwrap_or(Duration::ZERO) + Duration::from_millis(5);
            self.timer = Some(ctx.run_later(wait, |act, ctx| act.announce(ctx)));
        }
    }
}

impl Actor for MarqueeActor {
    type Context = Context<Self>;

    fn started(&mut self, ctx: &mut Context<Self>) {
        self.schedule_next_boundary(ctx);
    }
}

impl Handler<MarqueesChanged> for MarqueeActor {
    type Result = ();
    fn handle(&mut self, _: MarqueesChanged, ctx: &mut Context<Self>) {
        self.announce(ctx);
    }
}

impl Handler<crate::lead::Lead> for MarqueeActor {
    type Result = ();
    fn handle(&mut self, crate::lead::Lead(leading): crate::lead::Lead, ctx: &mut Context<Self>) {
        self.leading = leading;
        self.schedule_next_boundary(ctx);
    }
}
