//! One-time codes against the real sled store, with the clock moved by hand.
#![allow(clippy::unwrap_used, clippy::expect_used)] // a failed unwrap is a failed test

use chrono::{Duration, Utc};

use ayo_data::seam::{OtpAction, OtpIssue, OtpPepper, OtpPurpose, OtpVerdict, SignUp};
use ayo_data::user::User;
use ayo_data::Store;

mod common;

fn player(store: &Store, n: u32) -> User {
    match store.users.sign_up(common::new_player(n)).unwrap() {
        SignUp::Created(user) => user,
        other => panic!("unexpected {other:?}"),
    }
}

fn issue(store: &Store, user: &User, at: chrono::DateTime<Utc>, pepper: &OtpPepper) -> OtpIssue {
    store.otps.issue(user.id, OtpPurpose::Verification, pepper, at).unwrap()
}

#[test]
fn a_code_is_refused_after_ten_minutes() {
    let store = Store::temporary().unwrap();
    let pepper = OtpPepper::new(b"pepper");
    let user = player(&store, 1);
    let now = Utc::now();
    let OtpIssue::Issued { code, .. } = issue(&store, &user, now, &pepper) else { panic!("issued") };
    let later = now + Duration::minutes(10) + Duration::seconds(1);
    let verdict =
        store.otps.redeem(OtpPurpose::Verification, &code, None, &OtpAction::VerifyEmail, &pepper, later).unwrap();
    assert_eq!(verdict, OtpVerdict::Expired);
    assert!(!store.users.get(user.id).unwrap().unwrap().is_verified());
}

#[test]
fn a_new_code_waits_a_minute_and_then_replaces_the_old_one() {
    let store = Store::temporary().unwrap();
    let pepper = OtpPepper::new(b"pepper");
    let user = player(&store, 1);
    let now = Utc::now();
    let OtpIssue::Issued { code: first, .. } = issue(&store, &user, now, &pepper) else { panic!("issued") };
    assert!(matches!(issue(&store, &user, now + Duration::seconds(59), &pepper), OtpIssue::Cooldown { .. }));
    let OtpIssue::Issued { code: second, .. } = issue(&store, &user, now + Duration::seconds(61), &pepper) else {
        panic!("issued after the minute")
    };
    let at = now + Duration::seconds(62);
    if first != second {
        let old = store.otps.redeem(OtpPurpose::Verification, &first, None, &OtpAction::Check, &pepper, at).unwrap();
        assert_eq!(old, OtpVerdict::Invalid, "the replaced code is dead");
    }
    let new = store.otps.redeem(OtpPurpose::Verification, &second, None, &OtpAction::VerifyEmail, &pepper, at);
    assert!(matches!(new.unwrap(), OtpVerdict::Accepted(u) if u.is_verified()));
}

#[test]
fn each_live_code_finds_its_own_account_by_the_code_alone() {
    let store = Store::temporary().unwrap();
    let pepper = OtpPepper::new(b"pepper");
    let now = Utc::now();
    let issued: Vec<(User, String)> = (0..300)
        .map(|n| {
            let user = player(&store, n);
            let OtpIssue::Issued { code, .. } = issue(&store, &user, now, &pepper) else { panic!("issued") };
            (user, code)
        })
        .collect();
    let mut codes: Vec<&String> = issued.iter().map(|(_, c)| c).collect();
    codes.sort();
    codes.dedup();
    assert_eq!(codes.len(), issued.len(), "live codes of one purpose are unique");
    for (user, code) in &issued {
        let verdict =
            store.otps.redeem(OtpPurpose::Verification, code, None, &OtpAction::VerifyEmail, &pepper, now).unwrap();
        assert!(matches!(verdict, OtpVerdict::Accepted(u) if u.id == user.id));
    }
}

#[test]
fn the_database_holds_digests_not_codes() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(dir.path()).unwrap();
    let pepper = OtpPepper::new(b"pepper");
    let user = player(&store, 7);
    let OtpIssue::Issued { code, .. } = issue(&store, &user, Utc::now(), &pepper) else { panic!("issued") };
    store.flush_blocking().unwrap();
    drop(store);
    let mut all = Vec::new();
    for entry in walk(dir.path()) {
        all.extend(std::fs::read(entry).unwrap());
    }
    // Records are JSON: a stored code would appear as a quoted string. Only its HMAC digest is there.
    let quoted = format!("\"{code}\"").into_bytes();
    assert!(!all.windows(quoted.len()).any(|w| w == quoted.as_slice()));
}

fn walk(dir: &std::path::Path) -> Vec<std::path::PathBuf> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap().flatten() {
        let path = entry.path();
        if path.is_dir() {
            out.extend(walk(&path));
        } else {
            out.push(path);
        }
    }
    out
}
