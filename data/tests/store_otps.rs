//! One-time codes (`seam::Otps`), the same cases on both engines (`common::nodes`): a code issued on one node is
//! used on another, once, and its action lands on the account in the same transaction.
#![allow(clippy::unwrap_used, clippy::expect_used)] // a failed unwrap is a failed test

use std::sync::Arc;

use chrono::{DateTime, Duration, Utc};

use ayo_data::pg::otps::PgOtps;
use ayo_data::pg::users::PgUsers;
use ayo_data::seam::SignUp;
use ayo_data::seam::{OtpAction, OtpClaim, OtpIssue, OtpPepper, OtpPurpose, OtpVerdict};
use ayo_data::seam::{Otps, Users};
use ayo_data::user::User;

mod common;
use common::nodes::Node;

fn users(node: &Node) -> Arc<dyn Users> {
    match node {
        Node::Embedded(store) => Arc::clone(&store.users),
        Node::Cluster(pg) => Arc::new(PgUsers::new(pg.clone())),
    }
}

fn otps(node: &Node) -> Arc<dyn Otps> {
    match node {
        Node::Embedded(store) => Arc::clone(&store.otps),
        Node::Cluster(pg) => Arc::new(PgOtps::new(pg.clone())),
    }
}

fn pepper() -> OtpPepper {
    OtpPepper::new(b"pepper")
}

fn player(node: &Node, n: u32) -> User {
    match users(node).sign_up(common::new_player(n)).unwrap() {
        SignUp::Created(user) => user,
        other => panic!("unexpected {other:?}"),
    }
}

fn issue(node: &Node, user: &User, purpose: OtpPurpose, at: DateTime<Utc>) -> String {
    match otps(node).issue(user.id, purpose, &pepper(), at).unwrap() {
        OtpIssue::Issued { code, expires_at } => {
            assert_eq!(expires_at, at + Duration::minutes(10));
            code
        }
        other => panic!("a code, not {other:?}"),
    }
}

fn redeem(node: &Node, purpose: OtpPurpose, code: &str, expected: Option<&User>, action: OtpAction) -> OtpVerdict {
    let claim = OtpClaim { purpose, code, expected: expected.map(|u| u.id), action: &action };
    otps(node).redeem(claim, &pepper(), Utc::now()).unwrap()
}

/// A verification code handed in without naming its account.
fn verification<'a>(code: &'a str, action: &'a OtpAction) -> OtpClaim<'a> {
    OtpClaim { purpose: OtpPurpose::Verification, code, expected: None, action }
}

/// A code that is not `code`.
fn wrong(code: &str) -> String {
    format!("{:06}", (code.parse::<u32>().unwrap() + 1) % 1_000_000)
}

fn a_code_issued_on_one_node_verifies_the_email_on_another(nodes: &[Node]) {
    let user = player(&nodes[0], 1);
    let code = issue(&nodes[0], &user, OtpPurpose::Verification, Utc::now());
    let verdict = redeem(&nodes[1], OtpPurpose::Verification, &code, None, OtpAction::VerifyEmail);
    let OtpVerdict::Accepted(verified) = verdict else { panic!("accepted, not {verdict:?}") };
    assert_eq!(verified.id, user.id);
    assert!(verified.is_verified());
    assert!(users(&nodes[2]).get(user.id).unwrap().unwrap().is_verified(), "the account itself is verified");
    assert_eq!(
        redeem(&nodes[2], OtpPurpose::Verification, &code, None, OtpAction::VerifyEmail),
        OtpVerdict::Invalid,
        "a used code is gone"
    );
}

fn a_check_keeps_the_code_and_purposes_do_not_mix(nodes: &[Node]) {
    let user = player(&nodes[0], 1);
    let code = issue(&nodes[0], &user, OtpPurpose::Verification, Utc::now());
    assert_eq!(redeem(&nodes[1], OtpPurpose::PasswordReset, &code, None, OtpAction::Check), OtpVerdict::Invalid);
    let checked = redeem(&nodes[1], OtpPurpose::Verification, &code, Some(&user), OtpAction::Check);
    assert!(matches!(checked, OtpVerdict::Accepted(u) if !u.is_verified()), "a check changes nothing");
    let used = redeem(&nodes[2], OtpPurpose::Verification, &code, Some(&user), OtpAction::VerifyEmail);
    assert!(matches!(used, OtpVerdict::Accepted(u) if u.is_verified()), "the checked code still works");
}

fn wrong_codes_count_and_the_fifth_burns_the_code(nodes: &[Node]) {
    let (user, other) = (player(&nodes[0], 1), player(&nodes[0], 2));
    let code = issue(&nodes[0], &user, OtpPurpose::Verification, Utc::now());
    let others = issue(&nodes[0], &other, OtpPurpose::Verification, Utc::now());
    // Without a named account a wrong code counts against nobody.
    for node in nodes {
        assert_eq!(redeem(node, OtpPurpose::Verification, &wrong(&code), None, OtpAction::Check), OtpVerdict::Invalid);
    }
    // Another account's right code is a wrong code for this one; tries on every node add up.
    let mut verdicts = vec![redeem(&nodes[0], OtpPurpose::Verification, &others, Some(&user), OtpAction::VerifyEmail)];
    for n in 1..5 {
        let guess = wrong(&code);
        verdicts.push(redeem(&nodes[n % 3], OtpPurpose::Verification, &guess, Some(&user), OtpAction::VerifyEmail));
    }
    assert_eq!(verdicts[..4], [OtpVerdict::Invalid, OtpVerdict::Invalid, OtpVerdict::Invalid, OtpVerdict::Invalid]);
    assert_eq!(verdicts[4], OtpVerdict::Burned, "the fifth wrong try");
    assert_eq!(
        redeem(&nodes[1], OtpPurpose::Verification, &code, Some(&user), OtpAction::VerifyEmail),
        OtpVerdict::Invalid,
        "a burned code is gone"
    );
    assert!(!users(&nodes[2]).get(user.id).unwrap().unwrap().is_verified());
    let still = redeem(&nodes[2], OtpPurpose::Verification, &others, None, OtpAction::VerifyEmail);
    assert!(matches!(still, OtpVerdict::Accepted(u) if u.id == other.id), "the other account's code was not used");
}

fn four_wrong_tries_leave_the_code_working(nodes: &[Node]) {
    let user = player(&nodes[0], 1);
    let code = issue(&nodes[1], &user, OtpPurpose::Verification, Utc::now());
    for node in nodes.iter().cycle().take(4) {
        let verdict = redeem(node, OtpPurpose::Verification, &wrong(&code), Some(&user), OtpAction::VerifyEmail);
        assert_eq!(verdict, OtpVerdict::Invalid);
    }
    let verdict = redeem(&nodes[2], OtpPurpose::Verification, &code, Some(&user), OtpAction::VerifyEmail);
    assert!(matches!(verdict, OtpVerdict::Accepted(u) if u.is_verified()));
}

fn a_code_tried_on_every_node_at_once_is_used_once(nodes: &[Node]) {
    let user = player(&nodes[0], 1);
    let code = issue(&nodes[0], &user, OtpPurpose::PasswordReset, Utc::now());
    let verdicts: Vec<OtpVerdict> = std::thread::scope(|scope| {
        let racing: Vec<_> = nodes
            .iter()
            .enumerate()
            .map(|(i, node)| {
                let (code, user) = (&code, &user);
                let action = OtpAction::ResetPassword(format!("$argon2id$node{i}"));
                scope.spawn(move || redeem(node, OtpPurpose::PasswordReset, code, Some(user), action))
            })
            .collect();
        racing.into_iter().map(|redeem| redeem.join().unwrap()).collect()
    });
    let accepted: Vec<&User> =
        verdicts.iter().filter_map(|v| if let OtpVerdict::Accepted(u) = v { Some(&**u) } else { None }).collect();
    assert_eq!(accepted.len(), 1, "{verdicts:?}");
    let held = users(&nodes[1]).get(user.id).unwrap().unwrap();
    assert_eq!(held.token_version, user.token_version + 1, "one reset");
    assert_eq!(held.password_hash, accepted[0].password_hash);
}

fn a_new_code_waits_a_minute_and_then_replaces_the_old_one(nodes: &[Node]) {
    let user = player(&nodes[0], 1);
    let now = Utc::now();
    let first = issue(&nodes[0], &user, OtpPurpose::Verification, now);
    let early = otps(&nodes[1]).issue(user.id, OtpPurpose::Verification, &pepper(), now + Duration::seconds(59));
    assert_eq!(early.unwrap(), OtpIssue::Cooldown { retry_after_secs: 1 });
    let second = issue(&nodes[2], &user, OtpPurpose::Verification, now + Duration::seconds(61));
    let reset = issue(&nodes[1], &user, OtpPurpose::PasswordReset, now + Duration::seconds(1));
    assert!(!reset.is_empty(), "each purpose has its own minute");
    if first != second {
        let old = redeem(&nodes[1], OtpPurpose::Verification, &first, None, OtpAction::Check);
        assert_eq!(old, OtpVerdict::Invalid, "the replaced code is dead");
    }
    let new = redeem(&nodes[0], OtpPurpose::Verification, &second, None, OtpAction::VerifyEmail);
    assert!(matches!(new, OtpVerdict::Accepted(u) if u.is_verified()));
}

fn a_code_is_refused_after_ten_minutes_and_swept(nodes: &[Node]) {
    let user = player(&nodes[0], 1);
    let now = Utc::now();
    let code = issue(&nodes[0], &user, OtpPurpose::Verification, now);
    let later = now + Duration::minutes(10) + Duration::seconds(1);
    let otps_b = otps(&nodes[1]);
    let verdict = otps_b.redeem(verification(&code, &OtpAction::VerifyEmail), &pepper(), later).unwrap();
    assert_eq!(verdict, OtpVerdict::Expired);
    assert!(!users(&nodes[2]).get(user.id).unwrap().unwrap().is_verified());
    let again = otps(&nodes[2]).redeem(verification(&code, &OtpAction::Check), &pepper(), now);
    assert_eq!(again.unwrap(), OtpVerdict::Invalid, "an expired code, once tried, is gone");
}

fn a_reset_code_sets_the_password(nodes: &[Node]) {
    let user = player(&nodes[0], 1);
    let code = issue(&nodes[0], &user, OtpPurpose::PasswordReset, Utc::now());
    let action = OtpAction::ResetPassword("$argon2id$new".into());
    let verdict = redeem(&nodes[1], OtpPurpose::PasswordReset, &code, Some(&user), action);
    let OtpVerdict::Accepted(reset) = verdict else { panic!("accepted, not {verdict:?}") };
    assert_eq!(reset.password_hash, "$argon2id$new");
    let held = users(&nodes[2]).get(user.id).unwrap().unwrap();
    assert_eq!(held.password_hash, "$argon2id$new");
    assert_eq!(held.token_version, user.token_version + 1, "every session signed out");
    assert!(!held.is_verified(), "a reset verifies nothing");
}

fn each_live_code_finds_its_own_account_by_the_code_alone(nodes: &[Node]) {
    let now = Utc::now();
    let issued: Vec<(User, String)> = (0..60)
        .map(|n| {
            let node = &nodes[n as usize % nodes.len()];
            let user = player(node, n);
            let code = issue(node, &user, OtpPurpose::Verification, now);
            (user, code)
        })
        .collect();
    let mut codes: Vec<&String> = issued.iter().map(|(_, c)| c).collect();
    codes.sort();
    codes.dedup();
    assert_eq!(codes.len(), issued.len(), "live codes of one purpose are unique");
    for (n, (user, code)) in issued.iter().enumerate() {
        let verdict =
            redeem(&nodes[(n + 1) % nodes.len()], OtpPurpose::Verification, code, None, OtpAction::VerifyEmail);
        assert!(matches!(verdict, OtpVerdict::Accepted(u) if u.id == user.id));
    }
}

both_engines!(
    a_code_issued_on_one_node_verifies_the_email_on_another,
    embedded_code_verifies_email_on_another_node,
    cluster_code_verifies_email_on_another_node
);
both_engines!(a_check_keeps_the_code_and_purposes_do_not_mix, embedded_check_keeps_code, cluster_check_keeps_code);
both_engines!(
    wrong_codes_count_and_the_fifth_burns_the_code,
    embedded_fifth_wrong_try_burns,
    cluster_fifth_wrong_try_burns
);
both_engines!(
    four_wrong_tries_leave_the_code_working,
    embedded_four_wrong_tries_keep_code,
    cluster_four_wrong_tries_keep_code
);
both_engines!(
    a_code_tried_on_every_node_at_once_is_used_once,
    embedded_code_used_once_under_race,
    cluster_code_used_once_under_race
);
both_engines!(
    a_new_code_waits_a_minute_and_then_replaces_the_old_one,
    embedded_resend_cooldown,
    cluster_resend_cooldown
);
both_engines!(a_code_is_refused_after_ten_minutes_and_swept, embedded_code_expires, cluster_code_expires);
both_engines!(a_reset_code_sets_the_password, embedded_reset_sets_password, cluster_reset_sets_password);
both_engines!(
    each_live_code_finds_its_own_account_by_the_code_alone,
    embedded_code_alone_finds_its_account,
    cluster_code_alone_finds_its_account
);
