-- 0012: the next dates of every active game, kept at each write (issue 16;
-- docs/DEADLINES.md).  The sweep and the TL overview read only the rows
-- whose day has come (WHERE due <= today, on the index), then load those
-- games alone.  The rows come from lib/corr corr_deadlines(); SQL cannot
-- compute them, so this migration only queues the active games in
-- deadlines_pending, and the first program that opens the database
-- computes them (store_deadlines_fill(), batch by batch).
CREATE TABLE game_deadlines (
    game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    kind TEXT NOT NULL CHECK (kind IN ('reminder', 'tl_notice', 'forfeit', 'adjudication',
                                       'time_trouble', 'recheck')),
    side TEXT NOT NULL CHECK (side IN ('white', 'black')),
    due TEXT NOT NULL,               -- YYYY-MM-DD: the first day it applies
    PRIMARY KEY (game_id, kind, side)
) WITHOUT ROWID;
-- The sweep: every game with a date that has come.
CREATE INDEX game_deadlines_due ON game_deadlines(due, game_id);
-- The overview: one list per kind, in date order, paged by (due, game_id).
CREATE INDEX game_deadlines_kind ON game_deadlines(kind, due, game_id);

-- Games whose dates are still to be computed (filled on first start).
CREATE TABLE deadlines_pending (game_id INTEGER PRIMARY KEY);
INSERT INTO deadlines_pending (game_id) SELECT id FROM games WHERE status = 'active';

-- The overview's forfeits list reads the time forfeits in date order
-- without a pass over every game.
CREATE INDEX games_time_forfeit ON games(finished_on, id) WHERE termination = 'time_forfeit';

-- The sweep's summary counts the active games it covers, and
-- check-deadlines walks them, without a pass over the finished ones.
CREATE INDEX games_active ON games(id) WHERE status = 'active';
