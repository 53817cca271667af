-- 0010: the rules of issue 9 (SPEC.md 4.3, 4.4, 4.7; docs/RULES.md).

-- A notice of a longer think (DSU 6.3.4 "skal han underrette modstanderen
-- herom"): for the move pending when it was given (ply = the moves made
-- then), one per move; no reminder and no penalty until `days` are used.
CREATE TABLE notices (
    game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    ply     INTEGER NOT NULL CHECK (ply >= 0),
    color   TEXT NOT NULL CHECK (color IN ('white', 'black')),
    days    INTEGER NOT NULL CHECK (days BETWEEN 15 AND 366),
    on_date TEXT NOT NULL,
    PRIMARY KEY (game_id, ply)
) WITHOUT ROWID;

-- The holiday play-on agreement (DSU 6.3.6.2), recorded per game by a TL
-- when both players agreed: no reminders about moves made in the holidays.
ALTER TABLE games ADD COLUMN holiday_play INTEGER NOT NULL DEFAULT 0
    CHECK (holiday_play IN (0, 1));

-- A postal vacation belongs to one tournament (DSU 6.3.6); NULL: all the
-- player's games (e-mail play, 6.8.8, and vacations stored before 0010).
ALTER TABLE vacations ADD COLUMN tournament_id INTEGER REFERENCES tournaments(id);

-- Where a reminder came from: the sweep's mail, or one the waiting player
-- posted himself and recorded (postal play, API.md POST .../reminder).
ALTER TABLE sweep_events ADD COLUMN by_player INTEGER NOT NULL DEFAULT 0
    CHECK (by_player IN (0, 1));
