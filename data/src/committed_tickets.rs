//! Settling exactly what was committed (docs/fairness.md, "Settling exactly what was committed"): before any credit,
//! the leaves of the tickets about to be settled are recomputed from the stored tickets and must be the leaves under
//! the root the draw published at close. A ticket altered, added or dropped in the store after close (by someone with
//! write access to the database) then stops the draw's payouts instead of being paid.

use crate::draw::Draw;
use crate::game::Game;
use crate::merkle::{self, Hash};
use crate::ticket::{TicketCard, TicketId};

/// Whether `cards` (the pending tickets to settle, any order) are exactly what `draw` committed to: `stored` (the
/// leaves kept at close, in id order) must give the published `tickets_root`, and each card's recomputed leaf must be
/// its stored leaf. With `complete` (nobody settled yet) every committed ticket must be among the cards too. A draw of
/// scheme v1 (no tree) has nothing to check. `Err` says what does not match, for the operators' alert.
pub fn check(
    draw: &Draw,
    stored: &[(TicketId, Hash)],
    cards: &[TicketCard],
    pseudonym_key: &[u8; 32],
    game: &Game,
    complete: bool,
) -> Result<(), String> {
    let Some(published) = &draw.tickets_root else { return Ok(()) };
    let hashes: Vec<Hash> = stored.iter().map(|(_, leaf)| *leaf).collect();
    if hex::encode(merkle::root(&hashes)) != *published {
        return Err(format!("the stored leaves of draw #{} do not give its published tickets root", draw.id));
    }
    let mut recomputed = merkle::leaves_of(draw.id, cards, pseudonym_key, |card| card.terms_or(game));
    recomputed.sort_unstable_by_key(|(id, _)| *id);
    let mut problems = Vec::new();
    let mut at = 0;
    for (id, leaf) in &recomputed {
        while at < stored.len() && stored[at].0 < *id {
            at += 1;
        }
        match stored.get(at) {
            Some((stored_id, stored_leaf)) if stored_id == id => {
                if stored_leaf != leaf {
                    problems.push(format!("ticket #{id} is not the ticket committed at close"));
                }
            }
            _ => problems.push(format!("ticket #{id} was not among the tickets committed at close")),
        }
    }
    if complete && recomputed.len() < stored.len() {
        problems.push(format!("{} committed ticket(s) are missing", stored.len() - recomputed.len()));
    }
    if problems.is_empty() {
        return Ok(());
    }
    let shown: Vec<&str> = problems.iter().take(5).map(String::as_str).collect();
    Err(format!(
        "the tickets of draw #{} are not those under its published tickets root ({} problem(s)): {}",
        draw.id,
        problems.len(),
        shown.join("; ")
    ))
}
