//! The Hub fans events out by topic, numbers them per topic, keeps private topics private and drops laggards.
#![allow(clippy::unwrap_used, clippy::expect_used)] // a failed unwrap is a failed test

use std::sync::Arc;
use std::time::Duration;

use actix::{Actor, Addr};
use serde_json::{json, Value};
use tokio::sync::mpsc;

use ayo_actors::events::{Event, EventKind, Rendered, SettledTickets, Topic};
use ayo_actors::hub::{
    queue, Authenticate, ConnId, Connect, Disconnect, Hub, Inbox, Publish, PublishSettled, Resync, SettledForm, Stats,
    StopMarketing, RESYNC, RESYNC_PAUSE,
};

/// Long enough for any healthy machine; only reached when a message that should arrive never does.
const WAIT: Duration = Duration::from_secs(5);

fn event(topic: Topic, n: u64) -> Event {
    Event { topic, kind: EventKind::DrawUpdated, data: json!({ "n": n }) }
}

async fn connect(hub: &Addr<Hub>) -> (ConnId, Inbox) {
    let (sender, inbox) = queue();
    let id = ConnId::next();
    hub.send(Connect { id, sender }).await.unwrap();
    (id, inbox)
}

async fn next(inbox: &mut Inbox) -> Value {
    let text = tokio::time::timeout(WAIT, inbox.recv()).await.expect("a message in time").expect("queue open");
    serde_json::from_str(&text).unwrap()
}

#[actix_rt::test]
async fn an_event_reaches_every_subscriber_of_its_topic_with_an_increasing_seq() {
    let hub = Hub::default().start();
    let (_, mut a) = connect(&hub).await;
    let (_, mut b) = connect(&hub).await;
    for n in 1..=3 {
        hub.do_send(Publish(event(Topic::Draws, n)));
    }
    hub.do_send(Publish(event(Topic::Marquee, 9)));
    for inbox in [&mut a, &mut b] {
        for n in 1..=3 {
            let message = next(inbox).await;
            assert_eq!(message, json!({"type": "draw.updated", "topic": "draws", "seq": n, "data": {"n": n}}));
        }
        let marquee = next(inbox).await;
        assert_eq!((marquee["topic"].as_str(), marquee["seq"].as_u64()), (Some("marquee"), Some(1)));
    }
}

#[actix_rt::test]
async fn a_players_topic_reaches_only_that_players_connection() {
    let hub = Hub::default().start();
    let (one, mut one_inbox) = connect(&hub).await;
    let (two, mut two_inbox) = connect(&hub).await;
    let (_, mut guest_inbox) = connect(&hub).await;
    assert!(hub
        .send(Authenticate { id: one, user_id: 1, is_admin: false, marketing: true, settled: SettledForm::PerTicket })
        .await
        .unwrap());
    assert!(hub
        .send(Authenticate { id: two, user_id: 2, is_admin: false, marketing: true, settled: SettledForm::PerTicket })
        .await
        .unwrap());

    hub.do_send(Publish(Event { topic: Topic::User(1), kind: EventKind::WalletUpdated, data: json!({"balance": 5}) }));
    // A public event after the private one: whoever gets it first never got the private one.
    hub.do_send(Publish(event(Topic::Draws, 1)));

    let private = next(&mut one_inbox).await;
    assert_eq!(private, json!({"type": "wallet.updated", "topic": "user:1", "seq": 1, "data": {"balance": 5}}));
    assert_eq!(next(&mut one_inbox).await["topic"], "draws");
    assert_eq!(next(&mut two_inbox).await["topic"], "draws");
    assert_eq!(next(&mut guest_inbox).await["topic"], "draws");
}

#[actix_rt::test]
async fn a_connection_authenticates_only_once_and_admins_also_get_the_admin_topic() {
    let hub = Hub::default().start();
    let (admin, mut admin_inbox) = connect(&hub).await;
    assert!(hub
        .send(Authenticate { id: admin, user_id: 7, is_admin: true, marketing: true, settled: SettledForm::PerTicket })
        .await
        .unwrap());
    assert!(!hub
        .send(Authenticate { id: admin, user_id: 8, is_admin: false, marketing: true, settled: SettledForm::PerTicket })
        .await
        .unwrap());
    assert!(!hub
        .send(Authenticate {
            id: ConnId::next(),
            user_id: 8,
            is_admin: false,
            marketing: true,
            settled: SettledForm::PerTicket
        })
        .await
        .unwrap());

    hub.do_send(Publish(event(Topic::User(8), 1)));
    hub.do_send(Publish(event(Topic::Admin, 2)));
    assert_eq!(next(&mut admin_inbox).await["topic"], "admin");

    let stats = hub.send(Stats).await.unwrap();
    assert_eq!(stats.subscribers.get(&Topic::User(7)), Some(&1));
    assert_eq!(stats.subscribers.get(&Topic::User(8)), None);
    assert_eq!(stats.subscribers.get(&Topic::Admin), Some(&1));
}

#[actix_rt::test]
async fn a_connection_whose_queue_is_full_is_dropped_and_the_others_get_everything() {
    let hub = Hub::default().start();
    let (slow_sender, mut slow) = mpsc::channel::<Arc<str>>(2);
    hub.send(Connect { id: ConnId::next(), sender: slow_sender }).await.unwrap();
    let (_, mut fast) = connect(&hub).await;

    for n in 1..=10 {
        hub.do_send(Publish(event(Topic::Draws, n)));
    }
    for n in 1..=10 {
        assert_eq!(next(&mut fast).await["seq"], n);
    }

    let stats = hub.send(Stats).await.unwrap();
    assert_eq!(stats.dropped_laggards, 1);
    assert_eq!(stats.connections, 1);
    assert_eq!(stats.subscribers.get(&Topic::Draws), Some(&1));
    // The laggard's queue holds what fitted, then ends: its session closes the socket.
    assert_eq!(next(&mut slow).await["seq"], 1);
    assert_eq!(next(&mut slow).await["seq"], 2);
    assert!(slow.recv().await.is_none());
}

#[actix_rt::test]
async fn a_disconnected_connection_gets_nothing_more() {
    let hub = Hub::default().start();
    let (gone, mut gone_inbox) = connect(&hub).await;
    let (_, mut staying) = connect(&hub).await;
    hub.send(Authenticate { id: gone, user_id: 3, is_admin: false, marketing: true, settled: SettledForm::PerTicket })
        .await
        .unwrap();
    hub.send(Disconnect { id: gone }).await.unwrap();
    hub.do_send(Publish(event(Topic::Draws, 1)));
    hub.do_send(Publish(event(Topic::User(3), 2)));

    assert!(gone_inbox.recv().await.is_none(), "the hub let go of the queue");
    assert_eq!(next(&mut staying).await["seq"], 1);
    let stats = hub.send(Stats).await.unwrap();
    assert_eq!((stats.connections, stats.dropped_laggards), (1, 0));
    assert_eq!(stats.subscribers.get(&Topic::User(3)), None);
}

#[actix_rt::test]
async fn a_publisher_built_from_the_hub_delivers_through_it() {
    let hub = Hub::default().start();
    let (_, mut inbox) = connect(&hub).await;
    Hub::publisher(hub.clone()).publish(event(Topic::Marquee, 1));
    assert_eq!(next(&mut inbox).await["topic"], "marquee");
}

#[actix_rt::test]
async fn rendered_events_arrive_in_order_in_the_same_envelope_and_numbering_as_the_others() {
    let hub = Hub::default().start();
    let (ada, mut ada_inbox) = connect(&hub).await;
    assert!(hub
        .send(Authenticate { id: ada, user_id: 4, is_admin: false, marketing: true, settled: SettledForm::PerTicket })
        .await
        .unwrap());
    let publisher = Hub::publisher(hub.clone());
    publisher.publish(Event { topic: Topic::User(4), kind: EventKind::WalletUpdated, data: json!({"balance": 1}) });
    let batch = vec![
        Rendered::new(EventKind::WalletUpdated, &json!({"balance": 2, "note": "a \"quoted\" word"})),
        Rendered::new(EventKind::TicketSettled, &json!({"id": 10, "status": "won"})),
        Rendered::new(EventKind::TicketSettled, &json!({"id": 11, "status": "lost"})),
    ];
    publisher.publish_rendered(Topic::User(4), batch);
    // Nobody listens to player 5: the batch goes nowhere and numbers nothing.
    publisher.publish_rendered(Topic::User(5), vec![Rendered::new(EventKind::TicketSettled, &json!({"id": 12}))]);

    assert_eq!(next(&mut ada_inbox).await["seq"], 1);
    let wallet = next(&mut ada_inbox).await;
    let expected = json!({"balance": 2, "note": "a \"quoted\" word"});
    assert_eq!(wallet, json!({"type": "wallet.updated", "topic": "user:4", "seq": 2, "data": expected}));
    let won = next(&mut ada_inbox).await;
    assert_eq!(
        won,
        json!({"type": "ticket.settled", "topic": "user:4", "seq": 3, "data": {"id": 10, "status": "won"}})
    );
    let lost = next(&mut ada_inbox).await;
    assert_eq!((lost["seq"].as_u64(), lost["data"]["id"].as_u64()), (Some(4), Some(11)));
}

#[actix_rt::test]
async fn a_publisher_knows_which_players_have_a_socket_open() {
    let hub = Hub::default().start();
    let publisher = Hub::publisher(hub.clone());
    let (ada, _ada_inbox) = connect(&hub).await;
    assert!(hub
        .send(Authenticate { id: ada, user_id: 6, is_admin: false, marketing: true, settled: SettledForm::PerTicket })
        .await
        .unwrap());
    assert!(publisher.is_listening(&Topic::User(6)));
    assert!(!publisher.is_listening(&Topic::User(7)));
    assert!(!publisher.is_listening(&Topic::Admin));
    assert!(publisher.is_listening(&Topic::Draws), "public topics always count as listened to");
    hub.send(Disconnect { id: ada }).await.unwrap();
    assert!(!publisher.is_listening(&Topic::User(6)));
}

#[actix_rt::test]
async fn a_publisher_without_a_hub_hands_rendered_events_over_one_by_one() {
    let (sender, mut received) = mpsc::unbounded_channel::<Event>();
    let publisher = ayo_actors::publisher::Publisher::new(move |event| {
        let _ = sender.send(event);
    });
    publisher.publish_rendered(Topic::User(1), vec![Rendered::new(EventKind::TicketSettled, &json!({"id": 3}))]);
    let event = received.recv().await.unwrap();
    assert_eq!((event.topic, event.kind, event.data), (Topic::User(1), EventKind::TicketSettled, json!({"id": 3})));
}

#[actix_rt::test]
async fn no_marquee_reaches_a_player_on_a_break_from_sign_in_or_from_the_moment_it_starts() {
    let hub = Hub::default().start();
    let (excluded, mut excluded_inbox) = connect(&hub).await;
    let (player, mut player_inbox) = connect(&hub).await;
    assert!(hub
        .send(Authenticate {
            id: excluded,
            user_id: 1,
            is_admin: false,
            marketing: false,
            settled: SettledForm::PerTicket
        })
        .await
        .unwrap());
    assert!(hub
        .send(Authenticate {
            id: player,
            user_id: 2,
            is_admin: false,
            marketing: true,
            settled: SettledForm::PerTicket
        })
        .await
        .unwrap());

    hub.do_send(Publish(event(Topic::Marquee, 1)));
    hub.do_send(Publish(event(Topic::Draws, 2)));
    assert_eq!(next(&mut excluded_inbox).await["topic"], "draws", "no marquee at sign-in");
    assert_eq!(next(&mut player_inbox).await["topic"], "marquee");
    assert_eq!(next(&mut player_inbox).await["topic"], "draws");

    // Player 2 starts a break: told once, on their own topic, that there is nothing to show; then nothing more.
    assert_eq!(hub.send(StopMarketing { user_id: 2 }).await.unwrap(), 1);
    let emptied = next(&mut player_inbox).await;
    assert_eq!(emptied, json!({"type": "marquee.updated", "topic": "user:2", "seq": 1, "data": {"marquees": []}}));
    hub.do_send(Publish(event(Topic::Marquee, 3)));
    hub.do_send(Publish(event(Topic::Draws, 4)));
    assert_eq!(next(&mut player_inbox).await["topic"], "draws");
    assert_eq!(hub.send(StopMarketing { user_id: 3 }).await.unwrap(), 0, "nobody signed in as 3");
    let stats = hub.send(Stats).await.unwrap();
    assert_eq!(stats.subscribers.get(&Topic::Marquee), None, "both off the marquee");
    assert_eq!(stats.subscribers.get(&Topic::Draws), Some(&2));
}

/// A settlement of these ticket ids, each ticket's JSON a small stand-in for the real one.
fn settled(draw_id: u64, ids: &[u64]) -> SettledTickets {
    let mut tickets = SettledTickets::new(draw_id);
    for id in ids {
        tickets.push(&json!({"id": id, "status": "lost"}));
    }
    tickets
}

async fn signed_in(hub: &Addr<Hub>, user_id: u64, settled: SettledForm) -> Inbox {
    let (id, inbox) = connect(hub).await;
    assert!(hub.send(Authenticate { id, user_id, is_admin: false, marketing: true, settled }).await.unwrap());
    inbox
}

/// The next `count` messages, checking that their `seq` on the topic runs on from `after` without a gap.
async fn contiguous(inbox: &mut Inbox, after: u64, count: u64) -> Vec<Value> {
    let mut messages = Vec::new();
    for seq in after + 1..=after + count {
        let message = next(inbox).await;
        assert_eq!(message["seq"], seq, "{message}");
        messages.push(message);
    }
    messages
}

#[actix_rt::test]
async fn a_batched_connection_gets_a_settlement_in_one_frame_and_a_per_ticket_one_each_ticket_both_without_gaps() {
    let hub = Hub::default().start();
    let mut batched = signed_in(&hub, 9, SettledForm::Batched).await;
    let mut per_ticket = signed_in(&hub, 9, SettledForm::PerTicket).await;
    let publisher = Hub::publisher(hub.clone());
    let wallet = |balance: i64| Event {
        topic: Topic::User(9),
        kind: EventKind::WalletUpdated,
        data: json!({"balance": balance}),
    };
    let credit = Rendered::new(EventKind::WalletUpdated, &json!({"balance": 2}));

    publisher.publish(wallet(1));
    publisher.publish_settled(Topic::User(9), vec![credit], settled(31, &[10, 11, 12]));
    publisher.publish(wallet(3));
    publisher.publish_settled(Topic::User(9), Vec::new(), settled(32, &[13]));
    hub.do_send(StopMarketing { user_id: 9 });
    hub.do_send(Publish(event(Topic::Draws, 1)));

    let seen = contiguous(&mut batched, 0, 6).await;
    let kinds: Vec<&str> = seen.iter().map(|m| m["type"].as_str().unwrap()).collect();
    assert_eq!(
        kinds,
        ["wallet.updated", "wallet.updated", "tickets.settled", "wallet.updated", "tickets.settled", "marquee.updated"]
    );
    let tickets = json!([{"id": 10, "status": "lost"}, {"id": 11, "status": "lost"}, {"id": 12, "status": "lost"}]);
    assert_eq!(
        seen[2],
        json!({"type": "tickets.settled", "topic": "user:9", "seq": 3, "data": {"draw_id": 31, "tickets": tickets}})
    );
    assert_eq!(seen[4]["data"], json!({"draw_id": 32, "tickets": [{"id": 13, "status": "lost"}]}));
    assert_eq!(
        (next(&mut batched).await["topic"].as_str(), seen[5]["data"]["marquees"].as_array().map(Vec::len)),
        (Some("draws"), Some(0))
    );

    let seen = contiguous(&mut per_ticket, 0, 8).await;
    let kinds: Vec<&str> = seen.iter().map(|m| m["type"].as_str().unwrap()).collect();
    assert_eq!(kinds[..2], ["wallet.updated", "wallet.updated"]);
    assert_eq!(kinds[2..5], ["ticket.settled"; 3]);
    assert_eq!(kinds[5..], ["wallet.updated", "ticket.settled", "marquee.updated"]);
    let ids: Vec<u64> =
        seen.iter().filter(|m| m["type"] == "ticket.settled").map(|m| m["data"]["id"].as_u64().unwrap()).collect();
    assert_eq!(ids, [10, 11, 12, 13]);
    assert_eq!(
        seen[2],
        json!({"type": "ticket.settled", "topic": "user:9", "seq": 3, "data": {"id": 10, "status": "lost"}})
    );
    let draws = next(&mut per_ticket).await;
    assert_eq!((draws["topic"].as_str(), draws["seq"].as_u64()), (Some("draws"), Some(1)));
}

#[actix_rt::test]
async fn a_player_with_only_batched_connections_gets_one_frame_per_settlement_each_sharing_it() {
    let hub = Hub::default().start();
    let mut phone = signed_in(&hub, 5, SettledForm::Batched).await;
    let mut laptop = signed_in(&hub, 5, SettledForm::Batched).await;
    let publisher = Hub::publisher(hub.clone());
    publisher.publish_settled(Topic::User(5), Vec::new(), settled(40, &(1..=300).collect::<Vec<_>>()));
    publisher.publish(Event { topic: Topic::User(5), kind: EventKind::WalletUpdated, data: json!({"balance": 1}) });
    // More tickets than a connection's queue holds frames: one frame each, nobody lags.
    for inbox in [&mut phone, &mut laptop] {
        let seen = contiguous(inbox, 0, 2).await;
        assert_eq!(seen[0]["data"]["tickets"].as_array().map(Vec::len), Some(300));
        assert_eq!(seen[1]["type"], "wallet.updated");
    }
    assert_eq!(hub.send(Stats).await.unwrap().dropped_laggards, 0);
}

#[actix_rt::test]
async fn a_connection_takes_tickets_batched_only_if_it_names_tickets_settled() {
    assert_eq!(SettledForm::from_batch(["tickets.settled"]), SettledForm::Batched);
    assert_eq!(SettledForm::from_batch(["draws.updated", "tickets.settled"]), SettledForm::Batched);
    assert_eq!(SettledForm::from_batch(["ticket.settled", "nonsense"]), SettledForm::PerTicket);
    assert_eq!(SettledForm::from_batch([]), SettledForm::PerTicket);
}

#[actix_rt::test]
async fn a_publisher_without_a_hub_hands_settled_tickets_over_as_ticket_settled_events() {
    let (sender, mut received) = mpsc::unbounded_channel::<Event>();
    let publisher = ayo_actors::publisher::Publisher::new(move |event| {
        let _ = sender.send(event);
    });
    let credit = Rendered::new(EventKind::WalletUpdated, &json!({"balance": 2}));
    publisher.publish_settled(Topic::User(1), vec![credit], settled(7, &[3, 4]));
    assert_eq!(received.recv().await.unwrap().kind, EventKind::WalletUpdated);
    for id in [3, 4] {
        let event = received.recv().await.unwrap();
        assert_eq!((event.kind, event.data), (EventKind::TicketSettled, json!({"id": id, "status": "lost"})));
    }
}

#[actix_rt::test]
async fn a_settlement_for_a_player_nobody_listens_to_goes_nowhere() {
    let hub = Hub::default().start();
    let mut listening = signed_in(&hub, 2, SettledForm::Batched).await;
    hub.do_send(PublishSettled { topic: Topic::User(3), events: Vec::new(), tickets: settled(1, &[1]) });
    hub.do_send(PublishSettled { topic: Topic::User(2), events: Vec::new(), tickets: settled(1, &[2]) });
    assert_eq!(next(&mut listening).await["seq"], 1);
    assert!(!hub.send(Stats).await.unwrap().subscribers.contains_key(&Topic::User(3)));
}

/// The next message as it was queued (a marker such as `RESYNC` is not JSON).
async fn next_text(inbox: &mut Inbox) -> String {
    let text = tokio::time::timeout(WAIT, inbox.recv()).await.expect("a message in time").expect("queue open");
    text.to_string()
}

#[actix_rt::test]
async fn events_lost_on_the_way_push_every_socket_a_resync_at_once_and_a_burst_of_losses_only_one_more() {
    let hub = Hub::default().start();
    let (ada, mut ada_inbox) = connect(&hub).await;
    let (_, mut guest_inbox) = connect(&hub).await;
    assert!(hub
        .send(Authenticate { id: ada, user_id: 1, is_admin: false, marketing: true, settled: SettledForm::PerTicket })
        .await
        .unwrap());
    hub.do_send(Publish(event(Topic::Draws, 1)));
    assert_eq!(next(&mut ada_inbox).await["seq"], 1);
    assert_eq!(next(&mut guest_inbox).await["seq"], 1);

    // Ada's last event was lost on its way here, and she has no next one: both sockets are told to read a fresh
    // snapshot now, not at some later event.
    hub.do_send(Resync);
    assert_eq!(next_text(&mut ada_inbox).await, RESYNC);
    assert_eq!(next_text(&mut guest_inbox).await, RESYNC);

    // A burst of losses (gaps from several nodes, a reconnect) while that sweep rests: one more sweep, not five.
    for _ in 0..5 {
        hub.do_send(Resync);
    }
    assert_eq!(next_text(&mut ada_inbox).await, RESYNC);
    assert_eq!(next_text(&mut guest_inbox).await, RESYNC);
    tokio::time::sleep(RESYNC_PAUSE * 2).await;
    hub.do_send(Publish(event(Topic::Draws, 2)));
    for inbox in [&mut ada_inbox, &mut guest_inbox] {
        let after = next(inbox).await;
        // Every topic skipped one `seq` per loss as well, so a client that ignores the push still sees the gap.
        assert_eq!((after["data"]["n"].as_u64(), after["seq"].as_u64()), (Some(2), Some(8)), "{after}");
    }
}

#[actix_rt::test]
async fn a_resync_that_finds_a_socket_full_lets_it_go_as_a_laggard() {
    let hub = Hub::default().start();
    let (_, mut full) = connect(&hub).await;
    for n in 0..ayo_actors::hub::QUEUE_CAPACITY as u64 {
        hub.do_send(Publish(event(Topic::Draws, n)));
    }
    hub.do_send(Resync);
    let stats = hub.send(Stats).await.unwrap();
    assert_eq!((stats.connections, stats.dropped_laggards), (0, 1));
    // Its backlog is still readable, but the queue is closed: the session closes the socket for a fresh start.
    while full.recv().await.is_some() {}
}
