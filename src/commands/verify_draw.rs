//! `ayo verify-draw`: recomputes a draw from what was published, exactly as the browser's Verify panel does, and
//! says whether everything agrees. Offline it reads the data directory (and rebuilds every leaf from the tickets
//! themselves); with `--url` it reads only the public API of a running server, as any outsider can.

use anyhow::{bail, Context};
use serde::Deserialize;

use ayo_data::draw_record::Record;
use ayo_data::lotto::canonical::parse_hex32;
use ayo_data::lotto::witness_signature::{self, commit_message, reveal_message};
use ayo_data::lotto::{commitment, draw_balls_bound, tickets_hash, witness_commitment, Balls, Binding, Seed};
use ayo_data::merkle::{self, Hash};
use ayo_data::ticket::TicketCard;
use ayo_data::Store;

/// A draw as published: the draw JSON's fields that verification reads.
#[derive(Debug, Deserialize)]
pub struct Published {
    pub id: u64,
    #[serde(default)]
    pub game_id: u64,
    #[serde(default)]
    pub draws_at: String,
    #[serde(default)]
    pub scheme: String,
    pub status: String,
    pub seed: Option<String>,
    pub commitment: String,
    pub tickets_hash: Option<String>,
    pub tickets_root: Option<String>,
    pub witness: Option<PublishedWitness>,
    pub numbers: Option<Balls>,
    pub machine_numbers: Option<Balls>,
    pub would_be_numbers: Option<Balls>,
    #[serde(default)]
    pub prev_draw_id: Option<u64>,
    #[serde(default)]
    pub prev_record_hash: Option<String>,
    #[serde(default)]
    pub record_hash: Option<String>,
    #[serde(default)]
    pub closes_at: String,
    /// The drand round the draw is fixed to (docs/fairness.md, "The drand beacon"); absent on other draws.
    #[serde(default)]
    pub beacon: Option<PublishedBeacon>,
}

#[derive(Debug, Deserialize)]
pub struct PublishedBeacon {
    pub network: String,
    pub chain_hash: String,
    pub round: u64,
    pub signature: Option<String>,
    pub randomness: Option<String>,
}

impl Published {
    /// The draw's record in the chain (docs/fairness.md, "The chain of draws"), rebuilt from what was published;
    /// `None` for a draw with no public result.
    pub fn record(&self) -> Option<Record> {
        let cancelled = self.status == "cancelled";
        let drawn = matches!(self.status.as_str(), "drawn" | "settled") && self.numbers.is_some();
        let tickets = self.tickets_root.clone().or_else(|| self.tickets_hash.clone())?;
        let seed = self.seed.clone()?;
        if !(drawn || cancelled) {
            return None;
        }
        Some(Record {
            id: self.id,
            game_id: self.game_id,
            draws_at: self.draws_at.clone(),
            scheme: self.scheme.clone(),
            commitment: self.commitment.clone(),
            tickets,
            witness_commitment: self.witness.as_ref().map(|w| w.commitment.clone()),
            witness_secret: self.witness.as_ref().and_then(|w| w.secret.clone()),
            seed,
            outcome: if cancelled { "cancelled" } else { "drawn" },
            numbers: if cancelled { self.would_be_numbers } else { self.numbers },
            machine_numbers: if cancelled { None } else { self.machine_numbers },
            prev_draw_id: self.prev_draw_id,
            prev_record_hash: self.prev_record_hash.clone(),
        })
    }
}

/// Walks the chain back from `draw` to its game's first record: each link must be the SHA-256 of the previous draw's
/// record as published now (`previous` fetches a draw). A report line per link, or an error naming the broken one.
pub fn check_chain(
    draw: &Published,
    mut previous: impl FnMut(u64) -> anyhow::Result<Published>,
) -> anyhow::Result<String> {
    let mut report = String::new();
    let mut current = match draw.record() {
        Some(record) => record,
        None => bail!("draw {} has no record in the chain yet", draw.id),
    };
    if let Some(published) = &draw.record_hash {
        if *published != current.hash() {
            bail!(
                "draw {} does NOT verify: its record hashes to {}, not the published record_hash {published}",
                draw.id,
                current.hash()
            );
        }
    }
    let mut links = 0usize;
    while let Some(prev_id) = current.prev_draw_id {
        let prev = previous(prev_id)?;
        let Some(record) = prev.record() else {
            bail!("draw {} does NOT verify: it links to draw {prev_id}, which has no published result", current.id);
        };
        let expected = current.prev_record_hash.clone().unwrap_or_default();
        if record.hash() != expected || record.game_id != current.game_id || prev_id >= current.id {
            bail!(
                "draw {} does NOT verify: the chain is broken at draw {prev_id}: its record now hashes to {}, but draw {} \
                 linked to {expected} (the record of draw {prev_id} was rewritten)",
                draw.id,
                record.hash(),
                current.id
            );
        }
        links += 1;
        current = record;
    }
    report.push_str(&format!(
        "  chain       {links} earlier record(s) of this game link back unbroken to draw {}\n",
        current.id
    ));
    Ok(report)
}

#[derive(Debug, Deserialize)]
pub struct PublishedWitness {
    pub commitment: String,
    pub secret: Option<String>,
    /// Named witnesses (docs/decisions/046); absent on draws from before them.
    #[serde(default)]
    pub name: Option<String>,
    #[serde(default)]
    pub public_key: Option<String>,
    #[serde(default)]
    pub commitment_signature: Option<String>,
    #[serde(default)]
    pub reveal_signature: Option<String>,
}

/// What the tickets commitment is recomputed from: the ticket ids (`ayo-lotto/v1`) or the leaves (`v2`).
pub enum Tickets {
    Ids(Vec<u64>),
    Leaves(Vec<Hash>),
}

/// Verifies `draw_id` from the data directory's store.
pub fn verify_draw(store: &Store, draw_id: u64) -> anyhow::Result<String> {
    let draw = store.games.draw(draw_id)?.with_context(|| format!("draw {draw_id} does not exist"))?;
    let game = store.games.game(draw.game_id)?;
    let published: Published = serde_json::from_value(ayo_actors::views::draw(&draw, game.as_ref()))?;
    let tickets = if draw.tickets_root.is_some() {
        // Rebuilt from the tickets themselves, not read back from the stored leaves.
        let key = store.meta.pseudonym_key()?;
        let cards: Vec<TicketCard> = store.books.tickets_of_draw(draw_id)?.iter().map(TicketCard::of).collect();
        let leaves = merkle::leaves_of(draw_id, &cards, &key, |card| card.terms_in(game.as_ref()));
        Tickets::Leaves(leaves.into_iter().map(|(_, leaf)| leaf).collect())
    } else {
        Tickets::Ids(store.books.ticket_ids_of_draw(draw_id)?)
    };
    let report = check(&published, &tickets)?;
    let chain = check_chain(&published, |id| {
        let draw = store.games.draw(id)?.with_context(|| format!("draw {id} does not exist"))?;
        let game = store.games.game(draw.game_id)?;
        Ok(serde_json::from_value(ayo_actors::views::draw(&draw, game.as_ref()))?)
    })?;
    Ok(with_chain(report, &chain))
}

/// The report with the chain's line before its verdict.
fn with_chain(report: String, chain: &str) -> String {
    match report.rfind("verified:") {
        Some(at) => format!("{}{chain}{}", &report[..at], &report[at..]),
        None => report + chain,
    }
}

/// Verifies `draw_id` from the public API at `base` (e.g. `https://ayolotto.ng`).
pub fn verify_draw_at(base: &str, draw_id: u64) -> anyhow::Result<String> {
    let base = base.trim_end_matches('/').to_string();
    actix_web::rt::System::new().block_on(async move {
        let client = reqwest::Client::builder().timeout(std::time::Duration::from_secs(30)).build()?;
        let get = |path: String| {
            let client = client.clone();
            let url = format!("{base}/api/v1{path}");
            async move {
                let response = client.get(&url).send().await.with_context(|| format!("GET {url}"))?;
                let status = response.status();
                let body: serde_json::Value = response.json().await.with_context(|| format!("GET {url}: not JSON"))?;
                if !status.is_success() {
                    bail!("GET {url}: {status}: {}", body["message"].as_str().unwrap_or("no message"));
                }
                Ok::<_, anyhow::Error>(body["data"].clone())
            }
        };
        let published: Published = serde_json::from_value(get(format!("/draws/{draw_id}")).await?)?;
        if let Some(key) = published.witness.as_ref().and_then(|w| w.public_key.as_deref()) {
            // The draw's witness must be one the public list names, with this key: else whoever publishes the draw
            // could sign as a witness nobody has heard of.
            let listed = get("/witnesses".to_string()).await?;
            let known = listed["witnesses"].as_array().into_iter().flatten().any(|w| w["public_key"] == key);
            if !known {
                bail!("draw {draw_id} does NOT verify: its witness key {key} is not listed at /witnesses");
            }
        }
        let tickets = if published.tickets_root.is_some() {
            let mut leaves = Vec::new();
            let mut offset = Some(0u64);
            while let Some(at) = offset {
                let page = get(format!("/draws/{draw_id}/leaves?offset={at}&limit=10000")).await?;
                for leaf in page["leaves"].as_array().into_iter().flatten() {
                    let text = leaf.as_str().unwrap_or_default();
                    let bytes = parse_hex32(text)
                        .map_err(|e| anyhow::anyhow!("draw {draw_id} does NOT verify: leaf {} {e}", leaves.len()))?;
                    leaves.push(bytes);
                }
                offset = page["next_offset"].as_u64();
            }
            Tickets::Leaves(leaves)
        } else if published.tickets_hash.is_some() {
            Tickets::Ids(serde_json::from_value(get(format!("/draws/{draw_id}/ticket-ids")).await?)?)
        } else {
            Tickets::Ids(Vec::new())
        };
        let report = check(&published, &tickets)?;
        let mut earlier = Vec::new();
        let mut prev = published.prev_draw_id;
        while let Some(id) = prev {
            let draw: Published = serde_json::from_value(get(format!("/draws/{id}")).await?)?;
            prev = draw.prev_draw_id.filter(|p| *p < id);
            earlier.push(draw);
        }
        let mut earlier = earlier.into_iter();
        let chain = check_chain(&published, |id| {
            earlier.next().filter(|d| d.id == id).with_context(|| format!("draw {id} could not be read"))
        })?;
        Ok(with_chain(report, &chain))
    })
}

/// Runs every check on a published draw and the tickets its commitment covers: a report, or an error carrying the
/// report when anything disagrees.
pub fn check(draw: &Published, tickets: &Tickets) -> anyhow::Result<String> {
    let id = draw.id;
    let Some(seed_hex) = &draw.seed else {
        bail!("draw {id} is {}: its seed is revealed only once it is drawn", draw.status);
    };
    refuse_other_spellings(draw)?;
    let seed = Seed::from_hex(seed_hex).map_err(|e| anyhow::anyhow!("draw {id}: {e}"))?;
    let mut checks: Vec<(String, bool)> =
        vec![("commitment = SHA-256(seed)".into(), commitment(&seed) == draw.commitment)];
    let mut report =
        format!("draw {id} ({})\n  seed        {seed_hex}\n  commitment  {}\n", draw.status, draw.commitment);
    let binding = match (&draw.tickets_root, &draw.tickets_hash, tickets) {
        (Some(root), _, Tickets::Leaves(leaves)) => {
            report.push_str(&format!("  tickets     {} (Merkle root {root})\n", leaves.len()));
            checks.push(("tickets_root is the root of the leaves".into(), hex::encode(merkle::root(leaves)) == *root));
            let witness_secret = match &draw.witness {
                None => {
                    report.push_str("  witness     none for this draw\n");
                    ""
                }
                Some(witness @ PublishedWitness { commitment, secret: Some(secret), .. }) => {
                    report.push_str(&format!("  witness     {secret} (committed {commitment})\n"));
                    let ok = witness_commitment(secret).as_deref() == Some(commitment.as_str());
                    checks.push(("witness commitment = SHA-256(witness secret)".into(), ok));
                    check_signatures(draw, witness, root, &mut report, &mut checks);
                    secret
                }
                Some(PublishedWitness { commitment, secret: None, .. }) => {
                    report.push_str(&format!("  witness     never revealed (committed {commitment})\n"));
                    return finish(id, report, checks, "the draw has no result: its witness never revealed");
                }
            };
            match &draw.beacon {
                None => Binding::V2 { tickets_root: root, witness_secret },
                Some(beacon) => match check_beacon(draw, beacon, &mut report, &mut checks) {
                    Some(beacon_randomness) => {
                        Binding::V2Beacon { tickets_root: root, witness_secret, beacon_randomness }
                    }
                    None => return finish(id, report, checks, "the draw has no result: its drand round never came"),
                },
            }
        }
        (None, Some(hash), Tickets::Ids(ids)) => {
            report.push_str(&format!("  tickets     {} (hash {hash})\n", ids.len()));
            checks.push(("tickets_hash covers the ticket list".into(), tickets_hash(ids) == *hash));
            Binding::V1 { tickets_hash: hash }
        }
        _ => bail!("draw {id} has no published tickets commitment"),
    };
    let outcome = draw_balls_bound(&seed, id, binding);
    match (draw.numbers, draw.machine_numbers, draw.would_be_numbers) {
        (Some(numbers), Some(machine), _) => {
            report.push_str(&format!("  balls       {numbers:?}\n  machine     {machine:?}\n"));
            checks.push(("winning balls".into(), outcome.numbers == numbers));
            checks.push(("machine numbers".into(), outcome.machine_numbers == machine));
        }
        (_, _, Some(would_be)) => {
            report.push_str(&format!("  would-be    {would_be:?} (cancelled after close)\n"));
            checks.push(("would-be balls of the cancelled draw".into(), outcome.numbers == would_be));
        }
        _ => bail!("draw {id} has no published result"),
    }
    finish(id, report, checks, "the result follows from the committed seed and the tickets")
}

/// The draw's drand round (docs/fairness.md, "The drand beacon"): quicknet, the first round published after the
/// draw's close, and the network's BLS signature on it, whose SHA-256 is the published randomness. The randomness to
/// bind the balls to, once the round is in.
fn check_beacon<'a>(
    draw: &Published,
    beacon: &'a PublishedBeacon,
    report: &mut String,
    checks: &mut Vec<(String, bool)>,
) -> Option<&'a str> {
    use ayo_data::lotto::beacon::{round_after, verify_round, QUICKNET_CHAIN_HASH, QUICKNET_PUBLIC_KEY};
    let network = beacon.network == "quicknet" && beacon.chain_hash == QUICKNET_CHAIN_HASH;
    checks.push(("the beacon is drand quicknet".into(), network));
    let closes_at = chrono::DateTime::parse_from_rfc3339(&draw.closes_at).map(|t| t.timestamp()).ok();
    let first_after = closes_at.map(round_after);
    checks.push(("the beacon round is the first after close".into(), first_after == Some(beacon.round)));
    let (Some(signature), Some(randomness)) = (&beacon.signature, &beacon.randomness) else {
        report.push_str(&format!("  beacon      drand quicknet round {} never taken\n", beacon.round));
        return None;
    };
    report.push_str(&format!("  beacon      drand quicknet round {}, randomness {randomness}\n", beacon.round));
    let verified = verify_round(QUICKNET_PUBLIC_KEY, beacon.round, signature).map(hex::encode);
    checks.push(("the network signed the round".into(), verified.is_ok()));
    checks.push(("beacon randomness = SHA-256(signature)".into(), verified.as_deref() == Ok(randomness.as_str())));
    Some(randomness.as_str())
}

/// A named witness's two signatures (docs/fairness.md, "Witness signatures"): its commitment on this draw, and its
/// reveal over the tickets root. A draw from before named witnesses carries no key and is said to be unsigned.
fn check_signatures(
    draw: &Published,
    witness: &PublishedWitness,
    root: &str,
    report: &mut String,
    checks: &mut Vec<(String, bool)>,
) {
    let Some(public_key) = &witness.public_key else {
        report.push_str("  signed      no (a draw from before named witnesses)\n");
        return;
    };
    let name = witness.name.as_deref().unwrap_or("(unnamed)");
    report.push_str(&format!("  witnessed   by {name}, key {public_key}\n"));
    let commit = commit_message(draw.id, &draw.commitment, &witness.commitment);
    let signed = witness.commitment_signature.as_deref().unwrap_or_default();
    let ok = witness_signature::verify(public_key, &commit, signed).is_ok();
    checks.push(("the witness signed its commitment on this draw".into(), ok));
    let secret = witness.secret.as_deref().unwrap_or_default();
    let reveal = reveal_message(draw.id, &draw.commitment, &witness.commitment, root, secret);
    let signed = witness.reveal_signature.as_deref().unwrap_or_default();
    let ok = witness_signature::verify(public_key, &reveal, signed).is_ok();
    checks.push(("the witness signed its reveal over the root".into(), ok));
}

/// Every hashed value of the draw must be its one canonical spelling (docs/fairness.md, "Encodings"): the balls'
/// HMAC takes the tickets commitment and the witness's secret as text, so a re-spelled value that decodes to the
/// committed bytes would still give other balls. Refused before anything is computed, naming the field.
fn refuse_other_spellings(draw: &Published) -> anyhow::Result<()> {
    let witness = draw.witness.as_ref();
    let fields = [
        ("seed", draw.seed.as_deref()),
        ("commitment", Some(draw.commitment.as_str())),
        ("tickets_hash", draw.tickets_hash.as_deref()),
        ("tickets_root", draw.tickets_root.as_deref()),
        ("witness.commitment", witness.map(|w| w.commitment.as_str())),
        ("witness.secret", witness.and_then(|w| w.secret.as_deref())),
        ("beacon.randomness", draw.beacon.as_ref().and_then(|b| b.randomness.as_deref())),
    ];
    for (field, text) in fields {
        if let Some(Err(e)) = text.map(parse_hex32) {
            bail!("draw {} does NOT verify: `{field}` {e}", draw.id);
        }
    }
    Ok(())
}

fn finish(id: u64, mut report: String, checks: Vec<(String, bool)>, verdict: &str) -> anyhow::Result<String> {
    for (what, ok) in &checks {
        report.push_str(&format!("  {what:<46} {}\n", if *ok { "OK" } else { "MISMATCH" }));
    }
    if checks.iter().any(|(_, ok)| !ok) {
        bail!("{report}draw {id} does NOT verify");
    }
    report.push_str(&format!("verified: {verdict}"));
    Ok(report)
}
