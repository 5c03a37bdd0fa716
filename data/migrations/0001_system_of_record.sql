-- Cluster mode's system of record (issue 14), first version: what `ayo migrate` fills from an embedded install.
--
-- `records` holds every record of every tree of the embedded store exactly as sled held it (values sealed where
-- sled sealed them: seeds, TOTP secrets, NINs), so a move loses nothing. The typed tables hold the money and the
-- draws as rows an auditor can query and the database can check (no negative balance, unique ids, every ticket in
-- a known draw); each row also keeps its record as JSON in `doc`, with no secret in it (no password hash, no second
-- factor, no seed).

CREATE TABLE records (
    tree  TEXT  NOT NULL,
    key   BYTEA NOT NULL,
    value BYTEA NOT NULL,
    PRIMARY KEY (tree, key)
);

CREATE TABLE users (
    id         BIGINT      PRIMARY KEY,
    email      TEXT        NOT NULL UNIQUE,
    role       TEXT        NOT NULL,
    status     TEXT        NOT NULL,
    state      TEXT,
    created_at TIMESTAMPTZ NOT NULL,
    doc        JSONB       NOT NULL
);

CREATE TABLE wallets (
    user_id BIGINT PRIMARY KEY REFERENCES users (id),
    balance BIGINT NOT NULL CHECK (balance >= 0)
);

CREATE TABLE ledger_entries (
    id            BIGINT      PRIMARY KEY,
    user_id       BIGINT      NOT NULL REFERENCES users (id),
    kind          TEXT        NOT NULL,
    status        TEXT        NOT NULL,
    amount        BIGINT      NOT NULL,
    balance_after BIGINT      NOT NULL,
    reference     TEXT        NOT NULL,
    created_at    TIMESTAMPTZ NOT NULL,
    doc           JSONB       NOT NULL
);
CREATE INDEX ledger_entries_by_user ON ledger_entries (user_id, id);

CREATE TABLE games (
    id     BIGINT PRIMARY KEY,
    slug   TEXT   NOT NULL UNIQUE,
    status TEXT   NOT NULL,
    doc    JSONB  NOT NULL
);

CREATE TABLE draws (
    id           BIGINT      PRIMARY KEY,
    game_id      BIGINT      NOT NULL REFERENCES games (id),
    status       TEXT        NOT NULL,
    ticket_count BIGINT      NOT NULL,
    draws_at     TIMESTAMPTZ NOT NULL,
    doc          JSONB       NOT NULL
);
CREATE INDEX draws_by_game ON draws (game_id, id);

CREATE TABLE tickets (
    id              BIGINT      PRIMARY KEY,
    draw_id         BIGINT      NOT NULL REFERENCES draws (id),
    user_id         BIGINT      NOT NULL REFERENCES users (id),
    status          TEXT        NOT NULL,
    total_stake     BIGINT      NOT NULL CHECK (total_stake > 0),
    winnings        BIGINT      NOT NULL CHECK (winnings >= 0),
    tax             BIGINT      NOT NULL CHECK (tax >= 0),
    idempotency_key TEXT        NOT NULL,
    created_at      TIMESTAMPTZ NOT NULL,
    doc             JSONB       NOT NULL,
    UNIQUE (user_id, idempotency_key)
);
CREATE INDEX tickets_by_draw ON tickets (draw_id, id);
CREATE INDEX tickets_by_user ON tickets (user_id, id);
