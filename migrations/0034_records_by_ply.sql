-- 0034: a game's reminders and TL notices in the order a load reads them
-- (store_games.c load_records(): WHERE game_id = ? AND kind IN (...)
-- ORDER BY ply, id).  The UNIQUE index (game_id, kind, user_id, ply) made
-- SQLite build a table for the IN list and sort the rows at every load of
-- a game: every GET and every move (issue 19, issue 25).  This index
-- holds them in (ply, id) order; the kind is a filter.  The sweep writes
-- one row of it per event.
CREATE INDEX sweep_events_game_ply ON sweep_events(game_id, ply);
