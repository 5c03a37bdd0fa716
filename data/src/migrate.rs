//! Moving an embedded store into PostgreSQL (`ayo migrate --from-data-dir D --to postgres://…`): the one job that
//! reads one engine and writes the other, so it sits on the top floor beside `engine`.
//!
//! Everything happens in one PostgreSQL transaction, committed only when the copy has been checked against the
//! store: every tree's record count, the money invariants over the typed tables (each wallet's ledger sums to its
//! balance, no balance negative, every settled draw holds all its tickets, none pending), and the totals against the
//! store's own audit. A copy that does not match is rolled back: the target stays empty.

use serde_json::Value;

use crate::pg::tables::{document, Table, DRAWS, GAMES, LEDGER, MONEY_KEYS, SETTLEMENTS, TICKETS, USERS};
use crate::pg::{schema, Client, PgError};
use crate::seam::{leaves_blob, AuditReport, Games};
use crate::Store;

/// Rows per statement.
const BATCH: usize = 1000;

/// What was moved.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Imported {
    pub trees: usize,
    pub records: u64,
    pub users: u64,
    pub ledger_entries: u64,
    pub games: u64,
    pub draws: u64,
    pub tickets: u64,
    /// The store's own audit, which the copy was checked against.
    pub audit: AuditReport,
}

/// Copies `store` into the empty database behind `client`, checks the copy, and commits it only if it matches.
pub async fn import(store: &Store, client: &mut Client) -> Result<Imported, PgError> {
    schema::apply(client).await?;
    let audit = store.audit()?;
    let tx = client.transaction().await?;
    let held: i64 = tx.query_one("SELECT count(*) FROM records", &[]).await?.get(0);
    if held > 0 {
        return Err(PgError::NotEmpty(held));
    }
    let mut imported = Imported {
        trees: 0,
        records: 0,
        users: 0,
        ledger_entries: 0,
        games: 0,
        draws: 0,
        tickets: 0,
        audit: audit.clone(),
    };
    let mut expected_records = Vec::new();
    for (name, tree) in store.embedded()?.trees()? {
        let mut batch: (Vec<&str>, Vec<Vec<u8>>, Vec<Vec<u8>>) = Default::default();
        let mut count = 0i64;
        for item in tree.iter() {
            let (key, value) = item.map_err(crate::error::StoreError::from)?;
            batch.0.push(&name);
            batch.1.push(key.to_vec());
            batch.2.push(value.to_vec());
            count += 1;
            if batch.0.len() == BATCH {
                insert_records(&tx, &mut batch).await?;
            }
        }
        insert_records(&tx, &mut batch).await?;
        imported.records += count as u64;
        imported.trees += 1;
        expected_records.push((name, count));
    }

    let mut users = Rows::new(&USERS);
    for user in store.users.newest_first() {
        let (doc, secrets) = crate::pg::users::split(&user?)?;
        users.push(&tx, serde_json::json!({ "doc": doc, "secrets": secrets })).await?;
    }
    imported.users = users.finish(&tx).await?;
    let balances: Vec<(i64, i64)> = store
        .wallets()?
        .wallet_balances()
        .map(|item| item.map(|(user, balance)| (user as i64, balance)))
        .collect::<Result<_, _>>()?;
    let (ids, amounts): (Vec<i64>, Vec<i64>) = balances.into_iter().unzip();
    tx.execute(
        "INSERT INTO wallets (user_id, balance) SELECT * FROM unnest($1::bigint[], $2::bigint[])",
        &[&ids, &amounts],
    )
    .await?;
    let mut entries = Rows::new(&LEDGER);
    for entry in store.wallets()?.entries_newest_first() {
        entries.push(&tx, document(&entry?)?).await?;
    }
    imported.ledger_entries = entries.finish(&tx).await?;
    let mut games = Rows::new(&GAMES);
    for game in store.games.games()? {
        games.push(&tx, document(&game)?).await?;
    }
    imported.games = games.finish(&tx).await?;
    // Draws first, then their tickets (a ticket's row names its draw's).
    let mut draws = Rows::new(&DRAWS);
    for draw in store.games.draws_latest_first(None) {
        draws.push(&tx, document(&draw?)?).await?;
    }
    imported.draws = draws.finish(&tx).await?;
    copy_draw_secrets(&tx, store).await?;
    let mut tickets = Rows::new(&TICKETS);
    for draw in store.games.draws_latest_first(None) {
        for ticket in store.wallets()?.tickets_of_draw(draw?.id)? {
            tickets.push(&tx, document(&ticket)?).await?;
        }
    }
    imported.tickets = tickets.finish(&tx).await?;
    copy_keyed_moves(&tx, store).await?;
    copy_settlements(&tx, store).await?;
    copy_from_records(&tx).await?;
    copy_witness_pool(&tx, store).await?;
    copy_witness_keys(&tx, store).await?;
    // New ids (`pg::money`, `pg::blocking`, `pg::users`, `pg::games`) start past every id copied.
    tx.execute(
        "SELECT setval('ids', greatest(1000, (SELECT max(id) FROM ledger_entries), (SELECT max(id) FROM tickets),
                                      (SELECT max(id) FROM contacts), (SELECT max(id) FROM marquees),
                                      (SELECT max(id) FROM activities), (SELECT max(id) FROM adjustments),
                                      (SELECT max(id) FROM users), (SELECT max(id) FROM draws),
                                      (SELECT max(id) FROM games), (SELECT max(id) FROM deposits),
                                      (SELECT max(id) FROM withdrawals)))",
        &[],
    )
    .await?;

    let problems = check(&tx, &expected_records, &audit).await?;
    if !problems.is_empty() {
        return Err(PgError::Mismatch(problems));
    }
    tx.commit().await?;
    Ok(imported)
}

/// Each draw's seed exactly as the store keeps it (sealed under the seed key: never opened here) and its Merkle
/// leaves, which `pg::games` reads.
async fn copy_draw_secrets(tx: &tokio_postgres::Transaction<'_>, store: &Store) -> Result<(), PgError> {
    for chunk in store.embedded()?.games.stored_seeds()?.chunks(BATCH) {
        let ids: Vec<i64> = chunk.iter().map(|(id, _)| *id as i64).collect();
        let seeds: Vec<&str> = chunk.iter().map(|(_, seed)| seed.as_str()).collect();
        tx.execute(
            "UPDATE draws SET secrets = jsonb_build_object('seed', s.seed)
             FROM unnest($1::bigint[], $2::text[]) AS s (id, seed) WHERE draws.id = s.id",
            &[&ids, &seeds],
        )
        .await?;
    }
    for (draw, ..) in store.embedded()?.games.draw_summaries()? {
        if let Some(leaves) = store.embedded()?.games.leaves(draw)? {
            tx.execute(
                "INSERT INTO draw_leaves (draw_id, leaves) VALUES ($1, $2)",
                &[&(draw as i64), &leaves_blob(&leaves)],
            )
            .await?;
        }
    }
    Ok(())
}

/// The witness's commitments still waiting, in their order, after those the copied draws hold (each pooled once).
async fn copy_witness_pool(tx: &tokio_postgres::Transaction<'_>, store: &Store) -> Result<(), PgError> {
    crate::pg::witness::remember_drawn(tx).await?;
    crate::pg::witness::pool(tx, &store.embedded()?.witness.waiting()?)
        .await?
        .map_err(|e| PgError::Mismatch(vec![format!("the witness pool: {e}")]))
}

/// The witnesses' public entries (name, Ed25519 key, since): without them every draw a witness committed to would
/// name a key nobody lists, and the witness could no longer sign or reveal on the new store.
async fn copy_witness_keys(tx: &tokio_postgres::Transaction<'_>, store: &Store) -> Result<(), PgError> {
    let entries = store.witness.entries()?;
    for entry in &entries {
        tx.execute(
            "INSERT INTO witness_keys (witness_id, name, public_key, since, note) VALUES ($1, $2, $3, $4, $5)",
            &[&(entry.witness_id as i64), &entry.name, &entry.public_key, &entry.since, &entry.note],
        )
        .await?;
    }
    let copied: i64 = tx.query_one("SELECT count(*) FROM witness_keys", &[]).await?.get(0);
    if copied != entries.len() as i64 {
        let problem = format!("witness keys: {} in the store, {copied} copied", entries.len());
        return Err(PgError::Mismatch(vec![problem]));
    }
    Ok(())
}

/// The keys that make a keyed move happen once, so a repeat after the move still moves nothing.
async fn copy_keyed_moves(tx: &tokio_postgres::Transaction<'_>, store: &Store) -> Result<(), PgError> {
    let mut keys = Rows::new(&MONEY_KEYS);
    for item in store.wallets()?.keyed_moves() {
        let (user, key, entry) = item?;
        keys.push(tx, serde_json::json!({ "user_id": user, "key": key, "entry_id": entry })).await?;
    }
    keys.finish(tx).await?;
    Ok(())
}

/// Who was settled in which draw, so a draw settled halfway before the move pays nobody twice after it.
async fn copy_settlements(tx: &tokio_postgres::Transaction<'_>, store: &Store) -> Result<(), PgError> {
    let mut settlements = Rows::new(&SETTLEMENTS);
    for item in store.wallets()?.settlements() {
        let (draw, user, record) = item?;
        settlements.push(tx, serde_json::json!({ "draw_id": draw, "user_id": user, "record": record })).await?;
    }
    settlements.finish(tx).await?;
    Ok(())
}

/// The tables filled from their tree in `records`: (table, the records it takes, insert). Each record is valued by
/// its JSON (`{doc}`); most are keyed by an id in their key's last 8 bytes (`{id}`, big-endian), the sandbox
/// gateway's by a tag byte and the reference.
const FROM_RECORDS: [(&str, &str, &str); 11] = [
    ("contacts", "tree = 'contacts'", "INSERT INTO contacts (id, doc) SELECT {id}, {doc}"),
    ("marquees", "tree = 'marquees'", "INSERT INTO marquees (id, doc) SELECT {id}, {doc}"),
    (
        "activities",
        "tree = 'activities'",
        "INSERT INTO activities (id, at, doc) SELECT {id}, ({doc}->>'at')::timestamptz, {doc}",
    ),
    (
        "responsible_gaming",
        "tree = 'responsible_gaming'",
        "INSERT INTO responsible_gaming (user_id, version, doc) SELECT {id}, 1, {doc}",
    ),
    // The adjustments tree also indexes each request by its key (tag `k`): the requests are the records tagged `i`.
    (
        "adjustments",
        "tree = 'adjustments' AND get_byte(key, 0) = ascii('i')",
        "INSERT INTO adjustments (id, requested_by, idempotency_key, status, doc)
         SELECT {id}, ({doc}->>'requested_by')::bigint, {doc}->>'idempotency_key', {doc}->>'status', {doc}",
    ),
    (
        "identities",
        "tree = 'identities'",
        "INSERT INTO identities (user_id, status, doc) SELECT {id}, {doc}->>'status', {doc}",
    ),
    (
        "sandbox_charges",
        "tree = 'sandbox_gateway' AND get_byte(key, 0) = ascii('c')",
        "INSERT INTO sandbox_charges (reference, status, doc) SELECT {doc}->>'reference', {doc}->>'status', {doc}",
    ),
    (
        "sandbox_transfers",
        "tree = 'sandbox_gateway' AND get_byte(key, 0) = ascii('t')",
        "INSERT INTO sandbox_transfers (reference, doc) SELECT {doc}->>'reference', {doc}",
    ),
    // The deposits tree also indexes each deposit by reference (tag `r`) and by player (`u`), and keeps each
    // player's limit book (`l`, which PostgreSQL answers with a query): the deposits are the records tagged `d`;
    // the withdrawals tree likewise (by player `u`, key `k`, transfer `t`): tagged `w`.
    (
        "deposits",
        "tree = 'deposits' AND get_byte(key, 0) = ascii('d')",
        "INSERT INTO deposits (reference, id, user_id, status, doc)
         SELECT {doc}->>'reference', {id}, ({doc}->>'user_id')::bigint, {doc}->>'status', {doc}",
    ),
    (
        "withdrawals",
        "tree = 'withdrawals' AND get_byte(key, 0) = ascii('w')",
        "INSERT INTO withdrawals (id, user_id, status, idempotency_key, transfer_reference, doc)
         SELECT {id}, ({doc}->>'user_id')::bigint, {doc}->>'status', {doc}->>'idempotency_key',
                nullif({doc}->>'transfer_reference', ''), {doc}",
    ),
    ("bank_accounts", "tree = 'bank_accounts'", "INSERT INTO bank_accounts (user_id, doc) SELECT {id}, {doc}"),
];

/// Fills the tables `FROM_RECORDS` names from the records just copied.
async fn copy_from_records(tx: &tokio_postgres::Transaction<'_>) -> Result<(), PgError> {
    for (table, which, insert) in FROM_RECORDS {
        let sql = format!("{insert} FROM records WHERE {which}")
            .replace("{id}", "('x' || encode(substring(key FROM length(key) - 7), 'hex'))::bit(64)::bigint")
            .replace("{doc}", "convert_from(value, 'UTF8')::jsonb");
        let copied = tx.execute(&sql, &[]).await?;
        tracing::info!(table, rows = copied, "copied");
    }
    Ok(())
}

async fn insert_records(
    tx: &tokio_postgres::Transaction<'_>,
    batch: &mut (Vec<&str>, Vec<Vec<u8>>, Vec<Vec<u8>>),
) -> Result<(), PgError> {
    if !batch.0.is_empty() {
        tx.execute(
            "INSERT INTO records (tree, key, value) SELECT * FROM unnest($1::text[], $2::bytea[], $3::bytea[])",
            &[&batch.0, &batch.1, &batch.2],
        )
        .await?;
        batch.0.clear();
        batch.1.clear();
        batch.2.clear();
    }
    Ok(())
}

/// Rows of one typed table on their way in, `BATCH` a statement, so a store of any size moves in bounded memory.
struct Rows<'t> {
    table: &'t Table,
    pending: Vec<Value>,
    copied: u64,
}

impl<'t> Rows<'t> {
    fn new(table: &'t Table) -> Self {
        Self { table, pending: Vec::with_capacity(BATCH), copied: 0 }
    }

    async fn push(&mut self, tx: &tokio_postgres::Transaction<'_>, doc: Value) -> Result<(), PgError> {
        self.pending.push(doc);
        if self.pending.len() == BATCH {
            self.write(tx).await?;
        }
        Ok(())
    }

    async fn write(&mut self, tx: &tokio_postgres::Transaction<'_>) -> Result<(), PgError> {
        if !self.pending.is_empty() {
            let rows = Value::Array(std::mem::take(&mut self.pending));
            self.copied += tx.execute(self.table.insert, &[&rows]).await?;
        }
        Ok(())
    }

    /// Writes what is left; answers how many rows were copied.
    async fn finish(mut self, tx: &tokio_postgres::Transaction<'_>) -> Result<u64, PgError> {
        self.write(tx).await?;
        tracing::info!(table = self.table.name, rows = self.copied, "copied");
        Ok(self.copied)
    }
}

/// What the copy gets wrong against the store (nothing, when it is faithful).
async fn check(
    tx: &tokio_postgres::Transaction<'_>,
    expected_records: &[(String, i64)],
    audit: &AuditReport,
) -> Result<Vec<String>, PgError> {
    let mut problems = Vec::new();
    for (tree, expected) in expected_records {
        let held: i64 = tx.query_one("SELECT count(*) FROM records WHERE tree = $1", &[tree]).await?.get(0);
        if held != *expected {
            problems.push(format!("tree {tree}: {expected} records in the store, {held} copied"));
        }
    }
    for (table, which, _) in FROM_RECORDS {
        let counts = tx
            .query_one(
                &format!("SELECT (SELECT count(*) FROM {table}), (SELECT count(*) FROM records WHERE {which})"),
                &[],
            )
            .await?;
        let (held, expected): (i64, i64) = (counts.get(0), counts.get(1));
        if held != expected {
            problems.push(format!("table {table}: {expected} records in the store, {held} copied"));
        }
    }
    let bare: i64 = tx.query_one("SELECT count(*) FROM users WHERE NOT secrets ? 'password_hash'", &[]).await?.get(0);
    if bare > 0 {
        problems.push(format!("users: {bare} copied without their password hash"));
    }
    let unseeded: i64 = tx.query_one("SELECT count(*) FROM draws WHERE NOT secrets ? 'seed'", &[]).await?.get(0);
    if unseeded > 0 {
        problems.push(format!("{unseeded} draws copied without their seed"));
    }
    let copy = crate::pg::audit::audit(tx).await?;
    problems.extend(copy.problems);
    let copied = [copy.wallets, copy.ledger_entries, copy.settled_draws, copy.settled_tickets];
    let stored = [audit.wallets, audit.ledger_entries, audit.settled_draws, audit.settled_tickets];
    for ((what, copied), stored) in
        ["wallets", "ledger entries", "settled draws", "settled tickets"].iter().zip(copied).zip(stored)
    {
        if copied != stored {
            problems.push(format!("{what}: {stored} in the store's audit, {copied} copied"));
        }
    }
    problems.extend(audit.problems.iter().map(|p| format!("the store itself: {p}")));
    Ok(problems)
}
