-- 0039: a revision of what a player's game list shows (issue 25).
-- GET /games?player=P&view=summary is kept by (P, the page's arguments,
-- today, this revision) (server/api/api_games.c, server/api/kept.h).
-- The revision is two numbers, both bumped by triggers in the transaction
-- of the write, so a read that sees the write sees the new revision:
--   list_revs(P): every write of a row of one of P's games that the
--     summary shows: the games row (any column: players, state, result,
--     draw offer, position, revision), a stored move changed or removed
--     (a move is only ever added with an UPDATE of its games row, which
--     bumps it: store_games_write()), and the forfeit date (game_deadlines
--     kind 2, which vacations and penalties move without touching games);
--   counters 'games_listed': a user's name or role (shown in every list
--     of his opponents; rare), starting at a random value so that two
--     databases opened by one process never share a revision.
-- A move costs two of these rows and the forfeit date's two more: the
-- price of a list answered from memory (docs/BENCHMARKS.md).
CREATE TABLE list_revs (
    user_id INTEGER PRIMARY KEY,
    value   INTEGER NOT NULL
);
INSERT INTO counters (name, value) VALUES ('games_listed', abs(random() >> 2));

CREATE TRIGGER listed_games_insert AFTER INSERT ON games
BEGIN
    INSERT INTO list_revs (user_id, value) VALUES (NEW.white, 1), (NEW.black, 1)
        ON CONFLICT (user_id) DO UPDATE SET value = value + 1;
END;
CREATE TRIGGER listed_games_update AFTER UPDATE ON games
BEGIN
    INSERT INTO list_revs (user_id, value)
        VALUES (OLD.white, 1), (OLD.black, 1), (NEW.white, 1), (NEW.black, 1)
        ON CONFLICT (user_id) DO UPDATE SET value = value + 1;
END;
CREATE TRIGGER listed_games_delete AFTER DELETE ON games
BEGIN
    INSERT INTO list_revs (user_id, value) VALUES (OLD.white, 1), (OLD.black, 1)
        ON CONFLICT (user_id) DO UPDATE SET value = value + 1;
END;
CREATE TRIGGER listed_moves_update AFTER UPDATE ON moves
BEGIN
    INSERT INTO list_revs (user_id, value)
        SELECT white, 1 FROM games WHERE id = NEW.game_id
        UNION ALL SELECT black, 1 FROM games WHERE id = NEW.game_id
        ON CONFLICT (user_id) DO UPDATE SET value = value + 1;
END;
CREATE TRIGGER listed_moves_delete AFTER DELETE ON moves
BEGIN
    INSERT INTO list_revs (user_id, value)
        SELECT white, 1 FROM games WHERE id = OLD.game_id
        UNION ALL SELECT black, 1 FROM games WHERE id = OLD.game_id
        ON CONFLICT (user_id) DO UPDATE SET value = value + 1;
END;
CREATE TRIGGER listed_forfeit_insert AFTER INSERT ON game_deadlines WHEN NEW.kind = 2
BEGIN
    INSERT INTO list_revs (user_id, value)
        SELECT white, 1 FROM games WHERE id = NEW.game_id
        UNION ALL SELECT black, 1 FROM games WHERE id = NEW.game_id
        ON CONFLICT (user_id) DO UPDATE SET value = value + 1;
END;
CREATE TRIGGER listed_forfeit_update AFTER UPDATE ON game_deadlines
    WHEN NEW.kind = 2 OR OLD.kind = 2
BEGIN
    INSERT INTO list_revs (user_id, value)
        SELECT white, 1 FROM games WHERE id = NEW.game_id
        UNION ALL SELECT black, 1 FROM games WHERE id = NEW.game_id
        ON CONFLICT (user_id) DO UPDATE SET value = value + 1;
END;
CREATE TRIGGER listed_forfeit_delete AFTER DELETE ON game_deadlines WHEN OLD.kind = 2
BEGIN
    INSERT INTO list_revs (user_id, value)
        SELECT white, 1 FROM games WHERE id = OLD.game_id
        UNION ALL SELECT black, 1 FROM games WHERE id = OLD.game_id
        ON CONFLICT (user_id) DO UPDATE SET value = value + 1;
END;
CREATE TRIGGER listed_users_update AFTER UPDATE OF name, role ON users
BEGIN
    UPDATE counters SET value = value + 1 WHERE name = 'games_listed';
END;
