//! One-time codes on disk in the sled store: what the file holds. How codes are issued, used, expire and are
//! replaced is the contract both engines keep, in `store_otps.rs`.
#![allow(clippy::unwrap_used, clippy::expect_used)] // a failed unwrap is a failed test

use chrono::Utc;

use ayo_data::seam::{OtpIssue, OtpPepper, OtpPurpose, SignUp};
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
