//! Purchases bought together in one transaction (`WalletStore::purchase_many`, the store's purchase queue): each
//! is decided as if bought alone, in order, and only the accepted ones are written.
#![allow(clippy::unwrap_used, clippy::expect_used)] // a failed unwrap is a failed test

use ayo_data::lotto::Bet;
use ayo_data::money::Kobo;
use ayo_data::seam::PurchaseError;
use ayo_data::Store;

mod common;
use common::{game_and_draw, player, purchase_of, FUNDING};

fn nap1(n: u8) -> Bet {
    Bet::parse("NAP1", &[n], &[], &[]).unwrap()
}

#[test]
fn purchases_bought_together_are_decided_in_order_and_only_the_accepted_ones_are_written() {
    let store = Store::temporary().unwrap();
    let (game, draw) = game_and_draw(&store);
    let (ada, bola) = (player(&store, 1), player(&store, 2));
    let first = purchase_of(&store, &game, &draw, &ada, nap1(7), "ada-1");
    let replay = purchase_of(&store, &game, &draw, &ada, nap1(8), "ada-1");
    let bolas = purchase_of(&store, &game, &draw, &bola, nap1(9), "bola-1");
    // Ada's last purchase would take her below zero once her first one is paid for.
    let mut too_much = purchase_of(&store, &game, &draw, &ada, nap1(10), "ada-2");
    too_much.ticket.total_stake = Kobo(FUNDING - first.ticket.total_stake.as_i64() + 1);

    let answers = store.wallets().unwrap().purchase_many(&[first.clone(), replay, bolas.clone(), too_much]).unwrap();

    let bought = answers[0].as_ref().unwrap();
    assert!(!bought.replayed);
    assert_eq!(bought.balance.as_i64(), FUNDING - first.ticket.total_stake.as_i64());
    let replayed = answers[1].as_ref().unwrap();
    assert!(replayed.replayed, "the same key in the same batch answers the first ticket");
    assert_eq!(replayed.value.id, first.ticket.id);
    assert!(replayed.entries.is_empty());
    assert_eq!(answers[2].as_ref().unwrap().value.id, bolas.ticket.id);
    assert!(matches!(answers[3], Err(PurchaseError::InsufficientFunds { .. })), "{:?}", answers[3]);

    assert_eq!(store.wallets().unwrap().balance(ada.id).unwrap(), FUNDING - first.ticket.total_stake.as_i64());
    assert_eq!(store.wallets().unwrap().balance(bola.id).unwrap(), FUNDING - bolas.ticket.total_stake.as_i64());
    let mut in_draw = store.wallets().unwrap().ticket_ids_of_draw(draw.id).unwrap();
    in_draw.sort_unstable();
    assert_eq!(in_draw, vec![first.ticket.id, bolas.ticket.id], "the replay and the refused purchase wrote nothing");
    let stakes = store
        .wallets()
        .unwrap()
        .entries_of_user(ada.id)
        .unwrap()
        .into_iter()
        .filter(|e| e.amount.is_negative())
        .count();
    assert_eq!(stakes, 1, "one stake entry for Ada");
}

#[tokio::test]
async fn the_purchase_queue_answers_each_caller_with_its_own_ticket() {
    let store = Store::temporary().unwrap();
    let (game, draw) = game_and_draw(&store);
    let players: Vec<_> = (1..=20).map(|n| player(&store, n)).collect();
    let waits: Vec<_> = players
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let purchase = purchase_of(&store, &game, &draw, p, nap1(i as u8 + 1), "k");
            (purchase.ticket.id, store.buy(purchase))
        })
        .collect();
    for (id, wait) in waits {
        let bought = wait.await.unwrap().unwrap();
        assert_eq!(bought.value.id, id);
    }
    store.flush().await.unwrap();
    assert_eq!(store.wallets().unwrap().ticket_ids_of_draw(draw.id).unwrap().len(), 20);
}
