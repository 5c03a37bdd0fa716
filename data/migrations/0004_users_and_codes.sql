-- Accounts and one-time codes served from PostgreSQL (issue 14, the store seam): what `pg::users` and `pg::otps`
-- need beside 0001's `users`. Depends on nothing but 0001 (0002's `ids` sequence is read at run time only).
--
-- A user's record is `doc || secrets`: `doc` keeps the record without its secret fields, `secrets` exactly those
-- (`password_hash`, `second_factor`). `phone` names one account (staff have none). `revision` grows at every write,
-- so a read-change-write (`Users::update`) writes only over the version it read.
ALTER TABLE users
    ADD COLUMN phone    TEXT   UNIQUE,
    ADD COLUMN secrets  JSONB  NOT NULL DEFAULT '{}',
    ADD COLUMN revision BIGINT NOT NULL DEFAULT 0;

-- `otps`: each account's live code of a purpose, stored as its keyed digest (never the code). A digest names one
-- live code of its purpose, so a code alone finds its owner. Used, replaced and burned codes are deleted; an
-- expired one when it is next tried or replaced.
CREATE TABLE otps (
    purpose    TEXT        NOT NULL,
    user_id    BIGINT      NOT NULL REFERENCES users (id),
    digest     TEXT        NOT NULL,
    expires_at TIMESTAMPTZ NOT NULL,
    sent_at    TIMESTAMPTZ NOT NULL,
    attempts   SMALLINT    NOT NULL DEFAULT 0 CHECK (attempts >= 0),
    PRIMARY KEY (purpose, user_id),
    UNIQUE (purpose, digest)
);
