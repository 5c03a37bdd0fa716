//! `ayo verify-draw`: recomputes a draw from what was published, exactly as the browser's Verify panel does, and
//! says whether everything agrees. Offline it reads the data directory (and rebuilds every leaf from the tickets
//! themselves); with `--url` it reads only the public API of a running server, as any outsider can.

use anyhow::{bail, Context};
use serde::Deserialize;

use ayo_data::lotto::canonical::parse_hex32;
use ayo_data::lotto::{commitment, draw_balls_bound, tickets_hash, witness_commitment, Balls, Binding, Seed};
use ayo_data::merkle::{self, Hash};
use ayo_data::ticket::TicketCard;
use ayo_data::Store;

/// A draw as published: the draw JSON's fields that verification reads.
#[derive(Debug, Deserialize)]
pub struct Published {
    pub id: u64,
    pub status: String,
    pub seed: Option<String>,
    pub commitment: String,
    pub tickets_hash: Option<String>,
    pub tickets_root: Option<String>,
    pub witness: Option<PublishedWitness>,
    pub numbers: Option<Balls>,
    pub machine_numbers: Option<Balls>,
    pub would_be_numbers: Option<Balls>,
}

#[derive(Debug, Deserialize)]
pub struct PublishedWitness {
    pub commitment: String,
    pub secret: Option<String>,
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
    check(&published, &tickets)
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
        check(&published, &tickets)
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
                Some(PublishedWitness { commitment, secret: Some(secret) }) => {
                    report.push_str(&format!("  witness     {secret} (committed {commitment})\n"));
                    let ok = witness_commitment(secret).as_deref() == Some(commitment.as_str());
                    checks.push(("witness commitment = SHA-256(witness secret)".into(), ok));
                    secret
                }
                Some(PublishedWitness { commitment, secret: None }) => {
                    report.push_str(&format!("  witness     never revealed (committed {commitment})\n"));
                    return finish(id, report, checks, "the draw has no result: its witness never revealed");
                }
            };
            Binding::V2 { tickets_root: root, witness_secret }
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
