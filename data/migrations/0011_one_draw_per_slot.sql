-- One draw per game and draw time (issue 14; docs/decisions/033). The node holding the lottery's lease plans each
-- game's next draws; a node that was paused past its lease may plan once more before it notices it lost it, and
-- would then make a second draw for a slot the new holder already made. A slot is never drawn twice (a cancelled
-- draw keeps its slot), so the database refuses a second draw at the same time of the same game: the late node's
-- write fails and is logged, nothing else changes.
CREATE UNIQUE INDEX draws_one_per_slot ON draws (game_id, draws_at);
