//! How actors hand events to the Hub without knowing it: a cheap, cloneable value. The server wires it to the
//! Hub (`Hub::publisher`); tests wire it to a channel. In cluster mode it also hands every event to a `Relay`
//! (the server's NATS bus, docs/decisions/030), which carries it to the Hubs of the other nodes.

use std::collections::HashSet;
use std::sync::{Arc, OnceLock, RwLock};

use crate::events::{Event, EventKind, Rendered, SettledTickets, Topic};

type Each = Arc<dyn Fn(Event) + Send + Sync>;
type Many = Arc<dyn Fn(Topic, Vec<Rendered>) + Send + Sync>;
type Settled = Arc<dyn Fn(Topic, Vec<Rendered>, SettledTickets) + Send + Sync>;

/// The private topics (a player's, the admins') that have a subscriber now, as the Hub keeps it, shared once the
/// Hub has answered. Unknown (not shared yet, or no Hub) means "maybe": events are built.
#[derive(Clone, Default)]
pub struct Listening(Arc<OnceLock<Arc<RwLock<HashSet<Topic>>>>>);

impl Listening {
    /// Called by the Hub with its set.
    pub fn share(&self, topics: Arc<RwLock<HashSet<Topic>>>) {
        let _ = self.0.set(topics);
    }

    fn contains(&self, topic: &Topic) -> bool {
        match (topic, self.0.get()) {
            (Topic::User(_) | Topic::Admin, Some(set)) => set.read().map_or(true, |set| set.contains(topic)),
            _ => true,
        }
    }
}

/// Where a node's events go besides its own Hub: the other nodes of a cluster. Each call must return at once
/// (hand the event to a bounded queue, or drop it): a publisher never waits on another node.
pub trait Relay: Send + Sync {
    /// One event, as `Publisher::publish` got it.
    fn event(&self, event: &Event);
    /// Events already serialised, in order, to one topic.
    fn rendered(&self, topic: Topic, events: &[Rendered]);
    /// Events already serialised, then settled tickets, to one topic.
    fn settled(&self, topic: Topic, events: &[Rendered], tickets: &SettledTickets);
}

#[derive(Clone)]
pub struct Publisher {
    each: Each,
    many: Option<Many>,
    settled: Option<Settled>,
    listening: Listening,
    relay: Option<Arc<dyn Relay>>,
}

impl Publisher {
    pub fn new(f: impl Fn(Event) + Send + Sync + 'static) -> Self {
        Self { each: Arc::new(f), many: None, settled: None, listening: Listening::default(), relay: None }
    }

    /// Also hands rendered events over in one call per batch (the Hub: one message for many events).
    pub fn with_rendered(mut self, f: impl Fn(Topic, Vec<Rendered>) + Send + Sync + 'static) -> Self {
        self.many = Some(Arc::new(f));
        self
    }

    /// Also hands settled tickets over as they are, for the receiver to frame (the Hub: per ticket or batched, as
    /// each connection asked).
    pub fn with_settled(mut self, f: impl Fn(Topic, Vec<Rendered>, SettledTickets) + Send + Sync + 'static) -> Self {
        self.settled = Some(Arc::new(f));
        self
    }

    /// Also knows which private topics have subscribers, so work for nobody can be skipped.
    pub fn with_listening(mut self, listening: Listening) -> Self {
        self.listening = listening;
        self
    }

    /// Also hands every event to `relay` (before the local receiver). A private topic may then have subscribers on
    /// another node, which this node's Hub cannot see: `is_listening` answers "maybe" from now on.
    pub fn with_relay(mut self, relay: Arc<dyn Relay>) -> Self {
        self.relay = Some(relay);
        self.listening = Listening::default();
        self
    }

    /// Drops every event: for tools that change state without anyone listening.
    pub fn silent() -> Self {
        Self::new(|_| {})
    }

    pub fn publish(&self, event: Event) {
        if let Some(relay) = &self.relay {
            relay.event(&event);
        }
        (self.each)(event)
    }

    /// Publishes events already serialised, in order, to one topic.
    pub fn publish_rendered(&self, topic: Topic, events: Vec<Rendered>) {
        if let Some(relay) = &self.relay {
            relay.rendered(topic, &events);
        }
        self.rendered_here(topic, events)
    }

    /// `publish_rendered` to the local receiver only.
    fn rendered_here(&self, topic: Topic, events: Vec<Rendered>) {
        match &self.many {
            Some(many) => many(topic, events),
            None => {
                for event in events {
                    let data = serde_json::from_str(&event.data).unwrap_or_default();
                    (self.each)(Event { topic, kind: event.kind, data });
                }
            }
        }
    }

    /// Publishes events already serialised, then settled tickets, in order, to one topic. Without a receiver for
    /// settled tickets (`with_settled`), each ticket is a `ticket.settled` after the events.
    pub fn publish_settled(&self, topic: Topic, events: Vec<Rendered>, tickets: SettledTickets) {
        if let Some(relay) = &self.relay {
            relay.settled(topic, &events, &tickets);
        }
        match &self.settled {
            Some(settled) => settled(topic, events, tickets),
            None => {
                let per_ticket =
                    tickets.tickets().map(|data| Rendered { kind: EventKind::TicketSettled, data: data.to_owned() });
                self.rendered_here(topic, events.into_iter().chain(per_ticket).collect());
            }
        }
    }

    /// False only when the Hub says nobody is subscribed to this private topic now: an event published there
    /// would be dropped, so it need not be built. A subscriber that arrives later gets a fresh snapshot.
    pub fn is_listening(&self, topic: &Topic) -> bool {
        self.listening.contains(topic)
    }
}
