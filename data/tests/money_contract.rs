//! The money moves' contract (`seam::Money`), the same cases against both engines: the embedded store
//! (`embedded_*`, in every `cargo test`) and PostgreSQL with three nodes on one database (`cluster_*`, `#[ignore]`d:
//! scripts/test.sh runs them beside a throwaway PostgreSQL, `AYO_TEST_POSTGRES_URL`). The lottery is made in an
//! embedded store and, for PostgreSQL, moved there by `ayo migrate`'s import, as an operator would.
#![allow(clippy::unwrap_used, clippy::expect_used)] // a failed unwrap is a failed test

use chrono::Utc;
use tokio::task::JoinSet;

use ayo_data::draw::{Draw, DrawStatus};
use ayo_data::game::Game;
use ayo_data::ledger::{EntryKind, EntryStatus, LedgerEntry};
use ayo_data::lotto::Bet;
use ayo_data::money::Kobo;
use ayo_data::pg::{draws, lease};
use ayo_data::risk_limits::RiskLimits;
use ayo_data::seam::{Outcome, Payout, Purchase, PurchaseError, Refund};
use ayo_data::ticket::TicketStatus;
use ayo_data::user::User;
use ayo_data::Store;

mod common;
use common::{game_and_draw, next_draw, player, purchase_of, FUNDING};

/// Three funded players, a game with a selling draw and a closed one.
struct Lottery {
    store: Store,
    game: Game,
    draw: Draw,
    closed: Draw,
    players: Vec<User>,
}

fn lottery() -> Lottery {
    let store = Store::temporary().unwrap();
    let (game, draw) = game_and_draw(&store);
    let closed = next_draw(&store, &draw, DrawStatus::Closed);
    let players = (1..=3).map(|n| player(&store, n)).collect();
    Lottery { store, game, draw, closed, players }
}

/// `nodes` PostgreSQL nodes on a fresh database holding `lottery`, moved there by the import; and its URL.
async fn on_postgres(lottery: &Lottery, nodes: usize) -> (Vec<Store>, String) {
    let admin = std::env::var("AYO_TEST_POSTGRES_URL").expect("AYO_TEST_POSTGRES_URL (scripts/cluster-services.sh)");
    let url = ayo_data::pg::new_database(&admin, "ayo_money").await.unwrap();
    let mut client = ayo_data::pg::connect(&url).await.unwrap();
    ayo_data::migrate::import(&lottery.store, &mut client).await.unwrap();
    let mut connected = Vec::new();
    for _ in 0..nodes {
        connected.push(Store::cluster(&url, &[7; 32]).unwrap());
    }
    (connected, url)
}

fn nap1(n: u8) -> Bet {
    Bet::parse("NAP1", &[n], &[], &[]).unwrap()
}

/// A priced purchase with ids from `node`.
fn purchase(node: &Store, l: &Lottery, user: &User, draw: &Draw, key: &str) -> Purchase {
    let mut purchase = purchase_of(&l.store, &l.game, draw, user, nap1(7), key);
    purchase.ticket.id = node.ids.next_id().unwrap();
    purchase.entry_id = node.ids.next_id().unwrap();
    purchase
}

fn balance(node: &Store, user: &User) -> Kobo {
    Kobo(node.books.balance(user.id).unwrap())
}

fn assert_balanced(node: &Store) {
    assert_eq!(node.money.unbalanced().unwrap(), Vec::<String>::new(), "every balance is the sum of its ledger");
}

async fn a_replay_answers_the_first_ticket_and_moves_nothing(l: &Lottery, nodes: &[Store]) {
    let ada = &l.players[0];
    let first = purchase(&nodes[0], l, ada, &l.draw, "ada-1");
    let again = purchase(&nodes[1], l, ada, &l.draw, "ada-1");
    let bought = nodes[0].money.buy(first.clone()).await.unwrap().unwrap();
    assert!(!bought.replayed);
    assert_eq!(bought.balance.as_i64(), FUNDING - first.ticket.total_stake.as_i64());
    let replayed = nodes[1].money.buy(again).await.unwrap().unwrap();
    assert!(replayed.replayed, "the same key on another node answers the first ticket");
    assert_eq!(replayed.value.id, first.ticket.id);
    assert!(replayed.entries.is_empty());
    assert_eq!(balance(&nodes[2], ada), bought.balance, "paid for once");
    assert_balanced(&nodes[0]);
}

async fn refused_purchases_write_nothing(l: &Lottery, nodes: &[Store]) {
    let ada = &l.players[0];
    let closed = purchase(&nodes[0], l, ada, &l.closed, "closed");
    assert_eq!(nodes[0].money.buy(closed).await.unwrap(), Err(PurchaseError::DrawNotSelling));
    let mut too_dear = purchase(&nodes[1], l, ada, &l.draw, "too-dear");
    too_dear.ticket.total_stake = Kobo(FUNDING + 1);
    assert!(matches!(nodes[1].money.buy(too_dear).await.unwrap(), Err(PurchaseError::InsufficientFunds { .. })));
    assert_eq!(balance(&nodes[2], ada), Kobo(FUNDING));
    assert_balanced(&nodes[0]);
}

async fn purchases_sent_to_every_node_at_once_never_overdraw(l: &Lottery, nodes: &[Store]) {
    let bola = &l.players[1];
    let stake = FUNDING / 5;
    let mut buying = JoinSet::new();
    for i in 0..30 {
        let node = nodes[i % nodes.len()].clone();
        let mut p = purchase(&node, l, bola, &l.draw, &format!("bola-{i}"));
        p.ticket.total_stake = Kobo(stake);
        buying.spawn(async move { node.money.buy(p).await.unwrap() });
    }
    let answers = buying.join_all().await;
    let bought = answers.iter().filter(|a| a.is_ok()).count();
    let short = answers.iter().filter(|a| matches!(a, Err(PurchaseError::InsufficientFunds { .. }))).count();
    assert_eq!((bought, short), (5, 25), "exactly the five the balance covers are sold");
    assert_eq!(balance(&nodes[0], bola), Kobo::ZERO);
    assert_balanced(&nodes[0]);
}

async fn a_keyed_move_happens_once_and_never_below_zero(l: &Lottery, nodes: &[Store]) {
    let chidi = &l.players[2];
    let entry = |id, amount| LedgerEntry {
        id,
        user_id: chidi.id,
        kind: EntryKind::Adjustment,
        status: EntryStatus::Success,
        amount: Kobo(amount),
        balance_after: Kobo::ZERO,
        reference: "bonus".into(),
        description: "goodwill".into(),
        created_at: Utc::now(),
    };
    let credit = entry(nodes[0].ids.next_id().unwrap(), 50_000);
    let first = nodes[0].money.apply_once(credit.clone(), Some("goodwill-1")).unwrap().unwrap();
    assert!(!first.replayed);
    let again = entry(nodes[1].ids.next_id().unwrap(), 50_000);
    let replayed = nodes[1].money.apply_once(again, Some("goodwill-1")).unwrap().unwrap();
    assert!(replayed.replayed);
    assert_eq!(replayed.value.id, credit.id, "the repeat answers the first entry");
    let overdraw = entry(nodes[2].ids.next_id().unwrap(), -(FUNDING + 50_001));
    assert_eq!(nodes[2].money.apply_once(overdraw, None).unwrap(), None, "refused below zero");
    assert_eq!(balance(&nodes[0], chidi), Kobo(FUNDING + 50_000));
    assert_balanced(&nodes[0]);
}

async fn a_settlement_run_on_two_nodes_at_once_pays_once(l: &Lottery, nodes: &[Store]) {
    let ada = &l.players[0];
    let winner = purchase(&nodes[0], l, ada, &l.draw, "win");
    let loser = purchase(&nodes[0], l, ada, &l.draw, "lose");
    let stakes = winner.ticket.total_stake.as_i64() + loser.ticket.total_stake.as_i64();
    nodes[0].money.buy(winner.clone()).await.unwrap().unwrap();
    nodes[1].money.buy(loser.clone()).await.unwrap().unwrap();
    let outcome = Outcome { ticket: winner.ticket.id, lines_won: 1, winnings: Kobo(100_000), tax: Kobo(5_000) };
    let mut settling = JoinSet::new();
    for node in &nodes[..2] {
        let node = node.clone();
        let ids = vec![node.ids.next_id().unwrap(), node.ids.next_id().unwrap()];
        let (user, draw) = (ada.id, l.draw.id);
        settling.spawn_blocking(move || {
            node.money.settle(Payout { user, draw, outcomes: &[outcome], entry_ids: &ids }, Utc::now()).unwrap()
        });
    }
    let runs = settling.join_all().await;
    assert_eq!(runs.iter().filter(|run| !run.replayed).count(), 1, "one run pays, the other finds it done");
    let paid = runs.iter().find(|run| !run.replayed).unwrap();
    assert_eq!(paid.entries.len(), 2, "the win and its tax");
    assert_eq!(balance(&nodes[2], ada), Kobo(FUNDING - stakes + 95_000));
    assert_balanced(&nodes[0]);
}

async fn a_cancelled_draws_refund_runs_once(l: &Lottery, nodes: &[Store]) {
    let bola = &l.players[1];
    let first = purchase(&nodes[0], l, bola, &l.draw, "r-1");
    let second = purchase(&nodes[1], l, bola, &l.draw, "r-2");
    nodes[0].money.buy(first.clone()).await.unwrap().unwrap();
    nodes[1].money.buy(second.clone()).await.unwrap().unwrap();
    let tickets = vec![first.ticket.id, second.ticket.id];
    let ids = vec![nodes[2].ids.next_id().unwrap(), nodes[2].ids.next_id().unwrap()];
    let refunded =
        nodes[2].money.refund(Refund { user: bola.id, tickets: &tickets, entry_ids: &ids }, Utc::now()).unwrap();
    assert_eq!(refunded.value.len(), 2);
    assert!(refunded.value.iter().all(|t| t.status == TicketStatus::Refunded));
    assert_eq!(refunded.balance, Kobo(FUNDING), "every stake back");
    let ids = vec![nodes[0].ids.next_id().unwrap(), nodes[0].ids.next_id().unwrap()];
    let again =
        nodes[0].money.refund(Refund { user: bola.id, tickets: &tickets, entry_ids: &ids }, Utc::now()).unwrap();
    assert!(again.value.is_empty() && again.entries.is_empty(), "a rerun refunds nothing");
    assert_eq!(balance(&nodes[1], bola), Kobo(FUNDING));
    assert_balanced(&nodes[0]);
}

/// One case against both engines: three handles on one embedded store, three PostgreSQL nodes on one database.
/// `$lottery` (`lottery` unless named) makes the lottery each is played on.
macro_rules! both_engines {
    ($case:ident, $embedded:ident, $cluster:ident) => {
        both_engines!($case, $embedded, $cluster, lottery);
    };
    ($case:ident, $embedded:ident, $cluster:ident, $lottery:ident) => {
        #[tokio::test]
        async fn $embedded() {
            let l = $lottery();
            let nodes = vec![l.store.clone(), l.store.clone(), l.store.clone()];
            $case(&l, &nodes).await;
        }

        #[tokio::test]
        #[ignore = "needs PostgreSQL: scripts/test.sh runs it beside a throwaway one"]
        async fn $cluster() {
            let l = $lottery();
            let (nodes, _) = on_postgres(&l, 3).await;
            $case(&l, &nodes).await;
        }
    };
}

both_engines!(
    a_replay_answers_the_first_ticket_and_moves_nothing,
    embedded_replay_answers_the_first_ticket,
    cluster_replay_answers_the_first_ticket
);
both_engines!(refused_purchases_write_nothing, embedded_refusals_write_nothing, cluster_refusals_write_nothing);
both_engines!(
    purchases_sent_to_every_node_at_once_never_overdraw,
    embedded_concurrent_purchases_never_overdraw,
    cluster_concurrent_purchases_on_three_nodes_never_overdraw
);
both_engines!(
    a_keyed_move_happens_once_and_never_below_zero,
    embedded_keyed_move_happens_once,
    cluster_keyed_move_happens_once
);
both_engines!(a_cancelled_draws_refund_runs_once, embedded_refund_runs_once, cluster_refund_runs_once);
both_engines!(
    a_settlement_run_on_two_nodes_at_once_pays_once,
    embedded_settlement_pays_once,
    cluster_settlement_on_two_nodes_pays_once
);

/// The lottery with the game's payout on one number held to ₦3,000: one NAP1 at ₦50 (₦2,000 if it comes first)
/// fits, a second on the same number does not.
fn limited_lottery() -> Lottery {
    lottery_paying_on_a_number_at_most(Kobo(300_000))
}

/// The lottery with the game's payout on one number held to `most`.
fn lottery_paying_on_a_number_at_most(most: Kobo) -> Lottery {
    let mut l = lottery();
    l.game.risk_limits = RiskLimits { max_number_payout: Some(most), ..RiskLimits::default() };
    l.store.games.put_game(&l.game).unwrap();
    l
}

/// A purchase refused by a limit moves nothing, and a purchase of the same player bought together with it is decided
/// as if the refused one had never been asked: it may spend what the refused one did not take. (On PostgreSQL the
/// two may also land in two batches, in either order; then the one on 8 may come first and leave nothing for 7.
/// Either way 8 is sold and 7 is not.)
async fn a_refusal_by_the_limits_leaves_the_players_next_purchase_its_money(l: &Lottery, nodes: &[Store]) {
    let (ada, bola) = (&l.players[0], &l.players[1]);
    let first_on_7 = purchase(&nodes[0], l, bola, &l.draw, "bola-7");
    let first = nodes[0].money.buy(first_on_7).await;
    assert!(matches!(first, Ok(Ok(_))), "₦2,000 on 7 fits under ₦3,000: {first:?}");
    let mut all_on_7 = purchase(&nodes[1], l, ada, &l.draw, "ada-7");
    all_on_7.ticket.total_stake = Kobo(FUNDING);
    let mut all_on_8 = purchase(&nodes[1], l, ada, &l.draw, "ada-8");
    all_on_8.ticket.bet = nap1(8);
    all_on_8.ticket.total_stake = Kobo(FUNDING);
    let (on_7, on_8) = tokio::join!(nodes[1].money.buy(all_on_7), nodes[1].money.buy(all_on_8));
    let on_7 = on_7.unwrap();
    assert!(
        matches!(on_7, Err(PurchaseError::LiabilityLimit { .. } | PurchaseError::InsufficientFunds { .. })),
        "a second ₦2,000 on 7 is refused: {on_7:?}"
    );
    let on_8 = on_8.unwrap().expect("8 is sold: the refused purchase took none of the money");
    assert_eq!(on_8.balance, Kobo::ZERO);
    assert_eq!(balance(&nodes[2], ada), Kobo::ZERO);
    let tickets = nodes[2].books.tickets_of_draw(l.draw.id).unwrap();
    let mut keys: Vec<&str> = tickets.iter().map(|t| t.idempotency_key.as_str()).collect();
    keys.sort_unstable();
    assert_eq!(keys, ["ada-8", "bola-7"], "the refused ticket was never written");
    assert_balanced(&nodes[0]);
}

both_engines!(
    a_refusal_by_the_limits_leaves_the_players_next_purchase_its_money,
    embedded_a_refusal_by_the_limits_leaves_the_next_purchase_its_money,
    cluster_a_refusal_by_the_limits_leaves_the_next_purchase_its_money,
    limited_lottery
);

/// The lottery with the game's payout on one number held to ₦10,000: five NAP1 at ₦50 on one number (₦2,000 each if
/// it comes first) fit exactly, a sixth does not.
fn five_on_a_number_lottery() -> Lottery {
    lottery_paying_on_a_number_at_most(Kobo(1_000_000))
}

/// A node selling far from the limits holds a share of the draw's headroom on PostgreSQL (decision 067), but never
/// at another node's cost: the other node's purchases fill the limit to the last kobo (the share is taken back for
/// the one that needs it), and the holder's next purchase, which its share alone would have let through, is
/// refused. On the embedded store, the same five sales and the same refusal.
async fn a_share_of_the_headroom_never_costs_another_node_a_sale_the_draw_can_take(l: &Lottery, nodes: &[Store]) {
    let [ada, bola, chidi] = [&l.players[0], &l.players[1], &l.players[2]];
    let first = nodes[0].money.buy(purchase(&nodes[0], l, ada, &l.draw, "a-1")).await.unwrap();
    assert!(first.is_ok(), "the first ₦2,000 on 7: {first:?}");
    for n in 2..=5 {
        let sold = nodes[1].money.buy(purchase(&nodes[1], l, bola, &l.draw, &format!("b-{n}"))).await.unwrap();
        assert!(sold.is_ok(), "sale {n} on 7 keeps ₦{} of ₦10,000 riding on it: {sold:?}", n * 2_000);
    }
    let past = nodes[0].money.buy(purchase(&nodes[0], l, chidi, &l.draw, "a-6")).await.unwrap();
    assert!(matches!(past, Err(PurchaseError::LiabilityLimit { .. })), "a sixth would pass the limit: {past:?}");
    let sold = nodes[2].books.tickets_of_draw(l.draw.id).unwrap();
    assert_eq!(sold.len(), 5, "five tickets on 7: exactly the limit rides on it");
    assert_eq!(balance(&nodes[2], chidi), Kobo(FUNDING), "the refused sale moved nothing");
    assert_balanced(&nodes[0]);
}

both_engines!(
    a_share_of_the_headroom_never_costs_another_node_a_sale_the_draw_can_take,
    embedded_limits_are_filled_exactly_whichever_node_sells,
    cluster_a_share_of_the_headroom_never_costs_another_node_a_sale,
    five_on_a_number_lottery
);

/// Closing a draw while three nodes sell into it: every purchase answered before the close is counted in it, every
/// one after is refused, and not one ticket gets in after the count (the ticket root is built over exactly these).
#[tokio::test]
#[ignore = "needs PostgreSQL: scripts/test.sh runs it beside a throwaway one"]
async fn cluster_closing_a_draw_while_three_nodes_sell_lets_no_ticket_in_after_it() {
    let l = lottery();
    let (nodes, url) = on_postgres(&l, 3).await;
    let mut buying = JoinSet::new();
    for i in 0..30 {
        let node = nodes[i % 3].clone();
        let mut purchases = Vec::new();
        for n in 0..300 {
            let mut p = purchase(&node, &l, &l.players[i % 3], &l.draw, &format!("{i}-{n}"));
            p.ticket.total_stake = Kobo(1_000);
            purchases.push(p);
        }
        buying.spawn(async move {
            let mut bought = 0u64;
            for p in purchases {
                match node.money.buy(p).await.unwrap() {
                    Ok(_) => bought += 1,
                    Err(PurchaseError::DrawNotSelling) => return (bought, true),
                    Err(e) => panic!("{e}"),
                }
            }
            (bought, false)
        });
    }
    let mut client = ayo_data::pg::connect(&url).await.unwrap();
    let tickets = "SELECT count(*) FROM tickets";
    while client.query_one(tickets, &[]).await.unwrap().get::<_, i64>(0) < 300 {
        tokio::time::sleep(std::time::Duration::from_millis(5)).await;
    }
    let ttl = std::time::Duration::from_secs(10);
    let fence = lease::acquire(&client, l.draw.id as i64, "node-a", ttl).await.unwrap().unwrap();
    let held = lease::Lease { draw: l.draw.id as i64, holder: "node-a".into(), fence };
    let counted = draws::close(&mut client, &held, ttl).await.unwrap().expect("the draw was open");

    let answers = buying.join_all().await;
    let bought: u64 = answers.iter().map(|(bought, _)| bought).sum();
    assert!(answers.iter().any(|(_, refused)| *refused), "the close came while sales went on");
    assert_eq!(bought, counted, "every purchase answered before the close is in its count, none after");
    assert_eq!(client.query_one(tickets, &[]).await.unwrap().get::<_, i64>(0) as u64, counted);
    assert_eq!(draws::close(&mut client, &held, ttl).await.unwrap(), None, "a closed draw stays closed");
    assert_balanced(&nodes[0]);
}
