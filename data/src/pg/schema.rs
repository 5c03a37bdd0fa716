//! The versioned schema: each migration in `data/migrations/` (`NNNN_name.sql`, listed by `data/build.rs`) runs
//! once, in the order of its number, recorded in `schema_migrations`. Nodes starting together apply each migration
//! once: they queue on an advisory lock meanwhile. A number the database lacks is applied even when a higher one is
//! already there (two branches each adding one), so a migration must not depend on one numbered after it.

use super::error::PgError;
use tokio_postgres::Client;

/// (version, name, SQL), in order of version: every file in `data/migrations/`. A migration, once released, is never
/// edited: changes come as a new one.
pub const MIGRATIONS: &[(i32, &str, &str)] = include!(concat!(env!("OUT_DIR"), "/migrations.rs"));

/// The advisory lock that nodes migrating at once queue on (any number of our own; "ayo" in ASCII).
const SCHEMA_LOCK: i64 = 0x61796f;

/// Applies the migrations the database has not had yet; answers their versions.
pub async fn apply(client: &mut Client) -> Result<Vec<i32>, PgError> {
    let tx = client.transaction().await?;
    // Taken before the table may exist (two nodes creating it at once would collide), released at commit.
    tx.batch_execute(&format!("SELECT pg_advisory_xact_lock({SCHEMA_LOCK})")).await?;
    tx.batch_execute(
        "CREATE TABLE IF NOT EXISTS schema_migrations (
            version    INT         PRIMARY KEY,
            name       TEXT        NOT NULL,
            applied_at TIMESTAMPTZ NOT NULL DEFAULT now()
        )",
    )
    .await?;
    let done: Vec<i32> =
        tx.query("SELECT version FROM schema_migrations", &[]).await?.iter().map(|r| r.get(0)).collect();
    let mut applied = Vec::new();
    for &(version, name, sql) in MIGRATIONS.iter().filter(|(version, ..)| !done.contains(version)) {
        tx.batch_execute(sql).await?;
        tx.execute("INSERT INTO schema_migrations (version, name) VALUES ($1, $2)", &[&version, &name]).await?;
        applied.push(version);
    }
    tx.commit().await?;
    Ok(applied)
}

#[cfg(test)]
mod tests {
    use super::MIGRATIONS;

    #[test]
    fn every_file_is_a_migration_in_the_order_of_its_number() {
        let versions: Vec<i32> = MIGRATIONS.iter().map(|(version, ..)| *version).collect();
        assert!(versions.windows(2).all(|pair| pair[0] < pair[1]), "{versions:?}");
        assert_eq!(MIGRATIONS[0].1, "system of record");
        assert!(MIGRATIONS
            .iter()
            .any(|(_, name, sql)| *name == "leases and rate buckets" && sql.contains("draw_leases")));
    }
}
