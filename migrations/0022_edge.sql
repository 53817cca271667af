-- Issue 20, the edge.
-- A session's order of creation, so the 51st sign-in of a user ends the
-- oldest (store_sessions_create()); sessions from before count as oldest.
ALTER TABLE sessions ADD COLUMN created_seq INTEGER NOT NULL DEFAULT 0;
CREATE INDEX sessions_user_seq ON sessions(user_id, created_seq);

-- A mail the relay refused for good (an SMTP 5xx reply: a bad address):
-- it is not tried again, and `corrchess mail-status` and /metrics show it.
ALTER TABLE mail_outbox ADD COLUMN refused_at TEXT;   -- UTC timestamp, NULL: not refused
