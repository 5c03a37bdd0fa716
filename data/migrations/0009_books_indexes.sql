-- The money's books as read on PostgreSQL (issue 14, decision 032: `seam::WalletBooks`): the indexes its pages
-- and totals need beyond 0001's (tickets by draw and by player, the ledger by player).
--
-- A game's tickets are found through their draw's game in `doc` (the money engine writes every ticket's record
-- there); the dashboard's days and pending withdrawals read the ledger by time and by kind; a refund finds the
-- stake it returns by their shared reference.

CREATE INDEX tickets_by_game ON tickets (((doc->>'game_id')::bigint), id);
CREATE INDEX ledger_entries_by_time ON ledger_entries (created_at);
CREATE INDEX ledger_entries_pending_withdrawals ON ledger_entries (id) WHERE kind = 'withdrawal' AND status = 'pending';
CREATE INDEX ledger_entries_refunds ON ledger_entries (reference) WHERE kind = 'refund';
