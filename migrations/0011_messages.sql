-- 0011: game messages (issue 14).  A player's note to his opponent sent
-- with a move or another action (Xfcc myMessage); shown to the opponent
-- (XfccGame message, GET /api/v1/games/{id}/messages).
CREATE TABLE messages (
    id      INTEGER PRIMARY KEY,
    game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    user_id INTEGER NOT NULL REFERENCES users(id),
    ply     INTEGER NOT NULL CHECK (ply >= 0),   -- the game's moves when it was sent
    on_date TEXT NOT NULL,                       -- the server's "today", YYYY-MM-DD
    via     TEXT NOT NULL DEFAULT 'xfcc',
    text    TEXT NOT NULL CHECK (length(text) BETWEEN 1 AND 2000),
    at      TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))
);
CREATE INDEX messages_game ON messages(game_id, id);
