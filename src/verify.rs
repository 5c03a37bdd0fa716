//! `ayo verify-draw`: recomputes a draw from what was published (seed, commitment, ticket ids) exactly as the
//! browser's Verify panel does, and says whether everything agrees.

use anyhow::{bail, Context};

use ayo_data::lotto::{commitment, draw_balls, tickets_hash};
use ayo_data::Store;

pub fn verify_draw(store: &Store, draw_id: u64) -> anyhow::Result<String> {
    let draw = store.games.draw(draw_id)?.with_context(|| format!("draw {draw_id} does not exist"))?;
    let Some(seed_hex) = draw.revealed_seed() else {
        bail!("draw {draw_id} is {}: its seed is revealed only once it is drawn", draw.status.as_str());
    };
    let (Some(numbers), Some(machine), Some(published_hash)) = (draw.numbers, draw.machine_numbers, &draw.tickets_hash)
    else {
        bail!("draw {draw_id} has no published result");
    };
    let ids = store.wallets.ticket_ids_of_draw(draw_id)?;
    let recomputed_hash = tickets_hash(&ids);
    let recomputed_commitment = commitment(&draw.seed);
    let outcome = draw_balls(&draw.seed, draw_id, published_hash);
    let checks = [
        ("commitment = SHA-256(seed)", recomputed_commitment == draw.commitment),
        ("tickets_hash covers the ticket list", &recomputed_hash == published_hash),
        ("winning balls", outcome.numbers == numbers),
        ("machine numbers", outcome.machine_numbers == machine),
    ];
    let mut report = format!(
        "draw {draw_id}\n  seed        {seed_hex}\n  commitment  {}\n  tickets     {} (hash {published_hash})\n  balls       {:?}\n  machine     {:?}\n",
        draw.commitment,
        ids.len(),
        numbers,
        machine
    );
    for (what, ok) in checks {
        report.push_str(&format!("  {:<38} {}\n", what, if ok { "OK" } else { "MISMATCH" }));
    }
    if checks.iter().any(|(_, ok)| !ok) {
        bail!("{report}draw {draw_id} does NOT verify");
    }
    report.push_str("verified: the result follows from the committed seed and the ticket list");
    Ok(report)
}
