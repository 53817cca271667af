-- 0005: the revision of a game (issue 8).  Every write to a game (a move,
-- a draw action, a claim, a resignation, a series cancelled, a TL result,
-- the sweep's forfeit) is an UPDATE ... WHERE id = ? AND rev = ? that
-- bumps it; a write computed from an older revision changes nothing and
-- answers 409 stale, so no write validated on a snapshot can overwrite
-- newer state.
ALTER TABLE games ADD COLUMN rev INTEGER NOT NULL DEFAULT 0 CHECK (rev >= 0);
