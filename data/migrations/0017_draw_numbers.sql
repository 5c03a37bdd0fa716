-- Each draw's number within its game (issue 32; docs/decisions/059): 1, 2, 3… in schedule order (draw time, then
-- id), kept in the draw's document like its other public fields. Draws scheduled from now on are numbered by the
-- scheduler from the game's latest draw; this gives the draws already stored theirs. A label for people only: the
-- draw record and its hash do not contain it, so no published hash changes.
UPDATE draws d
SET doc = jsonb_set(d.doc, '{number}', to_jsonb(n.number))
FROM (SELECT id, row_number() OVER (PARTITION BY game_id ORDER BY draws_at, id) AS number FROM draws) n
WHERE d.id = n.id AND d.doc->>'number' IS NULL;
