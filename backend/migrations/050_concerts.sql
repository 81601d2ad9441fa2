-- The concert as data the office sets (issue 38): one row per concert. Times are instants (the
-- office types Stockholm wall-clock times; the server converts). At most one concert is
-- published: the current one, which the site, e-mails, door and waiting list follow. The first
-- row is made at start (modules/concert/seed.ts) from the environment of a running deployment
-- (SALES_OPEN_AT, SALES_CLOSE_AT, CONCERT_CAPACITY) or, in demo mode, 56 days ahead.
CREATE TABLE concerts (
  id SERIAL PRIMARY KEY,
  status TEXT NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'published', 'archived', 'cancelled')),
  doors_at TIMESTAMPTZ NOT NULL,
  starts_at TIMESTAMPTZ NOT NULL,
  ends_at TIMESTAMPTZ NOT NULL,
  sale_opens_at TIMESTAMPTZ NOT NULL,
  sale_closes_at TIMESTAMPTZ NOT NULL,
  ticket_email_at TIMESTAMPTZ NOT NULL,
  venue TEXT NOT NULL,
  city TEXT NOT NULL,
  address TEXT NOT NULL DEFAULT '',
  capacity INT NOT NULL CHECK (capacity >= 0),
  hold_minutes DOUBLE PRECISION NOT NULL,
  min_new_member_amount INT NOT NULL,
  min_raise INT NOT NULL,
  donation_step INT NOT NULL,
  raise_presets INT[] NOT NULL DEFAULT '{}',
  admission TEXT NOT NULL DEFAULT 'door' CHECK (admission IN ('door', 'seller')),
  seller_name TEXT NOT NULL DEFAULT '',
  seller_fee INT NOT NULL DEFAULT 0,
  calendar_sequence INT NOT NULL DEFAULT 0,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  updated_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  CHECK (doors_at <= starts_at AND starts_at < ends_at),
  CHECK (sale_opens_at < sale_closes_at)
);
CREATE UNIQUE INDEX concerts_one_published ON concerts ((true)) WHERE status = 'published';

-- The change notice a ticket holder gets when the office moves the concert (modules/concert/notices.ts).
ALTER TABLE email_outbox DROP CONSTRAINT email_outbox_email_type_check;
ALTER TABLE email_outbox ADD CONSTRAINT email_outbox_email_type_check CHECK (
  email_type IN ('registeredNew', 'registeredMember', 'finalTicket', 'queueConfirmation', 'queueOffer', 'mandateRejected', 'mandateRevoked', 'contactMessage', 'contactReceipt', 'concertChanged')
  OR email_type ~ '^manual[A-Z][A-Za-z0-9]*$'
);
