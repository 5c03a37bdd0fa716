-- Cluster mode's coordination between nodes (issue 14; docs/decisions/031): who runs each draw, and the rate limits
-- every node counts against together. Depends on nothing but 0001's conventions (0002 is the money tables).
--
-- `draw_leases`: one row per draw ever leased. `holder` names a node's run (unique per process start), `fence`
-- only ever grows (a lease given anew bumps it; a release keeps the row, so it never goes back), and `expires_at`
-- is on the database's clock. A write of the draw's lifecycle first locks this row `FOR SHARE` and checks
-- (holder, fence) is still current and unexpired, so a node that lost its lease cannot write after another took it.
CREATE TABLE draw_leases (
    draw_id    BIGINT      PRIMARY KEY,
    holder     TEXT        NOT NULL,
    fence      BIGINT      NOT NULL CHECK (fence > 0),
    expires_at TIMESTAMPTZ NOT NULL
);

-- `rate_buckets`: fixed-window counters ("login-ip:1.2.3.4"); a window is over once `window_start` is a window's
-- length old (each key is always counted against one limit, whose length the caller gives). Expired rows are
-- purged by age.
CREATE TABLE rate_buckets (
    key          TEXT        PRIMARY KEY,
    window_start TIMESTAMPTZ NOT NULL,
    count        INTEGER     NOT NULL CHECK (count >= 0)
);
CREATE INDEX rate_buckets_by_window_start ON rate_buckets (window_start);
