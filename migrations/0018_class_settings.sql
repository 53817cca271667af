-- The settings of the EMT classes (DSU 6.5.1; docs/AUTHORITY.md rule 2,
-- docs/TOURNAMENTS.md "Classes"): the TL who leads the groups the entries
-- of a class start (DSU 6.1.3: each tournament its own leader; 6.1.4: the
-- K-skak chief names them, as does an admin), never the player whose
-- entry starts one; and the time profile of those groups (DSU 6.3.1: the
-- K-skak EMT is a postal tournament; issue 21).  One row per class, made
-- here; tl_id NULL: no TL named yet, then only an admin leads the group.
CREATE TABLE class_settings (
    class      TEXT PRIMARY KEY CHECK (class IN ('Å', 'K', 'M', 'DM')),
    tl_id      INTEGER REFERENCES users(id),
    profile    TEXT NOT NULL DEFAULT 'dsu-post',
    set_by     INTEGER REFERENCES users(id),
    set_at     TEXT
) WITHOUT ROWID;
INSERT INTO class_settings (class) VALUES ('Å'), ('K'), ('M'), ('DM');
