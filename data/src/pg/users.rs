//! Accounts (`seam::Users`) on PostgreSQL: rows of `users`, the record being `doc || secrets` (migration 0004).
//!
//! Sign-ups and staff upserts run in a transaction that locks the account holding the email; a new account racing
//! another for the same email or phone loses on the unique index and runs again, then sees the winner. Other changes
//! read the account, change it on the calling thread and write it only over the revision they read, else again.
//! New accounts take their id from the shared sequence `ids` (one `nextval` each, unique across nodes).

use std::future::Future;
use std::pin::Pin;

use chrono::{DateTime, Utc};
use serde_json::{Map, Value};
use tokio_postgres::error::SqlState;
use tokio_postgres::types::ToSql;
use tokio_postgres::Transaction;

use super::blocking::{Conn, PgSync};
use super::error::PgError;
use super::pages::Pages;
use super::tables::document;
use crate::account::{Email, PhoneNumber};
use crate::error::StoreResult;
use crate::seam::{PlayerCounts, SignUp, Staff, Users};
use crate::user::{NewPlayer, Role, SecondFactor, User, UserId, UserStatus};

/// The fields of a user kept in `secrets`, out of `doc`.
const SECRETS: &[&str] = &["password_hash", "second_factor"];

/// Accounts read a page at a time by `newest_first`.
const PAGE: i64 = 500;

/// Writes a user's row whole, new or not. `$1`: the record without secrets, `$2`: its secrets.
const PUT: &str = "INSERT INTO users (id, email, phone, role, status, state, created_at, doc, secrets)
    SELECT (d->>'id')::bigint, d->>'email', d->>'phone', d->>'role', d->>'status', d->>'state',
           (d->>'created_at')::timestamptz, d, $2
    FROM (SELECT $1::jsonb AS d) AS r
    ON CONFLICT (id) DO UPDATE SET email = excluded.email, phone = excluded.phone, role = excluded.role,
        status = excluded.status, state = excluded.state, created_at = excluded.created_at, doc = excluded.doc,
        secrets = excluded.secrets, revision = users.revision + 1";

/// Writes a user's row over revision `$3` only.
const SWAP: &str = "UPDATE users SET email = d->>'email', phone = d->>'phone', role = d->>'role',
        status = d->>'status', state = d->>'state', created_at = (d->>'created_at')::timestamptz, doc = d,
        secrets = $2, revision = revision + 1
    FROM (SELECT $1::jsonb AS d) AS r
    WHERE id = (d->>'id')::bigint AND revision = $3";

/// A user's row as (`doc`, `secrets`): its JSON split in two, so `doc || secrets` is the record again.
pub(crate) fn split(user: &User) -> Result<(Value, Value), PgError> {
    let full = serde_json::to_value(user).map_err(crate::error::StoreError::from)?;
    let secrets: Map<String, Value> =
        SECRETS.iter().filter_map(|field| full.get(*field).map(|v| (field.to_string(), v.clone()))).collect();
    Ok((document(user)?, Value::Object(secrets)))
}

fn user_of(record: Value) -> Result<User, PgError> {
    Ok(serde_json::from_value(record).map_err(crate::error::StoreError::from)?)
}

/// Writes `user` whole in `tx`.
pub(super) async fn put(tx: &Transaction<'_>, user: &User) -> Result<(), PgError> {
    let (doc, secrets) = split(user)?;
    tx.execute(PUT, &[&doc, &secrets]).await?;
    Ok(())
}

/// The account `condition` finds (one of `id = $1`, `email = $1`, `phone = $1`), locked until `tx` ends.
async fn locked(tx: &Transaction<'_>, condition: &str, key: &(dyn ToSql + Sync)) -> Result<Option<User>, PgError> {
    let row = tx.query_opt(&format!("SELECT doc || secrets FROM users WHERE {condition} FOR UPDATE"), &[key]).await?;
    row.map(|row| user_of(row.get(0))).transpose()
}

/// The account `id`, locked until `tx` ends.
pub(super) async fn locked_by_id(tx: &Transaction<'_>, id: UserId) -> Result<Option<User>, PgError> {
    locked(tx, "id = $1", &(id as i64)).await
}

async fn next_id(tx: &Transaction<'_>) -> Result<UserId, PgError> {
    let id: i64 = tx.query_one("SELECT nextval('ids')", &[]).await?.get(0);
    Ok(id as UserId)
}

/// Whether `e` is another transaction's row taking a unique email, phone or code first.
fn lost_race(e: &PgError) -> bool {
    matches!(e, PgError::Postgres(e) if e.code() == Some(&SqlState::UNIQUE_VIOLATION))
}

/// One try of the statements `until_won` runs: it may borrow only the transaction.
pub(super) type Attempt<'t, T> = Pin<Box<dyn Future<Output = Result<T, PgError>> + Send + 't>>;

/// Runs `attempt` in a transaction and commits it; when it lost a race to another transaction for a unique email,
/// phone or code (`lost_race`), runs it again from the start in a new transaction, which sees the winner.
pub(super) async fn until_won<T>(
    client: &mut Conn,
    attempt: impl for<'t> Fn(&'t Transaction<'t>) -> Attempt<'t, T>,
) -> Result<T, PgError> {
    loop {
        let tx = client.transaction().await?;
        match attempt(&tx).await {
            Ok(answer) => {
                tx.commit().await?;
                return Ok(answer);
            }
            Err(e) if lost_race(&e) => continue,
            Err(e) => return Err(e),
        }
    }
}

#[derive(Clone)]
pub struct PgUsers {
    pg: PgSync,
}

impl PgUsers {
    pub fn new(pg: PgSync) -> Self {
        Self { pg }
    }

    /// The account `condition` finds (`email = $1`, `phone = $1`).
    fn find(&self, condition: &'static str, key: String) -> StoreResult<Option<User>> {
        self.pg.run(move |pool| async move {
            let sql = format!("SELECT doc || secrets FROM users WHERE {condition}");
            let row = pool.get().await?.query_opt(&sql, &[&key]).await?;
            row.map(|row| user_of(row.get(0))).transpose()
        })
    }

    /// The account `id` with its revision.
    fn read(&self, id: UserId) -> StoreResult<Option<(User, i64)>> {
        self.pg.run(move |pool| async move {
            let sql = "SELECT doc || secrets, revision FROM users WHERE id = $1";
            let row = pool.get().await?.query_opt(sql, &[&(id as i64)]).await?;
            row.map(|row| Ok((user_of(row.get(0))?, row.get(1)))).transpose()
        })
    }

    /// Writes `user` if its row is still at `revision`; false when another write came first.
    fn swap(&self, user: &User, revision: i64) -> StoreResult<bool> {
        let (doc, secrets) = split(user).map_err(|e| crate::error::StoreError::Database(e.to_string()))?;
        self.pg.run(
            move |pool| async move { Ok(pool.get().await?.execute(SWAP, &[&doc, &secrets, &revision]).await? == 1) },
        )
    }

    /// Reads the account, changes it and writes it over the revision read, again until no other write came between.
    fn change(&self, id: UserId, change: &dyn Fn(&mut User) -> bool) -> StoreResult<Option<(User, bool)>> {
        loop {
            let Some((stored, revision)) = self.read(id)? else { return Ok(None) };
            let mut user = stored.clone();
            if !change(&mut user) {
                return Ok(Some((stored, false)));
            }
            if self.swap(&user, revision)? {
                return Ok(Some((user, true)));
            }
        }
    }
}

/// One try at a sign-up (`Users::sign_up`), `template` being the new player as a new account.
async fn sign_up_in(tx: &Transaction<'_>, template: &User) -> Result<SignUp, PgError> {
    let existing = locked(tx, "email = $1", &template.email).await?;
    if let Some(user) = existing.as_ref().filter(|user| user.is_verified()) {
        return Ok(SignUp::EmailTaken(user.clone()));
    }
    let own_id = existing.as_ref().map(|user| user.id);
    let holder = tx.query_opt("SELECT doc || secrets FROM users WHERE phone = $1", &[&template.phone]).await?;
    if let Some(holder) = holder.map(|row| user_of(row.get(0))).transpose()? {
        if Some(holder.id) != own_id {
            return Ok(SignUp::PhoneTaken(holder));
        }
    }
    let user = User {
        id: match own_id {
            Some(id) => id,
            None => next_id(tx).await?,
        },
        token_version: existing.as_ref().map_or(0, |user| user.token_version + 1),
        created_at: existing.as_ref().map_or(template.created_at, |user| user.created_at),
        ..template.clone()
    };
    put(tx, &user).await?;
    Ok(match existing {
        Some(_) => SignUp::Replaced(user),
        None => SignUp::Created(user),
    })
}

/// One try at `Users::upsert_staff`.
async fn upsert_staff_in(tx: &Transaction<'_>, staff: &Staff) -> Result<(User, bool), PgError> {
    let now = Utc::now();
    let existing = locked(tx, "email = $1", &staff.email.as_str()).await?;
    let created = existing.is_none();
    let user = match existing {
        Some(user) => staff.promote(user, now),
        None => staff.new_account(next_id(tx).await?, now),
    };
    put(tx, &user).await?;
    Ok((user, created))
}

impl Users for PgUsers {
    fn get(&self, id: UserId) -> StoreResult<Option<User>> {
        Ok(self.read(id)?.map(|(user, _)| user))
    }

    fn find_by_email(&self, email: &Email) -> StoreResult<Option<User>> {
        self.find("email = $1", email.as_str().to_string())
    }

    fn find_by_phone(&self, phone: &PhoneNumber) -> StoreResult<Option<User>> {
        self.find("phone = $1", phone.as_str().to_string())
    }

    fn sign_up(&self, new: NewPlayer) -> StoreResult<SignUp> {
        let template = User {
            id: 0,
            name: new.name.as_str().to_string(),
            email: new.email.as_str().to_string(),
            phone: Some(new.phone.as_str().to_string()),
            dob: Some(new.dob.date()),
            role: Role::User,
            password_hash: new.password_hash,
            email_verified_at: None,
            status: UserStatus::Active,
            token_version: 0,
            created_at: Utc::now(),
            second_factor: SecondFactor::default(),
            state: new.state.map(str::to_string),
            last_login_at: None,
            previous_login_at: None,
        };
        self.pg.run(move |pool| async move {
            let mut client = pool.get().await?;
            until_won(&mut client, |tx| {
                let template = template.clone();
                Box::pin(async move { sign_up_in(tx, &template).await })
            })
            .await
        })
    }

    fn upsert_staff(&self, staff: &Staff) -> StoreResult<(User, bool)> {
        let staff = staff.clone();
        self.pg.run(move |pool| async move {
            let mut client = pool.get().await?;
            until_won(&mut client, |tx| {
                let staff = staff.clone();
                Box::pin(async move { upsert_staff_in(tx, &staff).await })
            })
            .await
        })
    }

    fn set_password(&self, id: UserId, password_hash: &str) -> StoreResult<Option<User>> {
        let changed = self.change(id, &|user| {
            user.password_hash = password_hash.to_string();
            user.token_version += 1;
            true
        })?;
        Ok(changed.map(|(user, _)| user))
    }

    fn edit(&self, id: UserId, change: &dyn Fn(&mut User) -> bool) -> StoreResult<Option<(User, bool)>> {
        self.change(id, change)
    }

    fn set_status(&self, id: UserId, status: UserStatus) -> StoreResult<Option<User>> {
        let changed = self.change(id, &|user| {
            user.status = status;
            true
        })?;
        Ok(changed.map(|(user, _)| user))
    }

    fn newest_first(&self) -> Box<dyn Iterator<Item = StoreResult<User>> + Send + '_> {
        Box::new(Pages::new(
            PAGE as usize,
            |user: &User| user.id as i64,
            move |below: Option<&i64>| {
                let below = below.copied().unwrap_or(i64::MAX);
                self.pg.run(move |pool| async move {
                    let rows = pool
                        .get()
                        .await?
                        .query(
                            "SELECT doc || secrets FROM users WHERE id < $1 ORDER BY id DESC LIMIT $2",
                            &[&below, &PAGE],
                        )
                        .await?;
                    rows.into_iter().map(|row| user_of(row.get(0))).collect()
                })
            },
        ))
    }

    fn player_counts(&self, today_began: DateTime<Utc>) -> StoreResult<PlayerCounts> {
        self.pg.run(move |pool| async move {
            let row = pool
                .get()
                .await?
                .query_one(
                    "SELECT count(*), count(*) FILTER (WHERE created_at >= $1),
                            count(*) FILTER (WHERE doc->>'email_verified_at' IS NOT NULL)
                     FROM users WHERE role = 'user'",
                    &[&today_began],
                )
                .await?;
            let count = |i: usize| row.get::<_, i64>(i) as u64;
            Ok(PlayerCounts { total: count(0), new_today: count(1), verified: count(2) })
        })
    }
}
