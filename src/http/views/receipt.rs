//! A ticket's receipt (docs/fairness.md): the exact text its leaf hashes, and the inclusion proof from that leaf to
//! the tickets root its draw published at close.

use serde_json::{json, Value};

use ayo_data::draw::Draw;
use ayo_data::game::Game;
use ayo_data::merkle;
use ayo_data::ticket::{Ticket, TicketCard};
use ayo_data::{Store, StoreResult};

/// The receipt of `ticket` in `draw`'s tree, or `null` before close (or for a ticket the tree does not hold).
pub fn of(store: &Store, ticket: &Ticket, draw: &Draw, game: Option<&Game>) -> StoreResult<Value> {
    if draw.tickets_root.is_none() {
        return Ok(Value::Null);
    }
    let Some(leaves) = store.games.leaves(draw.id)? else { return Ok(Value::Null) };
    let Some(receipt) = merkle::receipt(&leaves, ticket.id) else { return Ok(Value::Null) };
    let card = TicketCard::of(ticket);
    let terms = card.terms_in(game);
    let player = merkle::pseudonym(&store.meta.pseudonym_key()?, ticket.user_id);
    Ok(json!({
        "scheme": ayo_data::lotto::fair::ALGORITHM_V2,
        "leaf_data": merkle::leaf_data(draw.id, &card, &player, terms),
        "leaf": hex::encode(receipt.leaf),
        "index": receipt.index,
        "tree_size": receipt.tree_size,
        "proof": receipt.proof.iter().map(hex::encode).collect::<Vec<_>>(),
        "root": hex::encode(receipt.root),
        "player": player,
    }))
}
