-- 0027: the editions whose season is fixed (issue 22): the DM starts
-- every September (DSU 6.5.2), the cup's preliminary round normally in
-- the last quarter (6.6.3).  A start outside that season is a warning for
-- the TL, not a refusal; the KC (or an admin) may fix another start for
-- one year's edition, and a tournament starting on that day is in season.
CREATE TABLE editions (
    kind     TEXT NOT NULL CHECK (kind IN ('dm', 'cup')),
    year     INTEGER NOT NULL CHECK (year BETWEEN 1583 AND 9999),
    start_on TEXT NOT NULL CHECK (length(start_on) = 10),
    set_by   INTEGER REFERENCES users(id),
    set_at   TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')),
    PRIMARY KEY (kind, year)
) WITHOUT ROWID;
