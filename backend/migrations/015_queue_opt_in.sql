-- The queue is opt-in: an entry counts only once its person confirms it through the link in
-- the e-mail (valid 48 h), so nobody can put someone else's address in the queue. The link's
-- code is kept only as its hash; the client address only as a keyed hash (for the limit).
ALTER TABLE queue_entries
  ADD COLUMN confirm_code_hash TEXT UNIQUE,
  ADD COLUMN confirm_expires_at TIMESTAMPTZ,
  ADD COLUMN confirmed_at TIMESTAMPTZ,
  ADD COLUMN requested_from TEXT;
-- Entries from before opt-in counted at once: they stay counted.
UPDATE queue_entries SET confirmed_at = created_at;
CREATE INDEX queue_entries_unconfirmed_session_idx ON queue_entries (session_uid) WHERE confirmed_at IS NULL;
CREATE INDEX queue_entries_unconfirmed_from_idx ON queue_entries (requested_from, created_at) WHERE confirmed_at IS NULL;
