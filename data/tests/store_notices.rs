//! Contact messages, marquees, the audit log and responsible-gaming settings through the seam, the same cases on
//! both engines (`common::nodes`).
#![allow(clippy::unwrap_used, clippy::expect_used)] // a failed unwrap is a failed test

use std::collections::HashSet;
use std::sync::Arc;

use chrono::{Duration, Utc};

use ayo_data::activity::{Activity, ActivityFilter};
use ayo_data::notice::{Contact, Marquee};
use ayo_data::pg::{activities::PgActivities, notices::PgNotices, responsible::PgResponsible};
use ayo_data::responsible::ResponsibleGaming;
use ayo_data::seam::Slice;
use ayo_data::seam::{Activities, Notices, Responsible};

mod common;
use common::nodes::Node;

fn notices(node: &Node) -> Arc<dyn Notices> {
    match node {
        Node::Embedded(store) => Arc::clone(&store.notices),
        Node::Cluster(pg) => Arc::new(PgNotices::new(pg.clone())),
    }
}

fn activities(node: &Node) -> Arc<dyn Activities> {
    match node {
        Node::Embedded(store) => Arc::clone(&store.activities),
        Node::Cluster(pg) => Arc::new(PgActivities::new(pg.clone())),
    }
}

fn responsible(node: &Node) -> Arc<dyn Responsible> {
    match node {
        Node::Embedded(store) => Arc::clone(&store.responsible),
        Node::Cluster(pg) => Arc::new(PgResponsible::new(pg.clone())),
    }
}

fn marquee(id: u64, text: &str, priority: i32, active: bool) -> Marquee {
    let now = Utc::now();
    Marquee {
        id,
        text: text.into(),
        active,
        starts_at: None,
        ends_at: None,
        priority,
        created_at: now,
        updated_at: now,
    }
}

fn marquees_posted_on_one_node_are_live_on_every_other(nodes: &[Node]) {
    let (a, b) = (notices(&nodes[0]), notices(&nodes[1]));
    let ids: Vec<u64> = (0..3).map(|n| notices(&nodes[n]).next_id().unwrap()).collect();
    assert_eq!(ids.iter().collect::<HashSet<_>>().len(), 3, "ids from three nodes never collide: {ids:?}");
    a.put_marquee(&marquee(ids[0], "Jackpot tonight", 1, true)).unwrap();
    a.put_marquee(&marquee(ids[1], "Maintenance at 2am", 5, true)).unwrap();
    a.put_marquee(&marquee(ids[2], "Draft", 9, false)).unwrap();
    let live: Vec<String> = b.live_marquees(Utc::now()).unwrap().into_iter().map(|m| m.text).collect();
    assert_eq!(live, ["Maintenance at 2am", "Jackpot tonight"], "live ones only, highest priority first");
    assert_eq!(b.marquees().unwrap().len(), 3);

    let mut ended = b.marquee(ids[1]).unwrap().unwrap();
    ended.ends_at = Some(Utc::now() - Duration::minutes(1));
    b.put_marquee(&ended).unwrap();
    assert!(notices(&nodes[2]).delete_marquee(ids[0]).unwrap());
    assert!(!a.delete_marquee(ids[0]).unwrap(), "gone already");
    assert!(a.live_marquees(Utc::now()).unwrap().is_empty());
    assert_eq!(a.marquee(ids[0]).unwrap(), None);
}

fn the_first_resolution_of_a_contact_message_stands(nodes: &[Node]) {
    let (a, b) = (notices(&nodes[0]), notices(&nodes[1]));
    let now = Utc::now();
    let older = Contact {
        id: a.next_id().unwrap(),
        name: "Ada".into(),
        email: "ada@example.com".into(),
        subject: "Withdrawal".into(),
        message: "When does it arrive?".into(),
        created_at: now,
        resolved_at: None,
        resolved_by: None,
    };
    let newer = Contact { id: a.next_id().unwrap(), subject: "Thanks".into(), ..older.clone() };
    a.put_contact(&older).unwrap();
    a.put_contact(&newer).unwrap();
    assert_eq!(b.contacts().unwrap(), [newer.clone(), older.clone()], "newest first");

    let first = b.resolve_contact(older.id, 7, now).unwrap().unwrap();
    assert_eq!((first.resolved_by, first.resolved_at), (Some(7), Some(now)));
    let second = a.resolve_contact(older.id, 8, now + Duration::minutes(5)).unwrap().unwrap();
    assert_eq!(second.resolved_by, Some(7), "the first resolution stands");
    assert_eq!(b.resolve_contact(999_999_999, 7, now).unwrap(), None);
}

fn activity(action: &str, minutes_ago: i64) -> Activity {
    Activity {
        id: 0,
        at: Utc::now() - Duration::minutes(minutes_ago),
        actor_id: Some(1),
        actor_email: Some("admin@example.com".into()),
        action: action.into(),
        target: None,
        ip: None,
        detail: String::new(),
    }
}

fn the_audit_log_pages_in_time_order_and_prunes_the_oldest(nodes: &[Node]) {
    // 1,100 entries written from three nodes, oldest first, so reading newest first crosses its read-ahead.
    for n in 0..1_100i64 {
        activities(&nodes[(n % 3) as usize]).record(activity(&format!("a.{n}"), 2_000 - n)).unwrap();
    }
    let log = activities(&nodes[1]);
    let first = log.page(Slice { offset: 0, limit: 3, oldest_first: true }).unwrap();
    assert_eq!(first.total, 1_100);
    assert_eq!(first.rows.iter().map(|a| a.action.as_str()).collect::<Vec<_>>(), ["a.0", "a.1", "a.2"]);
    let latest = log.page(Slice { offset: 1, limit: 2, oldest_first: false }).unwrap();
    assert_eq!(latest.rows.iter().map(|a| a.action.as_str()).collect::<Vec<_>>(), ["a.1098", "a.1097"]);
    let past_the_end = log.page(Slice { offset: 5_000, limit: 10, oldest_first: false }).unwrap();
    assert_eq!((past_the_end.rows.len(), past_the_end.total), (0, 1_100));

    let newest: Vec<String> = log.newest_first().map(|a| a.unwrap().action).collect();
    assert_eq!(newest.len(), 1_100, "every entry, once");
    assert_eq!((newest[0].as_str(), newest[1_099].as_str()), ("a.1099", "a.0"));

    // Entries older than 1,000 minutes: a.0 … a.999 (a.1000 is exactly 1,000 minutes old, give or take).
    let pruned = activities(&nodes[2]).prune_before(Utc::now() - Duration::minutes(1_000) - Duration::seconds(30));
    assert_eq!(pruned.unwrap(), 1_000);
    let left = log.page(Slice { offset: 0, limit: 1, oldest_first: true }).unwrap();
    assert_eq!((left.total, left.rows[0].action.as_str()), (100, "a.1000"));
}

fn the_audit_log_filters_by_action_actor_time_and_routine(nodes: &[Node]) {
    let by = |action: &str, actor: Option<&str>, minutes_ago: i64| Activity {
        actor_email: actor.map(String::from),
        ..activity(action, minutes_ago)
    };
    // 1,200 routine witness entries, newer than everything else, so a filtered read crosses its read-ahead.
    for n in 0..1_200i64 {
        activities(&nodes[(n % 3) as usize])
            .record(by("witness.signed", Some("witness@example.org"), 100 - n / 20))
            .unwrap();
    }
    activities(&nodes[0]).record(by("login.failed", None, 300)).unwrap();
    activities(&nodes[1]).record(by("login.locked", None, 200)).unwrap();
    activities(&nodes[2]).record(by("logout", Some("ada@example.com"), 190)).unwrap();
    activities(&nodes[0]).record(by("user.suspended", Some("Boss@AyoLotto.ng"), 180)).unwrap();
    activities(&nodes[1]).record(by("witness.key_registered", Some("witness@example.org"), 170)).unwrap();
    let log = activities(&nodes[2]);
    let read = |filter: ActivityFilter| -> Vec<String> { log.matching(&filter).map(|a| a.unwrap().action).collect() };

    let logins = read(ActivityFilter { action: Some("login".into()), ..Default::default() });
    assert_eq!(logins, ["login.locked", "login.failed"], "the family, newest first, not logout");
    let exact = read(ActivityFilter { action: Some("login.failed".into()), ..Default::default() });
    assert_eq!(exact, ["login.failed"]);
    assert_eq!(read(ActivityFilter { actor: Some("boss@ayolotto".into()), ..Default::default() }), ["user.suspended"]);
    let now = Utc::now();
    let window = ActivityFilter {
        since: Some(now - Duration::minutes(195)),
        until: Some(now - Duration::minutes(175)),
        ..Default::default()
    };
    assert_eq!(read(window), ["user.suspended", "logout"], "inside the window only");
    let unroutine = read(ActivityFilter { hide_routine: true, ..Default::default() });
    assert_eq!(unroutine.len(), 5, "the witness's key stays, its 1,200 signatures go: {unroutine:?}");
    assert_eq!(read(ActivityFilter::default()).len(), 1_205, "no filter keeps everything");
    let witness = read(ActivityFilter { actor: Some("witness@".into()), ..Default::default() });
    assert_eq!(witness.len(), 1_201, "every page of a long match is read");
}

fn limits_changed_on_every_node_at_once_lose_no_change(nodes: &[Node]) {
    let now = Utc::now();
    assert_eq!(responsible(&nodes[0]).get(42).unwrap(), ResponsibleGaming::default());
    // Each node bumps the reality-check interval of one player 10 times at once: every bump is kept.
    std::thread::scope(|scope| {
        for node in nodes {
            scope.spawn(move || {
                for _ in 0..10 {
                    let changed = responsible(node)
                        .change(42, now, |rg| -> Result<u32, ()> {
                            rg.reality_check_minutes += 1;
                            Ok(rg.reality_check_minutes)
                        })
                        .unwrap();
                    assert!(changed.is_ok());
                }
            });
        }
    });
    let kept = responsible(&nodes[1]).get(42).unwrap().reality_check_minutes;
    assert_eq!(kept, ResponsibleGaming::default().reality_check_minutes + 30, "no change lost");

    let refused = responsible(&nodes[2]).change(42, now, |rg| -> Result<(), &str> {
        rg.reality_check_minutes = 0;
        Err("refused")
    });
    assert_eq!(refused.unwrap().unwrap_err(), "refused");
    assert_eq!(responsible(&nodes[0]).at(42, now).unwrap().reality_check_minutes, kept, "a refusal writes nothing");
}

both_engines!(
    marquees_posted_on_one_node_are_live_on_every_other,
    embedded_marquees_are_shared,
    cluster_marquees_are_shared
);
both_engines!(
    the_first_resolution_of_a_contact_message_stands,
    embedded_first_resolution_stands,
    cluster_first_resolution_stands
);
both_engines!(
    the_audit_log_pages_in_time_order_and_prunes_the_oldest,
    embedded_audit_log_pages_and_prunes,
    cluster_audit_log_pages_and_prunes
);
both_engines!(
    the_audit_log_filters_by_action_actor_time_and_routine,
    embedded_audit_log_filters,
    cluster_audit_log_filters
);
both_engines!(
    limits_changed_on_every_node_at_once_lose_no_change,
    embedded_no_limit_change_lost,
    cluster_no_limit_change_lost
);
