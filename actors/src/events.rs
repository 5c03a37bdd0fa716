//! What the server pushes over the WebSocket (docs/api-lotto.md): `{type, topic, seq, data}`.
//!
//! An event is serialised once, however many sockets receive it; `seq` counts the events of one topic, so a
//! client that sees a gap knows it missed something and reconnects for a fresh snapshot.

use serde::{Deserialize, Serialize};

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

/// The event kinds of docs/api-lotto.md. Read back too: the nodes of a cluster pass them to each other
/// (docs/decisions/030).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum EventKind {
    #[serde(rename = "draw.updated")]
    DrawUpdated,
    #[serde(rename = "draw.result")]
    DrawResult,
    #[serde(rename = "marquee.updated")]
    MarqueeUpdated,
    #[serde(rename = "wallet.updated")]
    WalletUpdated,
    /// An admin decided the player's identity check (topic `user:{id}`): `data` is `GET /identity`'s, so the NIN
    /// page shows the new status and its message without a reload.
    #[serde(rename = "identity.updated")]
    IdentityUpdated,
    /// An admin changed who runs the lottery in /boss → Settings (topic `draws`, which every socket holds, guests
    /// and players on a break included): `data` is `GET /operator`'s, so every open page's footer follows.
    #[serde(rename = "operator.updated")]
    OperatorUpdated,
    #[serde(rename = "ticket.settled")]
    TicketSettled,
    /// A player's tickets of one draw, settled (or refunded) together: `{draw_id, tickets}`, for connections that
    /// asked for it at `auth` (see `hub::SettledForm`).
    #[serde(rename = "tickets.settled")]
    TicketsSettled,
    #[serde(rename = "dashboard.updated")]
    DashboardUpdated,
    /// Something an admin must look at now (topic `admin`): `{action, draw_id, message}`.
    #[serde(rename = "admin.alert")]
    AdminAlert,
    /// Sales changed a draw's liability (topic `admin`, at most one per draw every 250 ms): `{draw_id, game_id,
    /// tickets, stakes, worst_case_payout, worst_case_known, reserve, reserve_used_percent, past_warning}` (kobo).
    #[serde(rename = "risk.updated")]
    RiskUpdated,
    /// An admin closed or reopened numbers for a draw (topic `draws`, everyone): `{draw_id, closed_numbers}`, the
    /// draw's closed numbers after the change.
    #[serde(rename = "draw.closed_numbers")]
    DrawClosedNumbers,
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

/// The tickets one move settled for a player (a draw's settlement, or a cancelled draw's refunds), each written
/// once as the JSON of docs/api-lotto.md's Ticket, side by side in one buffer. The form is the Hub's to choose, per
/// connection (`hub::SettledForm`): one `ticket.settled` per ticket (each ticket's text as its `data`), or one
/// `tickets.settled` for them all (`{draw_id, tickets}` around the same text). Either way no ticket is serialised
/// again.
#[derive(Debug, Clone, Default)]
pub struct SettledTickets {
    draw_id: u64,
    /// The tickets' JSON separated by commas: the inside of a JSON array.
    list: String,
    /// Where each ticket's JSON starts and ends in `list`.
    spans: Vec<(usize, usize)>,
}

impl SettledTickets {
    /// No tickets yet, of this draw.
    pub fn new(draw_id: u64) -> Self {
        Self { draw_id, ..Self::default() }
    }

    /// Adds one ticket (serialised now, once).
    pub fn push(&mut self, ticket: &impl Serialize) {
        let text = serde_json::to_string(ticket).unwrap_or_else(|_| "null".into());
        self.push_json(&text);
    }

    /// Adds one ticket already serialised (valid JSON text, as `push` writes it): a settlement another node
    /// made, as its bus carried it.
    pub fn push_json(&mut self, text: &str) {
        if !self.spans.is_empty() {
            self.list.push(',');
        }
        let start = self.list.len();
        self.list.push_str(text);
        self.spans.push((start, self.list.len()));
    }

    pub fn draw_id(&self) -> u64 {
        self.draw_id
    }

    pub fn len(&self) -> usize {
        self.spans.len()
    }

    pub fn is_empty(&self) -> bool {
        self.spans.is_empty()
    }

    /// Each ticket's JSON, in order: the `data` of its `ticket.settled`.
    pub fn tickets(&self) -> impl Iterator<Item = &str> {
        self.spans.iter().map(|&(start, end)| self.list.get(start..end).unwrap_or("null"))
    }

    /// Appends the `data` of `tickets.settled`, `{"draw_id":…,"tickets":[…]}`, to `out`.
    pub fn write_batch(&self, out: &mut String) {
        out.push_str("{\"draw_id\":");
        out.push_str(&self.draw_id.to_string());
        out.push_str(",\"tickets\":[");
        out.push_str(&self.list);
        out.push_str("]}");
    }

    /// About how long `write_batch`'s text is, to size its buffer.
    pub fn batch_len(&self) -> usize {
        self.list.len() + 48
    }
}
