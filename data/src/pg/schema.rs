//! The versioned schema: each migration in `data/migrations/` runs once, in order, recorded in
//! `schema_migrations`. Nodes starting together apply each migration once: the table is locked meanwhile.

use super::{Client, PgError};

/// (version, name, SQL), in order. A migration, once released, is never edited: changes come as a new one.
const MIGRATIONS: &[(i32, &str, &str)] = &[
    (1, "system of record", include_str!("../../migrations/0001_system_of_record.sql")),
    (2, "money engine", include_str!("../../migrations/0002_money_engine.sql")),
];

/// How many migrations this build knows (the schema version a database it has migrated is at).
pub fn versions() -> usize {
    MIGRATIONS.len()
}

/// Applies the migrations the database has not had yet; answers their versions.
pub async fn apply(client: &mut Client) -> Result<Vec<i32>, PgError> {
    client
        .batch_execute(
            "CREATE TABLE IF NOT EXISTS schema_migrations (
                version    INT         PRIMARY KEY,
                name       TEXT        NOT NULL,
                applied_at TIMESTAMPTZ NOT NULL DEFAULT now()
            )",
        )
        .await?;
    let tx = client.transaction().await?;
    tx.batch_execute("LOCK TABLE schema_migrations IN EXCLUSIVE MODE").await?;
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
