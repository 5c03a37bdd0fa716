-- Four eyes on the day's sum of manual adjustments, not only on each request (issue 28, docs/security.md): what each
-- admin asked for each player on each Lagos day (applied at once, waiting or approved), and what each admin moved
-- alone on each Lagos day across every player, in kobo either way. `pg::adjustments` locks the admin's row, then the
-- player's, then the wallet, and decides the adjustment in that transaction: two asked at once on two nodes queue on
-- the admin's row, so they cannot both pass below the threshold.

CREATE TABLE adjustment_admin_days (
    admin_id BIGINT NOT NULL,
    day      DATE   NOT NULL,
    alone    BIGINT NOT NULL DEFAULT 0,
    PRIMARY KEY (admin_id, day)
);

CREATE TABLE adjustment_player_days (
    admin_id BIGINT NOT NULL,
    day      DATE   NOT NULL,
    user_id  BIGINT NOT NULL,
    asked    BIGINT NOT NULL DEFAULT 0,
    PRIMARY KEY (admin_id, day, user_id)
);
