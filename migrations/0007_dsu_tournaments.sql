-- 0007: DSU tournaments (issue 11; SPEC-tournaments.md).  Each tournament
-- has its own tournament leader (DSU 6.1.3; existing ones: their creator),
-- the DSU event its tie rules follow, an EMT class, and the withdrawals
-- the TL recorded (6.2.8).
ALTER TABLE tournaments ADD COLUMN tl_id INTEGER REFERENCES users(id);
UPDATE tournaments SET tl_id = created_by;

-- 'dm': the DM class (6.5.2).  The kind column keeps the round robin it
-- is played as (round_robin, or double_round_robin below 7 players): the
-- CHECK of 0003 cannot be changed in place without rebuilding the table.
ALTER TABLE tournaments ADD COLUMN dsu_kind TEXT CHECK (dsu_kind IN ('dm'));
ALTER TABLE tournaments ADD COLUMN class TEXT CHECK (class IN ('Å', 'K', 'M', 'DM'));

-- One withdrawal per player and tournament (6.2.8): all_lost = 1 when at
-- most half of his games were finished and all were scored as lost.
CREATE TABLE withdrawals (
    tournament_id INTEGER NOT NULL REFERENCES tournaments(id) ON DELETE CASCADE,
    user_id       INTEGER NOT NULL REFERENCES users(id),
    reason        TEXT NOT NULL CHECK (reason IN ('valid', 'invalid', 'silent')),
    on_date       TEXT NOT NULL,
    all_lost      INTEGER NOT NULL CHECK (all_lost IN (0, 1)),
    decided_by    INTEGER REFERENCES users(id),
    created_at    TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')),
    PRIMARY KEY (tournament_id, user_id)
) WITHOUT ROWID;

-- EMT entries (DSU 6.4.4, 6.5.1.1): valid on the day made (the fee is the
-- TL's business); tournament_id is set when the 7th entry of a class
-- starts a group of those seven.
CREATE TABLE entries (
    id            INTEGER PRIMARY KEY,
    user_id       INTEGER NOT NULL REFERENCES users(id),
    class         TEXT NOT NULL CHECK (class IN ('Å', 'K', 'M', 'DM')),
    valid_on      TEXT NOT NULL,
    tournament_id INTEGER REFERENCES tournaments(id),
    created_by    INTEGER REFERENCES users(id),
    created_at    TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))
);
CREATE INDEX entries_pending ON entries(class, id) WHERE tournament_id IS NULL;
CREATE INDEX entries_user ON entries(user_id);

-- The cup (DSU 6.6): the cup is a tournament of kind 'cup' with its
-- entries as players (their strength and whether they start at the
-- semifinal, 6.6.1.6); each stage's groups are round robins with the cup
-- as parent.  advance: how many of each group go on (6.6.1.3, 2 or 3).
ALTER TABLE tournaments ADD COLUMN parent_id INTEGER REFERENCES tournaments(id);
ALTER TABLE tournaments ADD COLUMN stage TEXT CHECK (stage IN ('prelim', 'semifinal', 'final'));
ALTER TABLE tournaments ADD COLUMN advance INTEGER CHECK (advance IN (2, 3));
CREATE INDEX tournaments_parent ON tournaments(parent_id) WHERE parent_id IS NOT NULL;
ALTER TABLE tournament_players ADD COLUMN k_rating INTEGER;
ALTER TABLE tournament_players ADD COLUMN otb_rating INTEGER;
ALTER TABLE tournament_players ADD COLUMN semifinal_direct INTEGER NOT NULL DEFAULT 0;
