//! The Hub: topics → connections.
//!
//! Every WebSocket session registers here with a small bounded queue and is subscribed to the public topics; an
//! `auth` adds its player's private topic (and the admin topic for an admin). Publishing gives the event the next
//! `seq` of its topic, serialises it once into an `Arc<str>` that every receiver shares, and `try_send`s it to
//! each subscriber. Fan-out never waits and never buffers without bound: a connection whose queue is full is a
//! laggard, and the Hub lets go of its sender, so its session closes the socket and the client reconnects to a
//! fresh snapshot.
//!
//! Per connection the Hub keeps only its sender, its user id and a few set entries: the goal is tens of thousands
//! of sockets at a few KiB each.
//!
//! Settled tickets come in two forms, chosen per connection at `auth` (`SettledForm`): one `ticket.settled` per
//! ticket (the default, as ever), or one `tickets.settled` per player and draw. The wallet hands over each ticket's
//! JSON once (`SettledTickets`) and the Hub frames it only in the forms the player's connections asked for, so a
//! player with only batched sockets costs one frame per draw and one with only per-ticket sockets what it always
//! has. Each form has its own count of a topic's events, so neither sees a gap in `seq`: every other event counts
//! one in both, a settlement counts one per ticket for per-ticket connections and one for batched ones.

use std::collections::{HashMap, HashSet};
use std::fmt;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, RwLock};

use actix::prelude::*;
use serde::Serialize;
use tokio::sync::mpsc::{self, error::TrySendError};

use ayo_data::user::UserId;

use crate::events::{Event, EventKind, Rendered, SettledTickets, Topic};
use crate::publisher::{Listening, Publisher};

/// How many events may wait for one connection. Bursts are short (a draw's result, its settlements); a connection
/// this far behind is better served by a fresh snapshot than by a backlog.
pub const QUEUE_CAPACITY: usize = 256;

/// The Hub's end of a connection's queue: serialised events, each shared by every receiver.
pub type Outbox = mpsc::Sender<Arc<str>>;

/// The session's end of its queue.
pub type Inbox = mpsc::Receiver<Arc<str>>;

/// A connection's queue of `QUEUE_CAPACITY` events: give the `Outbox` to the Hub in `Connect`, read the `Inbox`.
pub fn queue() -> (Outbox, Inbox) {
    mpsc::channel(QUEUE_CAPACITY)
}

/// Names one connection for as long as the process runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ConnId(u64);

impl ConnId {
    /// A fresh id, never handed out before in this process.
    pub fn next() -> Self {
        static NEXT: AtomicU64 = AtomicU64::new(1);
        Self(NEXT.fetch_add(1, Ordering::Relaxed))
    }
}

impl fmt::Display for ConnId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

/// Registers a connection with its bounded queue and subscribes it to the public topics (`Draws`, `Marquee`).
#[derive(Message)]
#[rtype(result = "()")]
pub struct Connect {
    pub id: ConnId,
    pub sender: Outbox,
}

/// Forgets a connection and drops its sender. Unknown ids (a laggard already dropped) are ignored.
#[derive(Message)]
#[rtype(result = "()")]
pub struct Disconnect {
    pub id: ConnId,
}

/// Subscribes a connection to `Topic::User(user_id)`, and to `Topic::Admin` for an admin. A connection
/// authenticates at most once: the answer is `false` if it already has, or is not connected.
#[derive(Message)]
#[rtype(result = "bool")]
pub struct Authenticate {
    pub id: ConnId,
    pub user_id: UserId,
    pub is_admin: bool,
    /// `false` for a player on a time-out or self-exclusion: the connection leaves the marketing topic
    /// (`Topic::Marquee`) in the same step, so no marquee message reaches it (docs/decisions/025).
    pub marketing: bool,
    /// How the connection takes its player's settled tickets: fixed here, before its first private event, so its
    /// `seq` is counted one way from start to end.
    pub settled: SettledForm,
}

/// How a connection takes its player's settled tickets (docs/api-lotto.md: `auth`'s `batch`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum SettledForm {
    /// One `ticket.settled` per ticket, each with its own `seq`: every client that does not ask otherwise.
    #[default]
    PerTicket,
    /// One `tickets.settled` per draw with all the player's tickets in it, one `seq`.
    Batched,
}

impl SettledForm {
    /// The form asked for by `auth`'s `batch`, a list of event names: `tickets.settled` in it means batched;
    /// names the server does not know are ignored.
    pub fn from_batch<'a>(names: impl IntoIterator<Item = &'a str>) -> Self {
        if names.into_iter().any(|name| name == BATCHED_SETTLEMENT) {
            Self::Batched
        } else {
            Self::PerTicket
        }
    }
}

/// The name a client puts in `auth`'s `batch` to take its settled tickets batched.
pub const BATCHED_SETTLEMENT: &str = "tickets.settled";

/// The player has just started a time-out or self-exclusion: every socket signed in as them leaves the marketing
/// topic (`Topic::Marquee`) at once, and is told on its private topic that there are no marquee messages (a
/// `marquee.updated` with an empty list, so the strip empties without a reload). Answers how many sockets.
#[derive(Message)]
#[rtype(result = "usize")]
pub struct StopMarketing {
    pub user_id: UserId,
}

/// Ends the private topics of every socket signed in as this account (log out, password change or reset,
/// suspension): each gets `SESSION_ENDED` as its last message and the Hub lets go of its queue, so its session
/// closes the socket; the client reconnects as a guest, since its token no longer signs in. Answers how many.
#[derive(Message)]
#[rtype(result = "usize")]
pub struct EndSessions {
    pub user_id: UserId,
}

/// The last message an ended session's queue carries (see `EndSessions`).
pub const SESSION_ENDED: &str = "session.ended";

/// The server is going down (SIGTERM): every socket is told so and let go; its session closes with 1012 so the
/// client reconnects to the next server. Answers how many.
#[derive(Message)]
#[rtype(result = "usize")]
pub struct CloseAll;

/// The last message a socket's queue carries when the server is restarting (see `CloseAll`).
pub const SERVER_RESTARTING: &str = "server.restarting";

/// Events may have been lost on their way to this Hub (from another node, over the bus): every topic skips one
/// `seq`, so each client sees a gap at its topic's next event and resynchronises from a fresh snapshot (the
/// client's seq-gap rule), which also signs it in again (refused if its session ended meanwhile). A player whose
/// lost event was their last would wait for a next one that may never come, so the Hub also pushes a fresh snapshot
/// to every socket now (`RESYNC` in each queue; see `resync`): at most one sweep at a time, the next no sooner than
/// `RESYNC_PAUSE` after it, each reaching `RESYNC_CHUNK` sockets per `RESYNC_TICK`, so a burst of losses costs one
/// snapshot per socket and a large node spreads the reads.
#[derive(Message)]
#[rtype(result = "()")]
pub struct Resync;

/// The message a socket's queue carries when events may have been lost (see `Resync`): its session sends a fresh
/// snapshot, read at that moment (signed in: with the wallet).
pub const RESYNC: &str = "resync";

/// How many sockets one step of a resync sweep reaches.
pub const RESYNC_CHUNK: usize = 500;
/// The wait between two steps of a sweep: with `RESYNC_CHUNK`, ≈ 5,000 snapshots a second at most.
pub const RESYNC_TICK: std::time::Duration = std::time::Duration::from_millis(100);
/// The least time between the end of one sweep and the start of the next: losses reported meanwhile (a burst of
/// gaps, a reconnect) share that next sweep.
pub const RESYNC_PAUSE: std::time::Duration = std::time::Duration::from_secs(1);

/// Sends an event to every subscriber of its topic, with the topic's next `seq`.
#[derive(Message)]
#[rtype(result = "()")]
pub struct Publish(pub Event);

/// Sends events already serialised, in order, to every subscriber of one topic (one message for a whole batch,
/// e.g. a player's settled tickets).
#[derive(Message)]
#[rtype(result = "()")]
pub struct PublishRendered {
    pub topic: Topic,
    pub events: Vec<Rendered>,
}

/// Sends a player's move that settled tickets to every subscriber of their topic: its events already serialised,
/// in order, then the tickets framed as each connection asked (`SettledForm`), all in one message.
#[derive(Message)]
#[rtype(result = "()")]
pub struct PublishSettled {
    pub topic: Topic,
    pub events: Vec<Rendered>,
    pub tickets: SettledTickets,
}

/// Hands the Hub's set of private topics with subscribers to a publisher (see `Hub::publisher`).
#[derive(Message)]
#[rtype(result = "()")]
pub struct ShareListening(pub Listening);

/// Asks for the Hub's counts (tests and benchmarks).
#[derive(Message)]
#[rtype(result = "HubStats")]
pub struct Stats;

/// What `Stats` answers.
#[derive(Debug, Clone, Default, PartialEq, Eq, MessageResponse)]
pub struct HubStats {
    /// Connections registered now.
    pub connections: usize,
    /// Subscribers per topic, for every topic that has any.
    pub subscribers: HashMap<Topic, usize>,
    /// Connections dropped since start because their queue was full.
    pub dropped_laggards: u64,
}

/// The fan-out actor. Start one per process: `Hub::default().start()`.
#[derive(Default)]
pub struct Hub {
    connections: HashMap<ConnId, Connection>,
    topics: HashMap<Topic, Subscribers>,
    dropped_laggards: u64,
    /// The private topics (`User`, `Admin`) with at least one subscriber, shared with publishers so they can skip
    /// building events nobody would receive. Written only here, on subscribe and remove.
    listening: Arc<RwLock<HashSet<Topic>>>,
    resync: Sweep,
}

/// Where the Hub is in pushing `RESYNC` to its sockets (see `Resync`).
#[derive(Default)]
struct Sweep {
    /// The sockets the sweep under way has yet to reach.
    left: Vec<ConnId>,
    /// A sweep is under way, or its pause after it.
    busy: bool,
    /// A loss was reported while busy: one more sweep when the pause ends.
    again: bool,
}

struct Connection {
    sender: Outbox,
    user: Option<UserId>,
    is_admin: bool,
    settled: SettledForm,
}

#[derive(Default)]
struct Subscribers {
    /// The `seq` of the last event published to the topic as `SettledForm::PerTicket` connections count it (one
    /// per settled ticket); the first event gets 1.
    seq: u64,
    /// The same as `SettledForm::Batched` connections count it (one per settlement). Equal to `seq` until the
    /// topic's first settlement, so on the public topics, which have none, always.
    batched_seq: u64,
    ids: HashSet<ConnId>,
}

/// The frames of one publication for each form of connection; empty for a form no subscriber has.
#[derive(Default)]
struct Frames {
    per_ticket: Vec<Arc<str>>,
    batched: Vec<Arc<str>>,
}

impl Frames {
    /// One frame that every connection gets.
    fn shared(frame: Arc<str>) -> Self {
        Self { per_ticket: vec![Arc::clone(&frame)], batched: vec![frame] }
    }

    fn of(&self, form: SettledForm) -> &[Arc<str>] {
        match form {
            SettledForm::PerTicket => &self.per_ticket,
            SettledForm::Batched => &self.batched,
        }
    }
}

/// Which forms the subscribers of a topic have.
#[derive(Default)]
struct Forms {
    per_ticket: bool,
    batched: bool,
}

/// What an event carries: a value to serialise, or JSON text already serialised.
enum Data<'a> {
    Value(&'a serde_json::Value),
    Text(&'a str),
}

/// The wire shape of docs/api-lotto.md: `{type, topic, seq, data}`.
#[derive(Serialize)]
struct Envelope<'a> {
    #[serde(rename = "type")]
    kind: EventKind,
    topic: &'a str,
    seq: u64,
    data: &'a serde_json::Value,
}

const PUBLIC_TOPICS: [Topic; 2] = [Topic::Draws, Topic::Marquee];

impl Hub {
    /// A `Publisher` that hands events to this Hub, for the actors that persist and then publish.
    ///
    /// It uses `do_send`, whose mailbox is unbounded, on purpose: a publisher (a wallet, a draw) must never wait
    /// on fan-out, and the Hub cannot fall behind for long, because handling `Publish` never waits either: it only
    /// `try_send`s into bounded queues and drops whoever is full. Publishers persist to disk before each event, so
    /// events arrive far slower than the Hub hands them out.
    pub fn publisher(hub: Addr<Hub>) -> Publisher {
        let listening = Listening::default();
        hub.do_send(ShareListening(listening.clone()));
        let (batches, settlements) = (hub.clone(), hub.clone());
        Publisher::new(move |event| hub.do_send(Publish(event)))
            .with_rendered(move |topic, events| batches.do_send(PublishRendered { topic, events }))
            .with_settled(move |topic, events, tickets| settlements.do_send(PublishSettled { topic, events, tickets }))
            .with_listening(listening)
    }

    fn subscribe(&mut self, id: ConnId, topic: Topic) {
        self.topics.entry(topic).or_default().ids.insert(id);
        if matches!(topic, Topic::User(_) | Topic::Admin) {
            self.listening.write().unwrap_or_else(|p| p.into_inner()).insert(topic);
        }
    }

    fn unsubscribe(&mut self, id: ConnId, topic: Topic) {
        if let Some(subscribers) = self.topics.get_mut(&topic) {
            subscribers.ids.remove(&id);
        }
    }

    fn remove(&mut self, id: ConnId) {
        let Some(connection) = self.connections.remove(&id) else { return };
        let private = connection.user.map(Topic::User).into_iter().chain(connection.is_admin.then_some(Topic::Admin));
        for topic in PUBLIC_TOPICS.into_iter().chain(private) {
            if let Some(subscribers) = self.topics.get_mut(&topic) {
                subscribers.ids.remove(&id);
                let empty = subscribers.ids.is_empty();
                // A player's topic lives only while one of their sockets does; the fixed topics keep their `seq`.
                if empty && matches!(topic, Topic::User(_)) {
                    self.topics.remove(&topic);
                }
                if empty && matches!(topic, Topic::User(_) | Topic::Admin) {
                    self.listening.write().unwrap_or_else(|p| p.into_inner()).remove(&topic);
                }
            }
        }
    }

    fn publish(&mut self, event: Event) {
        if matches!(event.topic, Topic::User(_)) && !self.topics.contains_key(&event.topic) {
            return;
        }
        self.deliver(event.topic, &event.topic.name(), event.kind, Data::Value(&event.data));
    }

    fn publish_rendered(&mut self, topic: Topic, events: &[Rendered]) {
        // Nobody is listening to a player who has no socket open: the whole batch goes nowhere.
        if matches!(topic, Topic::User(_)) && !self.topics.contains_key(&topic) {
            return;
        }
        let name = topic.name();
        for event in events {
            self.deliver(topic, &name, event.kind, Data::Text(&event.data));
        }
    }

    fn publish_settled(&mut self, topic: Topic, events: &[Rendered], tickets: &SettledTickets) {
        if matches!(topic, Topic::User(_)) && !self.topics.contains_key(&topic) {
            return;
        }
        let name = topic.name();
        for event in events {
            self.deliver(topic, &name, event.kind, Data::Text(&event.data));
        }
        self.deliver_settled(topic, &name, tickets);
    }

    /// The subscribers of a topic, to number an event: `None` for a player's topic nobody listens to (nothing to
    /// number or send); a fixed topic keeps counting with nobody listening.
    fn numbered(&mut self, topic: Topic) -> Option<&mut Subscribers> {
        match topic {
            Topic::User(_) => self.topics.get_mut(&topic),
            topic => Some(self.topics.entry(topic).or_default()),
        }
    }

    /// One event, one `seq` in each form's count: a frame shared by every connection while the two counts agree,
    /// otherwise one per form some subscriber has.
    fn deliver(&mut self, topic: Topic, name: &str, kind: EventKind, data: Data<'_>) {
        let Some(subscribers) = self.numbered(topic) else { return };
        subscribers.seq += 1;
        subscribers.batched_seq += 1;
        if subscribers.ids.is_empty() {
            return;
        }
        let (seq, batched_seq) = (subscribers.seq, subscribers.batched_seq);
        let frames = if seq == batched_seq {
            match render(kind, name, seq, &data) {
                Some(frame) => Frames::shared(frame),
                None => return,
            }
        } else {
            let forms = self.forms(topic);
            let frame = |wanted: bool, seq| wanted.then(|| render(kind, name, seq, &data)).flatten();
            Frames {
                per_ticket: frame(forms.per_ticket, seq).into_iter().collect(),
                batched: frame(forms.batched, batched_seq).into_iter().collect(),
            }
        };
        self.fan_out(topic, &frames);
    }

    /// A settlement: per-ticket connections get one `ticket.settled` per ticket, numbered on from the topic's
    /// `seq`; batched ones one `tickets.settled`, numbered on from `batched_seq`. Only the forms some subscriber
    /// has are framed.
    fn deliver_settled(&mut self, topic: Topic, name: &str, tickets: &SettledTickets) {
        if tickets.is_empty() {
            return;
        }
        let Some(subscribers) = self.numbered(topic) else { return };
        let first = subscribers.seq + 1;
        subscribers.seq += tickets.len() as u64;
        subscribers.batched_seq += 1;
        if subscribers.ids.is_empty() {
            return;
        }
        let batched_seq = subscribers.batched_seq;
        let forms = self.forms(topic);
        let mut frames = Frames::default();
        if forms.per_ticket {
            frames.per_ticket = tickets
                .tickets()
                .zip(first..)
                .map(|(ticket, seq)| {
                    envelope_text(EventKind::TicketSettled, name, seq, ticket.len(), |out| out.push_str(ticket)).into()
                })
                .collect();
        }
        if forms.batched {
            let batch = envelope_text(EventKind::TicketsSettled, name, batched_seq, tickets.batch_len(), |out| {
                tickets.write_batch(out)
            });
            frames.batched.push(batch.into());
        }
        self.fan_out(topic, &frames);
    }

    /// Which forms the topic's subscribers have.
    fn forms(&self, topic: Topic) -> Forms {
        let mut forms = Forms::default();
        let Some(subscribers) = self.topics.get(&topic) else { return forms };
        for id in &subscribers.ids {
            match self.connections.get(id).map(|connection| connection.settled) {
                Some(SettledForm::PerTicket) => forms.per_ticket = true,
                Some(SettledForm::Batched) => forms.batched = true,
                None => {}
            }
            if forms.per_ticket && forms.batched {
                break;
            }
        }
        forms
    }

    /// Starts a sweep of `RESYNC` over every socket registered now.
    fn start_resync(&mut self, ctx: &mut Context<Self>) {
        self.resync.busy = true;
        self.resync.again = false;
        self.resync.left = self.connections.keys().copied().collect();
        self.resync_step(ctx);
    }

    /// One step of a sweep: `RESYNC_CHUNK` sockets get `RESYNC`; then the next step, or the pause after the sweep.
    fn resync_step(&mut self, ctx: &mut Context<Self>) {
        let from = self.resync.left.len().saturating_sub(RESYNC_CHUNK);
        let mut gone = Vec::new();
        let mut pushed = 0;
        for id in self.resync.left.split_off(from) {
            // One gone since the sweep began needs nothing: a socket that connects later reads its own snapshot.
            let Some(connection) = self.connections.get(&id) else { continue };
            match connection.sender.try_send(Arc::from(RESYNC)) {
                Ok(()) => pushed += 1,
                Err(TrySendError::Full(_)) => gone.push((id, true)),
                Err(TrySendError::Closed(_)) => gone.push((id, false)),
            }
        }
        metrics::counter!("ayo_resyncs_pushed_total").increment(pushed);
        self.let_go(gone);
        if !self.resync.left.is_empty() {
            ctx.run_later(RESYNC_TICK, |hub, ctx| hub.resync_step(ctx));
            return;
        }
        ctx.run_later(RESYNC_PAUSE, |hub, ctx| {
            if hub.resync.again {
                hub.start_resync(ctx);
            } else {
                hub.resync.busy = false;
            }
        });
    }

    /// Lets go of connections whose queue is full (laggards: their session closes, the client reconnects to a fresh
    /// snapshot) or already closed.
    fn let_go(&mut self, gone: Vec<(ConnId, bool)>) {
        for (id, lagging) in gone {
            if lagging {
                self.dropped_laggards += 1;
                metrics::counter!("ayo_laggards_dropped_total").increment(1);
                tracing::info!(connection = %id, "dropping a lagging connection");
            }
            self.remove(id);
        }
    }

    /// Hands each subscriber the frames of its form, in order, and lets go of those that cannot take them all.
    fn fan_out(&mut self, topic: Topic, frames: &Frames) {
        let Some(subscribers) = self.topics.get(&topic) else { return };
        let mut gone = Vec::new();
        let mut handed = 0;
        for id in &subscribers.ids {
            let Some(connection) = self.connections.get(id) else { continue };
            for frame in frames.of(connection.settled) {
                handed += 1;
                match connection.sender.try_send(Arc::clone(frame)) {
                    Ok(()) => continue,
                    Err(TrySendError::Full(_)) => gone.push((*id, true)),
                    // The session ended and its `Disconnect` is on the way.
                    Err(TrySendError::Closed(_)) => gone.push((*id, false)),
                }
                break;
            }
        }
        metrics::counter!("ayo_events_fanned_out_total").increment(handed);
        self.let_go(gone);
    }
}

/// One event's frame with this `seq`; `None` (logged) if its data cannot be serialised.
fn render(kind: EventKind, name: &str, seq: u64, data: &Data<'_>) -> Option<Arc<str>> {
    match data {
        Data::Value(data) => match serde_json::to_string(&Envelope { kind, topic: name, seq, data }) {
            Ok(text) => Some(text.into()),
            Err(e) => {
                tracing::error!(topic = name, error = %e, "event not serialised");
                None
            }
        },
        Data::Text(data) => Some(envelope_text(kind, name, seq, data.len(), |out| out.push_str(data)).into()),
    }
}

/// The envelope of docs/api-lotto.md around JSON text already serialised (`write_data` appends about `data_len` bytes
/// of it): the same bytes `Envelope` would write.
fn envelope_text(
    kind: EventKind,
    topic: &str,
    seq: u64,
    data_len: usize,
    write_data: impl FnOnce(&mut String),
) -> String {
    let kind = serde_json::to_string(&kind).unwrap_or_else(|_| "null".into());
    let topic = serde_json::to_string(topic).unwrap_or_else(|_| "null".into());
    let mut text = String::with_capacity(kind.len() + topic.len() + data_len + 48);
    text.push_str("{\"type\":");
    text.push_str(&kind);
    text.push_str(",\"topic\":");
    text.push_str(&topic);
    text.push_str(",\"seq\":");
    text.push_str(&seq.to_string());
    text.push_str(",\"data\":");
    write_data(&mut text);
    text.push('}');
    text
}

impl Actor for Hub {
    type Context = Context<Self>;
}

impl Handler<Connect> for Hub {
    type Result = ();

    fn handle(&mut self, msg: Connect, _: &mut Context<Self>) {
        self.remove(msg.id);
        self.connections.insert(
            msg.id,
            Connection { sender: msg.sender, user: None, is_admin: false, settled: SettledForm::PerTicket },
        );
        for topic in PUBLIC_TOPICS {
            self.subscribe(msg.id, topic);
        }
    }
}

impl Handler<Disconnect> for Hub {
    type Result = ();

    fn handle(&mut self, msg: Disconnect, _: &mut Context<Self>) {
        self.remove(msg.id);
    }
}

impl Handler<Authenticate> for Hub {
    type Result = bool;

    fn handle(&mut self, msg: Authenticate, _: &mut Context<Self>) -> bool {
        let Some(connection) = self.connections.get_mut(&msg.id) else { return false };
        if connection.user.is_some() {
            return false;
        }
        connection.user = Some(msg.user_id);
        connection.is_admin = msg.is_admin;
        connection.settled = msg.settled;
        if !msg.marketing {
            self.unsubscribe(msg.id, Topic::Marquee);
        }
        self.subscribe(msg.id, Topic::User(msg.user_id));
        if msg.is_admin {
            self.subscribe(msg.id, Topic::Admin);
        }
        true
    }
}

impl Handler<EndSessions> for Hub {
    type Result = usize;

    fn handle(&mut self, msg: EndSessions, _: &mut Context<Self>) -> usize {
        let ended: Vec<ConnId> = self
            .connections
            .iter()
            .filter(|(_, connection)| connection.user == Some(msg.user_id))
            .map(|(id, _)| *id)
            .collect();
        for id in &ended {
            if let Some(connection) = self.connections.get(id) {
                // A full queue gets no marker: its session closes as a laggard, and the client reconnects all the same.
                let _ = connection.sender.try_send(Arc::from(SESSION_ENDED));
            }
            self.remove(*id);
        }
        ended.len()
    }
}

impl Handler<StopMarketing> for Hub {
    type Result = usize;

    fn handle(&mut self, msg: StopMarketing, _: &mut Context<Self>) -> usize {
        let theirs: Vec<ConnId> = self
            .connections
            .iter()
            .filter(|(_, connection)| connection.user == Some(msg.user_id))
            .map(|(id, _)| *id)
            .collect();
        for id in &theirs {
            self.unsubscribe(*id, Topic::Marquee);
        }
        if !theirs.is_empty() {
            self.publish(Event {
                topic: Topic::User(msg.user_id),
                kind: EventKind::MarqueeUpdated,
                data: serde_json::json!({ "marquees": [] }),
            });
        }
        theirs.len()
    }
}

impl Handler<CloseAll> for Hub {
    type Result = usize;

    fn handle(&mut self, _: CloseAll, _: &mut Context<Self>) -> usize {
        let all: Vec<ConnId> = self.connections.keys().copied().collect();
        for id in &all {
            if let Some(connection) = self.connections.get(id) {
                let _ = connection.sender.try_send(Arc::from(SERVER_RESTARTING));
            }
            self.remove(*id);
        }
        all.len()
    }
}

impl Handler<Resync> for Hub {
    type Result = ();

    fn handle(&mut self, _: Resync, ctx: &mut Context<Self>) {
        for subscribers in self.topics.values_mut() {
            subscribers.seq += 1;
            subscribers.batched_seq += 1;
        }
        if self.resync.busy {
            self.resync.again = true;
        } else {
            self.start_resync(ctx);
        }
    }
}

impl Handler<Publish> for Hub {
    type Result = ();

    fn handle(&mut self, msg: Publish, _: &mut Context<Self>) {
        self.publish(msg.0);
    }
}

impl Handler<PublishRendered> for Hub {
    type Result = ();

    fn handle(&mut self, msg: PublishRendered, _: &mut Context<Self>) {
        self.publish_rendered(msg.topic, &msg.events);
    }
}

impl Handler<PublishSettled> for Hub {
    type Result = ();

    fn handle(&mut self, msg: PublishSettled, _: &mut Context<Self>) {
        self.publish_settled(msg.topic, &msg.events, &msg.tickets);
    }
}

impl Handler<ShareListening> for Hub {
    type Result = ();

    fn handle(&mut self, msg: ShareListening, _: &mut Context<Self>) {
        msg.0.share(self.listening.clone());
    }
}

impl Handler<Stats> for Hub {
    type Result = HubStats;

    fn handle(&mut self, _: Stats, _: &mut Context<Self>) -> HubStats {
        HubStats {
            connections: self.connections.len(),
            subscribers: self
                .topics
                .iter()
                .filter(|(_, subscribers)| !subscribers.ids.is_empty())
                .map(|(topic, subscribers)| (*topic, subscribers.ids.len()))
                .collect(),
            dropped_laggards: self.dropped_laggards,
        }
    }
}
