//! Every bus message is sealed by the node that sends it with the cluster's key (`AYO_BUS_KEY`), and opened by the
//! node that receives it before anything reads it (docs/scaling.md, "Securing the bus"). A message that is not
//! sealed, or sealed with another key, or altered, or sent again by whoever captured it, is dropped, counted in
//! `ayo_bus_rejected_total{reason}` and logged with its subject (never its payload).
//!
//! A sealed message is a fixed header, then the message as `wire` or `lead` wrote it:
//!
//! ```text
//! "AYB1" | tag (32) | node (u64) | stream (u8) | seq (u64) | sealed at (u64, ms since 1970) | body…
//! ```
//!
//! (integers big-endian). The tag is HMAC-SHA256 under the key of the subject, the reply subject (for a request:
//! its answer is bound to the asker), "AYB1" and everything after the tag; so a message is good only on the
//! subject it was sealed for, and its sender, number and time cannot be changed.
//!
//! Replays: each node numbers what it seals on each stream 1, 2, 3… and publishes it in that order from one place,
//! and NATS keeps one connection's order, so a receiver takes from each (node, stream) only a number above the last
//! it took. A node's id is random at each start, so a restarted node starts again at 1 as another node. A receiver
//! that never heard of a node (it has just started, or the node is new) cannot tell a replay by the number, so it
//! also takes nothing sealed before it started listening, nor older than `max_age`: a captured message can be
//! played again only to a node that started within the sender's clock skew of it, and within `max_age`.
//!
//! Answers to requests (`Stream::Answers`) are bound to their request's inbox, which the asker reads once; they
//! carry no order of their own.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use hmac::{Hmac, Mac};
use sha2::Sha256;

use super::key::BusKey;

const MAGIC: &[u8; 4] = b"AYB1";
const TAG: std::ops::Range<usize> = 4..36;
/// Bytes before the body.
pub const HEADER: usize = 4 + 32 + 8 + 1 + 8 + 8;

pub const REJECTED: &str = "ayo_bus_rejected_total";

/// A node's sealed messages fall in streams, each numbered on its own and published in order from one place.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[repr(u8)]
pub enum Stream {
    /// Events and Hub controls (`nats::publish_all`).
    Events = 1,
    /// Draw commands to the node that runs the draws (`lead`).
    Lead = 2,
    /// The answers of the node that runs the draws (`lead::serve`).
    Answers = 3,
}

/// Why a received message was dropped.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Rejection {
    /// Not a sealed message at all (too short, or not starting "AYB1"): a client of NATS that has no key.
    Unsealed = 0,
    /// Its tag does not match: sealed with another key, or changed on the way, or moved to another subject.
    Forged = 1,
    /// Sealed too long ago (or ahead of this node's clock, or before this node listened).
    Stale = 2,
    /// Its number is not above the last one taken from its node: a copy of a message already received.
    Replayed = 3,
}

impl Rejection {
    pub fn reason(self) -> &'static str {
        match self {
            Rejection::Unsealed => "unsealed",
            Rejection::Forged => "forged",
            Rejection::Stale => "stale",
            Rejection::Replayed => "replayed",
        }
    }
}

/// One stream's sealer: owned by the one place that publishes the stream, so numbers go out in order.
pub struct Sealer {
    keyed: Hmac<Sha256>,
    node: u64,
    stream: Stream,
    sent: u64,
}

impl Sealer {
    pub fn new(key: &BusKey, node: u64, stream: Stream) -> Self {
        Self { keyed: keyed(key), node, stream, sent: 0 }
    }

    /// The body sealed for `subject` (and the `reply` subject of a request), numbered next.
    pub fn seal(&mut self, subject: &str, reply: Option<&str>, body: &[u8]) -> Vec<u8> {
        self.sent += 1;
        let mut out = Vec::with_capacity(HEADER + body.len());
        out.extend_from_slice(MAGIC);
        out.extend_from_slice(&[0; 32]);
        out.extend_from_slice(&self.node.to_be_bytes());
        out.push(self.stream as u8);
        out.extend_from_slice(&self.sent.to_be_bytes());
        out.extend_from_slice(&now_millis().to_be_bytes());
        out.extend_from_slice(body);
        let tag = tag(&self.keyed, subject, reply, &out).finalize().into_bytes();
        out[TAG].copy_from_slice(&tag);
        out
    }
}

/// A message opened: who sealed it, and what it says.
#[derive(Debug)]
pub struct Opened<'a> {
    pub node: u64,
    pub body: &'a [u8],
}

/// What one receiving place (one subscription, read in order) knows of each sender.
pub struct Opener {
    keyed: Hmac<Sha256>,
    /// This node: its own messages come back from NATS and are skipped unread.
    own: u64,
    stream: Stream,
    max_age_ms: u64,
    /// When this node began listening (ms since 1970): nothing sealed before can be news to it.
    since: u64,
    /// Per sender: the last number taken and when it was sealed.
    last: HashMap<u64, (u64, u64)>,
}

impl Opener {
    /// Opens `stream`'s messages to `own`, sealed at most `max_age` ago.
    pub fn new(key: &BusKey, own: u64, stream: Stream, max_age: Duration) -> Self {
        let max_age_ms = u64::try_from(max_age.as_millis()).unwrap_or(u64::MAX);
        Self { keyed: keyed(key), own, stream, max_age_ms, since: now_millis(), last: HashMap::new() }
    }

    /// Starts the "nothing before" line now: call once the subscription is live.
    pub fn listening(&mut self) {
        self.since = now_millis();
    }

    /// The message, if it is good; `Ok(None)` for this node's own. Checks the tag before anything else is believed.
    pub fn open<'a>(
        &mut self,
        subject: &str,
        reply: Option<&str>,
        payload: &'a [u8],
    ) -> Result<Option<Opened<'a>>, Rejection> {
        let header = Header::read(payload).ok_or(Rejection::Unsealed)?;
        if header.node == self.own {
            return Ok(None);
        }
        verify(&self.keyed, subject, reply, payload)?;
        if header.stream != self.stream as u8 {
            // Only a key holder could make one: a node of another version, or a bug. Not taken.
            return Err(Rejection::Forged);
        }
        let now = now_millis();
        let fresh = header.at >= self.since
            && header.at.saturating_add(self.max_age_ms) >= now
            && header.at <= now.saturating_add(self.max_age_ms);
        if !fresh {
            return Err(Rejection::Stale);
        }
        if self.stream != Stream::Answers {
            match self.last.get_mut(&header.node) {
                Some((seq, _)) if header.seq <= *seq => return Err(Rejection::Replayed),
                Some(last) => *last = (header.seq, header.at),
                None => {
                    // A node heard of for the first time: forget those silent for longer than any message lives.
                    let horizon = now.saturating_sub(self.max_age_ms);
                    self.last.retain(|_, (_, at)| *at >= horizon);
                    self.last.insert(header.node, (header.seq, header.at));
                }
            }
        }
        Ok(Some(Opened { node: header.node, body: &payload[HEADER..] }))
    }

    /// The body of a good message from another node: `None` for this node's own, and for one refused (counted and
    /// logged by `dropped`). What every subscriber reads its messages through.
    pub fn body<'a>(&mut self, subject: &str, reply: Option<&str>, payload: &'a [u8]) -> Option<&'a [u8]> {
        match self.open(subject, reply, payload) {
            Ok(opened) => opened.map(|opened| opened.body),
            Err(rejection) => {
                dropped(subject, rejection);
                None
            }
        }
    }
}

/// Counts a dropped message and logs it with its subject, never its payload: at most one line per reason a second,
/// so a flood of forgeries fills a counter, not the disk.
pub fn dropped(subject: &str, rejection: Rejection) {
    static LAST_LOGGED: [AtomicU64; 4] = [const { AtomicU64::new(0) }; 4];
    metrics::counter!(REJECTED, "reason" => rejection.reason()).increment(1);
    let second = now_millis() / 1000;
    if LAST_LOGGED[rejection as usize].swap(second, Ordering::Relaxed) != second {
        tracing::warn!(
            subject,
            reason = rejection.reason(),
            "event bus message dropped: not sealed with this cluster's AYO_BUS_KEY, or a replay (more of this \
             reason within the second are counted in ayo_bus_rejected_total only)"
        );
    }
}

struct Header {
    node: u64,
    stream: u8,
    seq: u64,
    at: u64,
}

impl Header {
    fn read(payload: &[u8]) -> Option<Self> {
        if payload.len() < HEADER || &payload[..4] != MAGIC {
            return None;
        }
        let u64_at = |i: usize| payload.get(i..i + 8).and_then(|b| b.try_into().ok()).map(u64::from_be_bytes);
        Some(Self { node: u64_at(36)?, stream: payload[44], seq: u64_at(45)?, at: u64_at(53)? })
    }
}

fn keyed(key: &BusKey) -> Hmac<Sha256> {
    // HMAC takes a key of any length: a 32-byte one cannot be refused.
    <Hmac<Sha256> as Mac>::new_from_slice(key.bytes()).unwrap_or_else(|_| unreachable!("HMAC accepts any key length"))
}

/// The running MAC of a sealed message (tag bytes excluded): a clone of the keyed state, so the key's pads are
/// hashed once per process, not once per message.
fn tag(keyed: &Hmac<Sha256>, subject: &str, reply: Option<&str>, sealed: &[u8]) -> Hmac<Sha256> {
    let mut mac = keyed.clone();
    for part in [subject, reply.unwrap_or("")] {
        mac.update(&(part.len() as u64).to_be_bytes());
        mac.update(part.as_bytes());
    }
    mac.update(&sealed[..TAG.start]);
    mac.update(&sealed[TAG.end..]);
    mac
}

fn verify(keyed: &Hmac<Sha256>, subject: &str, reply: Option<&str>, payload: &[u8]) -> Result<(), Rejection> {
    // `verify_slice` compares in constant time.
    tag(keyed, subject, reply, payload).verify_slice(&payload[TAG]).map_err(|_| Rejection::Forged)
}

fn now_millis() -> u64 {
    SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| u64::try_from(d.as_millis()).unwrap_or(u64::MAX))
}

#[cfg(test)]
mod tests {
    use super::*;

    const AGE: Duration = Duration::from_secs(30);

    fn key(hex: &str) -> BusKey {
        BusKey::parse(&hex.repeat(64 / hex.len())).unwrap()
    }

    fn pair() -> (Sealer, Opener) {
        (Sealer::new(&key("0123"), 7, Stream::Events), Opener::new(&key("0123"), 9, Stream::Events, AGE))
    }

    #[test]
    fn a_sealed_message_opens_on_its_subject_as_it_was_written() {
        let (mut sealer, mut opener) = pair();
        let sealed = sealer.seal("ayo.events.marquee", None, b"{\"x\":1}");
        let opened = opener.open("ayo.events.marquee", None, &sealed).unwrap().unwrap();
        assert_eq!((opened.node, opened.body), (7, &b"{\"x\":1}"[..]));
    }

    #[test]
    fn an_unsealed_message_or_one_sealed_with_another_key_is_refused() {
        let (_, mut opener) = pair();
        assert_eq!(opener.open("s", None, b"{\"node\":\"x\",\"events\":[]}").unwrap_err(), Rejection::Unsealed);
        let mut stranger = Sealer::new(&key("4567"), 8, Stream::Events);
        assert_eq!(opener.open("s", None, &stranger.seal("s", None, b"{}")).unwrap_err(), Rejection::Forged);
    }

    #[test]
    fn any_change_to_subject_reply_header_or_body_breaks_the_seal() {
        let (mut sealer, _) = pair();
        let sealed = sealer.seal("ayo.lead.cancel", Some("_INBOX.a"), b"{\"draw_id\":7}");
        // Receivers listening since before the message was sealed.
        let fresh = || Opener { since: 0, ..Opener::new(&key("0123"), 9, Stream::Events, AGE) };
        assert_eq!(fresh().open("ayo.lead.refresh", Some("_INBOX.a"), &sealed).unwrap_err(), Rejection::Forged);
        assert_eq!(fresh().open("ayo.lead.cancel", Some("_INBOX.b"), &sealed).unwrap_err(), Rejection::Forged);
        assert_eq!(fresh().open("ayo.lead.cancel", None, &sealed).unwrap_err(), Rejection::Forged);
        for at in (36..sealed.len()).chain(4..36) {
            let mut changed = sealed.clone();
            changed[at] ^= 1;
            let opened = fresh().open("ayo.lead.cancel", Some("_INBOX.a"), &changed);
            // (No one-bit change of the sender 7 makes it the receiver 9, whose own messages are skipped.)
            assert_eq!(opened.unwrap_err(), Rejection::Forged, "byte {at} changed");
        }
        assert!(fresh().open("ayo.lead.cancel", Some("_INBOX.a"), &sealed).unwrap().is_some());
    }

    #[test]
    fn a_message_taken_once_is_refused_when_played_again_and_so_is_an_older_one() {
        let (mut sealer, mut opener) = pair();
        let first = sealer.seal("s", None, b"1");
        let second = sealer.seal("s", None, b"2");
        assert!(opener.open("s", None, &first).unwrap().is_some());
        assert!(opener.open("s", None, &second).unwrap().is_some());
        assert_eq!(opener.open("s", None, &second).unwrap_err(), Rejection::Replayed);
        assert_eq!(opener.open("s", None, &first).unwrap_err(), Rejection::Replayed);
        // Each sender is counted on its own.
        let mut other = Sealer::new(&key("0123"), 8, Stream::Events);
        assert!(opener.open("s", None, &other.seal("s", None, b"1")).unwrap().is_some());
    }

    #[test]
    fn a_message_sealed_before_the_receiver_listened_or_too_long_ago_is_stale() {
        let (mut sealer, mut opener) = pair();
        let before = sealer.seal("s", None, b"old");
        std::thread::sleep(Duration::from_millis(5));
        opener.listening();
        assert_eq!(opener.open("s", None, &before).unwrap_err(), Rejection::Stale);

        let mut short = Opener::new(&key("0123"), 9, Stream::Events, Duration::ZERO);
        short.since = 0;
        let mut aged = sealer.seal("s", None, b"aged");
        // Re-sealed by hand as if a minute old: the age is read from the (authenticated) header.
        let minute_ago = now_millis() - 60_000;
        aged[53..61].copy_from_slice(&minute_ago.to_be_bytes());
        let retag = tag(&sealer.keyed, "s", None, &aged).finalize().into_bytes();
        aged[TAG].copy_from_slice(&retag);
        assert_eq!(short.open("s", None, &aged).unwrap_err(), Rejection::Stale);
        assert_eq!(opener.open("s", None, &aged).unwrap_err(), Rejection::Stale, "before it listened too");
    }

    #[test]
    fn a_nodes_own_messages_are_skipped_unread_and_other_streams_refused() {
        let mut own = Sealer::new(&key("0123"), 9, Stream::Events);
        let (_, mut opener) = pair();
        assert!(opener.open("s", None, &own.seal("s", None, b"mine")).unwrap().is_none());
        let mut lead = Sealer::new(&key("0123"), 7, Stream::Lead);
        assert_eq!(opener.open("s", None, &lead.seal("s", None, b"{}")).unwrap_err(), Rejection::Forged);
    }

    #[test]
    fn answers_are_taken_in_any_order() {
        let mut leader = Sealer::new(&key("0123"), 7, Stream::Answers);
        let (one, two) = (leader.seal("_INBOX.1", None, b"a"), leader.seal("_INBOX.2", None, b"b"));
        let mut opener = Opener::new(&key("0123"), 9, Stream::Answers, AGE);
        assert!(opener.open("_INBOX.2", None, &two).unwrap().is_some());
        assert!(opener.open("_INBOX.1", None, &one).unwrap().is_some());
    }
}
