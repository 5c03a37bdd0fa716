-- The store seam on PostgreSQL (issue 14, decision 032): contact messages, marquees, the audit log and each
-- player's responsible-gaming settings. Each row keeps its record as JSON in `doc` (none holds a secret).
--
-- `activities` is only appended to and pruned oldest first; it is read in the order of `at` (ids come from the
-- `ids` sequence in blocks per node, so they are unique but interleave between nodes), the id breaking ties. `responsible_gaming.version` grows with every write: a change is written only
-- over the version it was computed from, so two nodes changing one player's limits at once cannot lose either.

CREATE TABLE contacts (
    id  BIGINT PRIMARY KEY,
    doc JSONB  NOT NULL
);

CREATE TABLE marquees (
    id  BIGINT PRIMARY KEY,
    doc JSONB  NOT NULL
);

CREATE TABLE activities (
    id  BIGINT      PRIMARY KEY,
    at  TIMESTAMPTZ NOT NULL,
    doc JSONB       NOT NULL
);
CREATE INDEX activities_by_time ON activities (at, id);

CREATE TABLE responsible_gaming (
    user_id BIGINT PRIMARY KEY,
    version BIGINT NOT NULL,
    doc     JSONB  NOT NULL
);
