-- The Autogiro register (issue 28): answers checked against the mandate's state, discrepancies
-- for the office, the organisation's own cancellation (TK03), amendment files apart from payment
-- files, and payment results booked per draw.

-- revokePending: the office cancelled the mandate, the TK03 goes in the next mandate file;
-- revokeSent: the TK03 went out, Bankgirot's answer (03/33) closes it as revoked.
ALTER TABLE autogiro_mandates DROP CONSTRAINT autogiro_mandates_state_check;
ALTER TABLE autogiro_mandates
  ADD CONSTRAINT autogiro_mandates_state_check
    CHECK (state IN ('signed', 'sent', 'approved', 'active', 'raisePending', 'rejected', 'cancelled', 'revokePending', 'revokeSent', 'revoked', 'unknown')),
  -- The date the standing TK82 at Bankgirot carries (its day of month is the draw day): a
  -- raise's TK23 names the old instruction by it.
  ADD COLUMN standing_date DATE;
UPDATE autogiro_mandates SET standing_date = first_draw_date WHERE state IN ('active', 'raisePending') AND standing_amount IS NOT NULL;

-- Amendment files (TK23–TK29) are their own delivery, sent before the payment file of the same
-- run (send_order 1 before 2).
ALTER TABLE autogiro_files DROP CONSTRAINT autogiro_files_kind_check;
ALTER TABLE autogiro_files
  ADD CONSTRAINT autogiro_files_kind_check CHECK (kind IN ('mandates', 'answer', 'payments', 'amendments')),
  ADD COLUMN run_id UUID,
  ADD COLUMN send_order INT;

-- What was not applied and waits for the office: an answer that does not fit the mandate's
-- state, a payer number we do not have, a mandate row the file writer could not carry.
CREATE TABLE autogiro_discrepancies (
  id BIGSERIAL PRIMARY KEY,
  reason TEXT NOT NULL CHECK (reason IN ('answerDoesNotFit', 'unknownPayer', 'unwritableAccount', 'paymentForUnknownMandate')),
  file_id UUID REFERENCES autogiro_files (id),
  line INT,
  payer_number TEXT NOT NULL,
  mandate_id UUID REFERENCES autogiro_mandates (id),
  mandate_state TEXT,
  info_code TEXT,
  comment_code TEXT,
  meaning TEXT,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  resolved_at TIMESTAMPTZ,
  resolved_by UUID REFERENCES staff (id)
);
CREATE INDEX autogiro_discrepancies_open_idx ON autogiro_discrepancies (created_at DESC) WHERE resolved_at IS NULL;
-- A row the file writer sets aside is listed once, however often the file is written again.
CREATE UNIQUE INDEX autogiro_discrepancies_unwritable_idx ON autogiro_discrepancies (mandate_id) WHERE reason = 'unwritableAccount' AND resolved_at IS NULL;

-- Each draw Bankgirot reports on (payment results, rejected instructions), booked on its mandate.
CREATE TABLE autogiro_draws (
  id BIGSERIAL PRIMARY KEY,
  mandate_id UUID REFERENCES autogiro_mandates (id),
  payer_number TEXT NOT NULL,
  file_id UUID NOT NULL REFERENCES autogiro_files (id),
  line INT NOT NULL,
  due_date DATE NOT NULL,
  amount_ore BIGINT NOT NULL,
  result TEXT NOT NULL CHECK (result IN ('paid', 'insufficientFunds', 'noMandate', 'renewed', 'rejected')),
  -- Bankgirot's status (results) or comment code (rejections)
  code TEXT NOT NULL,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  UNIQUE (file_id, line)
);
CREATE INDEX autogiro_draws_mandate_idx ON autogiro_draws (mandate_id, due_date DESC);

-- The e-mail that tells a donor the organisation has ended their mandate.
ALTER TABLE email_outbox DROP CONSTRAINT email_outbox_email_type_check;
ALTER TABLE email_outbox ADD CONSTRAINT email_outbox_email_type_check CHECK (
  email_type IN ('registeredNew', 'registeredMember', 'finalTicket', 'queueConfirmation', 'queueOffer', 'mandateRejected', 'mandateRevoked')
  OR email_type ~ '^manual[A-Z][A-Za-z0-9]*$'
);
