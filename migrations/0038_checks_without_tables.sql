-- 0038: the CHECKs of the two tables the sweep and a game's end write,
-- without a temporary table at every row (issue 25).
--
-- SQLite evaluates `kind IN ('reminder', 'tl_notice', ...)` of a CHECK by
-- building a temporary b-tree of the list (EXPLAIN: OpenEphemeral and one
-- IdxInsert a value) at every INSERT into sweep_events: half the cost of
-- the sweep's insert of an event, 10,000 times in a sweep of 10,000 due.
-- A game's end (the UPDATE of all of its columns) built five of them.
-- The same test written as `x = 'a' OR x = 'b'` is a few comparisons.
-- Both forms accept and refuse the same values, NULL included (NULL = 'a'
-- is NULL, and a CHECK that is NULL passes, as the IN list's NULL did),
-- so no row on disk changes meaning, and the tables are not rebuilt: the
-- text of the CHECK is replaced in sqlite_schema, which SQLite documents
-- as safe for a change that leaves the stored format alone
-- (sqlite.org/lang_altertable.html, "Making Other Kinds Of Table Schema
-- Changes").  RESET makes this connection read the new text; the CREATE
-- and DROP at the end change the schema cookie, so every other connection
-- reads it too.  A replace() that does
-- not match (a table edited by hand) changes nothing: the old CHECK stays.
PRAGMA writable_schema = ON;
UPDATE sqlite_schema SET sql = replace(sql,
    'CHECK (kind IN (''reminder'', ''tl_notice'', ''forfeit'', ''adjudication''))',
    'CHECK (kind = ''reminder'' OR kind = ''tl_notice'' OR kind = ''forfeit'' OR kind = ''adjudication'')')
 WHERE type = 'table' AND name = 'sweep_events';
UPDATE sqlite_schema SET sql = replace(replace(replace(replace(replace(replace(sql,
    'CHECK (status IN (''active'', ''finished''))',
    'CHECK (status = ''active'' OR status = ''finished'')'),
    'CHECK (result IN (''*'', ''1-0'', ''0-1'', ''1/2-1/2'', ''0-0''))',
    'CHECK (result = ''*'' OR result = ''1-0'' OR result = ''0-1'' OR result = ''1/2-1/2'' OR result = ''0-0'')'),
    'CHECK (draw_offer IN (''white'', ''black''))',
    'CHECK (draw_offer = ''white'' OR draw_offer = ''black'')'),
    'CHECK (series_by IN (''white'', ''black''))',
    'CHECK (series_by = ''white'' OR series_by = ''black'')'),
    'CHECK (result_how IN (''played'', ''reported'', ''adjudicated'', ''scored''))',
    'CHECK (result_how = ''played'' OR result_how = ''reported'' OR result_how = ''adjudicated'' OR result_how = ''scored'')'),
    'CHECK (played_result IN (''1-0'', ''0-1'', ''1/2-1/2'', ''+-'', ''-+''))',
    'CHECK (played_result = ''1-0'' OR played_result = ''0-1'' OR played_result = ''1/2-1/2'' OR played_result = ''+-'' OR played_result = ''-+'')')
 WHERE type = 'table' AND name = 'games';
PRAGMA writable_schema = RESET;
PRAGMA writable_schema = OFF;
CREATE TABLE migration_0038_cookie (x);
DROP TABLE migration_0038_cookie;
