-- 0025: members and entries (issue 22; DSU 6.1.2, 6.4.4.1).
-- What an entry carries (6.4.4.1 a, d): the membership of DSU (through a
-- club, as an individual member, or none: 6.1.2 lets a non-member play
-- one group of the EMT or the cup), its number, the club, the date of
-- birth.  Kept on the user (the entry of a later season carries the same);
-- shown only to the user himself, the TLs, the kc and admins
-- (docs/API.md "Members").  NULL: not given.
ALTER TABLE users ADD COLUMN membership TEXT
    CHECK (membership IS NULL OR membership IN ('club', 'individual', 'none'));
ALTER TABLE users ADD COLUMN member_no TEXT
    CHECK (member_no IS NULL OR length(member_no) BETWEEN 1 AND 20);
ALTER TABLE users ADD COLUMN club TEXT
    CHECK (club IS NULL OR length(club) BETWEEN 1 AND 100);
ALTER TABLE users ADD COLUMN birth_date TEXT
    CHECK (birth_date IS NULL OR length(birth_date) = 10);
CREATE INDEX users_member_no ON users(member_no) WHERE member_no IS NOT NULL;

-- 6.4.4.1: "Tilmeldingen er først gyldig, når TL har modtaget indskuddet":
-- the day the TL received the fee, from which the entry is valid (NULL:
-- not yet: the entry waits for its fee and counts for no group), and the
-- proof of the class wanted (6.4.4.1 b).  The entries made before are
-- valid from the day they were made, as they were.
ALTER TABLE entries ADD COLUMN fee_received_on TEXT;
ALTER TABLE entries ADD COLUMN proof TEXT CHECK (proof IS NULL OR length(proof) BETWEEN 1 AND 300);
UPDATE entries SET fee_received_on = valid_on;
CREATE INDEX entries_valid ON entries(class, fee_received_on, id)
    WHERE tournament_id IS NULL AND fee_received_on IS NOT NULL;
