-- E-mails to send, written in the same transaction as the business event that causes them;
-- a worker claims due rows with FOR UPDATE SKIP LOCKED and sends them at least once.
-- The address lives only in to_email: vars hold what the template needs besides it.
CREATE TABLE email_outbox (
  id UUID PRIMARY KEY DEFAULT gen_random_uuid(),
  to_email TEXT NOT NULL,
  lang TEXT NOT NULL CHECK (lang IN ('sv', 'en')),
  -- Selects the copy keys email.<type>.subject / .body; manual types are staff-written texts.
  email_type TEXT NOT NULL CHECK (
    email_type IN ('registeredNew', 'registeredMember', 'finalTicket', 'queueConfirmation')
    OR email_type ~ '^manual[A-Z][A-Za-z0-9]*$'
  ),
  vars JSONB NOT NULL DEFAULT '{}',
  -- One row per business event (e.g. 'finalTicket:<ticket id>'); NULL never collides.
  dedupe_key TEXT UNIQUE,
  -- pending: waiting (possibly after a failed attempt); sending: claimed until locked_until;
  -- sent: done; failed: given up.
  status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sending', 'sent', 'failed')),
  -- Counted at claim, so a message that crashes the worker is still given up eventually.
  attempts INT NOT NULL DEFAULT 0,
  next_attempt_at TIMESTAMPTZ DEFAULT now(),
  locked_until TIMESTAMPTZ,
  -- An error code only (e.g. 'ESOCKET ECONNREFUSED', 'EENVELOPE 550'): server replies may quote addresses.
  last_error TEXT,
  sent_at TIMESTAMPTZ,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);

-- The worker's claim: due pending rows, and claimed rows whose worker died.
CREATE INDEX email_outbox_due_idx ON email_outbox (next_attempt_at) WHERE status = 'pending';
CREATE INDEX email_outbox_stale_claim_idx ON email_outbox (locked_until) WHERE status = 'sending';
-- The admin console's list, newest first.
CREATE INDEX email_outbox_created_idx ON email_outbox (created_at DESC);
