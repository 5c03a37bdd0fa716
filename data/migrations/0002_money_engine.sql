-- The money engine on PostgreSQL (issue 14, decision 029): what `ayo serve` on PostgreSQL writes beside the typed
-- tables of 0001.
--
-- `ids` hands out ticket and ledger entry ids: each `nextval` reserves the block of 1,000 ids up to the value it
-- answers, which one node hands out in order (unique across nodes, increasing within one); `ayo migrate` moves it
-- past every id it copied. `money_keys` makes a keyed ledger move (an admin's adjustment, a deposit's
-- reference) happen once. `settlements` records, once per player and draw, how their tickets were settled: with
-- each ticket's own `pending` status it is what makes a rerun (or another node taking over) pay nothing twice.

CREATE SEQUENCE ids AS BIGINT INCREMENT BY 1000 MINVALUE 1000 START WITH 1000;

CREATE TABLE money_keys (
    user_id  BIGINT NOT NULL REFERENCES users (id),
    key      TEXT   NOT NULL,
    entry_id BIGINT NOT NULL REFERENCES ledger_entries (id),
    PRIMARY KEY (user_id, key)
);

CREATE TABLE settlements (
    draw_id    BIGINT      NOT NULL REFERENCES draws (id),
    user_id    BIGINT      NOT NULL REFERENCES users (id),
    settled_at TIMESTAMPTZ NOT NULL,
    doc        JSONB       NOT NULL,
    PRIMARY KEY (draw_id, user_id)
);

ALTER TABLE ledger_entries ADD CONSTRAINT ledger_entries_balance_after CHECK (balance_after >= 0);
