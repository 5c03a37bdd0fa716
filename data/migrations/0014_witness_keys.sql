-- Named witnesses (issue 30; docs/decisions/046): each witness account registers one Ed25519 public key, listed
-- publicly, and every draw names the witness whose commitment it took. A key belongs to one account only, so a
-- signature on a draw always points to one witness.
CREATE TABLE witness_keys (
    witness_id BIGINT      PRIMARY KEY,
    name       TEXT        NOT NULL,
    public_key TEXT        NOT NULL UNIQUE,
    since      TIMESTAMPTZ NOT NULL,
    note       TEXT
);

-- Pools are per witness: a draw takes the oldest commitment of the witness whose turn it is.
CREATE INDEX witness_pool_by_witness ON witness_pool (witness_id, id);
