-- 0028: the team championship's captains and reserves (issue 22; DSU
-- 6.7.2.2: each club names a team captain, the link to the TL; 6.7.4.3:
-- up to 2 reserves a team may continue an original player's games, each
-- with the TL's prior approval, the club's clock stopping 14 days for
-- the change; 6.7.6.1: the captain may stop a game for a reserve).
CREATE TABLE team_captains (
    tournament_id INTEGER NOT NULL REFERENCES tournaments(id) ON DELETE CASCADE,
    team          TEXT NOT NULL,
    user_id       INTEGER NOT NULL REFERENCES users(id),
    set_by        INTEGER REFERENCES users(id),
    PRIMARY KEY (tournament_id, team)
) WITHOUT ROWID;

-- A reserve asked for by the captain (or the TL), approved by the TL:
-- from then on he plays the original's unfinished games on the same seat
-- (games.white_id / black_id are his), the finished ones stay the
-- original's; stop_from..stop_to is the 14-day stop, booked as special
-- leave of the reserve in this tournament.
CREATE TABLE team_reserves (
    id            INTEGER PRIMARY KEY,
    tournament_id INTEGER NOT NULL REFERENCES tournaments(id) ON DELETE CASCADE,
    team          TEXT NOT NULL,
    original_id   INTEGER NOT NULL REFERENCES users(id),
    reserve_id    INTEGER NOT NULL REFERENCES users(id),
    requested_by  INTEGER REFERENCES users(id),
    requested_on  TEXT NOT NULL,
    status        TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved')),
    approved_by   INTEGER REFERENCES users(id),
    approved_on   TEXT,
    stop_from     TEXT,
    stop_to       TEXT,
    UNIQUE (tournament_id, reserve_id)
);
CREATE INDEX team_reserves_tournament ON team_reserves(tournament_id);
