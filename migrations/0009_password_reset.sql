-- issue 10: one-time links to set a new password (API.md "Operations":
-- POST /api/v1/password-reset, /api/v1/password-reset/confirm).  Only the
-- BLAKE2b-256 hash of a token is kept, as for sessions: a stolen database
-- opens no reset.
CREATE TABLE password_resets (
    token_hash BLOB PRIMARY KEY,
    user_id    INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    created_at INTEGER NOT NULL,   -- unix seconds
    expires_at INTEGER NOT NULL,   -- unix seconds
    used_at    INTEGER             -- NULL until the link is used (once)
);
CREATE INDEX password_resets_user ON password_resets(user_id);
