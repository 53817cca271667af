-- 0004: the optional rule of DSU 6.2.5 / SPEC 3: "A series is binding once
-- sent ... only cancelled by the proposer before the opponent moved, if the
-- tournament allows (default: not allowed)".  series_cancellable = 1 lets
-- the proposer withdraw a pending series (DELETE /api/v1/games/{id}/series)
-- as long as the opponent has not answered it; a tournament passes its flag
-- to every game it creates.

ALTER TABLE games ADD COLUMN series_cancellable INTEGER NOT NULL DEFAULT 0
    CHECK (series_cancellable IN (0, 1));
ALTER TABLE tournaments ADD COLUMN series_cancellable INTEGER NOT NULL DEFAULT 0
    CHECK (series_cancellable IN (0, 1));
