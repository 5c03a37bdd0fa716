//! The witness's pool of commitments (`seam::WitnessPool`) on PostgreSQL: the `witness_pool` table (migration 0005),
//! taken oldest first, and `witness_commitments` (migration 0013), every commitment ever pooled, whose key keeps a
//! commitment from being pooled twice; `witness_keys` (migration 0014), the public registry of witnesses.

use tokio_postgres::GenericClient;

use super::blocking::PgSync;
use crate::error::StoreResult;
use crate::seam::{key_refused, DuplicateCommitment, KeyRefused, PooledCommitment, WitnessEntry, WitnessPool};
use crate::user::UserId;

/// One node's handle on the pool. Cheap to clone.
#[derive(Clone)]
pub struct PgWitnessPool {
    pg: PgSync,
}

impl PgWitnessPool {
    pub fn new(pg: PgSync) -> Self {
        Self { pg }
    }
}

/// Adds `commitments` to the pool in their order (also `ayo migrate`'s copy of the waiting ones), unless one was
/// pooled before or comes twice: then nothing is added, provided `client` is a transaction the caller rolls back.
pub(crate) async fn pool(
    client: &impl GenericClient,
    commitments: &[PooledCommitment],
) -> Result<Result<(), DuplicateCommitment>, super::error::PgError> {
    let witnesses: Vec<i64> = commitments.iter().map(|c| c.witness_id as i64).collect();
    let labels: Vec<&str> = commitments.iter().map(|c| c.label.as_str()).collect();
    let texts: Vec<&str> = commitments.iter().map(|c| c.commitment.as_str()).collect();
    let recorded: std::collections::HashSet<String> = client
        .query(
            "INSERT INTO witness_commitments (commitment, witness_id)
             SELECT * FROM unnest($1::text[], $2::bigint[]) ON CONFLICT DO NOTHING RETURNING commitment",
            &[&texts, &witnesses],
        )
        .await?
        .iter()
        .map(|row| row.get(0))
        .collect();
    let mut firsts = std::collections::HashSet::new();
    if let Some(index) = texts.iter().position(|c| !firsts.insert(*c) || !recorded.contains(*c)) {
        return Ok(Err(DuplicateCommitment { index }));
    }
    let commitments = texts;
    client
        .execute(
            "INSERT INTO witness_pool (witness_id, label, commitment)
             SELECT witness_id, label, commitment
             FROM unnest($1::bigint[], $2::text[], $3::text[]) WITH ORDINALITY AS c (witness_id, label, commitment, n)
             ORDER BY n",
            &[&witnesses, &labels, &commitments],
        )
        .await?;
    Ok(Ok(()))
}

/// Records every commitment the draws hold as used (`ayo migrate`, after copying the draws; migration 0013 does the
/// same for a database that had them already).
pub(crate) async fn remember_drawn(client: &impl GenericClient) -> Result<(), super::error::PgError> {
    client
        .execute(
            "INSERT INTO witness_commitments (commitment, witness_id)
             SELECT doc->'witness'->>'commitment', (doc->'witness'->>'witness_id')::bigint
             FROM draws WHERE jsonb_typeof(doc->'witness') = 'object'
             ON CONFLICT DO NOTHING",
            &[],
        )
        .await?;
    Ok(())
}

impl WitnessPool for PgWitnessPool {
    fn add(&self, commitments: &[PooledCommitment]) -> StoreResult<Result<(), DuplicateCommitment>> {
        let commitments = commitments.to_vec();
        self.pg.run(move |pool| async move {
            let mut client = pool.get().await?;
            let tx = client.transaction().await?;
            let added = self::pool(&*tx, &commitments).await?;
            // A refused request leaves nothing behind: the transaction is dropped, so rolled back.
            if added.is_ok() {
                tx.commit().await?;
            }
            Ok(added)
        })
    }

    // Concurrent takers skip the row another one holds, so each commitment goes to exactly one of them.
    fn take(&self) -> StoreResult<Option<PooledCommitment>> {
        self.pg.run(|pool| async move {
            let row = pool
                .get()
                .await?
                .query_opt(
                    "DELETE FROM witness_pool
                     WHERE id = (SELECT id FROM witness_pool ORDER BY id FOR UPDATE SKIP LOCKED LIMIT 1)
                     RETURNING witness_id, label, commitment",
                    &[],
                )
                .await?;
            Ok(row.map(|row| PooledCommitment {
                witness_id: row.get::<_, i64>(0) as u64,
                label: row.get(1),
                commitment: row.get(2),
            }))
        })
    }

    fn pooled(&self) -> StoreResult<usize> {
        self.pg.run(|pool| async move {
            let count: i64 = pool.get().await?.query_one("SELECT count(*) FROM witness_pool", &[]).await?.get(0);
            Ok(count as usize)
        })
    }

    fn take_from(&self, witness: UserId) -> StoreResult<Option<PooledCommitment>> {
        self.pg.run(move |pool| async move {
            let row = pool
                .get()
                .await?
                .query_opt(
                    "DELETE FROM witness_pool
                     WHERE id = (SELECT id FROM witness_pool WHERE witness_id = $1
                                 ORDER BY id FOR UPDATE SKIP LOCKED LIMIT 1)
                     RETURNING witness_id, label, commitment",
                    &[&(witness as i64)],
                )
                .await?;
            Ok(row.map(|row| PooledCommitment {
                witness_id: row.get::<_, i64>(0) as u64,
                label: row.get(1),
                commitment: row.get(2),
            }))
        })
    }

    fn pooled_of(&self, witness: UserId) -> StoreResult<usize> {
        self.pg.run(move |pool| async move {
            let count: i64 = pool
                .get()
                .await?
                .query_one("SELECT count(*) FROM witness_pool WHERE witness_id = $1", &[&(witness as i64)])
                .await?
                .get(0);
            Ok(count as usize)
        })
    }

    fn register(&self, entry: &WitnessEntry) -> StoreResult<Result<(), KeyRefused>> {
        let entry = entry.clone();
        self.pg.run(move |pool| async move {
            let client = pool.get().await?;
            // The keys' constraints decide a race: whichever insert loses inserts nothing and is judged below.
            let inserted = client
                .execute(
                    "INSERT INTO witness_keys (witness_id, name, public_key, since, note) VALUES ($1, $2, $3, $4, $5)
                     ON CONFLICT DO NOTHING",
                    &[&(entry.witness_id as i64), &entry.name, &entry.public_key, &entry.since, &entry.note],
                )
                .await?;
            if inserted == 1 {
                return Ok(Ok(()));
            }
            let entries = entries(&***client).await?;
            Ok(key_refused(&entries, &entry).unwrap_or(Err(KeyRefused::HeldByAnother)))
        })
    }

    fn entries(&self) -> StoreResult<Vec<WitnessEntry>> {
        self.pg.run(|pool| async move {
            let client = pool.get().await?;
            entries(&***client).await
        })
    }
}

/// Every registered witness, by account id.
async fn entries(client: &impl GenericClient) -> Result<Vec<WitnessEntry>, super::error::PgError> {
    let rows = client
        .query("SELECT witness_id, name, public_key, since, note FROM witness_keys ORDER BY witness_id", &[])
        .await?;
    Ok(rows
        .iter()
        .map(|row| WitnessEntry {
            witness_id: row.get::<_, i64>(0) as u64,
            name: row.get(1),
            public_key: row.get(2),
            since: row.get(3),
            note: row.get(4),
        })
        .collect())
}
