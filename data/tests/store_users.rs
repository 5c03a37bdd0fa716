//! Accounts (`seam::Users`), the same cases on both engines (`common::nodes`): what one node writes, every other
//! node reads, and sign-ups racing on several nodes make one account per email.
#![allow(clippy::unwrap_used, clippy::expect_used)] // a failed unwrap is a failed test

use std::sync::Arc;

use chrono::{Duration, Utc};

use ayo_data::account::{DateOfBirth, Email, PersonName, PhoneNumber};
use ayo_data::pg::users::PgUsers;
use ayo_data::seam::Users;
use ayo_data::seam::{SignUp, Staff};
use ayo_data::user::{EnrolmentCheck, EnrolmentCode, NewPlayer, Role, User, UserStatus};

mod common;
use common::nodes::Node;

fn staff(email: &Email, name: &str, password_hash: &str, role: Role, totp_secret: Option<&str>) -> Staff {
    let (name, password_hash, totp_secret) = (name.into(), password_hash.into(), totp_secret.map(str::to_string));
    Staff { email: email.clone(), name, password_hash, role, totp_secret }
}

fn users(node: &Node) -> Arc<dyn Users> {
    match node {
        Node::Embedded(store) => Arc::clone(&store.users),
        Node::Cluster(pg) => Arc::new(PgUsers::new(pg.clone())),
    }
}

fn email(n: u32) -> Email {
    Email::parse(&format!("p{n}@example.com")).unwrap()
}

fn phone(n: u32) -> PhoneNumber {
    PhoneNumber::parse(&format!("+234801{n:07}")).unwrap()
}

fn new_player(email_n: u32, phone_n: u32, name: &str) -> NewPlayer {
    NewPlayer {
        name: PersonName::parse(name).unwrap(),
        email: email(email_n),
        phone: phone(phone_n),
        dob: DateOfBirth::parse("1990-01-01", Utc::now().date_naive()).unwrap(),
        password_hash: "$argon2id$first".into(),
        state: Some("LA"),
    }
}

fn created(outcome: SignUp) -> User {
    match outcome {
        SignUp::Created(user) => user,
        other => panic!("a new account, not {other:?}"),
    }
}

fn verify(users: &dyn Users, user: &User) {
    let now = Utc::now();
    users.update(user.id, |u: &mut User| u.email_verified_at.replace(now).is_none()).unwrap();
}

fn sign_up_rules_hold_across_nodes(nodes: &[Node]) {
    let (a, b, c) = (users(&nodes[0]), users(&nodes[1]), users(&nodes[2]));
    let first = created(a.sign_up(new_player(1, 1, "Ada Obi")).unwrap());
    assert!(!first.is_verified());
    assert_eq!(first.state.as_deref(), Some("LA"));
    assert_eq!(b.find_by_email(&email(1)).unwrap(), Some(first.clone()));
    assert_eq!(b.find_by_phone(&phone(1)).unwrap().map(|u| u.id), Some(first.id));
    assert_eq!(b.get(first.id).unwrap().unwrap().password_hash, "$argon2id$first", "secrets are kept");

    // The email was never verified: the latest sign-up's details replace the account's, its id stays.
    let SignUp::Replaced(again) = c.sign_up(new_player(1, 2, "Ada Obi-Eze")).unwrap() else {
        panic!("an unverified account is replaced")
    };
    assert_eq!(again.id, first.id);
    assert_eq!(again.name, "Ada Obi-Eze");
    assert_eq!(again.token_version, first.token_version + 1, "the first sign-up's sessions end");
    assert_eq!(again.created_at, first.created_at);
    assert_eq!(a.find_by_phone(&phone(1)).unwrap(), None, "the old phone is free again");
    assert_eq!(a.find_by_phone(&phone(2)).unwrap().map(|u| u.id), Some(first.id));

    verify(b.as_ref(), &again);
    let SignUp::EmailTaken(holder) = a.sign_up(new_player(1, 3, "Someone Else")).unwrap() else {
        panic!("a verified email is taken")
    };
    assert_eq!(holder.id, first.id);
    assert_eq!(c.get(first.id).unwrap().unwrap().name, "Ada Obi-Eze", "a taken email changes nothing");

    let SignUp::PhoneTaken(owner) = b.sign_up(new_player(4, 2, "Bola Ade")).unwrap() else {
        panic!("another account's phone is taken")
    };
    assert_eq!(owner.id, first.id);
    assert_eq!(c.find_by_email(&email(4)).unwrap(), None, "no account for a refused sign-up");
    let other = created(c.sign_up(new_player(4, 1, "Bola Ade")).unwrap());
    assert_ne!(other.id, first.id);
}

fn one_email_signed_up_on_three_nodes_at_once_makes_one_account(nodes: &[Node]) {
    for round in 0..4u32 {
        let outcomes: Vec<SignUp> = std::thread::scope(|scope| {
            let racing: Vec<_> = nodes
                .iter()
                .enumerate()
                .map(|(i, node)| {
                    let phone = round * 10 + i as u32;
                    scope.spawn(move || users(node).sign_up(new_player(round, phone, "Ada Obi")).unwrap())
                })
                .collect();
            racing.into_iter().map(|sign_up| sign_up.join().unwrap()).collect()
        });
        let ids: Vec<u64> = outcomes
            .iter()
            .map(|outcome| match outcome {
                SignUp::Created(user) | SignUp::Replaced(user) => user.id,
                other => panic!("an unverified email is never taken: {other:?}"),
            })
            .collect();
        assert_eq!(outcomes.iter().filter(|o| matches!(o, SignUp::Created(_))).count(), 1, "{outcomes:?}");
        assert!(ids.iter().all(|id| *id == ids[0]), "one account: {ids:?}");
        let held = users(&nodes[0]).find_by_email(&email(round)).unwrap().unwrap();
        assert_eq!(held.token_version, 2, "each later sign-up replaced it once");
    }
    let all: Vec<User> = users(&nodes[1]).newest_first().collect::<Result<_, _>>().unwrap();
    assert_eq!(all.len(), 4, "one account per email");
}

fn changes_are_seen_on_every_node(nodes: &[Node]) {
    let (a, b, c) = (users(&nodes[0]), users(&nodes[1]), users(&nodes[2]));
    let player = created(a.sign_up(new_player(1, 1, "Ada Obi")).unwrap());

    let now = Utc::now();
    let (logged_in, kept) = a
        .update(player.id, |u: &mut User| {
            u.logged_in(now);
            true
        })
        .unwrap()
        .unwrap();
    assert!(kept);
    assert_eq!(b.get(player.id).unwrap().unwrap().last_login_at, logged_in.last_login_at);
    assert!(logged_in.last_login_at.is_some());

    let refused = b.update(player.id, |u: &mut User| {
        u.name = "Not Kept".into();
        false
    });
    let (unchanged, kept) = refused.unwrap().unwrap();
    assert!(!kept);
    assert_eq!(unchanged.name, "Ada Obi");
    assert_eq!(c.get(player.id).unwrap().unwrap().name, "Ada Obi", "a refused edit is not written");

    let suspended = b.set_status(player.id, UserStatus::Suspended).unwrap().unwrap();
    assert_eq!(suspended.status, UserStatus::Suspended);
    assert_eq!(c.get(player.id).unwrap().unwrap().status, UserStatus::Suspended);

    let reset = c.set_password(player.id, "$argon2id$second").unwrap().unwrap();
    let seen = a.get(player.id).unwrap().unwrap();
    assert_eq!(seen.password_hash, "$argon2id$second");
    assert_eq!(seen.token_version, player.token_version + 1, "every session signed out");
    assert_eq!(seen, reset);
    assert_eq!(seen.last_login_at, logged_in.last_login_at, "a change keeps what others wrote");

    let missing = player.id + 1_000_000;
    assert_eq!(a.get(missing).unwrap(), None);
    assert_eq!(b.update(missing, |_: &mut User| true).unwrap(), None);
    assert_eq!(c.set_status(missing, UserStatus::Active).unwrap(), None);
    assert_eq!(a.set_password(missing, "x").unwrap(), None);
}

fn edits_racing_on_every_node_are_all_kept(nodes: &[Node]) {
    let player = created(users(&nodes[0]).sign_up(new_player(1, 1, "Ada Obi")).unwrap());
    std::thread::scope(|scope| {
        for node in nodes {
            scope.spawn(move || {
                let users = users(node);
                for _ in 0..10 {
                    users
                        .update(player.id, |u: &mut User| {
                            u.token_version += 1;
                            true
                        })
                        .unwrap();
                }
            });
        }
    });
    let held = users(&nodes[1]).get(player.id).unwrap().unwrap();
    assert_eq!(held.token_version, player.token_version + 10 * nodes.len() as u32, "no edit lost");
}

fn staff_are_created_once_and_updated_after(nodes: &[Node]) {
    let (a, b) = (users(&nodes[0]), users(&nodes[1]));
    let boss = Email::parse("boss@example.com").unwrap();
    let (admin, new) = a.upsert_staff(&staff(&boss, "The Boss", "$argon2id$boss", Role::Admin, None)).unwrap();
    assert!(new);
    assert!(admin.is_verified(), "staff need no code");
    assert_eq!(admin.phone, None);
    assert!(!admin.second_factor.is_enrolled());
    let (again, new) =
        b.upsert_staff(&staff(&boss, "Ignored", "$argon2id$boss2", Role::Witness, Some("SECRET"))).unwrap();
    assert!(!new);
    assert_eq!(again.id, admin.id);
    assert_eq!(again.role, Role::Witness);
    assert_eq!(again.name, "The Boss");
    assert_eq!(again.token_version, admin.token_version + 1);
    let seen = users(&nodes[2]).find_by_email(&boss).unwrap().unwrap();
    assert_eq!(seen.password_hash, "$argon2id$boss2");
    assert_eq!(seen.second_factor.secret.as_deref(), Some("SECRET"));
}

/// An admin's enrolment code (docs/security.md, "Admin second factor") guessed from every node at once: each guess
/// is compared and counted inside the account's atomic edit, so however many race, exactly
/// `EnrolmentCode::MISSES_ALLOWED` are compared, the code is spent, and every node sees it spent. The code is stored
/// whole, seen from another node, and kept by an upsert that only sets the password again.
fn enrolment_code_guesses_racing_on_every_node_stop_at_the_limit(nodes: &[Node]) {
    let boss = Email::parse("boss@example.com").unwrap();
    let (admin, _) =
        users(&nodes[0]).upsert_staff(&staff(&boss, "The Boss", "$argon2id$boss", Role::Admin, None)).unwrap();
    let code = EnrolmentCode { digest: "right".into(), expires_at: Utc::now() + Duration::hours(72), misses: 0 };
    let issued = code.clone();
    users(&nodes[1])
        .update(admin.id, move |u: &mut User| {
            u.second_factor.enrolment_code = Some(issued.clone());
            true
        })
        .unwrap();
    let again =
        users(&nodes[2]).upsert_staff(&staff(&boss, "The Boss", "$argon2id$boss2", Role::Admin, None)).unwrap().0;
    assert_eq!(again.second_factor.enrolment_code, Some(code), "stored whole, seen on another node");

    let verdicts = std::sync::Mutex::new(Vec::new());
    std::thread::scope(|scope| {
        for node in nodes {
            let verdicts = &verdicts;
            scope.spawn(move || {
                let users = users(node);
                for _ in 0..20 {
                    let verdict = std::cell::Cell::new(None);
                    users
                        .update(admin.id, |u: &mut User| {
                            let code = u.second_factor.enrolment_code.as_mut().unwrap();
                            let found = code.check("a guess", Utc::now());
                            verdict.set(Some(found));
                            matches!(found, EnrolmentCheck::Wrong { .. })
                        })
                        .unwrap();
                    verdicts.lock().unwrap().push(verdict.get().unwrap());
                }
            });
        }
    });
    let verdicts = verdicts.into_inner().unwrap();
    let compared = verdicts.iter().filter(|v| matches!(v, EnrolmentCheck::Wrong { .. })).count();
    assert_eq!(compared, EnrolmentCode::MISSES_ALLOWED as usize, "{verdicts:?}");
    assert_eq!(verdicts.iter().filter(|v| **v == EnrolmentCheck::Locked).count(), 20 * nodes.len() - compared);
    let held = users(&nodes[1]).get(admin.id).unwrap().unwrap().second_factor.enrolment_code.unwrap();
    assert_eq!(held.misses, EnrolmentCode::MISSES_ALLOWED);
    let mut right = held.clone();
    assert_eq!(right.check("right", Utc::now()), EnrolmentCheck::Locked, "spent, even for the right code");
}

fn accounts_are_listed_newest_first_and_players_counted(nodes: &[Node]) {
    let mut signed_up = Vec::new();
    for n in 0..7u32 {
        let users = users(&nodes[n as usize % nodes.len()]);
        signed_up.push(created(users.sign_up(new_player(n, n, "Ada Obi")).unwrap()));
    }
    let boss = Email::parse("boss@example.com").unwrap();
    let (admin, _) =
        users(&nodes[1]).upsert_staff(&staff(&boss, "The Boss", "$argon2id$boss", Role::Admin, None)).unwrap();
    verify(users(&nodes[2]).as_ref(), &signed_up[3]);
    verify(users(&nodes[2]).as_ref(), &signed_up[5]);

    let listed: Vec<u64> = users(&nodes[0]).newest_first().map(|u| u.unwrap().id).collect();
    let mut expected: Vec<u64> = signed_up.iter().map(|u| u.id).chain([admin.id]).collect();
    expected.reverse();
    assert_eq!(listed, expected, "newest first");

    let counts = users(&nodes[1]).player_counts(Utc::now() - Duration::hours(1)).unwrap();
    assert_eq!((counts.total, counts.new_today, counts.verified), (7, 7, 2), "staff are not players");
    let tomorrow = users(&nodes[2]).player_counts(Utc::now() + Duration::hours(1)).unwrap();
    assert_eq!((tomorrow.total, tomorrow.new_today, tomorrow.verified), (7, 0, 2));

    // Signing up again before verifying leaves one player; a verified player made staff is a player no more; a
    // suspension or a new password changes nothing.
    let again = users(&nodes[0]).sign_up(new_player(0, 0, "Ada Obi Again")).unwrap();
    assert!(matches!(again, SignUp::Replaced(_)), "{again:?}");
    let promoted = Email::parse(&signed_up[3].email).unwrap();
    users(&nodes[1]).upsert_staff(&staff(&promoted, "Staff", "$argon2id$staff", Role::Witness, None)).unwrap();
    users(&nodes[2]).set_status(signed_up[5].id, UserStatus::Suspended).unwrap();
    users(&nodes[0]).set_password(signed_up[6].id, "$argon2id$second").unwrap();
    let after = users(&nodes[1]).player_counts(Utc::now() - Duration::hours(1)).unwrap();
    assert_eq!((after.total, after.new_today, after.verified), (6, 6, 1));
}

fn a_long_list_is_read_whole(nodes: &[Node]) {
    let users = users(&nodes[0]);
    let count = 1_203u32;
    for n in 0..count {
        created(users.sign_up(new_player(n, n, "Ada Obi")).unwrap());
    }
    let listed: Vec<u64> = users.newest_first().map(|u| u.unwrap().id).collect();
    assert_eq!(listed.len(), count as usize, "every account once");
    assert!(listed.windows(2).all(|pair| pair[0] > pair[1]), "newest first, no repeat");
    assert_eq!(users.find_by_email(&email(count - 1)).unwrap().unwrap().id, listed[0]);
}

both_engines!(sign_up_rules_hold_across_nodes, embedded_sign_up_rules, cluster_sign_up_rules);
both_engines!(
    one_email_signed_up_on_three_nodes_at_once_makes_one_account,
    embedded_one_account_per_email_under_racing_sign_ups,
    cluster_one_account_per_email_under_racing_sign_ups
);
both_engines!(changes_are_seen_on_every_node, embedded_account_changes_are_shared, cluster_account_changes_are_shared);
both_engines!(edits_racing_on_every_node_are_all_kept, embedded_racing_edits_are_kept, cluster_racing_edits_are_kept);
both_engines!(staff_are_created_once_and_updated_after, embedded_staff_upsert, cluster_staff_upsert);
both_engines!(
    accounts_are_listed_newest_first_and_players_counted,
    embedded_newest_first_and_player_counts,
    cluster_newest_first_and_player_counts
);
both_engines!(a_long_list_is_read_whole, embedded_long_list, cluster_long_list);
both_engines!(
    enrolment_code_guesses_racing_on_every_node_stop_at_the_limit,
    embedded_enrolment_code_guesses_stop_at_the_limit,
    cluster_enrolment_code_guesses_stop_at_the_limit
);

#[test]
fn a_store_from_before_the_players_tally_counts_its_players_when_opened() {
    let dir = tempfile::tempdir().unwrap();
    {
        let store = ayo_data::Store::open(dir.path()).unwrap();
        let first = created(store.users.sign_up(new_player(1, 1, "Ada Obi")).unwrap());
        created(store.users.sign_up(new_player(2, 2, "Bola Ade")).unwrap());
        verify(store.users.as_ref(), &first);
        store.flush_blocking().unwrap();
    }
    {
        // As layout 2 left it: no players' tally (`#p` in `meta`).
        let db = common::reopened(|| sled::open(dir.path()).map_err(ayo_data::StoreError::from));
        let meta = db.open_tree("meta").unwrap();
        assert!(meta.remove(b"#p").unwrap().is_some(), "the tally is kept in meta");
        meta.insert(b"layout", &[2u8]).unwrap();
        db.flush().unwrap();
    }
    let store = common::reopened(|| ayo_data::Store::open(dir.path()));
    let counts = store.users.player_counts(Utc::now() - Duration::hours(1)).unwrap();
    assert_eq!((counts.total, counts.new_today, counts.verified), (2, 2, 1));
}
