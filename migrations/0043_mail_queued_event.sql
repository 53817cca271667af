-- 0043: a mail queued as its event (issue 19's move path; docs/NOTIFY.md
-- "Queued as an event").  A move mail was rendered in the request and its
-- text written with the move: about 800 of the 890 bytes a move stored.
-- Now the reader and the event are queued, one line of text (lib/notify
-- notify_pack()), with subject and body empty; the sender renders it when
-- it sends it and writes the text it sent into subject and body, so a
-- sent mail reads as before (and is purged as before).  NULL: a mail
-- rendered when it was queued.
ALTER TABLE mail_outbox ADD COLUMN queued_event TEXT;
