-- 0041: a game's GET kept by revision (issue 25; server/api/game_json.c,
-- store_games_shown()).  The GAME shows both players' vacations (their
-- stops, DSU 6.3.6), so a vacation written, changed or removed bumps its
-- player's list revision (migration 0039's list_revs), which keys his
-- games' GETs (and his game list: one miss more, never a stale answer).
-- Vacations are rare writes; the trigger costs nothing on the move path.
CREATE TRIGGER game_shown_vacations_insert AFTER INSERT ON vacations
BEGIN
    INSERT INTO list_revs (user_id, value) VALUES (NEW.user_id, 1)
        ON CONFLICT (user_id) DO UPDATE SET value = value + 1;
END;
CREATE TRIGGER game_shown_vacations_update AFTER UPDATE ON vacations
BEGIN
    INSERT INTO list_revs (user_id, value) VALUES (OLD.user_id, 1), (NEW.user_id, 1)
        ON CONFLICT (user_id) DO UPDATE SET value = value + 1;
END;
CREATE TRIGGER game_shown_vacations_delete AFTER DELETE ON vacations
BEGIN
    INSERT INTO list_revs (user_id, value) VALUES (OLD.user_id, 1)
        ON CONFLICT (user_id) DO UPDATE SET value = value + 1;
END;

-- A TL's penalty and a notice of a longer think are records the GAME
-- shows.  The daemon writes them with an UPDATE of the games row (a rules
-- delta, store_games_write(), whose trigger bumps both players); these
-- triggers follow a write by any other path too.  Rare writes.
CREATE TRIGGER game_shown_penalties_insert AFTER INSERT ON penalties
BEGIN
    INSERT INTO list_revs (user_id, value)
        SELECT white, 1 FROM games WHERE id = NEW.game_id
        UNION ALL SELECT black, 1 FROM games WHERE id = NEW.game_id
        ON CONFLICT (user_id) DO UPDATE SET value = value + 1;
END;
CREATE TRIGGER game_shown_penalties_change AFTER UPDATE ON penalties
BEGIN
    INSERT INTO list_revs (user_id, value)
        SELECT white, 1 FROM games WHERE id = OLD.game_id
        UNION ALL SELECT black, 1 FROM games WHERE id = OLD.game_id
        ON CONFLICT (user_id) DO UPDATE SET value = value + 1;
END;
CREATE TRIGGER game_shown_penalties_delete AFTER DELETE ON penalties
BEGIN
    INSERT INTO list_revs (user_id, value)
        SELECT white, 1 FROM games WHERE id = OLD.game_id
        UNION ALL SELECT black, 1 FROM games WHERE id = OLD.game_id
        ON CONFLICT (user_id) DO UPDATE SET value = value + 1;
END;
CREATE TRIGGER game_shown_notices_insert AFTER INSERT ON notices
BEGIN
    INSERT INTO list_revs (user_id, value)
        SELECT white, 1 FROM games WHERE id = NEW.game_id
        UNION ALL SELECT black, 1 FROM games WHERE id = NEW.game_id
        ON CONFLICT (user_id) DO UPDATE SET value = value + 1;
END;
CREATE TRIGGER game_shown_notices_change AFTER UPDATE ON notices
BEGIN
    INSERT INTO list_revs (user_id, value)
        SELECT white, 1 FROM games WHERE id = OLD.game_id
        UNION ALL SELECT black, 1 FROM games WHERE id = OLD.game_id
        ON CONFLICT (user_id) DO UPDATE SET value = value + 1;
END;
CREATE TRIGGER game_shown_notices_delete AFTER DELETE ON notices
BEGIN
    INSERT INTO list_revs (user_id, value)
        SELECT white, 1 FROM games WHERE id = OLD.game_id
        UNION ALL SELECT black, 1 FROM games WHERE id = OLD.game_id
        ON CONFLICT (user_id) DO UPDATE SET value = value + 1;
END;
