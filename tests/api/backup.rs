//! `ayo backup` and `ayo restore` against the real binary: a backup taken through the control socket while players
//! buy is consistent (the restored copy passes the money audit and holds every ticket acknowledged before it), a
//! damaged file is refused, and a restore never writes over an existing data directory.

use std::process::{Command, Output};
use std::time::Duration;

use crate::drills::{buy_until_killed, seed_open_draw};
use crate::offline::{kill, start_server};

fn ayo(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_ayo")).args(args).output().unwrap()
}

fn text(output: &Output) -> String {
    format!("{}{}", String::from_utf8_lossy(&output.stdout), String::from_utf8_lossy(&output.stderr))
}

#[actix_web::test]
async fn a_backup_taken_under_purchase_load_restores_into_a_new_directory_and_passes_the_money_audit() {
    let dir = tempfile::tempdir().unwrap();
    let (draw_id, players) = seed_open_draw(dir.path());
    let (server, url) = start_server(dir.path());
    let buyers: Vec<_> = players
        .iter()
        .enumerate()
        .map(|(p, (_, token))| tokio::spawn(buy_until_killed(url.clone(), token.clone(), 0, p, draw_id)))
        .collect();
    tokio::time::sleep(Duration::from_millis(300)).await;

    let file = dir.path().join("ayo.backup");
    let data_dir = dir.path().to_string_lossy().to_string();
    let file_arg = file.to_string_lossy().to_string();
    let taken =
        tokio::task::spawn_blocking(move || ayo(&["backup", "--data-dir", &data_dir, &file_arg])).await.unwrap();
    assert!(taken.status.success(), "{}", text(&taken));
    assert!(text(&taken).contains("by the running server"), "{}", text(&taken));
    // Purchases went on during and after the copy.
    tokio::time::sleep(Duration::from_millis(200)).await;
    kill(server);
    let mut acked = 0;
    for buyer in buyers {
        acked += buyer.await.unwrap().len();
    }
    assert!(acked > 0);

    let restored = tempfile::tempdir().unwrap();
    let target = restored.path().join("var");
    let target_arg = target.to_string_lossy().to_string();
    let file_arg = file.to_string_lossy().to_string();
    let brought = ayo(&["restore", &file_arg, "--data-dir", &target_arg]);
    assert!(brought.status.success(), "{}", text(&brought));
    assert!(text(&brought).contains("each ledger"), "{}", text(&brought));
    let store = ayo_data::Store::open(&target.join("db")).unwrap();
    let report = store.audit().unwrap();
    assert!(report.is_sound(), "{:?}", report.problems);
    assert_eq!(report.wallets as usize, players.len());
    let copied = store.books.ticket_ids_of_draw(draw_id).unwrap().len();
    assert!(copied > 0 && copied <= acked, "the copy holds {copied} of {acked} tickets");
    // A new id never collides with a copied one.
    let fresh = store.ids.next_id().unwrap();
    assert!(store.books.ticket(fresh).unwrap().is_none());
    assert!(store.books.ticket_ids_of_draw(draw_id).unwrap().iter().all(|id| *id < fresh));
    drop(store);

    // Never over an existing directory.
    let again = ayo(&["restore", &file_arg, "--data-dir", &target_arg]);
    assert!(!again.status.success());
    let said = text(&again);
    assert!(said.contains("already holds a database") && !said.contains("corrupt"), "{said}");

    // A damaged copy is refused before anything is written.
    let mut bytes = std::fs::read(&file).unwrap();
    let middle = bytes.len() / 2;
    bytes[middle] ^= 0x55;
    let damaged = dir.path().join("damaged.backup");
    std::fs::write(&damaged, bytes).unwrap();
    let elsewhere = restored.path().join("other").to_string_lossy().to_string();
    let refused = ayo(&["restore", &damaged.to_string_lossy(), "--data-dir", &elsewhere]);
    assert!(!refused.status.success());
    assert!(text(&refused).contains("checksum"), "{}", text(&refused));
}
