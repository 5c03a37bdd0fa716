//! Who may hold a socket, so that no client takes the descriptors everyone else needs (docs/security.md, "Socket
//! floods": one address held 3,000 guest sockets and starved `/api/v1/health`). The rules a client sees are in
//! docs/api-lotto.md ("How many sockets").
//!
//! A socket holds a `Seat` for its whole life. Four limits, all checked at the upgrade or at `auth`:
//! - **guests per address** (`AYO_WS_GUESTS_PER_ADDRESS`, default `GUESTS_PER_ADDRESS`): sockets not signed in, per
//!   client address (the trusted-proxy rule of `crate::client_ip`; IPv6 by /64, as every limit keys it). Signing
//!   in frees the guest place: a signed-in socket is bounded by its account, not by its address, so players behind
//!   one carrier-grade NAT address are not limited by how many others share it.
//! - **waiting to sign in**: past the guest cap, an address may still open `WAITING_PER_ADDRESS` sockets that must
//!   sign in within `SIGN_IN_WITHIN` or are closed (1013, try again later). Every socket begins as a guest (its token comes in the
//!   first frame), so without these a player behind an address full of guests could never sign in.
//! - **sockets per account**: `PER_ACCOUNT` signed-in sockets (tabs and devices); more is refused at `auth` and the
//!   socket stays what it was, so one account cannot carry the flood the guest cap stops.
//! - **all sockets**: the open-files limit less a reserve (`budget`), so a flood from many addresses still leaves
//!   descriptors for HTTP (`/api/v1/health`), the store and the log.
//!
//! The counts sit behind one lock taken at open, `auth` and close, never while events are fanned out.

use std::collections::HashMap;
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::Duration;

use actix_web::http::header::HeaderMap;
use actix_web::http::StatusCode;

use ayo_data::user::UserId;

use crate::client_ip::TrustedProxies;

/// The default guest cap per address. A guest socket costs one descriptor and ≈ 4.4 KiB (docs/performance.md), so
/// 256 is ≈ 1.1 MiB and 1.3 % of the 20,000 descriptors `deploy/ayo.service` gives: it takes ≈ 76 addresses to fill
/// the socket budget, and one address alone cannot. A carrier-grade NAT address is shared by a few hundred
/// subscribers, about a thousand with small port blocks (its 64,512 ports in blocks of 64 to 512): 256 lets a
/// quarter of a thousand watch at once without signing in, players who sign in do not count, and past the cap the
/// waiting places still let them sign in.
pub const GUESTS_PER_ADDRESS: u32 = 256;
/// Sockets from an address whose guest places are all taken that may stay open to sign in.
pub const WAITING_PER_ADDRESS: u32 = 64;
/// How long such a socket has to sign in. The app sends `auth` as soon as a socket opens; a slow 2G link answers
/// within a few seconds.
pub const SIGN_IN_WITHIN: Duration = Duration::from_secs(10);
/// Signed-in sockets one account may hold: one per tab and device, with room to spare.
pub const PER_ACCOUNT: u32 = 32;
/// Descriptors kept out of the socket budget (at most a quarter of the limit): HTTP connections, the store, the
/// log, a cluster node's PostgreSQL and NATS connections.
const RESERVED_DESCRIPTORS: u64 = 512;

/// Reads `AYO_WS_GUESTS_PER_ADDRESS` (unset: `GUESTS_PER_ADDRESS`).
pub fn guests_per_address(setting: Option<&str>) -> Result<u32, String> {
    let Some(raw) = setting.map(str::trim) else { return Ok(GUESTS_PER_ADDRESS) };
    match raw.parse::<u32>() {
        Ok(cap) if cap >= 1 => Ok(cap),
        _ => Err(format!("AYO_WS_GUESTS_PER_ADDRESS: '{raw}' is not a whole number of sockets (1 or more)")),
    }
}

/// How many sockets the process can hold in all: its open-files limit less the reserve.
pub fn budget() -> usize {
    let limit = rustix::process::getrlimit(rustix::process::Resource::Nofile).current.unwrap_or(u64::MAX);
    let reserve = RESERVED_DESCRIPTORS.min(limit / 4);
    usize::try_from(limit - reserve).unwrap_or(usize::MAX)
}

/// The address a socket counts under: the client behind trusted proxies (`TrustedProxies::client`), with IPv6
/// taken by its /64 (one home or phone holds a whole /64, as `crate::client_ip::bucket` explains).
pub fn address(proxies: &TrustedProxies, peer: Option<IpAddr>, headers: &HeaderMap) -> IpAddr {
    match proxies.client(peer, headers) {
        Some(IpAddr::V6(v6)) => match v6.to_ipv4_mapped() {
            Some(v4) => IpAddr::V4(v4),
            None => IpAddr::V6(Ipv6Addr::from(u128::from(v6) & !((1u128 << 64) - 1))),
        },
        Some(v4) => v4,
        // No peer address at all (the socket closed as it opened): one shared place, never a free pass.
        None => IpAddr::V4(Ipv4Addr::UNSPECIFIED),
    }
}

/// Why a socket was not let in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refused {
    /// Its address holds as many guests, and sockets waiting to sign in, as it may.
    AddressFull,
    /// The server holds as many sockets as its descriptors allow.
    ServerFull,
}

impl Refused {
    /// The upgrade's answer: 429 for an address at its cap, 503 for a full server.
    pub fn status(self) -> StatusCode {
        match self {
            Self::AddressFull => StatusCode::TOO_MANY_REQUESTS,
            Self::ServerFull => StatusCode::SERVICE_UNAVAILABLE,
        }
    }

    pub fn message(self) -> &'static str {
        match self {
            Self::AddressFull => "Too many live connections from your address; sign in or try again later",
            Self::ServerFull => "The server is at its connection limit; try again later",
        }
    }
}

/// Seconds a refused client is asked to wait (`Retry-After`); the app's own backoff is usually longer.
pub const RETRY_AFTER_SECS: u32 = 30;

/// Why `auth` did not make a socket a player's.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AccountFull;

pub struct Admission {
    guests_per_address: u32,
    budget: usize,
    counts: Mutex<Counts>,
    /// When `warn_full` last logged (Unix seconds).
    warned_at: AtomicU64,
}

#[derive(Default)]
struct Counts {
    open: usize,
    addresses: HashMap<IpAddr, PerAddress>,
    accounts: HashMap<UserId, u32>,
}

#[derive(Default)]
struct PerAddress {
    guests: u32,
    waiting: u32,
}

/// One socket's place; given back when dropped.
pub struct Seat {
    admission: Arc<Admission>,
    kind: Kind,
}

#[derive(Clone, Copy)]
enum Kind {
    Guest(IpAddr),
    /// Over the guest cap: must sign in within `SIGN_IN_WITHIN` (the session keeps the deadline).
    Waiting(IpAddr),
    Player(UserId),
}

impl Admission {
    pub fn new(guests_per_address: u32, budget: usize) -> Arc<Self> {
        Arc::new(Self { guests_per_address, budget, counts: Mutex::default(), warned_at: AtomicU64::new(0) })
    }

    fn counts(&self) -> MutexGuard<'_, Counts> {
        // The counts stay consistent whatever panicked while holding them: each change is one statement.
        self.counts.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// A place for a new socket from `address`, as a guest if one is free, else waiting to sign in.
    pub fn admit(self: &Arc<Self>, address: IpAddr) -> Result<Seat, Refused> {
        let placed = self.place(address);
        if matches!(placed, Ok(Kind::Waiting(_)) | Err(Refused::AddressFull)) {
            self.warn_full(address);
        }
        let kind = placed.inspect_err(|refused| {
            // Where operators look (`/metrics`): a steady rate for one reason is a flood, or a proxy missing from
            // `AYO_TRUSTED_PROXIES` (then every client shares its address).
            let reason = match refused {
                Refused::AddressFull => "address",
                Refused::ServerFull => "server",
            };
            metrics::counter!("ayo_sockets_refused_total", "reason" => reason).increment(1);
        })?;
        Ok(Seat { admission: Arc::clone(self), kind })
    }

    /// Says, at most once a minute, that an address is past its guest cap. One address holding them all is a flood,
    /// or a proxy the server does not know: then every client seems to come from it.
    fn warn_full(&self, address: IpAddr) {
        let now = chrono::Utc::now().timestamp().max(0) as u64;
        let last = self.warned_at.load(Ordering::Relaxed);
        if now >= last + 60 && self.warned_at.compare_exchange(last, now, Ordering::Relaxed, Ordering::Relaxed).is_ok()
        {
            tracing::warn!(
                %address,
                cap = self.guests_per_address,
                "an address holds as many guest sockets as AYO_WS_GUESTS_PER_ADDRESS allows; more must sign in or \
                 are refused (if it is your proxy, list it in AYO_TRUSTED_PROXIES)"
            );
        }
    }

    fn place(&self, address: IpAddr) -> Result<Kind, Refused> {
        let mut counts = self.counts();
        if counts.open >= self.budget {
            return Err(Refused::ServerFull);
        }
        let here = counts.addresses.entry(address).or_default();
        let kind = if here.guests < self.guests_per_address {
            here.guests += 1;
            Kind::Guest(address)
        } else if here.waiting < WAITING_PER_ADDRESS {
            here.waiting += 1;
            Kind::Waiting(address)
        } else {
            return Err(Refused::AddressFull);
        };
        counts.open += 1;
        Ok(kind)
    }

    /// Sockets open now, every kind (for tests and logs).
    pub fn open(&self) -> usize {
        self.counts().open
    }
}

impl Counts {
    fn release(&mut self, kind: Kind) {
        match kind {
            Kind::Guest(address) | Kind::Waiting(address) => {
                if let Some(here) = self.addresses.get_mut(&address) {
                    match kind {
                        Kind::Guest(_) => here.guests = here.guests.saturating_sub(1),
                        _ => here.waiting = here.waiting.saturating_sub(1),
                    }
                    if here.guests == 0 && here.waiting == 0 {
                        self.addresses.remove(&address);
                    }
                }
            }
            Kind::Player(user) => {
                if let Some(count) = self.accounts.get_mut(&user) {
                    *count = count.saturating_sub(1);
                    if *count == 0 {
                        self.accounts.remove(&user);
                    }
                }
            }
        }
    }
}

impl Seat {
    /// Admitted past its address's guest cap: closed unless it signs in within `SIGN_IN_WITHIN`.
    pub fn waiting(&self) -> bool {
        matches!(self.kind, Kind::Waiting(_))
    }

    /// The socket signed in as `user`: it leaves its address's guests (or waiting sockets) and counts against the
    /// account. Refused, and the seat unchanged, when the account holds `PER_ACCOUNT` sockets already.
    pub fn sign_in(&mut self, user: UserId) -> Result<(), AccountFull> {
        let mut counts = self.admission.counts();
        let held = counts.accounts.entry(user).or_default();
        if *held >= PER_ACCOUNT {
            return Err(AccountFull);
        }
        *held += 1;
        counts.release(self.kind);
        self.kind = Kind::Player(user);
        Ok(())
    }
}

impl Drop for Seat {
    fn drop(&mut self) {
        let mut counts = self.admission.counts();
        counts.open = counts.open.saturating_sub(1);
        counts.release(self.kind);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(s: &str) -> IpAddr {
        s.parse().unwrap_or(IpAddr::V4(Ipv4Addr::UNSPECIFIED))
    }

    #[test]
    fn past_the_guest_cap_an_address_waits_to_sign_in_then_is_refused() {
        let admission = Admission::new(2, 1_000);
        let guests: Vec<Seat> = (0..2).map(|_| admission.admit(ip("41.58.1.2")).unwrap()).collect();
        assert!(guests.iter().all(|seat| !seat.waiting()));
        let waiting: Vec<Seat> = (0..WAITING_PER_ADDRESS).map(|_| admission.admit(ip("41.58.1.2")).unwrap()).collect();
        assert!(waiting.iter().all(|seat| seat.waiting()));
        assert_eq!(admission.admit(ip("41.58.1.2")).err(), Some(Refused::AddressFull));
        // Another address is not affected.
        assert!(!admission.admit(ip("41.58.1.3")).unwrap().waiting());
        drop(guests);
        assert!(!admission.admit(ip("41.58.1.2")).unwrap().waiting());
    }

    #[test]
    fn signing_in_frees_the_guest_place() {
        let admission = Admission::new(1, 1_000);
        let mut first = admission.admit(ip("41.58.1.2")).unwrap();
        first.sign_in(7).unwrap();
        let second = admission.admit(ip("41.58.1.2")).unwrap();
        assert!(!second.waiting(), "a guest place again");
        assert_eq!(admission.open(), 2);
        drop((first, second));
        assert_eq!(admission.open(), 0);
        let counts = admission.counts();
        assert!(counts.addresses.is_empty() && counts.accounts.is_empty());
    }

    #[test]
    fn signing_in_frees_a_waiting_place_too() {
        let admission = Admission::new(1, 1_000);
        let _guest = admission.admit(ip("41.58.1.2")).unwrap();
        let mut waiting: Vec<Seat> =
            (0..WAITING_PER_ADDRESS).map(|_| admission.admit(ip("41.58.1.2")).unwrap()).collect();
        assert_eq!(admission.admit(ip("41.58.1.2")).err(), Some(Refused::AddressFull));
        waiting[0].sign_in(7).unwrap();
        assert!(!waiting[0].waiting());
        assert!(admission.admit(ip("41.58.1.2")).unwrap().waiting(), "its waiting place is given again");
    }

    #[test]
    fn an_account_holds_at_most_its_share_of_sockets() {
        let admission = Admission::new(1_000, 10_000);
        let mut seats: Vec<Seat> = (0..PER_ACCOUNT).map(|_| admission.admit(ip("41.58.1.2")).unwrap()).collect();
        for seat in &mut seats {
            seat.sign_in(7).unwrap();
        }
        let mut one_more = admission.admit(ip("41.58.1.2")).unwrap();
        assert_eq!(one_more.sign_in(7), Err(AccountFull));
        assert!(one_more.sign_in(8).is_ok(), "another account signs in");
    }

    #[test]
    fn the_budget_counts_every_socket() {
        let admission = Admission::new(1_000, 3);
        let mut player = admission.admit(ip("41.58.1.2")).unwrap();
        player.sign_in(7).unwrap();
        let _guests = [admission.admit(ip("41.58.1.3")).unwrap(), admission.admit(ip("41.58.1.4")).unwrap()];
        assert_eq!(admission.admit(ip("41.58.1.5")).err(), Some(Refused::ServerFull));
        drop(player);
        assert!(admission.admit(ip("41.58.1.5")).is_ok());
    }

    #[test]
    fn ipv6_counts_by_its_64_and_mapped_ipv4_as_ipv4() {
        let proxies = TrustedProxies::default();
        let none = HeaderMap::new();
        let one = address(&proxies, Some(ip("2001:db8:1:2::1")), &none);
        assert_eq!(one, address(&proxies, Some(ip("2001:db8:1:2:ffff::9")), &none));
        assert_ne!(one, address(&proxies, Some(ip("2001:db8:1:3::1")), &none));
        assert_eq!(address(&proxies, Some(ip("::ffff:41.58.1.2")), &none), ip("41.58.1.2"));
    }

    #[test]
    fn the_setting_must_be_a_positive_count() {
        assert_eq!(guests_per_address(None), Ok(GUESTS_PER_ADDRESS));
        assert_eq!(guests_per_address(Some(" 40 ")), Ok(40));
        for bad in ["0", "-3", "lots", ""] {
            let err = guests_per_address(Some(bad)).unwrap_err();
            assert!(err.contains("AYO_WS_GUESTS_PER_ADDRESS"), "{err}");
        }
    }
}
