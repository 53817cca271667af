-- 0042: a games row written bumps each player's list revision once, not
-- twice (issue 19's move path).  Migration 0039's trigger upserted four
-- rows at every UPDATE of games (the old and the new white and black,
-- the same two users but for a change of players), so each move bumped
-- both players' revisions twice.  A revision only has to change
-- (server/api/kept.h): the new players are bumped once, and the old ones
-- only when a player of the game changed.  The same users are bumped
-- as before, in the same transaction.
DROP TRIGGER listed_games_update;
CREATE TRIGGER listed_games_update AFTER UPDATE ON games
BEGIN
    INSERT INTO list_revs (user_id, value) VALUES (NEW.white, 1), (NEW.black, 1)
        ON CONFLICT (user_id) DO UPDATE SET value = value + 1;
END;
CREATE TRIGGER listed_games_players AFTER UPDATE OF white, black ON games
    WHEN OLD.white IS NOT NEW.white OR OLD.black IS NOT NEW.black
BEGIN
    INSERT INTO list_revs (user_id, value) VALUES (OLD.white, 1), (OLD.black, 1)
        ON CONFLICT (user_id) DO UPDATE SET value = value + 1;
END;
