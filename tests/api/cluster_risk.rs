//! The house's risk in cluster mode (issue 31 §3, docs/decisions/056-draw-risk-row-in-cluster-mode.md): three real
//! servers sharing one PostgreSQL sell one draw at once against a tight reserve and per-number and per-pair limits.
//! Written as the attack: a storm of purchases spread over the nodes never takes the draw past a limit, a refused
//! purchase moves no money, a number closed on one node is refused on another at once, and an admin's desk on any
//! node follows every node's sales live. Ignored by a plain
//! `cargo test`: run through scripts/cluster-services.sh.

use futures_util::future::join_all;
use serde_json::{json, Value};

use ayo_data::lotto::MAX_NUMBER;
use ayo_data::risk::{Combo, Exposure, Liability};
use ayo_data::ticket::{TicketCard, TicketStatus};

use crate::cluster_bus::ONE_CLUSTER_AT_A_TIME;
use crate::cluster_nodes::{database, leader, node};
use crate::helpers::TestApp;
use crate::lotto::nap1;
use crate::risk_live::until;
use crate::ws::signed_in;

/// NAP1 at ₦50 pays ₦2,000 (×40); NAP2 at ₦50 pays ₦12,000 (×240).
const NAP1_PAYS: i64 = 200_000;
const NAP2_PAYS: i64 = 1_200_000;
const STAKE: i64 = 5_000;
const MAX_NUMBER_PAYOUT: i64 = 3 * NAP1_PAYS;
const MAX_COMBINATION_PAYOUT: i64 = 2 * NAP2_PAYS;
const RESERVE: i64 = 4_000_000;

fn nap2(draw: u64, pair: [u8; 2], key: &str) -> Value {
    json!({"draw_id": draw, "bet_type": "NAP2", "numbers": pair, "stake_per_line": STAKE, "idempotency_key": key})
}

/// The draw's liability recomputed from the tickets stored, whichever node sold them.
fn stored_liability(app: &TestApp, draw: u64, game: u64) -> Liability {
    let game = app.store.games.game(game).unwrap();
    let mut liability = Liability::new(MAX_NUMBER);
    for ticket in app.store.books.tickets_of_draw(draw).unwrap() {
        assert_eq!(ticket.status, TicketStatus::Pending);
        let terms = TicketCard::of(&ticket).terms_in(game.as_ref());
        liability.add(&Exposure::of(&ticket.bet, ticket.stake_per_line, terms, MAX_NUMBER));
    }
    liability
}

#[actix_web::test]
#[ignore = "needs PostgreSQL and NATS (scripts/cluster-services.sh)"]
async fn cluster_three_nodes_selling_one_draw_at_once_never_take_it_past_its_limits() {
    let _alone = ONE_CLUSTER_AT_A_TIME.lock().await;
    let store = database().await;
    let a = leader(&store).await;
    let (b, c) = (node(&store).await, node(&store).await);
    let admin = a.admin("boss@ayolotto.ng").await;
    let draw = a.quick_draw(60_000, 61_000).await;
    let limits = json!({
        "reserve": RESERVE, "max_number_payout": MAX_NUMBER_PAYOUT, "max_combination_payout": MAX_COMBINATION_PAYOUT
    });
    let set = b.put(&format!("/admin/games/{}", draw.game_id), json!({ "risk_limits": limits }), Some(&admin)).await;
    assert_eq!(set.status, 200, "{:?}", set.body);
    let nodes = [&a, &b, &c];
    // An admin watching the desk from C, which sells a third of the storm: the others' sales reach it too.
    let mut desk_on_c = signed_in(&c, &admin).await;
    let mut players = Vec::new();
    for i in 0..6 {
        let player = nodes[i % 3].verified_player(&format!("p{i}@example.com"), &format!("+23480123456{i:02}")).await;
        nodes[(i + 1) % 3].fund(&admin, &player, 100_000).await;
        players.push(player);
    }

    // One sale on A reaches the desk on C, which sold nothing.
    assert_eq!(a.buy(&players[0], nap1(draw.id, 50, STAKE, "first")).await.status, 201);
    until(&mut desk_on_c, |m| m["type"] == "risk.updated" && m["data"]["tickets"] == 1).await;

    // Sixty purchases at once, twenty on each node, all riding on 7, 21 and three more numbers: far more than the
    // limits hold.
    let attempts: Vec<(usize, usize, Value)> = (0..60)
        .map(|i| {
            let other = 22 + u8::try_from(i / 4 % 3).unwrap();
            let key = format!("storm-{i}");
            let body = match i % 4 {
                0 => nap1(draw.id, 7, STAKE, &key),
                1 => nap2(draw.id, [7, 21], &key),
                2 => nap2(draw.id, [7, other], &key),
                _ => nap2(draw.id, [21, other], &key),
            };
            (i % 3, i % players.len(), body)
        })
        .collect();
    let replies =
        join_all(attempts.iter().map(|(at, player, body)| nodes[*at].buy(&players[*player], body.clone()))).await;
    let sold = replies.iter().filter(|r| r.status == 201).count();
    let sold_with_first = sold + 1;
    for refused in replies.iter().filter(|r| r.status != 201) {
        assert_eq!(refused.status, 409, "{:?}", refused.body);
        assert_eq!(refused.body["errorCode"], "LIABILITY_LIMIT", "{:?}", refused.body);
    }
    assert!(sold > 0 && sold < attempts.len(), "some sold, some refused: {sold}");

    // The live desk on C hears of every sale, whichever node made it: the last push counts them all.
    let live = until(&mut desk_on_c, |m| {
        m["type"] == "risk.updated" && m["data"]["draw_id"] == draw.id && m["data"]["tickets"] == sold_with_first
    })
    .await;
    assert_eq!(live["data"]["reserve"], RESERVE, "{live}");

    // The liability of what was stored, recomputed from the tickets alone, is within every limit.
    let liability = stored_liability(&c, draw.id, draw.game_id);
    assert_eq!(liability.tickets(), sold_with_first as u64, "every sale answered 201 is stored, no other");
    let worst = liability.worst_case().payout;
    assert!(worst <= RESERVE, "worst case {worst} past the reserve {RESERVE}");
    for number in 1..=MAX_NUMBER {
        assert!(liability.number_payout(number) <= MAX_NUMBER_PAYOUT, "number {number}");
        for other in number + 1..=MAX_NUMBER {
            let pair = Combo::of(&[number, other]);
            assert!(liability.weight(pair) <= MAX_COMBINATION_PAYOUT, "pair {number} {other}");
        }
    }
    // Refused purchases moved no money: the players hold what they were given less what was sold.
    let mut left = 0;
    for player in &players {
        left += a.balance(player).await;
    }
    assert_eq!(left, 6 * 100_000 - liability.total_stake(), "refused purchases moved no money");
    let audit = b.store.audit().unwrap();
    assert!(audit.is_sound(), "{:?}", audit.problems);
    // Every node's desk reads the same exact worst case.
    for at in nodes {
        let mut desk = at.get(&format!("/admin/draws/{}/risk", draw.id), Some(&admin)).await;
        // The live push may have started the node's search for the exact figure: the desk then says so and shows
        // the running bound until it is done.
        for _ in 0..100 {
            if desk.body["data"]["worst_case_searching"] != true {
                break;
            }
            tokio::time::sleep(std::time::Duration::from_millis(50)).await;
            desk = at.get(&format!("/admin/draws/{}/risk", draw.id), Some(&admin)).await;
        }
        assert_eq!(desk.status, 200, "{:?}", desk.body);
        assert_eq!(desk.body["data"]["worst_case_payout"], worst, "{:?}", desk.body);
        assert_eq!(desk.body["data"]["tickets"], sold_with_first, "{:?}", desk.body);
    }

    // A number closed on A is refused on C at once, and every node shows it closed.
    let close = json!({ "numbers": [9], "reason": "too much on 9 tonight" });
    let closed = a.post(&format!("/admin/draws/{}/close-numbers", draw.id), close, Some(&admin)).await;
    assert_eq!(closed.status, 200, "{:?}", closed.body);
    let refused = c.buy(&players[0], nap1(draw.id, 9, STAKE, "on-9")).await;
    assert_eq!(refused.status, 409, "{:?}", refused.body);
    assert_eq!(refused.message(), "9 is closed for this draw: too much is riding on it");
    let public = b.get(&format!("/draws/{}/closed-numbers", draw.id), None).await;
    assert_eq!(public.body["data"]["closed_numbers"], json!([9]), "{:?}", public.body);
    let reopen = json!({ "numbers": [9], "reason": "the rush is over" });
    let reopened = c.post(&format!("/admin/draws/{}/reopen-numbers", draw.id), reopen, Some(&admin)).await;
    assert_eq!(reopened.status, 200, "{:?}", reopened.body);
    assert_eq!(b.buy(&players[0], nap1(draw.id, 9, STAKE, "on-9-again")).await.status, 201);
}
