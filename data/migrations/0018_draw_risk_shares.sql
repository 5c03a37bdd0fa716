-- Shares of a limited draw's headroom (issue 31 §3, docs/decisions/067-shares-of-a-draws-headroom.md): a node
-- sells into a draw far from its limits without taking the draw's `draw_risk` row lock.
--
-- `draw_risk_shares` is one row per draw and node that ever held a share. A share is granted, taken back and replaced
-- only under the draw's lock: `room` is the most the node's sales under it may add up to at the most each can pay,
-- `used` what they have added, `ppm` the millionths of each per-number and per-combination limit they may add, and
-- `epoch` the draw's epoch when granted (a share of another epoch is worth nothing). `grant_no` changes with every
-- grant and every taking back: the holder writes its sales only while it is the one it was granted under. `sold`
-- numbers the node's sales under its shares (never reset), recorded in `draw_risk_share_sales`, so every node folds
-- in each of them exactly once.

CREATE TABLE draw_risk_shares (
    draw_id  BIGINT  NOT NULL REFERENCES draws (id),
    node     BIGINT  NOT NULL,
    epoch    BIGINT  NOT NULL,
    grant_no BIGINT  NOT NULL DEFAULT 0,
    room     BIGINT  NOT NULL DEFAULT 0,
    used     BIGINT  NOT NULL DEFAULT 0,
    ppm      BIGINT  NOT NULL DEFAULT 0,
    sold     BIGINT  NOT NULL DEFAULT 0,
    PRIMARY KEY (draw_id, node)
);

CREATE TABLE draw_risk_share_sales (
    draw_id   BIGINT NOT NULL,
    node      BIGINT NOT NULL,
    seq       BIGINT NOT NULL,
    ticket_id BIGINT NOT NULL,
    PRIMARY KEY (draw_id, node, seq)
);
