//! How actors hand events to the Hub without knowing it: a cheap, cloneable function. The server wires it to the
//! Hub's `Publish`; tests wire it to a channel.

use std::sync::Arc;

use crate::events::Event;

#[derive(Clone)]
pub struct Publisher(Arc<dyn Fn(Event) + Send + Sync>);

impl Publisher {
    pub fn new(f: impl Fn(Event) + Send + Sync + 'static) -> Self {
        Self(Arc::new(f))
    }

    /// Drops every event: for tools that change state without anyone listening.
    pub fn silent() -> Self {
        Self::new(|_| {})
    }

    pub fn publish(&self, event: Event) {
        (self.0)(event)
    }
}
