-- The Autogiro round trip with Bankgirot (issue 12, ../shared/AUTOGIRO.md).

-- Every donor has a stable payer number: the id Bankgirot knows the payer by (16 digits at most).
CREATE SEQUENCE payer_numbers START 1000001;
ALTER TABLE persons
  ADD COLUMN payer_number BIGINT NOT NULL UNIQUE DEFAULT nextval('payer_numbers');

-- The mandate's lifecycle. 'pending' was "signed, nothing sent yet".
ALTER TABLE autogiro_mandates DROP CONSTRAINT autogiro_mandates_state_check;
UPDATE autogiro_mandates SET state = 'signed' WHERE state = 'pending';
ALTER TABLE autogiro_mandates
  ADD CONSTRAINT autogiro_mandates_state_check
    CHECK (state IN ('signed', 'sent', 'approved', 'active', 'raisePending', 'rejected', 'cancelled', 'revoked', 'unknown')),
  -- What the standing payment instruction at Bankgirot draws (kr); NULL until a TK82 is sent.
  ADD COLUMN standing_amount INT,
  -- The first draw the donor was told of (mandate text and confirmation e-mail).
  ADD COLUMN first_draw_date DATE,
  -- Bankgirot's last answer about the mandate (TK73 information and comment code).
  ADD COLUMN info_code TEXT,
  ADD COLUMN comment_code TEXT,
  ADD COLUMN state_changed_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  -- The language the donor signed in: e-mails about the mandate are written in it.
  ADD COLUMN lang TEXT NOT NULL DEFAULT 'sv' CHECK (lang IN ('sv', 'en'));
CREATE INDEX autogiro_mandates_state_idx ON autogiro_mandates (state);

-- Files sent to and read from Bankgirot, kept byte for byte (sealed: they hold personal and
-- account numbers) so any of them can be downloaded again exactly as it was.
CREATE TABLE autogiro_files (
  id UUID PRIMARY KEY DEFAULT gen_random_uuid(),
  kind TEXT NOT NULL CHECK (kind IN ('mandates', 'answer', 'payments')),
  file_name TEXT NOT NULL,
  -- base64 of the bytes, sealed (privacy/personal-data.ts, SEALED_AT.autogiroFile)
  content_sealed TEXT NOT NULL,
  -- SHA-256 of the bytes: an answer file is applied once
  sha256 TEXT NOT NULL,
  byte_length INT NOT NULL,
  record_count INT NOT NULL,
  staff_id UUID REFERENCES staff (id),
  created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX autogiro_answer_once_idx ON autogiro_files (sha256) WHERE kind = 'answer';

-- Every change of a mandate: when, from which state to which, because of which file, by whom.
CREATE TABLE mandate_transitions (
  id BIGSERIAL PRIMARY KEY,
  mandate_id UUID NOT NULL REFERENCES autogiro_mandates (id),
  from_state TEXT,
  to_state TEXT NOT NULL,
  file_id UUID REFERENCES autogiro_files (id),
  staff_id UUID REFERENCES staff (id),
  bankid_transaction_id UUID,
  info_code TEXT,
  comment_code TEXT,
  -- kr per month the transition is about (a signature, a payment instruction)
  amount INT,
  at TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX mandate_transitions_mandate_idx ON mandate_transitions (mandate_id, id);

-- The donor's consent: BankID's completionData (signature, OCSP response, issue date, device
-- address) with the exact text that was signed, sealed. One row per signature (new or raise).
CREATE TABLE mandate_evidence (
  id UUID PRIMARY KEY DEFAULT gen_random_uuid(),
  mandate_id UUID NOT NULL REFERENCES autogiro_mandates (id),
  bankid_transaction_id UUID NOT NULL UNIQUE,
  sign_type TEXT NOT NULL CHECK (sign_type IN ('new', 'raise')),
  evidence_sealed TEXT NOT NULL,
  signed_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX mandate_evidence_mandate_idx ON mandate_evidence (mandate_id);

-- Mandates already there enter the history as they are.
INSERT INTO mandate_transitions (mandate_id, from_state, to_state, amount, at)
SELECT id, NULL, state, monthly_amount, created_at FROM autogiro_mandates;
UPDATE autogiro_mandates SET standing_amount = monthly_amount WHERE state = 'active';

-- The e-mail that asks a donor whose mandate Bankgirot rejected to get in touch. 020 (queue
-- offers) rewrites the same list: both name every type, so either order leaves all of them.
ALTER TABLE email_outbox DROP CONSTRAINT email_outbox_email_type_check;
ALTER TABLE email_outbox ADD CONSTRAINT email_outbox_email_type_check CHECK (
  email_type IN ('registeredNew', 'registeredMember', 'finalTicket', 'queueConfirmation', 'queueOffer', 'mandateRejected')
  OR email_type ~ '^manual[A-Z][A-Za-z0-9]*$'
);
