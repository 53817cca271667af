-- 0001: users, sessions, games, moves, vacations, the TL audit log.
-- Dates are ISO text (YYYY-MM-DD); timestamps are ISO text in UTC.

CREATE TABLE users (
    id            INTEGER PRIMARY KEY,
    name          TEXT NOT NULL UNIQUE,
    email         TEXT NOT NULL UNIQUE,
    role          TEXT NOT NULL CHECK (role IN ('player', 'tl', 'admin')),
    password_hash TEXT NOT NULL,                 -- argon2id (libsodium crypto_pwhash_str)
    created_at    TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))
);

-- A login: the token itself is never stored, only its BLAKE2b hash.
CREATE TABLE sessions (
    token_hash BLOB PRIMARY KEY,
    user_id    INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    expires_at INTEGER NOT NULL                  -- unix seconds
) WITHOUT ROWID;
CREATE INDEX sessions_user ON sessions(user_id);

CREATE TABLE games (
    id          INTEGER PRIMARY KEY,
    event       TEXT,
    profile     TEXT NOT NULL,
    start_date  TEXT NOT NULL,
    white       INTEGER NOT NULL REFERENCES users(id),
    black       INTEGER NOT NULL REFERENCES users(id),
    start_fen   TEXT NOT NULL,
    fen         TEXT NOT NULL,                   -- must equal the replay of moves
    status      TEXT NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'finished')),
    result      TEXT NOT NULL DEFAULT '*' CHECK (result IN ('*', '1-0', '0-1', '1/2-1/2', '0-0')),
    termination TEXT,
    draw_offer  TEXT CHECK (draw_offer IN ('white', 'black')),
    series_by   TEXT CHECK (series_by IN ('white', 'black')),
    series      TEXT,                            -- JSON array of ICCF moves still pending
    finished_on TEXT,
    created_at  TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')),
    CHECK (white <> black)
);
CREATE INDEX games_white ON games(white);
CREATE INDEX games_black ON games(black);

CREATE TABLE moves (
    game_id  INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    ply      INTEGER NOT NULL CHECK (ply >= 1),
    iccf     TEXT NOT NULL,
    san      TEXT NOT NULL,
    uci      TEXT NOT NULL,
    received TEXT NOT NULL,
    sent     TEXT NOT NULL,
    days     INTEGER NOT NULL CHECK (days >= 0),
    series   INTEGER NOT NULL DEFAULT 0,         -- 1: played automatically from a series
    PRIMARY KEY (game_id, ply)
) WITHOUT ROWID;

CREATE TABLE vacations (
    id        INTEGER PRIMARY KEY,
    user_id   INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    start     TEXT NOT NULL,
    end       TEXT NOT NULL,
    notice_on TEXT NOT NULL,
    kind      TEXT NOT NULL DEFAULT 'vacation' CHECK (kind IN ('vacation', 'special_leave')),
    CHECK (start <= end)
);
CREATE INDEX vacations_user ON vacations(user_id);

CREATE TABLE penalties (
    id      INTEGER PRIMARY KEY,
    game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    color   TEXT NOT NULL CHECK (color IN ('white', 'black')),
    days    INTEGER NOT NULL CHECK (days > 0),
    reason  TEXT NOT NULL,
    on_date TEXT NOT NULL
);

-- What a TL or the server decided, and why (API.md: result with a reason).
CREATE TABLE audit (
    id      INTEGER PRIMARY KEY,
    at      TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')),
    user_id INTEGER REFERENCES users(id),
    game_id INTEGER REFERENCES games(id),
    action  TEXT NOT NULL,
    detail  TEXT NOT NULL
);
