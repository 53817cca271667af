-- 0008: mail about everything that matters (issue 13; docs/NOTIFY.md).

-- The user's mail setting and language (API.md "Calendar"), and the
-- secret keys of his calendar feed and of his one-click unsubscribe link
-- (RFC 8058).  The keys are made when first needed.
ALTER TABLE users ADD COLUMN mail TEXT NOT NULL DEFAULT 'each'
    CHECK (mail IN ('each', 'digest', 'off'));
ALTER TABLE users ADD COLUMN language TEXT NOT NULL DEFAULT 'en'
    CHECK (language IN ('da', 'en'));
ALTER TABLE users ADD COLUMN calendar_key TEXT;     -- 32 hex digits
ALTER TABLE users ADD COLUMN unsubscribe_key TEXT;  -- 32 hex digits
CREATE UNIQUE INDEX users_calendar_key ON users(calendar_key) WHERE calendar_key IS NOT NULL;
CREATE UNIQUE INDEX users_unsubscribe_key ON users(unsubscribe_key)
    WHERE unsubscribe_key IS NOT NULL;

-- The outbox for more than one sender (the daemon's thread, the sweep):
-- a sender claims a row for a while before it sends it, so two senders
-- never send the same mail; the Message-ID is fixed when the mail is
-- queued, so a mail sent again after a crash between send and mark is
-- the same message to the receiving side.
ALTER TABLE mail_outbox ADD COLUMN message_id TEXT;
ALTER TABLE mail_outbox ADD COLUMN kind TEXT;          -- notify_kind_name(); NULL: the sweep's
ALTER TABLE mail_outbox ADD COLUMN user_id INTEGER REFERENCES users(id) ON DELETE SET NULL;
ALTER TABLE mail_outbox ADD COLUMN unsubscribe TEXT;   -- List-Unsubscribe URL; NULL: cannot be turned off
ALTER TABLE mail_outbox ADD COLUMN claimed_until INTEGER;          -- unix seconds
ALTER TABLE mail_outbox ADD COLUMN next_try INTEGER NOT NULL DEFAULT 0; -- unix seconds (backoff)
UPDATE mail_outbox SET message_id = '<corrchess.' || id || '.' || lower(hex(randomblob(8)))
    || '@localhost>' WHERE message_id IS NULL;
CREATE INDEX mail_outbox_due ON mail_outbox(next_try, id) WHERE sent_at IS NULL;

-- Texts waiting for a user's daily digest (lib/notify notify_section()).
CREATE TABLE digest_items (
    id         INTEGER PRIMARY KEY,
    user_id    INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    heading    TEXT NOT NULL,
    body       TEXT NOT NULL,
    created_on TEXT NOT NULL,
    outbox_id  INTEGER REFERENCES mail_outbox(id) ON DELETE SET NULL  -- NULL: still waiting
);
CREATE INDEX digest_items_waiting ON digest_items(user_id, id) WHERE outbox_id IS NULL;

-- Mail sent once per occasion: the time-trouble alarm once per game,
-- player and control (key = the control's move number).
CREATE TABLE notify_once (
    game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    kind    TEXT NOT NULL,
    key     INTEGER NOT NULL,
    sent_on TEXT NOT NULL,
    PRIMARY KEY (game_id, user_id, kind, key)
) WITHOUT ROWID;

-- A mail queued without a Message-ID (by code that does not know the
-- column) gets one at once, so it too is the same message when sent
-- again.
CREATE TRIGGER mail_outbox_message_id AFTER INSERT ON mail_outbox
    WHEN NEW.message_id IS NULL
BEGIN
    UPDATE mail_outbox SET message_id = '<corrchess.' || lower(hex(randomblob(16)))
        || '@localhost>' WHERE id = NEW.id;
END;
