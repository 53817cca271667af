-- 0003: tournaments (API.md "Tournaments"; SPEC 6): a group, its players
-- by seat (the numbers drawn by lot), and its games.

CREATE TABLE tournaments (
    id         INTEGER PRIMARY KEY,
    name       TEXT NOT NULL,
    kind       TEXT NOT NULL CHECK (kind IN ('round_robin', 'double_round_robin', 'emt_group',
                                             'team', 'cup')),
    profile    TEXT NOT NULL,
    start_date TEXT NOT NULL,
    created_by INTEGER REFERENCES users(id),
    created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))
);

-- seat: 1..n, the player's number in the group (lib/tiebreak.h seat + 1);
-- in a team tournament the seats run team by team, board 1 first, and
-- team/board say where the player sits.
CREATE TABLE tournament_players (
    tournament_id INTEGER NOT NULL REFERENCES tournaments(id) ON DELETE CASCADE,
    user_id       INTEGER NOT NULL REFERENCES users(id),
    seat          INTEGER NOT NULL CHECK (seat >= 1),
    team          TEXT,                             -- the team's name, NULL outside team play
    board         INTEGER CHECK (board >= 1),       -- NULL outside team play
    PRIMARY KEY (tournament_id, user_id),
    UNIQUE (tournament_id, seat)
) WITHOUT ROWID;
CREATE INDEX tournament_players_user ON tournament_players(user_id);

ALTER TABLE games ADD COLUMN tournament_id INTEGER REFERENCES tournaments(id);
CREATE INDEX games_tournament ON games(tournament_id) WHERE tournament_id IS NOT NULL;
