//! What the server pushes over the WebSocket (API.md): `{type, topic, seq, data}`.
//!
//! An event is serialised once, however many sockets receive it; `seq` counts the events of one topic, so a
//! client that sees a gap knows it missed something and reconnects for a fresh snapshot.

use serde::Serialize;

use ayo_data::user::UserId;

/// Who may receive an event.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Topic {
    /// Every draw's state, countdown sync and results: everyone.
    Draws,
    /// The marquee strip: everyone.
    Marquee,
    /// One player's wallet and tickets: that player only.
    User(UserId),
    /// Live back-office counters: admins only.
    Admin,
}

impl Topic {
    pub fn name(&self) -> String {
        match self {
            Topic::Draws => "draws".into(),
            Topic::Marquee => "marquee".into(),
            Topic::User(id) => format!("user:{id}"),
            Topic::Admin => "admin".into(),
        }
    }
}

/// The event kinds of API.md.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum EventKind {
    #[serde(rename = "draw.updated")]
    DrawUpdated,
    #[serde(rename = "draw.result")]
    DrawResult,
    #[serde(rename = "marquee.updated")]
    MarqueeUpdated,
    #[serde(rename = "wallet.updated")]
    WalletUpdated,
    #[serde(rename = "ticket.settled")]
    TicketSettled,
    #[serde(rename = "dashboard.updated")]
    DashboardUpdated,
    /// Something an admin must look at now (topic `admin`): `{action, draw_id, message}`.
    #[serde(rename = "admin.alert")]
    AdminAlert,
}

/// One event to publish: the Hub adds `seq` and serialises it once.
#[derive(Debug, Clone)]
pub struct Event {
    pub topic: Topic,
    pub kind: EventKind,
    pub data: serde_json::Value,
}

/// An event whose `data` is already serialised JSON: built where the data is (a wallet's thread), so the Hub only
/// wraps it in its envelope. Published in order, several at a time, with `Publisher::publish_rendered`.
#[derive(Debug, Clone)]
pub struct Rendered {
    pub kind: EventKind,
    /// Valid JSON text (as `serde_json` writes it).
    pub data: String,
}

impl Rendered {
    pub fn new(kind: EventKind, data: &impl Serialize) -> Self {
        Self { kind, data: serde_json::to_string(data).unwrap_or_else(|_| "null".into()) }
    }
}
