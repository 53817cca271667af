-- 0002: what the daily sweep found and the mail it sends (docs/SWEEP.md).

-- One row per event; the UNIQUE key makes a second sweep on the same day
-- (or any later day) find the event already there: nothing happens twice
-- (API.md "sweep").  ply: the moves made when the event was found, so a
-- reminder belongs to one pending move; 0 for adjudication (once a game).
CREATE TABLE sweep_events (
    id       INTEGER PRIMARY KEY,
    game_id  INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    kind     TEXT NOT NULL CHECK (kind IN ('reminder', 'tl_notice', 'forfeit', 'adjudication')),
    user_id  INTEGER NOT NULL REFERENCES users(id),
    ply      INTEGER NOT NULL,
    due      TEXT NOT NULL,                      -- the date the rule made it due
    found_on TEXT NOT NULL,                      -- the sweep's today
    UNIQUE (game_id, kind, user_id, ply)
);

-- Mail is written here in the same transaction as its event, then sent;
-- a mail that fails stays with its error and is tried again next sweep.
CREATE TABLE mail_outbox (
    id         INTEGER PRIMARY KEY,
    event_id   INTEGER REFERENCES sweep_events(id) ON DELETE SET NULL,
    to_addr    TEXT NOT NULL,
    subject    TEXT NOT NULL,
    body       TEXT NOT NULL,
    created_on TEXT NOT NULL,
    sent_at    TEXT,                             -- UTC timestamp, NULL until sent
    attempts   INTEGER NOT NULL DEFAULT 0,
    last_error TEXT
);
CREATE INDEX mail_outbox_unsent ON mail_outbox(id) WHERE sent_at IS NULL;
