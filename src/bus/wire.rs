//! What one node tells the others over NATS (docs/decisions/030): a topic's subject, and the message on it.
//!
//! Subjects are `ayo.events.<topic>` with the topic's wire name in NATS tokens: `draws`, `marquee`, `admin`,
//! `user.<id>`. A message is JSON, written once per event by the node that made it:
//!
//! ```text
//! {"node":"<id>","n":41,"events":[{"type":"wallet.updated","data":{…}},…],"settled":{"draw_id":7,"tickets":[…]}}
//! {"node":"<id>","n":42,"control":"end_sessions"}      (on a player's subject)
//! {"node":"<id>","n":43,"control":"stop_marketing"}    (on a player's subject)
//! ```
//!
//! `n` numbers a node's messages 1, 2, 3… in the order it sends them, whatever the subject: a receiver that sees a
//! number skipped knows it lost a message (dropped while NATS was away, or by a full queue) and has its Hub make its
//! clients resynchronise (`hub::Resync`).
//!
//! Each message travels sealed with the cluster's key (`seal`); what is shown here is the body a receiver reads once
//! the seal has been checked.
//!
//! `data` and each ticket are the JSON the Hub puts in its frames, carried as they are (no second encoding), and
//! `settled` is the data of a `tickets.settled` (`SettledTickets::write_batch`): the receiving Hub frames the
//! tickets in whichever form each of its connections asked for.

use serde::Deserialize;
use serde_json::value::RawValue;

use ayo_actors::events::{Event, EventKind, Rendered, SettledTickets, Topic};

/// Every subject of the bus starts with this.
pub const PREFIX: &str = "ayo.events.";

/// What a node subscribes to: every topic.
pub const ALL: &str = "ayo.events.>";

/// The subject a topic's events travel on.
pub fn subject(topic: Topic) -> String {
    match topic {
        Topic::Draws => format!("{PREFIX}draws"),
        Topic::Marquee => format!("{PREFIX}marquee"),
        Topic::Admin => format!("{PREFIX}admin"),
        Topic::User(id) => format!("{PREFIX}user.{id}"),
    }
}

/// The topic of a subject; `None` for one this version does not know.
pub fn topic(subject: &str) -> Option<Topic> {
    match subject.strip_prefix(PREFIX)? {
        "draws" => Some(Topic::Draws),
        "marquee" => Some(Topic::Marquee),
        "admin" => Some(Topic::Admin),
        other => other.strip_prefix("user.")?.parse().ok().map(Topic::User),
    }
}

/// A Hub control that must reach a player's sockets on every node.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Control {
    /// `hub::EndSessions`: log out, password change, suspension.
    EndSessions,
    /// `hub::StopMarketing`: a time-out or self-exclusion began.
    StopMarketing,
}

impl Control {
    fn name(self) -> &'static str {
        match self {
            Control::EndSessions => "end_sessions",
            Control::StopMarketing => "stop_marketing",
        }
    }
}

/// One event's message.
pub fn event(node: &str, n: u64, event: &Event) -> Vec<u8> {
    let mut out = numbered(node, n);
    out.extend_from_slice(b",\"events\":[");
    write_event(&mut out, event.kind, |out| {
        // A `Value` always serialises (string keys only).
        let _ = serde_json::to_writer(out, &event.data);
    });
    out.extend_from_slice(b"]}");
    out
}

/// Events already serialised, in order: one message.
pub fn rendered(node: &str, n: u64, events: &[Rendered]) -> Vec<u8> {
    let mut out = numbered(node, n);
    write_rendered(&mut out, events);
    out.push(b'}');
    out
}

/// Events already serialised, then settled tickets: one message.
pub fn settled(node: &str, n: u64, events: &[Rendered], tickets: &SettledTickets) -> Vec<u8> {
    let mut out = numbered(node, n);
    write_rendered(&mut out, events);
    let mut batch = String::with_capacity(tickets.batch_len());
    tickets.write_batch(&mut batch);
    out.extend_from_slice(b",\"settled\":");
    out.extend_from_slice(batch.as_bytes());
    out.push(b'}');
    out
}

/// A control's message (sent on the player's subject).
pub fn control(node: &str, n: u64, control: Control) -> Vec<u8> {
    let mut out = numbered(node, n);
    out.extend_from_slice(b",\"control\":\"");
    out.extend_from_slice(control.name().as_bytes());
    out.extend_from_slice(b"\"}");
    out
}

/// `start`, then the message's number.
fn numbered(node: &str, n: u64) -> Vec<u8> {
    let mut out = start(node);
    out.extend_from_slice(format!(",\"n\":{n}").as_bytes());
    out
}

fn start(node: &str) -> Vec<u8> {
    let mut out = Vec::with_capacity(256);
    out.extend_from_slice(b"{\"node\":");
    // A node id is a plain string; serialising it escapes whatever it holds.
    let _ = serde_json::to_writer(&mut out, node);
    out
}

fn write_rendered(out: &mut Vec<u8>, events: &[Rendered]) {
    out.extend_from_slice(b",\"events\":[");
    for (i, event) in events.iter().enumerate() {
        if i > 0 {
            out.push(b',');
        }
        write_event(out, event.kind, |out| out.extend_from_slice(event.data.as_bytes()));
    }
    out.push(b']');
}

fn write_event(out: &mut Vec<u8>, kind: EventKind, data: impl FnOnce(&mut Vec<u8>)) {
    out.extend_from_slice(b"{\"type\":");
    let _ = serde_json::to_writer(&mut *out, &kind);
    out.extend_from_slice(b",\"data\":");
    data(out);
    out.push(b'}');
}

/// A message as read, borrowing the payload.
#[derive(Deserialize)]
struct Message<'a> {
    node: String,
    /// Absent from a node that does not number its messages (none of this version).
    #[serde(default)]
    n: Option<u64>,
    #[serde(default, borrow)]
    events: Vec<WireEvent<'a>>,
    #[serde(default, borrow)]
    settled: Option<WireSettled<'a>>,
    #[serde(default)]
    control: Option<Control>,
}

#[derive(Deserialize)]
struct WireEvent<'a> {
    #[serde(rename = "type")]
    kind: EventKind,
    #[serde(borrow)]
    data: &'a RawValue,
}

#[derive(Deserialize)]
struct WireSettled<'a> {
    draw_id: u64,
    #[serde(borrow)]
    tickets: Vec<&'a RawValue>,
}

/// What a message asks of the receiving Hub.
#[derive(Debug)]
pub enum Delivery {
    /// `PublishRendered`.
    Events(Vec<Rendered>),
    /// `PublishSettled`.
    Settled(Vec<Rendered>, SettledTickets),
    /// `EndSessions` or `StopMarketing` of the subject's player.
    Control(Control),
}

/// A message read: the node that sent it and what it asks.
#[derive(Debug)]
pub struct Received {
    pub node: String,
    pub n: Option<u64>,
    pub delivery: Delivery,
}

/// Reads a message; an error for one that is not JSON of this shape (a newer node's event kind, say).
pub fn read(payload: &[u8]) -> Result<Received, serde_json::Error> {
    let message: Message<'_> = serde_json::from_slice(payload)?;
    let events: Vec<Rendered> =
        message.events.iter().map(|e| Rendered { kind: e.kind, data: e.data.get().to_owned() }).collect();
    let delivery = match (message.control, message.settled) {
        (Some(control), _) => Delivery::Control(control),
        (None, Some(settled)) => {
            let mut tickets = SettledTickets::new(settled.draw_id);
            for ticket in settled.tickets {
                tickets.push_json(ticket.get());
            }
            Delivery::Settled(events, tickets)
        }
        (None, None) => Delivery::Events(events),
    };
    Ok(Received { node: message.node, n: message.n, delivery })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn every_topic_has_a_subject_that_reads_back_as_it() {
        for each in [Topic::Draws, Topic::Marquee, Topic::Admin, Topic::User(42)] {
            assert_eq!(topic(&subject(each)), Some(each), "{}", subject(each));
        }
        assert_eq!(subject(Topic::User(42)), "ayo.events.user.42");
        assert_eq!(topic("ayo.events.user.x"), None);
        assert_eq!(topic("other.draws"), None);
    }

    #[test]
    fn an_event_arrives_with_its_data_as_written() {
        let sent = Event { topic: Topic::Marquee, kind: EventKind::MarqueeUpdated, data: json!({"marquees": ["a"]}) };
        let received = read(&event("n1", 1, &sent)).unwrap();
        assert_eq!((received.node.as_str(), received.n), ("n1", Some(1)));
        let Delivery::Events(events) = received.delivery else { panic!("events") };
        assert_eq!(events.len(), 1);
        assert_eq!(events[0].kind, EventKind::MarqueeUpdated);
        assert_eq!(events[0].data, r#"{"marquees":["a"]}"#);
    }

    #[test]
    fn settled_tickets_arrive_ticket_by_ticket_after_their_events() {
        let mut tickets = SettledTickets::new(7);
        tickets.push(&json!({"id": 1, "status": "won"}));
        tickets.push(&json!({"id": 2, "status": "lost"}));
        let wallet = Rendered::new(EventKind::WalletUpdated, &json!({"balance": 5}));
        let received = read(&settled("n2", 2, &[wallet], &tickets)).unwrap();
        let Delivery::Settled(events, got) = received.delivery else { panic!("settled") };
        assert_eq!(events[0].data, r#"{"balance":5}"#);
        assert_eq!(got.draw_id(), 7);
        assert_eq!(got.tickets().collect::<Vec<_>>(), tickets.tickets().collect::<Vec<_>>());
    }

    #[test]
    fn controls_arrive_as_controls() {
        let received = read(&control("n3", 3, Control::EndSessions)).unwrap();
        assert!(matches!(received.delivery, Delivery::Control(Control::EndSessions)));
        let received = read(&control("n3", 4, Control::StopMarketing)).unwrap();
        assert!(matches!(received.delivery, Delivery::Control(Control::StopMarketing)));
    }

    #[test]
    fn a_message_of_another_shape_is_an_error() {
        assert!(read(b"not json").is_err());
        assert!(read(br#"{"node":"n","events":[{"type":"unknown.kind","data":1}]}"#).is_err());
    }
}
