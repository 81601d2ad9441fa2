-- Issue 40 §1–2: the office cancels a ticket and moves it to another person.
--
-- A cancelled ticket leaves the pool of tickets (seq 1..capacity): its row keeps its id, its
-- holder's names (for the attendee list, its history and the exports, until the sale's data is
-- erased) and when it was confirmed, but it is no longer confirmed and has no door code, so
-- nothing that reads confirmed tickets (the door, its offline list, the mail-out, the counts)
-- sees it. A new row takes its place number: the ticket goes back to the sale, or to the
-- waiting list's next offer.
ALTER TABLE tickets ALTER COLUMN seq DROP NOT NULL;
ALTER TABLE tickets
  ADD COLUMN cancelled_at TIMESTAMPTZ,
  ADD COLUMN cancelled_by UUID REFERENCES staff (id),
  -- confirmed_at as it was before the cancellation.
  ADD COLUMN cancelled_confirmed_at TIMESTAMPTZ,
  ADD CONSTRAINT tickets_cancelled_out_of_pool CHECK (
    cancelled_at IS NULL OR (seq IS NULL AND confirmed_at IS NULL AND door_code_hash IS NULL)
  );
CREATE INDEX tickets_cancelled_idx ON tickets (cancelled_at) WHERE cancelled_at IS NOT NULL;

-- Who a moved ticket was moved from and to (the attendee's history shows both names). Erased
-- with the rest of the sale's personal data.
CREATE TABLE ticket_transfers (
  id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  ticket_id BIGINT NOT NULL REFERENCES tickets (id),
  staff_id UUID REFERENCES staff (id),
  at TIMESTAMPTZ NOT NULL DEFAULT now(),
  from_first_name TEXT,
  from_last_name TEXT,
  to_first_name TEXT,
  to_last_name TEXT
);
CREATE INDEX ticket_transfers_ticket_idx ON ticket_transfers (ticket_id, at);

-- The door's devices learn at their next poll that a ticket no longer opens the door with the
-- code they hold (cancelled or moved): a 'void' event in the stream they follow.
ALTER TABLE check_in_events DROP CONSTRAINT check_in_events_kind_check;
ALTER TABLE check_in_events ADD CONSTRAINT check_in_events_kind_check
  CHECK (kind IN ('in', 'undo', 'conflict', 'void'));

-- The holder's e-mails: the ticket is cancelled, the ticket has moved to someone else.
ALTER TABLE email_outbox DROP CONSTRAINT email_outbox_email_type_check;
ALTER TABLE email_outbox ADD CONSTRAINT email_outbox_email_type_check CHECK (
  email_type IN ('registeredNew', 'registeredMember', 'finalTicket', 'queueConfirmation', 'queueOffer', 'mandateRejected', 'mandateRevoked', 'contactMessage', 'contactReceipt', 'concertChanged', 'ticketCancelled', 'ticketMoved')
  OR email_type ~ '^manual[A-Z][A-Za-z0-9]*$'
);
