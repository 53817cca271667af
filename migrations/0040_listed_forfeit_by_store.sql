-- 0040: the forfeit date's part of migration 0039's list revisions moves
-- from triggers on game_deadlines to its one writer (issue 19's move
-- path).  A trigger on game_deadlines made every write of that table (four
-- or five a move, of every kind) run a trigger program and a statement
-- journal: callgrind counted 514,261 instructions a move request before
-- 0039 and 628,678 after, 96,000 of the rise in store_deadlines_set()
-- (docs/BENCHMARKS.md).  store_deadlines_set() (server/store/
-- store_deadlines.c), the only code that writes game_deadlines after the
-- migrations, now bumps both players' list revisions itself, in the same
-- transaction, when it writes a forfeit row (kind 2).  The triggers on
-- games, moves and users stay.
DROP TRIGGER listed_forfeit_insert;
DROP TRIGGER listed_forfeit_update;
DROP TRIGGER listed_forfeit_delete;
