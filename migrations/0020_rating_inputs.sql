-- 0020: what the rating needs to know of a result and of a newcomer
-- (issue 21; docs/RATING.md "On the server", lib/rating/rating_input.h).
--
-- result_how: how a finished game's result came about (GAME result_how):
-- 'played' on the board (a move, a claim, the sweep), or a TL's
-- 'reported' (the players' report of a game played, DSU 6.2.6, 6.8.9),
-- 'adjudicated' (6.2.7) or 'scored' (unplayed, 6.2.8).  Reported and
-- adjudicated results are rated, scored ones count in the standings only.
-- played_result: a game 6.2.8 scored after it had finished keeps the
-- result as played for the rating (4.5.4.2 "Alle spillede partier
-- rates"; '1-0' '0-1' '1/2-1/2', or '+-' '-+' for a no-show).
ALTER TABLE games ADD COLUMN result_how TEXT
    CHECK (result_how IN ('played', 'reported', 'adjudicated', 'scored'));
ALTER TABLE games ADD COLUMN played_result TEXT
    CHECK (played_result IN ('1-0', '0-1', '1/2-1/2', '+-', '-+'));

-- The games finished before: the rating read them by their moves and
-- termination, and the same reading names them now (a TL result without
-- a move was not rated: scored; with moves: adjudicated).
UPDATE games SET result_how = CASE
        WHEN termination = 'adjudication'
             AND NOT EXISTS (SELECT 1 FROM moves m WHERE m.game_id = games.id) THEN 'scored'
        WHEN termination = 'adjudication' THEN 'adjudicated'
        ELSE 'played' END
 WHERE status = 'finished';

-- A foreign player (DSU 4.5.5.2): only he gets a performance rating when
-- he has no rating at all; a Danish newcomer starts from an entry rating
-- (4.5.5.1).
ALTER TABLE users ADD COLUMN foreign_player INTEGER NOT NULL DEFAULT 0
    CHECK (foreign_player IN (0, 1));

-- The rating follows result_how and played_result as it follows the
-- result: the trigger of 0006 again, with them.
DROP TRIGGER rating_game_changed;
CREATE TRIGGER rating_game_changed
AFTER UPDATE OF status, result, result_how, played_result ON games
WHEN NEW.tournament_id IS NOT NULL AND NEW.status = 'finished'
     AND (OLD.status IS NOT NEW.status OR OLD.result IS NOT NEW.result
          OR OLD.result_how IS NOT NEW.result_how
          OR OLD.played_result IS NOT NEW.played_result)
BEGIN
    UPDATE rating_dirty
       SET from_seq = (SELECT seq FROM rating_groups WHERE tournament_id = NEW.tournament_id)
     WHERE id = 1
       AND EXISTS (SELECT 1 FROM rating_groups WHERE tournament_id = NEW.tournament_id)
       AND (from_seq IS NULL
            OR from_seq > (SELECT seq FROM rating_groups WHERE tournament_id = NEW.tournament_id));
    INSERT INTO rating_groups (tournament_id, seq, finished_on)
    SELECT NEW.tournament_id, COALESCE((SELECT max(seq) FROM rating_groups), 0) + 1,
           COALESCE(NEW.finished_on, date('now'))
     WHERE NOT EXISTS (SELECT 1 FROM rating_groups WHERE tournament_id = NEW.tournament_id)
       AND NOT EXISTS (SELECT 1 FROM games
                        WHERE tournament_id = NEW.tournament_id AND status <> 'finished');
END;

-- ... and a newcomer's foreign flag as his start and OTB ratings.
DROP TRIGGER rating_user_changed;
CREATE TRIGGER rating_user_changed AFTER UPDATE OF rating_start, otb_rating, foreign_player ON users
WHEN OLD.rating_start IS NOT NEW.rating_start OR OLD.otb_rating IS NOT NEW.otb_rating
     OR OLD.foreign_player IS NOT NEW.foreign_player
BEGIN
    UPDATE rating_dirty
       SET from_seq = (SELECT min(g.seq) FROM rating_groups g
                         JOIN tournament_players tp ON tp.tournament_id = g.tournament_id
                        WHERE tp.user_id = NEW.id)
     WHERE id = 1
       AND (SELECT min(g.seq) FROM rating_groups g
              JOIN tournament_players tp ON tp.tournament_id = g.tournament_id
             WHERE tp.user_id = NEW.id) IS NOT NULL
       AND (from_seq IS NULL
            OR from_seq > (SELECT min(g.seq) FROM rating_groups g
                             JOIN tournament_players tp ON tp.tournament_id = g.tournament_id
                            WHERE tp.user_id = NEW.id));
END;
