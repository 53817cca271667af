-- Who leads a standalone game (docs/AUTHORITY.md): the TL who made it.  A
-- tournament's games are led by the tournament's TL (tournaments.tl_id);
-- a game made before this migration has no leader, so only an admin acts
-- on it as a TL.
ALTER TABLE games ADD COLUMN led_by INTEGER REFERENCES users(id);
