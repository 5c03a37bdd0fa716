-- Every witness commitment ever pooled (issue 30; docs/fairness.md): a commitment is pooled once only, because a
-- secret that served one draw is public after its reveal and would make a later draw holding it predictable. Rows
-- stay when a draw takes the commitment out of `witness_pool`, so its key refuses the same commitment again.
CREATE TABLE witness_commitments (
    commitment TEXT   PRIMARY KEY,
    witness_id BIGINT NOT NULL
);

-- The past: every commitment a draw holds.
INSERT INTO witness_commitments (commitment, witness_id)
SELECT doc->'witness'->>'commitment', (doc->'witness'->>'witness_id')::bigint
FROM draws WHERE jsonb_typeof(doc->'witness') = 'object'
ON CONFLICT DO NOTHING;

-- A waiting commitment already used by a draw, or pooled twice before duplicates were refused, can never be taken
-- safely: it leaves the pool (the earliest of twins stays).
DELETE FROM witness_pool p
WHERE EXISTS (SELECT 1 FROM witness_commitments c WHERE c.commitment = p.commitment)
   OR EXISTS (SELECT 1 FROM witness_pool q WHERE q.commitment = p.commitment AND q.id < p.id);

INSERT INTO witness_commitments (commitment, witness_id) SELECT commitment, witness_id FROM witness_pool;
