-- 0021: a player's postal address (issue 21; DSU 6.5.2.1: the start
-- letter lists "alle deltagernes navne og adresser"; SPEC-tournaments R6).
-- Optional, one line; shown only to the player himself, the players of
-- his groups and the TLs who lead them, kc and admins (docs/API.md).
ALTER TABLE users ADD COLUMN postal_address TEXT
    CHECK (postal_address IS NULL OR length(postal_address) BETWEEN 1 AND 300);
