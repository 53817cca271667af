-- 0006: ratings (issue 12; SPEC-rating.md, API.md "Ratings", docs/RATING.md).
--
-- A user's K-skak rating is a function of the start ratings a TL set, the
-- results of the finished groups and the order they finished in (I-19):
-- rating_steps holds what each rated group gave each player, and the
-- triggers below record the finishing order and mark from which group on
-- the steps must be computed again, whatever code path ended or corrected
-- a game.  server/jobs/rating.c does the computing (lib/rating).

-- rating_start: the K-skak rating a TL or admin set (a start or entry
-- rating, R-24); otb_rating: the last known over-the-board rating, the
-- provisional K-skak rating of a player without one (DSU 6.7.6.2).
ALTER TABLE users ADD COLUMN rating_start INTEGER CHECK (rating_start BETWEEN 0 AND 9999);
ALTER TABLE users ADD COLUMN otb_rating INTEGER CHECK (otb_rating BETWEEN 0 AND 9999);

-- A group whose last game has ended, in the order the groups finished.
CREATE TABLE rating_groups (
    tournament_id INTEGER PRIMARY KEY REFERENCES tournaments(id) ON DELETE CASCADE,
    seq           INTEGER NOT NULL UNIQUE,       -- I-19: 1, 2, 3, ... in finishing order
    finished_on   TEXT NOT NULL,                 -- the date its last game ended
    rated         INTEGER NOT NULL DEFAULT 0 CHECK (rated IN (0, 1)), -- 1: steps current
    method        TEXT CHECK (method IN ('average', 'difference', 'none')),
    error         TEXT                           -- why it could not be rated, or NULL
);
-- every write request asks whether a group waits: keep that an index probe
CREATE INDEX rating_groups_unrated ON rating_groups(seq) WHERE rated = 0;

-- What one group gave one player (players with at least one rated game).
CREATE TABLE rating_steps (
    tournament_id INTEGER NOT NULL REFERENCES rating_groups(tournament_id) ON DELETE CASCADE,
    user_id       INTEGER NOT NULL REFERENCES users(id),
    seq           INTEGER NOT NULL,              -- the group's place in the order
    finished_on   TEXT NOT NULL,
    ro            INTEGER NOT NULL,              -- Ro: the start rating (or Rp)
    old           INTEGER,                       -- the registered rating before (R-22); NULL: none
    new           INTEGER NOT NULL,
    games         INTEGER NOT NULL CHECK (games > 0),
    w2            INTEGER NOT NULL,              -- W in half points
    we            INTEGER NOT NULL,              -- We in hundredths
    k             INTEGER NOT NULL,
    b             INTEGER NOT NULL,              -- B in hundredths
    method        TEXT NOT NULL,
    source        TEXT NOT NULL CHECK (source IN ('rated', 'performance')),
    PRIMARY KEY (tournament_id, user_id)
) WITHOUT ROWID;
CREATE INDEX rating_steps_user ON rating_steps(user_id, seq);
CREATE INDEX rating_steps_seq ON rating_steps(seq);

-- The lowest seq whose steps are stale (a result or a start rating
-- changed), or NULL.  Groups with rated = 0 are stale too.
CREATE TABLE rating_dirty (
    id       INTEGER PRIMARY KEY CHECK (id = 1),
    from_seq INTEGER
);
INSERT INTO rating_dirty (id, from_seq) VALUES (1, NULL);

-- A game of a group ended or its result was corrected (any path: a move, a
-- resignation, a claim, a TL result, the sweep, a withdrawal).  A group
-- already in the order is re-rated from its place on (a rating list never
-- depends on the order corrections came in); a group whose last game just
-- ended takes the next place.
CREATE TRIGGER rating_game_changed AFTER UPDATE OF status, result ON games
WHEN NEW.tournament_id IS NOT NULL AND NEW.status = 'finished'
     AND (OLD.status IS NOT NEW.status OR OLD.result IS NOT NEW.result)
BEGIN
    UPDATE rating_dirty
       SET from_seq = (SELECT seq FROM rating_groups WHERE tournament_id = NEW.tournament_id)
     WHERE id = 1
       AND EXISTS (SELECT 1 FROM rating_groups WHERE tournament_id = NEW.tournament_id)
       AND (from_seq IS NULL
            OR from_seq > (SELECT seq FROM rating_groups WHERE tournament_id = NEW.tournament_id));
    INSERT INTO rating_groups (tournament_id, seq, finished_on)
    SELECT NEW.tournament_id, COALESCE((SELECT max(seq) FROM rating_groups), 0) + 1,
           COALESCE(NEW.finished_on, date('now'))
     WHERE NOT EXISTS (SELECT 1 FROM rating_groups WHERE tournament_id = NEW.tournament_id)
       AND NOT EXISTS (SELECT 1 FROM games
                        WHERE tournament_id = NEW.tournament_id AND status <> 'finished');
END;

-- A start or OTB rating changed: re-rate from the player's first group.
CREATE TRIGGER rating_user_changed AFTER UPDATE OF rating_start, otb_rating ON users
WHEN OLD.rating_start IS NOT NEW.rating_start OR OLD.otb_rating IS NOT NEW.otb_rating
BEGIN
    UPDATE rating_dirty
       SET from_seq = (SELECT min(g.seq) FROM rating_groups g
                         JOIN tournament_players tp ON tp.tournament_id = g.tournament_id
                        WHERE tp.user_id = NEW.id)
     WHERE id = 1
       AND (SELECT min(g.seq) FROM rating_groups g
              JOIN tournament_players tp ON tp.tournament_id = g.tournament_id
             WHERE tp.user_id = NEW.id) IS NOT NULL
       AND (from_seq IS NULL
            OR from_seq > (SELECT min(g.seq) FROM rating_groups g
                             JOIN tournament_players tp ON tp.tournament_id = g.tournament_id
                            WHERE tp.user_id = NEW.id));
END;

-- The yearly coordination with the Elo list (DSU 4.5.6): what RK compared
-- (the Elo list) and when; the moves it makes are computed by the update,
-- at its place in the order, like a group's steps (so a later correction
-- of an earlier group is followed by the coordination too).
CREATE TABLE rating_coordinations (
    id        INTEGER PRIMARY KEY,
    position  INTEGER NOT NULL,  -- applied before the group with this seq
    on_date   TEXT NOT NULL,     -- the adjustment date (4.5.6.2 c)
    dsu_date  TEXT NOT NULL,     -- the Danish list compared: 1 June (4.5.6.1 a)
    covered   INTEGER,           -- as last computed: players compared,
    sum_dsu   INTEGER,           -- their Danish and Elo ratings summed,
    sum_elo   INTEGER,
    n         INTEGER,           -- the adjustment number N (0: none)
    direction INTEGER,           -- -1 down, 1 up, 0 none
    created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))
);
CREATE TABLE rating_coordination_players (
    coordination_id INTEGER NOT NULL REFERENCES rating_coordinations(id) ON DELETE CASCADE,
    user_id         INTEGER NOT NULL REFERENCES users(id),
    elo             INTEGER NOT NULL CHECK (elo BETWEEN 0 AND 9999),
    elo_games       INTEGER NOT NULL CHECK (elo_games >= 0),
    PRIMARY KEY (coordination_id, user_id)
) WITHOUT ROWID;
-- What a coordination moved (computed, like rating_steps).
CREATE TABLE rating_adjustments (
    coordination_id INTEGER NOT NULL REFERENCES rating_coordinations(id) ON DELETE CASCADE,
    user_id         INTEGER NOT NULL REFERENCES users(id),
    position        INTEGER NOT NULL,
    on_date         TEXT NOT NULL,
    old             INTEGER NOT NULL,
    by              INTEGER NOT NULL,   -- the move of the 4.5.6.2 scale
    new             INTEGER NOT NULL,   -- old + by, raised to 2100 when below
    PRIMARY KEY (coordination_id, user_id)
) WITHOUT ROWID;
CREATE INDEX rating_adjustments_user ON rating_adjustments(user_id, position);
