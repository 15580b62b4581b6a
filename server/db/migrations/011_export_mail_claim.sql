-- Issue 14: an export's mail is claimed (mail_claimed_at) before it is sent and marked (mailed_at) once
-- sent. A claim whose process died in between is taken over by the next sweep once it is two minutes
-- old: such a mail arrives late, never not at all. Rows mailed before this migration count as sent.
ALTER TABLE exports ADD COLUMN mail_claimed_at timestamptz;
UPDATE exports SET mail_claimed_at = mailed_at WHERE mailed_at IS NOT NULL;
