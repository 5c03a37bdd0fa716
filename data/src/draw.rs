//! One draw of a game: its clock, its state, and its provably fair result.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use crate::draw_takings::DrawTakings;
use crate::game::{Game, GameId, IndependentParty};
use crate::lotto::beacon::{round_after, QUICKNET_CHAIN_HASH};
use crate::lotto::fair::{ALGORITHM, ALGORITHM_V2};
use crate::lotto::{Balls, Binding, Seed};
use crate::user::UserId;

pub type DrawId = u64;

/// scheduled → open → closed → drawn → settled, or cancelled (every ticket refunded).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum DrawStatus {
    Scheduled,
    Open,
    Closed,
    Drawn,
    Settled,
    Cancelled,
}

impl DrawStatus {
    pub fn is_finished(self) -> bool {
        matches!(self, DrawStatus::Settled | DrawStatus::Cancelled)
    }
    pub fn as_str(self) -> &'static str {
        match self {
            DrawStatus::Scheduled => "scheduled",
            DrawStatus::Open => "open",
            DrawStatus::Closed => "closed",
            DrawStatus::Drawn => "drawn",
            DrawStatus::Settled => "settled",
            DrawStatus::Cancelled => "cancelled",
        }
    }
    pub fn parse(raw: &str) -> Option<Self> {
        [Self::Scheduled, Self::Open, Self::Closed, Self::Drawn, Self::Settled, Self::Cancelled]
            .into_iter()
            .find(|s| s.as_str() == raw)
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Draw {
    pub id: DrawId,
    pub game_id: GameId,
    /// Its place among its game's draws, 1, 2, 3… in schedule order ("Lotto Classic draw 128"), given when it is
    /// scheduled (`Draw::number_after`); draws stored before numbers got theirs when the store was upgraded. A label
    /// for people, outside the draw record and its hash (docs/decisions/059): `id` stays the key everywhere.
    #[serde(default)]
    pub number: Option<u64>,
    pub status: DrawStatus,
    pub opens_at: DateTime<Utc>,
    pub closes_at: DateTime<Utc>,
    pub draws_at: DateTime<Utc>,
    /// Secret until the draw: never serialised to clients before `drawn`.
    pub seed: Seed,
    /// SHA-256 of the seed, published from the start.
    pub commitment: String,
    /// Scheme `ayo-lotto/v1` only (draws closed before v2): the hash over the ordered ids of every accepted ticket.
    pub tickets_hash: Option<String>,
    /// Set at close (`ayo-lotto/v2`): the Merkle root over every accepted ticket (`merkle`).
    #[serde(default)]
    pub tickets_root: Option<String>,
    /// The independent witness's committed secret, taken from their pool when the draw was scheduled; `None` when
    /// no witness had one ready (docs/decisions/017).
    #[serde(default)]
    pub witness: Option<WitnessPart>,
    pub ticket_count: u64,
    pub numbers: Option<Balls>,
    pub machine_numbers: Option<Balls>,
    pub drawn_at: Option<DateTime<Utc>>,
    pub settled_at: Option<DateTime<Utc>>,
    pub cancelled_reason: Option<String>,
    /// A draw cancelled after sales closed (the emergency path): the balls it would have drawn, published with its
    /// seed, so a cancellation can never hide a result the operator disliked.
    #[serde(default)]
    pub would_be_numbers: Option<Balls>,
    /// Set when shadow settlement disagreed with the primary: nothing of this draw is paid until an operator has
    /// looked (the first disagreements, for the alert).
    #[serde(default)]
    pub settlement_halted: Option<String>,
    /// The chain of draw records (`crate::draw_record`): the previous record of this game, fixed when this draw's
    /// result is published; both `None` for a game's first record (and for draws from before the chain).
    #[serde(default)]
    pub prev_draw_id: Option<DrawId>,
    #[serde(default)]
    pub prev_record_hash: Option<String>,
    /// Who fixes the balls with the operator, copied from the game when the draw is scheduled (a witness for draws
    /// from before the beacon).
    #[serde(default)]
    pub party: IndependentParty,
    /// The drand round the balls also depend on, fixed when the draw is scheduled (docs/fairness.md, "The drand
    /// beacon"); `None` for a draw without a beacon.
    #[serde(default)]
    pub beacon: Option<BeaconPart>,
    /// What the draw took and paid, written in the save that marks it settled (`crate::draw_takings`); `None` until
    /// then, and for draws settled before the figures were kept. Shown to admins only.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub takings: Option<DrawTakings>,
}

/// A draw's drand quicknet round: fixed before sales, fetched and verified after close.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct BeaconPart {
    /// `quicknet`.
    pub network: String,
    /// The chain's hash, its identity in drand's API.
    pub chain_hash: String,
    /// The first round published after sales close (`lotto::beacon::round_after`).
    pub round: u64,
    /// The last moment the round is waited for: with no verified round by then the draw is cancelled and every
    /// ticket refunded (`BEACON_GRACE` after the draw time, fixed and published with the round).
    pub deadline: DateTime<Utc>,
    /// The round's BLS signature (96 lowercase hex), once fetched and verified.
    #[serde(default)]
    pub signature: Option<String>,
    /// `SHA-256(signature)`, 64 lowercase hex: what the balls take from the round.
    #[serde(default)]
    pub randomness: Option<String>,
}

/// The network every beacon draw uses.
pub const BEACON_NETWORK: &str = "quicknet";

/// How long after the draw time a draw waits for its drand round before it is cancelled with refunds (the rule on
/// /lottery-rules): drand publishes every 3 s from many independent nodes, so ten minutes without a verifiable round
/// means the beacon, or the way to it, is down.
pub const BEACON_GRACE: chrono::Duration = chrono::Duration::minutes(10);

impl BeaconPart {
    /// The quicknet round a draw closing at `closes_at` is fixed to, waited for until `draws_at + BEACON_GRACE`.
    pub fn after_close(closes_at: DateTime<Utc>, draws_at: DateTime<Utc>) -> Self {
        Self::round(round_after(closes_at.timestamp()), draws_at + BEACON_GRACE)
    }

    /// A draw fixed to `round` (tests fix a recorded round this way), waited for until `deadline`.
    pub fn round(round: u64, deadline: DateTime<Utc>) -> Self {
        Self {
            network: BEACON_NETWORK.to_string(),
            chain_hash: QUICKNET_CHAIN_HASH.to_string(),
            round,
            deadline,
            signature: None,
            randomness: None,
        }
    }
}

/// A witness's part in one draw: a commitment fixed before sales, and the secret revealed after close.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct WitnessPart {
    pub witness_id: UserId,
    /// `hex(SHA-256(secret bytes))`, public from scheduling.
    pub commitment: String,
    /// The witness's own name for this commitment (how their tool finds the secret again).
    pub label: String,
    /// 64 hex, once revealed.
    pub secret: Option<String>,
    /// The witness's public name, from their entry when the draw took the commitment (docs/decisions/046); `None`
    /// on draws from before named witnesses.
    #[serde(default)]
    pub name: Option<String>,
    /// The witness's Ed25519 public key (64 hex) its signatures on this draw verify with.
    #[serde(default)]
    pub public_key: Option<String>,
    /// Over `lotto::witness_signature::commit_message`: the witness vouches for this commitment on this draw.
    #[serde(default)]
    pub commitment_signature: Option<String>,
    /// Over `lotto::witness_signature::reveal_message`, taken with the secret.
    #[serde(default)]
    pub reveal_signature: Option<String>,
}

/// What the witness must reveal by the draw time, or the draw is cancelled and every ticket refunded.
pub const WITNESS_ABSENT_REASON: &str =
    "The independent witness did not reveal their secret by the draw time, so this draw cannot be drawn fairly: \
     every ticket is refunded in full";

/// Why a draw whose sales time has come is not on sale (docs/fairness.md, "No sale without an independent party").
pub const NO_WITNESS_ON_SALE: &str = "This draw is not on sale: no independent witness has signed its commitment yet, \
     and no draw is sold without one";

/// Why a draw that never found a witness by its closing time is cancelled (nothing was sold).
pub const NO_WITNESS_REASON: &str = "No independent witness signed a commitment to this draw before its sales would \
     have closed, so it was never sold";

/// Why a draw whose witness has revealed is not cancelled (docs/fairness.md, "No void after the result is knowable").
pub const NO_VOID_AFTER_REVEAL: &str =
    "The witness has revealed (and the drand round, if the draw has one, is in): this draw's result can be computed \
     now, so it can no longer be cancelled; it is drawn and paid at its draw time";

/// Why a draw whose drand round could not be fetched and verified in time is cancelled (the rule on /lottery-rules).
pub const BEACON_ABSENT_REASON: &str = "The drand beacon's round for this draw could not be fetched and verified \
     within 10 minutes of the draw time, so this draw cannot be drawn fairly: every ticket is refunded in full";

/// What decides whether a draw takes a ticket: read on every purchase instead of the whole draw.
#[derive(Debug, Clone, Deserialize)]
pub struct DrawSales {
    pub status: DrawStatus,
    pub opens_at: DateTime<Utc>,
    pub closes_at: DateTime<Utc>,
}

impl DrawSales {
    pub fn is_selling(&self, now: DateTime<Utc>) -> bool {
        self.status == DrawStatus::Open && now >= self.opens_at && now < self.closes_at
    }
}

impl Draw {
    /// A new draw of `game` at `draws_at`, selling from `opens_at` until the game's close time, with a fresh seed
    /// whose commitment is public from now on.
    pub fn schedule(id: DrawId, game: &Game, opens_at: DateTime<Utc>, draws_at: DateTime<Utc>) -> Self {
        let seed = Seed::generate();
        let closes_at = draws_at - chrono::Duration::seconds(game.close_before_secs);
        let party = game.independent_party;
        Self {
            id,
            game_id: game.id,
            number: None,
            status: DrawStatus::Scheduled,
            opens_at,
            closes_at,
            draws_at,
            commitment: seed.commitment(),
            seed,
            tickets_hash: None,
            tickets_root: None,
            witness: None,
            ticket_count: 0,
            numbers: None,
            machine_numbers: None,
            drawn_at: None,
            settled_at: None,
            cancelled_reason: None,
            would_be_numbers: None,
            settlement_halted: None,
            prev_draw_id: None,
            prev_record_hash: None,
            party,
            beacon: party.needs_beacon().then(|| BeaconPart::after_close(closes_at, draws_at)),
            takings: None,
        }
    }

    /// The number of the draw scheduled after `latest`, its game's latest draw (cancelled or not: a cancelled draw
    /// keeps its number): one more than its number, or 1 for a game's first draw. `stored` (how many draws the game
    /// has) stands in for a latest draw written without a number.
    pub fn number_after<E>(latest: Option<&Draw>, stored: impl FnOnce() -> Result<u64, E>) -> Result<u64, E> {
        Ok(match latest {
            None => 1,
            Some(Draw { number: Some(number), .. }) => number + 1,
            Some(_) => stored()? + 1,
        })
    }

    /// Nothing left to do: settled, or cancelled with every ticket refunded (`settled_at` marks that).
    pub fn is_finished(&self) -> bool {
        self.status.is_finished() && self.settled_at.is_some()
    }

    /// Whether a ticket bought at `now` is on time for this draw.
    pub fn is_selling(&self, now: DateTime<Utc>) -> bool {
        DrawSales { status: self.status, opens_at: self.opens_at, closes_at: self.closes_at }.is_selling(now)
    }

    /// The seed may be shown once the balls are out, or once a draw is cancelled after its tickets were fixed (an
    /// emergency cancel, or a witness who never revealed).
    pub fn revealed_seed(&self) -> Option<String> {
        let out = matches!(self.status, DrawStatus::Drawn | DrawStatus::Settled)
            || self.would_be_numbers.is_some()
            || (self.status == DrawStatus::Cancelled && self.tickets_root.is_some());
        out.then(|| self.seed.to_hex())
    }

    /// The scheme the draw's balls follow: `ayo-lotto/v1` only for draws closed with a tickets hash.
    pub fn scheme(&self) -> &'static str {
        if self.tickets_hash.is_some() && self.tickets_root.is_none() {
            ALGORITHM
        } else {
            ALGORITHM_V2
        }
    }

    /// What the balls are bound to besides the seed, once the tickets are fixed (and, with a witness, revealed).
    pub fn binding(&self) -> Option<Binding<'_>> {
        if let Some(tickets_root) = &self.tickets_root {
            let witness_secret = match &self.witness {
                None => "",
                Some(WitnessPart { secret: Some(secret), .. }) => secret,
                Some(_) => return None,
            };
            return match &self.beacon {
                None => Some(Binding::V2 { tickets_root, witness_secret }),
                Some(BeaconPart { randomness: Some(beacon_randomness), .. }) => {
                    Some(Binding::V2Beacon { tickets_root, witness_secret, beacon_randomness })
                }
                Some(_) => None,
            };
        }
        self.tickets_hash.as_deref().map(|tickets_hash| Binding::V1 { tickets_hash })
    }

    /// A witness has signed its commitment on this draw: the one condition for opening it for sale.
    pub fn witness_signed(&self) -> bool {
        self.witness.as_ref().is_some_and(|w| w.commitment_signature.is_some())
    }

    /// Every independent party the draw needs is in place before the first ticket: its witness has signed its
    /// commitment (when it needs one) and its drand round is fixed (when it needs one). The one condition for sale.
    pub fn party_ready(&self) -> bool {
        (!self.party.needs_witness() || self.witness_signed()) && (!self.party.needs_beacon() || self.beacon.is_some())
    }

    /// Whether the draw needs a witness it has not got yet (beacon-only draws never take one).
    pub fn wants_witness(&self) -> bool {
        self.party.needs_witness() && self.witness.is_none()
    }

    /// Scheduled, its sales time come, but held back for want of a signed witness commitment.
    pub fn held_for_witness(&self, now: DateTime<Utc>) -> bool {
        self.status == DrawStatus::Scheduled && now >= self.opens_at && !self.party_ready()
    }

    /// The balls can be computed from what is known (the tickets root is out, the witness, if any, has revealed,
    /// and the drand round, if any, is in): from then on the draw is not cancelled, so nobody can void a result
    /// after seeing it.
    pub fn result_knowable(&self) -> bool {
        (self.witness.is_some() || self.beacon.is_some())
            && self.tickets_root.is_some()
            && self.witness.as_ref().is_none_or(|w| w.secret.is_some())
            && self.beacon.as_ref().is_none_or(|b| b.randomness.is_some())
    }

    /// A drand round fixed on this draw and not yet verified.
    pub fn awaits_beacon(&self) -> bool {
        self.beacon.as_ref().is_some_and(|b| b.randomness.is_none())
    }

    /// A witness committed to this draw and has not revealed yet.
    pub fn awaits_witness(&self) -> bool {
        self.witness.as_ref().is_some_and(|w| w.secret.is_none())
    }

    /// Whether sales are over at `now` (closed, or past its closing time and about to be closed).
    pub fn sales_over(&self, now: DateTime<Utc>) -> bool {
        self.status == DrawStatus::Closed || (self.status == DrawStatus::Open && now >= self.closes_at)
    }
}
