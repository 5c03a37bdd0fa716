//! Whose commitment a new draw takes (docs/decisions/046): the registered witnesses take turns, in account order,
//! starting after the witness of the game's previous draw. Pools are per witness, so a witness that keeps its pool
//! full gets its turns and no more: it cannot starve another of draws (issue 30). A witness with nothing pooled is
//! skipped; with nobody able, the draw has no witness yet and is not sold (docs/fairness.md).

use ayo_data::draw::WitnessPart;
use ayo_data::user::UserId;
use ayo_data::{Store, StoreResult};

/// Takes the next witness's oldest commitment, naming that witness; `after` is the witness of the game's previous
/// draw, if any.
pub fn take_next(store: &Store, after: Option<UserId>) -> StoreResult<Option<WitnessPart>> {
    let mut entries = store.witness.entries()?;
    entries.sort_by_key(|e| e.witness_id);
    // Those after the previous draw's witness first, then from the start: each one's turn comes round.
    let split = after.map_or(0, |last| entries.iter().position(|e| e.witness_id > last).unwrap_or(entries.len()));
    entries.rotate_left(split);
    for entry in &entries {
        if let Some(pooled) = store.witness.take_from(entry.witness_id)? {
            return Ok(Some(WitnessPart::named(pooled, entry)));
        }
    }
    Ok(None)
}
