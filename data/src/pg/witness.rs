//! The witness's pool of commitments (`seam::WitnessPool`) on PostgreSQL: the `witness_pool` table (migration 0005),
//! taken oldest first.

use tokio_postgres::GenericClient;

use super::blocking::PgSync;
use crate::error::StoreResult;
use crate::seam::PooledCommitment;
use crate::seam::WitnessPool;

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

/// Adds `commitments` to the pool in their order (also `ayo migrate`'s copy of the waiting ones).
pub(crate) async fn pool(client: &impl GenericClient, commitments: &[PooledCommitment]) -> Result<(), super::PgError> {
    let witnesses: Vec<i64> = commitments.iter().map(|c| c.witness_id as i64).collect();
    let labels: Vec<&str> = commitments.iter().map(|c| c.label.as_str()).collect();
    let commitments: Vec<&str> = commitments.iter().map(|c| c.commitment.as_str()).collect();
    client
        .execute(
            "INSERT INTO witness_pool (witness_id, label, commitment)
             SELECT witness_id, label, commitment
             FROM unnest($1::bigint[], $2::text[], $3::text[]) WITH ORDINALITY AS c (witness_id, label, commitment, n)
             ORDER BY n",
            &[&witnesses, &labels, &commitments],
        )
        .await?;
    Ok(())
}

impl WitnessPool for PgWitnessPool {
    fn add(&self, commitments: &[PooledCommitment]) -> StoreResult<()> {
        let commitments = commitments.to_vec();
        self.pg.run(move |pool| async move { self::pool(pool.get().await?.client(), &commitments).await })
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
}
