-- The store seam on PostgreSQL (issue 14, decision 032): adjustments waiting for a second admin, and identity
-- checks with their review queue.
--
-- An adjustment request is unique per (requester, key): a repeat on any node answers the first. An identity row
-- keeps its record in `doc`, the NIN in it sealed (`sealed-id:v1`, under the key every node shares), never plain;
-- the review queue is the rows whose status is `review`.

CREATE TABLE adjustments (
    id              BIGINT PRIMARY KEY,
    requested_by    BIGINT NOT NULL,
    idempotency_key TEXT   NOT NULL,
    status          TEXT   NOT NULL,
    doc             JSONB  NOT NULL,
    UNIQUE (requested_by, idempotency_key)
);

CREATE TABLE identities (
    user_id BIGINT PRIMARY KEY,
    status  TEXT   NOT NULL,
    doc     JSONB  NOT NULL
);
CREATE INDEX identities_in_review ON identities (user_id) WHERE status = 'review';
