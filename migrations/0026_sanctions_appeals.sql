-- 0026: sanctions, the register and appeals (issue 22; DSU 6.4.2, 6.4.3,
-- 6.8.10, 4.1.1 §19 via 6.1.1; docs/TOURNAMENTS.md "Sanctions").

-- A TL decision (0013) may be a sanction of one player (6.4.2: a warning,
-- an exclusion from the tournament, a quarantine; either the TL or the
-- KC gives it); decided_role says whose it is: a TL's is appealed to the
-- KC, the KC's to Skaknævnet (6.4.3).
ALTER TABLE tl_decisions ADD COLUMN kind TEXT NOT NULL DEFAULT 'ruling'
    CHECK (kind IN ('ruling', 'warning', 'quarantine', 'exclusion'));
ALTER TABLE tl_decisions ADD COLUMN player_id INTEGER REFERENCES users(id);
ALTER TABLE tl_decisions ADD COLUMN months INTEGER CHECK (months IS NULL OR months BETWEEN 1 AND 120);
ALTER TABLE tl_decisions ADD COLUMN decided_role TEXT NOT NULL DEFAULT 'tl'
    CHECK (decided_role IN ('tl', 'kc'));
CREATE INDEX tl_decisions_player ON tl_decisions(player_id) WHERE player_id IS NOT NULL;

-- An appeal against a decision (6.4.3: in writing within 3 weeks after it
-- was notified to the appellant; to the KC against a TL's, to Skaknævnet
-- against the KC's), and its ruling as the KC records it (upheld,
-- overturned or changed; for Skaknævnet the KC records its answer).
CREATE TABLE appeals (
    id           INTEGER PRIMARY KEY,
    decision_id  INTEGER NOT NULL REFERENCES tl_decisions(id) ON DELETE CASCADE,
    appellant_id INTEGER NOT NULL REFERENCES users(id),
    body         TEXT NOT NULL CHECK (body IN ('kc', 'skaknaevnet')),
    filed_on     TEXT NOT NULL,
    grounds      TEXT NOT NULL CHECK (length(grounds) BETWEEN 1 AND 2000),
    filed_by     INTEGER REFERENCES users(id),
    ruling       TEXT CHECK (ruling IS NULL OR ruling IN ('upheld', 'overturned', 'changed')),
    ruling_text  TEXT CHECK (ruling_text IS NULL OR length(ruling_text) BETWEEN 1 AND 2000),
    ruled_on     TEXT,
    ruled_by     INTEGER REFERENCES users(id),
    created_at   TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))
);
CREATE INDEX appeals_decision ON appeals(decision_id);
