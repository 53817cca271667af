-- 0024: the read side of issue 25 (docs/BENCHMARKS.md "Reads").
-- A tournament's games as its table reads them (svc_tournament_load():
-- id, players, result, end), from the index alone: the 1,225 games of a
-- 50-player round robin were 1,225 lookups of the games rows (each with
-- its FEN and series) after the index.  The move path does not touch it:
-- a move's UPDATE sets none of its columns.
CREATE INDEX games_tournament_table ON games(tournament_id, id, white, black, result, finished_on)
    WHERE tournament_id IS NOT NULL;
DROP INDEX games_tournament;
