-- 0032: a revision of what GET /tournaments/{id} shows (issue 25).
-- The TOURNAMENT answer is cached by (id, this revision)
-- (server/api/tournament_json.c); every write to a row it shows bumps it,
-- here in the same transaction as the write, so a read that sees the
-- write sees the new revision.  One revision for all tournaments, not one
-- each: a cup group shows its sibling groups' rows, a player's rating is
-- shown in every tournament he plays, a renamed user everywhere; a write
-- anywhere among these rows makes every cached TOURNAMENT a miss, which
-- is rare (a game's end, an entry, a decision), never a stale answer.
-- The move path is untouched: a move's UPDATE of games changes none of
-- the columns the games trigger watches.  It starts at a random value so
-- that two databases opened by one process never share a revision.
INSERT INTO counters (name, value) VALUES ('tournaments_shown', abs(random() >> 2));

CREATE TRIGGER shown_tournaments_insert AFTER INSERT ON tournaments
BEGIN
    UPDATE counters SET value = value + 1 WHERE name = 'tournaments_shown';
END;
CREATE TRIGGER shown_tournaments_update AFTER UPDATE ON tournaments
BEGIN
    UPDATE counters SET value = value + 1 WHERE name = 'tournaments_shown';
END;
CREATE TRIGGER shown_tournaments_delete AFTER DELETE ON tournaments
BEGIN
    UPDATE counters SET value = value + 1 WHERE name = 'tournaments_shown';
END;
CREATE TRIGGER shown_tournament_players_insert AFTER INSERT ON tournament_players
BEGIN
    UPDATE counters SET value = value + 1 WHERE name = 'tournaments_shown';
END;
CREATE TRIGGER shown_tournament_players_update AFTER UPDATE ON tournament_players
BEGIN
    UPDATE counters SET value = value + 1 WHERE name = 'tournaments_shown';
END;
CREATE TRIGGER shown_tournament_players_delete AFTER DELETE ON tournament_players
BEGIN
    UPDATE counters SET value = value + 1 WHERE name = 'tournaments_shown';
END;
CREATE TRIGGER shown_users_insert AFTER INSERT ON users
BEGIN
    UPDATE counters SET value = value + 1 WHERE name = 'tournaments_shown';
END;
CREATE TRIGGER shown_users_update AFTER UPDATE ON users
BEGIN
    UPDATE counters SET value = value + 1 WHERE name = 'tournaments_shown';
END;
CREATE TRIGGER shown_users_delete AFTER DELETE ON users
BEGIN
    UPDATE counters SET value = value + 1 WHERE name = 'tournaments_shown';
END;
CREATE TRIGGER shown_withdrawals_insert AFTER INSERT ON withdrawals
BEGIN
    UPDATE counters SET value = value + 1 WHERE name = 'tournaments_shown';
END;
CREATE TRIGGER shown_withdrawals_update AFTER UPDATE ON withdrawals
BEGIN
    UPDATE counters SET value = value + 1 WHERE name = 'tournaments_shown';
END;
CREATE TRIGGER shown_withdrawals_delete AFTER DELETE ON withdrawals
BEGIN
    UPDATE counters SET value = value + 1 WHERE name = 'tournaments_shown';
END;
CREATE TRIGGER shown_tl_decisions_insert AFTER INSERT ON tl_decisions
BEGIN
    UPDATE counters SET value = value + 1 WHERE name = 'tournaments_shown';
END;
CREATE TRIGGER shown_tl_decisions_update AFTER UPDATE ON tl_decisions
BEGIN
    UPDATE counters SET value = value + 1 WHERE name = 'tournaments_shown';
END;
CREATE TRIGGER shown_tl_decisions_delete AFTER DELETE ON tl_decisions
BEGIN
    UPDATE counters SET value = value + 1 WHERE name = 'tournaments_shown';
END;
CREATE TRIGGER shown_appeals_insert AFTER INSERT ON appeals
BEGIN
    UPDATE counters SET value = value + 1 WHERE name = 'tournaments_shown';
END;
CREATE TRIGGER shown_appeals_update AFTER UPDATE ON appeals
BEGIN
    UPDATE counters SET value = value + 1 WHERE name = 'tournaments_shown';
END;
CREATE TRIGGER shown_appeals_delete AFTER DELETE ON appeals
BEGIN
    UPDATE counters SET value = value + 1 WHERE name = 'tournaments_shown';
END;
CREATE TRIGGER shown_editions_insert AFTER INSERT ON editions
BEGIN
    UPDATE counters SET value = value + 1 WHERE name = 'tournaments_shown';
END;
CREATE TRIGGER shown_editions_update AFTER UPDATE ON editions
BEGIN
    UPDATE counters SET value = value + 1 WHERE name = 'tournaments_shown';
END;
CREATE TRIGGER shown_editions_delete AFTER DELETE ON editions
BEGIN
    UPDATE counters SET value = value + 1 WHERE name = 'tournaments_shown';
END;
CREATE TRIGGER shown_team_captains_insert AFTER INSERT ON team_captains
BEGIN
    UPDATE counters SET value = value + 1 WHERE name = 'tournaments_shown';
END;
CREATE TRIGGER shown_team_captains_update AFTER UPDATE ON team_captains
BEGIN
    UPDATE counters SET value = value + 1 WHERE name = 'tournaments_shown';
END;
CREATE TRIGGER shown_team_captains_delete AFTER DELETE ON team_captains
BEGIN
    UPDATE counters SET value = value + 1 WHERE name = 'tournaments_shown';
END;
CREATE TRIGGER shown_team_reserves_insert AFTER INSERT ON team_reserves
BEGIN
    UPDATE counters SET value = value + 1 WHERE name = 'tournaments_shown';
END;
CREATE TRIGGER shown_team_reserves_update AFTER UPDATE ON team_reserves
BEGIN
    UPDATE counters SET value = value + 1 WHERE name = 'tournaments_shown';
END;
CREATE TRIGGER shown_team_reserves_delete AFTER DELETE ON team_reserves
BEGIN
    UPDATE counters SET value = value + 1 WHERE name = 'tournaments_shown';
END;
CREATE TRIGGER shown_playoffs_insert AFTER INSERT ON playoffs
BEGIN
    UPDATE counters SET value = value + 1 WHERE name = 'tournaments_shown';
END;
CREATE TRIGGER shown_playoffs_update AFTER UPDATE ON playoffs
BEGIN
    UPDATE counters SET value = value + 1 WHERE name = 'tournaments_shown';
END;
CREATE TRIGGER shown_playoffs_delete AFTER DELETE ON playoffs
BEGIN
    UPDATE counters SET value = value + 1 WHERE name = 'tournaments_shown';
END;
CREATE TRIGGER shown_playoff_games_insert AFTER INSERT ON playoff_games
BEGIN
    UPDATE counters SET value = value + 1 WHERE name = 'tournaments_shown';
END;
CREATE TRIGGER shown_playoff_games_update AFTER UPDATE ON playoff_games
BEGIN
    UPDATE counters SET value = value + 1 WHERE name = 'tournaments_shown';
END;
CREATE TRIGGER shown_playoff_games_delete AFTER DELETE ON playoff_games
BEGIN
    UPDATE counters SET value = value + 1 WHERE name = 'tournaments_shown';
END;
CREATE TRIGGER shown_entries_insert AFTER INSERT ON entries
BEGIN
    UPDATE counters SET value = value + 1 WHERE name = 'tournaments_shown';
END;
CREATE TRIGGER shown_entries_update AFTER UPDATE ON entries
BEGIN
    UPDATE counters SET value = value + 1 WHERE name = 'tournaments_shown';
END;
CREATE TRIGGER shown_entries_delete AFTER DELETE ON entries
BEGIN
    UPDATE counters SET value = value + 1 WHERE name = 'tournaments_shown';
END;
CREATE TRIGGER shown_granted_rights_insert AFTER INSERT ON granted_rights
BEGIN
    UPDATE counters SET value = value + 1 WHERE name = 'tournaments_shown';
END;
CREATE TRIGGER shown_granted_rights_update AFTER UPDATE ON granted_rights
BEGIN
    UPDATE counters SET value = value + 1 WHERE name = 'tournaments_shown';
END;
CREATE TRIGGER shown_granted_rights_delete AFTER DELETE ON granted_rights
BEGIN
    UPDATE counters SET value = value + 1 WHERE name = 'tournaments_shown';
END;
CREATE TRIGGER shown_class_settings_insert AFTER INSERT ON class_settings
BEGIN
    UPDATE counters SET value = value + 1 WHERE name = 'tournaments_shown';
END;
CREATE TRIGGER shown_class_settings_update AFTER UPDATE ON class_settings
BEGIN
    UPDATE counters SET value = value + 1 WHERE name = 'tournaments_shown';
END;
CREATE TRIGGER shown_class_settings_delete AFTER DELETE ON class_settings
BEGIN
    UPDATE counters SET value = value + 1 WHERE name = 'tournaments_shown';
END;
CREATE TRIGGER shown_penalties_insert AFTER INSERT ON penalties
BEGIN
    UPDATE counters SET value = value + 1 WHERE name = 'tournaments_shown';
END;
CREATE TRIGGER shown_penalties_update AFTER UPDATE ON penalties
BEGIN
    UPDATE counters SET value = value + 1 WHERE name = 'tournaments_shown';
END;
CREATE TRIGGER shown_penalties_delete AFTER DELETE ON penalties
BEGIN
    UPDATE counters SET value = value + 1 WHERE name = 'tournaments_shown';
END;
CREATE TRIGGER shown_rating_steps_insert AFTER INSERT ON rating_steps
BEGIN
    UPDATE counters SET value = value + 1 WHERE name = 'tournaments_shown';
END;
CREATE TRIGGER shown_rating_steps_update AFTER UPDATE ON rating_steps
BEGIN
    UPDATE counters SET value = value + 1 WHERE name = 'tournaments_shown';
END;
CREATE TRIGGER shown_rating_steps_delete AFTER DELETE ON rating_steps
BEGIN
    UPDATE counters SET value = value + 1 WHERE name = 'tournaments_shown';
END;
CREATE TRIGGER shown_rating_adjustments_insert AFTER INSERT ON rating_adjustments
BEGIN
    UPDATE counters SET value = value + 1 WHERE name = 'tournaments_shown';
END;
CREATE TRIGGER shown_rating_adjustments_update AFTER UPDATE ON rating_adjustments
BEGIN
    UPDATE counters SET value = value + 1 WHERE name = 'tournaments_shown';
END;
CREATE TRIGGER shown_rating_adjustments_delete AFTER DELETE ON rating_adjustments
BEGIN
    UPDATE counters SET value = value + 1 WHERE name = 'tournaments_shown';
END;
CREATE TRIGGER shown_rating_groups_insert AFTER INSERT ON rating_groups
BEGIN
    UPDATE counters SET value = value + 1 WHERE name = 'tournaments_shown';
END;
CREATE TRIGGER shown_rating_groups_update AFTER UPDATE ON rating_groups
BEGIN
    UPDATE counters SET value = value + 1 WHERE name = 'tournaments_shown';
END;
CREATE TRIGGER shown_rating_groups_delete AFTER DELETE ON rating_groups
BEGIN
    UPDATE counters SET value = value + 1 WHERE name = 'tournaments_shown';
END;
CREATE TRIGGER shown_rating_dirty_insert AFTER INSERT ON rating_dirty
BEGIN
    UPDATE counters SET value = value + 1 WHERE name = 'tournaments_shown';
END;
CREATE TRIGGER shown_rating_dirty_update AFTER UPDATE ON rating_dirty
BEGIN
    UPDATE counters SET value = value + 1 WHERE name = 'tournaments_shown';
END;
CREATE TRIGGER shown_rating_dirty_delete AFTER DELETE ON rating_dirty
BEGIN
    UPDATE counters SET value = value + 1 WHERE name = 'tournaments_shown';
END;
CREATE TRIGGER shown_rating_coordinations_insert AFTER INSERT ON rating_coordinations
BEGIN
    UPDATE counters SET value = value + 1 WHERE name = 'tournaments_shown';
END;
CREATE TRIGGER shown_rating_coordinations_update AFTER UPDATE ON rating_coordinations
BEGIN
    UPDATE counters SET value = value + 1 WHERE name = 'tournaments_shown';
END;
CREATE TRIGGER shown_rating_coordinations_delete AFTER DELETE ON rating_coordinations
BEGIN
    UPDATE counters SET value = value + 1 WHERE name = 'tournaments_shown';
END;
CREATE TRIGGER shown_rating_coordination_players_insert AFTER INSERT ON rating_coordination_players
BEGIN
    UPDATE counters SET value = value + 1 WHERE name = 'tournaments_shown';
END;
CREATE TRIGGER shown_rating_coordination_players_update AFTER UPDATE ON rating_coordination_players
BEGIN
    UPDATE counters SET value = value + 1 WHERE name = 'tournaments_shown';
END;
CREATE TRIGGER shown_rating_coordination_players_delete AFTER DELETE ON rating_coordination_players
BEGIN
    UPDATE counters SET value = value + 1 WHERE name = 'tournaments_shown';
END;
-- foreign results (migration 0030, DSU 4.5.4.3): they enter a player's
-- current rating, shown in every tournament he plays
CREATE TRIGGER shown_rating_foreign_insert AFTER INSERT ON rating_foreign
BEGIN
    UPDATE counters SET value = value + 1 WHERE name = 'tournaments_shown';
END;
CREATE TRIGGER shown_rating_foreign_update AFTER UPDATE ON rating_foreign
BEGIN
    UPDATE counters SET value = value + 1 WHERE name = 'tournaments_shown';
END;
CREATE TRIGGER shown_rating_foreign_delete AFTER DELETE ON rating_foreign
BEGIN
    UPDATE counters SET value = value + 1 WHERE name = 'tournaments_shown';
END;
CREATE TRIGGER shown_rating_foreign_games_insert AFTER INSERT ON rating_foreign_games
BEGIN
    UPDATE counters SET value = value + 1 WHERE name = 'tournaments_shown';
END;
CREATE TRIGGER shown_rating_foreign_games_update AFTER UPDATE ON rating_foreign_games
BEGIN
    UPDATE counters SET value = value + 1 WHERE name = 'tournaments_shown';
END;
CREATE TRIGGER shown_rating_foreign_games_delete AFTER DELETE ON rating_foreign_games
BEGIN
    UPDATE counters SET value = value + 1 WHERE name = 'tournaments_shown';
END;
-- a tournament's games: what its table reads (store_tournaments_games())
CREATE TRIGGER shown_games_insert AFTER INSERT ON games WHEN NEW.tournament_id IS NOT NULL
BEGIN
    UPDATE counters SET value = value + 1 WHERE name = 'tournaments_shown';
END;
CREATE TRIGGER shown_games_delete AFTER DELETE ON games WHEN OLD.tournament_id IS NOT NULL
BEGIN
    UPDATE counters SET value = value + 1 WHERE name = 'tournaments_shown';
END;
CREATE TRIGGER shown_games_update AFTER UPDATE ON games
    WHEN (OLD.tournament_id IS NOT NULL OR NEW.tournament_id IS NOT NULL)
    AND (OLD.tournament_id IS NOT NEW.tournament_id OR OLD.white IS NOT NEW.white OR OLD.black IS NOT NEW.black OR OLD.result IS NOT NEW.result OR OLD.status IS NOT NEW.status OR OLD.finished_on IS NOT NEW.finished_on)
BEGIN
    UPDATE counters SET value = value + 1 WHERE name = 'tournaments_shown';
END;
