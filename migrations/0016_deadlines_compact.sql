-- 0016: the dates of the games, compact (issue 25; docs/DEADLINES.md).
-- One row per (game, kind, side) as before, but every column an integer:
-- kind 0 reminder, 1 tl_notice, 2 forfeit, 3 adjudication, 4 time_trouble,
-- 5 recheck (lib/corr/corr_deadlines.h's numbers, recheck after them); side 0
-- white, 1 black; due the day number of lib/clock/calendar.h (days since
-- 1970-01-01).  One index, the one both readers use: (kind, due), which
-- holds the game and side as well (the key of a WITHOUT ROWID table).  The
-- sweep reads it kind by kind, the overview one kind in (due, game, side)
-- order.  Integers also keep a CHECK cheap: a CHECK of `IN` over more than
-- two texts builds a table at every row written.
CREATE TABLE game_dates (
    game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    kind    INTEGER NOT NULL CHECK (kind BETWEEN 0 AND 5),
    side    INTEGER NOT NULL CHECK (side BETWEEN 0 AND 1),
    due     INTEGER NOT NULL,
    PRIMARY KEY (game_id, kind, side)
) WITHOUT ROWID;
INSERT INTO game_dates (game_id, kind, side, due)
    SELECT game_id,
           CASE kind WHEN 'reminder' THEN 0 WHEN 'tl_notice' THEN 1 WHEN 'forfeit' THEN 2
                     WHEN 'adjudication' THEN 3 WHEN 'time_trouble' THEN 4 ELSE 5 END,
           CASE side WHEN 'white' THEN 0 ELSE 1 END,
           CAST(julianday(due) - 2440587.5 AS INTEGER)
    FROM game_deadlines WHERE julianday(due) IS NOT NULL;
DROP TABLE game_deadlines;
ALTER TABLE game_dates RENAME TO game_deadlines;
CREATE INDEX game_deadlines_kind_due ON game_deadlines(kind, due);

-- The rows as people read them (operators, the tests).
CREATE VIEW game_deadline_dates AS
    SELECT game_id,
           CASE kind WHEN 0 THEN 'reminder' WHEN 1 THEN 'tl_notice' WHEN 2 THEN 'forfeit'
                     WHEN 3 THEN 'adjudication' WHEN 4 THEN 'time_trouble'
                     ELSE 'recheck' END AS kind,
           CASE side WHEN 0 THEN 'white' ELSE 'black' END AS side,
           date(due * 86400, 'unixepoch') AS due
    FROM game_deadlines;
