-- Games, draws and the witness's pool on PostgreSQL (issue 14, `seam::Games` and `seam::WitnessPool`): what
-- `pg::games` and `pg::witness` read and write beside the typed tables of 0001.
--
-- A draw's row keeps `status` and `ticket_count` authoritative (`pg::draws::close` writes them, the money engine
-- reads them); its seed is in `secrets`, never in `doc`, exactly as the embedded store keeps it (sealed under the
-- seed key when the node has one). `finished` is the embedded store's "settled or cancelled, and settled_at set":
-- the draws a node resumes at start-up are the others. The listings are plain queries over these indexes.

ALTER TABLE draws ADD COLUMN secrets  JSONB   NOT NULL DEFAULT '{}';
ALTER TABLE draws ADD COLUMN finished BOOLEAN NOT NULL DEFAULT false;
CREATE INDEX draws_by_game_time ON draws (game_id, draws_at, id);
CREATE INDEX draws_by_time ON draws (draws_at, id);
CREATE INDEX draws_unfinished ON draws (id) WHERE NOT finished;

-- A closed draw's Merkle leaves, as the embedded store keeps them: per ticket in id order, its id (8 bytes,
-- big-endian) then its leaf hash (32).
CREATE TABLE draw_leaves (
    draw_id BIGINT PRIMARY KEY REFERENCES draws (id),
    leaves  BYTEA  NOT NULL
);

-- Commitments waiting for a draw, taken oldest (lowest id) first.
CREATE TABLE witness_pool (
    id         BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    witness_id BIGINT NOT NULL,
    label      TEXT   NOT NULL,
    commitment TEXT   NOT NULL
);
