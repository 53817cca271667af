-- 0029: the e-mail connection losses the TL records (issue 22; DSU 6.8.1:
-- "Mister en spiller sin net-forbindelse og ikke kan få den genetableret
-- inden 30 dage, betragtes han som udtrådt"; I-15: lost on day D as the
-- player reported it, not restored by D + 30: withdrawn from D + 31).
-- The TL overview proposes the withdrawal from that day; the TL records
-- it (POST .../withdrawals), the server does not.
CREATE TABLE connection_losses (
    id            INTEGER PRIMARY KEY,
    tournament_id INTEGER NOT NULL REFERENCES tournaments(id) ON DELETE CASCADE,
    user_id       INTEGER NOT NULL REFERENCES users(id),
    lost_on       TEXT NOT NULL,
    restored_on   TEXT,
    recorded_by   INTEGER REFERENCES users(id),
    CHECK (restored_on IS NULL OR restored_on >= lost_on)
);
CREATE INDEX connection_losses_open ON connection_losses(tournament_id) WHERE restored_on IS NULL;
