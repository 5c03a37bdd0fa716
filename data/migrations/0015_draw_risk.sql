-- The house's risk on PostgreSQL (issue 31 §3, docs/decisions/056-draw-risk-row-in-cluster-mode.md): limits hold
-- when one draw sells on several nodes at once.
--
-- `draw_risk` is one row per draw that has sold under limits or had numbers closed. A purchase batch buying into a
-- draw of a game with limits locks it `FOR UPDATE` (after the wallets and the draws), so those batches take turns
-- per draw across every node; each numbers the tickets it admits after `sold` and writes them in `draw_risk_sales`,
-- so a node keeping the draw's liability in memory folds in exactly the tickets the other nodes sold since it last
-- looked. `epoch` changes when tickets leave the draw other than by a sale (a refund) or when the game's limits are
-- set (tickets sold without limits carry no number): a node seeing a new epoch reads the draw's tickets again.
-- `closed` holds the numbers an admin closed for the draw; every purchase batch reads them, limits or not.

CREATE TABLE draw_risk (
    draw_id BIGINT     PRIMARY KEY REFERENCES draws (id),
    sold    BIGINT     NOT NULL DEFAULT 0,
    epoch   BIGINT     NOT NULL DEFAULT 0,
    closed  SMALLINT[] NOT NULL DEFAULT '{}'
);

CREATE TABLE draw_risk_sales (
    draw_id   BIGINT NOT NULL,
    seq       BIGINT NOT NULL,
    ticket_id BIGINT NOT NULL,
    PRIMARY KEY (draw_id, seq)
);
