-- 0030: results of foreign tournaments (issue 22; DSU 4.5.4.3 "Spillere
-- der deltager i udenlandske ratingberettigede turneringer, har selv
-- ansvaret for, at turneringsresultatet med angivelse af score og
-- modstanderrating kommer til RK s kendskab"; 4.5.4.1 a "For udenlandske
-- turneringer anvendes det ratingtal, der er gældende, når turneringen
-- indberettes").  The KC enters what the player reported: the event, its
-- last day, and one row per game (the opponent's rating and the player's
-- result).  The result takes its place in the rating order when it is
-- entered (position: before the group with that seq, as a coordination of
-- 0006), is rated from the rating registered there, and its figures are
-- computed by the update like a group's steps (so a correction of an
-- earlier group re-rates it too; docs/RATING.md "Foreign results").
CREATE TABLE rating_foreign (
    id          INTEGER PRIMARY KEY,
    user_id     INTEGER NOT NULL REFERENCES users(id),
    event       TEXT NOT NULL CHECK (length(event) BETWEEN 1 AND 200),
    finished_on TEXT NOT NULL,    -- the event's last day
    reported_on TEXT NOT NULL,    -- the day it was entered (RK had the report)
    position    INTEGER NOT NULL, -- applied before the group with this seq
    round_robin INTEGER NOT NULL DEFAULT 0 CHECK (round_robin IN (0, 1)),
    winner      INTEGER NOT NULL DEFAULT 0 CHECK (winner IN (0, 1)),
    entered_by  INTEGER REFERENCES users(id),
    -- computed (NULL while stale): as the columns of rating_steps
    ro          INTEGER,
    old         INTEGER,
    new         INTEGER,
    games       INTEGER,
    w2          INTEGER,
    we          INTEGER,
    k           INTEGER,
    b           INTEGER,
    method      TEXT,
    error       TEXT,             -- why it could not be rated
    created_at  TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))
);
CREATE INDEX rating_foreign_user ON rating_foreign(user_id, position);
CREATE INDEX rating_foreign_position ON rating_foreign(position);

-- One game of a foreign result, from the player's side.
CREATE TABLE rating_foreign_games (
    foreign_id INTEGER NOT NULL REFERENCES rating_foreign(id) ON DELETE CASCADE,
    n          INTEGER NOT NULL CHECK (n >= 1),
    opponent   TEXT NOT NULL,     -- the opponent's name as reported ('' allowed)
    rating     INTEGER NOT NULL CHECK (rating BETWEEN 0 AND 9999), -- 4.5.5.2
    result     TEXT NOT NULL CHECK (result IN ('1', '1/2', '0')),
    PRIMARY KEY (foreign_id, n)
) WITHOUT ROWID;

-- A start or OTB rating changed: re-rate from the player's first foreign
-- result too, when that comes before his first group (0020 re-rates from
-- his first group).
CREATE TRIGGER rating_foreign_user_changed AFTER UPDATE OF rating_start, otb_rating, foreign_player
ON users
WHEN (OLD.rating_start IS NOT NEW.rating_start OR OLD.otb_rating IS NOT NEW.otb_rating
      OR OLD.foreign_player IS NOT NEW.foreign_player)
     AND EXISTS (SELECT 1 FROM rating_foreign WHERE user_id = NEW.id)
BEGIN
    UPDATE rating_dirty
       SET from_seq = (SELECT min(position) FROM rating_foreign WHERE user_id = NEW.id)
     WHERE id = 1
       AND (from_seq IS NULL
            OR from_seq > (SELECT min(position) FROM rating_foreign WHERE user_id = NEW.id));
END;
