-- The built-in sandbox gateway's books on PostgreSQL (issue 14, decision 032), so a demo cluster's checkouts and
-- payouts are seen by every node. Each reference names one charge or one transfer; the first transfer with a
-- reference stands, and a charge leaves `abandoned` once.

CREATE TABLE sandbox_charges (
    reference TEXT  PRIMARY KEY,
    status    TEXT  NOT NULL,
    doc       JSONB NOT NULL
);

CREATE TABLE sandbox_transfers (
    reference TEXT  PRIMARY KEY,
    doc       JSONB NOT NULL
);
