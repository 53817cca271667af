-- The K-skak chief (DSU 6.1.4) is a role of his own: "kc" (docs/AUTHORITY.md).
-- SQLite cannot alter a CHECK constraint; widening one changes nothing on
-- disk, so the table's text is edited in place, the procedure SQLite's
-- ALTER TABLE documentation gives for it ("Making Other Kinds Of Table
-- Schema Changes"), and the schema reloaded.
PRAGMA writable_schema = ON;
UPDATE sqlite_schema
   SET sql = replace(sql, 'role IN (''player'', ''tl'', ''admin'')',
                          'role IN (''player'', ''tl'', ''kc'', ''admin'')')
 WHERE type = 'table' AND name = 'users';
PRAGMA writable_schema = RESET;
