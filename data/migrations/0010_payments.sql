-- Payments on the store seam (issue 14, decision 032): deposits by gateway reference, withdrawals by id, and each
-- player's bank account.
--
-- A deposit credited, a withdrawal held or moved, is one transaction that locks the payment's row and the player's
-- wallet row (`pg::payments`), so a move happens once whatever node runs it. A withdrawal is unique per (player,
-- idempotency key), so a repeated request on any node answers the first; its transfer reference names one
-- withdrawal.

CREATE TABLE deposits (
    reference TEXT   PRIMARY KEY,
    id        BIGINT NOT NULL UNIQUE,
    user_id   BIGINT NOT NULL,
    status    TEXT   NOT NULL,
    doc       JSONB  NOT NULL
);
CREATE INDEX deposits_by_user ON deposits (user_id, id);

CREATE TABLE withdrawals (
    id                 BIGINT PRIMARY KEY,
    user_id            BIGINT NOT NULL,
    status             TEXT   NOT NULL,
    idempotency_key    TEXT   NOT NULL,
    transfer_reference TEXT,
    doc                JSONB  NOT NULL,
    UNIQUE (user_id, idempotency_key)
);
CREATE UNIQUE INDEX withdrawals_by_transfer ON withdrawals (transfer_reference) WHERE transfer_reference IS NOT NULL;
CREATE INDEX withdrawals_by_user ON withdrawals (user_id, id);

CREATE TABLE bank_accounts (
    user_id BIGINT PRIMARY KEY,
    doc     JSONB  NOT NULL
);
