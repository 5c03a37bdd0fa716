//! Responsible-gaming settings (`seam::Responsible`) on PostgreSQL: the `responsible_gaming` table (migration
//! 0006). A change is computed on the caller's thread and written only over the version it read; when another node
//! wrote meanwhile, it is computed again on the newer settings.
//!
//! The player's row is also the lock their deposit-limit decisions queue on (`lock_settings`): opening or crediting
//! a deposit holds it `FOR UPDATE` while it counts the deposits and writes its own, so two nodes cannot both take
//! the last room under a limit.

use chrono::{DateTime, Utc};
use serde_json::Value;

use super::blocking::PgSync;
use super::error::PgError;
use crate::error::{StoreError, StoreResult};
use crate::responsible::ResponsibleGaming;
use crate::seam::Responsible;
use crate::user::UserId;

/// How often a change is computed again after losing a race before its caller gets an error.
const ATTEMPTS: usize = 20;

#[derive(Clone)]
pub struct PgResponsible {
    pg: PgSync,
}

impl PgResponsible {
    pub fn new(pg: PgSync) -> Self {
        Self { pg }
    }

    /// The stored settings and their version (0: never written).
    fn read(&self, user: UserId) -> StoreResult<(ResponsibleGaming, i64)> {
        let row: Option<(Value, i64)> = self.pg.run(move |pool| async move {
            let row = pool
                .get()
                .await?
                .query_opt("SELECT doc, version FROM responsible_gaming WHERE user_id = $1", &[&(user as i64)])
                .await?;
            Ok(row.map(|row| (row.get(0), row.get(1))))
        })?;
        match row {
            Some((doc, version)) => Ok((serde_json::from_value(doc)?, version)),
            None => Ok((ResponsibleGaming::default(), 0)),
        }
    }

    /// Writes `settings` if the stored version is still `version`; answers whether it was.
    fn write_over(&self, user: UserId, version: i64, settings: &ResponsibleGaming) -> StoreResult<bool> {
        let doc = serde_json::to_value(settings)?;
        self.pg.run(move |pool| async move {
            let written = pool
                .get()
                .await?
                .execute(
                    "INSERT INTO responsible_gaming (user_id, version, doc) VALUES ($1, $2::bigint + 1, $3)
                     ON CONFLICT (user_id) DO UPDATE SET version = excluded.version, doc = excluded.doc
                     WHERE responsible_gaming.version = $2::bigint",
                    &[&(user as i64), &version, &doc],
                )
                .await?;
            Ok(written == 1)
        })
    }
}

/// The player's settings as stored, their row locked until `tx` ends (made first, holding the defaults, for a
/// player who never changed them: there must be a row to lock).
pub(crate) async fn lock_settings(
    tx: &tokio_postgres::Transaction<'_>,
    user: UserId,
) -> Result<ResponsibleGaming, PgError> {
    let (user, defaults) = (user as i64, serde_json::to_value(ResponsibleGaming::default()).map_err(StoreError::from)?);
    tx.execute(
        "INSERT INTO responsible_gaming (user_id, version, doc) VALUES ($1, 0, $2) ON CONFLICT (user_id) DO NOTHING",
        &[&user, &defaults],
    )
    .await?;
    let doc: Value =
        tx.query_one("SELECT doc FROM responsible_gaming WHERE user_id = $1 FOR UPDATE", &[&user]).await?.get(0);
    Ok(serde_json::from_value(doc).map_err(StoreError::from)?)
}

impl Responsible for PgResponsible {
    fn get(&self, user: UserId) -> StoreResult<ResponsibleGaming> {
        Ok(self.read(user)?.0)
    }

    fn put(&self, user: UserId, settings: &ResponsibleGaming) -> StoreResult<()> {
        let doc = serde_json::to_value(settings)?;
        self.pg.run(move |pool| async move {
            pool.get()
                .await?
                .execute(
                    "INSERT INTO responsible_gaming (user_id, version, doc) VALUES ($1, 1, $2)
                     ON CONFLICT (user_id) DO UPDATE SET version = responsible_gaming.version + 1, doc = excluded.doc",
                    &[&(user as i64), &doc],
                )
                .await?;
            Ok(())
        })
    }

    fn change_with(
        &self,
        user: UserId,
        now: DateTime<Utc>,
        f: &dyn Fn(&mut ResponsibleGaming) -> bool,
    ) -> StoreResult<Option<ResponsibleGaming>> {
        for _ in 0..ATTEMPTS {
            let (stored, version) = self.read(user)?;
            let mut settings = stored.at(now);
            if !f(&mut settings) {
                return Ok(None);
            }
            if self.write_over(user, version, &settings)? {
                return Ok(Some(settings));
            }
        }
        Err(StoreError::Transaction(format!("player {user}'s settings kept changing under {ATTEMPTS} attempts")))
    }
}
