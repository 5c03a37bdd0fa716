//! The typed tables as the engine writes them: each filled from JSON documents by one `INSERT … SELECT` over
//! `jsonb_array_elements`, by the money moves and by `ayo migrate`'s copy alike.

use serde::Serialize;
use serde_json::Value;

use super::error::PgError;

/// A typed table, filled from JSON documents by one `INSERT … SELECT` over `jsonb_array_elements`.
pub(crate) struct Table {
    pub(crate) name: &'static str,
    pub(crate) insert: &'static str,
}

/// Each user as `{doc, secrets}` (`pg::users::split`).
pub(crate) const USERS: Table = Table {
    name: "users",
    insert: "INSERT INTO users (id, email, phone, role, status, state, created_at, doc, secrets)
             SELECT (u->'doc'->>'id')::bigint, u->'doc'->>'email', u->'doc'->>'phone', u->'doc'->>'role',
                    u->'doc'->>'status', u->'doc'->>'state', (u->'doc'->>'created_at')::timestamptz, u->'doc',
                    u->'secrets'
             FROM jsonb_array_elements($1::jsonb) AS u",
};

pub(crate) const LEDGER: Table = Table {
    name: "ledger_entries",
    insert: "INSERT INTO ledger_entries (id, user_id, kind, status, amount, balance_after, reference, created_at, doc)
             SELECT (d->>'id')::bigint, (d->>'user_id')::bigint, d->>'type', d->>'status', (d->>'amount')::bigint,
                    (d->>'balance_after')::bigint, d->>'reference', (d->>'created_at')::timestamptz, d
             FROM jsonb_array_elements($1::jsonb) AS d",
};

pub(crate) const GAMES: Table = Table {
    name: "games",
    insert: "INSERT INTO games (id, slug, status, doc)
             SELECT (d->>'id')::bigint, d->>'slug', d->>'status', d FROM jsonb_array_elements($1::jsonb) AS d",
};

pub(crate) const DRAWS: Table = Table {
    name: "draws",
    insert: "INSERT INTO draws (id, game_id, status, ticket_count, draws_at, doc, finished)
             SELECT (d->>'id')::bigint, (d->>'game_id')::bigint, d->>'status', (d->>'ticket_count')::bigint,
                    (d->>'draws_at')::timestamptz, d,
                    d->>'status' IN ('settled', 'cancelled') AND d->>'settled_at' IS NOT NULL
             FROM jsonb_array_elements($1::jsonb) AS d",
};

pub(crate) const TICKETS: Table = Table {
    name: "tickets",
    insert: "INSERT INTO tickets (id, draw_id, user_id, status, total_stake, winnings, tax, idempotency_key,
                                  created_at, doc)
             SELECT (d->>'id')::bigint, (d->>'draw_id')::bigint, (d->>'user_id')::bigint, d->>'status',
                    (d->>'total_stake')::bigint, (d->>'winnings')::bigint, (d->>'tax')::bigint,
                    d->>'idempotency_key', (d->>'created_at')::timestamptz, d
             FROM jsonb_array_elements($1::jsonb) AS d",
};

pub(crate) const MONEY_KEYS: Table = Table {
    name: "money_keys",
    insert: "INSERT INTO money_keys (user_id, key, entry_id)
             SELECT (d->>'user_id')::bigint, d->>'key', (d->>'entry_id')::bigint FROM jsonb_array_elements($1::jsonb) AS d",
};

pub(crate) const SETTLEMENTS: Table = Table {
    name: "settlements",
    insert: "INSERT INTO settlements (draw_id, user_id, settled_at, doc)
             SELECT (d->>'draw_id')::bigint, (d->>'user_id')::bigint, (d->'record'->>'settled_at')::timestamptz,
                    d->'record'
             FROM jsonb_array_elements($1::jsonb) AS d",
};

/// Fields that never go into a typed row's `doc` (they stay, sealed where sled seals them, in `records`).
const SECRET_FIELDS: &[&str] = &["password_hash", "second_factor", "seed"];

/// A record as a typed row's `doc`: its JSON without secrets.
pub(crate) fn document(record: &impl Serialize) -> Result<Value, PgError> {
    let mut doc = serde_json::to_value(record).map_err(crate::error::StoreError::from)?;
    if let Some(fields) = doc.as_object_mut() {
        for secret in SECRET_FIELDS {
            fields.remove(*secret);
        }
    }
    Ok(doc)
}
