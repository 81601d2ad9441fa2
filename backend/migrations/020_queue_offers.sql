-- A waiting list that moves. A ticket that becomes free while people wait is offered to the
-- first of them (queue order: when the place was confirmed); the offer expires and passes on.
--
-- An entry's state: waiting (until an offer), offered, then accepted / declined / expired, or
-- left (the person left the queue before any offer).
ALTER TABLE queue_entries
  ADD COLUMN state TEXT NOT NULL DEFAULT 'waiting'
    CHECK (state IN ('waiting', 'offered', 'accepted', 'declined', 'expired', 'left')),
  ADD COLUMN state_changed_at TIMESTAMPTZ;
-- Queue order among the confirmed entries still waiting (the next offer is the first of these).
CREATE INDEX queue_entries_waiting_idx ON queue_entries (confirmed_at, id) WHERE state = 'waiting' AND confirmed_at IS NOT NULL;

-- One offer of one ticket to one entry. The link's code is kept only as its hash. Unopened, the
-- offer lasts until expires_at (offer hours from sending); opening it binds it to the session
-- that opened it (single use) and holds the ticket for that session: from then on the offer
-- lasts as long as that hold (its countdown starts at opening).
CREATE TABLE queue_offers (
  id BIGSERIAL PRIMARY KEY,
  entry_id BIGINT NOT NULL REFERENCES queue_entries (id),
  ticket_id BIGINT NOT NULL REFERENCES tickets (id),
  state TEXT NOT NULL DEFAULT 'offered' CHECK (state IN ('offered', 'accepted', 'declined', 'expired')),
  code_hash TEXT UNIQUE,
  offered_at TIMESTAMPTZ NOT NULL,
  expires_at TIMESTAMPTZ NOT NULL,
  opened_at TIMESTAMPTZ,
  session_uid TEXT,
  decided_at TIMESTAMPTZ,
  -- The staff member who sent it by hand (null: sent by the queue itself).
  offered_by TEXT
);
-- One live offer per entry and per ticket.
CREATE UNIQUE INDEX queue_offers_live_entry_idx ON queue_offers (entry_id) WHERE state = 'offered';
CREATE UNIQUE INDEX queue_offers_live_ticket_idx ON queue_offers (ticket_id) WHERE state = 'offered';
CREATE INDEX queue_offers_live_session_idx ON queue_offers (session_uid) WHERE state = 'offered';

-- A ticket reserved for an offer names it; such a row is neither free nor an anonymous hold.
ALTER TABLE tickets ADD COLUMN offer_id BIGINT;

-- What the office can change at runtime: offer hours (null: QUEUE_OFFER_HOURS) and the pause.
CREATE TABLE queue_settings (
  id BOOLEAN PRIMARY KEY DEFAULT true CHECK (id),
  offer_hours NUMERIC CHECK (offer_hours > 0 AND offer_hours <= 168),
  paused BOOLEAN NOT NULL DEFAULT false,
  updated_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
INSERT INTO queue_settings (id) VALUES (true);

-- The offer e-mail (copy keys email.queueOffer.*).
ALTER TABLE email_outbox DROP CONSTRAINT email_outbox_email_type_check;
ALTER TABLE email_outbox ADD CONSTRAINT email_outbox_email_type_check CHECK (
  email_type IN ('registeredNew', 'registeredMember', 'finalTicket', 'queueConfirmation', 'queueOffer', 'mandateRejected')
  OR email_type ~ '^manual[A-Z][A-Za-z0-9]*$'
);
