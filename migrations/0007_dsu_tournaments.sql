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
