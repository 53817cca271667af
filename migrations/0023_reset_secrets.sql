-- 0023: a reset link lives in the outbox only until its mail is sent
-- (issue 20).  The outbox sender now removes the link from the body of a
-- sent row of kind 'password_reset' (the row stays, for the record).  The
-- reset mails queued before this migration had no kind: they get it, and
-- the bodies of those already sent lose their link here.
UPDATE mail_outbox SET kind = 'password_reset'
    WHERE kind IS NULL AND body LIKE '%/reset-password?token=%';
UPDATE mail_outbox
    SET body = '(a password-reset mail: its link was removed once it was sent)'
    WHERE kind = 'password_reset' AND sent_at IS NOT NULL
      AND body LIKE '%/reset-password?token=%';
