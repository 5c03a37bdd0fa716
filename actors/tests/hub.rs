//! The Hub fans events out by topic, numbers them per topic, keeps private topics private and drops laggards.
#![allow(clippy::unwrap_used, clippy::expect_used)] // a failed unwrap is a failed test

use std::sync::Arc;
use std::time::Duration;

use actix::{Actor, Addr};
use serde_json::{json, Value};
use tokio::sync::mpsc;

use ayo_actors::events::{Event, EventKind, Topic};
use ayo_actors::hub::{queue, Authenticate, ConnId, Connect, Disconnect, Hub, Inbox, Publish, Stats};

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
    assert!(hub.send(Authenticate { id: one, user_id: 1, is_admin: false }).await.unwrap());
    assert!(hub.send(Authenticate { id: two, user_id: 2, is_admin: false }).await.unwrap());

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
    assert!(hub.send(Authenticate { id: admin, user_id: 7, is_admin: true }).await.unwrap());
    assert!(!hub.send(Authenticate { id: admin, user_id: 8, is_admin: false }).await.unwrap());
    assert!(!hub.send(Authenticate { id: ConnId::next(), user_id: 8, is_admin: false }).await.unwrap());

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
    hub.send(Authenticate { id: gone, user_id: 3, is_admin: false }).await.unwrap();
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
