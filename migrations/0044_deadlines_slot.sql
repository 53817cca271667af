-- 0044: a move hands its dates over in place (issue 19's move path;
-- docs/DEADLINES.md).  The key of a row was (game, kind, side), so each
-- move, which gives every date of the mover to his opponent, deleted five
-- rows and inserted five: ten changes of the table and ten of its index
-- (kind, due), most of them with the very date they had (the reminder,
-- the TL notice and the adjudication of a move made the day it came do
-- not change).  Now the key is (game, kind, slot), slot 0 or 1 (two rows
-- of one kind: the forfeit dates of both players), and the side is a
-- column: a row handed over is rewritten in place, and its index entry
-- (kind, due, and the key) stays unless its date changed.  Every row and
-- date is kept; a kind's rows keep their side as their slot.
DROP VIEW game_deadline_dates;
CREATE TABLE game_dates (
    game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    kind    INTEGER NOT NULL CHECK (kind BETWEEN 0 AND 5),
    slot    INTEGER NOT NULL DEFAULT 0 CHECK (slot BETWEEN 0 AND 1),
    side    INTEGER NOT NULL CHECK (side BETWEEN 0 AND 1),
    due     INTEGER NOT NULL,
    PRIMARY KEY (game_id, kind, slot)
) WITHOUT ROWID;
INSERT INTO game_dates (game_id, kind, slot, side, due)
    SELECT game_id, kind, side, side, due FROM game_deadlines;
DROP TABLE game_deadlines;
ALTER TABLE game_dates RENAME TO game_deadlines;
CREATE INDEX game_deadlines_kind_due ON game_deadlines(kind, due);

-- The rows as people read them (operators, the tests), as migration 0016
-- made it.
CREATE VIEW game_deadline_dates AS
    SELECT game_id,
           CASE kind WHEN 0 THEN 'reminder' WHEN 1 THEN 'tl_notice' WHEN 2 THEN 'forfeit'
                     WHEN 3 THEN 'adjudication' WHEN 4 THEN 'time_trouble'
                     ELSE 'recheck' END AS kind,
           CASE side WHEN 0 THEN 'white' ELSE 'black' END AS side,
           date(due * 86400, 'unixepoch') AS due
    FROM game_deadlines;
