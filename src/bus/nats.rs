//! The bus on NATS: one task owns the client and publishes what this node's publishers queue for it; one task
//! reads every other node's messages and hands them to the local Hub.
//!
//! Nothing here makes a publisher wait: `Outlet` `try_send`s each message into a bounded queue, and a message
//! that finds it full is dropped and counted (`ayo_bus_dropped_total`). The subscriber hands each message to the
//! Hub with `do_send`; the Hub never waits either. When NATS is down the client reconnects by itself; meanwhile
//! this node serves its own sockets as ever, and its messages for the others queue in the client's buffer and then
//! in ours, and are dropped once both are full.
//!
//! Each message is sealed once by the publishing task and opened once by the subscribing task, before it is read
//! (`seal`): what the Hub fans out to many sockets has been checked once, not once per socket.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Duration;

use actix::Addr;
use anyhow::Context;
use futures_util::StreamExt;
use tokio::sync::mpsc;

use ayo_actors::events::{Event, Rendered, SettledTickets, Topic};
use ayo_actors::hub::{EndSessions, Hub, PublishRendered, PublishSettled, Resync, StopMarketing};
use ayo_actors::publisher::Relay;

use super::key::BusKey;
use super::seal::{Opener, Sealer, Stream};
use super::transport::Transport;
use super::wire::{self, Control, Delivery};

/// How many messages may wait for the NATS client: a draw's settlement is a burst of one message per player.
pub const QUEUE: usize = 8192;

/// How long start-up waits for NATS before serving without it (the client keeps trying).
const CONNECT_WAIT: Duration = Duration::from_secs(3);

/// How old an event may be when it arrives: older ones are dropped as stale (a replay, or held so long in a
/// buffer while NATS was away that the clients had better resynchronise, which the gap in numbers makes them do).
const EVENT_MAX_AGE: Duration = Duration::from_secs(30);

pub const PUBLISHED: &str = "ayo_bus_published_total";
pub const RECEIVED: &str = "ayo_bus_received_total";
pub const DROPPED: &str = "ayo_bus_dropped_total";
pub const GAPS: &str = "ayo_bus_gaps_total";

/// A subject and a message, queued for the publishing task.
type Outgoing = (String, Vec<u8>);

/// This node's way onto the bus: cheap to clone, never waits.
#[derive(Clone)]
pub struct Outlet {
    node: Arc<str>,
    /// The same id as a number, as it is sealed into each message.
    id: u64,
    key: BusKey,
    /// Draw commands are sealed and published one at a time, so their numbers go out in order (`seal`).
    lead: Arc<tokio::sync::Mutex<Sealer>>,
    /// The number of the last message queued (see `wire`): a message dropped here leaves its number unused, so
    /// the other nodes see the gap.
    sent: Arc<AtomicU64>,
    queue: mpsc::Sender<Outgoing>,
    /// Set while messages are being dropped, so a dropping spell logs one warning, not one per message.
    dropping: Arc<AtomicBool>,
    /// The client itself, for requests that wait for an answer (`lead`).
    client: async_nats::Client,
}

impl Outlet {
    /// This node's id on the bus: random at each start, so a restarted node is a new one.
    pub fn node(&self) -> &str {
        &self.node
    }

    /// Tells the other nodes' Hubs to apply a control to the player's sockets.
    pub fn control(&self, user_id: ayo_data::user::UserId, control: Control) {
        self.queue(Topic::User(user_id), wire::control(&self.node, self.number(), control));
    }

    pub fn client(&self) -> &async_nats::Client {
        &self.client
    }

    /// This node's id as sealed into its messages.
    pub fn id(&self) -> u64 {
        self.id
    }

    pub fn key(&self) -> &BusKey {
        &self.key
    }

    /// Seals a draw command for `subject` (a request when it names the `reply` inbox) and publishes it.
    pub async fn publish_lead(&self, subject: &'static str, reply: Option<String>, body: &[u8]) -> anyhow::Result<()> {
        let mut sealer = self.lead.lock().await;
        let sealed = sealer.seal(subject, reply.as_deref(), body);
        match reply {
            Some(reply) => self.client.publish_with_reply(subject, reply, sealed.into()).await?,
            None => self.client.publish(subject, sealed.into()).await?,
        }
        Ok(())
    }

    fn number(&self) -> u64 {
        self.sent.fetch_add(1, Ordering::Relaxed) + 1
    }

    fn queue(&self, topic: Topic, message: Vec<u8>) {
        match self.queue.try_send((wire::subject(topic), message)) {
            Ok(()) => {}
            Err(_) => {
                metrics::counter!(DROPPED).increment(1);
                if !self.dropping.swap(true, Ordering::Relaxed) {
                    tracing::warn!(topic = topic.name(), "event bus queue full: events for other nodes are dropped");
                }
            }
        }
    }
}

impl Relay for Outlet {
    fn event(&self, event: &Event) {
        self.queue(event.topic, wire::event(&self.node, self.number(), event));
    }

    fn rendered(&self, topic: Topic, events: &[Rendered]) {
        self.queue(topic, wire::rendered(&self.node, self.number(), events));
    }

    fn settled(&self, topic: Topic, events: &[Rendered], tickets: &SettledTickets) {
        self.queue(topic, wire::settled(&self.node, self.number(), events, tickets));
    }
}

/// Connects to NATS as `transport` says, subscribes to every topic and starts the two tasks on the current
/// runtime. Waits up to a few seconds for the server; if it is not there yet, logs a warning and goes on: the
/// client connects (and subscribes) as soon as it can. Credentials refused or TLS failing stop here, with what to fix.
pub async fn connect(transport: &Transport, key: BusKey, hub: Addr<Hub>) -> anyhow::Result<Outlet> {
    let id = rand::random::<u64>();
    let node: Arc<str> = format!("{id:016x}").into();
    let shown = transport.shown();
    for lack in transport.warnings() {
        tracing::warn!(bus = shown, "{lack}");
    }
    let options = || {
        let on_event = hub.clone();
        transport.options(async_nats::ConnectOptions::new().name(format!("ayo-{node}")).event_callback(move |event| {
            let hub = on_event.clone();
            async move {
                match event {
                    async_nats::Event::Connected => {
                        // Whatever the others sent while this node was away is lost to it: its clients resynchronise.
                        tracing::info!("event bus connected");
                        hub.do_send(Resync);
                    }
                    async_nats::Event::Disconnected => {
                        tracing::warn!("event bus disconnected: serving local sockets only until it reconnects")
                    }
                    other => tracing::warn!(event = %other, "event bus"),
                }
            }
        }))
    };
    // A first try that reports why it failed: refused credentials or TLS are the operator's to fix, now.
    let client = match tokio::time::timeout(CONNECT_WAIT, options().connect(transport.servers())).await {
        Ok(Ok(client)) => client,
        Ok(Err(e)) => match transport.fatal(&e) {
            Some(fatal) => return Err(fatal),
            None => {
                tracing::warn!(bus = shown, error = %e, "event bus not reachable yet: connecting in the background");
                options().retry_on_initial_connect().connect(transport.servers()).await?
            }
        },
        Err(_) => options().retry_on_initial_connect().connect(transport.servers()).await?,
    };
    let subscription = client.subscribe(wire::ALL).await.context("subscribing to the event bus")?;
    match tokio::time::timeout(CONNECT_WAIT, client.flush()).await {
        Ok(Ok(())) => tracing::info!(node = %node, bus = shown, "event bus ready"),
        _ => tracing::warn!(
            bus = shown,
            "event bus not reachable yet: serving local sockets, and connecting in the background"
        ),
    }
    let (sender, receiver) = mpsc::channel(QUEUE);
    let dropping = Arc::new(AtomicBool::new(false));
    let mut opener = Opener::new(&key, id, Stream::Events, EVENT_MAX_AGE);
    opener.listening();
    actix_web::rt::spawn(publish_all(
        client.clone(),
        Sealer::new(&key, id, Stream::Events),
        receiver,
        dropping.clone(),
    ));
    actix_web::rt::spawn(receive_all(subscription, opener, hub));
    let lead = Arc::new(tokio::sync::Mutex::new(Sealer::new(&key, id, Stream::Lead)));
    Ok(Outlet { node, id, key, lead, sent: Arc::new(AtomicU64::new(0)), queue: sender, dropping, client })
}

/// The publishing task: owns the client and the events' sealer, seals and sends each queued message in order.
async fn publish_all(
    client: async_nats::Client,
    mut sealer: Sealer,
    mut queue: mpsc::Receiver<Outgoing>,
    dropping: Arc<AtomicBool>,
) {
    while let Some((subject, message)) = queue.recv().await {
        let sealed = sealer.seal(&subject, None, &message);
        match client.publish(subject, sealed.into()).await {
            Ok(()) => {
                metrics::counter!(PUBLISHED).increment(1);
                dropping.store(false, Ordering::Relaxed);
            }
            Err(e) => {
                metrics::counter!(DROPPED).increment(1);
                if !dropping.swap(true, Ordering::Relaxed) {
                    tracing::warn!(error = %e, "event bus publish failed: events for other nodes are dropped");
                }
            }
        }
    }
}

/// The subscribing task: every other node's messages, opened (`seal`) and then read, to the local Hub. This node's
/// own are skipped: its Hub had them first-hand. A number skipped in a node's messages means one was lost on the
/// way: the Hub makes every client resynchronise (`Resync`), since which topic it was for is lost with it.
async fn receive_all(mut subscription: async_nats::Subscriber, mut opener: Opener, hub: Addr<Hub>) {
    let mut last: HashMap<String, u64> = HashMap::new();
    while let Some(message) = subscription.next().await {
        let subject = message.subject.as_str();
        let Some(body) = opener.body(subject, message.reply.as_deref(), &message.payload) else { continue };
        let Some(topic) = wire::topic(subject) else { continue };
        match wire::read(body) {
            Ok(received) => {
                metrics::counter!(RECEIVED).increment(1);
                if let Some(n) = received.n {
                    // Two of a node's threads may queue their messages in the other order than they numbered them:
                    // one that arrives after a higher number is late, not lost (its gap was reported when the higher
                    // one came), and the count goes on from the highest.
                    let before = last.get(&received.node).copied();
                    if before.is_none_or(|before| n > before) {
                        last.insert(received.node.clone(), n);
                    }
                    if before.is_some_and(|before| n > before + 1) {
                        metrics::counter!(GAPS).increment(1);
                        tracing::warn!(node = received.node, n, "event bus message lost: clients resynchronise");
                        hub.do_send(Resync);
                    }
                }
                deliver(&hub, topic, received.delivery);
            }
            Err(e) => tracing::warn!(subject, error = %e, "unreadable event bus message"),
        }
    }
    tracing::error!("event bus subscription ended: other nodes' events no longer reach this node's sockets");
}

fn deliver(hub: &Addr<Hub>, topic: Topic, delivery: Delivery) {
    match delivery {
        Delivery::Events(events) => hub.do_send(PublishRendered { topic, events }),
        Delivery::Settled(events, tickets) => hub.do_send(PublishSettled { topic, events, tickets }),
        Delivery::Control(control) => {
            let Topic::User(user_id) = topic else { return };
            match control {
                Control::EndSessions => hub.do_send(EndSessions { user_id }),
                Control::StopMarketing => hub.do_send(StopMarketing { user_id }),
            }
        }
    }
}
