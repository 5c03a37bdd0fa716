//! Moving an embedded install into PostgreSQL, cluster mode's system of record (issue 14), against a real
//! PostgreSQL. Ignored by a plain `cargo test`: scripts/test.sh runs them beside a throwaway PostgreSQL with
//! `bash scripts/cluster-services.sh cargo test --test api cluster_migrate -- --ignored`.

use std::process::Command;

use ayo_data::ledger::LedgerEntry;
use ayo_data::migrate::import;
use ayo_data::pg::money::PgMoney;
use ayo_data::pg::payments::PgPayments;
use ayo_data::pg::{activities::PgActivities, adjustments::PgAdjustments, blocking::PgSync, notices::PgNotices};
use ayo_data::pg::{identities::PgIdentities, responsible::PgResponsible};
use ayo_data::pg::{Client, PgError};
use ayo_data::seam::Slice;
use ayo_data::seam::{Activities, Adjustments, Identities, Notices, Payments, Responsible};

use crate::helpers::spawn_app;

const NEEDS_POSTGRES: &str = "AYO_TEST_POSTGRES_URL (a superuser's URL): run through scripts/cluster-services.sh";

/// A new, empty database of its own on the test PostgreSQL, and its URL.
pub async fn empty_database() -> (Client, String) {
    let server = std::env::var("AYO_TEST_POSTGRES_URL").expect(NEEDS_POSTGRES);
    let url = ayo_data::pg::new_database(&server, "ayo_test").await.unwrap();
    (ayo_data::pg::connect(&url).await.unwrap(), url)
}

async fn count(client: &Client, sql: &str) -> i64 {
    client.query_one(sql, &[]).await.unwrap().get(0)
}

#[actix_web::test]
#[ignore = "needs PostgreSQL (scripts/cluster-services.sh)"]
async fn a_running_lottery_moves_into_postgresql_whole_with_its_books_balanced_and_no_secret_in_the_rows() {
    let app = spawn_app().await;
    let draw = app.quick_draw(6_000, 6_500).await;
    let admin = app.admin("boss@ayolotto.ng").await;
    let ada = app.verified_player("ada@example.com", "+2348012345678").await;
    app.buy_every_number(&admin, &ada, draw.id).await;
    app.wait_for_draw(draw.id, |d| d["status"] == "settled").await;
    let ada_id = app.user_id(&ada).await as i64;
    let balance = app.balance(&ada).await;
    assert_eq!(balance, 5_000 * 40, "one of the 90 numbers won 40×");
    let mut settings = app.store.responsible.get(ada_id as u64).unwrap();
    settings.reality_check_minutes = 15;
    app.store.responsible.put(ada_id as u64, &settings).unwrap();
    let marquee_id = app.store.notices.next_id().unwrap();
    let now = chrono::Utc::now();
    let marquee = ayo_data::notice::Marquee {
        id: marquee_id,
        text: "Welcome to the cluster".into(),
        active: true,
        starts_at: None,
        ends_at: None,
        priority: 1,
        created_at: now,
        updated_at: now,
    };
    app.store.notices.put_marquee(&marquee).unwrap();
    let adjustment = ayo_data::adjustment::PendingAdjustment {
        id: app.store.adjustments.next_id().unwrap(),
        user_id: ada_id as u64,
        amount: ayo_data::money::Kobo(10_000_000),
        reason: "goodwill".into(),
        requested_by: app.user_id(&admin).await,
        idempotency_key: "goodwill-1".into(),
        status: ayo_data::adjustment::ApprovalStatus::Pending,
        decided_by: None,
        created_at: now,
        decided_at: None,
        held_because: ayo_data::adjustment::HeldBecause::Amount,
    };
    app.store.adjustments.request(&adjustment).unwrap();
    // Payments: a deposit still pending, her bank account, and a withdrawal that failed (its money back, its entry
    // kept as `failed`, outside the balance).
    let deposit_id = app.store.wallets().unwrap().next_id().unwrap();
    let deposit = ayo_data::deposit::Deposit::pending(
        deposit_id,
        format!("dep-{deposit_id}"),
        ada_id as u64,
        ayo_data::money::Kobo(50_000),
        "sandbox",
        now,
    );
    app.store.payments.insert_deposit(&deposit).unwrap();
    let account = ayo_data::bank_account::BankAccount {
        user_id: ada_id as u64,
        bank_code: "058".into(),
        bank_name: "GTBank".into(),
        account_number: "0123456785".into(),
        account_name: "ADA OBI".into(),
        created_at: now,
        updated_at: now,
        withdrawals_held_until: None,
    };
    let account = app.store.payments.save_bank_account(account, now).unwrap();
    let withdrawal_id = app.store.wallets().unwrap().next_id().unwrap();
    let withdrawal = ayo_data::withdrawal::Withdrawal {
        id: withdrawal_id,
        user_id: ada_id as u64,
        amount: ayo_data::money::Kobo(10_000),
        status: ayo_data::withdrawal::WithdrawalStatus::Pending,
        bank_code: "058".into(),
        bank_name: "GTBank".into(),
        account_number: "0123456785".into(),
        account_name: "ADA OBI".into(),
        idempotency_key: "w-1".into(),
        entry_id: app.store.wallets().unwrap().next_id().unwrap(),
        transfer_reference: ayo_data::withdrawal::Withdrawal::transfer_reference_for(withdrawal_id),
        reason: None,
        decided_by: None,
        created_at: now,
        updated_at: now,
    };
    app.store.payments.hold_withdrawal(&withdrawal).unwrap().unwrap();
    let claim = ayo_data::withdrawal::WithdrawalMove::Claim { by: 1 };
    app.store.payments.move_withdrawal(withdrawal_id, &claim, now).unwrap().unwrap();
    let fail = ayo_data::withdrawal::WithdrawalMove::Fail { reason: "Bank declined".into() };
    let failed = app.store.payments.move_withdrawal(withdrawal_id, &fail, now).unwrap().unwrap().value;
    assert_eq!(app.balance(&ada).await, balance, "the failed withdrawal's money came back");

    let (mut client, url) = empty_database().await;
    let moved = import(&app.store, &mut client).await.unwrap();
    // The witnesses' public entries come along: every moved draw names a key the new store still lists.
    let witnesses = app.store.witness.entries().unwrap();
    assert!(!witnesses.is_empty(), "the draw's witness registered a key");
    assert_eq!(count(&client, "SELECT count(*) FROM witness_keys").await, witnesses.len() as i64);
    let key = &witnesses[0].public_key;
    let listed = client.query_one("SELECT name FROM witness_keys WHERE public_key = $1", &[key]).await.unwrap();
    assert_eq!(listed.get::<_, String>(0), witnesses[0].name);
    assert_eq!((moved.tickets, moved.audit.settled_draws, moved.audit.settled_tickets), (90, 1, 90));

    // The money as rows the database checks: her balance, what the API says, and her standing ledger's sum agree.
    let row = client
        .query_one(
            "SELECT w.balance, (SELECT sum(amount) FROM ledger_entries l
                                WHERE l.user_id = w.user_id AND l.status IN ('pending', 'success'))::bigint
             FROM wallets w WHERE w.user_id = $1",
            &[&ada_id],
        )
        .await
        .unwrap();
    assert_eq!((row.get::<_, i64>(0), row.get::<_, i64>(1)), (balance, balance));
    let by_status = "SELECT count(*) FROM tickets WHERE draw_id = (SELECT max(id) FROM draws WHERE status = 'settled')";
    assert_eq!(count(&client, &format!("{by_status} AND status = 'won'")).await, 1);
    assert_eq!(count(&client, &format!("{by_status} AND status = 'lost'")).await, 89);
    assert_eq!(count(&client, "SELECT count(*) FROM records").await, moved.records as i64);
    let kinds = "SELECT count(DISTINCT kind) FROM ledger_entries WHERE kind IN ('stake', 'win', 'adjustment')";
    assert_eq!(count(&client, kinds).await, 3, "the funding, the stakes and the win are each a ledger line");

    // Typed rows carry no secret: no password hash, no second factor, no seed (they travel sealed in `records`).
    let hashes = "SELECT count(*) FROM users WHERE doc ? 'password_hash' OR doc ? 'second_factor'";
    assert_eq!(count(&client, hashes).await, 0);
    assert_eq!(count(&client, "SELECT count(*) FROM draws WHERE doc ? 'seed'").await, 0);

    // The database refuses a negative balance by itself.
    let overdraw = client.execute("UPDATE wallets SET balance = -1 WHERE user_id = $1", &[&ada_id]).await;
    assert!(overdraw.is_err());

    // The cluster's money engine takes over where the store left off: the draw's settlement and the funding's
    // idempotency key came along, so settling Ada again or repeating her funding moves nothing.
    let engine = PgMoney::connect(&url).await.unwrap();
    let settled_draw = count(&client, "SELECT max(id) FROM draws WHERE status = 'settled'").await as u64;
    let again = engine.settle(ada_id as u64, settled_draw, vec![], vec![], chrono::Utc::now()).await.unwrap();
    assert!(again.replayed, "a settled player is not settled twice");
    let funding = client
        .query_one("SELECT k.key, l.doc FROM money_keys k JOIN ledger_entries l ON l.id = k.entry_id", &[])
        .await
        .unwrap();
    let mut repeat: LedgerEntry = serde_json::from_value(funding.get(1)).unwrap();
    repeat.id = engine.next_id().await.unwrap();
    let replayed = engine.apply_once(repeat, Some(funding.get(0))).await.unwrap().unwrap();
    assert!(replayed.replayed, "the funding's key answers the first entry");
    assert_eq!(engine.balance(ada_id as u64).await.unwrap().as_i64(), balance);
    assert!(engine.unbalanced().await.unwrap().is_empty());

    // The other families read on PostgreSQL what the store held: the audit log, the marquee, her settings; and a
    // new record's id comes after every id moved.
    let pg = PgSync::connect(&url).unwrap();
    let newest = Slice { offset: 0, limit: 5, oldest_first: false };
    let (moved_log, stored_log) =
        (PgActivities::new(pg.clone()).page(newest).unwrap(), app.store.activities.page(newest).unwrap());
    assert!(moved_log.total > 0);
    assert_eq!((moved_log.total, moved_log.rows), (stored_log.total, stored_log.rows));
    assert_eq!(PgNotices::new(pg.clone()).live_marquees(chrono::Utc::now()).unwrap(), [marquee]);
    assert_eq!(PgResponsible::new(pg.clone()).get(ada_id as u64).unwrap().reality_check_minutes, 15);
    let moved_adjustments = PgAdjustments::new(pg.clone());
    assert_eq!(moved_adjustments.all().unwrap(), std::slice::from_ref(&adjustment));
    let repeat = moved_adjustments.request(&ayo_data::adjustment::PendingAdjustment { id: 1, ..adjustment.clone() });
    assert_eq!(repeat.unwrap(), (adjustment, false), "its key came along: a repeat answers the first");
    let no_key = ayo_data::seal::SecretSealer::ephemeral();
    assert_eq!(
        PgIdentities::new(pg.clone(), no_key).get(ada_id as u64).unwrap(),
        app.store.identities.get(ada_id as u64).unwrap()
    );
    let moved_payments = PgPayments::new(pg.clone());
    assert_eq!(moved_payments.deposit(&deposit.reference).unwrap(), Some(deposit));
    assert_eq!(moved_payments.bank_account(ada_id as u64).unwrap(), Some(account));
    assert_eq!(moved_payments.withdrawals_of_user(ada_id as u64).unwrap(), [failed]);
    let again = moved_payments.move_withdrawal(withdrawal_id, &fail, chrono::Utc::now()).unwrap().unwrap();
    assert!(again.replayed && again.balance.as_i64() == balance, "a failed withdrawal moved is not returned twice");
    assert!(PgNotices::new(pg).next_id().unwrap() > marquee_id.max(withdrawal_id));

    // A second move into the same database is refused, and changes nothing.
    match import(&app.store, &mut client).await {
        Err(PgError::NotEmpty(held)) => assert_eq!(held, moved.records as i64),
        other => panic!("expected a refusal, got {other:?}"),
    }
    assert_eq!(count(&client, "SELECT count(*) FROM tickets").await, 90);
}

#[actix_web::test]
#[ignore = "needs PostgreSQL (scripts/cluster-services.sh)"]
async fn ayo_migrate_moves_a_stopped_data_directory_and_says_what_it_checked() {
    let dir = tempfile::tempdir().unwrap();
    let bin = env!("CARGO_BIN_EXE_ayo");
    let made = Command::new(bin)
        .args(["create-admin", "--email", "boss@ayolotto.ng", "--password", "admin-pass-long", "--data-dir"])
        .arg(dir.path())
        .output()
        .unwrap();
    assert!(made.status.success(), "{}", String::from_utf8_lossy(&made.stderr));
    let (client, url) = empty_database().await;
    let migrate =
        || Command::new(bin).args(["migrate", "--to", &url, "--from-data-dir"]).arg(dir.path()).output().unwrap();

    let first = migrate();
    let said = String::from_utf8_lossy(&first.stdout).to_string();
    assert!(first.status.success(), "{}", String::from_utf8_lossy(&first.stderr));
    assert!(said.contains("checked against the store before committing") && said.contains("1 accounts"), "{said}");
    assert_eq!(
        count(&client, "SELECT count(*) FROM users WHERE email = 'boss@ayolotto.ng' AND role = 'admin'").await,
        1
    );
    let versions = ayo_data::pg::schema::MIGRATIONS.len() as i64;
    assert_eq!(count(&client, "SELECT count(*) FROM schema_migrations").await, versions);

    let again = migrate();
    assert!(!again.status.success());
    assert!(String::from_utf8_lossy(&again.stderr).contains("already holds a lottery"));
}
