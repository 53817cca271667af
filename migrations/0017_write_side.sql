-- 0017: the write side of issue 25 (docs/SCALING.md, docs/NOTIFY.md).

-- A game's penalties read on its index (store_games_load() reads them at
-- every load), not by a pass over the whole table.
CREATE INDEX penalties_game ON penalties(game_id, on_date, id);

-- Counters kept by triggers, so a figure is one row read, not a count(*)
-- over the games (the sweep's summary).  The move path does not touch
-- them: a move leaves games.status alone.
CREATE TABLE counters (
    name  TEXT PRIMARY KEY,
    value INTEGER NOT NULL
) WITHOUT ROWID;
INSERT INTO counters (name, value)
    SELECT 'active_games', count(*) FROM games WHERE status = 'active';
CREATE TRIGGER counters_game_new AFTER INSERT ON games WHEN NEW.status = 'active'
BEGIN
    UPDATE counters SET value = value + 1 WHERE name = 'active_games';
END;
CREATE TRIGGER counters_game_gone AFTER DELETE ON games WHEN OLD.status = 'active'
BEGIN
    UPDATE counters SET value = value - 1 WHERE name = 'active_games';
END;
CREATE TRIGGER counters_game_status AFTER UPDATE OF status ON games
    WHEN OLD.status IS NOT NEW.status
BEGIN
    UPDATE counters SET value = value + (NEW.status = 'active') - (OLD.status = 'active')
        WHERE name = 'active_games';
END;

-- Sent mail keeps its row for the record (to whom, what, when, its
-- Message-ID) but not its body past the retention (mail_retention_days,
-- default 30): purged_on is the day the body was dropped.
ALTER TABLE mail_outbox ADD COLUMN purged_on TEXT;
CREATE INDEX mail_outbox_sent ON mail_outbox(sent_at) WHERE sent_at IS NOT NULL
    AND purged_on IS NULL;
