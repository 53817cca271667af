-- 0013: the rest of the DSU tournaments (issue 11; SPEC-tournaments.md).

-- The DM title (R33, I-4): only a Danish citizen holds it; a DM player
-- is one unless the TL says otherwise at the DM's creation.
ALTER TABLE tournament_players ADD COLUMN danish_citizen INTEGER NOT NULL DEFAULT 1
    CHECK (danish_citizen IN (0, 1));

-- The DM play-off (6.5.2c, R33c): entered by the TL once 1st is still
-- tied after SB and the mutual games; either its games or the tied
-- players' agreement to share.  One play-off per DM.
CREATE TABLE playoffs (
    tournament_id  INTEGER PRIMARY KEY REFERENCES tournaments(id) ON DELETE CASCADE,
    agree_to_share INTEGER NOT NULL CHECK (agree_to_share IN (0, 1)),
    entered_by     INTEGER REFERENCES users(id),
    created_at     TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))
);
CREATE TABLE playoff_games (
    tournament_id INTEGER NOT NULL REFERENCES playoffs(tournament_id) ON DELETE CASCADE,
    seq           INTEGER NOT NULL,
    white_id      INTEGER NOT NULL REFERENCES users(id),
    black_id      INTEGER NOT NULL REFERENCES users(id),
    result        TEXT NOT NULL CHECK (result IN ('1-0', '0-1', '1/2-1/2', '0-0')),
    PRIMARY KEY (tournament_id, seq)
) WITHOUT ROWID;

-- The dates the TL tracks (R12-R14, R19): the publication of a
-- tournament's results (objections 14 days, prizes 3 weeks, postal
-- correspondence kept 14 days) and each decision notified to the players
-- (appeal within 3 weeks, 6.4.3, 6.8.10).
ALTER TABLE tournaments ADD COLUMN published_on TEXT;
CREATE TABLE tl_decisions (
    id            INTEGER PRIMARY KEY,
    tournament_id INTEGER NOT NULL REFERENCES tournaments(id) ON DELETE CASCADE,
    notified_on   TEXT NOT NULL,
    about         TEXT NOT NULL,
    decided_by    INTEGER REFERENCES users(id),
    created_at    TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))
);
CREATE INDEX tl_decisions_tournament ON tl_decisions(tournament_id);

-- Entry rights the server cannot compute (R39 international play, R41e
-- the TL's), granted by a TL with their last valid day.
CREATE TABLE granted_rights (
    id         INTEGER PRIMARY KEY,
    user_id    INTEGER NOT NULL REFERENCES users(id),
    class      TEXT NOT NULL CHECK (class IN ('Å', 'K', 'M', 'DM')),
    until      TEXT NOT NULL,
    source     TEXT NOT NULL CHECK (source IN ('international', 'tl')),
    granted_by INTEGER REFERENCES users(id),
    created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))
);
CREATE INDEX granted_rights_user ON granted_rights(user_id);

-- The cup (R44, I-18): a player may have two entries in the preliminary
-- round, never in the same group; his cup seat counts them.
ALTER TABLE tournament_players ADD COLUMN cup_entries INTEGER NOT NULL DEFAULT 1
    CHECK (cup_entries IN (1, 2));
